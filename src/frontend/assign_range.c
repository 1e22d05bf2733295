// SPDX-License-Identifier: MIT
/*
 * The values a plain '=' in TP_fast_assign() stores (field-truncated):
 * the source's type, and the range its expression proves -- masks,
 * shifts, %, comparisons, the arms of ?: under their condition (min(),
 * max(), clamp() and their kin), bit-fields, enums, locals and helpers
 * (assign_value.c), constants folded as the C type they have.
 *
 * At the top of the assign code + - * take the widest operand's range:
 * whether x + 1 overflows is no narrowing, the field keeps the low bits
 * of the exact value.  In a helper's body and in a condition the range
 * must hold for every value ("sound"): a sum that may wrap has only its
 * type's.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "util.h"

/* A value that is 0 or 1: a comparison, !, &&, ||, a _Bool, or ?: of those. */
static int boolean_value(struct actx *a, CXCursor e, int depth)
{
	struct tc_cursors cs = { 0 };
	int r = 0;
	long long v;

	e = tc_as_strip_implicit(e);
	if (depth > 8)
		return 0;
	if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Bool)
		return 1;
	switch (clang_getCursorKind(e)) {
	case CXCursor_BinaryOperator:
		tc_cx_children(e, &cs);
		if (cs.nr == 2) {
			char *op = tc_as_binary_op(a, cs.v[0], cs.v[1]);
			r = !strcmp(op, "==") || !strcmp(op, "!=") || !strcmp(op, "<") ||
			    !strcmp(op, ">") || !strcmp(op, "<=") || !strcmp(op, ">=") ||
			    !strcmp(op, "&&") || !strcmp(op, "||");
			free(op);
		}
		break;
	case CXCursor_UnaryOperator: {
		char *op = tc_as_unary_operator(a, e);
		r = !strcmp(op, "!");
		free(op);
		break;
	}
	case CXCursor_ConditionalOperator:
		tc_cx_children(e, &cs);
		if (cs.nr == 3) {
			r = 1;
			for (size_t i = 1; i < 3 && r; i++) {
				CXCursor b = tc_as_strip_implicit(cs.v[i]);
				if (tc_cx_eval_int(b, &v))
					r = v == 0 || v == 1;
				else
					r = boolean_value(a, b, depth + 1);
			}
		}
		break;
	default:
		break;
	}
	tc_cursors_release(&cs);
	return r;
}

/* ---- the range of an assigned value (field-truncated) ---- */

/* The values of an integer type (a bool, an enum's integer type), or 0. */
static int type_range(CXType t, wide *lo, wide *hi)
{
	CXType c = clang_getCanonicalType(t);
	long long size;

	if (c.kind == CXType_Bool) {
		*lo = 0;
		*hi = 1;
		return 1;
	}
	c = tc_cx_unenum(c);
	if (c.kind < CXType_Char_U || c.kind > CXType_Int128 || c.kind == CXType_Char16 ||
	    c.kind == CXType_Char32 || c.kind == CXType_WChar)
		return 0;
	size = clang_Type_getSizeOf(c);
	if (size <= 0 || size > 8)
		return 0;
	if (tc_cx_signed_int(c.kind)) {
		*lo = -((wide)1 << (size * 8 - 1));
		*hi = ((wide)1 << (size * 8 - 1)) - 1;
	} else {
		*lo = 0;
		*hi = ((wide)1 << (size * 8)) - 1;
	}
	return 1;
}

/* The smallest 2^n - 1 at or above v (v >= 0). */
static wide all_ones(wide v)
{
	wide m = 0;

	while (m < v)
		m = m * 2 + 1;
	return m;
}

/*
 * An enum's values: its enumerators' range, widened to all the bits of
 * the largest (flags or-ed together); 0 if it has none.
 */
static int enum_range(CXType t, wide *lo, wide *hi)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(t));
	struct tc_cursors cs = { 0 };
	int any = 0, is_unsigned = !tc_cx_signed_int(tc_cx_unenum(clang_getCanonicalType(t)).kind);

	tc_cx_children(d, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		if (clang_getCursorKind(cs.v[i]) != CXCursor_EnumConstantDecl)
			continue;
		wide v = is_unsigned ? (wide)clang_getEnumConstantDeclUnsignedValue(cs.v[i])
				     : (wide)clang_getEnumConstantDeclValue(cs.v[i]);
		if (!any || v < *lo)
			*lo = v;
		if (!any || v > *hi)
			*hi = v;
		any = 1;
	}
	tc_cursors_release(&cs);
	if (any && *lo >= 0) {
		*lo = 0;
		*hi = all_ones(*hi);
	}
	return any;
}

