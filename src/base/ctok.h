/* SPDX-License-Identifier: MIT */
/*
 * A small C tokenizer for text the front end gets as strings (the raw
 * and expanded TP_fast_assign() code, print fmt arguments): identifiers,
 * numbers (with '.', so 1.5 is one token), string and character
 * literals, and C's multi-character operators.  Tokens point into the
 * text; white space is dropped.
 */
#ifndef TC_CTOK_H
#define TC_CTOK_H

#include <stddef.h>

struct tc_ctok {
	const char *p;
	size_t n;
};

/* Tokenize s; *out is malloced, the count is returned. */
size_t tc_ctokenize(const char *s, struct tc_ctok **out);
int tc_ctok_is(const struct tc_ctok *t, const char *s);
/* Identifier (or keyword). */
int tc_ctok_is_ident(const struct tc_ctok *t);

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

#endif
