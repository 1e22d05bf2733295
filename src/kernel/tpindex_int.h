/* SPDX-License-Identifier: MIT */
/*
 * Inside the tree's tracepoint index (tpindex.h), shared by its files:
 *   tpwalk.c   the files of the index: one walk of the tree per process
 *   tpwatch.c  the watcher's client: the walk without a stat of every file
 *   tpwatchd.c the watcher: inotify on the tree's directories, the walk kept current
 *   tptok.c    the tokens of one file, C's and Rust's
 *   tpscan.c   a file's record: what the scan of its text alone finds
 *   tpfree.c   the frees before a call (tracepoint-after-free)
 *   tpstr.c    the strings the calls pass (printk-unsafe-deref)
 *   tprec.c    the records of a run's files, kept in the persistent cache
 *   tpmerge.c  the index from the records, and what needs several files
 *   tpstore.c  the index kept whole, its key, shared by the workers
 *   tpreuse.c  the disk's index for --patch's changes that change nothing it reads
 *   tpquery.c  the queries
 */
#ifndef TRACECHECK_TPINDEX_INT_H
#define TRACECHECK_TPINDEX_INT_H

#include <sys/stat.h>
#include <stddef.h>

#include "cache.h"
#include "tpindex.h"

struct strbuf;

struct stat;
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
 * Record (an 'N' line of rec) a call of tracepoint name (the token,
 * less its nl-character prefix) passing argument arg of nargs, a, that
 * the event may not read through: kind 'L', 'T', 'F' or 'P' (tpindex.h);
 * at is where the test or the free is, text what it says (NULL: a's
 * text).
 */
void add_badcall(struct strbuf *rec, const struct tok *name, size_t nl, const char *text,
		 unsigned nargs, unsigned arg, const struct tok *a, char kind, const char *at,
		 const char *what, size_t what_len);

/*
 * tpfree.c: scan_freed_file() before each file's calls, then
 * scan_freed_args() for each call: the arguments of the call at i freed
 * or put just before it ('F', 'P').
 */
void scan_freed_file(void);
void scan_freed_args(struct strbuf *rec, const struct toks *t, const char *text, size_t i,
		     const struct tok *name, size_t nl, const size_t *starts, const size_t *ends,
		     size_t na);

/* tpfree.c: per token of the file, the braces open around it (-1 in a #define body) */
const int *tp_brace_depths(const struct toks *t);
/* Is token j a member name (after . or ->)?  Is x return, goto, break or continue? */
int tp_is_member(const struct toks *t, size_t j);
int tp_is_exit(const struct tok *x);
/* The ')' that closes the '(' at lp, or (size_t)-1. */
size_t tp_close_of(const struct toks *t, size_t lp);
/*
 * tpscan.c: condition tokens [a, b) say x is NULL (1: !x, x == NULL),
 * is not NULL (2: x, x != NULL), or neither (0).
 */
int tp_null_cond(const struct toks *t, size_t a, size_t b, const struct tok *x);
/*
 * tpnull.c: argument x of the call whose name is at i, on the path that
 * reaches it: 'N' set to NULL, 'T' inside a test that found it NULL,
 * 'E' after a test that lets NULL through, 0 none of these; *at where.
 */
char tp_null_on_path(const struct toks *t, size_t i, const struct tok *x, const char **at);

void tp_tokenize(const char *text, size_t len, struct toks *t);
/* Index of the parameter of the #define around token k that k is, or -1. */
int tp_param_of(const struct toks *t, const struct tok *k);
/* Rust's tokens: identifiers ($name too), numbers and single punctuation. */
void tp_rs_tokenize(const char *text, size_t len, struct toks *t);
int tp_rs_punct(const struct tok *k, char c);

/* ------------------------------------------------------------------ */
/* tpwalk.c: the files of the index, one walk per process */

/*
 * What a file is as far as stat() says, and the hash of its content when
 * its mtime or ctime was too recent to trust that (hash "" otherwise).
 */
struct tp_ident {
	long long size, mtime, ctime; /* the times in ns */
	unsigned long long ino;
	char hash[33];
};

