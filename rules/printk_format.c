// SPDX-License-Identifier: MIT
/*
 * printk-format: TP_printk() conversions that do not fit the arguments
 * they print, judged on the arguments' C types as the compiler types
 * them in the PRINT pass (src/frontend/printk.c), with the kernel's vsnprintf()
 * rules (lib/vsprintf.c format_decode()/pointer()), and %p extensions
 * that user space does not implement.
 *
 * The kernel's output function hands the arguments to
 * trace_event_printf(), which is __printf(2, 3): a gcc build of the
 * event's .c (or clang 16 and later; older clang builds pass
 * -Wno-format) checks the format with -Wformat -- for the configs and
 * architectures built, by type names, so that %lu of a u64 warns on
 * x86_64 where it is harmless and %pM of a 4-byte array passes.  This
 * rule checks the header without a build (a patch, a pre-commit hook,
 * a driver the config leaves out) and judges by sizes, as vsnprintf()
 * fetches each argument with va_arg() of the type the conversion names:
 *
 *  - a 4-byte read of an 8-byte argument (%u of a u64, %x of a pointer)
 *    prints its low 32 bits on 64-bit kernels and gives every later
 *    conversion the wrong argument on 32-bit ones; libtraceevent casts
 *    the value to the conversion's type, so perf and trace-cmd print the
 *    same truncated value;
 *  - an 8-byte read of a 4-byte argument (%llu of a u32, %lu of an int,
 *    %p of an int) takes an upper half the ABI leaves undefined, and
 *    shifts every later argument on 32-bit kernels; libtraceevent reads
 *    the field at its own size and prints the value;
 *  - %s of anything but a character array or pointer, and a
 *    dereferencing %p extension (%pM, %pI4, %pU, %pad, ...) of an
 *    integer, make the kernel read memory at an address that is a number
 *    of the record; a dereferencing extension given an object smaller
 *    than what it reads (%pM of a u8[4]) prints the bytes after it;
 *  - a %ph whose width (the byte count) is larger than the array;
 *  - letters glued to a %p extension ("%pM" "pmk_len=%u"): vsnprintf()
 *    skips every letter after %p, pointer() uses only its own, so the
 *    text is never printed (cfg80211's rdev_set_pmk in 6.12);
 *  - a conversion vsnprintf() does not know (%f, %n, %jd, %Zu) stops the
 *    line there (and WARNs once); -Wformat accepts %jd.
 *
 * Size differences that only exist on 32-bit kernels (%lu of a u64, %llx
 * of a pointer) are reported one level lower.  Narrowing on purpose
 * (%hx, %hhu, %c of a wider value) and signedness differences (%x of an
 * int, %d of an enum or a u32) print what the author meant and are not
 * reported.
 *
 * A %p extension that libtraceevent does not implement (%pK, %px, %pad,
 * %pB, ...: ../shared/spec/user-space-parser.md section 7) is left to
 * printk-userspace when it reports that conversion; when it reports
 * something else of the argument or the event (an '&' it cannot parse)
 * this is added to its diagnostic as a note, and when it reports nothing
 * (it is off, or tracecheck was built without libtraceevent) it is a
 * finding of this rule.  Likewise a
 * dereferencing conversion of an integer that printk-unsafe-deref
 * already reports gets this rule's evidence as a note.  Count mismatches
 * are printk-format-text's: a format whose conversions do not match the
 * arguments in number is left to it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "pconv.h"
#include "pext.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() conversion that does not fit its argument's type, by size\n"
		"as vsnprintf() reads it: %u of a u64, %llu or %p of a 4-byte value, %s\n"
		"or %pI4 of an integer, %pM or %8ph of a smaller array, %f, %n, %jd and\n"
		"%Zu (the kernel stops the line there), text glued to a %p extension.\n"
		"What only differs on 32-bit kernels (%lu of a u64) is one level lower;\n"
		"deliberate narrowing (%hx, %hhu, %c) and signedness are not reported.\n"
		"Also a %p extension libtraceevent does not implement (%pK, %px, %pad,\n"
		"...), when printk-userspace has not reported it.",
	.why =
		"vsnprintf() takes each argument as the conversion says: a size mismatch\n"
		"prints a truncated value, reads an upper half the ABI leaves undefined,\n"
		"or shifts every later argument on 32-bit kernels, and a pointer\n"
		"conversion of an integer reads memory at an address that is a number.\n"
		"gcc's -Wformat checks only the configurations that are built, by type\n"
		"names; tracecheck checks the header without a build, by sizes.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: net/wireless/trace.h,\n"
		"rdev_set_pmk, prints \"%pM\" \"pmk_len=%u\": the kernel's %p takes the\n"
		"letters after it as its extension, so \"pmk\" vanishes from the line.",
	.example =
		"TP_printk(\"aa %pM pmk_len=%u len=%llu\", __entry->aa,\n"
		"\t  __entry->pmk_len, (unsigned long long)__entry->len)\n",
	.fix =
		"None.",
};

/* What a width-dependent read is: long, size_t and ptrdiff_t, pointers. */
static int reads_word(const struct tc_pconv *c)
{
	return c->conv == 's' || c->conv == 'p' || c->qual == 'l' || c->qual == 'z' || c->qual == 't';
}

