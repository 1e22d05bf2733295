// SPDX-License-Identifier: MIT
/*
 * layout-abi: the record on other ABIs than the one checked.
 *
 * The front end lays the record out for the parse's target (x86_64 by
 * default) with libclang and, from the same field types, for the ABIs of
 * enum tc_abi (src/frontend/abilayout.c; a field whose type it cannot model
 * leaves its class out).  This rule reports:
 *
 * - dynamic data whose elements may be misaligned: __data_loc items are
 *   stored back to back after the fixed fields without alignment, so a
 *   __dynamic_array() of u32/u64/structs after a string, or after fixed
 *   fields ending at a 4-mod-8 offset, starts misaligned.  The ring
 *   buffer aligns records to 8 bytes exactly on the 64-bit architectures
 *   that lack efficient unaligned access (CONFIG_HAVE_64BIT_ALIGNED_ACCESS,
 *   kernel/trace/ring_buffer.c RB_ARCH_ALIGNMENT), and to 4 elsewhere,
 *   so only alignment inside the record up to 8 (64-bit ABIs) or 4
 *   (32-bit ABIs) is something the event itself can get wrong;
 * - with more ABIs listed (--target=x86_64,i386,aarch64,arm or
 *   --layout-abi), padding that only another ABI has (long and pointers
 *   shrink to 4 bytes on i386 and arm, u64 is aligned 8 on arm and 4 on
 *   i386) and a field order without it on all of them;
 * - with a 32-bit ABI listed, a long/size_t/pointer-sized field, or an
 *   element of an __array() of them, assigned a value of a fixed 64-bit
 *   type (u64, loff_t, sector_t...): 32-bit kernels record its low half
 *   only.  An __array() of long is not reported for its type alone: the
 *   ones in the trees hold what is word-sized in the kernel (syscall
 *   arguments, return addresses, bitmaps, rcu's sequence numbers).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "ctypes.h"
#include "reclayout.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"The record's layout on the ABIs tracecheck computes (x86_64, i386,\n"
		"aarch64, arm). Always: a dynamic array, bitmask or cpumask whose\n"
		"elements need more alignment than their start in the record has (a note\n"
		"when the kernel only memcpy()s into it and never reads it). With\n"
		"other ABIs named (--target=x86_64,i386,aarch64,arm, or --layout-abi LIST\n"
		"on the command line or in .tracecheck): padding only those ABIs have,\n"
		"with a field order minimal on all of them, and, with a 32-bit ABI\n"
		"named, a long or pointer-sized field, or an element of an __array() of\n"
		"them, assigned a fixed 64-bit value.\n"
		"Headers under arch/DIR/ are compared only on their own architecture's\n"
		"ABIs.",
	.why =
		"Dynamic data is packed after the fixed fields with no alignment: behind\n"
		"a string, or after fixed fields ending at 4 mod 8, a u64 array is\n"
		"misaligned, which 64-bit architectures without efficient unaligned access\n"
		"pay for on every access. Padding costs ring-buffer space on the ABIs\n"
		"that have it, and a long field truncates a u64 on 32-bit kernels.\n"
		"\n"
		"A misaligned dynamic array that the kernel only fills with memcpy() and\n"
		"neither reads in TP_fast_assign() nor names in TP_printk() is a note:\n"
		"the kernel never accesses its elements, so nothing is paid for, and a\n"
		"blind sample of 7.3 (docs/RESULTS.md) judged such a finding (cfg80211's\n"
		"rdev_channel_switch, u16 arrays at offset 113) true but minor. Only a\n"
		"user-space reader that loads the elements in place could be affected.",
	.kernel =
		"No fix to cite. 6.12 code it fires on:\n"
		"drivers/gpu/drm/amd/amdgpu/amdgpu_trace.h, amdgpu_vm_update_ptes: its\n"
		"u64 dst dynamic array starts at offset 68.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u64, start)\n"
		"\t__field(u32, nptes)\n"
		"\t__dynamic_array(u64, dst, nptes)\t/* its 4-byte descriptor ends the fixed part at 24 */\n"
		"),\n",
	.fix =
		"None.",
};

