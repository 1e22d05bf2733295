// SPDX-License-Identifier: MIT
/*
 * TP_printk(): the print fmt as the kernel records it, each argument as
 * written and as expanded, where each argument is in the header, which
 * macros it uses and which functions it calls.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "fmtfile.h"
#include "format.h"
#include "helpers.h"
#include "strbuf.h"
#include "util.h"

/*
 * Which argument as written each expanded argument comes from.  A macro
 * such as DRM_RECT_ARG() expands to several arguments; arguments whose
 * expansion is predictable anchor the match from both ends and the rest
 * go to the arguments in between.
 */
static size_t *align_args(char **exp, size_t ne, char **raw, size_t nr)
{
	size_t *map = xcalloc(ne + 1, sizeof(*map));
	size_t i = 0, j = 0, ri = nr, ej = ne;

	if (ne == nr || nr == 0) {
		for (size_t k = 0; k < ne; k++)
			map[k] = k < nr ? k : (nr ? nr - 1 : 0);
		return map;
	}
	/* an argument that uses no macro but __entry expands predictably */
	while (i < nr && j < ne && tc_same_arg_text(raw[i], exp[j]))
		map[j++] = i++;
	while (ri > i && ej > j && tc_same_arg_text(raw[ri - 1], exp[ej - 1]))
		map[--ej] = --ri;
	/* raw[i..ri) produce exp[j..ej): one each, the last takes the rest */
	for (size_t k = j; k < ej; k++) {
		size_t r = i + (k - j);
		map[k] = r < ri ? r : (ri ? ri - 1 : 0);
		if (ri > i && r >= ri - 1)
			map[k] = ri - 1;
	}
	return map;
}

void tc_split_print_fmt(struct tc_printk *p, const char *meta)
{
	const char *x1d = strchr(meta, '\x1d');
	const char *x1c = x1d ? strchr(x1d, '\x1c') : NULL;
	const char *x1b = x1c ? strchr(x1c, '\x1b') : NULL;
	char **exp = NULL, **raw = NULL;
	size_t ne, nr;

	if (!x1d && !strchr(meta, '\x1b')) {
		/*
		 * Not TP_printk() but a bare string (applespi_irq_received
		 * has "\n"): stage 7 uses it as it is, with no arguments.
		 */
		p->present = 1;
		p->print_fmt = xstrdup(meta);
		p->fmt = xstrdup(meta);
		p->fmt_raw = xstrdup(meta);
		return;
	}
	if (!x1d || !x1c || !x1b)
		return;
	p->present = 1;
	size_t hl = (size_t)(x1d - meta);
	struct strbuf sb = STRBUF_INIT;
	strbuf_add(&sb, meta, hl);
	strbuf_add(&sb, x1d + 1, (size_t)(x1c - x1d - 1));
	p->print_fmt = strbuf_detach(&sb);
	p->fmt = hl >= 4 ? xstrndup(meta + 1, hl - 4) : xstrdup("");
	p->fmt_raw = xstrdup(x1b + 1);

	char *e = xstrndup(x1d + 1, (size_t)(x1c - x1d - 1));
	char *r = xstrndup(x1c + 1, (size_t)(x1b - x1c - 1));
	ne = tc_split_args(e, &exp);
	nr = tc_split_args(r, &raw);
	size_t *map = align_args(exp, ne, raw, nr);
	for (size_t i = 0; i < ne; i++) {
		struct tc_printk_arg *a = tc_printk_add_arg(p);
		a->expanded = exp[i];
		a->raw_index = map[i];
		a->raw = xstrdup(map[i] < nr ? raw[map[i]] : "");
	}
	p->raw_args = raw;
	p->nr_raw_args = nr;
	free(map);
	free(exp);
	free(e);
	free(r);
}

struct argpos {
	unsigned start, end; /* offsets in the header */
	struct tc_loc loc;
	struct strbuf text;
};

static int loc_le(struct tc_loc a, struct tc_loc b)
{
	return a.line < b.line || (a.line == b.line && a.col <= b.col);
}

