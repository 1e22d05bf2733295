// SPDX-License-Identifier: MIT
/*
 * A tracepoint fired from a small static wrapper: blk-wbt's
 *
 *	static void rwb_trace_step(struct rq_wb *rwb, const char *msg)
 *	{
 *		trace_wbt_step(bdi, msg, ...);
 *	}
 *	rwb_trace_step(rwb, tracepoint_string("scale up"));
 *
 * What the tracepoint gets for msg is what the wrapper's callers pass.
 * tp_wrapper() finds, for the call of trace_NAME() at v[call], the
 * static function F around it and which of the call's arguments are F's
 * parameters passed as they are (a single identifier, never assigned,
 * incremented or taken the address of between F's '{' and the call),
 * and every call of F in the file with its arguments.  It gives up (0)
 * when F is not static (its callers may be elsewhere), when F is named
 * anywhere but in a call (its address taken) or in a #define, when a
 * call's arguments cannot be split or their count is not F's, when F has
 * no call, and when a file is #included with quotes after F is first
 * declared (it may call F: rcu's tree.c and its tree_nocb.h).  One level only: F's callers are not followed further.
 */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static int skipped(const struct tok *k)
{
	return k->def >= 0 || k->defname;
}

/* Is x (at v[j]) written or has its address taken there? */
static int changed_at(const struct toks *t, size_t j)
{
	const struct tok *n1 = j + 1 < t->nr ? &t->v[j + 1] : NULL;
	const struct tok *n2 = j + 2 < t->nr ? &t->v[j + 2] : NULL;
	const struct tok *n3 = j + 3 < t->nr ? &t->v[j + 3] : NULL;
	const struct tok *p1 = j ? &t->v[j - 1] : NULL;
	const struct tok *p2 = j > 1 ? &t->v[j - 2] : NULL;

	if (p1 && (tok_ch(p1, '&') || ((tok_ch(p1, '+') || tok_ch(p1, '-')) && p2 && tok_same(p1, p2))))
		return !(p2 && (p2->kind == T_IDENT || p2->kind == T_NUM || p2->kind == T_RP)) ||
		       !tok_ch(p1, '&');
	if (!n1)
		return 0;
	if (tok_ch(n1, '='))
		return !(n2 && tok_ch(n2, '='));
	if ((tok_ch(n1, '+') || tok_ch(n1, '-')) && n2 && tok_same(n1, n2))
		return 1;
	if (n2 && tok_ch(n2, '=') && n1->n == 1 && strchr("+-*/%&|^", n1->p[0]))
		return 1;
	return n2 && n3 && tok_ch(n3, '=') && tok_same(n1, n2) && (tok_ch(n1, '<') || tok_ch(n1, '>'));
}

long tp_split_args(const struct toks *t, size_t lp, size_t *s, size_t *e, size_t max)
{
	size_t n = 0, from = lp + 1;
	int depth = 0;

	for (size_t j = lp + 1; j < t->nr; j++) {
		const struct tok *x = &t->v[j];
		if (x->kind == T_LP) {
			depth++;
		} else if (x->kind == T_RP && depth) {
			depth--;
		} else if ((x->kind == T_RP || x->kind == T_COMMA) && !depth) {
			if (n == max)
				return -1;
			s[n] = from;
			e[n++] = j;
			from = j + 1;
			if (x->kind == T_RP)
				return (long)n;
		}
	}
	return -1;
}

size_t tp_wrapper(const struct toks *t, const char *text, size_t len, size_t call,
		  const size_t *starts, const size_t *ends, size_t na, long *param,
		  struct tp_wcall **calls)
{
	const int *depth = tp_brace_depths(t);
	size_t ob = (size_t)-1, nr = 0;
	struct tp_wcall *v = NULL;
	size_t alloc = 0;

