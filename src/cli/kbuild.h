/* SPDX-License-Identifier: MIT */
/*
 * kbuild's CHECK interface (make C=1 CHECK=tracecheck): kbuild runs
 *     $(CHECK) $(CHECKFLAGS) $(c_flags) FILE.c
 * once per compiled .c, from the object tree.  tracecheck keeps the
 * compiler flags libclang understands (probing the linked libclang for
 * the rest), drops sparse's own options, every depfile option (libclang
 * would write the build's .o.d) and -Werror, never defines __CHECKER__,
 * and checks each trace header FILE.c instantiates with
 * CREATE_TRACE_POINTS, in FILE.c's context and with the build's flags.
 */
#ifndef TC_KBUILD_H
#define TC_KBUILD_H

#include <stddef.h>

struct tc_kbuild {
	const char *c_file;
	char **flags; /* for libclang */
	size_t nr_flags, alloc_flags;
	int fatal;	    /* --fatal: findings make the exit status 1 */
	const char *prefix; /* -fdiagnostic-prefix[=NAME] */
	const char *chain;  /* --chain=PROG (or $TRACECHECK_CHAIN): run it too, e.g. sparse */
	char **opts;	    /* tracecheck's own options among argv's words (argv's) */
	size_t nr_opts, alloc_opts;
	char **rest;	    /* argv's words less tracecheck's, for the chained checker */
	size_t nr_rest, alloc_rest;
	char **dropped;	    /* what was dropped, for --verbose */
	size_t nr_dropped, alloc_dropped;
};

/*
 * Is this a compiler command line: its last argument a .c file, and a
 * compiler flag before it (-I, -D, -nostdinc, -W..., -c, -o, ...) or
 * kbuild mode's own --fatal or --chain=?  A .c alone, with tracecheck's
 * options only, is not: tc_c_file_headers() says what it instantiates.
 */
int tc_kbuild_is_check_argv(int argc, char **argv);

/*
 * Split argv: the compiler's flags into flags and, with own_options
 * (kbuild's CHECK command line, not a compile_commands.json entry),
 * tracecheck's own long options (CHECK="tracecheck --disable R",
 * $(CHECKFLAGS)) into opts.  0; -1 after printing why (no such .c file);
 * -2 after printing why for an option that is neither tracecheck's nor
 * the compiler's (own_options only).
 */
int tc_kbuild_parse(int argc, char **argv, int own_options, struct tc_kbuild *kb);
/*
 * Drop the flags the linked libclang does not take (one parse of an
 * empty unit); only worth it for a .c that instantiates trace headers.
 */
void tc_kbuild_probe(struct tc_kbuild *kb);

/*
 * The trace headers kb->c_file instantiates (the #includes after
 * #define CREATE_TRACE_POINTS), resolved as the compiler would with
 * kb's -I flags.  Malloced.
 */
size_t tc_kbuild_headers(const struct tc_kbuild *kb, char ***out);

void tc_kbuild_release(struct tc_kbuild *kb);

/*
 * tracecheck FILE.c outside kbuild: the trace headers FILE.c instantiates
 * (#define CREATE_TRACE_POINTS, then their #include), resolved beside it,
 * in the -I directories among cflags and in the include directories of
 * its kernel tree (tree, or the one it is in).  The number of headers
 * (*out malloced), or -1 after an error that names the file and says how
 * to check its headers: it instantiates none, or one is not found.
 */
int tc_c_file_headers(const char *c_path, const char *const *cflags, size_t nr_cflags,
		      const char *tree, char ***out);
struct cmdline;
/*
 * Each .c among cl's files in place of the trace headers it instantiates
 * (tc_c_file_headers(), a note says which); 0, or -1 when one of them
 * could not be replaced (said, and left out).
 */
int tc_expand_c_files(struct cmdline *cl);

#endif