/* The bytes vsnprintf() takes for c's argument on a kernel of this word size. */
static long long read_size(const struct tc_pconv *c, long long word)
{
	if (reads_word(c))
		return word;
	if (c->qual == 'L')
		return 8;
	return 4; /* int, and h, hh and %c read an int too */
}

static const char *read_type(const struct tc_pconv *c)
{
	int sign = c->conv == 'd' || c->conv == 'i';

	switch (c->conv) {
	case 's':
		return "a char *";
	case 'p':
		return "a pointer";
	case 'c':
		return "an int";
	}
	switch (c->qual) {
	case 'l':
		return sign ? "a long" : "an unsigned long";
	case 'L':
		return sign ? "a long long" : "an unsigned long long";
	case 'z':
		return "a size_t";
	case 't':
		return "a ptrdiff_t";
	default:
		return sign ? "an int" : "an unsigned int";
	}
}

/* The bytes the argument takes in the call (after the default promotions). */
static long long passed_size(const struct tc_printk_arg *a, long long word)
{
	if (a->type_class == TC_AT_PTR || a->type_class == TC_AT_ARRAY)
		return word;
	if (a->type_class == TC_AT_INT && a->type_size >= 0 && a->type_size < 4)
		return 4;
	return a->type_size;
}

/* Its size on a 32-bit kernel, where long and pointers are 4 bytes. */
static long long passed_size32(const struct tc_printk_arg *a)
{
	return a->type_word ? 4 : passed_size(a, 4);
}

/* "4 bytes", or "passed as a 4-byte int" for a promoted u16. */
static char *size_phrase(const struct tc_printk_arg *a, long long passed)
{
	if (a->type_size >= 0 && a->type_size < passed)
		return xasprintf("passed as a %lld-byte int", passed);
	return xasprintf("%lld bytes", passed);
}

/* The type as the reader knows it: "u64", or "u64 (unsigned long long)". */
static char *type_text(const struct tc_printk_arg *a)
{
	if (!a->type_canon || !strcmp(a->type, a->type_canon))
		return xasprintf("'%s'", a->type);
	return xasprintf("'%s' (%s)", a->type, a->type_canon);
}

static char *spec_text(const char *f, const struct tc_pconv *c)
{
	return xstrndup(f + c->start, c->end - c->start);
}

/*
 * The conversion with the length modifier of the argument's type: %u of
 * a u64 is %llu; NULL when there is no such one (a pointer).
 */
