// SPDX-License-Identifier: MIT
/*
 * field-truncated: TP_fast_assign() stores in a record field a value
 * whose type is wider than the field, so the value's high bits are lost
 * (a u64 error code in a u32, a long or size_t in an int).
 *
 * Judged by the types libclang gives in the kernel's own context (the
 * parse's target: x86_64 unless told otherwise), never by names: a
 * 64-bit value in a narrower field, or a loss the value's computed range
 * proves; a 32-bit value in an 8- or 16-bit field is not reported.  Only
 * plain '=' into a __field()/__field_ext()/__field_packed() of an integer
 * type narrower than 8 bytes; never into a bool (a conversion to _Bool
 * is x != 0, nothing is truncated).  Quiet when the value provably fits
 * the field (the front end's range, assign_range.c): a constant that
 * fits, a mask (x & 0xff), a shift (x >> 32), x % N, a comparison, an
 * enum whose enumerators fit, a bit-field as narrow as the field,
 * PTR_ERR() (an errno), a helper that bounds its result (bitmap_read()'s
 * nbits), a local set once, ?: of such arms under their condition;
 * when it is range-checked (min(), min_t(), clamp() and their kin, ?:
 * on a comparison, a mask of a run-time size) unless the check's own
 * bound is wider than the field; and when it is an explicit cast (the
 * author's choice).  A bound that is only the value's type's proves
 * nothing.  A negative value that keeps its bits in an unsigned field of
 * the same width (-1 into a u32) is not a loss either.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A record field narrower than the value TP_fast_assign() stores in it:\n"
		"a u32 field given a u64, an int given a long, a size_t or a pointer\n"
		"difference, a u8 given a value masked with 0x1ff, a constant that does\n"
		"not fit. The types are the kernel's own (the parse's target, x86_64\n"
		"by default). The finding says which bits of the value are lost and\n"
		"which field type keeps them. Not reported: values that provably fit\n"
		"(constants, x & 0xff, x >> 32, x % N, comparisons, enums, bit-fields,\n"
		"PTR_ERR(), bitmap_read() of n bits, FIELD_GET() of a mask, locals set\n"
		"once, the arms of ?: under their condition as in min() and clamp()),\n"
		"values range-checked (min(), clamp(), a mask of a run-time size) unless\n"
		"the check's own bound is wider than the field, explicit casts (the\n"
		"author chose the narrowing), and bool fields: storing into a bool tests\n"
		"the value against 0, it does not truncate it.\n"
		"\n"
		"In a kernel tree, also not a TP_PROTO() parameter stored as it is\n"
		"(__entry->f = param;) when every trace_NAME() call of the tree passes it\n"
		"a value of a type no wider than the field.",
	.why =
		"The record keeps only the field's bytes: the conversion drops the high\n"
		"bits without a warning (the kernel builds without -Wconversion), so the\n"
		"trace shows a different number than the kernel had - an error code\n"
		"without its high flag bits, a large length or offset wrapped, a\n"
		"negative 64-bit value seen as a positive 32-bit one - and no reader of\n"
		"the record (the trace file, perf, trace-cmd, BPF) can tell. Reported\n"
		"when a 64-bit value goes into a narrower field (a whole word of sizes,\n"
		"offsets, addresses, counters or flags is cut) or when the loss is\n"
		"proved (a constant, a mask or shift that leaves too many bits); not for\n"
		"a 32-bit value in an 8- or 16-bit field, which is nearly always sized\n"
		"on purpose for a small domain (a bus generation, a port number).\n"
		"\n"
		"A parameter's declared type is not what the callers pass: ext4_shutdown\n"
		"declares unsigned long flags, stores them in an unsigned field, and its\n"
		"one caller passes a u32. In a kernel tree the tree index reads each\n"
		"trace_NAME() call's arguments: an identifier's type from its\n"
		"declaration in the function around the call (a parameter or a local),\n"
		"a cast's type, a constant's size, typedefs resolved through the tree's\n"
		"one-line typedefs; a static function's parameter passed on as it is,\n"
		"from what that function's calls in the file pass (as\n"
		"printk-unsafe-deref follows strings). When every call of every event of\n"
		"the class passes\n"
		"the stored parameter a type no wider than the field, the warning is\n"
		"false and is not reported. A member passed (current->nr_dirtied,\n"
		"sb->stats.hits) has the type its struct declares: the struct of the\n"
		"first name from its declaration (current is struct task_struct), each\n"
		"member's struct from the tree's struct definitions, where every\n"
		"definition of the struct agrees on the member's width; when the first\n"
		"name's struct is not known, no width (a member a macro declares has no\n"
		"definition the scan sees). writeback.h's balance_dirty_pages, judged\n"
		"false in a blind sample of 7.3, is no finding this way: its static\n"
		"caller is called with current->nr_dirtied, an int. A call whose\n"
		"argument's type is not known (a member whose declarations disagree, or\n"
		"of a struct not known, an expression, a call inside a macro) keeps the\n"
		"warning, and so does the parameter of a function that is not static,\n"
		"passed on.",
	.kernel =
		"arch/x86/kvm/mmu/mmutrace.h, fast_page_fault: in 6.1 the event stored\n"
		"fault->error_code (a u32 then) in __field(u32, error_code). When KVM\n"
		"made the error code a u64 to carry flags above bit 31\n"
		"(PFERR_GUEST_FINAL_MASK is bit 32, PFERR_PRIVATE_ACCESS bit 49), the\n"
		"field had to become __field(u64, error_code), as it is in 6.12; with\n"
		"the u32 field those flags would never have reached the trace. 6.12 and\n"
		"7.2 code it fires on: include/trace/events/fscache.h,\n"
		"fscache_relinquish, stores cookie->flags (an unsigned long whose bits\n"
		"go up to FSCACHE_COOKIE_DO_INVALIDATE, bit 15) in __field(u8, flags)\n"
		"and prints f=%02x: bits 8-15 (HAVE_DATA, IS_HASHED, the DO_* requests)\n"
		"never reach the trace; arch/x86/kvm/trace.h, kvm_emulate_insn, stores\n"
		"the u64 CS base in a __u32 and a pointer difference in a __u8.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u64, error_code)\n"
		"\t__field(u8, level)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->error_code = fault->error_code;\t/* a u64 */\n"
		"\t__entry->level = fault->goal_level & 0x7;\n"
		"),\n",
	.fix =
		"None: widening the field changes the record's layout and TP_printk()'s\n"
		"conversion, and masking or casting instead is the author's choice.",
	.silence =
		"Write the narrowing the event wants explicitly - a cast ((u32)x) or a\n"
		"mask (x & 0xffffffff) - or --ignore field-truncated:EVENT.",
};

