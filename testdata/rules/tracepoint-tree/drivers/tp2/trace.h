/* SPDX-License-Identifier: MIT */
/* negative: instantiated once; arch/foo/kernel/irq.c instantiates <asm/trace.h>, another trace.h */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tp2

#if !defined(_TP2_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TP2_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tp2_tick,
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

#endif /* _TP2_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
