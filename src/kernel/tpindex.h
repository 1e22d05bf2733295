/* SPDX-License-Identifier: MIT */
/*
 * What a whole kernel tree does with its tracepoints, for the rules that
 * need more than one header: which tracepoint names some code uses
 * (trace_NAME(), trace_NAME_enabled(), register_trace_NAME() ..., and
 * Rust's callers), which it exports to modules, and which .c files
 * instantiate which headers (#define CREATE_TRACE_POINTS, then #include).
 *
 * Made from the tree's .c, .h, .S and .rs files and its Makefile and
 * Kbuild files (Documentation/, tools/ and scripts/ left out) the first
 * time a rule asks for it: each file's record, what its text says on its
 * own, then what needs several files (tpindex_int.h).  The persistent
 * cache keeps the whole index under tc_tpindex_key() and every file's
 * record under the tree: the next run reads and scans again only the
 * files whose size, mtime, ctime or inode changed (or, changed less than
 * 2 s before, whose content did), and --patch's changed files from its
 * text; --patch's changes that change nothing the index reads of them
 * (a comment line, a new event in a header: tpreuse.c) get the disk's
 * index, kept whole, without that merge.  Workers are separate processes (runner.c): tc_tpindex_share(),
 * called before they are forked, makes a private directory where the
 * first worker that needs the index writes it, under a lock, for the
 * others to read.
 */
#ifndef TC_TPINDEX_H
#define TC_TPINDEX_H

#include <stddef.h>

struct strbuf;
struct tc_tpindex;

/* How code of the tree reaches a tracepoint name. */
enum tc_tp_use {
	TC_TP_UNUSED,
	TC_TP_CALLED,	/* trace_NAME and its kin, written out */
	TC_TP_PASTED,	/* built by a macro (trace_##x) from an argument NAME */
	TC_TP_MAYBE,	/* a macro pastes trace_PREFIX##x where x stays unknown */
	TC_TP_EXPORTED, /* only EXPORT_TRACEPOINT_SYMBOL*(NAME): for modules */
	/*
	 * written out, but never by a call make UT=1 counts: only
	 * register_trace_NAME(), trace_NAME_enabled(), __tracepoint_NAME ...
	 */
	TC_TP_ATTACHED,
};

/* The index of the tree at root (absolute); NULL if it cannot be made. */
const struct tc_tpindex *tc_tpindex_get(const char *root);

/*
 * How the tree uses tracepoint name; for TC_TP_PASTED and TC_TP_MAYBE,
 * *where (if not NULL) is the file (tree-relative) of the macro that
 * pastes it.  header_rel (tree-relative) is the header that defines it:
 * a pasting macro whose argument cannot be followed covers the headers
 * of its own directory.
 */
enum tc_tp_use tc_tpindex_use(const struct tc_tpindex *ix, const char *name,
			      const char *header_rel, const char **where);

/*
 * Does code fire name the way make UT=1 (6.19) counts it: a call of
 * trace_NAME(), trace_NAME_rcuidle() or trace_call__NAME(), or Rust's
 * (rust_do_trace_NAME(), a declare_trace! function)?  *fired 1 if so.
 * Returns the CONFIG_ options every such call is built only with (the
 * #if around it, the kbuild lines of its .c: tc_kbuild_config()),
 * space-separated, malloced, NULL when there is none; *file (if not
 * NULL) one caller (tree-relative).  Calls a macro pastes (TC_TP_PASTED)
 * are not in it.
 */
char *tc_tpindex_fired(const struct tc_tpindex *ix, const char *name, int *fired,
		       const char **file);
/* Does the space-separated option list hold option o (on bytes)? */
int tc_tpindex_options_have(const char *list, const char *o, size_t on);

/* Is name exported with EXPORT_TRACEPOINT_SYMBOL*()? (make UT=1 counts that as a use) */
int tc_tpindex_exported(const struct tc_tpindex *ix, const char *name);

/*
 * The .c files (tree-relative, in path order) that define
 * CREATE_TRACE_POINTS and then include header (absolute), directly
 * (*direct set for each) or through a header they include then that
 * includes it.  Returns the count; *files malloced (the strings are
 * the index's).
 */
size_t tc_tpindex_instantiators(const struct tc_tpindex *ix, const char *header,
				const char ***files, int **direct);

/*
 * A call of tracepoint name that passes NULL as one argument: the
 * literal NULL or 0 (kind 'L'), or an identifier the path to the call
 * leaves NULL, not mentioned in between: set by x = NULL; (kind 'N',
 * test_line that statement's line), tested for NULL by an if whose
 * branch holds the call (kind 'T', test_line is the if's line), or by
 * an if before the call that lets NULL through (kind 'E': if (x) S with
 * no else, if (!x) S where S falls through).  Only code outside #define
 * bodies and #if 0 counts.  Kinds 'F' and 'P' are tpfree.c's.
 */
