/* SPDX-License-Identifier: MIT */
/*
 * define_trace.h inside the multi-read guard, as 7.3's brcmfmac
 * tracepoint.h has it; hpg.c creates the events.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hpg

#if !defined(_HPG_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _HPG_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(hpg_tick,
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

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE hpg_trace
#include <trace/define_trace.h>

#endif /* _HPG_TRACE_H */
