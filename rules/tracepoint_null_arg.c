// SPDX-License-Identifier: MIT
/*
 * tracepoint-null-arg: an event whose TP_fast_assign() (or whose
 * TP_STRUCT__entry()'s __string() source, dynamic array length ...)
 * dereferences a TP_PROTO() argument unconditionally, while some caller
 * in the kernel tree passes NULL for it.  The probe runs only while the
 * event is enabled: the kernel works until someone enables the event,
 * then oopses.
 *
 * Tree mode only: the callers come from the tree's tracepoint index
 * (tpindex.c), which records the calls trace_NAME(), trace_call__NAME()
 * and trace_NAME_rcuidle() outside #define bodies and #if 0 that pass
 * the literal NULL or 0 ('L'), or a plain identifier that the path to
 * the call leaves NULL (tpnull.c): set by x = NULL; with nothing between
 * mentioning it ('N'), inside an if, at any depth, whose test found it
 * NULL ('T'), or after an if that lets NULL through - if (x) S with no
 * else, or if (!x) S where S falls through ('E').  The argument's
 * position is mapped to the class's TP_PROTO() parameter; a call with
 * another count of arguments is not this tracepoint's.  The header side
 * is read from the code as written: p->m, p[i], *p, and p passed whole
 * to strlen(), strcpy(), strscpy(), strscpy_pad() or dev_name(), in a
 * statement of TP_fast_assign() at its top level (not in an if, a loop
 * or a switch, nothing that leaves it early) with no ?:, && or || before
 * it, or in a field's __string() source or length expression the same
 * way.  A literal NULL or x = NULL; is an error, a tested identifier one
 * level lower: the caller's own test says it can be NULL there, and the
 * call is reached that way unless the test is dead code.
 *
 * A call after the argument is freed is tracepoint-after-free's.  Not
 * covered: macros that wrap trace_ calls; TRACE_EVENT_CONDITION() events (their
 * condition may test the pointer); dereferences hidden in helper
 * functions or macros of the assign code; Rust callers.
 */
#include <stdlib.h>
#include <string.h>

#include "argread.h"
#include "rules.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"An event whose TP_fast_assign() dereferences a TP_PROTO() argument\n"
		"unconditionally - p->member, p[i], *p, or p handed to strlen(),\n"
		"strcpy(), strscpy() or dev_name() in a top-level statement with no ?:,\n"
		"&& or || before it - or whose TP_STRUCT__entry() does (a __string()\n"
		"source such as p->name, a dynamic array's length), while a caller in\n"
		"the kernel tree passes NULL for that argument: the literal NULL or 0,\n"
		"a pointer the path to the call has set to NULL, or a pointer the\n"
		"caller has tested for NULL on that path. Each event of a class counts\n"
		"its own callers; the callers are notes. A literal NULL or p = NULL; is\n"
		"an error, a tested pointer a warning. Tree mode only (--kernel-tree,\n"
		"or a header inside a kernel tree). Calls in #define bodies and #if 0,\n"
		"events with a TP_CONDITION() are not looked at; a call after the\n"
		"pointer is freed is tracepoint-after-free's.\n"
		"\n"
		"The caller's path is read backwards from the call to the first\n"
		"mention of p: blocks that do not mention p are stepped over, and so\n"
		"is p passed to another trace_NAME() call; a block that mentions it, a\n"
		"return, goto, case label or the function's start ends the search.\n"
		"That mention decides: p = NULL; as a statement of its own; the test\n"
		"of an if (!p) or if (p == NULL) whose block holds the call, at any\n"
		"depth (or the else of if (p)); if (p) S with no else before the call\n"
		"(when the test fails the path goes on with p NULL); if (!p) S before\n"
		"the call where S neither leaves nor mentions p.",
	.why =
		"The probe only runs while the event is enabled: the kernel works until\n"
		"someone enables the event (perf, trace-cmd, a tracing tool at boot),\n"
		"then the probe reads through the NULL pointer and the kernel oopses in\n"
		"trace_event_raw_event_NAME() or perf_trace_NAME(), with the caller\n"
		"nowhere on the oops line.",
	.kernel =
		"Modelled on the fixes of NULL dereferences in event probes, such as\n"
		"\"tracing/net_sched: Fix NULL pointer dereference in\n"
		"perf_trace_qdisc_reset()\" (2022), after which include/trace/events/\n"
		"qdisc.h tests qdisc_dev(q) before reading its name. 6.12 and 7.2 code it\n"
		"fires on: include/trace/events/netfs.h, netfs_failure reads\n"
		"rreq->debug_id, and netfs_write_begin() (fs/netfs/buffered_read.c)\n"
		"calls trace_netfs_failure(NULL, NULL, ret, ...) when\n"
		"->check_write_begin() fails; drivers/infiniband/hw/hfi1/trace_tx.h,\n"
		"hfi1_ahg_allocate reads sde->dd, and sdma_ahg_alloc() fires it in the\n"
		"block of if (!sde) (a warning). In 6.1, 6.12, 7.2 and 7.3:\n"
		"drivers/usb/gadget/udc/trace.h, udc_log_req reads req->length, and\n"
		"usb_ep_alloc_request() (drivers/usb/gadget/udc/core.c) does if (req)\n"
		"req->ep = ep; then fires trace_usb_ep_alloc_request(ep, req, req ? 0 :\n"
		"-ENOMEM) when ->alloc_request() failed too (a warning). Quiet: 6.1's\n"
		"svc_xprt_enqueue() reaches trace_svc_xprt_enqueue(xprt, rqstp) from\n"
		"rqstp = NULL; and the event tests rqst. Not covered: a member the\n"
		"caller clears (svc_revisit()'s dr->xprt = NULL; before\n"
		"trace_svc_defer_queue(dr), whose event once read dr->xprt), and an\n"
		"object read after the caller has handed it on (list_add() then\n"
		"unlock).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__string(name, req ? req->name : \"(none)\")\n"
		"\t__field(int, id)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__assign_str(name);\n"
		"\t__entry->id = req ? req->id : -1;\n"
		"),\n",
	.fix =
		"None: test the pointer in the event (p ? p->m : 0, a __string() source\n"
		"p ? p->name : \"(null)\"), or do not fire the event with NULL. Silence\n"
		"one event with --ignore tracepoint-null-arg:EVENT.",
};