static void attach_macros(struct tc_tu *t, struct tc_printk_arg *a, unsigned start,
			  unsigned end)
{
	for (size_t i = 0; i < t->nr_mexp; i++) {
		struct tc_mexp *m = &t->mexp[i];
		if (m->off < start || m->off > end)
			continue;
		/* once per use: 10,000 uses in one argument made it minutes */
		struct tc_loc loc = tc_cx_file_loc(t, clang_getCursorLocation(m->c));
		int dup = 0;
		for (size_t j = 0; j < a->nr_macros && !dup; j++)
			dup = a->macros[j].loc.col == loc.col &&
			      a->macros[j].loc.line == loc.line && !strcmp(a->macros[j].name, m->name);
		if (dup)
			continue;
		ALLOC_GROW(a->macros, a->nr_macros + 1, a->alloc_macros);
		struct tc_macro_use *u = &a->macros[a->nr_macros++];
		memset(u, 0, sizeof(*u));
		u->name = xstrdup(m->name);
		u->standard = tc_is_standard_macro(m->name);
		u->loc = loc;
		CXCursor def = clang_getCursorReferenced(m->c);
		if (!clang_Cursor_isNull(def))
			u->def_loc = tc_cx_file_loc(t, clang_getCursorLocation(def));
	}
}

/* All printks of the header, for matching TP_printk() expansions. */
static size_t all_printks(struct tc_header *h, struct tc_printk ***out)
{
	size_t nr = 0, alloc = 0;
	struct tc_printk **v = NULL;

	for (size_t i = 0; i < h->nr_classes; i++) {
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = &h->classes[i]->print;
	}
	for (size_t i = 0; i < h->nr_events; i++) {
		if (!h->events[i]->own_print.present)
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = &h->events[i]->own_print;
	}
	*out = v;
	return nr;
}

/*
 * m, a macro of the header's own that wraps TP_printk() and passes its
 * variadic arguments last (cxl's CXL_EVT_TP_printk(fmt, ...), btrfs's
 * TP_printk_btrfs(fmt, args...)): its arguments after the format are the
 * last ones of the TP_printk() it writes.
 */
static int printk_wrapper(struct tc_tu *t, struct tc_mexp *m)
{
	CXCursor def = clang_getCursorReferenced(m->c);
	CXToken *toks = NULL;
	unsigned n = 0;
	int printk = 0, variadic = 0;

	if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_MacroDefinition ||
	    !clang_Cursor_isMacroFunctionLike(def))
		return 0;
	clang_tokenize(t->tu, clang_getCursorExtent(def), &toks, &n);
	for (unsigned i = 0; i < n; i++) {
		char *sp = tc_cx_str(clang_getTokenSpelling(t->tu, toks[i]));
		printk |= !strcmp(sp, "TP_printk");
		variadic |= !printk && !strcmp(sp, "...");
		free(sp);
	}
	clang_disposeTokens(t->tu, toks, n);
	return printk && variadic;
}

