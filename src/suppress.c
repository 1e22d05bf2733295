// SPDX-License-Identifier: MIT
#include "suppress.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

unsigned tc_macro_end_line(const char *text, unsigned line, unsigned col)
{
	const char *p = text;
	unsigned ln = 1;
	int depth = 0;

	while (*p && ln < line)
		if (*p++ == '\n')
			ln++;
	if (ln != line)
		return 0;
	for (unsigned c = 1; c < col && *p && *p != '\n'; c++)
		p++;
	for (; *p; p++) {
		if (*p == '\n') {
			ln++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				ln += *p == '\n';
			if (!*p)
				return 0;
			p++;
		} else if (p[0] == '/' && p[1] == '/') {
			while (p[1] && p[1] != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char q = *p;
			for (p++; *p && *p != q; p++) {
				if (*p == '\\' && p[1])
					p++;
				ln += *p == '\n';
			}
			if (!*p)
				return 0;
		} else if (*p == '(') {
			depth++;
		} else if (*p == ')') {
			if (--depth == 0)
				return ln;
			if (depth < 0)
				return 0;
		} else if (*p == ';' && !depth) {
			return 0; /* no invocation here */
		}
	}
	return 0;
}

struct span {
	const char *file;
	unsigned from_line, from_col, to_line;
};

/* The text span of the macro invocation at loc, if its file can be read. */
static int span_of(struct tc_loc loc, struct span *sp)
{
	if (!loc.file || !loc.line)
		return 0;
	char *text = read_file(loc.file, NULL);
	if (!text)
		return 0;
	unsigned end = tc_macro_end_line(text, loc.line, loc.col ? loc.col : 1);
	free(text);
	if (!end)
		return 0;
	sp->file = loc.file;
	sp->from_line = loc.line;
	sp->from_col = loc.col;
	sp->to_line = end;
	return 1;
}

static int inside(const struct span *sp, struct tc_loc loc)
{
	if (!loc.file || strcmp(loc.file, sp->file))
		return 0;
	if (loc.line < sp->from_line || loc.line > sp->to_line)
		return 0;
	return loc.line > sp->from_line || loc.col >= sp->from_col;
}

size_t tc_diags_ignore_events(struct tc_diags *d, const struct tc_header *h,
			      const struct tc_settings *s)
{
	struct span *spans = NULL;
	int *rules = NULL;
	size_t nr = 0, dropped = 0;

	if (!s->nr_ignores || !d->nr)
		return 0;
	for (size_t k = 0; k < s->nr_ignores; k++) {
		const struct tc_event_ignore *ig = &s->ignores[k];
		/* a TRACE_EVENT() is both: one span twice does no harm */
		for (size_t i = 0; i < h->nr_classes + h->nr_events; i++) {
			int cls = i < h->nr_classes;
			const char *name = cls ? h->classes[i]->name
					       : h->events[i - h->nr_classes]->name;
			struct tc_loc loc = cls ? h->classes[i]->loc
						: h->events[i - h->nr_classes]->loc;
			if (strcmp(name, ig->event))
				continue;
			spans = xrealloc(spans, (nr + 1) * sizeof(*spans));
			rules = xrealloc(rules, (nr + 1) * sizeof(*rules));
			if (span_of(loc, &spans[nr]))
				rules[nr++] = ig->rule;
		}
	}
	unsigned char *drop = xcalloc(d->nr ? d->nr : 1, 1);
	for (size_t i = 0; i < d->nr; i++)
		for (size_t k = 0; k < nr && !drop[i]; k++)
			if ((rules[k] < 0 || !strcmp(tc_rules[rules[k]]->name, d->v[i].rule)) &&
			    inside(&spans[k], d->v[i].loc)) {
				drop[i] = 1;
				dropped++;
			}
	if (dropped)
		tc_diags_remove(d, drop);
	free(drop);
	free(spans);
	free(rules);
	return dropped;
}
