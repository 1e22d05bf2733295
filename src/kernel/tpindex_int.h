/* SPDX-License-Identifier: MIT */
/*
 * Inside the tree's tracepoint index: the tokens of one file as
 * tpindex.c's scan reads them (comments, strings and the lines of other
 * directives than #define left out), for the scans kept in files of
 * their own (tpfree.c).
 */
#ifndef TRACECHECK_TPINDEX_INT_H
#define TRACECHECK_TPINDEX_INT_H

#include <stddef.h>

struct tc_tpindex;

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

#endif
