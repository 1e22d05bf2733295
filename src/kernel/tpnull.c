// SPDX-License-Identifier: MIT
/*
 * Calls that fire a tracepoint with a pointer the path to them leaves
 * NULL, for tracepoint-null-arg: the tree index's 'N', 'E' and (past the
 * innermost block) 'T' calls (tpindex.h).  tpscan.c has already looked
 * for the literal NULL and for the call in the block of an if (!x).
 *
 * For an argument that is a plain identifier x, the code before the call
 * is read backwards along the path that reaches it, as tpfree.c reads it
 * for frees: the statements before it in its block, then those before
 * the block in the enclosing ones, up to the function's opening brace.
 * A braced block before the call that does not mention x is stepped
 * over (the path through it, or past it, reaches the call with x
 * unchanged), and so is x passed whole to another trace_NAME() call;
 * the walk gives up at a block that mentions x (but see
 * 'E'), at a case or default label, at a return, goto, break or continue
 * statement, and at the function's start.  The first mention of x
 * decides:
 *
 *  - the statement x = NULL; (not under an if, a loop, ?: ...): 'N', x
 *    is NULL on every path from there to the call;
 *  - the condition of an if around the call (at any depth) that says x
 *    is NULL in the branch holding the call: 'T';
 *  - the condition of an if before the call, with no else, that tests x
 *    alone: if (!x) S where S neither leaves nor mentions x (S ran
 *    because x is NULL, and the path goes on), or if (x) S (when the test
 *    fails, the path goes on with x NULL); and a braced S that mentions
 *    x in the second case: 'E'.  The caller's own test says x can be
 *    NULL there, and nothing between the test and the call changes it.
 */
#include <stdlib.h>
#include <string.h>

#include "tpindex.h"
#include "tpindex_int.h"
#include "util.h"

static int skipped(const struct tok *k)
{
	return k->def >= 0 || k->defname;
}

/* Does (o, c) mention x (not as a member name)?  Or leave (return, goto ...)? */
static int mentions(const struct toks *t, size_t o, size_t c, const struct tok *x, int *leaves)
{
	int m = 0;

	*leaves = 0;
	for (size_t j = o + 1; j < c; j++) {
		const struct tok *k = &t->v[j];
		if (skipped(k))
			continue;
		if (tp_is_exit(k) || tok_is(k, "BUG") || tok_is(k, "panic"))
			*leaves = 1;
		if (k->kind == T_IDENT && tok_same(k, x) && !tp_is_member(t, j))
			m = 1;
	}
	return m;
}

/* The if statement whose condition's '(' is at lp: its parts; 0 if not one we follow. */
struct ifstmt {
	size_t lp, rp;	       /* the condition */
	size_t tb, te;	       /* the then branch: (tb, te), braces or the statement's ends */
	int has_else;
};

static int if_parts(const struct toks *t, size_t lp, struct ifstmt *s)
{
	const struct tok *v = t->v;
	const int *depth = tp_brace_depths(t);

	if (!lp || !tok_is(&v[lp - 1], "if"))
		return 0;
	s->lp = lp;
	s->rp = tp_close_of(t, lp);
	if (s->rp == (size_t)-1 || s->rp + 1 >= t->nr)
		return 0;
	size_t b = s->rp + 1;
	if (tok_ch(&v[b], '{')) {
		s->tb = b;
		s->te = (size_t)-1;
		for (size_t k = b + 1; k < t->nr; k++)
			if (tok_ch(&v[k], '}') && depth[k] == depth[b]) {
				s->te = k;
				break;
			}
		if (s->te == (size_t)-1)
			return 0;
	} else {
		/* a single simple statement: up to its ';', no braces, no nested if */
		s->tb = s->rp;
		for (size_t k = b, pd = 0; k < t->nr; k++) {
			const struct tok *x = &v[k];
			if (tok_ch(x, '{') || tok_ch(x, '}') || tok_is(x, "if") || tok_is(x, "for") ||
			    tok_is(x, "while") || tok_is(x, "do") || tok_is(x, "switch"))
				return 0;
			if (x->kind == T_LP)
				pd++;
			else if (x->kind == T_RP && pd)
				pd--;
			else if (tok_ch(x, ';') && !pd) {
				s->te = k;
				break;
			}
			if (k + 1 == t->nr)
				return 0;
		}
	}
	s->has_else = s->te + 1 < t->nr && tok_is(&v[s->te + 1], "else");
	return 1;
}

/*
 * The first mention of x on the walk back from the call at i is token j,
 * in the condition of an if (the '(' of that if at lp): what it says.
 */
static char by_test(const struct toks *t, size_t i, size_t lp, const struct tok *x)
{
	struct ifstmt s;
	int leaves;

	if (!if_parts(t, lp, &s))
		return 0;
	int cond = tp_null_cond(t, s.lp + 1, s.rp, x);
	if (!cond)
		return 0;
	if (i > s.tb && i < s.te)
		return cond == 1 ? 'T' : 0;
	if (i < s.te || s.has_else)
		return 0; /* the call in the else: tpscan.c's; or an else to follow */
	if (cond == 2)
		return 'E';
	/* if (!x) S: S runs with x NULL and must fall through, without touching x */
	if (mentions(t, s.tb, s.te, x, &leaves) || leaves)
		return 0;
	return 'E';
}

