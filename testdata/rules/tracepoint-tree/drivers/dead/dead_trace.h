/* SPDX-License-Identifier: MIT */
/* create-trace-points and unused-tracepoint: nothing instantiates or calls it (warnings) */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM dead

#if !defined(_DEAD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DEAD_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(dead_tick,
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

#endif /* _DEAD_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE dead_trace
#include <trace/define_trace.h>