typedef __int128 wide;

/* What a field of n bits keeps: -2^(n-1) .. 2^n - 1 (a negative value keeps its bits). */
static int fits(wide lo, wide hi, long long bytes)
{
	int bits = (int)(bytes * 8);

	return lo >= -((wide)1 << (bits - 1)) && hi <= ((wide)1 << bits) - 1;
}

/* The number of bits a value of lo..hi takes (with its sign bit when lo < 0). */
static int bits_of(wide lo, wide hi)
{
	int n = 0;

	while (n < 64 && ((hi >> n) != 0 || (lo < 0 && (lo >> n) != -1)))
		n++;
	return lo < 0 ? n + 1 : n;
}

static int is_bool_type(const char *t)
{
	return !strcmp(t, "bool") || !strcmp(t, "_Bool") || !strcmp(t, "const bool");
}

/* The values of the write's source: its range, or its type's; 0 when not an integer. */
static int source_range(const struct tc_write *w, wide *lo, wide *hi)
{
	if (w->src_range) {
		*lo = w->src_lo;
		*hi = w->src_hi;
		return 1;
	}
	if (w->src_size <= 0 || w->src_size > 8)
		return 0;
	if (w->src_signed) {
		*lo = -((wide)1 << (w->src_size * 8 - 1));
		*hi = ((wide)1 << (w->src_size * 8 - 1)) - 1;
	} else {
		*lo = 0;
		*hi = ((wide)1 << (w->src_size * 8)) - 1;
	}
	return 1;
}

/* The kernel's fixed-width type that holds lo..hi, signed like the field when one can. */
static const char *keeping_type(wide lo, wide hi, int field_signed)
{
	static const char *const names[2][4] = {
		{ "u8", "u16", "u32", "u64" },
		{ "s8", "s16", "s32", "s64" },
	};

	for (int pass = 0; pass < 2; pass++) {
		int sign = pass ? !field_signed : field_signed;
		for (int i = 0; i < 4; i++) {
			int bits = 8 << i;
			wide min = sign ? -((wide)1 << (bits - 1)) : 0;
			wide max = sign ? ((wide)1 << (bits - 1)) - 1 : ((wide)1 << bits) - 1;
			if (lo >= min && hi <= max)
				return names[sign][i];
		}
	}
	return "s64";
}

static int checked_field(const struct tc_field *f)
{
	if (f->kind != TC_F_FIELD && f->kind != TC_F_FIELD_EXT && f->kind != TC_F_FIELD_PACKED)
		return 0;
	if (!f->layout_known || f->is_signed < 0 || !f->type || strchr(f->type, '*') ||
	    strchr(f->type, '['))
		return 0;
	if (is_bool_type(f->type))
		return 0;
	return f->size == 1 || f->size == 2 || f->size == 4;
}

