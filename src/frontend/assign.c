// SPDX-License-Identifier: MIT
/*
 * What TP_fast_assign() writes.  The ASSIGN pass turned the class's
 * assign code into a function in which __entry points at the record and
 * the __assign_* / __get_* helpers are calls to __tc_* markers.  This
 * walk records, for every field, each place it is written and whether
 * the write happens on every path (a small definite-assignment analysis
 * over if/else, switch, ?:, && and ||; loop bodies count as executed).
 *
 * libclang drops or mistypes statements it cannot make sense of (a
 * member of a struct whose definition is missing, a macro of an absent
 * header), so the raw TP_fast_assign text is scanned as well: a field
 * that the text clearly writes is never reported as unwritten.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

struct actx {
	struct tc_tu *t;
	struct tc_class *c;
	int cond;  /* depth of conditional context */
	int loop;  /* depth of loops */
	int whole; /* __entry handed to a function */
	int stmt;  /* the cursor being walked is a statement of a block */
	unsigned seq; /* reads and writes so far */
	int unread_op; /* the value ranged has a macro operator on a constant */
	/* the innermost branch: its if/?: condition (squeezed; NULL: a switch, && or ||), cneg: its else */
	const char *ctext;
	int cneg;
	int cdepth; /* branches around the cursor */
	/* the field whose own length the branch's condition is (-1: none), see own_length_field() */
	int own_len_field;
};

/* Definite-write sets: one byte per field. */
typedef unsigned char *dset;

static const char *const copy_functions[] = {
	"memcpy",  "memmove",  "memset",   "__memcpy",	 "__memset",  "strcpy",
	"strncpy", "strscpy",  "strscpy_pad", "strlcpy", "strcat",    "strncat",
	"strlcat", "sprintf",  "snprintf", "scnprintf", "vsnprintf", "vscnprintf",
	"memcpy_fromio", "memcpy_toio", "memzero_explicit", "copy_from_kernel_nofault",
	"strncpy_from_kernel_nofault", "strncpy_from_user_nofault", "bitmap_copy",
	"cpumask_copy", "memcpy_and_pad", "sized_strscpy", "__fortify_memcpy_chk",
};

/*
 * Which argument of a copy function is the most bytes it writes to its
 * destination (-1: none, strcpy and the like).
 */
static int size_argument(const char *name)
{
	static const char *const third[] = {
		"memcpy", "memmove", "memset", "__memcpy", "__memset", "strncpy", "strscpy",
		"strscpy_pad", "strlcpy", "sized_strscpy", "__fortify_memcpy_chk", "memcpy_fromio",
	};
	static const char *const second[] = {
		"snprintf", "scnprintf", "vsnprintf", "vscnprintf", "memcpy_and_pad",
		"memzero_explicit",
	};
	for (size_t i = 0; i < ARRAY_SIZE(third); i++)
		if (!strcmp(name, third[i]))
			return 2;
	for (size_t i = 0; i < ARRAY_SIZE(second); i++)
		if (!strcmp(name, second[i]))
			return 1;
	return -1;
}

static int is_copy_function(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(copy_functions); i++)
		if (!strcmp(name, copy_functions[i]))
			return 1;
	return 0;
}

static int field_index(struct tc_class *c, const char *member)
{
	if (starts_with(member, "__data_loc_"))
		member += strlen("__data_loc_");
	else if (starts_with(member, "__rel_loc_"))
		member += strlen("__rel_loc_");
	for (size_t i = 0; i < c->nr_fields; i++)
		if (!strcmp(c->fields[i].name, member))
			return (int)i;
	return -1;
}

static int is_entry_ref(CXCursor c)
{
	c = tc_cx_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	CXString s = clang_getCursorSpelling(c);
	int r = !strcmp(clang_getCString(s), "entry");
	clang_disposeString(s);
	return r;
}

static int call_name_is(CXCursor call, const char *name)
{
	CXString s = clang_getCursorSpelling(call);
	int r = !strcmp(clang_getCString(s), name);
	clang_disposeString(s);
	return r;
}

/*
 * The field an lvalue-ish expression designates, or -1.  *elem gets the
 * constant element index for __entry->f[i], -1 otherwise; *member is
 * set for __entry->f.m; *is_elem for any subscript.
 */
static int target(struct actx *a, CXCursor e, long *elem, int *is_elem, int *member)
{
	e = tc_cx_strip(e);
	enum CXCursorKind k = clang_getCursorKind(e);
	struct tc_cursors cs = { 0 };
	int r = -1;

	if (k == CXCursor_MemberRefExpr) {
		tc_cx_children(e, &cs);
		CXCursor base = cs.nr ? cs.v[0] : clang_getNullCursor();
		if (!clang_Cursor_isNull(base) && is_entry_ref(base)) {
			char *m = tc_cx_str(clang_getCursorSpelling(e));
			r = field_index(a->c, m);
			free(m);
		} else if (!clang_Cursor_isNull(base)) {
			r = target(a, base, elem, is_elem, member);
			if (r >= 0)
				*member = 1;
		}
	} else if (k == CXCursor_ArraySubscriptExpr) {
		tc_cx_children(e, &cs);
		if (cs.nr == 2) {
			r = target(a, cs.v[0], elem, is_elem, member);
			if (r >= 0 && !*is_elem) {
				long long v;
				*is_elem = 1;
				*elem = tc_cx_eval_int(cs.v[1], &v) ? (long)v : -1;
			}
		}
	} else if (k == CXCursor_CallExpr && call_name_is(e, "__tc_get_dyn")) {
		if (clang_Cursor_getNumArguments(e) == 1) {
			CXCursor arg = tc_cx_strip(clang_Cursor_getArgument(e, 0));
			if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
				tc_cx_children(arg, &cs);
				if (cs.nr == 1)
					r = target(a, cs.v[0], elem, is_elem, member);
			}
		}
	} else if (k == CXCursor_UnaryOperator) {
		/* &__entry->f handed somewhere, or *__get_str(f) = 0 */
		tc_cx_children(e, &cs);
		if (cs.nr == 1)
			r = target(a, cs.v[0], elem, is_elem, member);
	}
	tc_cursors_release(&cs);
	return r;
}

