/* SPDX-License-Identifier: MIT */
/*
 * Not checked without CONFIG_TC_NC_EVENTS: all its events are under an
 * #ifdef of it (the inner #ifdef is not named: the outermost one around
 * each event is); -DCONFIG_TC_NC_EVENTS checks them.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nc_config

#if !defined(_TC_NC_CONFIG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_CONFIG_H

#include <linux/tracepoint.h>

#ifdef CONFIG_TC_NC_EVENTS /* a comment is not an option */
DECLARE_EVENT_CLASS(tc_nc_class,
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

DEFINE_EVENT(tc_nc_class, tc_nc_one,
	TP_PROTO(int v),
	TP_ARGS(v));

#ifdef CONFIG_TC_NC_MORE
DEFINE_EVENT(tc_nc_class, tc_nc_two,
	TP_PROTO(int v),
	TP_ARGS(v));
#endif
#endif /* CONFIG_TC_NC_EVENTS */

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE config
#include <trace/define_trace.h>
