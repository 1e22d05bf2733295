/* SPDX-License-Identifier: MIT */
/*
 * Comments between TP_printk() arguments, as in the kernel's own
 * samples/trace_events/trace-events-sample.h (foo_bar documents each
 * helper in a block comment between the arguments): the findings stay on
 * the argument's line and --fix still knows where the argument is.
 * libclang's tokens include comments, the arguments do not.
 * testdata/rules/printk-comment-args.case checks it.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cm

#if !defined(_TC_CM_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CM_H

#include <linux/tracepoint.h>

const char *tc_cm_name(int state);

TRACE_EVENT(tc_cm_state,
	TP_PROTO(int bar, int state),
	TP_ARGS(bar, state),
	TP_STRUCT__entry(
		__field(int, bar)
		__field(int, state)
	),
	TP_fast_assign(
		__entry->bar = bar;
		__entry->state = state;
	),
	TP_printk("bar=%s state=%s",
/*
 *  __print_symbolic( variable, { value, "string" }, ... ),
 *
 *    The variable is tested against each value of the { } pair.
 */
		  __print_symbolic(__entry->bar,
				   { 0, "zero" },
				   { 10, "TEN" }
			  ),
/* the state, by name (a call: user space cannot evaluate it) */
		  tc_cm_name(__entry->state))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tc_cm
#include <trace/define_trace.h>
