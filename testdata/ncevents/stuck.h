/* SPDX-License-Identifier: MIT */
/*
 * Events under #if that the passes in other configurations do not all
 * read (not-checked-events.case): tc_st_wide is checked in a pass with
 * CONFIG_TC_ST_WIDE=y; tc_st_half needs TC_ST_NO_OPTION, a macro that is
 * no Kconfig option, besides CONFIG_TC_ST_HALF: the pass with
 * CONFIG_TC_ST_HALF=y still leaves it out, and it is not checked.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_stuck

#if !defined(_TC_NC_STUCK_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_STUCK_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_st_open,
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

#ifdef CONFIG_TC_ST_WIDE
TRACE_EVENT(tc_st_wide,
	TP_PROTO(long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(long, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%ld", __entry->v)
);
#endif

#if defined(CONFIG_TC_ST_HALF) && defined(TC_ST_NO_OPTION)
TRACE_EVENT(tc_st_half,
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

#endif /* _TC_NC_STUCK_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE stuck
#include <trace/define_trace.h>
