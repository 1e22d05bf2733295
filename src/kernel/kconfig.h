/* SPDX-License-Identifier: MIT */
/*
 * What a tree's Kconfig says of its symbols (kconfig.c): for each
 * bool or tristate symbol, what it depends on -- its own "depends on"
 * and those of the if, menu and choice blocks around it -- and what it
 * selects; read by following "source" from the top Kconfig.  For the
 * passes in other configurations (frontend/cfgpass.c): the symbols an
 * option turned on needs on as well, so that the kernel's headers see a
 * configuration Kconfig could make.
 */
#ifndef TC_KCONFIG_H
#define TC_KCONFIG_H

#include <stddef.h>

struct tc_kconfig;

/*
 * The Kconfig of the tree at root for arch ("x86"); NULL if it has none.
 * Kept per process, and with the cache between runs: while the memo of
 * its files says they are as they were, the model is taken from the
 * cache (kmodel.c), not read again.
 */
struct tc_kconfig *tc_kconfig_of(const char *root, const char *arch);

/*
 * What a result that asked k records (deps.h's key "kconfig"): arg,
 * "ARCH:ROOT", malloced, and the value, the hash of the names and
 * contents of every file the walk read (a file added, changed or
 * sourced from elsewhere changes it).  tc_kconfig_current_key() is the
 * key's resolver: the value for arg now, malloced; NULL without a
 * Kconfig.
 */
char *tc_kconfig_key_arg(const char *root, const char *arch);
const char *tc_kconfig_digest(const struct tc_kconfig *k);
char *tc_kconfig_current_key(const char *arg);

/*
 * The symbols (names without CONFIG_) a configuration -- autoconf.h's
 * text config, with the symbols want turned on and keep_off off -- needs
 * on besides for want: each positive part of a && of what they depend
 * on, and what they select (its "if" holding), and the same for those in
 * turn; never one of keep_off, nor one whose own dependencies a symbol
 * on contradicts (!SYM), at most max of them.  *added (malloced
 * strings) has them in the order found, *files (malloced strings, each
 * once) the Kconfig files of the entries read; the number added.
 */
size_t tc_kconfig_needs(struct tc_kconfig *k, const char *config, const char *const *want,
			size_t n_want, const char *const *keep_off, size_t n_off, size_t max,
			char ***added, char ***files, size_t *n_files);

#endif
