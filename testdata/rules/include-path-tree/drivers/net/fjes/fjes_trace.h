/* SPDX-License-Identifier: MIT */
/* positive: 6.1's drivers/net/fjes/fjes_trace.h, one '..' too many: found only through -I arch/x86/include */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM fjes

#if !defined(_FJES_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FJES_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(fjes_tick,
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

#endif /* _FJES_TRACE_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH ../../../drivers/net/fjes
#define TRACE_INCLUDE_FILE fjes_trace
#include <trace/define_trace.h>
