/* SPDX-License-Identifier: MIT */
/* create-trace-points: called, but no .c instantiates it (an error: the link fails) */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM none

#if !defined(_NONE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _NONE_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(none_tick,
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

#endif /* _NONE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE none_trace
#include <trace/define_trace.h>