struct tp_entry {
	char *rel;
	struct tp_ident id;
	int racy;
	/* a racy file, read by the walk: what it read */
	int have_text, read;	/* it tried, and the text could be read (a scanned name) */
	struct tp_ident read_id; /* fstat() of what it read, and its hash */
	char *rec;		 /* its record */
	size_t rec_len;
};

struct tp_walk {
	char *root;
	struct tp_entry *v; /* in strcmp() order of rel */
	size_t nr, alloc;
	long long start; /* when it began (ns, the clock of file times) */
	int stat;	 /* the identities are there */
	struct tc_hasher key; /* of the paths and identities */
};

/*
 * The walk of root, made the first time it is asked for in this process
 * (again if another root's, or if stat and the one made had no stat).
 * With the watcher on (tpwatch.c), the identities come from it when it
 * runs: the same walk, without a stat of every file.
 */
const struct tp_walk *tp_walk_get(const char *root, int stat);

#define TP_MAX_DEPTH 24

/* One entry of a directory as the walk takes it. */
struct tp_dent {
	char *name;	    /* a directory's with a '/' after it */
	unsigned char type; /* 'd', 'f' */
	unsigned char link; /* a file through a symbolic link: st is its target's */
	int have_st;	    /* st is the file's (stat: it could be stat()ed) */
	unsigned long long ino; /* a directory's, from readdir() */
	struct stat st;
};

/*
 * The entries of directory dfd (depth levels below the top) the walk
 * takes, in strcmp() order of their names; each file stat()ed if stat.
 * dfd stays open.  The count; *v malloced; *links (if not NULL) counts
 * the symbolic links with a name the walk takes, followed or not.
 */
size_t tp_list_dir(int dfd, int depth, int stat, struct tp_dent **v, int *links);
void tp_dents_free(struct tp_dent *v, size_t nr);
/* The entries of w (root, stat and start set), from the tree's directories. */
void tp_walk_tree(struct tp_walk *w);
/* Append the file rel[0, len) listed as x to w (its identity if w->stat). */
void tp_walk_add(struct tp_walk *w, const char *rel, size_t len, const struct tp_dent *x);

/*
 * tpwatch.c: the watcher (--watch).  Fill w (root, stat and start set,
 * no entries) from the watcher of its root: 0, or -1 when there is none
 * to ask (then start one: tp_watch_start(), after the walk).
 */
int tp_watch_fill(struct tp_walk *w);
void tp_watch_start(const char *root);
/* Would the walk take rel (tree-relative)? */
int tp_in_scope(const char *rel);
/* Is name one the scan reads (.c .h .S .rs), or a kbuild file's? */
int tp_scanned_name(const char *name);
int tp_kbuild_name(const char *name);
void tp_ident_of(const struct stat *st, struct tp_ident *id);
int tp_ident_racy(const struct tp_ident *id, long long start);
/* The hash of a file's content (for a racy one's identity). */
void tp_hash_content(const char *data, size_t len, char out[33]);
int tp_ident_same_stat(const struct tp_ident *a, const struct tp_ident *b);
/* root/rel's text (NUL-terminated, malloced), *id its identity (no hash); NULL: unreadable. */
char *tp_read(const char *root, const char *rel, size_t *len, struct tp_ident *id);

/* ------------------------------------------------------------------ */
/* tpscan.c: one file's record */

/*
 * A file's record: what the scan of its text alone finds, a line per
 * fact ("TAG FIELDS\n", fields separated by tabs), in the order of the
 * text:
 *   U NAME        a tracepoint name used
 *   X NAME        exported (EXPORT_TRACEPOINT_SYMBOL*)
 *   F NAME\tCFG   fired (trace_NAME() ...), under the #if of CONFIG option CFG ("" none)
 *   D PARAM\tPREFIX\tMACRO  a #define pasting trace_PREFIX ## its parameter PARAM
 *   N NAME\tLINE\tCOL\tNARGS\tARG\tKIND\tTESTLINE\tTEXT  a call passing NULL or freed
 *   C QUOTED\tNAME  an #include after #define CREATE_TRACE_POINTS
 *   Q             a .c whose text says CREATE_TRACE_POINTS (anywhere)
 *   R NAME        Rust fires NAME (rust_do_trace_NAME)
 *   T PUB\tNAME   declare_trace! declares function NAME (PUB 1 if pub)
 *   A NAME\tNARGS\tCLASS...  a call of NAME and what each argument is (tpstr.c);
 *                 A NAME\t* a call whose arguments are not known
 *   V NAME        a variable declared __tracepoint_string, or what it is set to
 *   Y NAME\tTYPE  a typedef of NAME as TYPE, words only (tpwidth.c)
 *   M TAG\tMEMBER TYPE...  the members of struct or union TAG ("" none): TYPE
 *                 a width, a typedef's name, "=T" struct T, '?' (tpmember.c)
 */
