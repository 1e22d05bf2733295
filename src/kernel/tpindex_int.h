/* SPDX-License-Identifier: MIT */
/*
 * Inside the tree's tracepoint index (tpindex.h), shared by its files:
 *   tptok.c    the tokens of one file, C's and Rust's
 *   tpscan.c   what the scan of one file finds
 *   tpfree.c   the frees before a call (tracepoint-after-free)
 *   tpbuild.c  the walk of the tree, and the passes over all its files
 *   tpstore.c  the index kept in the persistent cache, shared by workers
 *   tpquery.c  the queries
 */
#ifndef TRACECHECK_TPINDEX_INT_H
#define TRACECHECK_TPINDEX_INT_H

#include <stddef.h>

#include "tpindex.h"

struct tc_tpindex;
struct tc_tp_badarg;

enum tkind { T_IDENT, T_NUM, T_PASTE, T_LP, T_RP, T_COMMA, T_OTHER };

struct tok {
	const char *p;
	unsigned n;
	unsigned char kind;
	unsigned char defname; /* the name of a #define */
	int def;	       /* the #define whose body holds it, -1 */
	const char *cfg;       /* the CONFIG_ option of the innermost #if it is under, or NULL */
	unsigned cfgn;
};

/* An open #if: the option it requires (NULL: none, or its #else) */
struct cframe {
	const char *p;
	unsigned n;
};

struct def {
	const char *name;
	unsigned n;
	const char *params[32];
	unsigned plen[32];
	int nr_params; /* -1: object-like */
};

struct toks {
	struct tok *v;
	size_t nr, alloc;
	struct def *defs;
	size_t nr_defs, alloc_defs;
	struct cframe *cs;
	size_t nr_cs, alloc_cs;
};

int tok_is(const struct tok *k, const char *s);
int tok_ch(const struct tok *k, char c);
int tok_same(const struct tok *a, const struct tok *b);
/* The open that the close at rp closes ('(' for ')' ...), or (size_t)-1. */
size_t open_of(const struct toks *t, size_t rp, char open, char close);

/* Is off of text inside an #if 0 (or the #else of an #if 1)? */
int in_if0(const char *text, size_t off);

/*
 * Record a call of tracepoint name (the token, less its nl-character
 * prefix) in rel passing argument arg of nargs, a, that the event may
 * not read through: kind 'L', 'T', 'F' or 'P' (tpindex.h); at is where
 * the test or the free is, text what it says (NULL: a's text).
 */
void add_badcall(struct tc_tpindex *ix, const struct tok *name, size_t nl, const char *rel,
		 const char *text, unsigned nargs, unsigned arg, const struct tok *a, char kind,
		 const char *at, const char *what, size_t what_len);

/*
 * tpfree.c: scan_freed_file() before each file's calls, then
 * scan_freed_args() for each call: the arguments of the call at i freed
 * or put just before it ('F', 'P').
 */
void scan_freed_file(void);
void scan_freed_args(struct tc_tpindex *ix, const struct toks *t, const char *rel,
		     const char *text, size_t i, const struct tok *name, size_t nl,
		     const size_t *starts, const size_t *ends, size_t na);

/* ------------------------------------------------------------------ */
/* the index */

struct paste {
	char *macro;  /* the #define */
	int param;    /* the pasted parameter's index */
	char *prefix; /* the literal text pasted before it, after trace_ */
	char *dir;    /* tree-relative directory of its file */
	char *file;
	int done;
};

struct ctp_inc {
	char *cfile;	/* tree-relative */
	char *name;	/* as written */
	int quoted;
	char *resolved; /* the file it names, if found (absolute) */
	char **subs;	/* that file's  names */
	size_t nr_subs, alloc_subs;
};

