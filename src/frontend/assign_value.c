// SPDX-License-Identifier: MIT
/*
 * Where a value in the assign code comes from, for its range
 * (assign_range.c):
 *
 * - the operators libclang 14 cannot name, read from the tokens where
 *   they are spelled, a macro's body too (FIELD_GET()'s & and >>); and
 *   for the comparison of min() and max(), whose operator is pasted
 *   (__cmp_op_##op) or handed down as an argument, from the assign code
 *   as the preprocessor expanded it;
 * - a local variable: its initialiser, when nothing in its function (or
 *   the assign code's block) writes the variable, takes its address or
 *   lets it decay to a pointer (the __x of min(), a bit-field descriptor
 *   copied from a compound literal); a member of such a local
 *   initialised with a list;
 * - a call of a kernel helper whose documented result its argument
 *   bounds (bitmap_read()'s nbits).  The parse skips function bodies, so
 *   a helper is not inlined: what it declares to return is all the type
 *   says.
 */
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "ctok.h"
#include "strbuf.h"
#include "util.h"

/* The variables a function (or the assign code's block) writes. */
struct tc_as_fninfo {
	CXCursor fn;
	CXCursor *written;
	size_t nr_written, alloc_written;
	int opaque; /* an asm statement: any variable may be written */
};

static int is_cursor(CXCursor c, enum CXCursorKind k)
{
	return !clang_Cursor_isNull(c) && clang_getCursorKind(c) == k;
}

/* ---- operators ---- */

static const char *const binary_ops[] = {
	"*",  "/",  "%",  "+",  "-",  "<<", ">>", "<",	 "<=",	 ">",	">=",  "==",  "!=",
	"&",  "^",  "|",  "&&", "||", "=",  "*=", "/=",	 "%=",	 "+=",	"-=",  "<<=", ">>=",
	"&=", "^=", "|=",
};

static int is_binary_op(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(binary_ops); i++)
		if (!strcmp(s, binary_ops[i]))
			return 1;
	return 0;
}

static char *token_text(struct actx *a, CXToken t)
{
	return tc_cx_str(clang_getTokenSpelling(a->t->tu, t));
}

/* Where a location is spelled (a macro body's token: in the macro's definition). */
static int spelled_at(struct actx *a, CXSourceLocation l, CXFile *f, unsigned *off)
{
	CXToken *toks = NULL;
	unsigned n = 0, line, col;

	clang_tokenize(a->t->tu, clang_getRange(l, l), &toks, &n);
	if (n)
		clang_getFileLocation(clang_getTokenLocation(a->t->tu, toks[0]), f, &line, &col,
				      off);
	clang_disposeTokens(a->t->tu, toks, n);
	return n && *f;
}

static int is_open(const char *s)
{
	return !strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{");
}

static int is_close(const char *s)
{
	return !strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}");
}

/* Past a bracketed group that starts at v[i], or 0. */
static size_t skip_group(char **v, size_t n, size_t i)
{
	int depth = 0;

	for (; i < n; i++) {
		if (is_open(v[i]))
			depth++;
		else if (is_close(v[i]) && --depth == 0)
			return i + 1;
		else if (!strcmp(v[i], "#"))
			return 0;
	}
	return 0;
}