	*calls = NULL;
	for (size_t j = call; j-- > 0;) {
		if (depth[j] < 0)
			continue;
		if (depth[j] == 0 && tok_ch(&t->v[j], '{')) {
			ob = j;
			break;
		}
		if (depth[j] == 0 && (tok_ch(&t->v[j], ';') || tok_ch(&t->v[j], '}')))
			return 0;
	}
	if (ob == (size_t)-1 || ob < 3 || t->v[ob - 1].kind != T_RP)
		return 0;
	size_t rp = ob - 1, lp = open_of(t, rp, '(', ')');
	if (lp == (size_t)-1 || !lp || t->v[lp - 1].kind != T_IDENT || skipped(&t->v[lp - 1]))
		return 0;
	const struct tok *fn = &t->v[lp - 1];
	int is_static = 0;
	for (size_t j = lp - 1; j-- > 0 && (t->v[j].kind == T_IDENT || tok_ch(&t->v[j], '*'));)
		is_static |= tok_is(&t->v[j], "static");
	if (!is_static)
		return 0;
	/* the parameters: the identifier before each top-level ',' or the ')' */
	size_t ps[64], pe[64];
	long np = tp_split_args(t, lp, ps, pe, 64);
	if (np < 0)
		return 0;
	if (np == 1 && ps[0] == pe[0])
		np = 0; /* F() */
	int any = 0;
	for (size_t a = 0; a < na; a++) {
		param[a] = -1;
		if (ends[a] != starts[a] + 1 || t->v[starts[a]].kind != T_IDENT)
			continue;
		const struct tok *x = &t->v[starts[a]];
		for (long k = 0; k < np && param[a] < 0; k++)
			if (pe[k] > ps[k] && tok_same(&t->v[pe[k] - 1], x))
				param[a] = k;
		if (param[a] < 0)
			continue;
		for (size_t j = ob + 1; j < call && param[a] >= 0; j++)
			if (!skipped(&t->v[j]) && tok_same(&t->v[j], x) && !tp_is_member(t, j) &&
			    changed_at(t, j))
				param[a] = -1;
		any |= param[a] >= 0;
	}
	if (!any)
		return 0;
	/* F's calls */
	for (size_t j = 0; j < t->nr; j++) {
		const struct tok *k = &t->v[j];
		if (j == lp - 1 || k->kind != T_IDENT || !tok_same(k, fn))
			continue;
		const struct tok *prev = j ? &t->v[j - 1] : NULL;
		int callish = j + 1 < t->nr && t->v[j + 1].kind == T_LP;
		if (skipped(k) || !callish)
			goto fail;
		/* a declaration: a type before the name */
		if (prev && ((prev->kind == T_IDENT && !tok_is(prev, "return")) || tok_ch(prev, '*')))
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		long n = tp_split_args(t, j + 1, v[nr].s, v[nr].e, 64);
		if (n == 1 && v[nr].s[0] == v[nr].e[0])
			n = 0;
		if (n != np)
			goto fail;
		v[nr++].at = j;
	}
	if (!nr)
		goto fail;
	/*
	 * A file #included after F is declared may call it too (rcu's
	 * tree.c includes tree_nocb.h at its end): then not all its calls
	 * are here.
	 */
	size_t first = lp - 1;
	for (size_t j = 0; j < lp - 1 && first == lp - 1; j++)
		if (tok_same(&t->v[j], fn))
			first = j;
	const char *end = text + len;
	for (const char *p = t->v[first].p; p && p < end;
	     p = memchr(p, '\n', (size_t)(end - p)), p = p ? p + 1 : NULL) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p >= end || *p != '#')
			continue;
		for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
			;
		if ((size_t)(end - p) > 7 && !memcmp(p, "include", 7)) {
			const char *q = p + 7;
			while (q < end && (*q == ' ' || *q == '\t'))
				q++;
			if (q < end && *q != '<')
				goto fail;
		}
	}
	*calls = v;
	return nr;
fail:
	free(v);
	return 0;
}
