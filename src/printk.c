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
#include "helpers.h"
#include "strbuf.h"
#include "util.h"

/* Compare ignoring all white space. */
static int same_text(const char *a, const char *b)
{
	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++;
		b++;
	}
}

/* The argument as it expands when it uses no macro but __entry. */
static int expands_to(const char *raw, const char *exp)
{
	struct strbuf sb = STRBUF_INIT;
	int same;

	for (const char *p = raw; *p;) {
		if (!strncmp(p, "__entry", 7) && !(isalnum((unsigned char)p[7]) || p[7] == '_') &&
		    (p == raw || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))) {
			strbuf_addstr(&sb, "REC");
			p += 7;
		} else {
			strbuf_addch(&sb, *p++);
		}
	}
	same = same_text(strbuf_str(&sb), exp);
	strbuf_release(&sb);
	return same;
}

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
	while (i < nr && j < ne && expands_to(raw[i], exp[j])) {
		map[j++] = i++;
	}
	while (ri > i && ej > j && expands_to(raw[ri - 1], exp[ej - 1]))
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
		int dup = 0;
		for (size_t j = 0; j < a->nr_macros; j++)
			dup |= !strcmp(a->macros[j].name, m->name) &&
			       a->macros[j].loc.col ==
				       tc_cx_spelling_loc(t, clang_getCursorLocation(m->c)).col &&
			       a->macros[j].loc.line ==
				       tc_cx_spelling_loc(t, clang_getCursorLocation(m->c)).line;
		if (dup)
			continue;
		ALLOC_GROW(a->macros, a->nr_macros + 1, a->alloc_macros);
		struct tc_macro_use *u = &a->macros[a->nr_macros++];
		memset(u, 0, sizeof(*u));
		u->name = xstrdup(m->name);
		u->standard = tc_is_standard_macro(m->name);
		u->loc = tc_cx_spelling_loc(t, clang_getCursorLocation(m->c));
		CXCursor def = clang_getCursorReferenced(m->c);
		if (!clang_Cursor_isNull(def))
			u->def_loc = tc_cx_spelling_loc(t, clang_getCursorLocation(def));
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

static void locate_one(struct tc_tu *t, struct tc_mexp *m, struct tc_printk **ps, size_t nps)
{
	CXSourceRange r = clang_getCursorExtent(m->c);
	CXToken *toks = NULL;
	unsigned n = 0;
	struct argpos *pos = NULL;
	size_t npos = 0, apos = 0;
	struct tc_loc here = tc_cx_spelling_loc(t, clang_getCursorLocation(m->c));
	struct tc_printk *best = NULL;

	for (size_t i = 0; i < nps; i++) {
		if (!ps[i]->present || ps[i]->loc.file != here.file || !loc_le(ps[i]->loc, here))
			continue;
		if (!best || loc_le(best->loc, ps[i]->loc))
			best = ps[i];
	}
	if (!best || best->nr_raw_args == 0 || best->args_located)
		return;

	clang_tokenize(t->tu, r, &toks, &n);
	int depth = 0, arg = -1;
	for (unsigned i = 1; i < n; i++) {
		char *sp = tc_cx_str(clang_getTokenSpelling(t->tu, toks[i]));
		CXSourceLocation tl = clang_getTokenLocation(t->tu, toks[i]);
		unsigned off = tc_cx_spelling_offset(tl);
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
				a->loc = tc_cx_spelling_loc(t, tl);
			}
			a->end = off;
			strbuf_addstr(&a->text, sp);
		}
		free(sp);
	}
	clang_disposeTokens(t->tu, toks, n);

	int ok = npos == best->nr_raw_args;
	for (size_t i = 0; ok && i < npos; i++)
		ok = same_text(pos[i].text.buf ? pos[i].text.buf : "", best->raw_args[i]);
	if (ok) {
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
		if (strcmp(m->name, "TP_printk") || m->off == last)
			continue;
		last = m->off;
		locate_one(t, m, ps, nps);
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
};

/* The first piece of the expression spelled inside a raw argument. */
static enum CXChildVisitResult find_raw(CXCursor c, CXCursor parent, CXClientData data)
{
	struct pctx *x = data;
	CXSourceLocation l = clang_getCursorLocation(c);

	(void)parent;
	if (tc_cx_in_header(x->t, l)) {
		unsigned off = tc_cx_spelling_offset(l);
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
	k->loc = tc_cx_spelling_loc(x->t, cl);
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
		r->decl_loc = tc_cx_spelling_loc(w->x->t, clang_getCursorLocation(ref));
		CXCursor en = clang_getCursorSemanticParent(ref);
		if (!clang_Cursor_isNull(en) && clang_getCursorKind(en) == CXCursor_EnumDecl) {
			r->enum_name = clang_Cursor_isAnonymous(en)
					       ? xstrdup("")
					       : tc_cx_str(clang_getCursorSpelling(en));
			r->enum_loc = tc_cx_spelling_loc(w->x->t, clang_getCursorLocation(en));
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

static int type_signed(CXType ct)
{
	switch (ct.kind) {
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Int128:
	case CXType_WChar:
		return 1;
	case CXType_Enum:
		return type_signed(clang_getCanonicalType(
			clang_getEnumDeclIntegerType(clang_getTypeDeclaration(ct))));
	default:
		return 0;
	}
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
	a->type = tc_cx_str(clang_getTypeSpelling(ty));
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
	if (!x.found)
		return;
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
			arg_type(x.arg, strip_implicit(cs.v[1]));
		}
		tc_cursors_release(&cs);
	}
}
