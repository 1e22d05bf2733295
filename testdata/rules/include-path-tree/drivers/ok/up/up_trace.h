/* SPDX-License-Identifier: MIT */
/* negative: 6.12's drivers/net/fjes/fjes_trace.h, the path counted from include/trace/ */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM up

#if !defined(_UP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _UP_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(up_tick,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

#endif /* _UP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH ../../drivers/ok/up
#define TRACE_INCLUDE_FILE up_trace
#include <trace/define_trace.h>