typedef struct tc_diag *(*report_fn)(struct tc_check *, struct tc_loc, const char *, ...);

struct abilay {
	long long *off; /* per field */
	long long size, data_off, align;
};

static long long gcd(long long a, long long b)
{
	while (b) {
		long long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* The record's layout on abi, in the order given (NULL: declaration order). */
static void lay_out(const struct tc_class *c, int abi, const size_t *order, struct abilay *l)
{
	struct tc_rec_layout r;

	tc_rec_lay_out(c, abi, order, l->off, &r);
	l->data_off = r.data_off;
	l->align = r.align;
	l->size = r.size;
}

static int abi_known(const struct tc_class *c)
{
	if (!c->layout_known || !c->nr_fields)
		return 0;
	for (size_t i = 0; i < c->nr_fields; i++)
		if (!c->fields[i].abi_known)
			return 0;
	return 1;
}

/* Sort key: the alignments on abis[0], abis[1], ... largest first (stable). */
static void common_order(const struct tc_class *c, const int *abis, int nabis, size_t *order)
{
	tc_rec_pack_order(c, abis, nabis, order);
}

/* The record's size on abi in its best order (largest alignment on abi first). */
static long long best_size(const struct tc_class *c, int abi)
{
	size_t *own = xcalloc(c->nr_fields, sizeof(*own));
	struct abilay b = { 0 };

	common_order(c, &abi, 1, own);
	lay_out(c, abi, own, &b);
	free(own);
	return b.size;
}

/* "4 after 'a', 3 at the end": the padding of the record on abi; its total in *holes. */
static const struct tc_field *describe_holes(const struct tc_class *c, int abi, struct strbuf *sb,
					     long long *holes)
{
	size_t n = c->nr_fields;
	long long *off = xcalloc(n, sizeof(*off));
	struct abilay l = { .off = off };
	long long prev = 8;
	const struct tc_field *last = NULL, *at = NULL;

	lay_out(c, abi, NULL, &l);
	*holes = 0;
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		if (off[i] > prev) {
			*holes += off[i] - prev;
			if (sb->len)
				strbuf_addstr(sb, ", ");
			if (last)
				strbuf_addf(sb, "%lld after '%s'", off[i] - prev, last->name);
			else
				strbuf_addf(sb, "%lld after the common fields", off[i] - prev);
			if (!at)
				at = last ? last : f;
		}
		prev = off[i] + f->abi_size[abi];
		last = f;
	}
	if (l.size > prev) {
		*holes += l.size - prev;
		if (sb->len)
			strbuf_addstr(sb, ", ");
		strbuf_addf(sb, "%lld at the end", l.size - prev);
	}
	free(off);
	return at ? at : last;
}

/*
 * Padding that reordering removes on a listed ABI while the target's
 * record is already as small as it gets (else layout-hole reports it):
 * one finding per class, naming every such ABI.
 */
static void check_holes(struct tc_check *ck, const struct tc_class *c, int main_abi, unsigned set)
{
	size_t n = c->nr_fields;
	size_t *order = xcalloc(n, sizeof(*order));
	int abis[TC_NR_ABIS], nabis = 0, nbad = 0, bad[TC_NR_ABIS];
	struct abilay cur = { 0 }, com[TC_NR_ABIS];
	const struct tc_field *at = NULL;
	struct strbuf msg = STRBUF_INIT;
	long long saved[TC_NR_ABIS];

	abis[nabis++] = main_abi;
	for (int a = 0; a < TC_NR_ABIS; a++)
		if (a != main_abi && (set & (1u << a)))
			abis[nabis++] = a;
	lay_out(c, main_abi, NULL, &cur);
	if (best_size(c, main_abi) < cur.size)
		goto out;
	for (int k = 1; k < nabis; k++) {
		struct abilay l = { 0 };
		long long best = best_size(c, abis[k]), holes;
		lay_out(c, abis[k], NULL, &l);
		if (best >= l.size)
			continue;
		struct strbuf where = STRBUF_INIT;
		const struct tc_field *f = describe_holes(c, abis[k], &where, &holes);
		if (!at)
			at = f;
		saved[nbad] = l.size - best;
		bad[nbad++] = abis[k];
		strbuf_addf(&msg, "%s%s (%lld bytes: %s)", msg.len ? " and " : "", tc_abi_name(abis[k]),
			    holes, where.buf);
		strbuf_release(&where);
	}
	if (!nbad)
		goto out;
	struct strbuf sv = STRBUF_INIT;
	for (int k = 0; k < nbad; k++)
		strbuf_addf(&sv, "%s%lld%s on %s", k ? ", " : "", saved[k], k ? "" : " bytes per event",
			    tc_abi_name(bad[k]));
	struct tc_diag *d = tc_report(
		ck, at->loc,
		"record of event%s '%s' has padding on %s that reordering its fields removes, saving %s "
		"(on %s it is as small as it gets)",
		c->nr_events > 1 ? " class" : "", c->name, msg.buf, sv.buf, tc_abi_name(main_abi));
	strbuf_release(&sv);
	for (int k = 0; k < nbad; k++) {
		struct strbuf diff = STRBUF_INIT;
		struct abilay l = { 0 };
		int a = bad[k];
		/* what makes the difference: the fields whose size or alignment is not the target's */
		for (size_t i = 0; i < n; i++) {
			const struct tc_field *f = &c->fields[i];
			if (f->abi_size[a] == f->abi_size[main_abi] && f->abi_align[a] == f->abi_align[main_abi])
				continue;
			strbuf_addf(&diff, "%s'%s' (%s) is %lld bytes aligned to %lld", diff.len ? ", " : "",
				    f->name, f->type, f->abi_size[a], f->abi_align[a]);
		}
		lay_out(c, a, NULL, &l);
		tc_diag_note(d, at->loc, "on %s %s; the record is %lld bytes there (%lld on %s)",
			     tc_abi_name(a), diff.len ? diff.buf : "the fields are laid out differently",
			     l.size, c->size, tc_abi_name(main_abi));
		strbuf_release(&diff);
	}
	/* an order that is as small as it gets on every ABI listed, if the sort finds one */
	common_order(c, abis, nabis, order);
	int all_best = 1;
	struct strbuf sizes = STRBUF_INIT, sugg = STRBUF_INIT;
	for (int m = 0; m < nabis; m++) {
		memset(&com[m], 0, sizeof(com[m]));
		lay_out(c, abis[m], order, &com[m]);
		if (com[m].size > best_size(c, abis[m]))
			all_best = 0;
		strbuf_addf(&sizes, "%s%lld on %s", m ? ", " : "", com[m].size, tc_abi_name(abis[m]));
	}
	if (all_best) {
		for (size_t i = 0; i < n; i++)
			strbuf_addf(&sugg, "%s%s", i ? ", " : "", c->fields[order[i]].name);
		tc_diag_advise(d, at->loc, "with the fields in the order %s the record is %s",
			       sugg.buf,
			       sizes.buf);
	}
	strbuf_release(&sizes);
	strbuf_release(&sugg);
	if (c->nr_events > 1)
		tc_diag_note(d, c->loc, "%zu events share this class", c->nr_events);
out:
	strbuf_release(&msg);
	free(order);
}

/* Alignment a dynamic item's elements need, and the granularity of its size; 0: unknown. */
static long long dyn_align(const struct tc_field *f, int abi, long long *gran)
{
	switch (f->kind) {
	case TC_F_DYNAMIC_ARRAY:
	case TC_F_REL_DYNAMIC_ARRAY:
		if (!f->elem_abi_known || f->elem_abi_size[abi] <= 0)
			return 0;
		*gran = f->elem_abi_size[abi];
		return f->elem_abi_align[abi];
	case TC_F_BITMASK:
	case TC_F_CPUMASK:
	case TC_F_REL_BITMASK:
	case TC_F_REL_CPUMASK:
		*gran = tc_abi_is_64bit(abi) ? 8 : 4;
		return *gran;
	default:
		*gran = 1;
		return 1;
	}
}

/* A length that is a plain decimal number. */
static int const_len(const char *s, long long *v)
{
	char *end;

	if (!s || !*s)
		return 0;
	*v = strtoll(s, &end, 10);
	return !*end && *v >= 0;
}

/* Does text name the dynamic array: __get_dynamic_array(name) and the like? */
static int names_dynamic(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text ? strstr(text, "dynamic_array") : NULL; p;
	     p = strstr(p + 1, "dynamic_array")) {
		const char *q = p + strlen("dynamic_array");
		if (!strncmp(q, "_len", 4))
			continue;
		while (*q == ' ')
			q++;
		if (*q++ != '(')
			continue;
		while (*q == ' ')
			q++;
		if (!strncmp(q, name, n) && (q[n] == ')' || q[n] == ' '))
			return 1;
	}
	return 0;
}

