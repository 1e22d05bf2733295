/* SPDX-License-Identifier: MIT */
/*
 * The one C lexer, in three sizes: tc_cskip*() skip a comment or a
 * literal; tc_clex() reads one lexeme of raw text; tc_toks_scan() makes
 * a header's text one token stream with lines, columns and directives
 * marked (the engine makes it once per header: context.h).  And
 * tc_ctokenize() for the short texts the front end gets as strings (the
 * raw and expanded TP_fast_assign() code, print fmt arguments).
 */
#ifndef TC_CTOK_H
#define TC_CTOK_H

#include <stddef.h>

struct strbuf;

struct tc_ctok {
	const char *p;
	size_t n;
};

/*
 * Tokenize s: identifiers, numbers (with '.', so 1.5 is one token),
 * string and character literals, and C's multi-character operators.
 * Tokens point into s; white space is dropped.  *out is malloced, the
 * count is returned.
 */
size_t tc_ctokenize(const char *s, struct tc_ctok **out);
int tc_ctok_is(const struct tc_ctok *t, const char *s);
/* Identifier (or keyword). */
int tc_ctok_is_ident(const struct tc_ctok *t);
/* Can c be part of an identifier (ASCII letters, digits, '_')? */
int tc_cident_char(int c);

/*
 * How deep the C expression (or statements) t[0, n) nests for a
 * recursive-descent parser of C (a compiler's, libtraceevent's,
 * keval.c's): the most, at any token, of the brackets open around it,
 * the prefix operators and casts before the operand it is in, and the
 * '?' of its bracket level before it.  Input past TC_MAX_NESTING is
 * "nested too deeply": the parsers that recurse over it (keval.c) and
 * the witness (uverdict.c) never see it.  clang's own limit on brackets
 * (-fbracket-depth) is 256 as well.
 */
#define TC_MAX_NESTING 256
size_t tc_ctok_nesting(const struct tc_ctok *t, size_t n);

/*
 * The one skipper of comments and literals in raw C text t[0, end), for
 * the scanners that read a header or a fix's text themselves.  Each
 * returns the end of what starts at t[i], or i when nothing does:
 *
 * tc_cskip_comment(): a block comment to past its closing star-slash (to
 * end when it is not closed); a // comment to its newline, continued over
 * backslash-newlines as the preprocessor does.
 *
 * tc_cskip_literal(): a string or character literal to past its closing
 * quote, escapes and backslash-newlines inside; an unclosed one ends past
 * the newline of its line, or at end.
 *
 * tc_cskip(): either.
 */
size_t tc_cskip_comment(const char *t, size_t end, size_t i);
size_t tc_cskip_literal(const char *t, size_t end, size_t i);
size_t tc_cskip(const char *t, size_t end, size_t i);

/* What a lexeme is. */
enum tc_tk {
	TC_TK_IDENT = 'i',     /* identifier or keyword */
	TC_TK_NUMBER = 'n',    /* pp-number: 0x1f, 1.5, 10UL */
	TC_TK_LITERAL = 's',   /* string or character literal */
	TC_TK_PUNCT = 'p',     /* punctuator (C's multi-character ones whole), or any other byte */
	TC_TK_COMMENT = 'c',   /* block or line comment */
	TC_TK_DIRECTIVE = '#', /* tc_clex() only: a whole preprocessor line */
};

/*
 * The one lexer of raw C text t[0, end): the end of the lexeme that
 * starts at t[i] (not white space) and, in *kind, what it is.  Comments
 * and literals end as tc_cskip() says.  A '#' with only blanks before it
 * on its line is a directive, to the end of its line (continuations
 * included).  tc_toks_scan() is built on it.
 */
size_t tc_clex(const char *t, size_t end, size_t i, char *kind);

/*
 * A header's text as one token stream: what each rule and the engine
 * reads of the text instead of scanning it by hand.  Comments are kept
 * apart (comments[]); white space and backslash-newlines are dropped.
 * A directive's tokens, from its '#' to the end of its logical line, are
 * in v[] flagged TC_TOK_PP.  An unclosed literal ends at its newline.
 */
enum {
	TC_TOK_BOL = 1, /* the first token of its logical line (comments are blanks) */
	TC_TOK_PP = 2,	/* in a preprocessor directive, its '#' included */
};

struct tc_tok {
	size_t off;	    /* in the text */
	size_t len;
	unsigned line, col; /* where it starts, 1-based; col counts bytes */
	char kind;	    /* enum tc_tk, never TC_TK_DIRECTIVE */
	unsigned char flags;
};

#define TC_TOK_NONE ((size_t)-1)

struct tc_toks {
	const char *text;
	size_t len;
	struct tc_tok *v; /* code and directives */
	size_t nr, alloc;
	struct tc_tok *comments;
	size_t nr_comments, alloc_comments;
};

void tc_toks_scan(struct tc_toks *ts, const char *text, size_t len);
void tc_toks_release(struct tc_toks *ts);
/* Token t (an index of ts->v) spells s. */
int tc_toks_is(const struct tc_toks *ts, size_t t, const char *s);
/* The first token that starts at or after byte off; ts->nr if none. */
size_t tc_toks_at(const struct tc_toks *ts, size_t off);
/* The first token that starts at or after line:col; ts->nr if none. */
size_t tc_toks_at_loc(const struct tc_toks *ts, unsigned line, unsigned col);
/* The comment that byte off lies in, NULL if none. */
const struct tc_tok *tc_toks_comment_at(const struct tc_toks *ts, size_t off);
/*
 * The bracket token that closes the one at open ('(', '[' or '{'; other
 * brackets not counted), TC_TOK_NONE if there is none.
 */
size_t tc_toks_close(const struct tc_toks *ts, size_t open);
/*
 * The most brackets ('(', '[', '{') open at once in ts, a directive's
 * counted on their own; *line where that depth is first reached.
 */
size_t tc_toks_bracket_depth(const struct tc_toks *ts, unsigned *line);
/* Line and column of byte off of the text. */
void tc_toks_loc(const struct tc_toks *ts, size_t off, unsigned *line, unsigned *col);
/*
 * Add the text of tokens [from, to) as the preprocessor reads it: each
 * comment between them one space, backslash-newlines dropped, the rest
 * as written.
 */
void tc_toks_spell(const struct tc_toks *ts, size_t from, size_t to, struct strbuf *sb);

/*
 * The names of the parameters of a TP_PROTO() text ("struct foo *p, int
 * n"; a function pointer's name in its parentheses), malloced strings in
 * a malloced *out; the count.
 */
size_t tc_proto_params(const char *proto, char ***out);

#endif
