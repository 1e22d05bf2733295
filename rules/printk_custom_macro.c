// SPDX-License-Identifier: MIT
/*
 * printk-custom-macro: a driver's helper macro in a TP_printk() argument
 * whose expansion user space cannot parse or evaluates differently.
 *
 * The print fmt is stringified after macro expansion, so user space
 * sees the macro's body, not its name.  Most macros are harmless there
 * (constants, arithmetic on fields, show_*() wrappers around
 * __print_symbolic()); the ones that expand to constructs libtraceevent
 * rejects or mis-evaluates are not.
 *
 * Modelled on commit 60e82e56d36f ("drm/i915/display: Store pipe name
 * in trace events"): pipe_name(p) expands to ((p) + 'A'), which
 * libtraceevent 1.7.3 - 1.8.2 evaluates with 'A' as 0, so trace-cmd
 * printed "pipe ^A" where the kernel printed "pipe B".  The fix stores
 * the computed character in a field at assign time.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fix.h"
#include "merge.h"
#include "strbuf.h"
#include "util.h"
#include "uspace.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A helper macro in a TP_printk() argument whose expansion user space\n"
		"evaluates differently from the kernel: a character constant or the ^\n"
		"operator in it. The print fmt is stringified after macro expansion, so\n"
		"user space sees the macro's body, not its name. Macros that expand to\n"
		"constants, to arithmetic on fields or to the standard helpers (show_*()\n"
		"wrappers around __print_symbolic()) are not reported; expansions user\n"
		"space cannot parse at all are printk-construct's.",
	.why =
		"The kernel's own output is right, so only users of perf and trace-cmd\n"
		"see the bug. i915's pipe_name(p) is ((REC->pipe) + 'A') in the format\n"
		"file; libtraceevent up to 1.8.2 evaluates 'A' as 0 (and ^ as 0 in\n"
		"every version), so trace-cmd printed \"pipe ^A\" where the kernel printed\n"
		"\"pipe B\".",
	.kernel =
		"Commit 60e82e56d36f (\"drm/i915/display: Store pipe name in trace\n"
		"events\", 2024) stores pipe_name() in a char field at assign time. The 21\n"
		"uses it removes are still in 6.12's\n"
		"drivers/gpu/drm/i915/display/intel_display_trace.h.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(char, pipe_name)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->pipe_name = pipe_name(crtc->pipe);\n"
		"),\n"
		"TP_printk(\"pipe %c\", __entry->pipe_name)\t/* %c: libtraceevent 1.7.3 and later */\n",
	.fix =
		"--fix does what 60e82e56d36f did: the macro's value is stored at\n"
		"assign time in a field of the type its conversion prints (char for %c),\n"
		"in the class when the event has one, and TP_printk() prints the field.\n"
		"Left, with the reason: a macro inside a larger argument, one expanding to\n"
		"several arguments, one not used like a function, and a\n"
		"DEFINE_EVENT_PRINT()'s own TP_printk().",
};

/* Problems of the expansion that the argument as written does not have. */
static size_t introduced(const struct tc_printk_arg *a, struct tc_uproblem **outp)
{
	struct tc_uproblem *e, *r;
	size_t ne = tc_uspace_scan(a->expanded, &e);
	size_t nr = tc_uspace_scan(a->raw, &r);
	struct tc_uproblem *out = calloc(ne + 1, sizeof(*out));
	size_t no = 0;
	unsigned char *used = calloc(nr + 1, 1);

	for (size_t i = 0; i < ne; i++) {
		int matched = 0;
		if (e[i].kind == TC_U_CALL)
			continue; /* printk-call reports calls */
		for (size_t j = 0; j < nr && !matched; j++) {
			if (!used[j] && r[j].kind == e[i].kind && !strcmp(r[j].text, e[i].text)) {
				used[j] = 1;
				matched = 1;
			}
		}
		if (!matched) {
			out[no] = e[i];
			e[i].text = NULL;
			no++;
		}
	}
	tc_uproblems_free(e, ne);
	tc_uproblems_free(r, nr);
	free(used);
	*outp = out;
	return no;
}

/*
 * One report per argument as written: a macro that expands to several
 * print arguments (DRM_RECT_ARG()) is reported once, on its first bad one.
 */