static int is_word(const char *s)
{
	return (s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_' ||
	       (s[0] >= '0' && s[0] <= '9') || s[0] == '\'' || s[0] == '"';
}

/*
 * Past the operand a binary operator's left side is, in spelled tokens:
 * a cast's (T) and its operand, a word or a group, then calls,
 * subscripts and member accesses; 0 when it is not one of those.
 */
static size_t skip_operand(char **v, size_t n, size_t i, int cast)
{
	if (i >= n)
		return 0;
	if (cast) {
		if (strcmp(v[i], "(") || !(i = skip_group(v, n, i)))
			return 0;
		while (i < n && (!strcmp(v[i], "-") || !strcmp(v[i], "~") || !strcmp(v[i], "!")))
			i++;
	}
	if (i >= n)
		return 0;
	if (!strcmp(v[i], "("))
		i = skip_group(v, n, i);
	else if (is_word(v[i]))
		i++;
	else
		return 0;
	while (i && i < n) {
		if (!strcmp(v[i], "(") || !strcmp(v[i], "["))
			i = skip_group(v, n, i);
		else if ((!strcmp(v[i], ".") || !strcmp(v[i], "->")) && i + 1 < n && is_word(v[i + 1]))
			i += 2;
		else
			break;
	}
	return i;
}

/*
 * text[off, end) as the compiler reads it: a comment is a space, a
 * backslash-newline nothing.
 */
static char *spelled_line(const char *text, size_t off, size_t end)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = off, j; i < end;) {
		if (text[i] == '\\' && i + 1 < end && text[i + 1] == '\n') {
			i += 2;
		} else if (text[i] == '\\' && i + 2 < end && text[i + 1] == '\r' &&
			   text[i + 2] == '\n') {
			i += 3;
		} else if ((j = tc_cskip_comment(text, end, i)) != i) {
			strbuf_addch(&sb, ' ');
			i = j;
		} else if ((j = tc_cskip_literal(text, end, i)) != i) {
			strbuf_add(&sb, text + i, j - i);
			i = j;
		} else {
			strbuf_addch(&sb, text[i++]);
		}
	}
	return strbuf_detach(&sb);
}

/*
 * The operator where the left operand's spelling ends: the tokens from
 * its first on, in the file or macro body that spells it.
 */
static char *spelled_binary_op(struct actx *a, CXCursor lhs, CXCursor op_start)
{
	CXFile f;
	unsigned off;
	size_t size = 0;
	char *r = NULL;
	enum CXCursorKind k = clang_getCursorKind(lhs);
	struct tc_cursors cs = { 0 };

	/* the left operand as written: implicit conversions are no tokens */
	while (k == CXCursor_UnexposedExpr) {
		tc_cx_children(lhs, &cs);
		if (cs.nr != 1) {
			tc_cursors_release(&cs);
			return NULL;
		}
		lhs = cs.v[0];
		k = clang_getCursorKind(lhs);
		tc_cursors_release(&cs);
	}
	if (k == CXCursor_BinaryOperator || k == CXCursor_ConditionalOperator ||
	    k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator)
		return NULL; /* its own operators come first */
	const char *text;
	if (!spelled_at(a, clang_getRangeStart(clang_getCursorExtent(op_start)), &f, &off) ||
	    !(text = tc_cx_file_text(a->t, f, &size)))
		return NULL;
	/* to the end of the line, a macro body's continued lines with it */
	size_t end = off;
	while (end < size && end < off + 1024 &&
	       (text[end] != '\n' || (end > off && text[end - 1] == '\\')))
		end++;
	char *line = spelled_line(text, off, end);
	struct tc_ctok *toks;
	size_t n = tc_ctokenize(line, &toks);
	char **v = xcalloc(n + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = xstrndup(toks[i].p, toks[i].n);
	size_t i = skip_operand(v, n, 0, k == CXCursor_CStyleCastExpr);
	if (i && i + 1 < n && is_binary_op(v[i]))
		r = xstrdup(v[i]);
	for (size_t j = 0; j < n; j++)
		free(v[j]);
	free(v);
	free(toks);
	free(line);
	return r;
}

/*
 * An operand that is a name or a constant, as its spelling's key: the
 * name without the digits __COUNTER__ appends (__UNIQUE_ID_x_37 is
 * __UNIQUE_ID_x_ in every pass), the constant as spelled; NULL for others.
 */
static char *operand_key(struct actx *a, CXCursor e)
{
	CXCursor s = tc_as_strip_implicit(e);
	enum CXCursorKind k = clang_getCursorKind(s);
	char *r = NULL;

	if (k == CXCursor_DeclRefExpr) {
		r = tc_cx_str(clang_getCursorSpelling(s));
	} else if (k == CXCursor_IntegerLiteral) {
		CXSourceLocation l = clang_getRangeStart(clang_getCursorExtent(s));
		CXToken *toks = NULL;
		unsigned n = 0;
		clang_tokenize(a->t->tu, clang_getRange(l, l), &toks, &n);
		r = n ? token_text(a, toks[0]) : NULL;
		clang_disposeTokens(a->t->tu, toks, n);
	}
	if (r && k == CXCursor_DeclRefExpr) {
		size_t n = strlen(r);
		while (n > 1 && r[n - 1] >= '0' && r[n - 1] <= '9')
			n--;
		r[n] = '\0';
	}
	return r;
}

static int key_is(const struct tc_ctok *t, const char *key, int ident)
{
	size_t n = strlen(key);

	if (t->n < n || strncmp(t->p, key, n))
		return 0;
	for (size_t i = n; i < t->n; i++)
		if (!ident || t->p[i] < '0' || t->p[i] > '9')
			return 0;
	return 1;
}

struct pair_walk {
	struct actx *a;
	const char *lkey, *rkey;
	CXCursor want;
	int index, at;
};

/* Pre-order: the binary operators whose operands have the keys, and where want is among them. */
static enum CXChildVisitResult count_pairs(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pair_walk *pw = data;
	struct tc_cursors cs = { 0 };

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		tc_cx_children(c, &cs);
		char *l = cs.nr == 2 ? operand_key(pw->a, cs.v[0]) : NULL;
		char *r = cs.nr == 2 ? operand_key(pw->a, cs.v[1]) : NULL;
		/*
		 * The same node reached another way is another cursor: where it
		 * starts tells it (no other operator of two such operands starts
		 * at its first operand).
		 */
		if (l && r && !strcmp(l, pw->lkey) && !strcmp(r, pw->rkey)) {
			if (clang_equalLocations(clang_getRangeStart(clang_getCursorExtent(c)),
						 clang_getRangeStart(clang_getCursorExtent(pw->want))))
				pw->at = pw->index;
			pw->index++;
		}
		free(l);
		free(r);
		tc_cursors_release(&cs);
	}
	return CXChildVisit_Recurse;
}

