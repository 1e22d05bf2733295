/* SPDX-License-Identifier: MIT */
/* create-trace-points: two .c files instantiate it (a warning) */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM dup

#if !defined(_DUP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DUP_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(dup_tick,
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

#endif /* _DUP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE dup_trace
#include <trace/define_trace.h>
