// SPDX-License-Identifier: MIT
#include "suppress.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

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

int tc_header_defines(const struct tc_header *h, const char *name)
{
	for (size_t j = 0; j < h->nr_events; j++)
		if (!strcmp(h->events[j]->name, name))
			return 1;
	for (size_t j = 0; j < h->nr_classes; j++)
		if (!strcmp(h->classes[j]->name, name))
			return 1;
	/* or another configuration's pass does */
	for (size_t k = 0; k < h->nr_cfg_passes; k++)
		if (tc_header_defines(h->cfg_passes[k].h, name))
			return 1;
	return 0;
}

/* One suppression comment. */
struct insupp {
	unsigned line, last; /* the comment's first and last line */
	unsigned col;	     /* where it starts on its first */
	unsigned next;	     /* the line it covers: its own (trailing) or the next of code */
	const char *scope[2]; /* the event and class whose macro starts at next, or NULL */
	char **rules;
	size_t nr_rules;
	size_t *used; /* per rule */
	char *reason;
};

static void problem(struct tc_suppressed *out, unsigned line, unsigned col, char *msg)
{
	if (!out) {
		free(msg);
		return;
	}
	out->problems = xrealloc(out->problems, (out->nr_problems + 1) * sizeof(*out->problems));
	out->problems[out->nr_problems].line = line;
	out->problems[out->nr_problems].col = col;
	out->problems[out->nr_problems++].msg = msg;
}