/*
 * Does every trace_NAME() call of the tree, for each event of class c,
 * pass the parameter field f is stored from ("__entry->f = param;") with
 * a type no wider than f (the tree index: tpwidth.c)?  Then the wider
 * parameter only carries a narrower value, and nothing is lost.
 */
static int callers_fit(struct tc_check *ck, const struct tc_header *h, const struct tc_class *c,
		       const struct tc_field *f)
{
	const struct tc_context *ctx = ck->ctx;
	int any = 0;

	if (!ctx->have_index || !ctx->str_args || !c->proto)
		return 0;
	int p = tc_stored_param(c, f->name);
	if (p < 0)
		return 0;
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		if (!e->instantiated || e->cls != c)
			continue;
		const char *sum = ctx->str_args[i], *wid = sum ? strchr(sum, '\t') : NULL;
		if (!wid || strlen(wid + 1) <= (size_t)p || wid[1 + p] < '1' ||
		    wid[1 + p] > '0' + f->size)
			return 0;
		any = 1;
	}
	return any;
}

static void check_write(struct tc_check *ck, const struct tc_header *h, const struct tc_class *c,
			const struct tc_field *f, const struct tc_write *w)
{
	wide lo, hi;

	if (w->kind != TC_W_ASSIGN || !w->src_known || !w->src_int || !w->src_type)
		return;
	if (w->src_size <= f->size || w->src_bool || w->src_cast)
		return;
	if (!source_range(w, &lo, &hi) || fits(lo, hi, f->size))
		return;
	/*
	 * A loss is proved by a constant, or by a bound of the computed range
	 * that the field cannot hold (min(len, 1000) in a u8); a bound that
	 * is only the type's proves nothing.  Otherwise only a 64-bit value
	 * is reported, and not one range-checked where it is computed: a
	 * 32-bit value in an 8- or 16-bit field is nearly always a field
	 * sized on purpose for a small domain.
	 */
	int from = (int)(f->size * 8);
	wide fmin = -((wide)1 << (from - 1)), fmax = ((wide)1 << from) - 1;
	int proved = w->src_const || (w->src_range && ((!w->src_hi_open && hi > fmax) ||
						       (!w->src_lo_open && lo < fmin)));
	if (!proved && (w->src_checked || w->src_size != 8))
		return;
	/* a parameter every caller passes a value as narrow as the field (doc.why) */
	if (!proved && callers_fit(ck, h, c, f))
		return;
	/* what the advice keeps: the proved bounds, the field's sign on an open side */
	if (proved && !w->src_const && w->src_lo_open)
		lo = f->is_signed ? -hi - 1 : 0;
	else if (proved && !w->src_const && w->src_hi_open)
		hi = -lo - 1;

	int top = bits_of(lo, hi) - 1;
	const char *keep = keeping_type(lo, hi, f->is_signed);
	char *bits = top == from ? xasprintf("bit %d", from) : xasprintf("bits %d-%d", from, top);
	struct tc_diag *d;

	if (w->src_const)
		d = tc_report(ck, w->loc,
			   "field '%s' ('%s', %d bits) is assigned %lld, which takes %d bits: %s %s "
			   "lost; '%s' keeps it",
			   f->name, f->type, from, w->src_value, top + 1, bits,
			   top == from ? "is" : "are", keep);
	else
		d = tc_report(ck, w->loc,
			   "field '%s' ('%s', %d bits) is assigned a %lld-bit '%s': %s of the value "
			   "%s lost; '%s' keeps it",
			   f->name, f->type, from, w->src_size * 8, w->src_type, bits,
			   top == from ? "is" : "are", keep);
	free(bits);
	if (w->src_range && !w->src_const && w->src_lo_open && !w->src_hi_open)
		tc_diag_note(d, w->loc, "the value is at most %lld", w->src_hi);
	else if (w->src_range && !w->src_const && w->src_hi_open && !w->src_lo_open)
		tc_diag_note(d, w->loc, "the value is at least %lld", w->src_lo);
	else if (w->src_range && !w->src_const)
		tc_diag_note(d, w->loc, "the value is in %lld..%lld", w->src_lo, w->src_hi);
	tc_diag_note(d, f->loc, "'%s' declared here", f->name);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!c->layout_known || !c->assign_analyzed)
			continue;
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			if (!checked_field(f))
				continue;
			for (size_t k = 0; k < f->nr_writes; k++)
				check_write(ck, h, c, f, &f->writes[k]);
		}
	}
	free(cs);
}

const struct tc_rule rule_field_truncated = {
	.name = "field-truncated",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "a field narrower than the value TP_fast_assign() stores in it",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX,
};
