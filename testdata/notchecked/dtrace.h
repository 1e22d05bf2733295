/* SPDX-License-Identifier: MIT */
/*
 * Not checked without CONFIG_TC_NC_TRACING: its events are defined, but
 * its #include <trace/define_trace.h> is under #if of that option
 * (brcmsmac's trace headers), so nothing instantiates them.
 */
#if !defined(_TC_NC_DTRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_DTRACE_H

#include <linux/tracepoint.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nc_dtrace

TRACE_EVENT(tc_nc_dtrace,
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

#if defined(CONFIG_TC_NC_TRACING) && !defined(__TC_NC_NEVER)
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE dtrace
#include <trace/define_trace.h>
#endif