static struct tc_write *record(struct actx *a, int fi, enum tc_write_kind kind,
			       const char *how, long elem, int nargs, CXCursor where, dset def)
{
	struct tc_field *f = &a->c->fields[fi];
	struct tc_write *w = tc_field_add_write(f, kind);

	w->seq = ++a->seq;
	w->how = how ? xstrdup(how) : NULL;
	w->conditional = a->cond > 0;
	w->in_loop = a->loop > 0;
	w->index = elem;
	w->nargs = nargs;
	w->loc = tc_cx_file_loc(a->t, clang_getCursorLocation(where));
	if (!w->conditional && kind != TC_W_ELEMENT)
		def[fi] = 1;
	return w;
}

/* A field whose bytes are in the record itself (not a __data_loc one). */
static int fixed_field(const struct tc_field *f)
{
	switch (f->kind) {
	case TC_F_FIELD:
	case TC_F_FIELD_EXT:
	case TC_F_FIELD_STRUCT:
	case TC_F_FIELD_STRUCT_EXT:
	case TC_F_FIELD_PACKED:
	case TC_F_ARRAY:
		return 1;
	default:
		return 0;
	}
}

static void record_read(struct actx *a, int fi, CXCursor where, int rmw)
{
	struct tc_field *f = &a->c->fields[fi];

	if (!fixed_field(f))
		return;
	struct tc_read *r = tc_field_add_read(f);
	r->seq = ++a->seq;
	r->conditional = a->cond > 0;
	r->in_loop = a->loop > 0;
	r->rmw = rmw;
	r->loc = tc_cx_file_loc(a->t, clang_getCursorLocation(where));
}

static struct tc_write *write_target(struct actx *a, CXCursor lhs, enum tc_write_kind kind,
				     const char *how, int nargs, CXCursor where, dset def)
{
	long elem = -1;
	int is_elem = 0, member = 0;
	int fi = target(a, lhs, &elem, &is_elem, &member);

	if (fi < 0)
		return NULL;
	if (kind == TC_W_ASSIGN && is_elem)
		kind = TC_W_ELEMENT;
	else if (kind == TC_W_ASSIGN && member)
		kind = TC_W_MEMBER;
	struct tc_write *w = record(a, fi, kind, how, is_elem ? elem : -1, nargs, where, def);
	if (kind == TC_W_COPY && is_elem)
		w->at_element = 1;
	return w;
}

/* sizeof of an expression: its operand, or a null cursor (sizeof(type)). */
static CXCursor sizeof_operand(CXCursor e)
{
	struct tc_cursors cs = { 0 };
	CXCursor r = clang_getNullCursor();

	tc_cx_children(e, &cs);
	if (cs.nr == 1 && clang_isExpression(clang_getCursorKind(cs.v[0])))
		r = cs.v[0];
	tc_cursors_release(&cs);
	return r;
}

/*
 * A copy size that is not constant but bounded by field fi: it contains
 * sizeof(__entry->f) (ARRAY_SIZE, min(len, sizeof(...))), or a constant
 * operand equal to the field's size (min_t(size_t, len, TASK_COMM_LEN)).
 */
static int size_bounded(struct actx *a, CXCursor e, int fi)
{
	struct tc_cursors cs = { 0 };
	enum CXCursorKind k = clang_getCursorKind(e);
	const struct tc_field *f = &a->c->fields[fi];
	int r = 0;
	long long v;

	if (k == CXCursor_UnaryExpr) {
		CXCursor op = sizeof_operand(e);
		long elem = -1;
		int is_elem = 0, member = 0;
		if (!clang_Cursor_isNull(op) && target(a, op, &elem, &is_elem, &member) == fi &&
		    !is_elem && !member)
			return 1;
		return 0;
	}
	if (clang_isExpression(k) && k != CXCursor_StmtExpr && tc_cx_eval_int(e, &v))
		return f->layout_known && f->size > 0 && v == f->size;
	tc_cx_children(e, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = size_bounded(a, cs.v[i], fi);
	tc_cursors_release(&cs);
	return r;
}

/*
 * The expression uses a local variable or the record (__entry->len):
 * a value the assign code may have clamped before (len = min(...)).
 */
static int uses_local(CXCursor e)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(e);
		return clang_getCursorKind(d) == CXCursor_VarDecl;
	}
	tc_cx_children(e, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = uses_local(cs.v[i]);
	tc_cursors_release(&cs);
	return r;
}

/* The size of a string literal argument with its NUL, or -1. */
static long long literal_size(CXCursor e)
{
	e = tc_cx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_StringLiteral)
		return -1;
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	if (t.kind != CXType_ConstantArray)
		return -1;
	return clang_getArraySize(t);
}

static void walk(struct actx *a, CXCursor c, dset def);

/*
 * p = (__be32 *)__entry->saddr; *p = ...: an array field (or a field's
 * address) stored in a pointer is written through that pointer.
 */
static int alias(struct actx *a, CXCursor rhs, CXCursor where, dset def)
{
	CXCursor s = tc_cx_strip(rhs);
	enum CXCursorKind k = clang_getCursorKind(s);
	long elem = -1;
	int is_elem = 0, member = 0, fi;

	if (k != CXCursor_MemberRefExpr && k != CXCursor_UnaryOperator &&
	    !(k == CXCursor_CallExpr && call_name_is(s, "__tc_get_dyn")))
		return 0;
	fi = target(a, s, &elem, &is_elem, &member);
	if (fi < 0)
		return 0;
	CXType ty = clang_getCanonicalType(clang_getCursorType(s));
	if (k == CXCursor_MemberRefExpr && ty.kind != CXType_ConstantArray)
		return 0; /* a plain read of the field */
	if (k == CXCursor_UnaryOperator && ty.kind != CXType_Pointer)
		return 0; /* not an address-of */
	record(a, fi, TC_W_CALL, "a pointer", -1, 0, where, def);
	return 1;
}

