// SPDX-License-Identifier: MIT
/*
 * event-class-consolidation: TRACE_EVENT()s of one header that differ
 * only in their names -- the same prototype, record, assign code and
 * print fmt -- and could be one DECLARE_EVENT_CLASS() with a
 * DEFINE_EVENT() each.  Each TRACE_EVENT() is a class of its own: its
 * own probe, output function, field table, print fmt and event class
 * structure; a DEFINE_EVENT() shares its class's.  Off by default: it is
 * about kernel size, not about what the events record or print.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const char doc[] =
	"TRACE_EVENT()s of a header that differ only in their names: the same\n"
	"prototype, record, assign code and print fmt.\n"
	"\n"
	"A TRACE_EVENT() is a DECLARE_EVENT_CLASS() and a DEFINE_EVENT() in one:\n"
	"each gets its own probe function, output function, field table, print\n"
	"fmt and class structure, while the DEFINE_EVENT()s of one class share\n"
	"them (commit ff038f5c37c2, which introduced the class form, measured\n"
	"xfs.o's text at 996954 bytes with TRACE_EVENT()s and 638482 with\n"
	"classes). Note, off by default (--enable event-class-consolidation):\n"
	"it is about the kernel's size, not about what the events show.\n"
	"\n"
	"Correct: DECLARE_EVENT_CLASS(name_class, proto, args, struct, assign,\n"
	"print) once, then DEFINE_EVENT(name_class, name, proto, args) per\n"
	"event.\n";

/* Text without white space, for comparing what two events spell alike. */
static void squeeze(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++)
		if (!isspace((unsigned char)*s))
			strbuf_addch(sb, *s);
	strbuf_addch(sb, '\x1f');
}

/* Everything but the name, as one string; NULL when a part is unknown. */
static char *shape_of(const struct tc_class *c)
{
	struct strbuf sb = STRBUF_INIT;

	if (!c->fields_known || !c->print.present || !c->print.print_fmt || !c->assign_text ||
	    !c->proto)
		return NULL;
	squeeze(&sb, c->proto);
	squeeze(&sb, c->args);
	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		strbuf_addf(&sb, "%d", (int)f->kind);
		squeeze(&sb, f->type);
		squeeze(&sb, f->name);
		squeeze(&sb, f->len_text);
		squeeze(&sb, f->extra);
	}
	squeeze(&sb, c->assign_text);
	squeeze(&sb, c->print.print_fmt);
	return strbuf_detach(&sb);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n = h->nr_classes;
	char **shapes = xcalloc(n + 1, sizeof(*shapes));
	unsigned char *done = xcalloc(n + 1, 1);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = h->classes[i];
		if (c->macro && !strcmp(c->macro, "TRACE_EVENT") && c->nr_events == 1)
			shapes[i] = shape_of(c);
	}
	for (size_t i = 0; i < n; i++) {
		if (!shapes[i] || done[i])
			continue;
		struct strbuf names = STRBUF_INIT;
		size_t same = 1;
		strbuf_addstr(&names, h->classes[i]->name);
		for (size_t j = i + 1; j < n; j++)
			if (shapes[j] && !done[j] && !strcmp(shapes[i], shapes[j])) {
				done[j] = 1;
				same++;
				strbuf_addf(&names, ", %s", h->classes[j]->name);
			}
		if (same > 1) {
			const struct tc_class *c = h->classes[i];
			struct tc_diag *d = tc_report(
				ck, c->loc,
				"%zu TRACE_EVENT()s (%s) differ only in their names: one "
				"DECLARE_EVENT_CLASS() with %zu DEFINE_EVENT()s would share one probe, "
				"output function, field table and print fmt",
				same, names.buf, same);
			tc_diag_note(d, c->loc,
				     "DECLARE_EVENT_CLASS(%s_class, ...) with this event's "
				     "prototype, record, assign and print, then DEFINE_EVENT(%s_class, "
				     "NAME, TP_PROTO(...), TP_ARGS(...)) for each",
				     c->name, c->name);
		}
		strbuf_release(&names);
	}
	for (size_t i = 0; i < n; i++)
		free(shapes[i]);
	free(shapes);
	free(done);
}

const struct tc_rule rule_event_class_consolidation = {
	.name = "event-class-consolidation",
	.severity = TC_SEV_NOTE,
	.enabled = 0,
	.summary = "TRACE_EVENT()s that differ only in their names and could share one "
		   "DECLARE_EVENT_CLASS()",
	.doc = doc,
	.check = check,
};
