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

size_t tc_diags_ignore_events(struct tc_diags *d, const struct tc_settings *s)
{
	size_t dropped = 0;

	if (!s->nr_ignores || !d->nr)
		return 0;
	unsigned char *drop = xcalloc(d->nr, 1);
	for (size_t i = 0; i < d->nr; i++) {
		const struct tc_subject *sj = &d->v[i].subj;
		if (sj->scope != TC_SCOPE_CLASS && sj->scope != TC_SCOPE_EVENT)
			continue;
		for (size_t k = 0; k < s->nr_ignores && !drop[i]; k++) {
			const struct tc_event_ignore *ig = &s->ignores[k];
			if ((ig->rule < 0 || !strcmp(tc_rules[ig->rule]->name, d->v[i].rule)) &&
			    !strcmp(sj->scope_name, ig->event)) {
				drop[i] = 1;
				dropped++;
			}
		}
	}
	if (dropped)
		tc_diags_remove(d, drop);
	free(drop);
	return dropped;
}
