// SPDX-License-Identifier: MIT
/*
 * layout-hole: padding in the ring-buffer record that a different field
 * order would remove.
 *
 * Every event reserves sizeof(struct trace_event_raw_<class>) bytes (plus
 * its dynamic data) in the ring buffer, padding included.  A hole that
 * reordering cannot recover -- because the record's size is rounded up
 * to its alignment anyway -- costs nothing and is not reported; a hole
 * that makes the record larger than it needs to be wastes those bytes on
 * every event, in the buffer, in trace.dat files and on every read.
 * The layout is the one of the target ABI (--target, x86_64 by default),
 * as libclang lays the record out, which is how the kernel computes the
 * offsets it prints in the format file.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

static const char doc[] =
	"Padding inside the ring-buffer record (or at its end) that a different\n"
	"field order would remove. Every event reserves the record's whole size,\n"
	"padding included, so each wasted byte is written for every event. Only\n"
	"holes that reordering can recover are reported; the message gives the\n"
	"bytes saved per event and a field order without them (largest alignment\n"
	"first). The layout is computed for the target ABI (--target, default\n"
	"x86_64-linux-gnu).";

static long long align_up(long long v, long long a)
{
	return a > 0 ? (v + a - 1) / a * a : v;
}

/* The packed size and the order (indices) that gives it. */
static long long best_order(const struct tc_class *c, size_t *order, long long *max_align)
{
	size_t n = c->nr_fields;
	long long off = 8, ma = 4;

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	/* stable sort by alignment, largest first */
	for (size_t i = 1; i < n; i++) {
		size_t k = order[i], j = i;
		while (j > 0 && c->fields[order[j - 1]].align < c->fields[k].align) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = k;
	}
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[order[i]];
		off = align_up(off, f->align) + f->size;
		if (f->align > ma)
			ma = f->align;
	}
	*max_align = ma;
	return align_up(off, ma);
}

static void check_class(struct tc_check *ck, const struct tc_class *c)
{
	size_t n = c->nr_fields;
	size_t *order;
	long long ma, best, prev_end = 8, holes = 0;
	const struct tc_field *first_hole_after = NULL, *last = NULL;
	long long first_hole = 0;
	struct strbuf where = STRBUF_INIT, sugg = STRBUF_INIT;

	if (!n)
		return;
	order = calloc(n, sizeof(*order));
	best = best_order(c, order, &ma);
	if (best >= c->size) {
		free(order);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		if (f->offset > prev_end) {
			long long gap = f->offset - prev_end;
			holes += gap;
			if (where.len)
				strbuf_addstr(&where, ", ");
			if (last)
				strbuf_addf(&where, "%lld after '%s'", gap, last->name);
			else
				strbuf_addf(&where, "%lld after the common fields", gap);
			if (!first_hole_after) {
				first_hole_after = last ? last : f;
				first_hole = gap;
			}
		}
		prev_end = f->offset + f->size;
		last = f;
	}
	long long tail = c->size - prev_end;
	if (tail > 0) {
		if (where.len)
			strbuf_addstr(&where, ", ");
		strbuf_addf(&where, "%lld at the end", tail);
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			strbuf_addstr(&sugg, ", ");
		strbuf_addstr(&sugg, c->fields[order[i]].name);
	}
	const struct tc_field *at = first_hole_after ? first_hole_after : last;
	struct tc_diag *d =
		tc_report(ck, at->loc,
			  "record of event%s '%s' has %lld bytes of padding (%s); reordering its "
			  "fields saves %lld bytes per event",
			  c->nr_events > 1 ? " class" : "", c->name, holes + tail, where.buf,
			  c->size - best);
	tc_diag_note(d, at->loc, "the record is %lld bytes; with the fields in the order %s it "
				 "would be %lld",
		     c->size, sugg.buf, best);
	if (c->nr_events > 1)
		tc_diag_note(d, c->loc, "%zu events share this class", c->nr_events);
	(void)first_hole;
	strbuf_release(&where);
	strbuf_release(&sugg);
	free(order);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n, unknown = 0;
	const struct tc_class **cs = tc_used_classes(h, &n);
	const struct tc_class *first_unknown = NULL;

	for (size_t i = 0; i < n; i++) {
		if (cs[i]->layout_known) {
			check_class(ck, cs[i]);
		} else {
			unknown++;
			if (!first_unknown)
				first_unknown = cs[i];
		}
	}
	if (first_unknown) {
		tc_report_note(ck, first_unknown->loc,
			       "record layout of %zu event class%s not checked: %s",
			       unknown, unknown == 1 ? "" : "es", first_unknown->layout_why
							     ? first_unknown->layout_why
							     : "it is not known");
	}
	free(cs);
}

const struct tc_rule rule_layout_hole = {
	.name = "layout-hole",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "padding in the record that reordering the fields would remove",
	.doc = doc,
	.check = check,
};