static char *fixed_spec(const char *f, const struct tc_pconv *c, const struct tc_printk_arg *a,
			long long word)
{
	const char *mod;
	struct strbuf sb = STRBUF_INIT;

	if (a->type_class != TC_AT_INT)
		return NULL;
	if (a->type && (!strcmp(a->type, "size_t") || !strcmp(a->type, "ssize_t")))
		mod = "z";
	else if (a->type_word)
		mod = "l";
	else if (passed_size(a, word) == 8)
		mod = "ll";
	else if (passed_size(a, word) == 4)
		mod = "";
	else
		return NULL;
	/* flags, width and precision as written */
	size_t i = c->start;
	strbuf_addch(&sb, '%');
	for (i++; i < c->end && strchr("-+ #0123456789.*", f[i]); i++)
		strbuf_addch(&sb, f[i]);
	strbuf_addstr(&sb, mod);
	strbuf_addch(&sb, c->conv == 'c' ? 'u' : c->conv);
	return strbuf_detach(&sb);
}

/*
 * Report msg on the argument as a finding of the given kind: the merge
 * phase makes it evidence of another rule's finding on the argument
 * when there is one (merge.c, P7-P10).
 */
static struct tc_diag *report_kind(struct tc_check *ck, unsigned kind, struct tc_loc loc,
				   const char *msg)
{
	struct tc_diag *d = tc_report(ck, loc, "%s", msg);

	d->kind |= kind;
	return d;
}

/* ---- the checks ---- */

struct pctx {
	struct tc_check *ck;
	const struct tc_printk *pk;
	const char *f;
	long long word;
	long long width; /* the conversion's width, written or a constant '*'; -1 unknown */
};

