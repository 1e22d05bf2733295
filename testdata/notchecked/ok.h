/* SPDX-License-Identifier: MIT */
/* Checked, and clean. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nc_ok

#if !defined(_TC_NC_OK_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_OK_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_nc_ok,
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

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ok
#include <trace/define_trace.h>