/* The reason after "--": white space and the stars of a block comment's lines as one space. */
static char *reason_of(const char *p, const char *end)
{
	struct strbuf sb = STRBUF_INIT;
	int blank = 0;

	for (; p < end; p++) {
		int ws = isspace((unsigned char)*p) || (*p == '*' && (blank || !sb.len));
		if (ws) {
			blank = 1;
			continue;
		}
		if (blank && sb.len)
			strbuf_addch(&sb, ' ');
		blank = 0;
		strbuf_addch(&sb, *p);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

/*
 * Comment c's suppression into x; 0 if it is not one.  The comment's
 * text is [p, end) without its delimiters.
 */
static int parse_insupp(const char *p, const char *end, struct insupp *x)
{
	static const char word[] = "tracecheck:";
	const char *t = p;

	while (t < end && (isspace((unsigned char)*t) || *t == '*'))
		t++;
	if ((size_t)(end - t) < sizeof(word) - 1 || strncmp(t, word, sizeof(word) - 1))
		return 0;
	t += sizeof(word) - 1;
	while (t < end && isblank((unsigned char)*t))
		t++;
	if (end - t < 6 || strncmp(t, "ignore", 6) || (end - t > 6 && !isspace((unsigned char)t[6])))
		return 0;
	t += 6;
	const char *dash = t;
	while (dash + 1 < end && !(dash[0] == '-' && dash[1] == '-'))
		dash++;
	if (dash + 1 >= end)
		dash = end;
	char *list = xstrndup(t, (size_t)(dash - t));
	for (char *save = NULL, *w = strtok_r(list, ", \t\n*", &save); w;
	     w = strtok_r(NULL, ", \t\n*", &save)) {
		x->rules = xrealloc(x->rules, (x->nr_rules + 1) * sizeof(*x->rules));
		x->rules[x->nr_rules++] = xstrdup(w);
	}
	free(list);
	x->used = xcalloc(x->nr_rules + 1, sizeof(*x->used));
	x->reason = dash < end ? reason_of(dash + 2, end) : NULL;
	return 1;
}

/* Does suppression x cover finding g? */
static int covers(const struct insupp *x, const struct tc_diag *g)
{
	if (g->loc.line == x->next || (g->loc.line >= x->line && g->loc.line <= x->last))
		return 1;
	for (int k = 0; k < 2; k++)
		if (x->scope[k] && g->subj.scope_name && !strcmp(g->subj.scope_name, x->scope[k]) &&
		    (g->subj.scope == TC_SCOPE_CLASS || g->subj.scope == TC_SCOPE_EVENT))
			return 1;
	return 0;
}

/* The event and class whose macro starts on line (in h's own text, or its passes'). */
static void scopes_at(const struct tc_header *h, unsigned line, const char *scope[2])
{
	for (size_t j = 0; j < h->nr_events && !scope[0]; j++)
		if (h->events[j]->loc.line == line &&
		    (!h->events[j]->loc.file || !strcmp(h->events[j]->loc.file, h->path)))
			scope[0] = h->events[j]->name;
	for (size_t j = 0; j < h->nr_classes && !scope[1]; j++)
		if (h->classes[j]->loc.line == line &&
		    (!h->classes[j]->loc.file || !strcmp(h->classes[j]->loc.file, h->path)))
			scope[1] = h->classes[j]->name;
	for (size_t k = 0; k < h->nr_cfg_passes; k++)
		scopes_at(h->cfg_passes[k].h, line, scope);
}

/* The suppression comments of h's text; their number. */
static size_t find_insupps(const struct tc_header *h, struct insupp **out)
{
	struct tc_toks ts = { 0 };
	struct insupp *v = NULL;
	size_t n = 0;

	tc_toks_scan(&ts, h->text, h->text_len);
	for (size_t c = 0; c < ts.nr_comments; c++) {
		const struct tc_tok *k = &ts.comments[c];
		const char *p = h->text + k->off, *end = p + k->len;
		int block = k->len >= 2 && p[1] == '*';
		struct insupp x = { 0 };
		if (!parse_insupp(p + 2, end - (block && k->len >= 4 ? 2 : 0), &x))
			continue;
		x.line = k->line;
		tc_toks_loc(&ts, k->off + k->len - 1, &x.last, &(unsigned){ 0 });
		/* code before it on its line: it covers that line; else the next of code */
		size_t bol = k->off;
		while (bol && h->text[bol - 1] != '\n')
			bol--;
		x.col = (unsigned)(k->off - bol) + 1;
		int trailing = 0;
		for (size_t i = bol; i < k->off && !trailing; i++)
			trailing = !isspace((unsigned char)h->text[i]);
		if (trailing) {
			x.next = k->line;
		} else {
			size_t t = tc_toks_at(&ts, k->off + k->len);
			x.next = t < ts.nr ? ts.v[t].line : 0;
			if (t < ts.nr && ts.v[t].kind == TC_TK_IDENT)
				scopes_at(h, x.next, x.scope);
		}
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = x;
	}
	tc_toks_release(&ts);
	*out = v;
	return n;
}

/* Report what is wrong with x; -1 if it suppresses nothing. */
static int insupp_valid(const struct insupp *x, struct tc_suppressed *out)
{
	if (!x->nr_rules) {
		problem(out, x->line, x->col,
			xstrdup("'tracecheck: ignore' names no rule (tracecheck: ignore RULE -- REASON)"));
		return -1;
	}
	for (size_t r = 0; r < x->nr_rules; r++)
		if (tc_rule_index(x->rules[r]) < 0)
			problem(out, x->line, x->col,
				xasprintf("'tracecheck: ignore': unknown rule '%s'", x->rules[r]));
	if (!x->reason) {
		problem(out, x->line, x->col,
			xstrdup("'tracecheck: ignore' without a reason after '--': it suppresses "
				"nothing"));
		return -1;
	}
	return 0;
}

static void move_diag(struct tc_suppressed *out, struct tc_diag *g, const char *reason)
{
	struct tc_diags *o = &out->d;

	o->v = xrealloc(o->v, (o->nr + 1) * sizeof(*o->v));
	o->v[o->nr++] = *g;
	o->alloc = o->nr;
	out->reasons = xrealloc(out->reasons, o->nr * sizeof(*out->reasons));
	out->reasons[o->nr - 1] = xstrdup(reason);
	memset(g, 0, sizeof(*g));
}

void tc_diags_suppress_inline(struct tc_diags *d, const struct tc_header *h,
			      const struct tc_settings *s, struct tc_suppressed *out)
{
	struct insupp *v = NULL;
	size_t n;

	if (!h->text || !memmem(h->text, h->text_len, "tracecheck:", 11))
		return;
	n = find_insupps(h, &v);
	unsigned char *drop = xcalloc(d->nr + 1, 1);
	size_t o = 0;
	for (size_t i = 0; i < n; i++) {
		struct insupp *x = &v[i];
		if (insupp_valid(x, out) < 0)
			continue;
		for (size_t j = 0; j < d->nr; j++) {
			struct tc_diag *g = &d->v[j];
			if (drop[j] || (g->loc.file && strcmp(g->loc.file, h->path)) || !covers(x, g))
				continue;
			for (size_t r = 0; r < x->nr_rules && !drop[j]; r++)
				if (!strcmp(x->rules[r], g->rule)) {
					x->used[r]++;
					drop[j] = 1;
					if (out)
						move_diag(out, g, x->reason);
				}
		}
		for (size_t r = 0; r < x->nr_rules; r++) {
			int ri = tc_rule_index(x->rules[r]);
			if (!x->used[r] && ri >= 0 && s->rules[ri].enabled)
				problem(out, x->line, x->col,
					xasprintf("stale suppression: no %s finding here to ignore",
						  x->rules[r]));
		}
	}
	if (out) {
		/* the moved ones are empty now: keep the rest in order */
		for (size_t j = 0; j < d->nr; j++)
			if (!drop[j])
				d->v[o++] = d->v[j];
		d->nr = o;
	} else {
		tc_diags_remove(d, drop);
	}
	free(drop);
	for (size_t i = 0; i < n; i++) {
		for (size_t r = 0; r < v[i].nr_rules; r++)
			free(v[i].rules[r]);
		free(v[i].rules);
		free(v[i].used);
		free(v[i].reason);
	}
	free(v);
}

void tc_suppressed_release(struct tc_suppressed *x)
{
	for (size_t i = 0; i < x->d.nr; i++)
		free(x->reasons[i]);
	free(x->reasons);
	tc_diags_release(&x->d);
	for (size_t i = 0; i < x->nr_problems; i++)
		free(x->problems[i].msg);
	free(x->problems);
	memset(x, 0, sizeof(*x));
}