/*
 * The operator between two names or constants, read from the assign
 * code as the preprocessor expanded it (tc_class.assign_text after \x1d):
 * min()'s "__x < __y", whose '<' is pasted from __cmp_op_min, appears
 * there.  The occurrences of the two operands joined by an operator are
 * matched in order with the operators of the code that join them; when
 * the counts differ, they must all be the same operator.
 */
static char *expanded_binary_op(struct actx *a, CXCursor e, CXCursor lhs, CXCursor rhs)
{
	const char *x = a->c->assign_text ? strchr(a->c->assign_text, '\x1d') : NULL;
	char *lkey = operand_key(a, lhs), *rkey = operand_key(a, rhs), *r = NULL;
	const struct tc_ctok *v;
	const char **ops = NULL;
	size_t n = 0, nr = 0, alloc = 0;
	int lid = clang_getCursorKind(tc_as_strip_implicit(lhs)) == CXCursor_DeclRefExpr;
	int rid = clang_getCursorKind(tc_as_strip_implicit(rhs)) == CXCursor_DeclRefExpr;

	if (!x || !lkey || !rkey || clang_Cursor_isNull(a->fn))
		goto out;
	if (!a->xtoks)
		a->nr_xtoks = tc_ctokenize(x + 1, &a->xtoks);
	v = a->xtoks;
	n = a->nr_xtoks;
	for (size_t i = 0; i < n; i++) {
		if (!key_is(&v[i], lkey, lid))
			continue;
		size_t j = i + 1;
		while (j < n && tc_ctok_is(&v[j], ")"))
			j++;
		if (j + 1 >= n)
			continue;
		char op[4] = "";
		if (v[j].n < sizeof(op)) {
			memcpy(op, v[j].p, v[j].n);
			op[v[j].n] = '\0';
		}
		size_t k = j + 1;
		while (k < n && tc_ctok_is(&v[k], "("))
			k++;
		if (k >= n || !is_binary_op(op) || !key_is(&v[k], rkey, rid))
			continue;
		ALLOC_GROW(ops, nr + 1, alloc);
		for (size_t m = 0; m < ARRAY_SIZE(binary_ops); m++)
			if (!strcmp(op, binary_ops[m]))
				ops[nr++] = binary_ops[m];
	}
	if (!nr)
		goto out;
	struct pair_walk pw = { .a = a, .lkey = lkey, .rkey = rkey, .want = e, .at = -1 };
	clang_visitChildren(a->fn, count_pairs, &pw);
	if (pw.at >= 0 && (size_t)pw.index == nr) {
		r = xstrdup(ops[pw.at]);
	} else {
		int same = 1;
		for (size_t i = 1; i < nr; i++)
			same &= !strcmp(ops[i], ops[0]);
		r = same ? xstrdup(ops[0]) : NULL;
	}
out:
	free(ops);
	free(lkey);
	free(rkey);
	return r;
}

