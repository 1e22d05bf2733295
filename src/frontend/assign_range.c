// SPDX-License-Identifier: MIT
/*
 * The values a plain '=' in TP_fast_assign() stores (field-truncated):
 * the source's type, and the range its expression proves.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "util.h"

/* The character the expression's spelling starts with, or 0. */
static int first_char(struct actx *a, CXCursor e, int *next)
{
	CXFile f;
	unsigned line, col, off;
	size_t size = 0;
	const char *text;

	tc_cx_file_pos(clang_getRangeStart(clang_getCursorExtent(e)), &f, &line, &col,
				  &off);
	text = f ? clang_getFileContents(a->t->tu, f, &size) : NULL;
	if (!text || off + 1 >= size)
		return 0;
	*next = text[off + 1];
	return text[off];
}

/* A value that is 0 or 1: a comparison, !, &&, ||, a _Bool, or ?: of those. */
static int boolean_value(struct actx *a, CXCursor e, int depth)
{
	struct tc_cursors cs = { 0 };
	int r = 0, next = 0;
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
	case CXCursor_UnaryOperator:
		r = first_char(a, e, &next) == '!' && next != '=';
		break;
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

typedef __int128 wide;

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
 * __builtin_choose_expr().
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
	}
	tc_cursors_release(&cs);
	return r;
}

static int value_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi);

/* The range of a binary operator's value from its operands'; 0 when only its type bounds it. */
static int binary_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi)
{
	struct tc_cursors cs = { 0 };
	wide l0, h0, l1, h1;
	int r = 0;

	tc_cx_children(e, &cs);
	char *op = cs.nr == 2 ? tc_as_binary_op(a, cs.v[0], cs.v[1]) : xstrdup("");
	/*
	 * + - * keep the low bits of wrapped operands; the others need their
	 * values.  An operator in a macro's body cannot be read (pipe_name(p)
	 * is ((p) + 'A')): taken as arithmetic, what it combines decides.
	 */
	int ring = !*op || !strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*");
	long long c;
	/* FIELD_GET(), GENMASK() masks: an operator with a constant, unread */
	if (!*op && cs.nr == 2 && (tc_cx_eval_int(cs.v[0], &c) || tc_cx_eval_int(cs.v[1], &c)))
		a->unread_op = 1;
	if (cs.nr != 2 || !value_range(a, cs.v[0], depth + 1, !ring || exact, &l0, &h0) ||
	    !value_range(a, cs.v[1], depth + 1, !ring || exact, &l1, &h1)) {
		free(op);
		tc_cursors_release(&cs);
		return 0;
	}
	r = 1;
	if (!strcmp(op, "&") && (l0 >= 0 || l1 >= 0)) {
		*lo = 0;
		*hi = l0 >= 0 && l1 >= 0 ? (h0 < h1 ? h0 : h1) : l0 >= 0 ? h0 : h1;
	} else if ((!strcmp(op, "|") || !strcmp(op, "^")) && l0 >= 0 && l1 >= 0) {
		*lo = 0;
		*hi = all_ones(h0 > h1 ? h0 : h1);
	} else if (ring) {
		/*
		 * Arithmetic: the widest operand's range.  Whether x + 1 or
		 * len - sizeof(hdr) overflows is not a narrowing: the field
		 * keeps the low bits, those of the exact value when the
		 * operands fit it.  (x << n and x * y in a macro are missed.)
		 */
		*lo = l0 < l1 ? l0 : l1;
		*hi = h0 > h1 ? h0 : h1;
	} else if (!strcmp(op, ">>") && l0 >= 0 && l1 == h1 && l1 >= 0 && l1 < 64) {
		*lo = l0 >> (int)l1;
		*hi = h0 >> (int)l1;
	} else if (!strcmp(op, "<<") && l0 >= 0 && l1 == h1 && l1 >= 0 && l1 < 64 &&
		   h0 < ((wide)1 << 64)) {
		*lo = l0 << (int)l1;
		*hi = h0 << (int)l1;
	} else if (!strcmp(op, "/") && l0 >= 0 && l1 > 0) {
		*lo = l0 / h1;
		*hi = h0 / l1;
	} else if (!strcmp(op, "%") && l0 >= 0 && l1 > 0) {
		*lo = 0;
		*hi = h1 - 1 < h0 ? h1 - 1 : h0;
	} else {
		r = 0;
	}
	free(op);
	tc_cursors_release(&cs);
	return r;
}