/* A member that is a bit-field: the values of its width. */
static int bitfield_range(CXCursor e, wide *lo, wide *hi)
{
	CXCursor d = clang_getCursorReferenced(e);
	int w;

	if (clang_getCursorKind(d) != CXCursor_FieldDecl || !clang_Cursor_isBitField(d))
		return 0;
	w = clang_getFieldDeclBitWidth(d);
	if (w <= 0 || w >= 64)
		return 0;
	if (tc_cx_signed_int(tc_cx_unenum(clang_getCanonicalType(clang_getCursorType(d))).kind)) {
		*lo = -((wide)1 << (w - 1));
		*hi = ((wide)1 << (w - 1)) - 1;
	} else {
		*lo = 0;
		*hi = ((wide)1 << w) - 1;
	}
	return 1;
}

/* A comparison: <, >, <= or >=. */
static int relational(struct actx *a, CXCursor e)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	e = tc_as_strip_implicit(e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return 0;
	tc_cx_children(e, &cs);
	if (cs.nr == 2) {
		char *op = tc_as_binary_op(a, cs.v[0], cs.v[1]);
		r = !strcmp(op, "<") || !strcmp(op, ">") || !strcmp(op, "<=") || !strcmp(op, ">=");
		free(op);
	}
	tc_cursors_release(&cs);
	return r;
}

/* Two expressions that name the same variable. */
static int same_variable(CXCursor x, CXCursor y)
{
	x = tc_as_strip_implicit(x);
	y = tc_as_strip_implicit(y);
	if (clang_getCursorKind(x) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(y) != CXCursor_DeclRefExpr)
		return 0;
	return clang_equalCursors(clang_getCursorReferenced(x), clang_getCursorReferenced(y));
}

static int range_checked(struct actx *a, CXCursor e, int depth);

/*
 * An arm of "x OP y ? x : y" (the kernel's __cmp() in min() and the
 * like, whose operator sits in a macro body where it cannot be read): one
 * of the variables the condition compares, or such a ?: itself (clamp()).
 */
static int picks_operand(struct actx *a, CXCursor cond, CXCursor arm, int depth)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	cond = tc_as_strip_implicit(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return 0;
	tc_cx_children(cond, &cs);
	if (cs.nr == 2)
		r = same_variable(cs.v[0], arm) || same_variable(cs.v[1], arm) ||
		    (clang_getCursorKind(tc_as_strip_implicit(arm)) == CXCursor_ConditionalOperator &&
		     range_checked(a, arm, depth + 1));
	tc_cursors_release(&cs);
	return r;
}

/*
 * A value range-checked where it is computed: ?: on a comparison, and
 * the kernel's min(), min_t(), clamp() and their kin, which are that ?:
 * at the end of a statement expression, possibly inside
 * __builtin_choose_expr(); a mask or a remainder of a size known at run
 * time (erofs_blkoff() is pos & (s_blocksize - 1)).
 */
static int range_checked(struct actx *a, CXCursor e, int depth)
{
	struct tc_cursors cs = { 0 };
	enum CXCursorKind k;
	int r = 0;

	e = tc_as_strip_implicit(e);
	k = clang_getCursorKind(e);
	if (depth > 4)
		return 0;
	tc_cx_children(e, &cs);
	if (k == CXCursor_ConditionalOperator) {
		r = cs.nr == 3 && (relational(a, cs.v[0]) || picks_operand(a, cs.v[0], cs.v[1], depth) ||
				   picks_operand(a, cs.v[0], cs.v[2], depth));
	} else if (k == CXCursor_StmtExpr || k == CXCursor_CompoundStmt) {
		r = cs.nr && range_checked(a, cs.v[cs.nr - 1], depth + 1);
	} else if (k == CXCursor_UnexposedExpr && cs.nr == 3) {
		/* __builtin_choose_expr(c, x, y) */
		r = range_checked(a, cs.v[1], depth + 1) || range_checked(a, cs.v[2], depth + 1);
	} else if (k == CXCursor_BinaryOperator && cs.nr == 2) {
		char *op = tc_as_operator(a, e);
		r = !strcmp(op, "&") || !strcmp(op, "%");
		free(op);
	}
	tc_cursors_release(&cs);
	return r;
}

