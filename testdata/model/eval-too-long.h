/* SPDX-License-Identifier: MIT */
/*
 * A TRACE_DEFINE_ENUM() whose value is longer than its name: the kernel
 * warns and leaves that name (update_event_printk() returns), and goes on
 * with the next eval map: TC_EV_B still becomes 1.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_eval

#if !defined(_TC_EVAL_TOO_LONG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_EVAL_TOO_LONG_H

#include <linux/tracepoint.h>

enum tc_ev { TC_EV_A, TC_EV_B, X = 10 };

TRACE_DEFINE_ENUM(X);
TRACE_DEFINE_ENUM(TC_EV_B);

TRACE_EVENT(tc_eval_too_long,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("x=%d b=%d", __entry->v == X, __entry->v == TC_EV_B)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE eval-too-long
#include <trace/define_trace.h>

/*
 * check-name: --emit-format: a TRACE_DEFINE_ENUM() whose value is longer than its name leaves that name, and the next one still applies
 * check-command: tracecheck --emit-format $file | grep '^print fmt'
 *
 * check-output-start
print fmt: "x=%d b=%d", REC->v == X, REC->v == 1
check-output-end
 */