/* The arms of ?: together; 0 when an arm has no range. */
static int conditional_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo,
			     wide *hi)
{
	struct tc_cursors cs = { 0 };
	wide l1, h1, l2, h2;
	int r = 0;

	tc_cx_children(e, &cs);
	if (cs.nr == 3 && value_range(a, cs.v[1], depth + 1, exact, &l1, &h1) &&
	    value_range(a, cs.v[2], depth + 1, exact, &l2, &h2)) {
		*lo = l1 < l2 ? l1 : l2;
		*hi = h1 > h2 ? h1 : h2;
		r = 1;
	}
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
		r = value_range(a, cs.v[cs.nr - 1], depth + 1, 1, lo, hi);
	tc_cursors_release(&cs);
	return r;
}

/*
 * The values an expression can have: its own type's (before any implicit
 * conversion), narrowed by what the expression is.  0 for a value that
 * is not an integer.
 */
static int value_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi)
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
	if (depth > 16)
		return 1;
	if (k != CXCursor_StmtExpr && tc_cx_eval_int(s, &v)) {
		l = h = v;
		if (v < 0 && tlo == 0)
			l = h = (wide)v + thi + 1; /* an unsigned constant above LLONG_MAX */
		narrowed = 1;
	} else if (boolean_value(a, s, 0)) {
		l = 0;
		h = 1;
		narrowed = 1;
	} else if (k == CXCursor_BinaryOperator) {
		narrowed = binary_range(a, s, depth, exact, &l, &h);
	} else if (k == CXCursor_ConditionalOperator) {
		narrowed = conditional_range(a, s, depth, exact, &l, &h);
	} else if (k == CXCursor_MemberRefExpr) {
		narrowed = bitfield_range(s, &l, &h);
	} else if (k == CXCursor_CallExpr && tc_as_call_name_is(s, "PTR_ERR")) {
		l = -4095; /* MAX_ERRNO: what PTR_ERR() is used for */
		h = 0;
		narrowed = 1;
	} else if (k == CXCursor_StmtExpr || k == CXCursor_CStyleCastExpr) {
		narrowed = last_child_range(a, s, depth, &l, &h) && l >= tlo && h <= thi;
	} else if (k == CXCursor_UnaryOperator) {
		int next = 0, c = first_char(a, s, &next);
		struct tc_cursors cs = { 0 };
		tc_cx_children(s, &cs);
		if (c == '-' && next != '-' && cs.nr == 1 &&
		    value_range(a, cs.v[0], depth + 1, exact, &l, &h)) {
			wide x = l;
			l = -h;
			h = -x;
			narrowed = 1;
		}
		tc_cursors_release(&cs);
	}
	if (!narrowed && clang_getCanonicalType(t).kind == CXType_Enum)
		narrowed = enum_range(t, &l, &h);
	/*
	 * A range past the type's is a wrap-around: only the type bounds its
	 * value, but not its low bits, which what is stored keeps (!exact).
	 */
	if (narrowed && (!exact || (l >= tlo && h <= thi))) {
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
	int known = w->src_int && value_range(a, e, 0, 0, &lo, &hi);
	w->src_checked |= a->unread_op;
	if (known && (lo != tlo || hi != thi) && lo >= LLONG_MIN && hi <= LLONG_MAX) {
		w->src_range = 1;
		w->src_lo = (long long)lo;
		w->src_hi = (long long)hi;
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