/*
 * The same value: the same variable, constant, or member or element of
 * the same value (p->len twice, as "p->len > 255 ? 255 : p->len" reads it).
 */
static int same_value(CXCursor x, CXCursor y, int depth)
{
	struct tc_cursors xs = { 0 }, ys = { 0 };
	enum CXCursorKind k;
	long long vx, vy;
	int r = 0;

	x = tc_as_strip_implicit(x);
	y = tc_as_strip_implicit(y);
	k = clang_getCursorKind(x);
	if (depth > 8 || k != clang_getCursorKind(y))
		return 0;
	if (k == CXCursor_DeclRefExpr)
		return clang_equalCursors(clang_getCursorReferenced(x), clang_getCursorReferenced(y));
	if (k == CXCursor_IntegerLiteral)
		return tc_cx_eval_int(x, &vx) && tc_cx_eval_int(y, &vy) && vx == vy;
	if (k != CXCursor_MemberRefExpr && k != CXCursor_ArraySubscriptExpr)
		return 0;
	tc_cx_children(x, &xs);
	tc_cx_children(y, &ys);
	if (xs.nr == ys.nr && xs.nr >= 1 && xs.nr <= 2 &&
	    (k != CXCursor_MemberRefExpr ||
	     clang_equalCursors(clang_getCursorReferenced(x), clang_getCursorReferenced(y)))) {
		r = 1;
		for (size_t i = 0; i < xs.nr && r; i++)
			r = same_value(xs.v[i], ys.v[i], depth + 1);
	}
	tc_cursors_release(&xs);
	tc_cursors_release(&ys);
	return r;
}

static int is_ring(const char *op)
{
	return !strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*");
}

static int is_comparison(const char *op)
{
	return !strcmp(op, "<") || !strcmp(op, "<=") || !strcmp(op, ">") || !strcmp(op, ">=") ||
	       !strcmp(op, "==") || !strcmp(op, "!=");
}

/*
 * Does a comparison of these operands compare their values?  Not when
 * the usual conversions make a negative one unsigned.
 */
static int compares_values(CXCursor x, CXCursor y, wide l0, wide l1)
{
	CXType t = tc_cx_unenum(clang_getCanonicalType(clang_getCursorType(x)));
	CXType u = tc_cx_unenum(clang_getCanonicalType(clang_getCursorType(y)));

	return (l0 >= 0 && l1 >= 0) || (tc_cx_signed_int(t.kind) && tc_cx_signed_int(u.kind));
}

/* x OP y for x in l0..h0, y in l1..h1: 1 or 0 when the ranges decide it, else -1. */
static int decide(const char *op, wide l0, wide h0, wide l1, wide h1)
{
	if (!strcmp(op, "<"))
		return h0 < l1 ? 1 : l0 >= h1 ? 0 : -1;
	if (!strcmp(op, "<="))
		return h0 <= l1 ? 1 : l0 > h1 ? 0 : -1;
	if (!strcmp(op, ">"))
		return l0 > h1 ? 1 : h0 <= l1 ? 0 : -1;
	if (!strcmp(op, ">="))
		return l0 >= h1 ? 1 : h0 < l1 ? 0 : -1;
	int eq = l0 == h0 && l1 == h1 && l0 == l1, apart = h0 < l1 || h1 < l0;
	if (!strcmp(op, "=="))
		return eq ? 1 : apart ? 0 : -1;
	if (!strcmp(op, "!="))
		return eq ? 0 : apart ? 1 : -1;
	return -1;
}

/* A value wrapped to a type's bits (unsigned), or 0 when it does not fit (signed). */
static int wrap(CXType t, wide v, wide *out)
{
	wide tlo, thi;

	if (!type_range(t, &tlo, &thi))
		return 0;
	if (tlo == 0 && thi < ((wide)1 << 64)) {
		v %= thi + 1;
		if (v < 0)
			v += thi + 1;
	}
	*out = v;
	return v >= tlo && v <= thi;
}