char *tc_as_operator(struct actx *a, CXCursor e)
{
	struct tc_cursors cs = { 0 };
	char *op = NULL;

	tc_cx_children(e, &cs);
	if (cs.nr == 2 && clang_getCursorKind(e) == CXCursor_BinaryOperator) {
		op = tc_as_binary_op(a, cs.v[0], cs.v[1]);
		if (!is_binary_op(op)) {
			/* "," between two operands: the comma, or two arguments of a macro */
			char *text = op;
			op = spelled_binary_op(a, cs.v[0], e);
			if (!op)
				op = expanded_binary_op(a, e, cs.v[0], cs.v[1]);
			if (!op && !strcmp(text, ","))
				op = xstrdup(",");
			free(text);
		}
	}
	tc_cursors_release(&cs);
	return op ? op : xstrdup("");
}

char *tc_as_unary_operator(struct actx *a, CXCursor e)
{
	struct tc_cursors cs = { 0 };
	CXToken *toks = NULL;
	unsigned n = 0;
	char *op = NULL;
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(e));

	tc_cx_children(e, &cs);
	if (cs.nr == 1 && clang_equalLocations(at, clang_getRangeStart(clang_getCursorExtent(cs.v[0])))) {
		op = xstrdup("post"); /* x++, x-- */
	} else if (cs.nr == 1) {
		clang_tokenize(a->t->tu, clang_getRange(at, at), &toks, &n);
		op = n ? token_text(a, toks[0]) : NULL;
		clang_disposeTokens(a->t->tu, toks, n);
	}
	tc_cursors_release(&cs);
	return op ? op : xstrdup("");
}

/* ---- what the functions write ---- */

/* The variable an lvalue is (or is a member or element of), or a null cursor. */
static CXCursor written_variable(CXCursor e)
{
	for (int depth = 0; depth < 32; depth++) {
		struct tc_cursors cs = { 0 };
		enum CXCursorKind k = clang_getCursorKind(e);
		CXCursor next = clang_getNullCursor();

		if (k == CXCursor_DeclRefExpr) {
			CXCursor d = clang_getCursorReferenced(e);
			return clang_getCursorKind(d) == CXCursor_VarDecl ||
					       clang_getCursorKind(d) == CXCursor_ParmDecl
				       ? d
				       : clang_getNullCursor();
		}
		tc_cx_children(e, &cs);
		if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ||
		     k == CXCursor_CStyleCastExpr) && cs.nr)
			next = cs.v[cs.nr - 1];
		else if (k == CXCursor_MemberRefExpr && cs.nr == 1 &&
			 clang_getCanonicalType(clang_getCursorType(cs.v[0])).kind != CXType_Pointer)
			next = cs.v[0]; /* v.m: v; p->m writes what p points at */
		else if (k == CXCursor_ArraySubscriptExpr && cs.nr == 2 &&
			 clang_getCanonicalType(clang_getCursorType(cs.v[0])).kind !=
				 CXType_Pointer)
			next = cs.v[0];
		tc_cursors_release(&cs);
		if (clang_Cursor_isNull(next))
			return next;
		e = next;
	}
	return clang_getNullCursor();
}

