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
 * header), so the raw TP_fast_assign text is scanned as well
 * (assign_text.c): a field that the text clearly writes is never
 * reported as unwritten.  assign.h names the other parts.
 */
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "strbuf.h"
#include "util.h"

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

int tc_as_is_entry_ref(CXCursor c)
{
	c = tc_cx_strip(c);
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return 0;
	CXString s = clang_getCursorSpelling(c);
	int r = !strcmp(clang_getCString(s), "entry");
	clang_disposeString(s);
	return r;
}

int tc_as_call_name_is(CXCursor call, const char *name)
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
int tc_as_target(struct actx *a, CXCursor e, long *elem, int *is_elem, int *member)
{
	e = tc_cx_strip(e);
	enum CXCursorKind k = clang_getCursorKind(e);
	struct tc_cursors cs = { 0 };
	int r = -1;

	if (k == CXCursor_MemberRefExpr) {
		tc_cx_children(e, &cs);
		CXCursor base = cs.nr ? cs.v[0] : clang_getNullCursor();
		if (!clang_Cursor_isNull(base) && tc_as_is_entry_ref(base)) {
			char *m = tc_cx_str(clang_getCursorSpelling(e));
			r = field_index(a->c, m);
			free(m);
		} else if (!clang_Cursor_isNull(base)) {
			r = tc_as_target(a, base, elem, is_elem, member);
			if (r >= 0)
				*member = 1;
		}
	} else if (k == CXCursor_ArraySubscriptExpr) {
		tc_cx_children(e, &cs);
		if (cs.nr == 2) {
			r = tc_as_target(a, cs.v[0], elem, is_elem, member);
			if (r >= 0 && !*is_elem) {
				long long v;
				*is_elem = 1;
				*elem = tc_cx_eval_int(cs.v[1], &v) ? (long)v : -1;
			}
		}
	} else if (k == CXCursor_CallExpr && tc_as_call_name_is(e, "__tc_get_dyn")) {
		if (clang_Cursor_getNumArguments(e) == 1) {
			CXCursor arg = tc_cx_strip(clang_Cursor_getArgument(e, 0));
			if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
				tc_cx_children(arg, &cs);
				if (cs.nr == 1)
					r = tc_as_target(a, cs.v[0], elem, is_elem, member);
			}
		}
	} else if (k == CXCursor_UnaryOperator) {
		/* &__entry->f handed somewhere, or *__get_str(f) = 0 */
		tc_cx_children(e, &cs);
		if (cs.nr == 1)
			r = tc_as_target(a, cs.v[0], elem, is_elem, member);
	}
	tc_cursors_release(&cs);
	return r;
}

struct tc_write *tc_as_record(struct actx *a, int fi, enum tc_write_kind kind, const char *how,
			      long elem, int nargs, CXCursor where, dset def)
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
	(void)def; /* the caller puts the write into it (tc_as_dset_write()) once it knows its extent */
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

/* The size of the element an lvalue's subscript names (&a[i], ((u32 *)a)[i]), or 0. */
static long long element_bytes(CXCursor lhs)
{
	CXCursor e = tc_as_strip_implicit(lhs);
	struct tc_cursors cs = { 0 };

	if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
		tc_cx_children(e, &cs);
		e = cs.nr == 1 ? tc_as_strip_implicit(cs.v[0]) : clang_getNullCursor();
		tc_cursors_release(&cs);
	}
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr)
		return 0;
	long long size = clang_Type_getSizeOf(clang_getCursorType(e));
	return size > 0 ? size : 0;
}