static void locate_one(struct tc_tu *t, struct tc_mexp *m, struct tc_printk **ps, size_t nps,
		       int wrapper)
{
	CXSourceRange r = clang_getCursorExtent(m->c);
	CXToken *toks = NULL;
	unsigned n = 0;
	struct argpos *pos = NULL;
	size_t npos = 0, apos = 0;
	struct tc_loc here = tc_cx_file_loc(t, clang_getCursorLocation(m->c));
	struct tc_printk *best = NULL;

	for (size_t i = 0; i < nps; i++) {
		if (!ps[i]->present || ps[i]->loc.file != here.file || !loc_le(ps[i]->loc, here))
			continue;
		if (!best || loc_le(best->loc, ps[i]->loc))
			best = ps[i];
	}
	if (!best || best->at_printk)
		return;
	/*
	 * A finding on the whole format points at its TP_printk(), not at
	 * the event; a wrapper's stays at the event, with the arguments the
	 * wrapper writes itself, which have no place (subject.c: 'arg:?').
	 */
	if (!wrapper)
		best->loc = here;
	best->at_printk = 1;
	if (best->nr_raw_args == 0 || best->args_located)
		return;

	clang_tokenize(t->tu, r, &toks, &n);
	int depth = 0, arg = -1;
	for (unsigned i = 1; i < n; i++) {
		/* libclang's tokens include the comments; the arguments do not */
		if (clang_getTokenKind(toks[i]) == CXToken_Comment)
			continue;
		char *sp = tc_cx_str(clang_getTokenSpelling(t->tu, toks[i]));
		CXSourceLocation tl = clang_getTokenLocation(t->tu, toks[i]);
		unsigned off = tc_cx_file_offset(tl);
		int is_open = !strcmp(sp, "("), is_close = !strcmp(sp, ")");
		int is_comma = !strcmp(sp, ",");

		if (is_close && depth == 1) {
			free(sp);
			break;
		}
		if (depth == 1 && is_comma) {
			arg++;
			ALLOC_GROW(pos, npos + 1, apos);
			memset(&pos[npos], 0, sizeof(pos[npos]));
			pos[npos].start = pos[npos].end = 0;
			npos++;
			free(sp);
			continue;
		}
		if (is_open)
			depth++;
		else if (is_close)
			depth--;
		if (arg >= 0 && !(is_open && depth == 1 && i == 1)) {
			struct argpos *a = &pos[arg];
			if (!a->text.len) {
				a->start = off;
				a->loc = tc_cx_file_loc(t, tl);
			}
			a->end = off;
			strbuf_addstr(&a->text, sp);
		}
		free(sp);
	}
	clang_disposeTokens(t->tu, toks, n);

	/* a wrapper's arguments are the last ones: raw argument skip + i is pos[i] */
	size_t skip = wrapper && npos <= best->nr_raw_args ? best->nr_raw_args - npos : 0;
	int ok = npos + skip == best->nr_raw_args && (npos || !wrapper);
	for (size_t i = 0; ok && i < npos; i++)
		ok = tc_same_arg_text(pos[i].text.buf ? pos[i].text.buf : "",
				      best->raw_args[skip + i]);
	if (ok && wrapper) {
		/* only the arguments the header's event writes have a place */
		for (size_t k = 0; k < best->nr_args; k++) {
			struct tc_printk_arg *a = &best->args[k];
			if (a->raw_index < skip || a->raw_index >= skip + npos)
				continue;
			a->loc = pos[a->raw_index - skip].loc;
			a->loc_exact = 1;
			attach_macros(t, a, pos[a->raw_index - skip].start,
				      pos[a->raw_index - skip].end);
		}
	} else if (ok) {
		best->args_located = 1;
		best->raw_range = xcalloc(2 * npos + 1, sizeof(*best->raw_range));
		best->raw_locs = xcalloc(npos + 1, sizeof(*best->raw_locs));
		for (size_t i = 0; i < npos; i++) {
			best->raw_range[2 * i] = pos[i].start;
			best->raw_range[2 * i + 1] = pos[i].end;
			best->raw_locs[i] = pos[i].loc;
			free(best->raw_args[i]);
			best->raw_args[i] = xstrdup(strbuf_str(&pos[i].text));
		}
		for (size_t k = 0; k < best->nr_args; k++) {
			struct tc_printk_arg *a = &best->args[k];
			if (a->raw_index >= npos)
				continue;
			a->loc = pos[a->raw_index].loc;
			a->loc_exact = 1;
			attach_macros(t, a, pos[a->raw_index].start, pos[a->raw_index].end);
		}
	}
	for (size_t i = 0; i < npos; i++)
		strbuf_release(&pos[i].text);
	free(pos);
}

void tc_locate_print_args(struct tc_tu *t)
{
	struct tc_printk **ps;
	size_t nps = all_printks(t->h, &ps);
	unsigned last = (unsigned)-1;

	for (size_t i = 0; i < t->nr_mexp; i++) {
		struct tc_mexp *m = &t->mexp[i];
		/* a remote event's (7.2's define_remote_events.h) or a hypervisor's */
		int wrapper = 0;
		if (m->off == last ||
		    (strcmp(m->name, "TP_printk") && strcmp(m->name, "RE_PRINTK") &&
		     strcmp(m->name, "HE_PRINTK") && !(wrapper = printk_wrapper(t, m))))
			continue;
		last = m->off;
		locate_one(t, m, ps, nps, wrapper);
	}
	/* Arguments not found in the header point at their event. */
	for (size_t i = 0; i < nps; i++)
		for (size_t j = 0; j < ps[i]->nr_args; j++)
			if (!ps[i]->args[j].loc.file)
				ps[i]->args[j].loc = ps[i]->loc;
	free(ps);
}