static void check_arg(struct tc_check *ck, const struct tc_printk *pk, size_t k)
{
	const struct tc_printk_arg *a = &pk->args[k];
	struct tc_uproblem *p;
	size_t np, more = 0;
	const struct tc_macro_use *m = NULL;
	struct tc_diag *d;

	for (size_t j = 0; j < k; j++) {
		if (pk->args[j].raw_index == a->raw_index) {
			struct tc_uproblem *q;
			size_t nq = introduced(&pk->args[j], &q);
			tc_uproblems_free(q, nq);
			if (nq)
				return; /* reported with an earlier argument */
		}
	}
	np = introduced(a, &p);
	if (!np) {
		free(p);
		return;
	}
	for (size_t j = k + 1; j < pk->nr_args; j++) {
		if (pk->args[j].raw_index == a->raw_index) {
			struct tc_uproblem *q;
			size_t nq = introduced(&pk->args[j], &q);
			tc_uproblems_free(q, nq);
			more += nq > 0;
		}
	}
	for (size_t i = 0; i < a->nr_macros && !m; i++)
		if (!a->macros[i].standard)
			m = &a->macros[i];
	char *exp = tc_shorten(a->expanded, 200);
	if (m)
		d = tc_report(ck, m->loc,
			      "TP_printk() argument uses helper macro '%s', which the format file "
			      "records as '%s'; user-space tools cannot render it",
			      m->name, exp);
	else
		d = tc_report(ck, a->loc,
			      "TP_printk() argument '%s' expands to '%s', which user-space tools "
			      "cannot render",
			      a->raw, exp);
	free(exp);
	for (size_t i = 0; i < np; i++) {
		int dup = 0;
		/* a reason printk-construct does not report: its finding cannot carry this one */
		if (p[i].kind == TC_U_CHAR_LITERAL || p[i].kind == TC_U_XOR)
			d->kind |= TC_KIND_CM_NOT_CONSTRUCT;
		for (size_t j = 0; j < i; j++)
			dup |= p[j].kind == p[i].kind;
		if (!dup)
			tc_diag_note(d, m ? m->loc : a->loc,
				     p[i].text[0] == '\'' ? "%s: %s" : "'%s': %s", p[i].text,
				     tc_ukind_explain(p[i].kind));
	}
	if (more)
		tc_diag_note(d, m ? m->loc : a->loc,
			     "the macro expands to %zu more argument%s of this kind", more,
			     more == 1 ? "" : "s");
	if (m && m->def_loc.file)
		tc_diag_note(d, m->def_loc, "macro '%s' is defined here", m->name);
	tc_diag_note(d, m ? m->loc : a->loc,
		     "store the value at assign time in a field of its own and print that field");
	tc_uproblems_free(p, np);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < ps[i]->nr_args; j++)
			check_arg(ck, ps[i], j);
	free(ps);
}

/*
 * --fix: the macro's value is stored at assign time in a field of the
 * type the conversion prints (%c: char, %d: int, %lu: unsigned long ...;
 * printk converts the argument to that type, so the kernel prints the
 * same) and TP_printk prints the field, as commit 60e82e56d36f did:
 *     __field(enum pipe, pipe)     -> __field(char, pipe_name)
 *     __entry->pipe = crtc->pipe;  -> __entry->pipe_name = pipe_name(crtc->pipe);
 *     pipe_name(__entry->pipe)     -> __entry->pipe_name
 * The field is replaced in place when the macro reads one plain __field
 * that nothing else reads; otherwise the new field and its assignment
 * are added after the last element and statement.  The new field is
 * named after the macro.  A macro printed with %s is recorded with
 * __string() like a call (printk-call).  Left: object-like macros, uses
 * that are part of a larger argument or expand to several arguments,
 * conversions without a field type (%p, %f ...), fields not set by one
 * plain assignment (arrays among them), DEFINE_EVENT_PRINT's own
 * TP_printk.
 */
static const char *field_type(const char *len, char conv)
{
	static const struct {
		const char *len, *sig, *uns;
	} types[] = {
		{ "", "int", "unsigned int" },
		{ "hh", "signed char", "unsigned char" },
		{ "h", "short", "unsigned short" },
		{ "l", "long", "unsigned long" },
		{ "ll", "long long", "unsigned long long" },
		{ "z", "ssize_t", "size_t" },
	};

	if (conv == 'c')
		return len[0] ? NULL : "char";
	for (size_t i = 0; i < ARRAY_SIZE(types); i++) {
		if (strcmp(types[i].len, len))
			continue;
		if (conv == 'd' || conv == 'i')
			return types[i].sig;
		if (strchr("uxXo", conv))
			return types[i].uns;
	}
	return NULL;
}

static const struct tc_macro_use *find_macro(const struct tc_header *h, const struct tc_loc *loc,
					     const struct tc_printk **pkp, size_t *kp)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	const struct tc_macro_use *m = NULL;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ps[i]->nr_args; k++)
			for (size_t j = 0; j < ps[i]->args[k].nr_macros; j++)
				if (!m && !ps[i]->args[k].macros[j].standard &&
				    tc_fix_loc_eq(&ps[i]->args[k].macros[j].loc, loc)) {
					*pkp = ps[i];
					*kp = k;
					m = &ps[i]->args[k].macros[j];
				}
	free(ps);
	return m;
}