struct tc_tp_badarg {
	char *name, *file; /* file tree-relative */
	char *text;	   /* the argument as written */
	unsigned line, col;
	unsigned nargs, arg; /* the call's argument count, the argument's index */
	unsigned test_line;
	char kind;
};

/* The calls of name passing NULL (in file, line order); *calls the index's. */
size_t tc_tpindex_bad_args(const struct tc_tpindex *ix, const char *name,
			    const struct tc_tp_badarg **calls);

/*
 * What every call of tracepoint name in the tree passes for each
 * argument, one character per argument: 'r' a string whose address the
 * kernel lists for user space (TPS(), tracepoint_string(), a variable
 * declared __tracepoint_string), 'l' such a string or a string literal,
 * a literal at least once, '.' something else.  "*": a call whose
 * arguments are not known (in a macro), or calls with different counts
 * of arguments.  NULL: no call written out.
 */
const char *tc_tpindex_string_args(const struct tc_tpindex *ix, const char *name);

/*
 * Everything the index holds, as text (a line per fact, sorted as the
 * queries read them): for tests and debugging (two indexes of a tree
 * are the same if their dumps are).
 */
void tc_tpindex_dump(const struct tc_tpindex *ix, struct strbuf *sb);

/*
 * Everything the index says about the tracepoints names[0..nr) of the
 * header (absolute; header_rel tree-relative): the header's
 * instantiators, and per name its use, the options its callers need,
 * one caller, whether it is exported, the calls that pass NULL or a
 * freed object -- as canonical text (malloced): what a result that
 * asks the index about those names depends on, to hash.
 */
char *tc_tpindex_answers(const struct tc_tpindex *ix, const char *header, const char *header_rel,
			 const char *const *names, size_t nr);

/*
 * The .c files (tree-relative, in path order) whose text says
 * CREATE_TRACE_POINTS: what the instantiator search tries last.  The
 * strings are the index's.
 */
size_t tc_tpindex_ctp_files(const struct tc_tpindex *ix, const char *const **files);

/*
 * A result that asked the index about the header (absolute; header_rel
 * tree-relative) and the tracepoint names[0..nr) depends on exactly
 * what tc_tpindex_answers() says of them: a "tpanswers" key (deps.h)
 * whose resolver is tc_tpindex_answers_now().  ix NULL: no index could
 * be made, and that is what it depends on.
 */
void tc_tpindex_depend(const struct tc_tpindex *ix, const char *root, const char *header,
		       const char *header_rel, const char *const *names, size_t nr);
/* The hash of the answers a "tpanswers" key's arg asks for, now (malloced; NULL: no index). */
char *tc_tpindex_answers_now(const char *arg);
/*
 * A result that tried the CREATE_TRACE_POINTS .c files of root in order
 * (tc_tpindex_ctp_files()) depends on that list: a "tpctp" key whose
 * resolver is tc_tpindex_ctp_now().
 */
void tc_tpindex_depend_ctp(const struct tc_tpindex *ix, const char *root);
char *tc_tpindex_ctp_now(const char *root);

/* Seconds the scan took in the process that made it; files read. */
double tc_tpindex_build_seconds(const struct tc_tpindex *ix);
size_t tc_tpindex_files(const struct tc_tpindex *ix);

/*
 * What the index of root is made from: the hash of the path, size,
 * mtime, ctime and inode of every file it reads (with the content's
 * hash for one changed less than 2 s before the walk), and of --patch's
 * changes below root; the walk is made once per process (static), and
 * the index made in that process uses it.  The whole index is kept in the
 * persistent cache (cache.h) under it, the disk's too when --patch's
 * changes do not change it (tpreuse.c): that one serves them.
 */
const char *tc_tpindex_key(const char *root);

/* Before forking workers: the directory they share the index through. */
void tc_tpindex_share(void);
/* Remove it again (only in the process that made it). */
void tc_tpindex_unshare(void);

/*
 * --watch (tpwatch.c): ask the tree's watcher for the walk of the index,
 * and start one if there is none; verbose: say why one cannot run.
 */
void tc_tp_watch(int on, int verbose);
/* The watcher itself (tracecheck --watch-daemon TOP SOCKDIR NAME, which tpwatch.c runs). */
int tc_tp_watchd_main(const char *top, const char *sockdir, const char *name);

#endif