static void check_int(struct pctx *x, const struct tc_pconv *c, const struct tc_printk_arg *a)
{
	long long want = read_size(c, x->word), got = passed_size(a, x->word);
	long long want32 = read_size(c, 4), got32 = passed_size32(a);
	char *spec = spec_text(x->f, c), *ty = type_text(a), *fix = NULL;
	struct tc_diag *d = NULL;
	struct tc_loc loc = a->loc;
	int narrowing = c->qual == 'h' || c->qual == 'H' || c->conv == 'c';

	if (a->type_class == TC_AT_PTR || a->type_class == TC_AT_ARRAY) {
		const char *what = a->type_class == TC_AT_ARRAY ? "an array" : "a pointer";
		if (want < got && a->type_class == TC_AT_ARRAY) {
			d = tc_report(x->ck, loc,
				      "'%s' takes %s (%lld bytes) but '%s' is %s, an array: what "
				      "the kernel is given is its %lld-byte address in the ring "
				      "buffer, and it prints the low %lld bits of that, not the "
				      "contents",
				      spec, read_type(c), want, a->raw, ty, got, want * 8);
		} else if (want < got) {
			d = tc_report(x->ck, loc,
				      "'%s' takes %s (%lld bytes) but '%s' is %s, a pointer of "
				      "%lld bytes: the kernel prints only the low %lld bits of the "
				      "address",
				      spec, read_type(c), want, a->raw, ty, got, want * 8);
		} else if (want > got) {
			d = tc_report(x->ck, loc,
				      "'%s' takes %s (%lld bytes) but '%s' is %s, %s of %lld bytes: "
				      "the kernel reads past it, garbage, and gives every later "
				      "conversion the wrong argument",
				      spec, read_type(c), want, a->raw, what, ty, got);
		} else if (want32 != got32) {
			d = tc_report_lower(x->ck, loc,
					    "'%s' takes %s (8 bytes) but '%s' is %s, %s: 4 bytes on "
					    "32-bit kernels, where the kernel prints garbage and "
					    "gives every later conversion the wrong argument",
					    spec, read_type(c), a->raw, what, ty);
		}
		if (d)
			tc_diag_advise(d, loc, "%s",
				       a->type_class == TC_AT_ARRAY
					       ? "print the contents (__print_array(), __print_hex(), "
					         "an element) instead"
					       : "use %p (hashed) or %px, or cast to unsigned long "
					         "and use %lx");
		goto out;
	}
	if (a->type_class == TC_AT_FLOAT || a->type_class == TC_AT_OTHER) {
		d = tc_report(x->ck, loc,
			      "'%s' takes %s but '%s' is %s, not an integer: the kernel takes "
			      "the integer from where the value is not",
			      spec, read_type(c), a->raw, ty);
		goto out;
	}
	if (got < 0)
		goto out;
	fix = fixed_spec(x->f, c, a, x->word);
	if (want < got) {
		int fits = a->is_const && a->const_value >= -2147483648LL &&
			   a->const_value <= 4294967295LL;
		if (narrowing || fits) {
			/* the low bits are what is meant: only 32-bit kernels go wrong */
			if (want32 == got32)
				goto out;
			d = tc_report_lower(x->ck, loc,
					    "'%s' takes %s (4 bytes) but '%s' is %s, 8 bytes: on "
					    "32-bit kernels every later conversion gets the wrong "
					    "argument",
					    spec, read_type(c), a->raw, ty);
		} else {
			d = tc_report(x->ck, loc,
				      "'%s' takes %s (%lld bytes) but '%s' is %s, %lld bytes: the "
				      "kernel prints only its low %lld bits, and on 32-bit kernels "
				      "every later conversion gets the wrong argument",
				      spec, read_type(c), want, a->raw, ty, got, want * 8);
			tc_diag_note(d, loc,
				     "perf and trace-cmd cast the value to the conversion's type "
				     "too: they print the same truncated value");
		}
	} else if (want > got) {
		char *sz = size_phrase(a, got);
		d = tc_report(x->ck, loc,
			      "'%s' takes %s (%lld bytes) but '%s' is %s, %s: the kernel reads "
			      "%lld bytes, an upper half the ABI leaves undefined (and on 32-bit "
			      "kernels every later conversion gets the wrong argument)",
			      spec, read_type(c), want, a->raw, ty, sz, want);
		free(sz);
		if (a->type_signed)
			tc_diag_note(d, loc,
				     "perf and trace-cmd read the value unsigned and widen it: a "
				     "negative value prints as a large positive one");
	} else if (want32 != got32) {
		d = tc_report_lower(x->ck, loc,
				    "'%s' takes %s but '%s' is %s: the same size on 64-bit "
				    "kernels, but %lld against %lld bytes on 32-bit ones, where "
				    "%s",
				    spec, read_type(c), a->raw, ty, want32, got32,
				    want32 < got32 ? "the kernel prints half the value and every "
						     "later conversion gets the wrong argument"
						   : "the kernel reads past the argument and every "
						     "later conversion gets the wrong argument");
	}
	if (d && fix && strcmp(fix, spec))
		tc_diag_advise(d, loc, "use '%s'", fix);
out:
	free(fix);
	free(ty);
	free(spec);
}

static void check_str(struct pctx *x, const struct tc_pconv *c, const struct tc_printk_arg *a)
{
	char *spec = spec_text(x->f, c), *ty = type_text(a);
	struct tc_diag *d = NULL;
	struct tc_loc loc = a->loc;

	if ((a->type_class == TC_AT_PTR || a->type_class == TC_AT_ARRAY) &&
	    (a->pointee_char || (a->pointee && !strcmp(a->pointee, "void")) ||
	     (a->pointee && !strcmp(a->pointee, "const void"))))
		goto out;
	if (a->type_class == TC_AT_PTR) {
		char *msg = xasprintf("'%s' prints a string but '%s' is %s, a pointer to %s: "
				      "the kernel prints its bytes up to the first zero byte",
				      spec, a->raw, ty, a->pointee);
		d = report_kind(x->ck, TC_KIND_PF_NOT_POINTER,
				    loc, msg);
		free(msg);
	} else if (a->type_class == TC_AT_ARRAY) {
		d = tc_report(x->ck, loc,
			      "'%s' prints a string but '%s' is %s, an array of %s: the kernel "
			      "prints its bytes up to the first zero byte",
			      spec, a->raw, ty, a->pointee);
		tc_diag_advise(d, loc, "use __print_array() or __print_hex()");
	} else if (a->type_class != TC_AT_UNKNOWN) {
		char *msg = xasprintf("'%s' prints a string but '%s' is %s, not a pointer: the "
				      "kernel reads the string at an address that is the value",
				      spec, a->raw, ty);
		d = report_kind(x->ck, TC_KIND_PF_NOT_POINTER,
				    loc, msg);
		free(msg);
	}
out:
	free(ty);
	free(spec);
	(void)d;
}

