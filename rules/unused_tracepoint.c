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
		"built against, either when it is not known.\n"
		"\n"
		"One level lower (a note): a tracepoint the tree only attaches to or\n"
		"tests - register_trace_NAME(), trace_NAME_enabled(), __tracepoint_NAME -\n"
		"and never fires with trace_NAME(), trace_call__NAME() or from Rust.\n"
		"A context note, never a finding that fails a run: a tracepoint fired only\n"
		"in code built with an option CONFIG_X (every call under an #if of it,\n"
		"or in .c files their directory's Makefile builds with obj-$(CONFIG_X),\n"
		"or in a composite object built so, or as its part under CONFIG_X, or\n"
		"inside an ifdef/ifeq/ifneq of CONFIG_X there), when\n"
		"the event is not itself under an #if naming CONFIG_X, is not exported,\n"
		"and no .c that instantiates the header is built under CONFIG_X by the\n"
		"same Makefile lines; CONFIG_TRACEPOINTS, CONFIG_TRACING,\n"
		"CONFIG_EVENT_TRACING and CONFIG_FTRACE, which tracepoints need anyway,\n"
		"do not count.\n"
		"\n"
		"make UT=1 (6.19 and later) checks each linked object of one .config:\n"
		"every __do_trace_NAME() the compiler emits - the body of trace_NAME()\n"
		"and trace_call__NAME(), and of the rust_do_trace_NAME() that\n"
		"CREATE_RUST_TRACE_POINTS defines - and every EXPORT_TRACEPOINT_SYMBOL*()\n"
		"puts NAME in the section __tracepoint_check; scripts/tracepoint-update\n"
		"warns \"tracepoint 'NAME' is unused\" for each name of\n"
		"__tracepoints_strings (the tracepoints DEFINE_TRACE made) not in it, in\n"
		"vmlinux.o and in each module. Where the two differ: UT=1 sees one\n"
		"configuration and architecture, tracecheck the whole tree (hence the\n"
		"note on calls built only with an option); UT=1 does not count\n"
		"register_trace_NAME() or trace_NAME_enabled() (tracecheck: the note)\n"
		"nor a call the compiler drops as dead code; UT=1 counts every event of\n"
		"a header instantiated\n"
		"with CREATE_RUST_TRACE_POINTS as used, tracecheck only the ones Rust\n"
		"calls; tracecheck follows options only through #if lines and the\n"
		"Makefile of the caller's own directory (not a directory entered with\n"
		"obj-$(CONFIG_X) += dir/, nor if (IS_ENABLED(CONFIG_X)) in C), and\n"
		"names the definition's file and line, which UT=1 does not; UT=1 prints\n"
		"the name alone.",
	.why =
		"An event nothing fires is built all the same: its probe, output\n"
		"function, field table, static key and __tracepoint_NAME take kernel text\n"
		"and data (up to 5KB each, says the kernel's Makefile), and tracefs lists\n"
		"an event that never records anything - usually the trace of a call that\n"
		"was removed while its event stayed. A probe registered on a tracepoint\n"
		"nothing fires never runs. An event fired only with CONFIG_X is dead in\n"
		"every kernel built without it, and make UT=1 says so there.",
	.kernel =
		"No fix to cite for the warning. 6.12 code it fires on:\n"
		"include/trace/events/power.h, clock_enable, clock_disable and\n"
		"clock_set_rate: nothing in the tree calls trace_clock_enable() or the\n"
		"others. The note on options is modelled on the 6.17 series \"tracing:\n"
		"Remove or hide some unused tracepoints\", which put such events under\n"
		"the #if of their callers' option (alarmtimer_suspend under\n"
		"CONFIG_RTC_CLASS, the psci_domain_idle events under their option); 7.2\n"
		"code it notes: include/trace/events/cachefiles.h,\n"
		"cachefiles_ondemand_open and the other ondemand events, fired only in\n"
		"fs/cachefiles/ondemand.c, which cachefiles-$(CONFIG_CACHEFILES_ONDEMAND)\n"
		"builds.",
	.example =
		"/* the code the event was written for */\n"
		"trace_foo_start(dev->id);\n"
		"\n"
		"/* an event only code built with CONFIG_FOO_ZONED fires, in the header */\n"
		"#ifdef CONFIG_FOO_ZONED\n"
		"TRACE_EVENT(foo_zone_reset, ...);\n"
		"#endif\n",
	.fix =
		"None: remove the event (and its class with its last event), or add the\n"
		"call meant to fire it; for the note on options, put the event under\n"
		"#ifdef CONFIG_X (or #if IS_ENABLED(CONFIG_X)) in the header as its\n"
		"callers are, or leave it: it is information, and never fails a run.",
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

/* Is the name at q (in the condition that starts at cond) negated: "!X", "!defined(X)", "!IS_ENABLED(X)"? */
static int negated(const char *cond, const char *q)
{
	static const char *const wrappers[] = { "defined", "IS_ENABLED", "IS_BUILTIN",
						"IS_REACHABLE", "IS_MODULE" };
	const char *p = q;

	for (;;) {
		while (p > cond && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '('))
			p--;
		size_t i;
		for (i = 0; i < ARRAY_SIZE(wrappers); i++) {
			size_t n = strlen(wrappers[i]);
			if ((size_t)(p - cond) >= n && !strncmp(p - n, wrappers[i], n)) {
				p -= n;
				break;
			}
		}
		if (i == ARRAY_SIZE(wrappers))
			break;
	}
	return p > cond && p[-1] == '!';
}

