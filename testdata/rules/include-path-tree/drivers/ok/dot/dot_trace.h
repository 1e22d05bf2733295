/* SPDX-License-Identifier: MIT */
/* negative: the samples/trace_events idiom, '.' with -I$(src) in the Makefile */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM dot

#if !defined(_DOT_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DOT_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(dot_tick,
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

#endif /* _DOT_TRACE_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE dot_trace
#include <trace/define_trace.h>