/* x OP y for constants, as C computes it in the operator's type t. */
static int fold(const char *op, wide x, wide y, CXType t, wide *v)
{
	wide r;

	if (!strcmp(op, "+"))
		r = x + y;
	else if (!strcmp(op, "-"))
		r = x - y;
	else if (!strcmp(op, "*") && (x < ((wide)1 << 64) && x > -((wide)1 << 64)) &&
		 y < ((wide)1 << 62) && y > -((wide)1 << 62))
		r = x * y;
	else if ((!strcmp(op, "/") || !strcmp(op, "%")) && y != 0)
		r = !strcmp(op, "/") ? x / y : x % y;
	else if (!strcmp(op, "&"))
		r = x & y;
	else if (!strcmp(op, "|"))
		r = x | y;
	else if (!strcmp(op, "^"))
		r = x ^ y;
	else if (!strcmp(op, "<<") && y >= 0 && y < 64 && x >= 0 && x < ((wide)1 << 64))
		r = x << (int)y;
	else if (!strcmp(op, ">>") && y >= 0 && y < 64)
		r = x >> (int)y;
	else
		return 0;
	return wrap(t, r, v);
}

static void assume_push(struct actx *a, CXCursor e, wide lo, wide hi)
{
	if (a->nr_assume >= (int)ARRAY_SIZE(a->assume))
		return;
	a->assume[a->nr_assume].e = e;
	a->assume[a->nr_assume].lo = lo;
	a->assume[a->nr_assume].hi = hi;
	a->nr_assume++;
}

/* A value the condition of an arm compares: a variable, or a member or element of one. */
static int assumable(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(tc_as_strip_implicit(e));

	return k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
	       k == CXCursor_ArraySubscriptExpr;
}

/*
 * What an arm of ?: (truth: the then arm, or the else) may assume of
 * the values its condition compares: "x < y" bounds x by y and y by x.
 * Pushed on a->assume; 0 when the arm cannot be taken.
 */