/* ---- the PRINT pass's output function ---- */

struct pctx {
	struct tc_tu *t;
	struct tc_printk *p;
	struct tc_printk_arg *arg;
	CXCursor printf_call;
	int found;
	long raw; /* raw argument found for an expression, -1 if none */
	CXCursor root; /* the argument's expression, parentheses and casts stripped */
	int restart_pending; /* a 7.0 __tc_h_bitmask() whose getter comes next */
};

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
	attach_macros(x->t, a, x->p->raw_range[2 * ri], x->p->raw_range[2 * ri + 1]);
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

/*
 * Names of the record's output function in a print argument, and
 * variables at file scope (struct tc_foreign_ref).
 */
struct foreign_walk {
	struct pctx *x;
	const struct fn_decls *fn;
	int call_arg; /* the DeclRefExpr at hand is passed as it is to a call */
};

/* Is name subscripted somewhere in expr ("names[REC->x]"), as an identifier of its own? */
static int subscripted(const char *expr, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = expr ? strstr(expr, name) : NULL; p; p = strstr(p + 1, name)) {
		if (p > expr && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *q = p + n;
		if (isalnum((unsigned char)*q) || *q == '_')
			continue;
		while (isspace((unsigned char)*q))
			q++;
		if (*q == '[')
			return 1;
	}
	return 0;
}

static enum CXChildVisitResult find_foreign(CXCursor c, CXCursor parent, CXClientData data);

/* c and what is under it. */
static void foreign_walk_one(CXCursor c, CXCursor parent, struct foreign_walk *w)
{
	if (find_foreign(c, parent, w) == CXChildVisit_Recurse)
		clang_visitChildren(c, find_foreign, w);
}

/*
 * The output function's own parameters and locals (the block's
 * parameters and the declarations of its body, not the aliases).
 */
struct fn_decls {
	CXCursor v[16];
	size_t nr;
};

static void add_fn_decl(struct fn_decls *d, CXCursor c)
{
	char *name = tc_cx_str(clang_getCursorSpelling(c));

	if (d->nr < ARRAY_SIZE(d->v) && !starts_with(name, "__tc_"))
		d->v[d->nr++] = c;
	free(name);
}

