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

#include "fix.h"
#include "merge.h"
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

/* --fix: the macro's value stored at assign time (tc_fix_macro_arg(), fix.h). */
static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	return tc_fix_macro_arg(fx, d);
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
