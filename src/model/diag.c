// SPDX-License-Identifier: MIT
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

static const char *const sev_names[] = { "note", "warning", "error" };

const char *tc_severity_name(enum tc_severity s)
{
	return sev_names[s];
}

int tc_severity_parse(const char *name, enum tc_severity *out)
{
	for (size_t i = 0; i < ARRAY_SIZE(sev_names); i++) {
		if (!strcmp(name, sev_names[i])) {
			*out = (enum tc_severity)i;
			return 0;
		}
	}
	return -1;
}

static char *vformat(const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char *p;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return xstrdup(fmt);
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

struct tc_diag *tc_diags_add(struct tc_diags *d, enum tc_severity sev, const char *rule,
			     struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;

	ALLOC_GROW(d->v, d->nr + 1, d->alloc);
	struct tc_diag *g = &d->v[d->nr];
	memset(g, 0, sizeof(*g));
	g->severity = sev;
	g->rule = rule;
	g->loc = loc;
	g->seq = d->nr++;
	va_start(ap, fmt);
	g->msg = vformat(fmt, ap);
	va_end(ap);
	return g;
}

void tc_diag_note(struct tc_diag *g, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;

	ALLOC_GROW(g->notes, g->nr_notes + 1, g->alloc_notes);
	struct tc_note *n = &g->notes[g->nr_notes++];
	n->loc = loc;
	va_start(ap, fmt);
	n->msg = vformat(fmt, ap);
	va_end(ap);
}

static int strcmp0(const char *a, const char *b)
{
	if (!a || !b)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static int diag_cmp(const void *pa, const void *pb)
{
	const struct tc_diag *a = pa, *b = pb;
	int c = strcmp0(a->loc.file, b->loc.file);

	if (c)
		return c;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	if (a->loc.col != b->loc.col)
		return a->loc.col < b->loc.col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void diag_release(struct tc_diag *g)
{
	free(g->subj.scope_name);
	free(g->tag);
	free(g->brief);
	for (size_t i = 0; i < g->nr_covers; i++)
		free(g->covers[i].brief);
	free(g->covers);
	free(g->subj.elem_name);
	free(g->msg);
	for (size_t i = 0; i < g->nr_notes; i++)
		free(g->notes[i].msg);
	free(g->notes);
}

void tc_diags_sort(struct tc_diags *d)
{
	size_t o = 0;

	if (!d->nr)
		return;
	qsort(d->v, d->nr, sizeof(*d->v), diag_cmp);
	for (size_t i = 0; i < d->nr; i++) {
		if (o && d->v[o - 1].loc.line == d->v[i].loc.line &&
		    d->v[o - 1].loc.col == d->v[i].loc.col &&
		    !strcmp0(d->v[o - 1].loc.file, d->v[i].loc.file) &&
		    !strcmp(d->v[o - 1].rule, d->v[i].rule) &&
		    !strcmp(d->v[o - 1].msg, d->v[i].msg)) {
			diag_release(&d->v[i]);
			continue;
		}
		d->v[o++] = d->v[i];
	}
	d->nr = o;
}

const char *tc_diag_prefix;
int tc_diag_terse;

/*
 * The one gcc-style line: "FILE:LINE:COL: [PREFIX: ]KIND: MSG[ [RULE]]",
 * "FILE: ..." without a line, "tracecheck: ..." without a file.  Every
 * finding prints through it, from its result's record (report.h's
 * tc_rfile_gcc()): a header's, a report's (--patch, --merge), a format
 * file's (--check-format).
 */
void tc_diag_line(struct strbuf *sb, const char *file, unsigned line, unsigned col,
		  const char *kind, const char *msg, const char *rule)
{
	if (!file)
		strbuf_addf(sb, "%s: ", tc_progname);
	else if (!line)
		strbuf_addf(sb, "%s: ", file);
	else
		strbuf_addf(sb, "%s:%u:%u: ", file, line, col);
	if (tc_diag_prefix)
		strbuf_addf(sb, "%s: ", tc_diag_prefix);
	strbuf_addf(sb, "%s: %s", kind, msg);
	if (rule)
		strbuf_addf(sb, " [%s]", rule);
	strbuf_addch(sb, '\n');
}

enum tc_severity tc_severity_lower(enum tc_severity s)
{
	return s == TC_SEV_NOTE ? TC_SEV_NOTE : s - 1;
}

void tc_diags_remove(struct tc_diags *d, const unsigned char *drop)
{
	size_t o = 0;

	for (size_t i = 0; i < d->nr; i++) {
		if (drop[i])
			diag_release(&d->v[i]);
		else
			d->v[o++] = d->v[i];
	}
	d->nr = o;
}

void tc_diags_release(struct tc_diags *d)
{
	for (size_t i = 0; i < d->nr; i++)
		diag_release(&d->v[i]);
	free(d->v);
	d->v = NULL;
	d->nr = d->alloc = 0;
}

void tc_diag_subject(struct tc_diag *d, enum tc_scope scope, const char *scope_name,
		     enum tc_elem elem, const char *elem_name, long index)
{
	free(d->subj.scope_name);
	free(d->subj.elem_name);
	d->subj.scope = scope;
	d->subj.scope_name = scope_name ? xstrdup(scope_name) : NULL;
	d->subj.elem = elem;
	d->subj.elem_name = elem_name ? xstrdup(elem_name) : NULL;
	d->subj.index = index;
}

char *tc_subject_key(const struct tc_subject *s)
{
	struct strbuf sb = STRBUF_INIT;

	switch (s->scope) {
	case TC_SCOPE_CLASS:
		strbuf_addf(&sb, "class:%s", s->scope_name ? s->scope_name : "");
		break;
	case TC_SCOPE_EVENT:
		strbuf_addf(&sb, "event:%s", s->scope_name ? s->scope_name : "");
		break;
	default:
		strbuf_addstr(&sb, "header");
		break;
	}
	switch (s->elem) {
	case TC_ELEM_FIELD:
		strbuf_addf(&sb, " field:%s", s->elem_name ? s->elem_name : "");
		break;
	case TC_ELEM_ARG:
		if (s->index < 0)
			strbuf_addstr(&sb, " arg:?"); /* an argument a macro wrote, not placed */
		else
			strbuf_addf(&sb, " arg:%ld", s->index);
		break;
	case TC_ELEM_FORMAT:
		strbuf_addstr(&sb, " format");
		break;
	case TC_ELEM_DIRECTIVE:
		strbuf_addf(&sb, " directive:%s", s->elem_name ? s->elem_name : "");
		break;
	default:
		break;
	}
	return strbuf_detach(&sb);
}

void tc_diag_covers(struct tc_diag *d, long raw, struct tc_loc loc, const char *brief)
{
	for (size_t i = 0; i < d->nr_covers; i++)
		if (d->covers[i].arg == raw)
			return;
	d->covers = xrealloc(d->covers, (d->nr_covers + 1) * sizeof(*d->covers));
	d->covers[d->nr_covers++] = (struct tc_cover){ raw, loc, brief ? xstrdup(brief) : NULL };
}
