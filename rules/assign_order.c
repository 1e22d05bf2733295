// SPDX-License-Identifier: MIT
/*
 * assign-order: TP_fast_assign() reads a field of the record before it
 * writes it.
 *
 * The record is a freshly reserved slot of the ring buffer, not cleared:
 * until the assign code writes a field, the field holds bytes of an
 * earlier event.  `__entry->b = __entry->a + 1;` before
 * `__entry->a = ...;` stores a value computed from them.  The front end
 * (assign.c) numbers every read and write in the order the code runs
 * them; this rule is deliberately straight-line: a read is reported only
 * when no write of the field comes before it on any path (a write in an
 * earlier branch counts), the field is written later, and the read and
 * that write are not both inside loops (a later iteration may read the
 * earlier one's write).  Classes whose record is handed whole to a
 * function are left alone.
 */
#include <stdlib.h>

#include "rules.h"

static const struct tc_rule_doc doc = {
	.catches =
		"TP_fast_assign() reads a field of the record (__entry->f as a value,\n"
		"f |= x, f++) before any path writes it. Only straight-line order is\n"
		"judged: reads and writes that are both inside loops, and a read on the\n"
		"line of the first write, are not.",
	.why =
		"The record is a slot of the ring buffer that is not cleared: until it\n"
		"is written, the field holds an earlier event's bytes, so whatever is\n"
		"computed from it is garbage in every reader.",
	.kernel =
		"No 6.12 event does this (the rule finds none in the whole tree);\n"
		"testdata/rules/assign-order.h holds the cases it is built on.",
	.example =
		"TP_fast_assign(\n"
		"\t__entry->a = r->a;\n"
		"\t__entry->b = __entry->a + 1;\t/* a is written above */\n"
		"\t__entry->flags = r->flags;\t/* not |= */\n"
		"),\n",
	.fix =
		"None.",
};

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!c->assign_analyzed || c->assign_whole)
			continue;
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			const struct tc_write *first = NULL;
			int loop_write = 0;

			for (size_t k = 0; k < f->nr_writes; k++) {
				const struct tc_write *w = &f->writes[k];
				if (w->kind == TC_W_TEXT || !w->seq)
					continue;
				if (!first || w->seq < first->seq)
					first = w;
				loop_write |= w->in_loop;
			}
			if (!first)
				continue; /* never written: field-unassigned says so */
			for (size_t k = 0; k < f->nr_reads; k++) {
				const struct tc_read *r = &f->reads[k];
				if (r->seq > first->seq || (r->in_loop && loop_write))
					continue;
				/*
				 * Read and first write in one statement of a macro
				 * (fs_get_obj(__entry->ft, ...) names the field in a
				 * typeof()): not judged.
				 */
				if (!r->rmw && r->loc.file && first->loc.file &&
				    r->loc.file == first->loc.file && r->loc.line == first->loc.line)
					continue;
				struct tc_diag *d = tc_report(
					ck, r->loc,
					"TP_fast_assign() of event%s '%s' %s field '%s' before it "
					"writes it; the record still holds stale ring-buffer bytes there",
					c->nr_events > 1 ? " class" : "", c->name,
					r->rmw ? "updates" : "reads", f->name);
				if (!(r->rmw && first->seq == r->seq + 1))
					tc_diag_note(d, first->loc, "'%s' is first written here",
						     f->name);
				break; /* once per field */
			}
		}
	}
	free(cs);
}

const struct tc_rule rule_assign_order = {
	.name = "assign-order",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "TP_fast_assign() reads a record field before writing it",
	.doc = &doc,
	.check = check,
};