static enum CXChildVisitResult fn_body_decls(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclStmt)
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		add_fn_decl(data, c);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult fn_block_decls(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_UnexposedDecl) /* the BlockDecl */
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) == CXCursor_ParmDecl)
		add_fn_decl(data, c);
	else if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		clang_visitChildren(c, fn_body_decls, data);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult find_block(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_BlockExpr) {
		clang_visitChildren(c, fn_block_decls, data);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static int is_fn_decl(const struct fn_decls *d, CXCursor c)
{
	for (size_t i = 0; i < d->nr; i++)
		if (clang_equalCursors(d->v[i], c))
			return 1;
	return 0;
}

/*
 * The macro an expression came from when the header did not spell it
 * where it is: libclang maps a token of a macro's body to where the
 * macro is used, so the macro used there is the one it came through.
 */
static void macro_at(struct tc_tu *t, unsigned off, struct tc_foreign_ref *r)
{
	for (size_t i = 0; i < t->nr_mexp; i++) {
		struct tc_mexp *m = &t->mexp[i];
		if (m->off != off)
			continue;
		r->macro = xstrdup(m->name);
		CXCursor def = clang_getCursorReferenced(m->c);
		if (!clang_Cursor_isNull(def))
			r->macro_def = tc_cx_file_loc(t, clang_getCursorLocation(def));
		return;
	}
}

static enum CXChildVisitResult find_foreign(CXCursor c, CXCursor parent, CXClientData data)
{
	struct foreign_walk *w = data;
	struct pctx *x = w->x;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	/* sizeof and _Alignof do not read their operand */
	if (k == CXCursor_UnaryExpr)
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr) {
		/*
		 * The arguments one by one, so that a name passed as it is
		 * is known as such (cursors met on different paths do not
		 * compare equal).
		 */
		int n = clang_Cursor_getNumArguments(c);
		struct tc_cursors cs = { 0 };
		tc_cx_children(c, &cs);
		if (n < 0 || cs.nr < (size_t)n + 1) {
			tc_cursors_release(&cs);
			return CXChildVisit_Recurse;
		}
		foreign_walk_one(cs.v[0], c, w);
		tc_cursors_release(&cs);
		for (int i = 0; i < n; i++) {
			CXCursor arg = clang_Cursor_getArgument(c, i);
			CXCursor bare = tc_cx_strip(arg);
			if (clang_getCursorKind(bare) == CXCursor_DeclRefExpr) {
				w->call_arg = 1;
				find_foreign(bare, c, w);
				w->call_arg = 0;
			} else {
				foreign_walk_one(arg, c, w);
			}
		}
		return CXChildVisit_Continue;
	}
	if (k != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	CXCursor ref = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(ref))
		return CXChildVisit_Recurse;
	enum CXCursorKind rk = clang_getCursorKind(ref);
	if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
		return CXChildVisit_Recurse;
	char *name = tc_cx_str(clang_getCursorSpelling(ref));
	CXSourceLocation l = clang_getCursorLocation(c);
	enum tc_foreign_kind kind;
	int call_arg = w->call_arg;

	if (is_fn_decl(w->fn, ref)) {
		kind = rk == CXCursor_ParmDecl ? TC_FOREIGN_PARAM : TC_FOREIGN_LOCAL;
	} else {
		CXCursor sp = clang_getCursorSemanticParent(ref);
		if (rk != CXCursor_VarDecl || clang_Cursor_isNull(sp) ||
		    clang_getCursorKind(sp) != CXCursor_TranslationUnit || starts_with(name, "__tc_")) {
			free(name);
			return CXChildVisit_Recurse;
		}
		kind = TC_FOREIGN_GLOBAL;
	}
	struct tc_printk_arg *a = x->arg;
	struct tc_loc loc = tc_cx_file_loc(x->t, l);
	for (size_t i = 0; i < a->nr_foreign; i++) {
		struct tc_foreign_ref *o = &a->foreign[i];
		if (!strcmp(o->name, name) && o->loc.file == loc.file && o->loc.line == loc.line &&
		    o->loc.col == loc.col) {
			o->call_arg &= call_arg;
			free(name);
			return CXChildVisit_Recurse;
		}
	}
	ALLOC_GROW(a->foreign, a->nr_foreign + 1, a->alloc_foreign);
	struct tc_foreign_ref *r = &a->foreign[a->nr_foreign++];
	memset(r, 0, sizeof(*r));
	r->name = name;
	r->kind = kind;
	CXType ty = clang_getCursorType(ref), ct = clang_getCanonicalType(ty);
	r->type = tc_cx_str(clang_getTypeSpelling(ty));
	r->is_const = clang_isConstQualifiedType(ct) ||
		      (ct.kind == CXType_ConstantArray || ct.kind == CXType_IncompleteArray
		       ? clang_isConstQualifiedType(clang_getArrayElementType(ct))
		       : 0);
	r->call_arg = call_arg;
	r->loc = loc;
	unsigned off = tc_cx_file_offset(l);
	if (tc_cx_in_header(x->t, l))
		macro_at(x->t, off, r);
	r->in_macro = r->macro || !tc_cx_in_header(x->t, l) ||
		      (x->p->raw_range && (off < x->p->raw_range[2 * a->raw_index] ||
					   off > x->p->raw_range[2 * a->raw_index + 1]));
	if (kind == TC_FOREIGN_GLOBAL)
		r->decl_loc = tc_cx_file_loc(x->t, clang_getCursorLocation(ref));
	r->indexed = subscripted(a->expanded, name);
	return CXChildVisit_Recurse;
}

/* The TP_PROTO() of the class or event a printk belongs to. */
static const char *proto_of(struct tc_header *h, const struct tc_printk *p)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == p)
			return h->classes[i]->proto;
	for (size_t i = 0; i < h->nr_events; i++)
		if (&h->events[i]->own_print == p && h->events[i]->cls)
			return h->events[i]->cls->proto;
	return NULL;
}