static int assume_arm(struct actx *a, CXCursor cond, int truth, int depth)
{
	struct tc_cursors cs = { 0 };
	wide l0, h0, l1, h1;
	int r = 1;

	cond = tc_as_strip_implicit(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return 1;
	tc_cx_children(cond, &cs);
	char *op = cs.nr == 2 ? tc_as_operator(a, cond) : xstrdup("");
	if (!is_comparison(op) || (!assumable(cs.v[0]) && !assumable(cs.v[1])))
		goto out;
	a->sound++;
	int known = tc_as_value_range(a, cs.v[0], depth + 1, 1, &l0, &h0) &&
		    tc_as_value_range(a, cs.v[1], depth + 1, 1, &l1, &h1);
	a->sound--;
	if (!known || !compares_values(cs.v[0], cs.v[1], l0, l1))
		goto out;
	/* the arm's relation: x REL y */
	const char *rel = op;
	if (!truth) {
		static const char *const neg[][2] = { { "<", ">=" }, { "<=", ">" }, { ">", "<=" },
						      { ">=", "<" }, { "==", "!=" }, { "!=", "==" } };
		for (size_t i = 0; i < ARRAY_SIZE(neg); i++)
			if (!strcmp(op, neg[i][0]))
				rel = neg[i][1];
	}
	wide nl0 = l0, nh0 = h0, nl1 = l1, nh1 = h1;
	if (!strcmp(rel, "<") || !strcmp(rel, "<=")) {
		int strict = !strcmp(rel, "<");
		nh0 = h0 < h1 - strict ? h0 : h1 - strict;
		nl1 = l1 > l0 + strict ? l1 : l0 + strict;
	} else if (!strcmp(rel, ">") || !strcmp(rel, ">=")) {
		int strict = !strcmp(rel, ">");
		nl0 = l0 > l1 + strict ? l0 : l1 + strict;
		nh1 = h1 < h0 - strict ? h1 : h0 - strict;
	} else if (!strcmp(rel, "==")) {
		nl0 = nl1 = l0 > l1 ? l0 : l1;
		nh0 = nh1 = h0 < h1 ? h0 : h1;
	}
	if (nl0 > nh0 || nl1 > nh1) {
		r = 0;
		goto out;
	}
	if (assumable(cs.v[0]))
		assume_push(a, tc_as_strip_implicit(cs.v[0]), nl0, nh0);
	if (assumable(cs.v[1]))
		assume_push(a, tc_as_strip_implicit(cs.v[1]), nl1, nh1);
out:
	free(op);
	tc_cursors_release(&cs);
	return r;
}

int tc_as_truth(struct actx *a, CXCursor e, int depth)
{
	wide lo, hi;
	int r = -1;

	a->sound++;
	if (tc_as_value_range(a, e, depth + 1, 1, &lo, &hi))
		r = lo == 0 && hi == 0 ? 0 : lo > 0 || hi < 0 ? 1 : -1;
	a->sound--;
	return r;
}

/* && and ||: decided by the operands' truth where it can be. */
static int logical_range(struct actx *a, CXCursor x, CXCursor y, int is_and, int depth, wide *lo,
			 wide *hi)
{
	int t0 = tc_as_truth(a, x, depth), t1 = -1;

	if (t0 != (is_and ? 0 : 1))
		t1 = tc_as_truth(a, y, depth);
	if (is_and)
		*lo = *hi = t0 == 0 || t1 == 0 ? 0 : t0 == 1 && t1 == 1 ? 1 : -1;
	else
		*lo = *hi = t0 == 1 || t1 == 1 ? 1 : t0 == 0 && t1 == 0 ? 0 : -1;
	if (*lo < 0) {
		*lo = 0;
		*hi = 1;
	}
	return 1;
}

/* The range of a binary operator's value from its operands'; 0 when only its type bounds it. */
static int binary_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi)
{
	struct tc_cursors cs = { 0 };
	wide l0, h0, l1, h1;
	int r = 0;

	tc_cx_children(e, &cs);
	char *op = cs.nr == 2 ? tc_as_operator(a, e) : xstrdup("");
	/*
	 * + - * keep the low bits of wrapped operands; the others need their
	 * values.  An operator that cannot be read is taken as arithmetic:
	 * what it combines decides -- outside a sound range.
	 */
	int ring = !*op || is_ring(op);
	long long c;
	/* an operator with a constant, unread: a mask or a shift, maybe */
	if (!*op && cs.nr == 2 && (tc_cx_eval_int(cs.v[0], &c) || tc_cx_eval_int(cs.v[1], &c)))
		a->unread_op = 1;
	if (cs.nr != 2 || (!*op && a->sound))
		goto out;
	if (!strcmp(op, "&&") || !strcmp(op, "||")) {
		r = logical_range(a, cs.v[0], cs.v[1], !strcmp(op, "&&"), depth, lo, hi);
		goto out;
	}
	int sound = a->sound || exact || !ring;
	if (!tc_as_value_range(a, cs.v[0], depth + 1, sound, &l0, &h0) ||
	    !tc_as_value_range(a, cs.v[1], depth + 1, sound, &l1, &h1))
		goto out;
	r = 1;
	if (is_comparison(op)) {
		int d = compares_values(cs.v[0], cs.v[1], l0, l1) ? decide(op, l0, h0, l1, h1) : -1;
		*lo = d < 0 ? 0 : d;
		*hi = d < 0 ? 1 : d;
	} else if (*op && l0 == h0 && l1 == h1 && fold(op, l0, l1, clang_getCursorType(e), lo)) {
		*hi = *lo;
	} else if (!strcmp(op, "&") && (l0 >= 0 || l1 >= 0)) {
		*lo = 0;
		*hi = l0 >= 0 && l1 >= 0 ? (h0 < h1 ? h0 : h1) : l0 >= 0 ? h0 : h1;
	} else if ((!strcmp(op, "|") || !strcmp(op, "^")) && l0 >= 0 && l1 >= 0) {
		*lo = 0;
		*hi = all_ones(h0 > h1 ? h0 : h1);
	} else if (ring && a->sound && *op) {
		/* every value: the sum, difference or product of the ranges */
		if (!strcmp(op, "+")) {
			*lo = l0 + l1;
			*hi = h0 + h1;
		} else if (!strcmp(op, "-")) {
			*lo = l0 - h1;
			*hi = h0 - l1;
		} else if (l0 >= 0 && l1 >= 0 && h0 < ((wide)1 << 64) && h1 < ((wide)1 << 62)) {
			*lo = l0 * l1;
			*hi = h0 * h1;
		} else {
			r = 0;
		}
	} else if (ring) {
		/*
		 * Arithmetic: the widest operand's range.  Whether x + 1 or
		 * len - sizeof(hdr) overflows is not a narrowing: the field
		 * keeps the low bits, those of the exact value when the
		 * operands fit it.
		 */
		*lo = l0 < l1 ? l0 : l1;
		*hi = h0 > h1 ? h0 : h1;
	} else if (!strcmp(op, ">>") && l0 >= 0 && l1 >= 0 && h1 < 64) {
		*lo = l0 >> (int)h1;
		*hi = h0 >> (int)l1;
	} else if (!strcmp(op, "<<") && l0 >= 0 && l1 >= 0 && h1 < 64 &&
		   h0 < ((wide)1 << (64 - (int)h1))) {
		*lo = l0 << (int)l1;
		*hi = h0 << (int)h1;
	} else if (!strcmp(op, "/") && l0 >= 0 && l1 > 0) {
		*lo = l0 / h1;
		*hi = h0 / l1;
	} else if (!strcmp(op, "%") && l0 >= 0 && l1 > 0) {
		*lo = 0;
		*hi = h1 - 1 < h0 ? h1 - 1 : h0;
	} else {
		r = 0;
	}
out:
	free(op);
	tc_cursors_release(&cs);
	return r;
}

