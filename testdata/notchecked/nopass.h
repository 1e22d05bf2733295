/* SPDX-License-Identifier: MIT */
/*
 * Not checked: all its events are under #if of CONFIG_TC_NC_HALF and
 * of TC_NC_NO_OPTION, a macro that is no Kconfig option; the pass with
 * CONFIG_TC_NC_HALF=y still leaves them out.  -DTC_NC_NO_OPTION lets
 * that pass read them.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nc_nopass

#if !defined(_TC_NC_NOPASS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_NOPASS_H

#include <linux/tracepoint.h>

#if defined(CONFIG_TC_NC_HALF) && defined(TC_NC_NO_OPTION)
TRACE_EVENT(tc_nc_half,
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

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE nopass
#include <trace/define_trace.h>