/* The innermost '(' around token j within its statement, or (size_t)-1. */
static size_t paren_around(const struct toks *t, size_t j)
{
	int depth = 0;

	for (size_t k = j; k-- > 0;) {
		const struct tok *x = &t->v[k];
		if (x->kind == T_RP) {
			depth++;
		} else if (x->kind == T_LP) {
			if (!depth--)
				return k;
		} else if (tok_ch(x, ';') || tok_ch(x, '{') || tok_ch(x, '}')) {
			break;
		}
	}
	return (size_t)-1;
}

/* The first mention of x before the call at i is token j: what it says. */
static char by_mention(const struct toks *t, size_t i, size_t j, const struct tok *x,
		       const char **at)
{
	const struct tok *v = t->v;

	*at = v[j].p;
	/* x = NULL; as a statement of its own */
	if (j && j + 3 < t->nr && tok_ch(&v[j + 1], '=') && tok_is(&v[j + 2], "NULL") &&
	    tok_ch(&v[j + 3], ';') &&
	    (tok_ch(&v[j - 1], ';') || tok_ch(&v[j - 1], '{') || tok_ch(&v[j - 1], '}')))
		return 'N';
	/* the condition of an if: if (!x), if (likely(x)) ... */
	size_t lp = paren_around(t, j);
	while (lp != (size_t)-1 && lp >= 2 && v[lp - 1].kind == T_IDENT &&
	       (tok_is(&v[lp - 1], "likely") || tok_is(&v[lp - 1], "unlikely")) &&
	       v[lp - 2].kind == T_LP)
		lp -= 2;
	if (lp != (size_t)-1 && lp && tok_is(&v[lp - 1], "if")) {
		*at = v[lp - 1].p;
		return by_test(t, i, lp, x);
	}
	/* if (x) x->m = ...; the then statement of a test that x is not NULL */
	for (size_t k = j; k-- > 0;) {
		if (tok_ch(&v[k], ';') || tok_ch(&v[k], '{') || tok_ch(&v[k], '}'))
			break;
		if (v[k].kind != T_RP)
			continue;
		size_t o = open_of(t, k, '(', ')');
		if (o == (size_t)-1 || !o)
			break;
		if (tok_is(&v[o - 1], "if")) {
			struct ifstmt s;
			if (if_parts(t, o, &s) && s.tb == s.rp && j > s.rp && j < s.te &&
			    !s.has_else && i > s.te && tp_null_cond(t, o + 1, k, x) == 2) {
				*at = v[o - 1].p;
				return 'E';
			}
			break;
		}
		k = o;
	}
	return 0;
}

/* A block (o, c) before the call that mentions x: if (x) { ... } with no else lets NULL past. */
static char by_block(const struct toks *t, size_t i, size_t o, size_t c, const struct tok *x,
		     const char **at)
{
	const struct tok *v = t->v;

	if (!o || v[o - 1].kind != T_RP || (c + 1 < t->nr && tok_is(&v[c + 1], "else")) || i < c)
		return 0;
	size_t lp = open_of(t, o - 1, '(', ')');
	if (lp == (size_t)-1 || !lp || !tok_is(&v[lp - 1], "if"))
		return 0;
	if (tp_null_cond(t, lp + 1, o - 1, x) != 2)
		return 0;
	*at = v[lp - 1].p;
	return 'E';
}

/* Is token j a whole argument of a trace_NAME() call (which cannot change it)? */
static int traced_arg(const struct toks *t, size_t j)
{
	const struct tok *v = t->v;

	if (!j || j + 1 >= t->nr || (v[j - 1].kind != T_LP && v[j - 1].kind != T_COMMA) ||
	    (v[j + 1].kind != T_RP && v[j + 1].kind != T_COMMA))
		return 0;
	size_t lp = paren_around(t, j);
	if (lp == (size_t)-1 || !lp || v[lp - 1].kind != T_IDENT)
		return 0;
	return v[lp - 1].n > 6 && !memcmp(v[lp - 1].p, "trace_", 6);
}

char tp_null_on_path(const struct toks *t, size_t i, const struct tok *x, const char **at)
{
	const struct tok *v = t->v;
	const int *depth = tp_brace_depths(t);
	int other_branch = 0, leaves;

	for (size_t j = i; j-- > 0;) {
		const struct tok *k = &v[j];
		if (skipped(k))
			continue;
		if (tok_ch(k, '}')) {
			size_t o = open_of(t, j, '{', '}');
			if (o == (size_t)-1 || depth[o] != depth[j])
				return 0;
			/* the branch before an else the walk came through is not on the path */
			if (!other_branch && mentions(t, o, j, x, &leaves))
				return by_block(t, i, o, j, x, at);
			other_branch = 0;
			j = o;
			continue;
		}
		if (tok_ch(k, '{')) {
			if (!depth[j])
				return 0; /* the function's start */
			continue;
		}
		if (tok_is(k, "else")) {
			if (!j || !tok_ch(&v[j - 1], '}'))
				return 0;
			other_branch = 1;
			continue;
		}
		if (tok_is(k, "case") || tok_is(k, "default"))
			return 0;
		if (tp_is_exit(k) && j &&
		    (tok_ch(&v[j - 1], ';') || tok_ch(&v[j - 1], '{') || tok_ch(&v[j - 1], '}') ||
		     tok_ch(&v[j - 1], ':')))
			return 0;
		if (k->kind != T_IDENT || !tok_same(k, x) || tp_is_member(t, j) || traced_arg(t, j))
			continue;
		return by_mention(t, i, j, x, at);
	}
	return 0;
}
