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

#include "uspace.h"

static const char doc[] =
	"A helper macro in a TP_printk() argument whose expansion user-space tools\n"
	"cannot parse or evaluate as the kernel does. The format file records the\n"
	"macro's expansion, not its name: pipe_name(p) becomes ((REC->pipe) + 'A'),\n"
	"which libtraceevent 1.7.3 to 1.8.2 evaluates with 'A' as 0 (trace-cmd printed\n"
	"'pipe ^A' where the kernel printed 'pipe B'). Statement expressions, unary\n"
	"& and *, member access, '^' and character constants are such constructs.\n"
	"Macros that expand to constants, to arithmetic on fields or to the standard\n"
	"helpers (show_*() wrappers around __print_symbolic()) are not reported.\n"
	"Store the value the macro computes in a field at assign time and print the\n"
	"field, as commit 60e82e56d36f did for pipe_name().";

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

const struct tc_rule rule_printk_custom_macro = {
	.name = "printk-custom-macro",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a helper macro in TP_printk() expands to text user space cannot render",
	.doc = doc,
	.check = check,
};
