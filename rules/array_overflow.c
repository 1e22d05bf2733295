// SPDX-License-Identifier: MIT
/*
 * array-overflow: a copy into an __array() field of the record that
 * writes, or may write, more bytes than the field holds, and the string
 * copies that leave a printed char array without its NUL.
 *
 * The record is a slot of the ring buffer sized for the fields: bytes
 * past an __array() land in the next field or past the event, which the
 * reader then decodes as whatever follows.  The front end (assign.c)
 * records each copy's byte count as the compiler evaluates it, or
 * whether a non-constant count is bounded by the field (sizeof of it,
 * min(len, sizeof(...))).  A constant count past the field is an error;
 * a count that is not bounded, a strcpy() of a non-literal and a
 * strncpy() of exactly the field's size into a char array printed with
 * %s (no NUL when the source is as long) are reported one level lower.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "rules.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A memcpy(), memset(), strncpy(), strscpy(), strlcpy(),\n"
		"memcpy_and_pad(), snprintf() or strcpy() into an __array() field of the\n"
		"record that writes, or may write, more bytes than the field has. A\n"
		"constant size larger than the field (as the compiler evaluates it, or\n"
		"the size of a string literal strcpy()ed) is an error. One level lower:\n"
		"a strcpy() of a string that is not a literal into a char array, and a\n"
		"strncpy() of exactly the field's size into a char array printed with\n"
		"%s. A note: a size not bounded by the field, where nothing proves an\n"
		"overflow (the bound is unknown to the event).",
	.why =
		"The record's slot in the ring buffer is exactly as large as the record:\n"
		"bytes written past an __array() field overwrite the next fields or run\n"
		"past the event's slot, and a char array left without its NUL makes %s\n"
		"read past the field, in the kernel and in user space.\n"
		"\n"
		"A size not bounded by the field is a note, not a warning: it is\n"
		"hardening, true but minor, as a blind sample of 7.3 (docs/RESULTS.md)\n"
		"judged it, and all six of 7.3's are lengths their callers bound (the\n"
		"netlink policy's 32-byte SSIDs in net/wireless, xen_mc_entry's constant\n"
		"nargs, hfi1's AHG count), which the event cannot see. A bound in the\n"
		"event keeps it safe from the next caller; the errors are overflows as\n"
		"written.",
	.kernel =
		"No fix to cite. 6.12 code it fires on (note):\n"
		"arch/arm64/kvm/trace_handle_exit.h, kvm_arm_set_regset, copies len << 3\n"
		"bytes into its u64 ctrls[16] and values[16], len unbounded in the\n"
		"event.",
	.example =
		"TP_fast_assign(\n"
		"\t__entry->len = min_t(int, len, 16);\n"
		"\tmemcpy(__entry->ctrls, control, __entry->len * sizeof(u64));\n"
		"\tstrscpy(__entry->name, name, sizeof(__entry->name));\n"
		"),\n",
	.fix =
		"None.",
};

/* The copy functions whose size argument is checked. */
static int sized(const char *how)
{
	static const char *const v[] = {
		"memcpy",	 "__memcpy",	"memmove",	 "memset",	"__memset",
		"strncpy",	 "strscpy",	"strscpy_pad",	 "sized_strscpy", "strlcpy",
		"memcpy_and_pad", "__fortify_memcpy_chk", "snprintf", "scnprintf", "vsnprintf",
		"vscnprintf",	 "memzero_explicit", "memcpy_fromio",
	};
	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (!strcmp(how, v[i]))
			return 1;
	return 0;
}

static const char *shown(const char *how)
{
	if (!strcmp(how, "sized_strscpy"))
		return "strscpy";
	if (!strcmp(how, "__fortify_memcpy_chk"))
		return "memcpy";
	return how;
}

static int is_char(const struct tc_field *f)
{
	const char *t = f->type;
	if (!t || strchr(t, '*'))
		return 0;
	if (starts_with(t, "unsigned "))
		t += strlen("unsigned ");
	else if (starts_with(t, "signed "))
		t += strlen("signed ");
	return !strcmp(t, "char");
}

