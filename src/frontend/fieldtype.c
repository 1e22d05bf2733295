// SPDX-License-Identifier: MIT
/*
 * What kind of type a field and a string source have, beyond size and
 * layout: the facts the kernel's stages trip over.
 *
 * Stage 4 hands the type of __field(), __field_ext(), __array() and the
 * dynamic arrays to is_signed_type(), ((type)(-1)) < (__force type)1:
 * a struct, union or array type is no scalar the cast accepts, and a
 * sparse __bitwise type cannot be compared with <.  __bitwise expands to
 * nothing outside sparse (__CHECKER__), so a bitwise type is known by its
 * definition's text: a typedef spelt with __bitwise, or an enum whose
 * enumerators are cast to such a typedef (sparse gives the enum their
 * type: enum req_op, whose values are (__force blk_opf_t)N).
 *
 * The string helpers' sources are typed here too: the stages of 6.10
 * and later hand __string()'s source to a const char * parameter.
 */
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "util.h"

/* The cursor's own text (macro names as written) has the identifier or keyword. */
static int decl_has_token(struct tc_tu *t, CXCursor decl, const char *word)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	int found = 0;

	clang_tokenize(t->tu, clang_getCursorExtent(decl), &toks, &n);
	for (unsigned i = 0; i < n && !found; i++) {
		CXTokenKind k = clang_getTokenKind(toks[i]);
		if (k != CXToken_Identifier && k != CXToken_Keyword)
			continue;
		CXString s = clang_getTokenSpelling(t->tu, toks[i]);
		found = !strcmp(clang_getCString(s), word);
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(t->tu, toks, n);
	return found;
}

static char *bitwise_name(struct tc_tu *t, CXType ty, int depth);

/* Parentheses and implicit conversions around an expression; a cast stays. */
static CXCursor strip_to_cast(CXCursor e)
{
	for (int depth = 0; depth < 64; depth++) {
		enum CXCursorKind k = clang_getCursorKind(e);
		struct tc_cursors cs = { 0 };
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			break;
		tc_cx_children(e, &cs);
		CXCursor next = cs.nr == 1 ? cs.v[0] : clang_getNullCursor();
		tc_cursors_release(&cs);
		if (clang_Cursor_isNull(next) || !clang_isExpression(clang_getCursorKind(next)))
			break;
		e = next;
	}
	return e;
}

/* An enumerator cast to a bitwise type makes the enum one (sparse). */
static char *bitwise_enum(struct tc_tu *t, CXCursor decl, int depth)
{
	struct tc_cursors cs = { 0 };
	char *r = NULL;

	tc_cx_children(decl, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++) {
		struct tc_cursors vs = { 0 };
		if (clang_getCursorKind(cs.v[i]) != CXCursor_EnumConstantDecl)
			continue;
		tc_cx_children(cs.v[i], &vs);
		for (size_t j = 0; j < vs.nr && !r; j++) {
			CXCursor e = strip_to_cast(vs.v[j]);
			if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr)
				r = bitwise_name(t, clang_getCursorType(e), depth + 1);
		}
		tc_cursors_release(&vs);
	}
	tc_cursors_release(&cs);
	return r;
}

/* The sparse __bitwise type a type's typedef chain goes through, malloced; NULL. */
static char *bitwise_name(struct tc_tu *t, CXType ty, int depth)
{
	for (; depth < 16; depth++) {
		if (ty.kind == CXType_Elaborated)
			ty = clang_Type_getNamedType(ty);
		if (ty.kind == CXType_Typedef) {
			CXCursor d = clang_getTypeDeclaration(ty);
			if (decl_has_token(t, d, "__bitwise") || decl_has_token(t, d, "__bitwise__"))
				return tc_cx_str(clang_getCursorSpelling(d));
			ty = clang_getTypedefDeclUnderlyingType(d);
			continue;
		}
		if (ty.kind == CXType_Enum) {
			CXCursor d = clang_getTypeDeclaration(ty);
			/* sparse names the enumerators' type: restricted blk_opf_t */
			return bitwise_enum(t, d, depth);
		}
		return NULL;
	}
	return NULL;
}

static int aggregate_of(CXType ty)
{
	switch (clang_getCanonicalType(ty).kind) {
	case CXType_Record: {
		CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(ty));
		return clang_getCursorKind(d) == CXCursor_UnionDecl ? TC_AGG_UNION : TC_AGG_STRUCT;
	}
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
	case CXType_VariableArray:
	case CXType_DependentSizedArray:
		return TC_AGG_ARRAY;
	default:
		return TC_AGG_NONE;
	}
}