static void walk_children(struct actx *a, CXCursor c, dset def)
{
	struct tc_cursors cs = { 0 };
	int block = clang_getCursorKind(c) == CXCursor_CompoundStmt;

	tc_cx_children(c, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		a->stmt = block;
		walk(a, cs.v[i], def);
	}
	a->stmt = 0;
	tc_cursors_release(&cs);
}

/* Walk c in a conditional context; its definite writes go to out. */
static void walk_branch(struct actx *a, CXCursor c, dset out)
{
	a->cond++;
	a->cdepth++;
	/* Definite writes inside a branch are definite for the branch. */
	int saved = a->cond;
	a->cond = 0;
	size_t n = a->c->nr_fields;
	(void)n;
	walk(a, c, out);
	a->cond = saved;
	a->cond--;
	a->cdepth--;
}

static void mark_branch_writes_conditional(struct actx *a, size_t *before)
{
	for (size_t i = 0; i < a->c->nr_fields; i++) {
		struct tc_field *f = &a->c->fields[i];
		for (size_t j = before[i]; j < f->nr_writes; j++)
			f->writes[j].conditional = 1;
	}
}

static size_t *snapshot(struct actx *a)
{
	size_t *s = xcalloc(a->c->nr_fields + 1, sizeof(*s));

	for (size_t i = 0; i < a->c->nr_fields; i++)
		s[i] = a->c->fields[i].nr_writes;
	return s;
}

/* The tokens of c without blanks or comments ("request->ie"), malloced. */
static char *squeezed_text(struct tc_tu *t, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	struct strbuf sb = STRBUF_INIT;

	clang_tokenize(t->tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		if (clang_getTokenKind(toks[i]) == CXToken_Comment)
			continue;
		char *sp = tc_cx_str(clang_getTokenSpelling(t->tu, toks[i]));
		strbuf_addstr(&sb, sp);
		free(sp);
	}
	clang_disposeTokens(t->tu, toks, n);
	return strbuf_detach(&sb);
}

/* s without blanks and without parentheses around the whole, malloced */
static char *squeezed(const char *s, size_t n)
{
	return tc_squeezed(s, n);
}

/*
 * Is a dynamic array's length 0 whenever the branch of cond (taken when
 * cond holds, or when it does not: neg) is not?  __dynamic_array(u8, ie,
 * request ? request->ie_len : 0) copied under "if (request)" holds no
 * byte on the other path, so nothing there is stale.
 */
static int zero_elsewhere(const struct tc_field *f, const char *cond, int neg)
{
	char *rc, *rth, *rel;

	if (!cond || !f->len_text ||
	    (f->kind != TC_F_DYNAMIC_ARRAY && f->kind != TC_F_REL_DYNAMIC_ARRAY) ||
	    !tc_split_ternary(f->len_text, &rc, &rth, &rel))
		return 0;
	char *c = squeezed(rc, strlen(rc)), *th = squeezed(rth, strlen(rth));
	char *el = squeezed(rel, strlen(rel)), *g = squeezed(cond, strlen(cond));
	int zero_else = !strcmp(el, "0"), zero_then = !strcmp(th, "0");

	free(rc);
	free(rth);
	free(rel);
	/* the branch is not taken when X is !(fg ^ neg); the length there must be 0 */
	int fc = c[0] == '!', fg = g[0] == '!';
	int yes = 0;
	if (!strcmp(c + fc, g + fg)) {
		int x_true = fg ^ neg; /* the value of X when the branch is not taken */
		int zero_x_true = fc ? zero_else : zero_then, zero_x_false = fc ? zero_then : zero_else;
		yes = x_true ? zero_x_true : zero_x_false;
	}
	free(c);
	free(th);
	free(el);
	free(g);
	return yes;
}

/* Mark the writes [from, to) of field i conditional unless its length rules the other path out. */
static void mark_arm(struct actx *a, size_t i, size_t from, size_t to, int both, const char *cond,
		     int neg, dset arm, dset def)
{
	struct tc_field *f = &a->c->fields[i];
	int guarded = a->cond == 0 && arm[i] &&
		      (zero_elsewhere(f, cond, neg) || (!neg && a->own_len_field == (int)i));

	for (size_t j = from; j < to; j++)
		if ((!both || a->cond > 0) && !guarded)
			f->writes[j].conditional = 1;
	if (guarded)
		def[i] = 1;
}

/*
 * The field whose own length cond is: if (__get_dynamic_array_len(f))
 * runs only where f has bytes (iwlwifi_dev_tx's buf1, 6.12), so its copy
 * there leaves nothing stale on the other path.  -1 if cond is not that.
 */
static int own_length_field(struct actx *a, CXCursor cond)
{
	CXCursor e = tc_cx_strip(cond);
	struct tc_cursors cs = { 0 };
	long elem = -1;
	int is_elem = 0, member = 0, r = -1;

	if (clang_getCursorKind(e) != CXCursor_CallExpr || !call_name_is(e, "__tc_get_dyn_len") ||
	    clang_Cursor_getNumArguments(e) != 1)
		return -1;
	CXCursor arg = tc_cx_strip(clang_Cursor_getArgument(e, 0));
	if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
		tc_cx_children(arg, &cs);
		if (cs.nr == 1)
			r = target(a, cs.v[0], &elem, &is_elem, &member);
	}
	tc_cursors_release(&cs);
	if (is_elem || member || r < 0 || tc_field_kind_is_string(a->c->fields[r].kind))
		return -1;
	return r;
}

/*
 * Two alternatives (then/else, the arms of ?:) chosen by cond: a field
 * is definitely written if both write it.  Writes inside that are not on
 * both paths are conditional.
 */