static void note_written(struct tc_as_fninfo *fi, CXCursor var)
{
	if (clang_Cursor_isNull(var))
		return;
	ALLOC_GROW(fi->written, fi->nr_written + 1, fi->alloc_written);
	fi->written[fi->nr_written++] = var;
}

static void scan_writes(struct actx *a, CXCursor c, struct tc_as_fninfo *fi, int depth)
{
	struct tc_cursors cs = { 0 };
	enum CXCursorKind k = clang_getCursorKind(c);

	if (depth > 256) {
		fi->opaque = 1;
		return;
	}
	if (k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt)
		fi->opaque = 1;
	tc_cx_children(c, &cs);
	if (k == CXCursor_BinaryOperator && cs.nr == 2 &&
	    clang_getCursorKind(cs.v[0]) != CXCursor_UnexposedExpr) {
		/*
		 * A left operand not converted to its value is an lvalue: an
		 * assignment, or an operator that cannot be read (taken as one).
		 */
		char *op = tc_as_operator(a, c);
		if (!*op || !strcmp(op, "="))
			note_written(fi, written_variable(cs.v[0]));
		free(op);
	} else if (k == CXCursor_CompoundAssignOperator && cs.nr == 2) {
		note_written(fi, written_variable(cs.v[0]));
	} else if (k == CXCursor_UnaryOperator && cs.nr == 1) {
		char *op = tc_as_unary_operator(a, c);
		if (!*op || !strcmp(op, "post") || !strcmp(op, "++") || !strcmp(op, "--") ||
		    !strcmp(op, "&"))
			note_written(fi, written_variable(cs.v[0]));
		free(op);
	} else if (k == CXCursor_CallExpr) {
		/* an array handed to a function decays to a pointer it may write through */
		for (int i = 0; i < clang_Cursor_getNumArguments(c); i++) {
			CXCursor arg = tc_as_strip_implicit(clang_Cursor_getArgument(c, i));
			CXType t = clang_getCanonicalType(clang_getCursorType(arg));
			if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
				note_written(fi, written_variable(arg));
		}
	}
	for (size_t i = 0; i < cs.nr; i++)
		scan_writes(a, cs.v[i], fi, depth + 1);
	tc_cursors_release(&cs);
}

static struct tc_as_fninfo *fninfo(struct actx *a, CXCursor fn)
{
	struct tc_as_fninfo *fi;

	if (clang_Cursor_isNull(fn))
		return NULL;
	for (size_t i = 0; i < a->nr_fns; i++)
		if (clang_equalCursors(a->fns[i]->fn, fn))
			return a->fns[i];
	fi = xcalloc(1, sizeof(*fi));
	fi->fn = fn;
	ALLOC_GROW(a->fns, a->nr_fns + 1, a->alloc_fns);
	a->fns[a->nr_fns++] = fi;
	scan_writes(a, fn, fi, 0);
	return fi;
}

void tc_as_value_release(struct actx *a)
{
	for (size_t i = 0; i < a->nr_fns; i++) {
		free(a->fns[i]->written);
		free(a->fns[i]);
	}
	free(a->fns);
	free(a->xtoks);
	a->xtoks = NULL;
	a->fns = NULL;
	a->nr_fns = a->alloc_fns = 0;
}

/* ---- locals ---- */

/* The initialiser of a local variable nothing writes after, or a null cursor. */
static CXCursor constant_local(struct actx *a, CXCursor var)
{
	CXCursor fn, init;
	struct tc_as_fninfo *fi;

	if (clang_getCursorKind(var) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(var))
		return clang_getNullCursor();
	/* a function's, or the block the assign code is (an unexposed declaration) */
	fn = clang_getCursorSemanticParent(var);
	init = clang_Cursor_getVarDeclInitializer(var);
	if ((!is_cursor(fn, CXCursor_FunctionDecl) && !is_cursor(fn, CXCursor_UnexposedDecl)) ||
	    clang_Cursor_isNull(init) ||
	    !(fi = fninfo(a, fn)) || fi->opaque)
		return clang_getNullCursor();
	for (size_t i = 0; i < fi->nr_written; i++)
		if (clang_equalCursors(fi->written[i], var))
			return clang_getNullCursor();
	return init;
}

