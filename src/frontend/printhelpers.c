// SPDX-License-Identifier: MIT
/* The print helpers (__get_str(), __print_symbolic(), ...) a print argument uses. */
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

/*
 * The helpers of the argument.  The PRINT pass has the getters call
 * __tc_h_get(name, &field->__data_loc_x) (or __rel_loc_x), and the
 * printing helpers the sinks __tc_h_print_*() with the kernel's
 * arguments; __print_symbolic() and __print_flags() build their table
 * as the static arrays 'symbols' and '__flags' the sink is handed.
 */
static int call_is(CXCursor c, const char *name)
{
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return 0;
	char *s = tc_cx_str(clang_getCursorSpelling(c));
	int r = !strcmp(s, name);
	free(s);
	return r;
}

struct desc_walk {
	char *name;
	int rel;
};

static enum CXChildVisitResult find_desc(CXCursor c, CXCursor parent, CXClientData data)
{
	struct desc_walk *w = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
		return CXChildVisit_Recurse;
	char *m = tc_cx_str(clang_getCursorSpelling(c));
	if (starts_with(m, "__data_loc_"))
		w->name = xstrdup(m + strlen("__data_loc_"));
	else if (starts_with(m, "__rel_loc_"))
		w->name = xstrdup(m + strlen("__rel_loc_")), w->rel = 1;
	free(m);
	return w->name ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* The field of a __tc_h_get()/__tc_h_get_len() call, and its helper name. */
static char *getter_field(CXCursor call, char **helper, int *rel)
{
	struct desc_walk w = { 0 };

	if (clang_Cursor_getNumArguments(call) != 2)
		return NULL;
	if (helper)
		*helper = tc_cx_eval_string_expr(clang_Cursor_getArgument(call, 0));
	CXCursor d = clang_Cursor_getArgument(call, 1);
	if (clang_getCursorKind(d) == CXCursor_MemberRefExpr)
		find_desc(d, d, &w);
	else
		clang_visitChildren(d, find_desc, &w);
	if (rel)
		*rel = w.rel;
	return w.name;
}

/* field->x itself (not field->x.y, nor what a pointer field points to): x, else NULL. */
static char *record_member(CXCursor e)
{
	struct tc_cursors cs = { 0 };
	char *name = NULL;

	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return NULL;
	tc_cx_children(e, &cs);
	if (cs.nr == 1) {
		CXCursor base = tc_cx_strip(cs.v[0]);
		char *b = tc_cx_str(clang_getCursorSpelling(base));
		/* __entry is the PRINT pass's alias __tc_field */
		if (clang_getCursorKind(base) == CXCursor_DeclRefExpr &&
		    (!strcmp(b, "field") || !strcmp(b, "__tc_field")))
			name = tc_cx_str(clang_getCursorSpelling(e));
		free(b);
	}
	tc_cursors_release(&cs);
	return name;
}

/* The buffer argument of a printing helper: which field's storage it starts at. */
static void helper_buf(CXCursor e, struct tc_helper_use *u)
{
	e = tc_cx_strip(e);
	if (call_is(e, "__tc_h_get")) {
		char *h = NULL;
		u->field = getter_field(e, &h, &u->field_rel);
		u->buf_dynamic = 1;
		if (h && !strcmp(h, "__print_dynamic_array")) {
			free(u->helper);
			u->helper = h;
		} else {
			free(h);
		}
		return;
	}
	if (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		/* an array member, decayed; a pointer member is not the record's storage */
		if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_ConstantArray)
			u->field = record_member(e);
		return;
	}
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator &&
	    clang_getCursorType(e).kind == CXType_Pointer) {
		struct tc_cursors cs = { 0 };
		tc_cx_children(e, &cs);
		if (cs.nr == 1) {
			CXCursor m = tc_cx_strip(cs.v[0]);
			enum CXTypeKind tk = clang_getCanonicalType(clang_getCursorType(m)).kind;
			/* &field->x: the address of the member, not a dereference */
			if (tk != CXType_Pointer)
				u->field = record_member(m);
		}
		tc_cursors_release(&cs);
	}
}

static void helper_count(CXCursor e, struct tc_helper_use *u)
{
	long long v;

	if (tc_cx_eval_int(e, &v)) {
		u->count = v;
		return;
	}
	e = tc_cx_strip(e);
	if (call_is(e, "__tc_h_get_len"))
		u->len_field = getter_field(e, NULL, NULL);
}

/* A table entry's name that is a null pointer constant: NULL, (void *)0, 0. */
static int null_pointer(CXCursor e)
{
	long long v;
	CXCursor s = tc_cx_strip(e);

	return clang_getCursorKind(s) == CXCursor_IntegerLiteral && tc_cx_eval_int(s, &v) && !v;
}

static void helper_table(CXCursor e, CXCursor sized, struct tc_helper_use *u)
{
	long long v = 0;

	u->table_sized = tc_cx_eval_int(sized, &v) && v;
	e = tc_cx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return;
	CXCursor var = clang_getCursorReferenced(e);
	if (clang_Cursor_isNull(var) || clang_getCursorKind(var) != CXCursor_VarDecl)
		return;
	struct tc_cursors cs = { 0 }, es = { 0 };
	tc_cx_children(var, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		if (clang_getCursorKind(cs.v[i]) != CXCursor_InitListExpr)
			continue;
		tc_cx_children(cs.v[i], &es);
		/* before 7.0, the last entry is the kernel's terminator { -1, NULL } */
		size_t nr = u->table_sized ? es.nr : es.nr - (es.nr > 0);
		u->syms_known = u->table_sized || es.nr > 0;
		for (size_t j = 0; j < nr; j++) {
			struct tc_cursors kv = { 0 };
			tc_cx_children(es.v[j], &kv);
			if (clang_getCursorKind(es.v[j]) != CXCursor_InitListExpr || kv.nr != 2) {
				u->syms_known = 0;
				tc_cursors_release(&kv);
				continue;
			}
			ALLOC_GROW(u->syms, u->nr_syms + 1, u->alloc_syms);
			struct tc_helper_sym *sy = &u->syms[u->nr_syms++];
			memset(sy, 0, sizeof(*sy));
			sy->value_known = tc_cx_eval_int(kv.v[0], &sy->value);
			sy->name = tc_cx_eval_string_expr(kv.v[1]);
			if (!sy->name && clang_getCursorKind(tc_cx_strip(kv.v[1])) == CXCursor_StringLiteral)
				sy->name = tc_cx_eval_string_expr(tc_cx_strip(kv.v[1]));
			sy->name_null = !sy->name && null_pointer(kv.v[1]);
			tc_cursors_release(&kv);
		}
		tc_cursors_release(&es);
		break;
	}
	tc_cursors_release(&cs);
}