/* Some printk of c prints REC->name with %s. */
static int printed_as_string(const struct tc_header *h, const struct tc_class *c,
			     const char *name)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	int r = 0;

	for (size_t i = 0; i < n && !r; i++) {
		const struct tc_printk *pk = ps[i];
		/* only this class's printks */
		if (pk != &c->print) {
			int own = 0;
			for (size_t e = 0; e < h->nr_events; e++)
				own |= h->events[e]->cls == c && &h->events[e]->own_print == pk;
			if (!own)
				continue;
		}
		for (size_t k = 0; k < pk->nr_args && !r; k++) {
			const char *x = pk->args[k].expanded;
			char want[256], got[256];
			size_t g = 0;
			char len[8], conv = 0;
			if (!x)
				continue;
			for (; *x && g + 1 < sizeof(got); x++)
				if (!isspace((unsigned char)*x))
					got[g++] = *x;
			got[g] = '\0';
			snprintf(want, sizeof(want), "REC->%s", name);
			if (strcmp(got, want))
				continue;
			if (!tc_fix_conversion(pk, k, len, sizeof(len), &conv) && conv == 's')
				r = 1;
		}
	}
	free(ps);
	return r;
}

static void check_copy(struct tc_check *ck, const struct tc_header *h, const struct tc_class *c,
		       const struct tc_field *f, const struct tc_write *w)
{
	const char *how = shown(w->how);
	long long fsize = f->size;
	const char *ev = c->nr_events > 1 ? " class" : "";
	struct tc_diag *d;

	if (w->at_element)
		return; /* the destination's offset is not known here */
	if (w->size >= 0 && w->size > fsize) {
		d = tc_report(ck, w->loc,
			      "%s() writes %lld bytes into field '%s' of event%s '%s', which has %lld",
			      how, w->size, f->name, ev, c->name, fsize);
		tc_diag_note(d, f->loc, "'%s' is declared here as %s[%s]", f->name,
			     f->type ? f->type : "?", f->len_text ? f->len_text : "?");
		return;
	}
	if (!strcmp(w->how, "strcpy")) {
		if (!w->src_literal && is_char(f)) {
			d = tc_report_lower(ck, w->loc,
					    "strcpy() into field '%s' of event%s '%s' (%lld bytes) "
					    "of a string whose length is not known; use strscpy(__entry->%s, "
					    "src)",
					    f->name, ev, c->name, fsize, f->name);
			tc_diag_note(d, f->loc, "'%s' is declared here", f->name);
		}
		return;
	}
	if (!sized(w->how))
		return;
	if (w->size < 0 && !w->size_bounded) {
		/* nothing proves an overflow, only the bound is unknown: a note (doc.why) */
		d = tc_report_note(ck, w->loc,
				   "%s() into field '%s' of event%s '%s' (%lld bytes) with a size "
				   "that is not bounded by the field; bound it with min(len, "
				   "sizeof(__entry->%s))",
				   how, f->name, ev, c->name, fsize, f->name);
		tc_diag_note(d, f->loc, "'%s' is declared here", f->name);
		return;
	}
	if (!strcmp(w->how, "strncpy") && w->size == fsize && is_char(f) &&
	    printed_as_string(h, c, f->name)) {
		d = tc_report_lower(ck, w->loc,
				    "strncpy() of the whole field '%s' of event%s '%s' leaves it "
				    "without a terminating NUL when the source has %lld bytes or "
				    "more, and TP_printk() prints it with %%s; use strscpy()",
				    f->name, ev, c->name, fsize);
		tc_diag_note(d, f->loc, "'%s' is declared here", f->name);
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!c->assign_analyzed)
			continue;
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			if (f->kind != TC_F_ARRAY || !f->layout_known || f->size <= 0)
				continue;
			for (size_t k = 0; k < f->nr_writes; k++)
				if (f->writes[k].kind == TC_W_COPY && f->writes[k].how)
					check_copy(ck, h, c, f, &f->writes[k]);
		}
	}
	free(cs);
}

const struct tc_rule rule_array_overflow = {
	.name = "array-overflow",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a copy into an __array() field larger than it, or not bounded by it",
	.doc = &doc,
	.check = check,
};