int tc_as_variable_range(struct actx *a, CXCursor ref, int depth, wide *lo, wide *hi)
{
	CXCursor init = constant_local(a, clang_getCursorReferenced(ref));

	return !clang_Cursor_isNull(init) && tc_as_value_range(a, init, depth + 1, 1, lo, hi);
}

/* The InitListExpr a local's initialiser is (through a compound literal), or a null cursor. */
static CXCursor init_list(CXCursor init)
{
	for (int depth = 0; depth < 8; depth++) {
		struct tc_cursors cs = { 0 };
		enum CXCursorKind k = clang_getCursorKind(init);
		CXCursor next = clang_getNullCursor();

		if (k == CXCursor_InitListExpr)
			return init;
		tc_cx_children(init, &cs);
		if ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && cs.nr == 1)
			next = cs.v[0];
		else if (k == CXCursor_CompoundLiteralExpr && cs.nr)
			next = cs.v[cs.nr - 1];
		tc_cursors_release(&cs);
		if (clang_Cursor_isNull(next))
			return next;
		init = next;
	}
	return clang_getNullCursor();
}

struct field_pos {
	CXCursor want;
	int index, at;
};

static enum CXVisitorResult count_field(CXCursor c, CXClientData data)
{
	struct field_pos *p = data;

	if (clang_equalCursors(c, p->want)) {
		p->at = p->index;
		return CXVisit_Break;
	}
	p->index++;
	return CXVisit_Continue;
}

int tc_as_member_range(struct actx *a, CXCursor mref, int depth, wide *lo, wide *hi)
{
	struct tc_cursors cs = { 0 }, is = { 0 };
	CXCursor member = clang_getCursorReferenced(mref), base, list = clang_getNullCursor(), val;
	int r = 0, designated = 0, plain = 0;

	tc_cx_children(mref, &cs);
	base = cs.nr == 1 ? tc_as_strip_implicit(cs.v[0]) : clang_getNullCursor();
	if (is_cursor(base, CXCursor_DeclRefExpr) &&
	    clang_getCanonicalType(clang_getCursorType(base)).kind == CXType_Record) {
		CXCursor init = constant_local(a, clang_getCursorReferenced(base));
		if (!clang_Cursor_isNull(init))
			list = init_list(init);
	}
	if (clang_Cursor_isNull(list) || !is_cursor(member, CXCursor_FieldDecl))
		goto out;
	val = clang_getNullCursor();
	tc_cx_children(list, &is);
	for (size_t i = 0; i < is.nr; i++) {
		struct tc_cursors ds = { 0 };
		tc_cx_children(is.v[i], &ds);
		/* .m = v: [MemberRef m, v] */
		if (clang_getCursorKind(is.v[i]) == CXCursor_UnexposedExpr && ds.nr == 2 &&
		    clang_getCursorKind(ds.v[0]) == CXCursor_MemberRef) {
			designated = 1;
			if (clang_equalCursors(clang_getCursorReferenced(ds.v[0]), member))
				val = ds.v[1];
		} else {
			plain = 1;
		}
		tc_cursors_release(&ds);
	}
	if (designated && plain)
		goto out;
	if (plain) {
		struct field_pos p = { .want = member, .at = -1 };
		clang_Type_visitFields(clang_getCursorType(base), count_field, &p);
		if (p.at < 0)
			goto out;
		if ((size_t)p.at < is.nr)
			val = is.v[p.at];
	}
	if (clang_Cursor_isNull(val)) {
		*lo = *hi = 0; /* not named: zero */
		r = 1;
	} else {
		r = tc_as_value_range(a, val, depth + 1, 1, lo, hi);
	}
out:
	tc_cursors_release(&is);
	tc_cursors_release(&cs);
	return r;
}

/* ---- helpers whose result their contract bounds ---- */

