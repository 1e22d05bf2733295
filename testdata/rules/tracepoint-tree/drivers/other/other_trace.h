/* SPDX-License-Identifier: MIT */
/* negative: other.c instantiates it, then reads its own "tpa.h" through -I inc, not trace/events/tpa.h */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM other

#if !defined(_OTHER_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _OTHER_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(other_tick,
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

#endif /* _OTHER_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE other_trace
#include <trace/define_trace.h>