/*
 * The arms of ?: together, each under what its condition says of the
 * values it compares (min(), max(), clamp(): "x < y ? x : y" is at most
 * y); only the arm a decided condition takes.  0 when an arm has no range.
 */
static int conditional_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo,
			     wide *hi)
{
	struct tc_cursors cs = { 0 };
	int r = 0, any = 0;

	tc_cx_children(e, &cs);
	if (cs.nr != 3)
		goto out;
	int truth = tc_as_truth(a, cs.v[0], depth);
	r = 1;
	for (int arm = 1; arm <= 2 && r; arm++) {
		int saved = a->nr_assume;
		wide l, h;
		if (truth == (arm == 1 ? 0 : 1))
			continue; /* not taken */
		if (!assume_arm(a, cs.v[0], arm == 1, depth)) {
			a->nr_assume = saved;
			continue; /* cannot be taken */
		}
		r = tc_as_value_range(a, cs.v[arm], depth + 1, exact, &l, &h);
		a->nr_assume = saved;
		if (!r)
			break;
		if (!any || l < *lo)
			*lo = l;
		if (!any || h > *hi)
			*hi = h;
		any = 1;
	}
	r = r && any;
out:
	tc_cursors_release(&cs);
	return r;
}

/*
 * A statement expression's value (min(), FIELD_GET()) or a cast's operand:
 * the last child, its own values (a cast keeps those that fit its type).
 */
static int last_child_range(struct actx *a, CXCursor e, int depth, wide *lo, wide *hi)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	tc_cx_children(e, &cs);
	if (cs.nr && clang_getCursorKind(e) == CXCursor_StmtExpr) {
		CXCursor body = cs.v[0];
		tc_cursors_release(&cs);
		tc_cx_children(body, &cs);
	}
	if (cs.nr && clang_isExpression(clang_getCursorKind(cs.v[cs.nr - 1])))
		r = tc_as_value_range(a, cs.v[cs.nr - 1], depth + 1, 1, lo, hi);
	tc_cursors_release(&cs);
	return r;
}

