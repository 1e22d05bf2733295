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

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fix.h"
#include "reclayout.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"Padding in the record, between fields or at its end, that another field\n"
		"order would remove. The message gives the bytes saved per event and an\n"
		"order without them (largest alignment first); padding no reordering can\n"
		"recover is not reported. The layout is the target ABI's (--target,\n"
		"default x86_64). For a trace remote's event (REMOTE_EVENT(), HYP_EVENT(),\n"
		"7.x): a field after padding, which its format file, written with the\n"
		"sum of the sizes before each field, puts at the wrong offset.",
	.why =
		"Every event reserves the whole record in the ring buffer, padding\n"
		"included: each byte of padding is written, kept and copied to perf and\n"
		"trace-cmd for every event, and fewer events fit before the buffer wraps\n"
		"or drops them.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: include/trace/events/io_uring.h,\n"
		"io_uring_create: an int fd before the void *ctx pointer leaves 4 bytes\n"
		"of padding, and its record is 8 bytes larger than with ctx first.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(void *, ctx)\n"
		"\t__field(int, fd)\n"
		"\t__field(u32, sq_entries)\n"
		"\t__field(u32, cq_entries)\n"
		"\t__field(u32, flags)\n"
		"),\n",
	.fix =
		"--fix reorders the lines of TP_STRUCT__entry() into the order the\n"
		"message gives, each with its comments. TP_fast_assign() and TP_printk()\n"
		"do not change; the format file lists the fields in the new order with\n"
		"their new offsets, and user space finds them by name. Left, with the\n"
		"reason: a TP_STRUCT__entry() not written one element a line, or whose\n"
		"fields are not declared in record order.",
};

/* The packed size and the order (indices) that gives it (reclayout.c; --layout --suggest too). */
static long long best_order(const struct tc_class *c, size_t *order, long long *max_align)
{
	static const int target = TC_REC_TARGET;
	struct tc_rec_layout l;

	tc_rec_pack_order(c, &target, 1, order);
	tc_rec_lay_out(c, TC_REC_TARGET, order, NULL, &l);
	*max_align = l.align;
	return l.size;
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
	tc_diag_advise(d, at->loc, "the record is %lld bytes; with the fields in the order %s it "
				     "would be %lld",
		       c->size, sugg.buf, best);
	if (c->nr_events > 1)
		tc_diag_note(d, c->loc, "%zu events share this class", c->nr_events);
	(void)first_hole;
	strbuf_release(&where);
	strbuf_release(&sugg);
	free(order);
}

/*
 * A trace remote's record (7.x): kernel/trace/trace_remote.c writes each
 * field's offset into the format file as the sum of the sizes before it
 * (from the 2-byte struct remote_event_hdr), not the field's offset in
 * the record: after padding, user space reads the field from the wrong
 * bytes.  (The reordering above assumes the 8-byte common fields of an
 * event; a remote's header is 2 bytes, so it is not suggested.)
 */
static void check_remote(struct tc_check *ck, const struct tc_class *c)
{
	long long off = 2;
	size_t more = 0;
	const struct tc_field *first = NULL;
	long long first_at = 0;

	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		if (f->offset != off && !first) {
			first = f;
			first_at = off;
		} else if (f->offset != off) {
			more++;
		}
		off += f->size;
	}
	if (!first)
		return;
	struct tc_diag *d = tc_report(
		ck, first->loc,
		"field '%s' of remote event '%s' is at offset %lld of the record, but its format "
		"file says %lld: perf and trace-cmd read it from the wrong bytes",
		first->name, c->name, first->offset, first_at);
	tc_diag_note(d, first->loc,
		     "trace_remote.c gives each field the sum of the sizes before it, and the "
		     "record has padding before '%s' (aligned to %lld)",
		     first->name, first->align);
	if (more)
		tc_diag_note(d, c->loc, "%zu more field%s of the event %s misplaced as well", more,
			     more == 1 ? "" : "s", more == 1 ? "is" : "are");
	tc_diag_advise(d, c->loc,
		       "order and size the fields so that none needs padding after the 2-byte "
		       "header, or have the format file written with the fields' offsetof()");
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n, unknown = 0;
	const struct tc_class **cs = tc_used_classes(h, &n);
	const struct tc_class *first_unknown = NULL;

	for (size_t i = 0; i < n; i++) {
		if (cs[i]->layout_known && cs[i]->remote) {
			check_remote(ck, cs[i]);
		} else if (cs[i]->layout_known) {
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

/*
 * --fix: reorder TP_STRUCT__entry's element lines into the order the
 * finding suggests (largest alignment first, stable), each line moved
 * whole with the comment lines right above it; empty lines and the
 * other comment lines stay where they are.  Only when every element is
 * on a line of its own (the block's parentheses on their own lines too)
 * and nothing else but comments and empty lines is in the block.
 */
struct eline {
	size_t start, end; /* the line, with its '\n' */
	int elem;	   /* the element on it, -1 for none */
	int comment;	   /* a comment line */
	size_t unit;	   /* for an element: where its unit (comments above) starts */
};

static int blank_to(const char *t, size_t i, size_t end)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n'))
		i++;
	return i == end;
}

/* A rest of a line (after an element) that is only white space and a comment closed on it. */
static int trailing_ok(const struct tc_toks *ts, size_t i, size_t end)
{
	const char *t = ts->text;

	while (i < end && (t[i] == ' ' || t[i] == '\t'))
		i++;
	const struct tc_tok *c = tc_toks_comment_at(ts, i);
	if (c)
		i = c->off + c->len;
	return i <= end && blank_to(t, i, end);
}

static const struct tc_class *class_at(const struct tc_header *h, const struct tc_loc *loc)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		for (size_t j = 0; j < h->classes[i]->nr_fields; j++)
			if (h->classes[i]->layout_known &&
			    tc_fix_loc_eq(&h->classes[i]->fields[j].loc, loc))
				return h->classes[i];
	return NULL;
}