struct tc_write *tc_as_write_target(struct actx *a, CXCursor lhs, enum tc_write_kind kind,
				    const char *how, int nargs, CXCursor where, dset def)
{
	long elem = -1;
	int is_elem = 0, member = 0;
	int fi = tc_as_target(a, lhs, &elem, &is_elem, &member);

	if (fi < 0)
		return NULL;
	if (kind == TC_W_ASSIGN && is_elem)
		kind = TC_W_ELEMENT;
	else if (kind == TC_W_ASSIGN && member)
		kind = TC_W_MEMBER;
	struct tc_write *w = tc_as_record(a, fi, kind, how, is_elem ? elem : -1, nargs, where, def);
	if (kind == TC_W_COPY && is_elem)
		w->at_element = 1;
	if (is_elem && !member)
		w->elem_bytes = element_bytes(lhs);
	if (kind == TC_W_ASSIGN) {
		/* *(u32 *)__entry->addr = v: the bytes of what the pointer points at */
		CXCursor l = tc_as_strip_implicit(lhs);
		long long size = clang_Type_getSizeOf(clang_getCursorType(l));
		if (clang_getCursorKind(l) == CXCursor_UnaryOperator && size > 0)
			tc_as_extent(a, fi, w, 0, size);
	}
	/* a copy's extent is known once its size is read (assign_copy.c) */
	if (kind != TC_W_COPY)
		tc_as_dset_write(a, def, fi, w);
	return w;
}


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
	    !(k == CXCursor_CallExpr && tc_as_call_name_is(s, "__tc_get_dyn")))
		return 0;
	fi = tc_as_target(a, s, &elem, &is_elem, &member);
	if (fi < 0)
		return 0;
	CXType ty = clang_getCanonicalType(clang_getCursorType(s));
	if (k == CXCursor_MemberRefExpr && ty.kind != CXType_ConstantArray)
		return 0; /* a plain read of the field */
	if (k == CXCursor_UnaryOperator && ty.kind != CXType_Pointer)
		return 0; /* not an address-of */
	tc_as_dset_write(a, def, fi, tc_as_record(a, fi, TC_W_CALL, "a pointer", -1, 0, where, def));
	return 1;
}

static void walk_children(struct actx *a, CXCursor c, dset def)
{
	struct tc_cursors cs = { 0 };
	int block = clang_getCursorKind(c) == CXCursor_CompoundStmt;

	tc_cx_children(c, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		a->stmt = block;
		tc_as_walk(a, cs.v[i], def);
	}
	a->stmt = 0;
	tc_cursors_release(&cs);
}

