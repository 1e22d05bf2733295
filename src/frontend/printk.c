// SPDX-License-Identifier: MIT
/*
 * TP_printk(): what the PRINT pass's output function says of each
 * argument: the functions it calls, the enumerators it refers to, its
 * type.  The print fmt and where each argument is: printloc.c; the names
 * not in scope: printforeign.c; the print helpers: printhelpers.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

/* ---- the PRINT pass's output function ---- */

/* The first piece of the expression spelled inside a raw argument. */
static enum CXChildVisitResult find_raw(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pctx *x = data;
	CXSourceLocation l = clang_getCursorLocation(c);

	(void)parent;
	if (tc_cx_in_header(x->t, l)) {
		unsigned off = tc_cx_file_offset(l);
		for (size_t i = 0; i < x->p->nr_raw_args; i++) {
			if (off >= x->p->raw_range[2 * i] && off <= x->p->raw_range[2 * i + 1]) {
				x->raw = (long)i;
				return CXChildVisit_Break;
			}
		}
	}
	return CXChildVisit_Recurse;
}

static void reattach(struct pctx *x, struct tc_printk_arg *a, size_t ri)
{
	if (ri == a->raw_index)
		return;
	a->raw_index = ri;
	free(a->raw);
	a->raw = xstrdup(x->p->raw_args[ri]);
	for (size_t j = 0; j < a->nr_macros; j++)
		free(a->macros[j].name);
	a->nr_macros = 0;
	a->loc = x->p->raw_locs[ri];
	a->loc_exact = 1;
	tc_print_attach_macros(x->t, a, x->p->raw_range[2 * ri], x->p->raw_range[2 * ri + 1]);
}