static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_class *c = class_at(tc_fix_header(fx), &d->loc);
	struct tc_fix_class fc;
	size_t n, nl = 0, al = 0, *order, *es, *ee;
	const struct tc_toks *ts = tc_fix_toks(fx);
	const char *t = ts->text;
	long long ma;
	struct eline *l = NULL;
	int ret = -1;

	if (!c)
		return tc_fix_skip(fx, "no record layout is reported at this position");
	if (tc_fix_find_class(fx, c, &fc))
		return -1;
	n = c->nr_fields;
	order = xcalloc(n + 1, sizeof(*order));
	es = xcalloc(n + 1, sizeof(*es));
	ee = xcalloc(n + 1, sizeof(*ee));
	if (best_order(c, order, &ma) >= c->size) {
		tc_fix_skip(fx, "no field order makes the record smaller");
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		if (tc_fix_field_element(fx, &fc, &c->fields[i], &es[i], &ee[i]))
			goto out;
		if (i && es[i] < ee[i - 1]) {
			tc_fix_skip(fx, "the fields are not declared in the order of the record");
			goto out;
		}
	}
	/* the lines between the block's parentheses */
	const char *eol = memchr(t + fc.entry.open, '\n', fc.entry.close - fc.entry.open);
	size_t first = eol ? (size_t)(eol - t) + 1 : fc.entry.close, bol = fc.entry.close;
	while (bol > 0 && t[bol - 1] != '\n')
		bol--;
	if (!eol || !trailing_ok(ts, fc.entry.open + 1, first - 1) || !blank_to(t, bol, fc.entry.close) ||
	    bol < first) {
		tc_fix_skip(fx, "TP_STRUCT__entry() is not written one element a line");
		goto out;
	}
	size_t e = 0, pending = SIZE_MAX;
	int in_comment = 0;
	for (size_t i = first; i < bol;) {
		const char *nlp = memchr(t + i, '\n', bol - i);
		size_t end = nlp ? (size_t)(nlp - t) + 1 : bol, s = i;
		ALLOC_GROW(l, nl + 1, al);
		struct eline *x = &l[nl++];
		x->start = i;
		x->end = end;
		x->elem = -1;
		x->comment = 0;
		while (s < end && (t[s] == ' ' || t[s] == '\t'))
			s++;
		/* a line that starts in a comment (or with one) */
		const struct tc_tok *cm = tc_toks_comment_at(ts, s);
		if (cm) {
			size_t ce = cm->off + cm->len;
			x->comment = 1;
			in_comment = ce > end;
			if (!in_comment && !blank_to(t, ce, end))
				break;
		} else if (blank_to(t, s, end)) {
			pending = SIZE_MAX;
		} else if (e < n && s == es[e] && ee[e] <= end && trailing_ok(ts, ee[e], end)) {
			x->elem = (int)e++;
			x->unit = pending == SIZE_MAX ? nl - 1 : pending;
			pending = SIZE_MAX;
			i = end;
			continue;
		} else {
			break;
		}
		if (x->comment && pending == SIZE_MAX)
			pending = nl - 1;
		i = end;
	}
	if (e != n || in_comment || (nl && l[nl - 1].end != bol)) {
		tc_fix_skip(fx, "TP_STRUCT__entry() is not written one element a line");
		goto out;
	}
	/* the slots of the units, in text order; fill slot j with unit order[j] */
	size_t *unit_of = xcalloc(n + 1, sizeof(*unit_of)), *elem_line = xcalloc(n + 1, sizeof(*elem_line));
	for (size_t i = 0; i < nl; i++)
		if (l[i].elem >= 0) {
			unit_of[l[i].elem] = l[i].unit;
			elem_line[l[i].elem] = i;
		}
	struct strbuf out = STRBUF_INIT;
	size_t slot = 0;
	for (size_t i = 0; i < nl;) {
		if (slot < n && i == unit_of[slot]) {
			size_t u = order[slot];
			strbuf_add(&out, t + l[unit_of[u]].start, l[elem_line[u]].end - l[unit_of[u]].start);
			i = elem_line[slot] + 1;
			slot++;
			continue;
		}
		strbuf_add(&out, t + l[i].start, l[i].end - l[i].start);
		i++;
	}
	tc_fix_replace_block(fx, first, bol, out.buf);
	strbuf_release(&out);
	free(unit_of);
	free(elem_line);
	ret = 0;
out:
	free(l);
	free(order);
	free(es);
	free(ee);
	return ret;
}

const struct tc_rule rule_layout_hole = {
	.name = "layout-hole",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "padding in the record that reordering the fields would remove",
	.doc = &doc,
	.check = check,
	.fix = fix,
};
