// SPDX-License-Identifier: MIT
/*
 * What each finding is about, derived by the engine from where it is:
 * the innermost event macro whose text holds its position (a
 * DECLARE_EVENT_CLASS() or TRACE_EVENT(): the class's record; a
 * DEFINE_EVENT*(): that event), and in it the field, the TP_printk()
 * argument (by its index as written) or the format string at that
 * position.  Outside the events, the header's line, by its text.  A
 * rule that knows better sets the subject itself (tc_diag_subject());
 * this fills in the others.  Nothing here depends on a message's words,
 * and only the element's text, never a line number, is in a key.
 */
#include "subject.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

struct scope {
	enum tc_scope kind;
	const char *name;
	unsigned from_line, from_col, to_line;
	const struct tc_class *cls;   /* CLASS */
	const struct tc_printk *print; /* its TP_printk(), if it has one */
	unsigned tp_line, tp_col;      /* where "TP_printk" is written in it, 0 if not */
};

static int before(struct tc_loc a, unsigned line, unsigned col)
{
	return a.line < line || (a.line == line && a.col < col);
}

static int same_pos(struct tc_loc a, struct tc_loc b)
{
	return a.line == b.line && a.col == b.col;
}

static int inside(const struct scope *s, struct tc_loc l)
{
	return !before(l, s->from_line, s->from_col) && l.line <= s->to_line;
}

/* The element of the scope's TP_printk() at l: the format (-1), an argument, or -2. */
static long printk_elem(const struct scope *sc, struct tc_loc l)
{
	const struct tc_printk *p = sc->print;

	if (!p || !p->present)
		return -2;
	for (size_t i = 0; i < p->nr_args; i++) {
		const struct tc_printk_arg *a = &p->args[i];
		int at = same_pos(a->loc, l);
		for (size_t k = 0; k < a->nr_macros && !at; k++)
			at = same_pos(a->macros[k].loc, l);
		for (size_t k = 0; k < a->nr_calls && !at; k++)
			at = same_pos(a->calls[k].loc, l);
		for (size_t k = 0; k < a->nr_foreign && !at; k++)
			at = same_pos(a->foreign[k].loc, l);
		if (at)
			return (long)a->raw_index;
	}
	if (!sc->tp_line || before(l, sc->tp_line, sc->tp_col))
		return -2;
	if (!p->raw_locs || !p->nr_raw_args || !p->args_located)
		return -1;
	long found = -1; /* at or after TP_printk(, before the first argument */
	for (size_t i = 0; i < p->nr_raw_args; i++)
		if (p->raw_locs[i].line && !before(l, p->raw_locs[i].line, p->raw_locs[i].col))
			found = (long)i;
	return found;
}

/* The field of a class at l (its declaration, a write or a read), or NULL. */
static const char *field_at(const struct tc_class *c, struct tc_loc l)
{
	const char *by_line = NULL;
	int lines = 0;

	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		if (same_pos(f->loc, l))
			return f->name;
		for (size_t k = 0; k < f->nr_writes; k++)
			if (same_pos(f->writes[k].loc, l))
				return f->name;
		for (size_t k = 0; k < f->nr_reads; k++)
			if (same_pos(f->reads[k].loc, l))
				return f->name;
		if (f->loc.line == l.line && (!by_line || strcmp(by_line, f->name))) {
			by_line = f->name;
			lines++;
		}
	}
	return lines == 1 ? by_line : NULL;
}

/* A line's text with its comments dropped and white space folded; malloced. */
static char *line_text(const char *text, unsigned line)
{
	size_t len = strlen(text), i = 0;
	struct strbuf sb = STRBUF_INIT;

	for (unsigned n = 1; i < len && n < line; i++)
		n += text[i] == '\n';
	while (i < len && text[i] != '\n') {
		size_t j = tc_cskip_comment(text, len, i);
		if (j > i) {
			i = j;
			continue;
		}
		if (isspace((unsigned char)text[i])) {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				strbuf_addch(&sb, ' ');
		} else {
			strbuf_addch(&sb, text[i]);
		}
		i++;
	}
	while (sb.len && sb.buf[sb.len - 1] == ' ')
		sb.buf[--sb.len] = '\0';
	return strbuf_detach(&sb);
}