/*
 * Is line `line` of text inside an #if (#ifdef, #elif, the #else of an
 * #ifndef) that needs the option cfg (n bytes) on -- names it, not
 * negated?  The event is then built only with it, like its callers.
 */
static int under_option(const char *text, unsigned line, const char *cfg, size_t n)
{
	struct level {
		const char *cond; /* the condition of the branch the line is in, or NULL */
		int neg;	  /* it holds when cond is false (#ifndef) */
	} *open = NULL;
	size_t nr = 0, alloc = 0;
	int yes = 0;
	const char *l = text;

	for (unsigned at = 1; *l && at < line; at++) {
		const char *p;
		if ((p = tc_directive(l, "if")) || (p = tc_directive(l, "elif"))) {
			int ifndef = !!tc_directive(l, "ifndef");
			if (tc_directive(l, "if")) {
				ALLOC_GROW(open, nr + 1, alloc);
				nr++;
			}
			if (nr) {
				open[nr - 1].cond = ifndef ? p + 3 : p;
				open[nr - 1].neg = ifndef;
			}
		} else if (tc_directive(l, "else") && nr) {
			/* #ifndef X ... #else: X on; any other #else: not known to need it */
			if (!open[nr - 1].neg)
				open[nr - 1].cond = NULL;
			open[nr - 1].neg = 0;
		} else if (tc_directive(l, "endif") && nr) {
			nr--;
		}
		l = strchrnul(l, '\n');
		if (*l)
			l++;
	}
	for (size_t i = 0; i < nr && !yes; i++) {
		const char *c = open[i].cond;
		const char *eol = c ? strchrnul(c, '\n') : NULL;
		if (open[i].neg)
			continue;
		for (const char *q = c; q && (q = memmem(q, (size_t)(eol - q), cfg, n)); q++)
			if (!isalnum((unsigned char)q[n]) && q[n] != '_' &&
			    (q == c || (!isalnum((unsigned char)q[-1]) && q[-1] != '_')) &&
			    !negated(c, q)) {
				yes = 1;
				break;
			}
	}
	free(open);
	return yes;
}

/* Fired only in code built with an option the event is not built under: say so. */
static void only_under(struct tc_check *ck, const struct tc_event *e,
		       const char *what, const char *tp, const char *under, struct tc_loc at)
{
	const char *tab = strchr(under, '\t');
	size_t n = tab ? (size_t)(tab - under) : strlen(under);

	if (!tab || (ck->ctx->text && under_option(ck->ctx->text, e->loc.line, under, n)))
		return;
	struct tc_diag *d = tc_report_note(ck, at,
					   "%s '%s' is fired only in code built with %.*s (%s): "
					   "make UT=1 reports it as unused when %.*s is not set",
					   what, tp, (int)n, under, tab + 1, (int)n, under);
	tc_diag_subject(d, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
	tc_diag_advise(d, at, "put the %s under #ifdef %.*s, as its callers are", what, (int)n,
		       under);
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
		/* a trace remote's event is no tracepoint: its remote writes it */
		if (!e->name || !own_file(h, e->loc.file) || (!e->instantiated && !declare) ||
		    e->remote)
			continue;
		const char *suffix;
		enum tc_tp_use use = tc_context_tp_use(ctx, i, &suffix);
		const char *what = declare ? "tracepoint" : "event";
		struct tc_diag *d;
		if (use != TC_TP_UNUSED && use != TC_TP_EXPORTED && use != TC_TP_ATTACHED &&
		    use != TC_TP_CALLED)
			continue;
		char **under = *suffix ? ctx->tp_only_under_tp : ctx->tp_only_under;
		if (use == TC_TP_CALLED && !under[i])
			continue;
		/* the tracepoint's name in this kernel */
		char *tp = xasprintf("%s%s", e->name, suffix);
		struct tc_loc at = ctx->text ? name_loc(ctx->text, e) : e->loc;
		if (use == TC_TP_CALLED) {
			only_under(ck, e, what, tp, under[i], at);
			free(tp);
			continue;
		}
		if (use == TC_TP_ATTACHED) {
			d = tc_report_lower(ck, at,
					    "%s '%s' is never fired: the kernel tree has no call of "
					    "trace_%s() or trace_call__%s(), only register_trace_%s(), "
					    "trace_%s_enabled() or other uses of the name, which make "
					    "UT=1 does not count",
					    what, tp, tp, tp, tp, tp);
			tc_diag_subject(d, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
			tc_diag_advise(d, at,
				       "a probe attached to it never runs; remove the %s and its "
				       "attaching code, or add the trace_%s() call that should fire it",
				       what, tp);
			free(tp);
			continue;
		}
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
			tc_diag_advise(d, at,
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
		tc_diag_advise(d, at,
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