static void check_ptr(struct pctx *x, const struct tc_pconv *c, const struct tc_printk_arg *a)
{
	const char *e = x->f + c->ext;
	size_t n = c->ext_n;
	char *spec = spec_text(x->f, c), *ty = type_text(a);
	struct tc_diag *d;
	struct tc_loc loc = a->loc;
	long long got = passed_size(a, x->word), got32 = passed_size32(a);

	long used = tc_pext_used(e, n);
	if (used > 0 && (size_t)used < n) {
		/* %pMpmk: the text glued to the conversion disappears */
		char *conv = xstrndup(x->f + c->start, c->ext - c->start + (size_t)used);
		char *msg = xasprintf("the kernel's vsnprintf() takes every letter after %%p into the "
				      "conversion but pointer() uses only '%s': the text '%.*s' is "
				      "never printed (perf and trace-cmd print it)",
				      conv, (int)(n - (size_t)used), e + used);
		d = report_kind(x->ck, TC_KIND_PF_GLUED, loc,
				    msg);
		tc_diag_advise(d, loc, "separate the text from the conversion: \"%s \" or \"%s, \"",
			       conv, conv);
		free(msg);
		free(conv);
		goto out;
	}
	/*
	 * Dropped when printk-userspace's own verdict on this conversion
	 * says it all; its brief a note of printk-userspace's verdict on the
	 * argument, of its "cannot parse", or of printk-construct's finding
	 * (merge.c, P9, P10).
	 */
	if (!tc_pext_in_userspace(e, n)) {
		char *msg = strchr("SsFf", e[0])
				    ? xasprintf("libtraceevent (perf, trace-cmd) does not implement the "
						"kernel's '%s': it prints it as %%p%c (the symbol, or the "
						"value in hex) followed by the letters ('...%.*s') where "
						"the kernel prints %s",
						spec, e[0], (int)n - 1, e + 1, tc_pext_meaning(e, n))
				    : xasprintf("libtraceevent (perf, trace-cmd) does not implement the "
						"kernel's '%s': it prints the value as %%p followed by "
						"the letters ('0x...%.*s') where the kernel prints %s",
						spec, (int)n, e, tc_pext_meaning(e, n));
		d = report_kind(x->ck, TC_KIND_PF_PEXT, loc, msg);
		d->tag = xstrdup(spec);
		if (e[0] == 'b') {
			/*
			 * A bitmap of the record: libtraceevent's gap, not the
			 * header's (umodel.c, bitmap-hex and bitmap-list); only
			 * %*pb has a spelling every release prints as the kernel.
			 */
			d->severity = n == 1 ? tc_severity_lower(d->severity) : TC_SEV_NOTE;
			d->library = 1;
			tc_diag_note_as(d, n == 1 ? TC_NOTE_ADVICE : TC_NOTE_LIBRARY, loc,
					n == 1 ? "a gap of libtraceevent (1.7.1 to 1.9.0), not a defect "
						 "of the header; __get_bitmask() of the field prints "
						 "the same hex bitmap in the kernel and in user space"
					       : "a gap of libtraceevent (1.7.1 to 1.9.0), not a defect "
						 "of the header");
		}
		d->brief = xasprintf("libtraceevent does not implement '%s' either (the kernel "
				     "prints %s): it prints %s followed by the letters",
				     spec, tc_pext_meaning(e, n),
				     strchr("SsFf", e[0]) ? "the symbol or the value" : "the value as %p");
		const char *ex = a->expanded ? a->expanded + strspn(a->expanded, "( ") : "";
		if (*ex == '&')
			tc_diag_note(d, loc,
				     "and the '&' the kernel needs here is an operator "
				     "libtraceevent cannot parse: it prints the event as "
				     "[FAILED TO PARSE]");
		tc_diag_note_as(d, TC_NOTE_LIBRARY, loc,
				"the extensions it renders: %%pS %%ps %%pM %%pm %%pI4 %%pI6 "
				"%%pIS %%pU %%ph (libtraceevent 1.7.1 to 1.9.0)");
		free(msg);
	}
	if (tc_pext_by_value(e, n)) {
		if (a->type_class == TC_AT_INT && got >= 0 && got < x->word) {
			char *sz = size_phrase(a, got);
			d = tc_report(x->ck, loc,
				      "'%s' takes a pointer (%lld bytes) but '%s' is %s, %s: the "
				      "kernel reads %lld bytes, an upper half the ABI leaves "
				      "undefined",
				      spec, x->word, a->raw, ty, sz, x->word);
			free(sz);
			tc_diag_advise(d, loc, "cast it: (void *)(unsigned long)%s", a->raw);
		} else if (a->type_class == TC_AT_INT && got > x->word) {
			d = tc_report(x->ck, loc,
				      "'%s' takes a pointer (%lld bytes) but '%s' is %s, %lld bytes: "
				      "the kernel prints half of it and every later conversion gets "
				      "the wrong argument",
				      spec, x->word, a->raw, ty, got);
			tc_diag_advise(d, loc, "cast it: (void *)(unsigned long)%s", a->raw);
		} else if (a->type_class == TC_AT_INT && got32 > 4) {
			d = tc_report_lower(x->ck, loc,
					    "'%s' takes a pointer but '%s' is %s, 8 bytes: on 32-bit "
					    "kernels the kernel prints half of it and every later "
					    "conversion gets the wrong argument",
					    spec, a->raw, ty);
			tc_diag_advise(d, loc, "cast it: (void *)(unsigned long)%s", a->raw);
		} else if (a->type_class == TC_AT_FLOAT || a->type_class == TC_AT_OTHER) {
			tc_report(x->ck, loc, "'%s' takes a pointer but '%s' is %s", spec, a->raw, ty);
		}
		goto out;
	}
	if (a->type_class == TC_AT_INT || a->type_class == TC_AT_FLOAT ||
	    a->type_class == TC_AT_OTHER) {
		char *msg = xasprintf("'%s' prints what its argument points to, but '%s' is %s, "
				      "not a pointer: the kernel reads memory at an address that "
				      "is the value (an oops or garbage)",
				      spec, a->raw, ty);
		d = report_kind(x->ck, TC_KIND_PF_NOT_POINTER,
				    loc, msg);
		free(msg);
		if (a->raw && !strncmp(a->raw, "__entry->", 9))
			tc_diag_advise(d, loc, "pass its address: &%s", a->raw);
		goto out;
	}
	long long need = tc_pext_reads(e, n, x->word);
	if (e[0] == 'h') /* hex_string(): the width is the byte count, 1 without one */
		need = c->width_star ? x->width : c->width > 0 ? c->width : 1;
	/* an element pointer (u8 *, char *) says nothing of the object's size */
	if (need > 0 && a->pointee_size > 0 &&
	    (a->type_class == TC_AT_ARRAY || !a->pointee_char) && a->pointee_size < need) {
		d = tc_report(x->ck, loc,
			      "'%s' reads %lld bytes but '%s' %s %s, %lld bytes: the kernel "
			      "prints the bytes after it too",
			      spec, need, a->raw, a->type_class == TC_AT_ARRAY ? "is" : "points to",
			      a->type_class == TC_AT_ARRAY ? ty : a->pointee, a->pointee_size);
	}
out:
	free(ty);
	free(spec);
}

