/* SPDX-License-Identifier: MIT */
/* negative: a macro of include/ pastes trace_maybe_##dir; its users are not followed */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM maybe

#if !defined(_MAYBE_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _MAYBE_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(maybe_rx,
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

TRACE_EVENT(maybe_tx,
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

#endif /* _MAYBE_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE maybe_trace
#include <trace/define_trace.h>
