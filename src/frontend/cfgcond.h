/* SPDX-License-Identifier: MIT */
/*
 * The conditional structure of a header's text (cfgcond.c): which #if,
 * #ifdef, #ifndef, #elif and #else branches hold each line, each
 * condition read as an expression over the options (CONFIG_ symbols),
 * and the values of the options that put a line in -- for the passes in
 * other configurations (cfgpass.c).
 */
#ifndef TC_CFGCOND_H
#define TC_CFGCOND_H

#include <stddef.h>

struct tc_toks;
struct tc_conds;

/* The structure of the text ts was scanned from. */
struct tc_conds *tc_conds_read(const struct tc_toks *ts);
void tc_conds_free(struct tc_conds *c);

/* The options the conditions name ("CONFIG_FOO", "CONFIG_BAR_MODULE"), by index. */
size_t tc_conds_nr_options(const struct tc_conds *c);
const char *tc_conds_option(const struct tc_conds *c, size_t i);

/* Values of some options: option index and 0 (off, undefined) or 1 (on, defined as 1). */
struct tc_cfgreq {
	size_t *opt;
	unsigned char *val;
	size_t nr;
};
void tc_cfgreq_release(struct tc_cfgreq *r);
/* The value r gives option i: 0, 1, or -1 when r says nothing of it. */
int tc_cfgreq_get(const struct tc_cfgreq *r, size_t i);
/* Whether a and b give no option different values. */
int tc_cfgreq_agree(const struct tc_cfgreq *a, const struct tc_cfgreq *b);
/* Add b's values to a (they agree). */
void tc_cfgreq_merge(struct tc_cfgreq *a, const struct tc_cfgreq *b);

enum tc_cond_answer {
	TC_COND_SOLVED,	  /* *out: the values; some differ from base */
	TC_COND_ALREADY,  /* base keeps no condition from letting it in: not the options */
	TC_COND_NONE,	  /* no values of at most TC_COND_MAX_FLIPS options let it in */
	TC_COND_TOO_MANY, /* its conditions name more than TC_COND_MAX_OPTIONS options */
};
#define TC_COND_MAX_FLIPS 4
#define TC_COND_MAX_OPTIONS 16

/*
 * The values of the options the conditions around line (1-based) name
 * that make each branch that holds the line the one taken: its
 * condition not false, those before it in its group not true.  base[i]
 * is option i's value in the configuration of the parse; the answer
 * changes the fewest of them.  *out (on TC_COND_SOLVED) has every option
 * those conditions name, changed or not.
 */
enum tc_cond_answer tc_conds_solve(const struct tc_conds *c, unsigned line,
				   const unsigned char *base, struct tc_cfgreq *out);
/*
 * The condition around line (the innermost first) that names something
 * other than options, as written, with its line ("line 7's #if
 * defined(__x86_64__)"), for a message; NULL if none does (the guard of
 * the multi-read protocol aside).  Malloced.
 */
char *tc_conds_other(const struct tc_conds *c, unsigned line);

#endif