static void check_width(struct pctx *x, const struct tc_pconv *c, const struct tc_printk_arg *a,
			const char *what)
{
	char *spec = spec_text(x->f, c), *ty = type_text(a);
	long long got = passed_size(a, x->word), got32 = passed_size32(a);

	if (a->type_class == TC_AT_INT && got == 8 && got32 == 8 &&
	    !(a->is_const && a->const_value >= -2147483648LL && a->const_value <= 2147483647LL)) {
		/* a 64-bit kernel reads the low half, which is the value */
		struct tc_diag *(*rep)(struct tc_check *, struct tc_loc, const char *, ...) =
			x->word == 4 ? tc_report : tc_report_lower;
		rep(x->ck, a->loc,
		    "the '*' %s of '%s' takes an int but '%s' is %s, 8 bytes: on 32-bit kernels "
		    "every later conversion gets the wrong argument",
		    what, spec, a->raw, ty);
	}
	else if (a->type_class == TC_AT_PTR || a->type_class == TC_AT_ARRAY ||
		 a->type_class == TC_AT_FLOAT || a->type_class == TC_AT_OTHER)
		tc_report(x->ck, a->loc, "the '*' %s of '%s' takes an int but '%s' is %s", what,
			  spec, a->raw, ty);
	free(ty);
	free(spec);
}