static void add_scope(struct scope **v, size_t *nr, enum tc_scope kind, const char *name,
		      struct tc_loc loc, const struct tc_toks *ts, const struct tc_extent *x,
		      const struct tc_class *cls, const struct tc_printk *print)
{
	if (!loc.line || x->macro.close == TC_TOK_NONE)
		return;
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	struct scope *s = &(*v)[(*nr)++];
	*s = (struct scope){ kind, name, loc.line, loc.col, ts->v[x->macro.close].line, cls, print, 0, 0 };
	/* where its TP_printk( is: the format and arguments follow */
	if (x->print.name != TC_TOK_NONE) {
		s->tp_line = ts->v[x->print.name].line;
		s->tp_col = ts->v[x->print.name].col;
	}
}

void tc_subjects_derive(struct tc_diags *d, struct tc_context *ctx)
{
	const struct tc_header *h = ctx->h;
	const char *text = ctx->text;
	struct scope *sc = NULL;
	size_t nr = 0;

	if (text)
		tc_context_need(ctx, TC_NEED_EXTENTS);
	for (size_t i = 0; text && i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		if (c->loc.file && !strcmp(c->loc.file, h->path))
			add_scope(&sc, &nr, TC_SCOPE_CLASS, c->name, c->loc, &ctx->toks,
				  &ctx->class_ext[i], c, &c->print);
	}
	for (size_t i = 0; text && i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		if (!e->loc.file || strcmp(e->loc.file, h->path))
			continue;
		int own_class = 0; /* TRACE_EVENT(): the class at the same place is the scope */
		for (size_t k = 0; k < nr && !own_class; k++)
			own_class = sc[k].kind == TC_SCOPE_CLASS && sc[k].from_line == e->loc.line &&
				    sc[k].from_col == e->loc.col;
		if (!own_class)
			add_scope(&sc, &nr, TC_SCOPE_EVENT, e->name, e->loc, &ctx->toks,
				  &ctx->event_ext[i], NULL, e->own_print.present ? &e->own_print : NULL);
	}
	for (size_t i = 0; i < d->nr; i++) {
		struct tc_diag *g = &d->v[i];
		if (g->subj.scope != TC_SCOPE_UNSET)
			continue;
		if (!g->loc.file || strcmp(g->loc.file, h->path) || !g->loc.line) {
			tc_diag_subject(g, TC_SCOPE_HEADER, NULL, TC_ELEM_NONE, NULL, 0);
			continue;
		}
		const struct scope *best = NULL;
		for (size_t k = 0; k < nr; k++)
			if (inside(&sc[k], g->loc) &&
			    (!best || sc[k].to_line - sc[k].from_line < best->to_line - best->from_line))
				best = &sc[k];
		if (!best) {
			char *t = text ? line_text(text, g->loc.line) : xstrdup("");
			tc_diag_subject(g, TC_SCOPE_HEADER, NULL, *t ? TC_ELEM_DIRECTIVE : TC_ELEM_NONE,
					*t ? t : NULL, 0);
			free(t);
			continue;
		}
		if (g->loc.line == best->from_line && g->loc.col == best->from_col) {
			/*
			 * At the macro's name: the class or event itself, or, when
			 * a macro wrote its TP_printk() and the arguments have no
			 * place of their own, one of them (which: not known, -1).
			 */
			int ri = tc_rule_index(g->rule);
			int unplaced = best->print && best->print->present &&
				       best->print->nr_args && !best->print->args_located &&
				       ri >= 0 && tc_rules[ri]->about_printk;
			tc_diag_subject(g, best->kind, best->name,
					unplaced ? TC_ELEM_ARG : TC_ELEM_NONE, NULL, unplaced ? -1 : 0);
			continue;
		}
		const char *field = best->cls ? field_at(best->cls, g->loc) : NULL;
		long el = field ? -2 : printk_elem(best, g->loc);
		if (field)
			tc_diag_subject(g, best->kind, best->name, TC_ELEM_FIELD, field, 0);
		else if (el >= 0)
			tc_diag_subject(g, best->kind, best->name, TC_ELEM_ARG, NULL, el);
		else if (el == -1)
			tc_diag_subject(g, best->kind, best->name, TC_ELEM_FORMAT, NULL, 0);
		else
			tc_diag_subject(g, best->kind, best->name, TC_ELEM_NONE, NULL, 0);
	}
	free(sc);
}
