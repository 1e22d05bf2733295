/* SPDX-License-Identifier: MIT */
/* TRACE_INCLUDE_PATH names a directory (drivers/hq) the header is not in. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hp

#if !defined(_HP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _HP_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(hp_tick,
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

#endif /* _HP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/hq
#define TRACE_INCLUDE_FILE hp_trace
#include <trace/define_trace.h>