/* Does a DEFINE_EVENT_PRINT of class c print __entry->name? */
static int own_prints_read(const struct tc_header *h, const struct tc_class *c, const char *name)
{
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_printk *p = &h->events[i]->own_print;
		if (h->events[i]->cls != c || !p->present)
			continue;
		for (size_t r = 0; r < p->nr_raw_args; r++) {
			struct tc_ctok *t;
			size_t n = tc_ctokenize(p->raw_args[r], &t);
			int hit = 0;
			for (size_t j = 0; j + 2 < n; j++)
				hit |= tc_ctok_is(&t[j], "__entry") && tc_ctok_is(&t[j + 1], "->") &&
				       tc_ctok_is(&t[j + 2], name);
			free(t);
			if (hit)
				return 1;
		}
	}
	return 0;
}

static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_header *h = tc_fix_header(fx);
	const struct tc_printk *pk = NULL;
	size_t k = 0, off, end, rs, re, nf;
	const struct tc_macro_use *m = find_macro(h, &d->loc, &pk, &k);
	const struct tc_field *f;
	struct tc_fix_class fc;
	char len[8], conv;

	if (!m)
		return tc_fix_skip(fx, "no helper macro is used at this position");
	const struct tc_printk_arg *a = &pk->args[k];
	const struct tc_class *c = tc_fix_class_of_print(h, pk);
	if (!c)
		return tc_fix_skip(fx, "the macro is used in a DEFINE_EVENT_PRINT()'s own TP_printk()");
	for (size_t j = 0; j < pk->nr_args; j++)
		if (j != k && pk->args[j].raw_index == a->raw_index)
			return tc_fix_skip(fx, "'%s' expands to several print arguments", m->name);
	if (tc_fix_conversion(pk, k, len, sizeof(len), &conv))
		return tc_fix_skip(fx, "the format has no conversion for the argument");
	if (tc_fix_find_class(fx, c, &fc))
		return -1;
	if (tc_fix_offset(fx, &m->loc, &off) || tc_fix_raw_arg(fx, pk, a->raw_index, &rs, &re))
		return tc_fix_skip(fx, "the argument's position in the text is not known");
	end = tc_fix_call_end(fx, off);
	if (!end)
		return tc_fix_skip(fx, "'%s' is not used like a function", m->name);
	if (off != rs || end != re)
		return tc_fix_skip(fx, "'%s' is part of the larger argument '%s'", m->name, a->raw);
	if (conv == 's' && !len[0])
		return tc_fix_record_string(fx, &fc, off, end, m->name, off, end);
	const char *type = field_type(len, conv);
	if (!type)
		return tc_fix_skip(fx, "'%s' is printed with %%%s%c, for which no field type is "
				       "known",
				   m->name, len, conv);

	struct strbuf val = STRBUF_INIT, line = STRBUF_INIT;
	if (tc_fix_unentry(fx, &fc, off, end, 0, &val, &nf, &f)) {
		strbuf_release(&val);
		return -1;
	}
	char *name = tc_fix_new_name(fx, c, m->name);
	size_t es, ee, ss, se, xs, xe;
	/* in place: the macro's one field is read nowhere else */
	int in_place = nf == 1 && f->kind == TC_F_FIELD &&
		       tc_fix_count_entry_refs(fx, fc.print.open, off, f->name) +
				       tc_fix_count_entry_refs(fx, end, fc.print.close, f->name) ==
			       0 &&
		       !own_prints_read(h, c, f->name) &&
		       !tc_fix_field_element(fx, &fc, f, &es, &ee) &&
		       !tc_fix_plain_assign(fx, &fc, f, &ss, &se, &xs, &xe);
	strbuf_addf(&line, "__field(%s, %s)", type, name);
	if (in_place)
		tc_fix_replace(fx, es, ee, line.buf);
	else
		tc_fix_append(fx, &fc.entry, line.buf, 0);
	strbuf_reset(&line);
	strbuf_addf(&line, "__entry->%s = %s;", name, val.buf);
	if (in_place)
		tc_fix_replace(fx, ss, se, line.buf);
	else
		tc_fix_append(fx, &fc.assign, line.buf, 0);
	strbuf_reset(&line);
	strbuf_addf(&line, "__entry->%s", name);
	tc_fix_replace(fx, off, end, line.buf);
	strbuf_release(&line);
	strbuf_release(&val);
	free(name);
	return 0;
}

const struct tc_rule rule_printk_custom_macro = {
	.name = "printk-custom-macro",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a helper macro in TP_printk() expands to text user space cannot render",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.fix = fix,
};