static void walk_alternatives(struct actx *a, CXCursor cond, CXCursor x, CXCursor y, dset def)
{
	size_t n = a->c->nr_fields;
	dset d1 = xcalloc(n + 1, 1), d2 = xcalloc(n + 1, 1);
	size_t *before = snapshot(a);
	char *ctext = squeezed_text(a->t, cond);
	const char *outer = a->ctext;
	int outer_neg = a->cneg;

	a->ctext = ctext;
	a->cneg = 0;
	walk_branch(a, x, d1);
	size_t *mid = snapshot(a);
	a->cneg = 1;
	if (!clang_Cursor_isNull(y))
		walk_branch(a, y, d2);
	a->ctext = outer;
	a->cneg = outer_neg;
	int outer_own = a->own_len_field;
	a->own_len_field = own_length_field(a, cond);
	for (size_t i = 0; i < n; i++) {
		struct tc_field *f = &a->c->fields[i];
		int both = d1[i] && d2[i];
		mark_arm(a, i, before[i], mid[i], both, ctext, 0, d1, def);
		mark_arm(a, i, mid[i], f->nr_writes, both, ctext, 1, d2, def);
		if (both && a->cond == 0)
			def[i] = 1;
	}
	a->own_len_field = outer_own;
	free(ctext);
	free(mid);
	free(before);
	free(d1);
	free(d2);
}

static void walk_conditional(struct actx *a, CXCursor c, dset def)
{
	size_t n = a->c->nr_fields;
	dset tmp = xcalloc(n + 1, 1);
	size_t *before = snapshot(a);

	(void)def;
	const char *outer = a->ctext;
	a->ctext = NULL;
	walk_branch(a, c, tmp);
	a->ctext = outer;
	mark_branch_writes_conditional(a, before);
	free(before);
	free(tmp);
}

/*
 * The operator of a binary expression.  libclang 14 has no API for it:
 * read the source between the operands when both are spelled in the
 * same file; "" when that cannot be done.
 */
static char *binary_op(struct actx *a, CXCursor lhs, CXCursor rhs)
{
	CXFile f1, f2;
	unsigned line, col, o1, o2;
	size_t size = 0;
	const char *text;

	tc_cx_file_pos(clang_getRangeEnd(clang_getCursorExtent(lhs)), &f1, &line, &col,
				  &o1);
	tc_cx_file_pos(clang_getRangeStart(clang_getCursorExtent(rhs)), &f2, &line, &col,
				  &o2);
	if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || o2 < o1 || o2 - o1 > 64)
		return xstrdup("");
	text = clang_getFileContents(a->t->tu, f1, &size);
	if (!text || o2 > size)
		return xstrdup("");
	/* Only white space, line continuations and the operator in between. */
	struct strbuf op = STRBUF_INIT;
	for (const char *p = text + o1; p < text + o2; p++) {
		if (strchr("=<>!&|+-*/%^,", *p))
			strbuf_addch(&op, *p);
		else if (!strchr(" \t\r\n\\", *p)) {
			strbuf_release(&op);
			return xstrdup("");
		}
	}
	return strbuf_detach(&op);
}

