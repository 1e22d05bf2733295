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

#endif
