/* SPDX-License-Identifier: MIT */
/*
 * Not checked: a trace header (it includes <trace/define_trace.h>) whose
 * events are written with a macro tracecheck does not know, so none is
 * recognised.  Directory walks do not find it (discover.h knows the
 * event macros by name); given by name, it says why it is not checked.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nc_unknown

#if !defined(_TC_NC_UNKNOWN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_UNKNOWN_H

#include <linux/tracepoint.h>

TC_NC_CUSTOM_EVENT(tc_nc_custom,
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
#define TRACE_INCLUDE_FILE unknown
#include <trace/define_trace.h>