/* The type of the value a table helper prints, before the sink's conversion. */
static void helper_value(CXCursor e, struct tc_helper_use *u)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(e);
		struct tc_cursors cs = { 0 };
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			break;
		tc_cx_children(e, &cs);
		int one = cs.nr == 1;
		if (one)
			e = cs.v[0];
		tc_cursors_release(&cs);
		if (!one)
			break;
	}
	CXType t = clang_getCursorType(e);
	CXType c = tc_cx_unenum(clang_getCanonicalType(t));
	if (c.kind == CXType_Int128)
		return; /* wider than any value a helper prints */
	if (clang_getCanonicalType(t).kind == CXType_Enum) {
		u->value_signed = tc_cx_type_signed_int(t); /* gcc's sign */
	} else switch (c.kind) {
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
		u->value_signed = 0;
		break;
	default:
		if (!tc_cx_signed_int(c.kind))
			return;
		u->value_signed = 1;
	}
	long long sz = clang_Type_getSizeOf(c);
	if (sz <= 0 || sz > 8)
		return;
	u->value_size = (int)sz;
	u->value_type = tc_cx_expr_type_name(e);
}

static struct tc_helper_use *add_helper(struct tc_printk_arg *a, const char *helper)
{
	ALLOC_GROW(a->helpers, a->nr_helpers + 1, a->alloc_helpers);
	struct tc_helper_use *u = &a->helpers[a->nr_helpers++];
	memset(u, 0, sizeof(*u));
	u->helper = xstrdup(helper);
	u->count = u->el_size = -1;
	u->value_size = -1;
	return u;
}

void tc_print_number_helpers(struct tc_printk_arg *a)
{
	for (size_t i = 0; i < a->nr_helpers; i++)
		for (size_t j = 0; j < i; j++)
			a->helpers[i].ordinal += !strcmp(a->helpers[i].helper, a->helpers[j].helper);
}

enum CXChildVisitResult tc_print_find_helpers(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pctx *x = data;
	struct tc_printk_arg *a = x->arg;
	int n = clang_Cursor_getNumArguments(c);

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	if (call_is(c, "__tc_h_get")) {
		char *h = NULL;
		int rel = 0;
		char *f = getter_field(c, &h, &rel);
		if (h && f && starts_with(h, "__get_")) {
			struct tc_helper_use *u = add_helper(a, h);
			u->field = f;
			u->field_rel = rel;
			u->restarts_tmp_seq = x->restart_pending && strstr(h, "mask");
			x->restart_pending = 0;
			u->whole_arg = clang_equalCursors(c, x->root);
			f = NULL;
		}
		free(h);
		free(f);
	} else if (call_is(c, "__tc_h_print_array") && n == 4) {
		struct tc_helper_use *u = add_helper(a, "__print_array");
		long long v;
		helper_buf(clang_Cursor_getArgument(c, 1), u);
		helper_count(clang_Cursor_getArgument(c, 2), u);
		if (tc_cx_eval_int(clang_Cursor_getArgument(c, 3), &v))
			u->el_size = v;
	} else if (call_is(c, "__tc_h_print_hex") && n == 4) {
		long long str = 0;
		tc_cx_eval_int(clang_Cursor_getArgument(c, 3), &str);
		struct tc_helper_use *u = add_helper(a, str ? "__print_hex_str" : "__print_hex");
		helper_buf(clang_Cursor_getArgument(c, 1), u);
		helper_count(clang_Cursor_getArgument(c, 2), u);
	} else if (call_is(c, "__tc_h_print_hex_dump") && n == 8) {
		struct tc_helper_use *u = add_helper(a, "__print_hex_dump");
		helper_buf(clang_Cursor_getArgument(c, 5), u);
		helper_count(clang_Cursor_getArgument(c, 6), u);
	} else if (call_is(c, "__tc_h_print_symbolic") && n == 4) {
		struct tc_helper_use *u = add_helper(a, "__print_symbolic");
		helper_table(clang_Cursor_getArgument(c, 2), clang_Cursor_getArgument(c, 3), u);
		helper_value(clang_Cursor_getArgument(c, 1), u);
	} else if (call_is(c, "__tc_h_print_flags") && n == 5) {
		struct tc_helper_use *u = add_helper(a, "__print_flags");
		helper_table(clang_Cursor_getArgument(c, 3), clang_Cursor_getArgument(c, 4), u);
		helper_value(clang_Cursor_getArgument(c, 1), u);
	} else if (call_is(c, "__tc_h_bitmask") && n == 4) {
		/* the getter inside it, visited next, is the bitmap it prints */
		long long v = 0;
		x->restart_pending = tc_cx_eval_int(clang_Cursor_getArgument(c, 3), &v) && v;
	}
	return CXChildVisit_Recurse;
}
