/* SPDX-License-Identifier: MIT */
/*
 * A kernel source tree as a source of include paths, types and macros.
 * A configured tree (include/generated/autoconf.h present) is used as
 * it is.  For an unconfigured tree, what kbuild would generate before
 * the first compile -- the asm-generic wrappers of generic-y and
 * mandatory-y, autoconf.h, version.h -- is written into a private
 * temporary directory, removed again by tc_ktree_free(); the tree
 * itself is never written to.
 */
#ifndef TC_KERNELTREE_H
#define TC_KERNELTREE_H

#include <stddef.h>

struct tc_ktree;

/*
 * NULL after printing why.  kconfig, if not NULL, is a kernel .config
 * whose symbols replace the tree's configuration (as kbuild's
 * generated autoconf.h would define them).  build, if not NULL, is an
 * O= build directory: its include/generated/ (autoconf.h and the rest)
 * is used instead of the source tree's.
 *
 * The tree's C dialect flags (-std=, -fms-extensions ...) come from its
 * Makefiles; cc_option (NULL: any) says whether the compiler takes a
 * flag, as kbuild's cc-option probes it.
 */
struct tc_ktree *tc_ktree_prepare(const char *root, const char *target, const char *kconfig,
				  const char *build, int (*cc_option)(const char *flag));
void tc_ktree_free(struct tc_ktree *t);
const char *tc_ktree_root(const struct tc_ktree *t);
/* The kernel's name of a target's architecture: "x86" (also for NULL), "arm64" ... */
const char *tc_kernel_arch(const char *target);
/* Its architecture's directory under arch/ ("x86"). */
const char *tc_ktree_arch(const struct tc_ktree *t);
/* NULL-terminated compiler flags for this tree. */
const char *const *tc_ktree_cflags(const struct tc_ktree *t);
/*
 * What the tree does, read from it rather than guessed from its version
 * (stable trees carry backports): whether its Makefile builds with
 * -funsigned-char (6.2: char fields are signed:0), and whether its
 * format files print array lengths as numbers (6.3:
 * trace_define_field_ext(); before, the length as written, e.g.
 * comm[TASK_COMM_LEN]).
 */
int tc_ktree_unsigned_char(const struct tc_ktree *t);
/* The private directory of generated headers, or NULL (a configured tree). */
const char *tc_ktree_gen_dir(const struct tc_ktree *t);
int tc_ktree_numeric_array_len(const struct tc_ktree *t);
struct strbuf;
/*
 * The text of include/generated/timeconst.h for CONFIG_HZ == hz, which
 * kbuild computes with bc from kernel/time/timeconst.bc.
 */
void tc_ktree_timeconst(struct strbuf *sb, unsigned long long hz);
/* "6.12.118"-style version from the top Makefile, or NULL. */
const char *tc_ktree_version(const struct tc_ktree *t);
/* The version code (kfacts.h's TC_KV()) of the kernel built against t, 0 if unknown. */
int tc_ktree_version_code(const struct tc_ktree *t);

/*
 * The kernel that code built against srctree, with objtree as its build
 * directory (or NULL), is for, as TC_KV(): LINUX_VERSION_CODE of the
 * build's include/generated/uapi/linux/version.h (else the tree's), else
 * VERSION, PATCHLEVEL and SUBLEVEL of the tree's top Makefile -- following
 * a headers package's Makefile that includes another.  0 if unknown.
 */
int tc_kernel_version_of(const char *srctree, const char *objtree);
/*
 * The same for a compile with these flags (kbuild's): the version.h under
 * an -I.../include, else the Makefile above an -I.../include that holds
 * linux/tracepoint.h, else kbuild's $srctree and $objtree.
 */
int tc_kernel_version_of_flags(const char *const *flags, size_t n);
/*
 * The kernel source tree of a build directory: an O= build's "source"
 * link, or the tree whose Makefile a headers package's Makefile includes
 * (/lib/modules/R/build, Debian's linux-headers-R-amd64 ->
 * linux-headers-R-common).  NULL if dir is a source tree itself, or
 * neither; malloced.
 */
char *tc_ktree_source_of(const char *dir);

#endif