void tp_scan(struct toks *t, const char *rel, const char *text, size_t len, struct strbuf *rec);
/* The argument argno after '(' at v[i]: the single token it is, or NULL. */
const struct tok *tp_sole_arg(const struct toks *t, size_t i, size_t argno);

/*
 * tpstr.c: the 'A' line of the call of name (less its nl-character
 * prefix) whose arguments are v[starts[a], ends[a]) (starts NULL: not
 * known) in text (len bytes), and the 'V' lines of t's
 * __tracepoint_string variables.
 */
void tp_scan_strargs(struct strbuf *rec, const struct toks *t, const char *text, size_t len,
		     const struct tok *name, size_t nl, const size_t *starts, const size_t *ends,
		     size_t na);
void tp_scan_tpstrings(struct strbuf *rec, const struct toks *t);
/*
 * The index's strargs from the 'A' lines calls[0..nr) (less their tag),
 * the 'V' names regs[0..nr_regs), the 'Y' typedefs defs[0..nr_defs) and
 * the members mem[0..nr_mem) (tp_members_collect()); takes the four lists.
 */
void tp_strargs_merge(struct tc_tpindex *ix, char **calls, size_t nr, char **regs,
		      size_t nr_regs, char **defs, size_t nr_defs, char **mem, size_t nr_mem);

/*
 * tpwidth.c: ":TYPE" into rec for the argument v[s, e) of the call at
 * v[call] when its tokens show its type; the 'Y' lines of text's simple
 * typedefs; the width in bytes of type (len bytes, words and spaces)
 * through the typedef lines defs[0..nr_defs) ("NAME\tTYPE", sorted), 0
 * when not known.
 */
void tp_arg_type(struct strbuf *rec, const struct toks *t, size_t call, size_t s, size_t e);

/*
 * tpwrap.c: the call of trace_NAME() at v[call] (its arguments
 * v[starts[a], ends[a]), a < na) inside a static function F that passes
 * some of F's parameters on as they are: param[a] the index of F's
 * parameter argument a is, -1 if none; *calls (malloced) F's calls in
 * the file, their arguments.  The number of calls, 0 when it is not
 * such a wrapper or F's calls cannot all be read.
 */
/*
 * The arguments of the call whose '(' is at v[lp]: v[s[a], e[a]), their
 * count ("()" is one empty argument); -1 when the ')' is missing or
 * there are more than max.
 */
long tp_split_args(const struct toks *t, size_t lp, size_t *s, size_t *e, size_t max);

struct tp_wcall {
	size_t at;	      /* F's name */
	size_t s[64], e[64]; /* its arguments */
};
size_t tp_wrapper(const struct toks *t, const char *text, size_t len, size_t call,
		  const size_t *starts, const size_t *ends, size_t na, long *param,
		  struct tp_wcall **calls);
void tp_scan_typedefs(struct strbuf *rec, const char *text, size_t len);
/*
 * tpmember.c: the 'M' lines of text's struct members; the members the
 * 'A' lines calls[0..nr_calls) name in a ":&" type, from the records of
 * s's files, as "MEMBER\tTAG\tTYPE" (sorted, *out malloced), their
 * count; the width of a ":&BASE M1 ... MK" type (path, len bytes, less
 * its ':') through them and the typedefs, 0 when not known.
 */
