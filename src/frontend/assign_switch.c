// SPDX-License-Identifier: MIT
/* A switch in TP_fast_assign(): its arms as the alternatives of an if/else chain. */
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "util.h"

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
	CXType t = clang_getCanonicalType(clang_getCursorType(tc_as_strip_implicit(value)));
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

void tc_as_walk_switch(struct actx *a, CXCursor sw, dset def)
{
	struct tc_cursors cs = { 0 };
	struct sw_arm *arms = NULL;
	struct sw_cases sc = { 0 };
	size_t nr = 0, n = a->c->nr_fields;

	tc_cx_children(sw, &cs);
	if (cs.nr >= 1)
		tc_as_walk(a, cs.v[0], def);
	if (cs.nr == 2 && switch_arms(cs.v[1], &arms, &nr, &sc) &&
	    (sc.has_default || covers_enum(cs.v[0], &sc))) {
		/* what every arm writes: the whole field or bytes of it */
		dset all = NULL;
		size_t **from = xcalloc(nr + 1, sizeof(*from));

		/* a switch's arms have no if/?: condition of their own (dynamic-array-length) */
		const char *outer = a->ctext;
		a->ctext = NULL;
		for (size_t i = 0; i < nr; i++) {
			dset d = tc_as_dset(a), both = tc_as_dset(a);
			from[i] = tc_as_snapshot(a);
			for (size_t j = 0; j < arms[i].nr; j++)
				tc_as_walk_branch(a, arms[i].stmts[j], d);
			for (size_t f = 0; f < n && all; f++)
				tc_as_dset_join_both(a, both, f, all, d);
			tc_as_dset_free(a, all);
			all = i ? both : d;
			tc_as_dset_free(a, i ? d : both);
		}
		a->ctext = outer;
		for (size_t f = 0; f < n; f++) {
			struct tc_field *fl = &a->c->fields[f];
			for (size_t j = from[0][f]; j < fl->nr_writes; j++)
				if (!all->full[f] || a->cond > 0)
					fl->writes[j].conditional = 1;
			if (a->cond == 0)
				tc_as_dset_join_both(a, def, f, all, all);
		}
		for (size_t i = 0; i < nr; i++)
			free(from[i]);
		free(from);
		tc_as_dset_free(a, all);
	} else {
		for (size_t i = 1; i < cs.nr; i++)
			tc_as_walk_conditional(a, cs.v[i], def);
	}
	for (size_t i = 0; i < nr; i++)
		free(arms[i].stmts);
	free(arms);
	free(sc.v);
	tc_cursors_release(&cs);
}