/* Is name one of the parameters of proto ("u8 opcode, const char *name, void (*fn)(int)")? */
static int proto_has(const char *proto, const char *name)
{
	char **parts;
	size_t n = tc_split_args(proto, &parts);
	int hit = 0;

	for (size_t i = 0; i < n; i++) {
		const char *s = parts[i], *fp = strstr(s, "(*");
		const char *last = NULL;
		size_t len = 0;
		if (fp) {
			s = fp + 2;
			while (*s == ' ')
				s++;
			last = s;
			while (isalnum((unsigned char)s[len]) || s[len] == '_')
				len++;
		} else {
			for (const char *q = s; *q;) {
				if (isalpha((unsigned char)*q) || *q == '_') {
					const char *b = q;
					while (isalnum((unsigned char)*q) || *q == '_')
						q++;
					last = b;
					len = (size_t)(q - b);
				} else if (*q == '[') {
					break; /* char name[16] */
				} else {
					q++;
				}
			}
		}
		hit |= last && len == strlen(name) && !strncmp(last, name, len);
		free(parts[i]);
	}
	free(parts);
	return hit;
}

/*
 * A TP_PROTO() parameter named in a print argument is not in scope in
 * the output function: clang reports it as undeclared where the
 * argument (or the macro used in it) is.  The kernel does not build
 * that; other undeclared names may only be context tracecheck lacks.
 */
static void find_proto_names(struct tc_tu *t, struct tc_printk *p)
{
	const char *proto = proto_of(t->h, p);
	unsigned n = clang_getNumDiagnostics(t->tu);

	if (!proto || !p->raw_range)
		return;
	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		CXSourceLocation l = clang_getDiagnosticLocation(d);
		struct tc_cx_diag cd = { 0 };
		const char *name;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error || !tc_cx_in_header(t, l))
			goto next;
		tc_cx_diag_classify(d, &cd);
		name = cd.name;
		if (cd.kind != TC_CXD_UNDECLARED)
			goto next;
		unsigned off = tc_cx_file_offset(l);
		for (size_t ri = 0; ri < p->nr_raw_args; ri++) {
			if (off < p->raw_range[2 * ri] || off > p->raw_range[2 * ri + 1])
				continue;
			for (size_t k = 0; k < p->nr_args; k++) {
				struct tc_printk_arg *a = &p->args[k];
				if (a->raw_index != ri)
					continue;
				struct tc_loc loc = tc_cx_file_loc(t, l);
				int dup = 0;
				for (size_t j = 0; j < a->nr_foreign; j++)
					dup |= !strcmp(a->foreign[j].name, name) &&
					       a->foreign[j].loc.line == loc.line &&
					       a->foreign[j].loc.col == loc.col;
				if (dup)
					break;
				ALLOC_GROW(a->foreign, a->nr_foreign + 1, a->alloc_foreign);
				struct tc_foreign_ref *r = &a->foreign[a->nr_foreign++];
				memset(r, 0, sizeof(*r));
				r->name = xstrdup(name);
				r->kind = proto_has(proto, name) ? TC_FOREIGN_PROTO
								 : TC_FOREIGN_UNDECLARED;
				r->indexed = subscripted(a->expanded, name);
				r->loc = loc;
				macro_at(t, off, r);
				r->in_macro = r->macro != NULL;
				break;
			}
			break;
		}
next:
		tc_cx_diag_release(&cd);
		clang_disposeDiagnostic(d);
	}
}

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

static void number_helpers(struct tc_printk_arg *a)
{
	for (size_t i = 0; i < a->nr_helpers; i++)
		for (size_t j = 0; j < i; j++)
			a->helpers[i].ordinal += !strcmp(a->helpers[i].helper, a->helpers[j].helper);
}

static enum CXChildVisitResult find_helpers(CXCursor c, CXCursor parent, CXClientData data)
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
		find_proto_names(t, p);
		return;
	}
	struct fn_decls fn_decls = { .nr = 0 };
	clang_visitChildren(fn, find_block, &fn_decls);
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
			foreign_walk_one(cs.v[1], arg, &fw);
			x.root = tc_cx_strip(cs.v[1]);
			if (clang_getCursorKind(cs.v[1]) == CXCursor_CallExpr)
				find_helpers(cs.v[1], arg, &x);
			clang_visitChildren(cs.v[1], find_helpers, &x);
			number_helpers(x.arg);
			arg_type(x.arg, strip_implicit(cs.v[1]));
		}
		tc_cursors_release(&cs);
	}
	find_proto_names(t, p);
}
