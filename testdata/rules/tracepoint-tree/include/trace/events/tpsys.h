/* SPDX-License-Identifier: MIT */
/* negative for create-trace-points: one instantiator per architecture, and the generic one */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tpsys

#if !defined(_TRACE_TPSYS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPSYS_H

#include <linux/tracepoint.h>

TRACE_EVENT(tpsys_enter,
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

#endif /* _TRACE_TPSYS_H */

#include <trace/define_trace.h>
