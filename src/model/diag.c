// SPDX-License-Identifier: MIT
#include "diag.h"

#include <ctype.h>
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

static const char *const note_kind_names[TC_NOTE_KINDS] = { "evidence", "advice", "library",
							    "provenance", "locus" };

const char *tc_note_kind_name(enum tc_note_kind k)
{
	return (unsigned)k < TC_NOTE_KINDS ? note_kind_names[k] : note_kind_names[0];
}

int tc_note_kind_parse(const char *name, enum tc_note_kind *out)
{
	for (size_t i = 0; i < TC_NOTE_KINDS; i++) {
		if (!strcmp(name, note_kind_names[i])) {
			*out = (enum tc_note_kind)i;
			return 0;
		}
	}
	return -1;
}

static void add_note(struct tc_diag *g, enum tc_note_kind kind, struct tc_loc loc,
		     const char *fmt, va_list ap)
{
	ALLOC_GROW(g->notes, g->nr_notes + 1, g->alloc_notes);
	struct tc_note *n = &g->notes[g->nr_notes++];
	n->loc = loc;
	n->kind = kind;
	n->msg = vformat(fmt, ap);
}

void tc_diag_note(struct tc_diag *g, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_note(g, TC_NOTE_EVIDENCE, loc, fmt, ap);
	va_end(ap);
}

void tc_diag_advise(struct tc_diag *g, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_note(g, TC_NOTE_ADVICE, loc, fmt, ap);
	va_end(ap);
}

void tc_diag_note_as(struct tc_diag *g, enum tc_note_kind kind, struct tc_loc loc,
		     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	add_note(g, kind, loc, fmt, ap);
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

void tc_diag_release(struct tc_diag *g)
{
	free(g->subj.scope_name);
	free(g->tag);
	free(g->brief);
	for (size_t i = 0; i < g->nr_covers; i++)
		free(g->covers[i].brief);
	free(g->covers);
	free(g->subj.elem_name);
	free(g->config);
	free(g->undeclared);
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
	QSORT(d->v, d->nr, diag_cmp);
	for (size_t i = 0; i < d->nr; i++) {
		if (o && d->v[o - 1].loc.line == d->v[i].loc.line &&
		    d->v[o - 1].loc.col == d->v[i].loc.col &&
		    !strcmp0(d->v[o - 1].loc.file, d->v[i].loc.file) &&
		    !strcmp(d->v[o - 1].rule, d->v[i].rule) &&
		    !strcmp(d->v[o - 1].msg, d->v[i].msg)) {
			tc_diag_release(&d->v[i]);
			continue;
		}
		d->v[o++] = d->v[i];
	}
	d->nr = o;
}

const char *tc_diag_prefix;
unsigned tc_diag_detail;

/* SGR parameters of the parts tc_diag_line() colours; none: colour is off */
static struct {
	const char *name;
	char *sgr;
} colors[] = { { "error", NULL }, { "warning", NULL }, { "note", NULL },
	       { "locus", NULL }, { "quote", NULL } };

static const char default_colors[] = "error=01;31:warning=01;35:note=01;36:locus=01:quote=01";

/* The colours of spec, GCC_COLORS' syntax: PART=SGR:... */
static void parse_colors(const char *spec)
{
	for (const char *p = spec; *p;) {
		size_t n = strcspn(p, ":"), eq = strcspn(p, "=");
		for (size_t i = 0; eq < n && i < ARRAY_SIZE(colors); i++) {
			const char *v = p + eq + 1;
			size_t vn = n - eq - 1;
			if (strlen(colors[i].name) != eq || strncmp(p, colors[i].name, eq) ||
			    strspn(v, "0123456789;") < vn)
				continue; /* not ours, or not SGR parameters: ignored, as gcc does */
			free(colors[i].sgr);
			colors[i].sgr = xstrndup(v, vn);
		}
		p += n;
		p += *p == ':';
	}
}

/* The defaults, then spec's; NULL or "": colour off (an empty GCC_COLORS is) */
static void set_colors(const char *spec)
{
	for (size_t i = 0; i < ARRAY_SIZE(colors); i++) {
		free(colors[i].sgr);
		colors[i].sgr = NULL;
	}
	if (!spec || !*spec)
		return;
	parse_colors(default_colors);
	parse_colors(spec);
}

void tc_diag_color_init(const char *when, int tty)
{
	const char *env = getenv("TRACECHECK_COLORS");
	int on = !strcmp(when, "always") ||
		 (!strcmp(when, "auto") && tty && !(getenv("NO_COLOR") && *getenv("NO_COLOR")));

	set_colors(!on ? NULL : env ? env : default_colors);
}

static const char *color_of(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(colors); i++)
		if (!strcmp(colors[i].name, name))
			return colors[i].sgr;
	return NULL;
}