/* Parentheses and implicit conversions around an expression (not casts). */
static CXCursor strip_implicit(CXCursor c)
{
	for (int depth = 0; depth < 64; depth++) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct tc_cursors cs = { 0 };
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		tc_cx_children(c, &cs);
		CXCursor next = cs.nr == 1 ? cs.v[0] : clang_getNullCursor();
		tc_cursors_release(&cs);
		if (clang_Cursor_isNull(next) || !clang_isExpression(clang_getCursorKind(next)))
			return c;
		c = next;
	}
	return c;
}

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

	e = strip_implicit(e);
	if (depth > 8)
		return 0;
	if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_Bool)
		return 1;
	switch (clang_getCursorKind(e)) {
	case CXCursor_BinaryOperator:
		tc_cx_children(e, &cs);
		if (cs.nr == 2) {
			char *op = binary_op(a, cs.v[0], cs.v[1]);
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
				CXCursor b = strip_implicit(cs.v[i]);
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

	e = strip_implicit(e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return 0;
	tc_cx_children(e, &cs);
	if (cs.nr == 2) {
		char *op = binary_op(a, cs.v[0], cs.v[1]);
		r = !strcmp(op, "<") || !strcmp(op, ">") || !strcmp(op, "<=") || !strcmp(op, ">=");
		free(op);
	}
	tc_cursors_release(&cs);
	return r;
}

/* Two expressions that name the same variable. */
static int same_variable(CXCursor x, CXCursor y)
{
	x = strip_implicit(x);
	y = strip_implicit(y);
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

	cond = strip_implicit(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return 0;
	tc_cx_children(cond, &cs);
	if (cs.nr == 2)
		r = same_variable(cs.v[0], arm) || same_variable(cs.v[1], arm) ||
		    (clang_getCursorKind(strip_implicit(arm)) == CXCursor_ConditionalOperator &&
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

	e = strip_implicit(e);
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
	char *op = cs.nr == 2 ? binary_op(a, cs.v[0], cs.v[1]) : xstrdup("");
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
	CXCursor s = strip_implicit(e);
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
	} else if (k == CXCursor_CallExpr && call_name_is(s, "PTR_ERR")) {
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
	CXCursor e = strip_implicit(rhs);
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
static void record_source(struct actx *a, struct tc_write *w, CXCursor rhs)
{
	CXCursor e = strip_implicit(rhs);
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

/*
 * A switch whose arms are plain: each label's statements end in break,
 * goto or return at their top level (empty labels stacked on one
 * statement are one arm), with no other jump inside them.  Its arms are
 * the alternatives of an if/else chain when the switch is exhaustive: it
 * has a default, or its value is an enum whose every enumerator a case
 * names (the kernel builds with -Wswitch, and xfs's
 * "switch (cur->bc_ops->type)" over the three btree types is complete).
 */
struct sw_arm {
	CXCursor *stmts;
	size_t nr, alloc;
	int closed; /* ends in a jump */
};

struct sw_cases {
	struct sw_range {
		long long lo, hi;
	} *v; /* each case's values */
	size_t nr, alloc;
	int has_default, unknown;
};

static int is_jump(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_BreakStmt || k == CXCursor_GotoStmt || k == CXCursor_ReturnStmt ||
	       k == CXCursor_ContinueStmt || k == CXCursor_IndirectGotoStmt;
}

/* Does c hold a jump (a break of a nested loop or switch aside)? */
static int holds_jump(CXCursor c, int nested)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct tc_cursors cs = { 0 };
	int r = 0;

	if (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt)
		return !nested;
	if (k == CXCursor_GotoStmt || k == CXCursor_ReturnStmt || k == CXCursor_IndirectGotoStmt)
		return 1;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	    k == CXCursor_SwitchStmt)
		nested = 1;
	tc_cx_children(c, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = holds_jump(cs.v[i], nested);
	tc_cursors_release(&cs);
	return r;
}

/* Strip the labels off a statement, noting their values; 1: it had a case label. */
static int unlabel(CXCursor *c, struct sw_cases *sc)
{
	int labelled = 0;

	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(*c);
		struct tc_cursors cs = { 0 };

		if (k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt)
			return labelled;
		labelled = 1;
		tc_cx_children(*c, &cs);
		if (!cs.nr) {
			tc_cursors_release(&cs);
			sc->unknown = 1;
			return labelled;
		}
		if (k == CXCursor_DefaultStmt) {
			sc->has_default = 1;
		} else {
			long long lo, hi;
			/* case V: [V, stmt]; the GNU range case L ... H: [L, H, stmt] */
			if (cs.nr >= 2 && tc_cx_eval_int(cs.v[0], &lo) &&
			    (cs.nr == 2 || tc_cx_eval_int(cs.v[1], &hi))) {
				if (cs.nr == 2)
					hi = lo;
				ALLOC_GROW(sc->v, sc->nr + 1, sc->alloc);
				sc->v[sc->nr++] = (struct sw_range){ lo, hi };
			} else {
				sc->unknown = 1;
			}
		}
		*c = cs.v[cs.nr - 1];
		tc_cursors_release(&cs);
	}
}

/* Does every enumerator of the switched value's enum have a case? */
static int covers_enum(CXCursor value, const struct sw_cases *sc)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(strip_implicit(value)));
	struct tc_cursors cs = { 0 };
	int all = 1, any = 0;

	if (t.kind != CXType_Enum || sc->unknown)
		return 0;
	tc_cx_children(clang_getTypeDeclaration(t), &cs);
	for (size_t i = 0; i < cs.nr && all; i++) {
		if (clang_getCursorKind(cs.v[i]) != CXCursor_EnumConstantDecl)
			continue;
		long long v = clang_getEnumConstantDeclValue(cs.v[i]);
		int hit = 0;
		any = 1;
		for (size_t j = 0; j < sc->nr && !hit; j++)
			hit = sc->v[j].lo <= v && v <= sc->v[j].hi;
		all = hit;
	}
	tc_cursors_release(&cs);
	return any && all;
}

/* The arms of a plain switch body; 0 when it is not plain. */
static int switch_arms(CXCursor body, struct sw_arm **arms, size_t *nr, struct sw_cases *sc)
{
	struct tc_cursors cs = { 0 };
	size_t alloc = 0;
	int plain = clang_getCursorKind(body) == CXCursor_CompoundStmt;

	*arms = NULL;
	*nr = 0;
	if (plain)
		tc_cx_children(body, &cs);
	for (size_t i = 0; i < cs.nr && plain; i++) {
		CXCursor s = cs.v[i];
		if (unlabel(&s, sc)) {
			if (*nr && !(*arms)[*nr - 1].closed)
				plain = 0; /* falls through into this label */
			ALLOC_GROW(*arms, *nr + 1, alloc);
			memset(&(*arms)[(*nr)++], 0, sizeof(**arms));
		} else if (!*nr) {
			plain = 0; /* a statement before the first label */
		}
		if (!plain)
			break;
		struct sw_arm *arm = &(*arms)[*nr - 1];
		if (arm->closed)
			continue; /* not reached */
		if (is_jump(s)) {
			arm->closed = 1;
			continue;
		}
		if (holds_jump(s, 0))
			plain = 0;
		ALLOC_GROW(arm->stmts, arm->nr + 1, arm->alloc);
		arm->stmts[arm->nr++] = s;
	}
	tc_cursors_release(&cs);
	return plain && *nr && !sc->unknown;
}

static void walk_switch(struct actx *a, CXCursor sw, dset def)
{
	struct tc_cursors cs = { 0 };
	struct sw_arm *arms = NULL;
	struct sw_cases sc = { 0 };
	size_t nr = 0, n = a->c->nr_fields;

	tc_cx_children(sw, &cs);
	if (cs.nr >= 1)
		walk(a, cs.v[0], def);
	if (cs.nr == 2 && switch_arms(cs.v[1], &arms, &nr, &sc) &&
	    (sc.has_default || covers_enum(cs.v[0], &sc))) {
		dset all = xcalloc(n + 1, 1), d = xcalloc(n + 1, 1);
		size_t **from = xcalloc(nr + 1, sizeof(*from));

		memset(all, 1, n);
		/* a switch's arms have no if/?: condition of their own (dynamic-array-length) */
		const char *outer = a->ctext;
		a->ctext = NULL;
		for (size_t i = 0; i < nr; i++) {
			from[i] = snapshot(a);
			memset(d, 0, n);
			for (size_t j = 0; j < arms[i].nr; j++)
				walk_branch(a, arms[i].stmts[j], d);
			for (size_t f = 0; f < n; f++)
				all[f] &= d[f];
		}
		a->ctext = outer;
		for (size_t f = 0; f < n; f++) {
			struct tc_field *fl = &a->c->fields[f];
			for (size_t j = from[0][f]; j < fl->nr_writes; j++)
				if (!all[f] || a->cond > 0)
					fl->writes[j].conditional = 1;
			if (all[f] && a->cond == 0)
				def[f] = 1;
		}
		for (size_t i = 0; i < nr; i++)
			free(from[i]);
		free(from);
		free(all);
		free(d);
	} else {
		for (size_t i = 1; i < cs.nr; i++)
			walk_conditional(a, cs.v[i], def);
	}
	for (size_t i = 0; i < nr; i++)
		free(arms[i].stmts);
	free(arms);
	free(sc.v);
	tc_cursors_release(&cs);
}

/*
 * The helper named by __tc_w_assign(helper, ...) or __tc_src_string(),
 * malloced, or NULL.  The stage spells the string helpers' with a source
 * as the name, a \x1f, the source as the call spells it, a \x1f and the
 * source with its macros expanded: *text and *xtext (when not NULL) get
 * those, malloced, or NULL when there is no source.
 */
static char *call_helper(CXCursor call, char **text, char **xtext)
{
	char *helper = tc_cx_eval_string_expr(clang_Cursor_getArgument(call, 0));
	char *sep = helper ? strchr(helper, '\x1f') : NULL;
	char *xsep = sep ? strchr(sep + 1, '\x1f') : NULL;

	if (sep)
		*sep = '\0';
	if (xsep)
		*xsep = '\0';
	if (text)
		*text = xsep && sep[1] ? xstrdup(sep + 1) : NULL;
	if (xtext)
		*xtext = xsep && xsep[1] ? xstrdup(xsep + 1) : NULL;
	return helper;
}

/*
 * __tc_src_string(helper, loc, src...) of __string() and the like, and
 * __tc_w_assign(helper, loc, src...) of the string helpers with a
 * source: what the source is, on the field or the write.
 */
static void string_source(struct actx *a, CXCursor call, struct tc_write *w)
{
	char *xtext;
	char *helper = call_helper(call, NULL, &xtext);
	long elem = -1;
	int is_elem = 0, member = 0, fi;
	char *type = NULL;

	if (!helper || clang_Cursor_getNumArguments(call) < 3 || !strstr(helper, "str") ||
	    strstr(helper, "vstr")) {
		free(helper);
		free(xtext);
		return;
	}
	free(helper);
	int what = tc_string_source(clang_Cursor_getArgument(call, 2), &type);
	long long size = 0, len = 0;
	int len_ptr = 0;
	if (clang_Cursor_getNumArguments(call) >= 4)
		tc_string_length(a->t, clang_Cursor_getArgument(call, 2),
				 clang_Cursor_getArgument(call, 3), &size, &len, &len_ptr);
	if (w) {
		free(w->str_src_type);
		w->str_src = what;
		w->str_src_type = type;
		w->str_src_size = size;
		w->str_len = len;
		w->str_len_sizeof_ptr = len_ptr;
		free(xtext);
		return;
	}
	fi = target(a, clang_Cursor_getArgument(call, 1), &elem, &is_elem, &member);
	if (fi < 0 || a->c->fields[fi].str_src) {
		free(type);
		free(xtext);
		return;
	}
	struct tc_field *f = &a->c->fields[fi];
	f->str_src = what;
	f->str_src_type = type;
	f->str_src_size = size;
	f->str_len = len;
	f->str_len_sizeof_ptr = len_ptr;
	free(f->str_src_xtext);
	f->str_src_xtext = xtext;
}

/*
 * A copy's size as written (strcpy(): "strlen(SRC)+1", the bytes it
 * writes) and the innermost if/?: around it, for the rules that compare
 * them with a dynamic array's length.
 */
static void copy_context(struct actx *a, struct tc_write *w, CXCursor call, const char *name,
			 int si)
{
	int nargs = clang_Cursor_getNumArguments(call);

	if (si >= 0 && si < nargs) {
		w->size_text = squeezed_text(a->t, clang_Cursor_getArgument(call, si));
	} else if (!strcmp(name, "strcpy") && nargs == 2) {
		char *src = squeezed_text(a->t, clang_Cursor_getArgument(call, 1));
		w->size_text = xasprintf("strlen(%s)+1", src);
		free(src);
	}
	w->cond_depth = a->cdepth;
	if (a->ctext)
		w->cond_text = a->cneg ? xasprintf("!(%s)", a->ctext) : xstrdup(a->ctext);
}

/*
 * __assign_sockaddr(dst, src, len) and __assign_rel_sockaddr() are the
 * kernel's memcpy(__get_dynamic_array(dst), src, len): their size and
 * the branch around them, as a copy's (call is __tc_w_assign(helper,
 * dst, src, len)).
 */
static void sized_helper_context(struct actx *a, struct tc_write *w, CXCursor call)
{
	char *helper = tc_cx_eval_string_expr(clang_Cursor_getArgument(call, 0));

	if (helper && strstr(helper, "_sockaddr"))
		copy_context(a, w, call, helper, 3);
	free(helper);
}

static void walk_call(struct actx *a, CXCursor c, dset def)
{
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	int nargs = clang_Cursor_getNumArguments(c);

	if (!strcmp(name, "__tc_src_string"))
		string_source(a, c, NULL);
	if (!strcmp(name, "__tc_src_string") || !strcmp(name, "__tc_get_dyn_len") ||
	    !strcmp(name, "__builtin_constant_p") || !strcmp(name, "__builtin_object_size") ||
	    !strcmp(name, "__builtin_dynamic_object_size")) {
		free(name);
		return;
	}
	if (!strcmp(name, "__tc_w_assign") && nargs >= 2) {
		char *text, *xtext;
		char *helper = call_helper(c, &text, &xtext);
		struct tc_write *w = write_target(a, clang_Cursor_getArgument(c, 1), TC_W_HELPER,
						  helper ? helper : "__assign_*", nargs - 1, c, def);
		free(helper);
		if (w) {
			string_source(a, c, w);
			w->cond_depth = a->cdepth;
			sized_helper_context(a, w, c);
			w->str_src_text = text;
			w->str_src_xtext = xtext;
		} else {
			free(text);
			free(xtext);
		}
		for (int i = 2; i < nargs; i++)
			walk(a, clang_Cursor_getArgument(c, i), def);
		free(name);
		return;
	}
	if (nargs >= 1 && is_copy_function(name)) {
		struct tc_write *w = write_target(a, clang_Cursor_getArgument(c, 0), TC_W_COPY,
						  name, nargs, c, def);
		int si = size_argument(name);
		if (w && si >= 0 && si < nargs) {
			long long v;
			CXCursor arg = clang_Cursor_getArgument(c, si);
			long elem = -1;
			int is_elem = 0, member = 0;
			int fi = target(a, clang_Cursor_getArgument(c, 0), &elem, &is_elem, &member);
			if (tc_cx_eval_int(arg, &v))
				w->size = v;
			else if (fi >= 0)
				w->size_bounded = size_bounded(a, arg, fi) || uses_local(arg);
		} else if (w && !strcmp(name, "strcpy") && nargs == 2) {
			w->size = literal_size(clang_Cursor_getArgument(c, 1));
			w->src_literal = w->size >= 0;
		} else if (w && si >= 0) {
			w->size_bounded = 1; /* the kernel's 2-argument strscpy() */
		}
		if (w)
			copy_context(a, w, c, name, si);
		for (int i = 1; i < nargs; i++)
			walk(a, clang_Cursor_getArgument(c, i), def);
		free(name);
		return;
	}
	for (int i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(c, i);
		CXCursor s = tc_cx_strip(arg);
		enum CXCursorKind k = clang_getCursorKind(s);
		if (is_entry_ref(arg)) {
			a->whole = 1;
			continue;
		}
		if (k == CXCursor_UnaryOperator || k == CXCursor_MemberRefExpr ||
		    (k == CXCursor_CallExpr && call_name_is(s, "__tc_get_dyn"))) {
			/* &__entry->f, an array field, or a dynamic field's storage */
			long elem = -1;
			int is_elem = 0, member = 0;
			int fi = target(a, s, &elem, &is_elem, &member);
			if (fi >= 0) {
				struct tc_field *f = &a->c->fields[fi];
				CXType ty = clang_getCanonicalType(clang_getCursorType(s));
				int by_addr = k == CXCursor_UnaryOperator ||
					      k == CXCursor_CallExpr ||
					      ty.kind == CXType_ConstantArray ||
					      ty.kind == CXType_Pointer;
				if (by_addr && (k != CXCursor_MemberRefExpr ||
						f->kind == TC_F_ARRAY)) {
					record(a, fi, TC_W_CALL, name, -1, nargs, c, def);
					continue;
				}
			}
		}
		walk(a, arg, def);
	}
	free(name);
}

static void walk(struct actx *a, CXCursor c, dset def)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct tc_cursors cs = { 0 };
	int stmt = a->stmt;

	a->stmt = 0;

	switch (k) {
	case CXCursor_IfStmt:
		tc_cx_children(c, &cs);
		if (cs.nr >= 2) {
			walk(a, cs.v[0], def);
			walk_alternatives(a, cs.v[0], cs.v[1],
					  cs.nr >= 3 ? cs.v[2] : clang_getNullCursor(), def);
		}
		break;
	case CXCursor_ConditionalOperator:
		tc_cx_children(c, &cs);
		if (cs.nr == 3) {
			walk(a, cs.v[0], def);
			walk_alternatives(a, cs.v[0], cs.v[1], cs.v[2], def);
		} else {
			walk_children(a, c, def);
		}
		break;
	case CXCursor_SwitchStmt:
		walk_switch(a, c, def);
		break;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		a->loop++;
		walk_children(a, c, def);
		a->loop--;
		break;
	case CXCursor_CompoundAssignOperator:
		tc_cx_children(c, &cs);
		if (cs.nr == 2) {
			long elem = -1;
			int is_elem = 0, member = 0;
			int fi = target(a, cs.v[0], &elem, &is_elem, &member);
			walk(a, cs.v[1], def);
			if (fi >= 0)
				record_read(a, fi, c, 1);
			write_target(a, cs.v[0], TC_W_ASSIGN, NULL, 0, c, def);
		}
		break;
	case CXCursor_MemberRefExpr:
		/* an rvalue use of __entry->f: a read of the record */
		tc_cx_children(c, &cs);
		if (cs.nr == 1 && is_entry_ref(cs.v[0])) {
			char *m = tc_cx_str(clang_getCursorSpelling(c));
			int fi = field_index(a->c, m);
			free(m);
			if (fi >= 0)
				record_read(a, fi, c, 0);
		} else {
			walk_children(a, c, def);
		}
		break;
	case CXCursor_UnaryExpr:
		break; /* sizeof, alignof: not evaluated */
	case CXCursor_UnaryOperator: {
		/* &__entry->f reads nothing */
		CXType rt = clang_getCanonicalType(clang_getCursorType(c));
		tc_cx_children(c, &cs);
		if (cs.nr == 1 && rt.kind == CXType_Pointer) {
			CXType ot = clang_getCanonicalType(clang_getCursorType(cs.v[0]));
			CXType pt = clang_getCanonicalType(clang_getPointeeType(rt));
			if (clang_equalTypes(pt, ot))
				break;
		}
		walk_children(a, c, def);
		break;
	}
	case CXCursor_BinaryOperator:
		tc_cx_children(c, &cs);
		if (cs.nr == 2) {
			char *op = binary_op(a, cs.v[0], cs.v[1]);
			/* An expression statement with an unreadable operator: an assignment. */
			if (!*op && stmt) {
				free(op);
				op = xstrdup("=");
			}
			if (!strcmp(op, "=")) {
				if (!alias(a, cs.v[1], c, def))
					walk(a, cs.v[1], def);
				struct tc_write *w = write_target(a, cs.v[0], TC_W_ASSIGN, NULL, 0, c, def);
				if (w && (w->kind == TC_W_ASSIGN || w->kind == TC_W_ELEMENT))
					record_source(a, w, cs.v[1]);
				/* index expressions of the target */
				CXCursor l = tc_cx_strip(cs.v[0]);
				if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr) {
					struct tc_cursors ls = { 0 };
					tc_cx_children(l, &ls);
					if (ls.nr == 2)
						walk(a, ls.v[1], def);
					tc_cursors_release(&ls);
				}
			} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
				walk(a, cs.v[0], def);
				walk_conditional(a, cs.v[1], def);
			} else {
				walk(a, cs.v[0], def);
				walk(a, cs.v[1], def);
			}
			free(op);
		}
		break;
	case CXCursor_CallExpr:
		walk_call(a, c, def);
		break;
	case CXCursor_VarDecl:
		/* a local initialised with a field's address: written through it */
		tc_cx_children(c, &cs);
		for (size_t i = 0; i < cs.nr; i++)
			if (!clang_isExpression(clang_getCursorKind(cs.v[i])) ||
			    !alias(a, cs.v[i], c, def))
				walk(a, cs.v[i], def);
		break;
	default:
		walk_children(a, c, def);
		break;
	}
	tc_cursors_release(&cs);
}