/*
 * Is the dynamic array f of class c only byte-copied in (memcpy()) and
 * never read as elements: not read by TP_fast_assign(), not named by a
 * TP_printk() of h's events of c?  Then the kernel makes no unaligned
 * access to it (doc.why).
 */
static int only_copied(const struct tc_header *h, const struct tc_class *c,
		       const struct tc_field *f)
{
	int copies = 0;

	if (f->nr_reads)
		return 0;
	/* TC_W_TEXT: the same writes, seen in the token stream */
	for (size_t i = 0; i < f->nr_writes; i++) {
		const struct tc_write *w = &f->writes[i];
		if (w->kind == TC_W_TEXT)
			continue;
		if (w->kind != TC_W_COPY || !w->how || strcmp(w->how, "memcpy"))
			return 0;
		copies++;
	}
	if (!copies)
		return 0;
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		const struct tc_printk *pk = e->cls == c ? tc_event_print(e) : NULL;
		for (size_t k = 0; pk && k < pk->nr_args; k++)
			if (names_dynamic(pk->args[k].raw, f->name) ||
			    names_dynamic(pk->args[k].expanded, f->name) ||
			    (pk->args[k].raw && !strstr(pk->args[k].raw, "dynamic_array") &&
			     strstr(pk->args[k].raw, f->name)))
				return 0;
	}
	return 1;
}