/* text (n bytes) in the colour sgr (NULL: plain), with gcc's escapes */
static void add_colored(struct strbuf *sb, const char *sgr, const char *text, size_t n)
{
	if (sgr && *sgr)
		strbuf_addf(sb, "\033[%sm\033[K%.*s\033[m\033[K", sgr, (int)n, text);
	else
		strbuf_add(sb, text, n);
}

static int is_word_char(char c)
{
	return c && (isalnum((unsigned char)c) || c == '_');
}

/* msg with each 'quoted' span's text in the quote colour */
static void add_message(struct strbuf *sb, const char *msg)
{
	const char *q = color_of("quote");

	while (*msg) {
		const char *open = msg;
		while ((open = strchr(open, '\'')) && open > msg && is_word_char(open[-1]))
			open++; /* an apostrophe, not a quote */
		const char *close = open ? strchr(open + 1, '\'') : NULL;
		while (close && is_word_char(close[1]))
			close = strchr(close + 1, '\'');
		if (!q || !close) {
			strbuf_addstr(sb, msg);
			return;
		}
		strbuf_add(sb, msg, (size_t)(open + 1 - msg));
		add_colored(sb, q, open + 1, (size_t)(close - open - 1));
		strbuf_addch(sb, '\'');
		msg = close + 1;
	}
}

/*
 * The one gcc-style line: "FILE:LINE:COL: [PREFIX: ]KIND: MSG[ [RULE]]",
 * "FILE: ..." without a line, "tracecheck: ..." without a file.  Every
 * finding prints through it, from its result's record (report.h's
 * tc_rfile_gcc()): a header's, a report's (--patch, --merge), a format
 * file's (--check-format).  With colour on (--color), the locus, the
 * kind, quoted text and the rule are coloured as gcc colours them.
 */
void tc_diag_line(struct strbuf *sb, const char *file, unsigned line, unsigned col,
		  const char *kind, const char *msg, const char *rule)
{
	struct strbuf locus = STRBUF_INIT;
	const char *kc = color_of(kind);

	if (!file)
		strbuf_addf(&locus, "%s:", tc_progname);
	else if (!line)
		strbuf_addf(&locus, "%s:", file);
	else
		strbuf_addf(&locus, "%s:%u:%u:", file, line, col);
	add_colored(sb, color_of("locus"), locus.buf, locus.len);
	strbuf_addch(sb, ' ');
	strbuf_release(&locus);
	if (tc_diag_prefix)
		strbuf_addf(sb, "%s: ", tc_diag_prefix);
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "%s: ", kind);
	add_colored(sb, kc, k.buf, k.len);
	strbuf_release(&k);
	add_message(sb, msg);
	if (rule) {
		strbuf_addstr(sb, " [");
		add_colored(sb, kc, rule, strlen(rule));
		strbuf_addch(sb, ']');
	}
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
			tc_diag_release(&d->v[i]);
		else
			d->v[o++] = d->v[i];
	}
	d->nr = o;
}

void tc_diags_release(struct tc_diags *d)
{
	for (size_t i = 0; i < d->nr; i++)
		tc_diag_release(&d->v[i]);
	free(d->v);
	d->v = NULL;
	d->nr = d->alloc = 0;
	for (size_t i = 0; i < d->nr_unchecked; i++)
		free(d->unchecked[i].what);
	free(d->unchecked);
	d->unchecked = NULL;
	d->nr_unchecked = d->alloc_unchecked = 0;
}

void tc_diags_unchecked(struct tc_diags *d, int reason, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ALLOC_GROW(d->unchecked, d->nr_unchecked + 1, d->alloc_unchecked);
	d->unchecked[d->nr_unchecked++] = (struct tc_unchecked){ reason, xvasprintf(fmt, ap) };
	va_end(ap);
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
