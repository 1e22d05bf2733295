/* SPDX-License-Identifier: MIT */
/* A header in include/trace/events: re-read as <trace/events/bar.h>. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM bar

#if !defined(_TRACE_BAR_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_BAR_H

#include <linux/foo_helpers.h>
#include <linux/tracepoint.h>

TRACE_EVENT(bar_tick,
	TP_PROTO(u32 n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(u32, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%u", __entry->n)
);

#endif

#include <trace/define_trace.h>
