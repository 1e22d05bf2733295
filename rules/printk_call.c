// SPDX-License-Identifier: MIT
/*
 * printk-call: a function call in a TP_printk() argument.
 *
 * The format file records TP_printk()'s arguments as text.  perf,
 * trace-cmd and every other libtraceevent user evaluate that text
 * themselves; they know the TRACE_EVENT helpers (__print_symbolic(),
 * __get_str(), ...) and, with plugins, a handful of functions, but not
 * the kernel's.  An event whose print fmt calls anything else fails to
 * parse in user space: it is printed as "[FAILED TO PARSE]" followed by
 * raw field values.  /sys/kernel/tracing/trace still looks right, which
 * is why these bugs survive review.
 *
 * Modelled on commit e70b64a3f28b ("io_uring: move io_uring_get_opcode
 * out of TP_printk"): the opcode name is now recorded at assign time
 * with __string()/__assign_str() and printed with __get_str().
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static const char doc[] =
	"A function call in a TP_printk() argument. The format file records the\n"
	"argument as text and user-space tools (perf, trace-cmd, libtraceevent)\n"
	"cannot call kernel functions: the event fails to parse there and is shown\n"
	"as [FAILED TO PARSE]. Record the value at assign time instead - for a\n"
	"string, __string(name, call(...)) in TP_STRUCT__entry, __assign_str(name)\n"
	"in TP_fast_assign and __get_str(name) in TP_printk, as commit e70b64a3f28b\n"
	"did for io_uring_get_opcode(). Functions that a standard libtraceevent\n"
	"plugin provides are reported as warnings; calls whose callee is not\n"
	"declared (its header was not found) are warnings too, since the callee may\n"
	"be a macro.";

/* Was this callee already reported for the same argument as written? */
static int seen_before(const struct tc_printk *pk, size_t k, size_t i)
{
	const struct tc_printk_arg *a = &pk->args[k];
	const char *callee = a->calls[i].callee;

	for (size_t j = 0; j <= k; j++) {
		const struct tc_printk_arg *b = &pk->args[j];
		if (b->raw_index != a->raw_index)
			continue;
		for (size_t c = 0; c < (j == k ? i : b->nr_calls); c++)
			if (!strcmp(b->calls[c].callee, callee))
				return 1;
	}
	return 0;
}

static void check_arg(struct tc_check *ck, const struct tc_printk *pk, size_t k)
{
	const struct tc_printk_arg *a = &pk->args[k];

	for (size_t i = 0; i < a->nr_calls; i++) {
		const struct tc_call *c = &a->calls[i];
		const char *plugin;
		struct tc_diag *d;

		if (tc_uspace_builtin_function(c->callee) || seen_before(pk, k, i))
			continue;
		if (!c->callee[0]) {
			d = tc_report(ck, c->loc,
				      "TP_printk() argument calls a function through a pointer, which "
				      "user-space tools cannot evaluate");
		} else if ((plugin = tc_uspace_plugin_for(c->callee))) {
			d = tc_report_lower(ck, c->loc,
					    "TP_printk() argument calls '%s()', which user-space tools "
					    "evaluate only when libtraceevent's %s plugin is loaded",
					    c->callee, plugin);
		} else if (!c->declared) {
			d = tc_report_lower(ck, c->loc,
					    "TP_printk() argument calls '%s', which is not declared "
					    "(is its header missing?); if it is a function, user-space "
					    "tools cannot evaluate it",
					    c->callee);
		} else {
			d = tc_report(ck, c->loc,
				      "TP_printk() argument calls '%s()', which user-space tools cannot "
				      "evaluate; the event fails to parse in perf and trace-cmd",
				      c->callee);
		}
		tc_diag_note(d, a->loc, "the format file records the argument as '%s'", a->expanded);
		if (!c->declared && c->callee[0] && !tc_uspace_plugin_for(c->callee))
			tc_diag_note(d, c->loc,
				     "with the kernel tree (--kernel-tree DIR, or -I) tracecheck can "
				     "tell a function from a macro");
		if (c->from_macro) {
			for (size_t j = 0; j < a->nr_macros; j++) {
				if (!a->macros[j].standard) {
					tc_diag_note(d, a->macros[j].loc,
						     "the call comes from the expansion of macro '%s'",
						     a->macros[j].name);
					break;
				}
			}
		}
		if (c->declared && c->callee[0] && !tc_uspace_plugin_for(c->callee))
			tc_diag_note(d, a->loc,
				     "record the value at assign time and print the field instead "
				     "(for a string: __string(), __assign_str() and __get_str())");
	}
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

const struct tc_rule rule_printk_call = {
	.name = "printk-call",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() argument calls a function user space cannot evaluate",
	.doc = doc,
	.check = check,
};