/*
 * The kernel's helpers whose result has at most a number of bits (or is
 * at most a number) their documentation gives: bitmap_read()'s nbits,
 * the mask of u32_get_bits() and its kin, the bit count or position of
 * hweight*(), fls*() and ffs*().  Their bodies are not parsed (the parse
 * skips function bodies): what they declare to return is all the type
 * says.
 */
enum bound_kind {
	B_BITS_ARG, /* below 2^arg */
	B_MASK_ARG, /* at most the mask arg, shifted down to bit 0 */
	B_MAX,	    /* at most max */
	B_ARG_BITS, /* at most the bits of the argument's type (after its conversion) */
};

static const struct bounded_helper {
	const char *name;
	int nargs, arg;
	enum bound_kind how;
	int max;
} bounded_helpers[] = {
	{ "bitmap_read", 3, 2, B_BITS_ARG, 0 },
	{ "u8_get_bits", 2, 1, B_MASK_ARG, 0 },	   { "u16_get_bits", 2, 1, B_MASK_ARG, 0 },
	{ "u32_get_bits", 2, 1, B_MASK_ARG, 0 },   { "u64_get_bits", 2, 1, B_MASK_ARG, 0 },
	{ "le16_get_bits", 2, 1, B_MASK_ARG, 0 },  { "le32_get_bits", 2, 1, B_MASK_ARG, 0 },
	{ "le64_get_bits", 2, 1, B_MASK_ARG, 0 },  { "be16_get_bits", 2, 1, B_MASK_ARG, 0 },
	{ "be32_get_bits", 2, 1, B_MASK_ARG, 0 },  { "be64_get_bits", 2, 1, B_MASK_ARG, 0 },
	{ "hweight8", 1, 0, B_MAX, 8 },		   { "hweight16", 1, 0, B_MAX, 16 },
	{ "hweight32", 1, 0, B_MAX, 32 },	   { "hweight64", 1, 0, B_MAX, 64 },
	{ "hweight_long", 1, 0, B_ARG_BITS, 0 },   { "fls", 1, 0, B_MAX, 32 },
	{ "fls64", 1, 0, B_MAX, 64 },		   { "fls_long", 1, 0, B_ARG_BITS, 0 },
	{ "ffs", 1, 0, B_MAX, 32 },		   { "__ffs", 1, 0, B_ARG_BITS, 0 },
	{ "__fls", 1, 0, B_ARG_BITS, 0 },	   { "__ffs64", 1, 0, B_MAX, 63 },
};

int tc_as_call_range(struct actx *a, CXCursor call, int depth, wide *lo, wide *hi)
{
	CXCursor decl = clang_getCursorReferenced(call);
	const struct bounded_helper *b = NULL;
	char *name;
	wide l, h;

	if (!is_cursor(decl, CXCursor_FunctionDecl))
		return 0;
	name = tc_cx_str(clang_getCursorSpelling(decl));
	for (size_t i = 0; i < ARRAY_SIZE(bounded_helpers) && !b; i++)
		if (!strcmp(name, bounded_helpers[i].name))
			b = &bounded_helpers[i];
	free(name);
	if (!b || clang_Cursor_getNumArguments(call) != b->nargs)
		return 0;
	CXCursor arg = clang_Cursor_getArgument(call, (unsigned)b->arg);
	*lo = 0;
	switch (b->how) {
	case B_BITS_ARG:
		if (!tc_as_value_range(a, arg, depth + 1, 1, &l, &h) || l < 1 || h > 63)
			return 0;
		*hi = ((wide)1 << h) - 1;
		return 1;
	case B_MASK_ARG:
		if (!tc_as_value_range(a, arg, depth + 1, 1, &l, &h) || l != h || l <= 0)
			return 0;
		while (!(l & 1))
			l >>= 1;
		*hi = l;
		return 1;
	case B_MAX:
		*hi = b->max;
		return 1;
	case B_ARG_BITS: {
		long long size = clang_Type_getSizeOf(clang_getCursorType(arg));
		if (size <= 0 || size > 8)
			return 0;
		*hi = size * 8 - (strstr(b->name, "__") == b->name);
		return 1;
	}
	}
	return 0;
}