/* The type given to is_signed_type(): the member's, or its elements' for an array. */
void tc_read_field_type(struct tc_tu *t, struct tc_field *f, CXCursor member)
{
	CXType ty = clang_getCursorType(member);

	if (clang_isInvalidDeclaration(member) || f->bitwise || f->aggregate)
		return;
	switch (f->kind) {
	case TC_F_FIELD:
	case TC_F_FIELD_EXT:
		break;
	case TC_F_ARRAY:
	case TC_F_DYNAMIC_ARRAY:
	case TC_F_REL_DYNAMIC_ARRAY:
		if (clang_getCanonicalType(ty).kind != CXType_ConstantArray)
			return;
		ty = clang_getArrayElementType(ty);
		break;
	default:
		return;
	}
	if (ty.kind == CXType_Invalid)
		return;
	f->aggregate = aggregate_of(ty);
	if (!f->aggregate)
		f->bitwise = bitwise_name(t, ty, 0);
}

static int char_kind(enum CXTypeKind k)
{
	return k == CXType_Char_S || k == CXType_Char_U || k == CXType_SChar || k == CXType_UChar;
}

/* A call of a function C declared implicitly ("int ()": no prototype in sight)? */
static int implicit_callee(CXCursor c)
{
	CXCursor ref = clang_getCursorReferenced(c);

	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_isNull(ref) ||
	    clang_getCursorKind(ref) != CXCursor_FunctionDecl ||
	    clang_getCursorType(ref).kind != CXType_FunctionNoProto)
		return 0;
	CXString n = clang_getCursorSpelling(ref);
	int builtin = !strncmp(clang_getCString(n), "__builtin_", 10);
	clang_disposeString(n);
	return !builtin;
}

static enum CXChildVisitResult find_implicit(CXCursor c, CXCursor parent, CXClientData found)
{
	(void)parent;
	if (implicit_callee(c)) {
		*(int *)found = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * What a string helper's source is, its type's name in *type (malloced).
 * A source that calls a function the header's context does not declare
 * (the .c that includes it declares it first) has C's guess for a type,
 * int: it is not known.
 */
int tc_string_source(CXCursor src, char **type)
{
	CXCursor e = strip_to_cast(src);
	CXType c = clang_getCanonicalType(clang_getCursorType(e));
	int r, implicit = implicit_callee(e);

	*type = NULL;
	if (!implicit)
		clang_visitChildren(e, find_implicit, &implicit);
	if (implicit)
		return TC_SS_UNKNOWN;
	switch (c.kind) {
	case CXType_Invalid:
	case CXType_Unexposed:
		return TC_SS_UNKNOWN;
	case CXType_ConstantArray:
	case CXType_IncompleteArray:
		r = char_kind(clang_getCanonicalType(clang_getArrayElementType(c)).kind)
			    ? TC_SS_STRING
			    : TC_SS_OTHER_PTR;
		break;
	case CXType_Pointer: {
		CXType p = clang_getCanonicalType(clang_getPointeeType(c));
		if (char_kind(p.kind) || p.kind == CXType_Void)
			r = TC_SS_STRING;
		else if (p.kind == CXType_ConstantArray &&
			 char_kind(clang_getCanonicalType(clang_getArrayElementType(p)).kind))
			r = TC_SS_PTR_TO_ARRAY;
		else if (p.kind == CXType_Invalid || p.kind == CXType_Unexposed)
			return TC_SS_UNKNOWN;
		else
			r = TC_SS_OTHER_PTR;
		break;
	}
	default:
		r = TC_SS_NOT_PTR;
		break;
	}
	*type = tc_cx_expr_type_name(e);
	return r;
}

/* sizeof applied to an expression of pointer type (not to a type, not _Alignof). */
static int sizeof_pointer(struct tc_tu *t, CXCursor e)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	if (clang_getCursorKind(e) != CXCursor_UnaryExpr || !decl_has_token(t, e, "sizeof"))
		return 0;
	tc_cx_children(e, &cs);
	if (cs.nr == 1 && clang_isExpression(clang_getCursorKind(cs.v[0]))) {
		CXCursor x = strip_to_cast(cs.v[0]);
		r = clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_Pointer;
	}
	tc_cursors_release(&cs);
	return r;
}

void tc_string_length(struct tc_tu *t, CXCursor src, CXCursor len, long long *src_size,
		      long long *len_value, int *len_sizeof_ptr)
{
	CXType c = clang_getCanonicalType(clang_getCursorType(strip_to_cast(src)));
	long long v;

	*src_size = 0;
	*len_value = 0;
	if (c.kind == CXType_ConstantArray &&
	    char_kind(clang_getCanonicalType(clang_getArrayElementType(c)).kind))
		*src_size = clang_getArraySize(c) > 0 ? clang_getArraySize(c) : 0;
	if (tc_cx_eval_int(len, &v) && v > 0)
		*len_value = v;
	*len_sizeof_ptr = sizeof_pointer(t, strip_to_cast(len));
}