/* -x, ~x, !x from x's range. */
static int unary_range(struct actx *a, CXCursor e, int depth, int exact, CXType t, wide *lo,
		       wide *hi)
{
	struct tc_cursors cs = { 0 };
	char *op = tc_as_unary_operator(a, e);
	wide l, h, tlo, thi;
	int r = 0;

	tc_cx_children(e, &cs);
	if (cs.nr != 1 || !type_range(t, &tlo, &thi))
		goto out;
	if (!strcmp(op, "!")) {
		int truth = tc_as_truth(a, cs.v[0], depth);
		*lo = truth == 0 ? 1 : 0;
		*hi = truth == 1 ? 0 : 1;
		r = 1;
	} else if ((!strcmp(op, "-") || !strcmp(op, "~") || !strcmp(op, "+")) &&
		   tc_as_value_range(a, cs.v[0], depth + 1, exact || a->sound, &l, &h)) {
		wide x = l;
		r = 1;
		if (!strcmp(op, "+")) {
			*lo = l;
			*hi = h;
		} else if (l == h) {
			r = wrap(t, !strcmp(op, "-") ? -l : ~l, lo);
			*hi = *lo;
		} else if (!strcmp(op, "-") && !a->sound) {
			*lo = -h; /* past the type: its low bits (!exact) */
			*hi = -x;
		} else if (!strcmp(op, "-") && tlo < 0) {
			*lo = -h;
			*hi = -x;
		} else if (!strcmp(op, "~")) {
			*lo = tlo < 0 ? -h - 1 : thi - h;
			*hi = tlo < 0 ? -x - 1 : thi - x;
		} else {
			r = 0;
		}
	}
out:
	free(op);
	tc_cursors_release(&cs);
	return r;
}

/* __builtin_choose_expr(c, x, y): the arm the constant c chooses. */
static int chosen_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi)
{
	struct tc_cursors cs = { 0 };
	long long c;
	int r = 0;

	tc_cx_children(e, &cs);
	if (cs.nr == 3 && clang_isExpression(clang_getCursorKind(cs.v[0])) &&
	    tc_cx_eval_int(cs.v[0], &c))
		r = tc_as_value_range(a, cs.v[c ? 1 : 2], depth + 1, exact, lo, hi);
	tc_cursors_release(&cs);
	return r;
}

/* What a->assume says of e: its range narrowed to each assumption on the same value. */
static void assumed(struct actx *a, CXCursor e, wide *l, wide *h, int *narrowed)
{
	for (int i = 0; i < a->nr_assume; i++) {
		if (!same_value(e, a->assume[i].e, 0))
			continue;
		if (a->assume[i].lo > *l)
			*l = a->assume[i].lo;
		if (a->assume[i].hi < *h)
			*h = a->assume[i].hi;
		*narrowed = 1;
	}
}

/*
 * A value held in a variable, a member or returned from a helper: its
 * source's range when the type holds it (a single value wraps to the
 * type's bits), else the type's.
 */
static int converted(CXType t, wide tlo, wide thi, wide *l, wide *h)
{
	if (*l >= tlo && *h <= thi)
		return 1;
	if (*l != *h || !wrap(t, *l, l))
		return 0;
	*h = *l;
	return 1;
}

/*
 * The values an expression can have: its own type's (before any implicit
 * conversion), narrowed by what the expression is.  0 for a value that
 * is not an integer.
 */
