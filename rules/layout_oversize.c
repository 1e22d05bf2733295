// SPDX-License-Identifier: MIT
/*
 * layout-oversize: a record field wider than anything TP_fast_assign()
 * ever stores in it, when a narrower type would make the record smaller.
 *
 * Only fields that TP_fast_assign() writes with plain assignments (no
 * copies, no &field handed to a function, no compound assignment) and
 * whose every assigned value the compiler typed:
 *
 * - each value is 0 or 1 (a comparison, !, &&, ||, a bool, ?: of those,
 *   or the constants 0 and 1), one of them not a constant: a bool (1
 *   byte) holds it;
 * - each value's own type (before the conversion to the field's type,
 *   implicit conversions only: an explicit cast is the author's choice)
 *   is narrower than the field and no signed value goes into an unsigned
 *   field (narrowing would change what a negative value prints as); the
 *   widest of those types holds them all.
 *
 * The saving is that of the packed record (fields ordered by alignment,
 * as layout-hole suggests) with the fields narrowed, against the packed
 * record as it is; nothing is reported when it is 0.  A note: fields are
 * often wider on purpose (room for later values, one type across the
 * events of a subsystem), so the rule is off by default.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A record field wider than every value TP_fast_assign() stores in it:\n"
		"only comparisons and other 0/1 values in an int (a bool or u8 would do),\n"
		"or only values of a narrower type (a pid_t in a long, a u32 in a u64;\n"
		"never a signed value into an unsigned field), when the narrower types\n"
		"make the packed record smaller. The sizes before and after are given.",
	.why =
		"Every event reserves the whole record in the ring buffer, so a field\n"
		"wider than its values wastes those bytes for every event. Fields are\n"
		"often wide on purpose (a stable layout, room to grow), so this is a note\n"
		"and off by default (--enable layout-oversize).",
	.kernel =
		"No fix to cite. 6.12 code it fires on (enabled):\n"
		"drivers/greybus/greybus_trace.h, gb_interface: five int fields hold\n"
		"bools; as u8 the record would take 16 bytes instead of 32.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u8, module_id)\n"
		"\t__field(u8, id)\n"
		"\t__field(bool, disconnected)\n"
		"\t__field(bool, ejected)\n"
		"),\n",
	.fix =
		"None.",
};

static long long align_up(long long v, long long a)
{
	return a > 0 ? (v + a - 1) / a * a : v;
}

/* The record's size with the fields ordered by alignment, largest first. */
static long long packed_size(size_t n, const long long *size, const long long *align)
{
	long long off = 8, ma = 4;

	for (long long a = 16; a >= 1; a /= 2)
		for (size_t i = 0; i < n; i++)
			if (align[i] == a) {
				off = align_up(off, a) + size[i];
				if (a > ma)
					ma = a;
			}
	return align_up(off, ma);
}

/* The type a field's values need (bytes; 0: none), and the write that shows it. */
static long long needed(const struct tc_class *c, const struct tc_field *f, int *is_bool,
			const struct tc_write **shown)
{
	long long need = 0;
	int all_bool = 1, any_value = 0, fits_signed = 1;

	*shown = NULL;
	if ((f->kind != TC_F_FIELD && f->kind != TC_F_FIELD_EXT) || !f->layout_known ||
	    f->size <= 1 || f->size > 8 || f->is_signed < 0 || !f->nr_writes ||
	    f->size != f->align)
		return 0;
	for (size_t j = 0; j < f->nr_writes; j++) {
		const struct tc_write *w = &f->writes[j];
		if (w->kind == TC_W_TEXT)
			continue; /* the token-level pass's view of the writes the walk typed */
		if (w->kind != TC_W_ASSIGN || !w->src_known || !w->src_type)
			return 0;
		if (w->src_const) {
			if (w->src_value != 0 && w->src_value != 1)
				all_bool = 0;
			continue;
		}
		any_value = 1;
		if (!w->src_bool)
			all_bool = 0;
		if (w->src_size > need)
			need = w->src_size;
		if (w->src_signed && !f->is_signed)
			fits_signed = 0;
		if (!*shown || (w->src_bool && !(*shown)->src_bool) || w->src_size > (*shown)->src_size)
			*shown = w;
	}
	(void)c;
	if (!any_value)
		return 0;
	if (all_bool) {
		*is_bool = 1;
		return 1;
	}
	*is_bool = 0;
	if (!fits_signed || need >= f->size || (need != 1 && need != 2 && need != 4))
		return 0;
	/* the constants must fit the narrower type */
	for (size_t j = 0; j < f->nr_writes; j++) {
		const struct tc_write *w = &f->writes[j];
		long long v = w->src_value, bits = need * 8;
		if (!w->src_const)
			continue;
		if (f->is_signed ? (v < -(1LL << (bits - 1)) || v >= (1LL << (bits - 1)))
				 : (v < 0 || v >= (1LL << bits)))
			return 0;
	}
	return need;
}

static void check_class(struct tc_check *ck, const struct tc_class *c)
{
	size_t n = c->nr_fields, nr = 0;
	long long *size = xcalloc(n + 1, sizeof(*size)), *align = xcalloc(n + 1, sizeof(*align));
	long long *need = xcalloc(n + 1, sizeof(*need));
	int *is_bool = xcalloc(n + 1, sizeof(*is_bool));
	const struct tc_write **shown = xcalloc(n + 1, sizeof(*shown));

	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		size[i] = f->size;
		align[i] = f->align;
		if (!f->layout_known || (f->align & (f->align - 1)) || f->align > 16)
			goto out;
	}
	long long before = packed_size(n, size, align);
	for (size_t i = 0; i < n; i++) {
		need[i] = needed(c, &c->fields[i], &is_bool[i], &shown[i]);
		if (need[i]) {
			size[i] = align[i] = need[i];
			nr++;
		}
	}
	if (!nr)
		goto out;
	long long after = packed_size(n, size, align);

	if (after >= before)
		goto out;
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		const struct tc_write *w = shown[i];
		struct tc_diag *d;
		if (!need[i])
			continue;
		if (is_bool[i])
			d = tc_report(ck, f->loc,
				      "field '%s' is '%s' (%lld bytes) but only ever holds 0 or 1; a bool "
				      "would do",
				      f->name, f->type, f->size);
		else
			d = tc_report(ck, f->loc,
				      "field '%s' is '%s' (%lld bytes) but is only assigned values of %lld-byte "
				      "types (such as '%s'); one would do",
				      f->name, f->type, f->size, need[i], w->src_type);
		if (is_bool[i])
			tc_diag_note(d, w->loc, "assigned a %s here",
				     w->src_size == 1 ? "bool" : "value that is 0 or 1");
		else
			tc_diag_note(d, w->loc, "assigned a '%s' here", w->src_type);
		tc_diag_note(d, f->loc,
			     "with %s narrowed the record of event%s '%s' packs into %lld bytes instead "
			     "of %lld",
			     nr == 1 ? "it" : "the fields this rule reports", c->nr_events > 1 ? " class" : "",
			     c->name, after, before);
	}
out:
	free(size);
	free(align);
	free(need);
	free(is_bool);
	free(shown);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++)
		if (cs[i]->layout_known && cs[i]->assign_analyzed && !cs[i]->assign_whole)
			check_class(ck, cs[i]);
	free(cs);
}

const struct tc_rule rule_layout_oversize = {
	.name = "layout-oversize",
	.severity = TC_SEV_NOTE,
	.enabled = 0,
	.summary = "a field wider than every value TP_fast_assign() stores in it",
	.doc = &doc,
	.check = check,
};