/* Walk c in a conditional context; its definite writes go to out. */
void tc_as_walk_branch(struct actx *a, CXCursor c, dset out)
{
	a->cond++;
	a->cdepth++;
	/* Definite writes inside a branch are definite for the branch. */
	int saved = a->cond;
	a->cond = 0;
	size_t n = a->c->nr_fields;
	(void)n;
	tc_as_walk(a, c, out);
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

size_t *tc_as_snapshot(struct actx *a)
{
	size_t *s = xcalloc(a->c->nr_fields + 1, sizeof(*s));

	for (size_t i = 0; i < a->c->nr_fields; i++)
		s[i] = a->c->fields[i].nr_writes;
	return s;
}

/* The tokens of c without blanks or comments ("request->ie"), malloced. */
char *tc_as_squeezed_text(struct tc_tu *t, CXCursor c)
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
	int guarded = a->cond == 0 && arm->full[i] &&
		      (zero_elsewhere(f, cond, neg) || (!neg && a->own_len_field == (int)i));

	for (size_t j = from; j < to; j++)
		if ((!both || a->cond > 0) && !guarded)
			f->writes[j].conditional = 1;
	if (guarded)
		tc_as_dset_set_full(a, def, i);
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

	if (clang_getCursorKind(e) != CXCursor_CallExpr || !tc_as_call_name_is(e, "__tc_get_dyn_len") ||
	    clang_Cursor_getNumArguments(e) != 1)
		return -1;
	CXCursor arg = tc_cx_strip(clang_Cursor_getArgument(e, 0));
	if (clang_getCursorKind(arg) == CXCursor_UnaryOperator) {
		tc_cx_children(arg, &cs);
		if (cs.nr == 1)
			r = tc_as_target(a, cs.v[0], &elem, &is_elem, &member);
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
	dset d1 = tc_as_dset(a), d2 = tc_as_dset(a);
	size_t *before = tc_as_snapshot(a);
	char *ctext = tc_as_squeezed_text(a->t, cond);
	const char *outer = a->ctext;
	int outer_neg = a->cneg;

	a->ctext = ctext;
	a->cneg = 0;
	tc_as_walk_branch(a, x, d1);
	size_t *mid = tc_as_snapshot(a);
	a->cneg = 1;
	if (!clang_Cursor_isNull(y))
		tc_as_walk_branch(a, y, d2);
	a->ctext = outer;
	a->cneg = outer_neg;
	int outer_own = a->own_len_field;
	a->own_len_field = own_length_field(a, cond);
	for (size_t i = 0; i < n; i++) {
		struct tc_field *f = &a->c->fields[i];
		int both = d1->full[i] && d2->full[i];
		mark_arm(a, i, before[i], mid[i], both, ctext, 0, d1, def);
		mark_arm(a, i, mid[i], f->nr_writes, both, ctext, 1, d2, def);
		/* what both write, the whole field or bytes of it */
		if (a->cond == 0)
			tc_as_dset_join_both(a, def, i, d1, d2);
	}
	a->own_len_field = outer_own;
	free(ctext);
	free(mid);
	free(before);
	tc_as_dset_free(a, d1);
	tc_as_dset_free(a, d2);
}

void tc_as_walk_conditional(struct actx *a, CXCursor c, dset def)
{
	dset tmp = tc_as_dset(a);
	size_t *before = tc_as_snapshot(a);

	(void)def;
	const char *outer = a->ctext;
	a->ctext = NULL;
	tc_as_walk_branch(a, c, tmp);
	a->ctext = outer;
	mark_branch_writes_conditional(a, before);
	free(before);
	tc_as_dset_free(a, tmp);
}

/*
 * The operator of a binary expression.  libclang 14 has no API for it:
 * read the source between the operands when both are spelled in the
 * same file; "" when that cannot be done.
 */
char *tc_as_binary_op(struct actx *a, CXCursor lhs, CXCursor rhs)
{
	CXFile f1, f2;
	unsigned line, col, o1, o2;
	size_t size = 0;
	const char *text;

	tc_cx_file_pos(clang_getRangeEnd(clang_getCursorExtent(lhs)), &f1, &line, &col,
				  &o1);
	tc_cx_file_pos(clang_getRangeStart(clang_getCursorExtent(rhs)), &f2, &line, &col,
				  &o2);
	if (!f1 || !f2 || !tc_cx_file_equal(f1, f2) || o2 < o1 || o2 - o1 > 64)
		return xstrdup("");
	text = tc_cx_file_text(a->t, f1, &size);
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
CXCursor tc_as_strip_implicit(CXCursor c)
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

static void walk_call(struct actx *a, CXCursor c, dset def)
{
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	int nargs = clang_Cursor_getNumArguments(c);

	if (tc_as_walk_copy(a, c, name, def) || !strcmp(name, "__tc_get_dyn_len") ||
	    !strcmp(name, "__builtin_constant_p") || !strcmp(name, "__builtin_object_size") ||
	    !strcmp(name, "__builtin_dynamic_object_size")) {
		free(name);
		return;
	}
	for (int i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(c, i);
		CXCursor s = tc_cx_strip(arg);
		enum CXCursorKind k = clang_getCursorKind(s);
		if (tc_as_is_entry_ref(arg)) {
			a->whole = 1;
			continue;
		}
		if (k == CXCursor_UnaryOperator || k == CXCursor_MemberRefExpr ||
		    (k == CXCursor_CallExpr && tc_as_call_name_is(s, "__tc_get_dyn"))) {
			/* &__entry->f, an array field, or a dynamic field's storage */
			long elem = -1;
			int is_elem = 0, member = 0;
			int fi = tc_as_target(a, s, &elem, &is_elem, &member);
			if (fi >= 0) {
				struct tc_field *f = &a->c->fields[fi];
				CXType ty = clang_getCanonicalType(clang_getCursorType(s));
				int by_addr = k == CXCursor_UnaryOperator ||
					      k == CXCursor_CallExpr ||
					      ty.kind == CXType_ConstantArray ||
					      ty.kind == CXType_Pointer;
				if (by_addr && (k != CXCursor_MemberRefExpr ||
						f->kind == TC_F_ARRAY)) {
					tc_as_dset_write(a, def, fi,
							 tc_as_record(a, fi, TC_W_CALL, name, -1,
								      nargs, c, def));
					continue;
				}
			}
		}
		tc_as_walk(a, arg, def);
	}
	free(name);
}

void tc_as_walk(struct actx *a, CXCursor c, dset def)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct tc_cursors cs = { 0 };
	int stmt = a->stmt;

	a->stmt = 0;

	switch (k) {
	case CXCursor_IfStmt:
		tc_cx_children(c, &cs);
		if (cs.nr >= 2) {
			tc_as_walk(a, cs.v[0], def);
			walk_alternatives(a, cs.v[0], cs.v[1],
					  cs.nr >= 3 ? cs.v[2] : clang_getNullCursor(), def);
		}
		break;
	case CXCursor_ConditionalOperator:
		tc_cx_children(c, &cs);
		if (cs.nr == 3) {
			tc_as_walk(a, cs.v[0], def);
			walk_alternatives(a, cs.v[0], cs.v[1], cs.v[2], def);
		} else {
			walk_children(a, c, def);
		}
		break;
	case CXCursor_SwitchStmt:
		tc_as_walk_switch(a, c, def);
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
			int fi = tc_as_target(a, cs.v[0], &elem, &is_elem, &member);
			tc_as_walk(a, cs.v[1], def);
			if (fi >= 0)
				record_read(a, fi, c, 1);
			tc_as_write_target(a, cs.v[0], TC_W_ASSIGN, NULL, 0, c, def);
		}
		break;
	case CXCursor_MemberRefExpr:
		/* an rvalue use of __entry->f: a read of the record */
		tc_cx_children(c, &cs);
		if (cs.nr == 1 && tc_as_is_entry_ref(cs.v[0])) {
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
			char *op = tc_as_binary_op(a, cs.v[0], cs.v[1]);
			/* An expression statement with an unreadable operator: an assignment. */
			if (!*op && stmt) {
				free(op);
				op = xstrdup("=");
			}
			if (!strcmp(op, "=")) {
				if (!alias(a, cs.v[1], c, def))
					tc_as_walk(a, cs.v[1], def);
				struct tc_write *w = tc_as_write_target(a, cs.v[0], TC_W_ASSIGN, NULL, 0, c, def);
				if (w && (w->kind == TC_W_ASSIGN || w->kind == TC_W_ELEMENT))
					tc_as_record_source(a, w, cs.v[1]);
				/* index expressions of the target */
				CXCursor l = tc_cx_strip(cs.v[0]);
				if (clang_getCursorKind(l) == CXCursor_ArraySubscriptExpr) {
					struct tc_cursors ls = { 0 };
					tc_cx_children(l, &ls);
					if (ls.nr == 2)
						tc_as_walk(a, ls.v[1], def);
					tc_cursors_release(&ls);
				}
			} else if (!strcmp(op, "&&") || !strcmp(op, "||")) {
				tc_as_walk(a, cs.v[0], def);
				tc_as_walk_conditional(a, cs.v[1], def);
			} else {
				tc_as_walk(a, cs.v[0], def);
				tc_as_walk(a, cs.v[1], def);
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
				tc_as_walk(a, cs.v[i], def);
		break;
	default:
		walk_children(a, c, def);
		break;
	}
	tc_cursors_release(&cs);
}

/* What part of f every path writes (tc_field.bytes_*), as "4 of its 16 bytes, not bytes 4-15". */
static char *written_part(const struct tc_field *f)
{
	if (f->bytes_by_element && f->el_size > 0)
		return xasprintf("%lld of its %lld elements", f->bytes_written / f->el_size,
				 f->bytes_size / f->el_size);
	return xasprintf("%lld of its %lld bytes, not %s %s", f->bytes_written, f->bytes_size,
			 strpbrk(f->bytes_gap, "-,") ? "bytes" : "byte", f->bytes_gap);
}

/* Summarise the writes into f->written. */
void tc_as_summarise(struct tc_class *c)
{
	for (size_t i = 0; i < c->nr_fields; i++) {
		struct tc_field *f = &c->fields[i];
		int definite = 0, any = 0, elements = 0, var_elem = 0, parts = 0;

		if (f->written == TC_WRITTEN_ALWAYS)
			continue;
		if (c->assign_whole) {
			f->written = TC_WRITTEN_ALWAYS;
			continue;
		}
		for (size_t j = 0; j < f->nr_writes; j++) {
			struct tc_write *w = &f->writes[j];
			if (w->kind == TC_W_TEXT)
				continue;
			any = 1;
			if (w->kind == TC_W_ELEMENT) {
				elements = 1;
				if (w->index < 0 || w->in_loop || w->elem_bytes <= 0)
					var_elem = 1;
				continue;
			}
			if (w->part) {
				parts = 1; /* part of an array: the bytes every path writes decide */
				continue;
			}
			if (!w->conditional)
				definite = 1;
		}
		if (!definite && (elements || parts) && !var_elem && f->bytes_size > 0) {
			if (f->bytes_written >= f->bytes_size) {
				definite = 1;
			} else if (f->bytes_written > 0 && f->bytes_gap) {
				f->written = TC_WRITTEN_PARTIAL;
				f->written_why = written_part(f);
				continue;
			}
		} else if (!definite && elements) {
			definite = 1; /* filled by index in a loop or at run-time indices */
		}
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
	struct actx a = { .t = t, .c = c, .own_len_field = -1, .fn = fn };
	dset def;

	tc_as_bytes_start(&a);
	def = tc_as_dset(&a);
	tc_as_walk(&a, fn, def);
	c->assign_whole = a.whole;
	c->assign_analyzed = 1;
	tc_as_bytes_finish(&a, def);
	tc_as_value_release(&a);
	tc_as_dset_free(&a, def);
}

