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

/* Does the header use class name: DEFINE_EVENT*(name, anywhere (a macro's body too)? */
static int defined_in(const struct tc_toks *ts, const char *name)
{
	for (size_t i = 0; i + 2 < ts->nr; i++) {
		const struct tc_tok *t = &ts->v[i];
		if (t->kind == TC_TK_IDENT && t->len >= 12 &&
		    !strncmp(ts->text + t->off, "DEFINE_EVENT", 12) && tc_toks_is(ts, i + 1, "(") &&
		    tc_toks_is(ts, i + 2, name))
			return 1;
	}
	return 0;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{

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
		if (!ck->ctx->text || defined_in(&ck->ctx->toks, c->name))
			continue;
		struct tc_diag *d = tc_report(ck, c->loc,
					      "event class '%s' has no DEFINE_EVENT(): its probe, "
					      "output function and format are built for no event",
					      c->name);
		tc_diag_advise(d, c->loc,
			       "remove it, or add the DEFINE_EVENT(%s, ...) that should use it",
			       c->name);
	}
}

const struct tc_rule rule_unused_event_class = {
	.name = "unused-event-class",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "a DECLARE_EVENT_CLASS() that no DEFINE_EVENT() uses",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TOKENS,
};