/* Summarise the writes into f->written. */
static void summarise(struct tc_class *c)
{
	for (size_t i = 0; i < c->nr_fields; i++) {
		struct tc_field *f = &c->fields[i];
		int definite = 0, any = 0, elements = 0, var_elem = 0;
		unsigned char *seen = NULL;
		long n = f->array_len;

		if (f->written == TC_WRITTEN_ALWAYS)
			continue;
		if (c->assign_whole) {
			f->written = TC_WRITTEN_ALWAYS;
			continue;
		}
		if (n > 0 && n <= 4096)
			seen = xcalloc((size_t)n, 1);
		for (size_t j = 0; j < f->nr_writes; j++) {
			struct tc_write *w = &f->writes[j];
			if (w->kind == TC_W_TEXT)
				continue;
			any = 1;
			if (w->kind == TC_W_ELEMENT) {
				elements = 1;
				if (w->index < 0 || w->in_loop)
					var_elem = 1;
				else if (seen && w->index < n)
					seen[w->index] = 1;
				continue;
			}
			if (!w->conditional)
				definite = 1;
		}
		if (!definite && elements && !var_elem && seen) {
			long have = 0;
			for (long k = 0; k < n; k++)
				have += seen[k];
			if (have == n) {
				definite = 1;
			} else {
				f->written = TC_WRITTEN_PARTIAL;
				f->written_why = xasprintf("%ld of its %ld elements", have, n);
				free(seen);
				continue;
			}
		} else if (!definite && elements) {
			definite = 1; /* filled by index in a loop or at run-time indices */
		}
		free(seen);
		if (definite)
			f->written = TC_WRITTEN_ALWAYS;
		else if (any)
			f->written = TC_WRITTEN_CONDITIONAL;
		else
			f->written = TC_WRITTEN_NEVER;
	}
}

