/* SPDX-License-Identifier: MIT */
/*
 * What kbuild's Makefiles, Kbuild files and Kconfig say about a kernel
 * tree: its C dialect flags and the headers it generates before the
 * first compile (see kmake.c).
 */
#ifndef TC_KMAKE_H
#define TC_KMAKE_H

#include <stddef.h>

/* One flag of kbuild's, as alternatives: the first the compiler takes is used. */
struct tc_kchoice {
	char **alts; /* each one or more flags separated by spaces */
	size_t nr, alloc;
};

struct tc_kflags {
	struct tc_kchoice *v;
	size_t nr, alloc;
};

/*
 * The dialect flags (-std=, -fms-..., -fplan9-...) KBUILD_CFLAGS gets
 * in root's Makefile and arch/ARCH/Makefile; config is the text of the
 * autoconf.h in use (NULL: none), for $(CONFIG_...) string symbols.
 */
void tc_kmake_dialect(const char *root, const char *arch, const char *config,
		      struct tc_kflags *out);
void tc_kflags_release(struct tc_kflags *f);

struct strbuf;
/*
 * Add to config (autoconf.h text) what arch/ARCH/Kconfig selects for
 * the symbols it defines, and for those in turn: the capabilities
 * (HAVE_*, ARCH_HAS_* ...) every build of the architecture has.
 */
void tc_kmake_arch_selects(const char *root, const char *arch, struct strbuf *config);

/*
 * A Kconfig expression's value: SYM (on(name) says whether it is y),
 * SYM=y, SYM!=y, !, &&, ||, parentheses; anything else is n.
 */
int tc_kexpr(const char *expr, int (*on)(const char *name, size_t len, void *ctx), void *ctx);
/* A Makefile's or Kconfig file's logical lines: continuations joined, '#' comments dropped. */
char **tc_kmake_logical_lines(const char *path, size_t *nr);
/* The same of a file's text, as read (NUL-terminated). */
char **tc_kmake_text_lines(const char *text, size_t *nr);

/*
 * Write into gen (a directory laid out like the tree) the generated
 * headers the tree's Kbuild files describe and it does not have.
 */
void tc_kmake_generate(const char *root, const char *arch, const char *config, const char *gen);

#endif