static void report(struct tc_check *ck, const struct tc_event *e, const char *param,
		   const struct tc_argread *d, const char *where, const struct tc_tp_badarg *calls,
		   const size_t *idx, size_t nr)
{
	int literal = 0;

	for (size_t k = 0; k < nr; k++)
		literal |= calls[idx[k]].kind == 'L' || calls[idx[k]].kind == 'N';
	const char *msg = "event '%s' dereferences its argument '%s' unconditionally (%s in %s), "
			  "but %s: enabling the event oopses";
	const char *who = literal ? "a caller passes NULL for it"
				  : "a caller fires it right after testing it for NULL";
	struct tc_diag *dg = literal ? tc_report(ck, e->loc, msg, e->name, param, d->text, where, who)
				     : tc_report_lower(ck, e->loc, msg, e->name, param, d->text,
						       where, who);
	tc_diag_subject(dg, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
	for (size_t k = 0; k < nr && k < 4; k++) {
		const struct tc_tp_badarg *c = &calls[idx[k]];
		/* the first call: where the fix goes */
		enum tc_note_kind kind = k ? TC_NOTE_EVIDENCE : TC_NOTE_LOCUS;
		if (c->kind == 'L')
			tc_diag_note_as(dg, kind, tc_caller_loc(ck, c),
					"trace_%s() passes %s as argument '%s'", e->name, c->text, param);
		else if (c->kind == 'N')
			tc_diag_note_as(dg, kind, tc_caller_loc(ck, c),
					"trace_%s() passes '%s' as argument '%s', set to NULL on line "
					"%u and not written since",
					e->name, c->text, param, c->test_line);
		else if (c->kind == 'E')
			tc_diag_note_as(dg, kind, tc_caller_loc(ck, c),
					"trace_%s() passes '%s' as argument '%s' on the path where "
					"the test on line %u found it NULL",
					e->name, c->text, param, c->test_line);
		else
			tc_diag_note_as(dg, kind, tc_caller_loc(ck, c),
				     "trace_%s() passes '%s' as argument '%s' where the test on "
				     "line %u found it NULL",
				     e->name, c->text, param, c->test_line);
	}
	if (nr > 4)
		tc_diag_note(dg, e->loc, "and %zu more calls", nr - 4);
	tc_diag_advise(dg, e->loc,
		         "test '%s' in the event (%s ? ... : ...), or do not fire it with NULL", param,
		         param);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	tc_check_bad_args(ck, h, "LTNE", report);
}

const struct tc_rule rule_tracepoint_null_arg = {
	.name = "tracepoint-null-arg",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "an event dereferences an argument some caller in the tree passes NULL for (tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX,
};