struct tc_tpindex {
	char *root;
	char **used;	 /* sorted */
	size_t nr_used, alloc_used;
	char **exported; /* sorted */
	size_t nr_exported, alloc_exported;
	struct paste *pastes;
	size_t nr_pastes, alloc_pastes;
	/* pasted names: "NAME\tFILE", sorted */
	char **pasted;
	size_t nr_pasted, alloc_pasted;
	/* unresolved prefixes: "PREFIX\tDIR\tFILE" */
	char **maybe;
	size_t nr_maybe, alloc_maybe;
	struct ctp_inc *incs;
	size_t nr_incs, alloc_incs;
	/*
	 * names fired by a spelling make UT=1 counts (trace_NAME(),
	 * trace_call__NAME(), Rust): "NAME\tCONFIG_X\tFILE" when the call is
	 * built only with CONFIG_X, "NAME\t\tFILE" otherwise; sorted
	 */
	char **fired;
	size_t nr_fired, alloc_fired;
	double secs;
	size_t files;
	/* calls passing NULL, sorted by name */
	struct tc_tp_badarg *badcalls;
	size_t nr_badcalls, alloc_badcalls;
};


/* ------------------------------------------------------------------ */
/* the walk */

struct walk {
	struct tc_tpindex *ix;
	struct toks t;
	/* pass 2: the macros looked for */
	struct paste **want;
	size_t nr_want;
	int rust; /* pass 1: .rs files too */
	/* the .rs files, and the functions their declare_trace! declares */
	char **rs_files;
	size_t nr_rs_files, alloc_rs_files;
	struct rs_tracer *rs;
	size_t nr_rs, alloc_rs;
};

/* ------------------------------------------------------------------ */
/* Rust callers */

/*
 * Rust fires a tracepoint through rust_do_trace_NAME(), the C function
 * DEFINE_RUST_DO_TRACE makes beside the event in the .c that defines
 * CREATE_RUST_TRACE_POINTS.  Rust code rarely calls it itself: the
 * kernel crate's declare_trace! { [pub] unsafe fn NAME(args); ... }
 * defines a Rust function NAME that tests the static key
 * bindings::__tracepoint_NAME and calls bindings::rust_do_trace_NAME,
 * and the code calls NAME().  So in .rs files: rust_do_trace_NAME (not
 * a "fn" declaring it), and a call NAME( of a function declare_trace!
 * declares (not its "fn NAME(" itself) -- in the declaring file's
 * directory or below for a private one (its module and the modules
 * under it), anywhere for a pub one.
 */
struct rs_tracer {
	char *name;
	char *dir; /* of the declaring .rs, tree-relative ("" at the top) */
	int pub;
};

/* ------------------------------------------------------------------ */
/* tptok.c */

void tp_tokenize(const char *text, size_t len, struct toks *t);
/* Index of the parameter of the #define around token k that k is, or -1. */
int tp_param_of(const struct toks *t, const struct tok *k);
/* Rust's tokens: identifiers ($name too), numbers and single punctuation. */
void tp_rs_tokenize(const char *text, size_t len, struct toks *t);
int tp_rs_punct(const struct tok *k, char c);

/* ------------------------------------------------------------------ */
/* tpscan.c */

void tp_add_name(char ***v, size_t *nr, size_t *alloc, const char *s, size_t n);
void tp_add_paste(struct tc_tpindex *ix, const struct def *d, int param, const char *prefix,
		  const char *rel);
/* The argument argno after '(' at v[i]: the single token it is, or NULL. */
const struct tok *tp_sole_arg(const struct toks *t, size_t i, size_t argno);
/* Rust fires name (n bytes at s) in rel. */
void tp_add_rust(struct tc_tpindex *ix, const char *s, size_t n, const char *rel);
/* C, and Rust if rust */
int tp_wanted_ext(const char *n, int rust);
void tp_scan_file(struct walk *w, const char *path, const char *rel);

/* ------------------------------------------------------------------ */
/* tpbuild.c */

int tp_cmp_str(const void *a, const void *b);
struct tc_tpindex *tp_build(const char *root);

#endif