void tc_analyze_assign(struct tc_tu *t, struct tc_class *c, CXCursor fn)
{
	struct actx a = { .t = t, .c = c, .own_len_field = -1 };
	dset def = xcalloc(c->nr_fields + 1, 1);

	walk(&a, fn, def);
	c->assign_whole = a.whole;
	c->assign_analyzed = 1;
	free(def);
}

/* ---- token-level fallback over the raw TP_fast_assign text ---- */


static int tok_is_assign(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "=") ||
	       (t->n == 2 && t->p[1] == '=' && strchr("+-*/%&|^", t->p[0]));
}

/* The record pointer: __entry or the kernel's 'entry' as written, REC expanded. */
static int is_entry_tok(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "__entry") || tc_ctok_is(t, "entry") || tc_ctok_is(t, "REC");
}

void tc_analyze_assign_text(struct tc_class *c)
{
	struct tc_ctok *v;
	size_t n;

	if (!c->assign_text)
		return;
	n = tc_ctokenize(c->assign_text, &v);
	for (size_t i = 0; i < n; i++) {
		/* __entry handed whole to something: "( __entry ," / ", __entry )" */
		if (is_entry_tok(&v[i]) && i > 0 && i + 1 < n &&
		    (tc_ctok_is(&v[i - 1], "(") || tc_ctok_is(&v[i - 1], ",")) &&
		    (tc_ctok_is(&v[i + 1], ",") || tc_ctok_is(&v[i + 1], ")")))
			c->assign_whole = 1;
		int fi = -1;
		size_t j = i;
		if (is_entry_tok(&v[i]) && i + 2 < n && tc_ctok_is(&v[i + 1], "->")) {
			for (size_t k = 0; k < c->nr_fields; k++)
				if (tc_ctok_is(&v[i + 2], c->fields[k].name))
					fi = (int)k;
			j = i + 3;
			if (fi >= 0) {
				int by_addr = i > 0 && tc_ctok_is(&v[i - 1], "&");
				int arg = i > 1 && tc_ctok_is(&v[i - 1], "(") &&
					  (isalpha((unsigned char)v[i - 2].p[0]) || v[i - 2].p[0] == '_');
				/* skip [..] and .m / ->m */
				while (j < n) {
					if (tc_ctok_is(&v[j], "[")) {
						int depth = 0;
						for (; j < n; j++) {
							if (tc_ctok_is(&v[j], "["))
								depth++;
							else if (tc_ctok_is(&v[j], "]") && --depth == 0)
								break;
						}
						j++;
					} else if ((tc_ctok_is(&v[j], ".") || tc_ctok_is(&v[j], "->")) &&
						   j + 1 < n) {
						j += 2;
					} else {
						break;
					}
				}
				/* "= (T *)__entry->arr" or "= __entry->arr": written through a pointer */
				int aliased = j == i + 3 && c->fields[fi].kind == TC_F_ARRAY &&
					      i > 0 && (tc_ctok_is(&v[i - 1], "=") || tc_ctok_is(&v[i - 1], ")"));
				if (!(by_addr || arg || aliased || (j < n && tok_is_assign(&v[j]))))
					fi = -1;
			}
		} else if (i + 2 < n && tc_ctok_is(&v[i + 1], "(") &&
			   (starts_with(v[i].p, "__assign_") || starts_with(v[i].p, "__get_"))) {
			for (size_t k = 0; k < c->nr_fields; k++)
				if (tc_ctok_is(&v[i + 2], c->fields[k].name))
					fi = (int)k;
		}
		if (fi >= 0) {
			struct tc_field *f = &c->fields[fi];
			int have = 0;
			for (size_t k = 0; k < f->nr_writes; k++)
				have |= f->writes[k].kind == TC_W_TEXT;
			if (!have)
				tc_field_add_write(f, TC_W_TEXT)->loc = f->loc;
		}
	}
	free(v);

	summarise(c);
	/* A field the AST never saw written but the text does: trust the text. */
	for (size_t i = 0; i < c->nr_fields; i++) {
		struct tc_field *f = &c->fields[i];
		if (f->written != TC_WRITTEN_NEVER)
			continue;
		for (size_t j = 0; j < f->nr_writes; j++)
			if (f->writes[j].kind == TC_W_TEXT)
				f->written = TC_WRITTEN_ALWAYS;
	}
}
