#undef TRACE_SYSTEM
#define TRACE_SYSTEM swap

#if !defined(_SWAP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SWAP_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(swap_one,
	TP_PROTO(unsigned long long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned long long, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE swap_trace
#include <trace/define_trace.h>