struct tp_set;
void tp_scan_members(struct strbuf *rec, const char *text, size_t len);
size_t tp_members_collect(const struct tp_set *s, char *const *calls, size_t nr_calls,
			  char ***out);
int tp_member_width(const char *path, size_t len, char *const *mem, size_t nr_mem,
		    char *const *defs, size_t nr_defs);
int tp_type_width(const char *type, size_t len, char *const *defs, size_t nr_defs, int depth);
/* The lines "NAME\t..." (v sorted) of name (n bytes): the first index, nr when none. */
size_t tp_first_line(char *const *v, size_t nr, const char *name, size_t n);

/* ------------------------------------------------------------------ */
/* tprec.c: the records of a run, kept in the persistent cache */

/*
 * A memo: what a pass over several files worked out from this file's
 * text, kept with its record while it holds:
 *   'I'  the #include names of a file a CREATE_TRACE_POINTS .c includes
 *   'K'  a .c's kbuild options (tc_kbuild_config(), "" for none): while
 *        the Kbuild and Makefile of its directory stay as they are
 *   'W'  pass 2's findings for a list of pasting macros (key: its hash)
 *   'Z'  the calls of functions declare_trace! declares (key: the hash
 *        of their names)
 */
struct tp_memo {
	char kind;
	char key[33];
	char *text;
	size_t len;
	int owned;
};

struct tp_file {
	char *rel;
	struct tp_ident id;
	unsigned read : 1;    /* a scanned name that could be read */
	unsigned fresh : 1;   /* read in this run */
	unsigned patched : 1; /* --patch's text (text): nothing of it kept */
	unsigned owned : 1;   /* rel malloced */
	unsigned rec_stored : 1; /* rec is in the stored text (else malloced) */
	const char *rec;      /* the record */
	size_t rec_len;
	const char *text; /* --patch's */
	size_t text_len;
	struct tp_memo *memos;
	size_t nr_memos, alloc_memos;
};

/* The files of one run: the disk's (kept), and --patch's changes on top. */
struct tp_set {
	const char *root;
	struct tp_file *disk; /* in path order */
	size_t nr_disk, alloc_disk;
	struct tp_file *patched; /* --patch's */
	size_t nr_patched, alloc_patched;
	struct tp_file **v; /* the run's, in path order */
	size_t nr, alloc;
	char **kpatched; /* the directories whose Kbuild or Makefile --patch changes */
	size_t nr_kpatched, alloc_kpatched;
	char *stored;	 /* the stored text the disk's records point into */
	int keep;	 /* kept in the cache (else in the process: tprec.c's run_store) */
	int dirty;	 /* the disk's differ from what is stored */
	size_t scanned;	 /* files read and scanned in this run */
	struct toks t;
};

/*
 * The files of root: those the store has, where their identity is the
 * same, the others read and scanned (keep: the cache's store is used and
 * kept; else the process's own, in memory),
 * then --patch's changes on top (if overlay; else the disk's alone).
 */
void tp_set_make(struct tp_set *s, const char *root, int keep, int overlay);
/* Keep the disk's records if they changed; free everything. */
void tp_set_finish(struct tp_set *s);
/* The run's file rel, or NULL. */
struct tp_file *tp_set_find(const struct tp_set *s, const char *rel);
/* f's text (malloced), NULL if it cannot be read. */
char *tp_set_text(const struct tp_set *s, const struct tp_file *f, size_t *len);

const struct tp_memo *tp_memo_find(const struct tp_file *f, char kind, const char *key);
/*
 * Set f's memo (text is taken); kept unless f or what it depends on is
 * --patch's (run_only).
 */
void tp_memo_set(struct tp_set *s, struct tp_file *f, char kind, const char *key, char *text,
		 size_t len, int run_only);
/* Is the Kbuild or Makefile of rel's directory --patch's? */
int tp_set_kbuild_patched(const struct tp_set *s, const char *rel);

