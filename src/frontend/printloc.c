// SPDX-License-Identifier: MIT
/* TP_printk()'s print fmt as the kernel records it, and where each argument is in the header. */
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

void tc_print_attach_macros(struct tc_tu *t, struct tc_printk_arg *a, unsigned start,
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
			tc_print_attach_macros(t, a, pos[a->raw_index - skip].start,
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
			tc_print_attach_macros(t, a, pos[a->raw_index].start, pos[a->raw_index].end);
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