static void check_dynamic(struct tc_check *ck, const struct tc_class *c, int main_abi, unsigned set)
{
	size_t n = c->nr_fields;
	unsigned *bad = xcalloc(n, sizeof(*bad));
	long long *why_off = xcalloc(n, sizeof(*why_off));
	int *why_after = xcalloc(n, sizeof(*why_after));

	for (int a = 0; a < TC_NR_ABIS; a++) {
		if (a != main_abi && !(set & (1u << a)))
			continue;
		struct abilay l = { 0 };
		lay_out(c, a, NULL, &l);
		long long pos = l.data_off, g = 0, cap = tc_abi_is_64bit(a) ? 8 : 4;
		for (size_t i = 0; i < n; i++) {
			const struct tc_field *f = &c->fields[i];
			long long gran, need, len;
			if (!tc_field_kind_is_dynamic(f->kind))
				continue;
			need = dyn_align(f, a, &gran);
			if (!need)
				break;
			if (need > cap)
				need = cap;
			if (pos % need || (g && g % need)) {
				if (!bad[i]) {
					why_off[i] = pos;
					why_after[i] = -1;
					/* the first variable-length item before it whose size breaks the alignment */
					for (size_t j = 0; j < i && g % need; j++) {
						const struct tc_field *v = &c->fields[j];
						long long vg, vl;
						if (!tc_field_kind_is_dynamic(v->kind) ||
						    ((v->kind == TC_F_DYNAMIC_ARRAY ||
						      v->kind == TC_F_REL_DYNAMIC_ARRAY) &&
						     const_len(v->len_text, &vl)))
							continue;
						dyn_align(v, a, &vg);
						if (vg % need) {
							why_after[i] = (int)j;
							break;
						}
					}
				}
				bad[i] |= 1u << a;
			}
			if ((f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY) &&
			    const_len(f->len_text, &len)) {
				pos += len * gran;
			} else {
				g = gcd(g, gran);
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		struct strbuf abis = STRBUF_INIT;
		int first = -1;
		if (!bad[i])
			continue;
		for (int a = 0; a < TC_NR_ABIS; a++)
			if (bad[i] & (1u << a)) {
				strbuf_addf(&abis, "%s%s", abis.len ? ", " : "", tc_abi_name(a));
				if (first < 0)
					first = a;
			}
		int dynarr = f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY;
		struct strbuf what = STRBUF_INIT;
		if (dynarr)
			strbuf_addf(&what, "dynamic array '%s' of '%s'", f->name, f->type);
		else
			strbuf_addf(&what, "%s '%s' (an array of unsigned long)",
				    tc_field_kind_name(f->kind) + 2, f->name);
		long long gran, need = dyn_align(f, first, &gran);
		long long cap = tc_abi_is_64bit(first) ? 8 : 4;
		if (need > cap)
			need = cap;
		struct tc_diag *d;
		/* byte copies only: a note (doc.why) */
		report_fn report = dynarr && only_copied(ck->h, c, f) ? tc_report_note : tc_report;
		if (why_after[i] >= 0) {
			const struct tc_field *v = &c->fields[why_after[i]];
			d = report(ck, f->loc,
				      "%s may start misaligned in the record (on %s): it "
				      "follows %s '%s', whose length need not be a multiple of %lld",
				      what.buf, abis.buf,
				      tc_field_kind_is_string(v->kind) ? "the string" : "the dynamic item",
				      v->name, need);
			tc_diag_note(d, v->loc, "'%s' is declared here; dynamic data is stored in the order "
					       "of TP_STRUCT__entry(), each item right after the last",
				     v->name);
		} else {
			d = report(ck, f->loc,
				      "%s starts at offset %lld of the record on %s, "
				      "not a multiple of its elements' alignment %lld",
				      what.buf, why_off[i], tc_abi_name(first), need);
			tc_diag_note(d, f->loc, "dynamic data starts right after the last fixed field, at "
					       "offset %lld, with no alignment (on %s)",
				     why_off[i], abis.buf);
		}
		tc_diag_note(d, f->loc,
			     "the ring buffer aligns records to 8 bytes on 64-bit architectures without "
			     "efficient unaligned access (CONFIG_HAVE_64BIT_ALIGNED_ACCESS) so that the "
			     "record's fields are aligned; these elements are not, and every access to "
			     "them there (%s) is an unaligned one",
			     dynarr ? "through __get_dynamic_array(), __print_array()"
				    : "the unsigned longs the output function reads when printing the mask");
		strbuf_release(&abis);
		strbuf_release(&what);
	}
	free(bad);
	free(why_off);
	free(why_after);
}

/* A type of 64 bits on every ABI. */
static int fixed64_type(const char *t)
{
	const struct tc_ctype *ct;

	if (!t)
		return 0;
	if (starts_with(t, "const "))
		t += 6;
	ct = tc_ctype_find(t);
	return ct && ct->bits == 64 && !(ct->flags & TC_CT_ABI);
}

static void check_truncation(struct tc_check *ck, const struct tc_class *c, int main_abi,
			     unsigned set)
{
	int narrow = -1;
	struct strbuf names = STRBUF_INIT;

	for (int a = 0; a < TC_NR_ABIS; a++)
		if ((set & (1u << a)) && !tc_abi_is_64bit(a)) {
			strbuf_addf(&names, "%s%s", names.len ? " and " : "", tc_abi_name(a));
			if (narrow < 0)
				narrow = a;
		}
	if (narrow < 0 || !tc_abi_is_64bit(main_abi)) {
		strbuf_release(&names);
		return;
	}
	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		/* an __array()'s elements: the same slot, assigned one at a time */
		int arr = f->kind == TC_F_ARRAY && f->array_len > 0;
		long long n = arr ? f->array_len : 1;
		if ((!arr && f->kind != TC_F_FIELD && f->kind != TC_F_FIELD_EXT) ||
		    f->abi_size[main_abi] != 8 * n || f->abi_size[narrow] != 4 * n)
			continue;
		for (size_t j = 0; j < f->nr_writes; j++) {
			const struct tc_write *w = &f->writes[j];
			if (w->kind != (arr ? TC_W_ELEMENT : TC_W_ASSIGN) || !w->src_known ||
			    w->src_const || w->src_size != 8 || !fixed64_type(w->src_type))
				continue;
			struct tc_diag *d = tc_report(
				ck, w->loc,
				"%s '%s' %s '%s', 4 bytes on %s, but %s assigned a value of type "
				"'%s': 32-bit kernels record only its low 32 bits",
				arr ? "the elements of __array()" : "field", f->name, arr ? "are" : "is",
				f->type, names.buf, arr ? "one is" : "is", w->src_type);
			tc_diag_note(d, f->loc, "'%s' is declared here; %s keeps the whole value on "
					       "every ABI",
				     f->name, arr ? "an array of u64" : "a u64 field");
			break;
		}
	}
	strbuf_release(&names);
}

/*
 * The listed ABIs a header can be built for: an arch/ADIR/ header only
 * for its architecture's (arch/x86: x86_64 and i386; arch/arm64: aarch64;
 * arch/arm: arm; another architecture's: none of them).
 */
static unsigned arch_abis(const struct tc_header *h)
{
	const char *p = h->tree_path;

	if (!p || !starts_with(p, "arch/"))
		return ~0u;
	p += 5;
	if (starts_with(p, "x86/"))
		return 1u << TC_ABI_X86_64 | 1u << TC_ABI_I386;
	if (starts_with(p, "arm64/"))
		return 1u << TC_ABI_AARCH64;
	if (starts_with(p, "arm/"))
		return 1u << TC_ABI_ARM;
	return 0;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs;
	int main_abi = h->abi;
	unsigned set = h->layout_abis;

	if (main_abi < 0)
		return;
	set = (set & arch_abis(h)) | 1u << main_abi;
	cs = tc_used_classes(h, &n);
	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!abi_known(c))
			continue;
		/* the computation must agree with libclang's layout for the target */
		long long *off = xcalloc(c->nr_fields, sizeof(*off));
		struct abilay l = { .off = off };
		int agree;
		lay_out(c, main_abi, NULL, &l);
		agree = l.size == c->size && l.data_off == c->data_offset;
		for (size_t j = 0; j < c->nr_fields && agree; j++)
			agree = off[j] == c->fields[j].offset;
		free(off);
		if (!agree)
			continue;
		check_dynamic(ck, c, main_abi, set);
		if (set != 1u << main_abi)
			check_holes(ck, c, main_abi, set);
		check_truncation(ck, c, main_abi, set);
	}
	free(cs);
}

const struct tc_rule rule_layout_abi = {
	.name = "layout-abi",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "record layout on other ABIs: misaligned dynamic arrays, padding only some ABIs have, "
		   "64-bit values in long fields",
	.doc = &doc,
	.check = check,
};
