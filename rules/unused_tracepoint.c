// SPDX-License-Identifier: MIT
/*
 * unused-tracepoint: an event (or a DECLARE_TRACE tracepoint) of the
 * header that nothing in the kernel tree fires or attaches to.
 *
 * Tree mode only: it reads the tree's tracepoint index (tpindex.c),
 * made once per run.  A name counts as used when some .c, .h or .S
 * writes trace_NAME, trace_NAME_enabled, register_trace_NAME and the
 * like, or some .rs calls rust_do_trace_NAME or the NAME() of a
 * declare_trace!; when a macro pastes trace_PREFIX ## x and one of its
 * invocations passes the rest of NAME; and, with nothing said, when a
 * macro pastes trace_PREFIX ## x whose x cannot be followed (NAME
 * starts with PREFIX, or PREFIX is empty and the header is in the
 * macro's directory).  A name that is only exported with
 * EXPORT_TRACEPOINT_SYMBOL*() may have its callers in modules outside
 * the tree: reported one level lower.  A header that no .c instantiates
 * is left to create-trace-points: its events are not built at all.
 * From 6.16, DECLARE_TRACE(NAME) defines the tracepoint NAME_tp
 * (trace_NAME_tp(), __tracepoint_NAME_tp): the name looked for and
 * named is the one of the kernel the header is built against (kfacts.h);
 * when that is not known, either counts.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "tpindex.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A tracepoint of the header (an event or a DECLARE_TRACE()) that no .c,\n"
		".h, .S or .rs file of the kernel tree fires or attaches to: no\n"
		"trace_NAME(), trace_NAME_enabled(), trace_call__NAME(),\n"
		"register_trace_NAME(), no Rust call of rust_do_trace_NAME() or of the\n"
		"NAME() that declare_trace! declares, nor other use of the name;\n"
		"comments, strings and empty stubs do not count. Macros that paste\n"
		"trace_##name are followed to their invocations; names such a macro could\n"
		"build but that cannot be followed are left alone. A tracepoint only\n"
		"exported with EXPORT_TRACEPOINT_SYMBOL*(), which an out-of-tree module\n"
		"could fire, is a note. Tree mode only (--kernel-tree, or a header inside\n"
		"a kernel tree); a header nothing instantiates is create-trace-points'.\n"
		"From 6.16 a DECLARE_TRACE(NAME) tracepoint is NAME_tp\n"
		"(trace_NAME_tp()); the names are those of the kernel the header is\n"
		"built against, either when it is not known.",
	.why =
		"An event nothing fires is built all the same: its probe, output\n"
		"function, field table, static key and __tracepoint_NAME take kernel text\n"
		"and data, and tracefs lists an event that never records anything -\n"
		"usually the trace of a call that was removed while its event stayed.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: include/trace/events/power.h,\n"
		"clock_enable, clock_disable and clock_set_rate: nothing in the tree calls\n"
		"trace_clock_enable() or the others.",
	.example =
		"/* the code the event was written for */\n"
		"trace_foo_start(dev->id);\n",
	.fix =
		"None: remove the event (and its class with its last event), or add the\n"
		"call meant to fire it.",
};

static int own_file(const struct tc_header *h, const char *file)
{
	return file && (!strcmp(file, h->path) || !strcmp(file, h->abs_path));
}

/*
 * Where the event's name is written: the first whole-word NAME from the
 * start of its macro's line on (the DEFINE_EVENT's second argument), or
 * the macro itself.
 */
static struct tc_loc name_loc(const char *text, const struct tc_event *e)
{
	struct tc_loc l = e->loc;
	const char *p = text;
	size_t n = strlen(e->name);

	for (unsigned line = 1; p && *p && line < e->loc.line; line++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return l;
	const char *start = p, *stop = p;
	for (int k = 0; k < 4 && *stop; k++) { /* the name is near its macro */
		stop = strchrnul(stop, '\n');
		if (*stop)
			stop++;
	}
	for (const char *q = p; (q = strstr(q, e->name)) && q < stop; q++) {
		if ((q > text && (isalnum((unsigned char)q[-1]) || q[-1] == '_')) ||
		    isalnum((unsigned char)q[n]) || q[n] == '_')
			continue;
		for (const char *b = start; b < q; b++) {
			if (*b == '\n') {
				l.line++;
				start = b + 1;
			}
		}
		l.col = (unsigned)(q - start) + 1;
		return l;
	}
	return l;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_context *ctx = ck->ctx;

	/*
	 * A header nothing instantiates builds no event at all:
	 * create-trace-points says so, once.
	 */
	if (!ctx->have_index || !ctx->nr_inst)
		return;
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		int declare = e->macro && starts_with(e->macro, "DECLARE_TRACE");
		if (!e->name || !own_file(h, e->loc.file) || (!e->instantiated && !declare))
			continue;
		const char *suffix;
		enum tc_tp_use use = tc_context_tp_use(ctx, i, &suffix);
		const char *what = declare ? "tracepoint" : "event";
		struct tc_diag *d;
		if (use != TC_TP_UNUSED && use != TC_TP_EXPORTED)
			continue;
		/* the tracepoint's name in this kernel */
		char *tp = xasprintf("%s%s", e->name, suffix);
		struct tc_loc at = ctx->text ? name_loc(ctx->text, e) : e->loc;
		if (use == TC_TP_UNUSED) {
			d = tc_report(ck, at,
				      "%s '%s' is never fired: no trace_%s(), trace_%s_enabled() or "
				      "register_trace_%s() anywhere in the kernel tree",
				      what, tp, tp, tp, tp);
			/* about the event, also when TRACE_EVENT() makes its class */
			tc_diag_subject(d, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
		} else {
			d = tc_report_lower(ck, at,
					    "%s '%s' is exported with EXPORT_TRACEPOINT_SYMBOL but "
					    "nothing in the kernel tree fires it: only a module "
					    "outside the tree can",
					    what, tp);
			tc_diag_subject(d, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
			tc_diag_note(d, at,
				     "if no module needs it, remove the %s with its export; else "
				     "call trace_%s() where it should fire",
				     what, tp);
			free(tp);
			continue;
		}
		if (declare)
			tc_diag_note(d, at,
				     "%s() still defines __tracepoint_%s, its static key and "
				     "iterator for a call that does not exist",
				     e->macro, tp);
		else
			tc_diag_note(d, at,
				     "its probe, output function and format are still built, and "
				     "tracefs lists events/%s/%s, which never records anything",
				     h->system ? h->system : "SYSTEM", e->name);
		tc_diag_note(d, at,
			     "remove the %s, or add the trace_%s() call that should fire it",
			     what, tp);
		free(tp);
	}
}

const struct tc_rule rule_unused_tracepoint = {
	.name = "unused-tracepoint",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "an event or tracepoint that no code of the kernel tree fires (tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX,
};