static enum CXChildVisitResult find_printf(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pctx *x = data;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXString s = clang_getCursorSpelling(c);
		int hit = !strcmp(clang_getCString(s), "__tc_printf");
		clang_disposeString(s);
		if (hit) {
			x->printf_call = c;
			x->found = 1;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static int word_in(const char *text, const char *word)
{
	size_t n = strlen(word);

	if (!n)
		return 0;
	for (const char *p = strstr(text, word); p; p = strstr(p + 1, word)) {
		int before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		int after = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (before && after)
			return 1;
	}
	return 0;
}

static enum CXChildVisitResult find_calls(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pctx *x = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	if (starts_with(name, "__tc_")) {
		free(name);
		return CXChildVisit_Recurse;
	}
	struct tc_printk_arg *a = x->arg;
	ALLOC_GROW(a->calls, a->nr_calls + 1, a->alloc_calls);
	struct tc_call *k = &a->calls[a->nr_calls++];
	memset(k, 0, sizeof(*k));
	k->callee = name;
	CXSourceLocation cl = clang_getCursorLocation(c);
	k->loc = tc_cx_file_loc(x->t, cl);
	if (k->loc.file != x->t->h->path)
		k->loc = a->loc;
	CXCursor ref = clang_getCursorReferenced(c);
	k->declared = 0;
	if (!clang_Cursor_isNull(ref)) {
		/*
		 * C's implicit declaration of an undeclared name is "int ()",
		 * without a prototype; the kernel declares every function with
		 * one (-Wstrict-prototypes).  Anything else called (a function
		 * pointer variable or field) is declared.
		 */
		if (clang_getCursorKind(ref) == CXCursor_FunctionDecl)
			k->declared = clang_getCursorType(ref).kind != CXType_FunctionNoProto ||
				      starts_with(name, "__builtin_");
		else
			k->declared = 1;
	}
	(void)cl;
	k->from_macro = !word_in(a->raw, name);
	return CXChildVisit_Recurse;
}

/*
 * Enumerators the argument refers to.  The PRINT pass turns the tables
 * of __print_symbolic() and __print_flags() into the initialisers of
 * the arrays 'symbols' and '__flags', as the kernel's output function
 * does: what is referred to inside them is a table value.
 */
struct eref_walk {
	struct pctx *x;
	int in_table;
};

static enum CXChildVisitResult find_enum_refs(CXCursor c, CXCursor parent, CXClientData data)
{
	struct eref_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_VarDecl) {
		char *name = tc_cx_str(clang_getCursorSpelling(c));
		int table = !strcmp(name, "symbols") || !strcmp(name, "__flags");
		free(name);
		if (table && !w->in_table) {
			struct eref_walk in = { w->x, 1 };
			clang_visitChildren(c, find_enum_refs, &in);
			return CXChildVisit_Continue;
		}
		return CXChildVisit_Recurse;
	}
	if (k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor ref = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(ref) || clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Recurse;
	struct tc_printk_arg *a = w->x->arg;
	char *name = tc_cx_str(clang_getCursorSpelling(ref));
	struct tc_enum_ref *r = NULL;
	for (size_t i = 0; i < a->nr_enum_refs && !r; i++)
		if (!strcmp(a->enum_refs[i].name, name))
			r = &a->enum_refs[i];
	if (!r) {
		ALLOC_GROW(a->enum_refs, a->nr_enum_refs + 1, a->alloc_enum_refs);
		r = &a->enum_refs[a->nr_enum_refs++];
		memset(r, 0, sizeof(*r));
		r->name = name;
		name = NULL;
		r->value = clang_getEnumConstantDeclValue(ref);
		r->decl_loc = tc_cx_file_loc(w->x->t, clang_getCursorLocation(ref));
		CXCursor en = clang_getCursorSemanticParent(ref);
		if (!clang_Cursor_isNull(en) && clang_getCursorKind(en) == CXCursor_EnumDecl) {
			r->enum_name = clang_Cursor_isAnonymous(en)
					       ? xstrdup("")
					       : tc_cx_str(clang_getCursorSpelling(en));
			r->enum_loc = tc_cx_file_loc(w->x->t, clang_getCursorLocation(en));
		} else {
			r->enum_name = xstrdup("");
		}
	}
	free(name);
	if (w->in_table)
		r->in_table = 1;
	else
		r->outside_table = 1;
	return CXChildVisit_Recurse;
}

/* An expression in the argument the compiler could not type. */
static enum CXChildVisitResult find_untyped(CXCursor c, CXCursor parent, CXClientData data)
{
	int *bad = data;
	enum CXTypeKind k = clang_getCursorType(c).kind;

	(void)parent;
	if (clang_isExpression(clang_getCursorKind(c)) &&
	    (k == CXType_Invalid || k == CXType_Dependent)) {
		*bad = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int is_char_kind(enum CXTypeKind k)
{
	return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar || k == CXType_UChar;
}

/* An argument's sign: wchar_t counts as signed, a float does not. */
static int type_signed(CXType ct)
{
	if (clang_getCanonicalType(ct).kind == CXType_Enum)
		return tc_cx_type_signed_int(ct); /* gcc's sign */
	ct = tc_cx_unenum(ct);
	return ct.kind == CXType_WChar || tc_cx_signed_int(ct.kind);
}

/*
 * Parentheses, and the implicit conversions that keep the type or only
 * decay an array (REC->comm as char [16], not char *).
 */
static CXCursor strip_implicit(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct tc_cursors cs = { 0 };

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		tc_cx_children(c, &cs);
		if (cs.nr != 1 || !clang_isExpression(clang_getCursorKind(cs.v[0]))) {
			tc_cursors_release(&cs);
			return c;
		}
		CXCursor in = cs.v[0];
		tc_cursors_release(&cs);
		CXType to = clang_getCanonicalType(clang_getCursorType(c));
		CXType from = clang_getCanonicalType(clang_getCursorType(in));
		int decay = to.kind == CXType_Pointer &&
			    (from.kind == CXType_ConstantArray || from.kind == CXType_IncompleteArray);
		if (k == CXCursor_UnexposedExpr && !decay && !clang_equalTypes(to, from))
			return c;
		c = in;
	}
}

/*
 * The type of the print argument e, as the compiler sees it before the
 * default argument promotions: what the kernel's vsnprintf() is given.
 */
static void arg_type(struct tc_printk_arg *a, CXCursor e)
{
	CXType ty = clang_getCursorType(e), ct = clang_getCanonicalType(ty);
	int bad = 0;

	for (size_t i = 0; i < a->nr_calls; i++)
		bad |= !a->calls[i].declared; /* its int is C's guess */
	if (ct.kind == CXType_Invalid || ct.kind == CXType_Dependent)
		bad = 1;
	if (!bad)
		clang_visitChildren(e, find_untyped, &bad);
	if (bad)
		return;
	switch (ct.kind) {
	case CXType_Bool:
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_Char16:
	case CXType_Char32:
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
	case CXType_UInt128:
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_WChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Int128:
	case CXType_Enum:
		a->type_class = TC_AT_INT;
		break;
	case CXType_Float:
	case CXType_Double:
	case CXType_LongDouble:
		a->type_class = TC_AT_FLOAT;
		break;
	case CXType_Pointer:
	case CXType_BlockPointer:
		a->type_class = TC_AT_PTR;
		break;
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
		a->type_class = TC_AT_ARRAY;
		break;
	default:
		a->type_class = TC_AT_OTHER;
		break;
	}
	a->type = tc_cx_expr_type_name(e);
	a->type_canon = tc_cx_str(clang_getTypeSpelling(ct));
	a->type_size = clang_Type_getSizeOf(ct);
	if (a->type_size < 0)
		a->type_size = -1;
	a->type_signed = type_signed(ct);
	a->type_word = ct.kind == CXType_Long || ct.kind == CXType_ULong ||
		       a->type_class == TC_AT_PTR;
	a->pointee_size = -1;
	if (a->type_class == TC_AT_PTR || a->type_class == TC_AT_ARRAY) {
		CXType el = clang_getCanonicalType(a->type_class == TC_AT_PTR
							   ? clang_getPointeeType(ct)
							   : clang_getArrayElementType(ct));
		a->pointee = tc_cx_str(clang_getTypeSpelling(el));
		a->pointee_char = is_char_kind(el.kind);
		long long sz = a->type_class == TC_AT_PTR ? clang_Type_getSizeOf(el) : a->type_size;
		if (el.kind != CXType_Void && sz > 0)
			a->pointee_size = sz;
	}
	long long v;
	if (a->type_class == TC_AT_INT && tc_cx_eval_int(e, &v)) {
		a->is_const = 1;
		a->const_value = v;
	}
}

void tc_analyze_print(struct tc_tu *t, struct tc_printk *p, CXCursor fn)
{
	struct pctx x = { .t = t, .p = p };

	clang_visitChildren(fn, find_printf, &x);
	if (!x.found) {
		tc_print_find_proto_names(t, p);
		return;
	}
	struct fn_decls fn_decls = { .nr = 0 };
	clang_visitChildren(fn, tc_print_find_block, &fn_decls);
	p->args_analyzed = 1;
	int n = clang_Cursor_getNumArguments(x.printf_call);
	if (n > 0) {
		/* the first argument is the iterator, a pointer */
		CXType it = clang_getCanonicalType(
			clang_getCursorType(tc_cx_strip(clang_Cursor_getArgument(x.printf_call, 0))));
		if (it.kind == CXType_Pointer && clang_Type_getSizeOf(it) > 0)
			p->word_size = clang_Type_getSizeOf(it);
	}
	for (int i = 2; i < n; i++) {
		CXCursor arg = tc_cx_strip(clang_Cursor_getArgument(x.printf_call, i));
		struct tc_cursors cs = { 0 };
		long long idx;

		if (clang_getCursorKind(arg) != CXCursor_BinaryOperator)
			continue;
		tc_cx_children(arg, &cs);
		if (cs.nr == 2 && tc_cx_eval_int(tc_cx_strip(cs.v[0]), &idx) && idx >= 1 &&
		    (size_t)idx <= p->nr_args) {
			x.arg = &p->args[idx - 1];
			if (p->raw_range && p->nr_args != p->nr_raw_args) {
				x.raw = -1;
				clang_visitChildren(cs.v[1], find_raw, &x);
				if (x.raw >= 0)
					reattach(&x, x.arg, (size_t)x.raw);
			}
			if (clang_getCursorKind(cs.v[1]) == CXCursor_CallExpr)
				find_calls(cs.v[1], arg, &x);
			clang_visitChildren(cs.v[1], find_calls, &x);
			struct eref_walk ew = { &x, 0 };
			if (clang_getCursorKind(cs.v[1]) == CXCursor_DeclRefExpr)
				find_enum_refs(cs.v[1], arg, &ew);
			else
				clang_visitChildren(cs.v[1], find_enum_refs, &ew);
			struct foreign_walk fw = { .x = &x, .fn = &fn_decls };
			tc_print_foreign_walk_one(cs.v[1], arg, &fw);
			x.root = tc_cx_strip(cs.v[1]);
			if (clang_getCursorKind(cs.v[1]) == CXCursor_CallExpr)
				tc_print_find_helpers(cs.v[1], arg, &x);
			clang_visitChildren(cs.v[1], tc_print_find_helpers, &x);
			tc_print_number_helpers(x.arg);
			arg_type(x.arg, strip_implicit(cs.v[1]));
		}
		tc_cursors_release(&cs);
	}
	tc_print_find_proto_names(t, p);
}