int tc_as_value_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi)
{
	CXCursor s = tc_as_strip_implicit(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	CXType t = clang_getCursorType(s);
	wide tlo, thi, l = 0, h = 0;
	long long v;
	int narrowed = 0;

	if (!type_range(t, &tlo, &thi))
		return 0;
	*lo = tlo;
	*hi = thi;
	if (depth > 48 || --a->budget <= 0)
		return 1;
	if (k != CXCursor_StmtExpr && tc_cx_eval_int(s, &v)) {
		l = h = v;
		if (v < 0 && tlo == 0)
			l = h = (wide)v + thi + 1; /* an unsigned constant above LLONG_MAX */
		narrowed = 1;
	} else if (k == CXCursor_BinaryOperator) {
		narrowed = binary_range(a, s, depth, exact, &l, &h);
	} else if (k == CXCursor_ConditionalOperator) {
		narrowed = conditional_range(a, s, depth, exact, &l, &h);
	} else if (k == CXCursor_MemberRefExpr) {
		narrowed = bitfield_range(s, &l, &h) ||
			   (tc_as_member_range(a, s, depth, &l, &h) && converted(t, tlo, thi, &l, &h));
	} else if (k == CXCursor_DeclRefExpr) {
		narrowed = tc_as_variable_range(a, s, depth, &l, &h) && converted(t, tlo, thi, &l, &h);
	} else if (k == CXCursor_CallExpr && tc_as_call_name_is(s, "PTR_ERR")) {
		l = -4095; /* MAX_ERRNO: what PTR_ERR() is used for */
		h = 0;
		narrowed = 1;
	} else if (k == CXCursor_CallExpr && (tc_as_call_name_is(s, "__builtin_expect") ||
					      tc_as_call_name_is(s, "__builtin_expect_with_probability"))) {
		narrowed = clang_Cursor_getNumArguments(s) >= 1 &&
			   tc_as_value_range(a, clang_Cursor_getArgument(s, 0), depth + 1, 1, &l, &h) &&
			   converted(t, tlo, thi, &l, &h);
	} else if (k == CXCursor_CallExpr) {
		narrowed = tc_as_call_range(a, s, depth, &l, &h) && converted(t, tlo, thi, &l, &h);
	} else if (k == CXCursor_StmtExpr || k == CXCursor_CStyleCastExpr) {
		narrowed = last_child_range(a, s, depth, &l, &h) && l >= tlo && h <= thi;
	} else if (k == CXCursor_UnaryOperator) {
		narrowed = unary_range(a, s, depth, exact, t, &l, &h);
	} else if (k == CXCursor_UnexposedExpr) {
		narrowed = chosen_range(a, s, depth, exact, &l, &h);
	}
	if (!narrowed && boolean_value(a, s, 0)) {
		l = 0;
		h = 1;
		narrowed = 1;
	}
	if (!narrowed && clang_getCanonicalType(t).kind == CXType_Enum)
		narrowed = enum_range(t, &l, &h);
	if (a->nr_assume && (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
			     k == CXCursor_ArraySubscriptExpr)) {
		if (!narrowed) {
			l = tlo;
			h = thi;
		}
		assumed(a, s, &l, &h, &narrowed);
		if (l > h)
			narrowed = 0;
	}
	/*
	 * A range past the type's is a wrap-around: only the type bounds its
	 * value, but not its low bits, which what is stored keeps (!exact).
	 */
	if (narrowed && ((!exact && !a->sound) || (l >= tlo && h <= thi))) {
		*lo = l;
		*hi = h;
	}
	return 1;
}

/* What bounds the value a plain '=' stores, beyond its type (field-truncated). */
static void record_source_range(struct actx *a, struct tc_write *w, CXCursor rhs)
{
	CXCursor e = tc_as_strip_implicit(rhs);
	wide lo, hi, tlo, thi;

	w->src_cast = clang_getCursorKind(e) == CXCursor_CStyleCastExpr;
	w->src_checked = range_checked(a, e, 0);
	w->src_int = type_range(clang_getCursorType(e), &tlo, &thi);
	a->unread_op = 0;
	a->budget = 4000;
	int known = w->src_int && tc_as_value_range(a, e, 0, 0, &lo, &hi);
	w->src_checked |= a->unread_op;
	if (known && (lo != tlo || hi != thi) && lo >= LLONG_MIN && hi <= LLONG_MAX) {
		w->src_range = 1;
		w->src_lo = (long long)lo;
		w->src_hi = (long long)hi;
		w->src_lo_open = lo == tlo && tlo < 0;
		w->src_hi_open = hi == thi;
	}
}

/* What a plain '=' stores in a field: the value before its conversion. */
void tc_as_record_source(struct actx *a, struct tc_write *w, CXCursor rhs)
{
	CXCursor e = tc_as_strip_implicit(rhs);
	CXType t = clang_getCursorType(e), c = clang_getCanonicalType(t);
	long long v;

	if (c.kind == CXType_Invalid || c.kind == CXType_Unexposed || clang_Type_getSizeOf(c) <= 0)
		return;
	w->src_known = 1;
	w->src_size = clang_Type_getSizeOf(c);
	w->src_signed = tc_cx_type_signed_int(c);
	c = tc_cx_unenum(c);
	w->src_bool = boolean_value(a, e, 0);
	if (clang_getCursorKind(e) != CXCursor_StmtExpr && tc_cx_eval_int(e, &v)) {
		w->src_const = 1;
		w->src_value = v;
	}
	w->src_type = tc_cx_expr_type_name(e);
	record_source_range(a, w, rhs);
}