static void check_printk(struct tc_check *ck, const struct tc_printk *pk)
{
	struct tc_pconv *v;
	size_t n;
	struct pctx x = { ck, pk, pk->fmt, pk->word_size, -1 };

	if (!pk->fmt || !pk->args_analyzed || !pk->word_size)
		return;
	if (tc_pconv_nr_args(pk->fmt) != pk->nr_args)
		return; /* printk-format-text's finding */
	n = tc_pconvs(pk->fmt, TC_PCONV_KERNEL, &v);
	size_t ai = 0;
	for (size_t i = 0; i < n; i++) {
		const struct tc_pconv *c = &v[i];
		x.width = -1;
		if (c->width_star) {
			const struct tc_printk_arg *w = &pk->args[ai++];
			if (w->is_const && w->const_value > 0)
				x.width = w->const_value;
			check_width(&x, c, w, "width");
		}
		if (c->prec_star)
			check_width(&x, c, &pk->args[ai++], "precision");
		if (c->invalid) {
			char *spec = spec_text(pk->fmt, c);
			struct tc_loc loc = ai < pk->nr_args ? pk->args[ai].loc : pk->loc;
			struct tc_diag *d =
				tc_report(ck, loc,
					  "the kernel's vsnprintf() does not implement '%s': it stops "
					  "printing the event's line there (and WARNs once: \"Please "
					  "remove unsupported %%%c in format string\")",
					  spec, c->conv ? c->conv : ' ');
			tc_diag_note(d, loc, "the format is \"%s\"", pk->fmt);
			free(spec);
			break;
		}
		const struct tc_printk_arg *a = &pk->args[ai++];
		if (a->type_class == TC_AT_UNKNOWN || !a->type)
			continue;
		if (c->conv == 's')
			check_str(&x, c, a);
		else if (c->conv == 'p')
			check_ptr(&x, c, a);
		else
			check_int(&x, c, a);
	}
	free(v);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **pks = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		check_printk(ck, pks[i]);
	free(pks);
}

const struct tc_rule rule_printk_format = {
	.name = "printk-format",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() conversion that does not fit its argument's type (%u of a "
		   "u64, %s or %pI4 of an integer), or a %p extension user space lacks",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
};