/* ------------------------------------------------------------------ */
/* tpmerge.c: the index of a run's files */

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
	char **subs;	/* that file's #include names */
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
	/* the .c files whose text says CREATE_TRACE_POINTS, in path order */
	char **ctp;
	size_t nr_ctp, alloc_ctp;
	/*
	 * names fired by a spelling make UT=1 counts (trace_NAME(),
	 * trace_call__NAME(), Rust): "NAME\tCONFIG_X\tFILE" when the call is
	 * built only with CONFIG_X, "NAME\t\tFILE" otherwise; sorted
	 */
	char **fired;
	size_t nr_fired, alloc_fired;
	double secs;   /* what the build took */
	size_t files;  /* the files scanned for it (.c .h .S .rs) */
	size_t fresh;  /* of which read in the build (the others' records were kept) */
	/* calls passing NULL, sorted by name */
	struct tc_tp_badarg *badcalls;
	size_t nr_badcalls, alloc_badcalls;
	/* "NAME\tSUM": the strings the calls of NAME pass (tpstr.c), sorted */
	char **strargs;
	size_t nr_strargs, alloc_strargs;
	/*
	 * what pass 2 read of the files' text: "DIR\tMACRO PARAM\t...", the
	 * macros looked for in the files below DIR, sorted; reads_unknown: a
	 * directory the lines cannot hold (tpreuse.c then reuses nothing)
	 */
	char **pass2;
	size_t nr_pass2, alloc_pass2;
	int reads_unknown;
	/*
	 * how this process got it: 'b' built, 'c' the cache's (kept whole
	 * under its key), 'd' the disk's own for --patch's changes that
	 * change nothing it reads, 'n' the disk's with the calls passing
	 * NULL of --patch's files replaced (tpreuse.c)
	 */
	char how;
};

/*
 * The index of root's files as they are now (with --patch's changes if
 * overlay), with the records of the cache's store (keep), else of the
 * process's earlier builds.
 */
struct tc_tpindex *tp_build(const char *root, int keep, int overlay);
/*
 * ix with the calls passing NULL of file rel (tree-relative) those of
 * the 'N' lines of the record rec[0, len) (its other lines ignored): a
 * copy that shares ix's lists but its badcalls (the other files'
 * entries shared, rel's new).  NULL when two of rel's sort the same:
 * the merge's order of those is its input's.
 */
struct tc_tpindex *tp_with_badcalls(const struct tc_tpindex *ix, const char *rel, const char *rec,
				    size_t len);
/* tpmerge.c's reads of a file's text: its #include names, one a line */
void tp_collect_includes(const char *text, struct strbuf *sb);
/*
 * The invocations in text of the pasting macros want[0..nr_want), as
 * lines that name the macro by its index in want: "m I" (an argument
 * that is not a plain name), "p I\tPARAM\tMACRO" (a parameter of MACRO,
 * a #define of this file), "n I\tNAME" (a name).
 */
void tp_pass2_find(struct toks *t, const struct paste *want, size_t nr_want, const char *text,
		   size_t len, struct strbuf *out);

/* ------------------------------------------------------------------ */
/* tpreuse.c: --patch's changes that change nothing the index reads */

struct tp_inert;
/*
 * The overlay's changes below root, when each is the text of a .c, .h
 * or .S file of the walk whose record (but for its 'N' lines) and
 * #include names are those of its text on the disk: then the disk's
 * index is the overlay's, with those files' calls passing NULL, unless
 * pass 2 reads one of them differently (tp_inert_holds()).  NULL when
 * there is none, or one that may change the index otherwise.
 */
struct tp_inert *tp_inert_check(const char *root);
/* Does the disk's index ix read the files of c as it read the disk's? */
int tp_inert_holds(const struct tp_inert *c, const struct tc_tpindex *ix);
/*
 * The overlay's index from the disk's (tp_inert_holds()): ix itself
 * (how 'd'), or with the calls passing NULL of the files whose 'N'
 * lines differ (line numbers moved) replaced (how 'n'); a copy that
 * shares ix's lists.  NULL if that cannot be done (tp_with_badcalls()).
 */
struct tc_tpindex *tp_inert_index(const struct tp_inert *c, const struct tc_tpindex *ix);
void tp_inert_free(struct tp_inert *c);
void tp_add_name(char ***v, size_t *nr, size_t *alloc, const char *s, size_t n);
int tp_cmp_str(const void *a, const void *b);

#endif
