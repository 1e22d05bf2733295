// SPDX-License-Identifier: MIT
/*
 * unused-event-class: a DECLARE_EVENT_CLASS() that no DEFINE_EVENT()
 * uses.  The class's probe, output function, fields table and print fmt
 * are built all the same: kernel text and data for no event.
 *
 * A class counts as used when an event of the model uses it, or when the
 * header's text (not its comments) has a DEFINE_EVENT*(CLASS, ...)
 * anywhere (an event under an #if this configuration leaves out still
 * uses it).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "rules.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A DECLARE_EVENT_CLASS() that no DEFINE_EVENT*() of the header uses;\n"
		"events under an #if this configuration leaves out count as uses.",
	.why =
		"The stages build the class's probe, output function, field table and\n"
		"print fmt whether or not an event uses it: kernel text and data for\n"
		"nothing, usually left behind when an event was removed or renamed.",
	.kernel =
		"No 6.12 header has one (the rule finds none in the whole tree);\n"
		"testdata/rules/unused-event-class.h holds the cases it is built on.",
	.example =
		"DECLARE_EVENT_CLASS(foo_class,\n"
		"\tTP_PROTO(int id),\n"
		"\tTP_ARGS(id),\n"
		"\tTP_STRUCT__entry(__field(int, id)),\n"
		"\tTP_fast_assign(__entry->id = id;),\n"
		"\tTP_printk(\"id=%d\", __entry->id)\n"
		");\n"
		"DEFINE_EVENT(foo_class, foo_start, TP_PROTO(int id), TP_ARGS(id));\n",
	.fix =
		"None: remove the class with its last event, or add the DEFINE_EVENT()\n"
		"meant to use it.",
};

/* Does text have DEFINE_EVENT*( name , at the start of a token? */
static int defined_in(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strstr(text, "DEFINE_EVENT"); p; p = strstr(p + 1, "DEFINE_EVENT")) {
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *q = p + 12;
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		while (isspace((unsigned char)*q) || *q == '\\')
			q++;
		if (*q != '(')
			continue;
		q++;
		while (isspace((unsigned char)*q) || *q == '\\')
			q++;
		if (!strncmp(q, name, n) && !(isalnum((unsigned char)q[n]) || q[n] == '_'))
			return 1;
	}
	return 0;
}

/* text with its comments and the text of its string literals blanked (the lines kept) */
static void blank_comments(char *t)
{
	size_t len = strlen(t);

	for (size_t i = 0; i < len; i++) {
		size_t e = tc_cskip_comment(t, len, i), from = i, to = e;
		if (e == i) {
			e = tc_cskip_literal(t, len, i);
			if (e == i)
				continue;
			/* a string's text, its quotes kept; a character literal is kept */
			from = i + 1;
			to = t[i] == '\'' ? from : t[e - 1] == '"' && e - 1 > i ? e - 1 : e;
		}
		for (size_t k = from; k < to; k++)
			if (t[k] != '\n')
				t[k] = ' ';
		i = e - 1;
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	char *text = NULL;

	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		if (!c->macro || strcmp(c->macro, "DECLARE_EVENT_CLASS") || !c->loc.file ||
		    (strcmp(c->loc.file, h->path) && strcmp(c->loc.file, h->abs_path)))
			continue;
		int used = 0;
		for (size_t j = 0; j < h->nr_events && !used; j++)
			used = h->events[j]->cls == c;
		if (used)
			continue;
		if (!text && ck->ctx->text && (text = xstrdup(ck->ctx->text)))
			blank_comments(text);
		if (!text || defined_in(text, c->name))
			continue;
		struct tc_diag *d = tc_report(ck, c->loc,
					      "event class '%s' has no DEFINE_EVENT(): its probe, "
					      "output function and format are built for no event",
					      c->name);
		tc_diag_note(d, c->loc,
			     "remove it, or add the DEFINE_EVENT(%s, ...) that should use it",
			     c->name);
	}
	free(text);
}

const struct tc_rule rule_unused_event_class = {
	.name = "unused-event-class",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "a DECLARE_EVENT_CLASS() that no DEFINE_EVENT() uses",
	.doc = &doc,
	.check = check,
};
