/* SPDX-License-Identifier: MIT */
/* --layout: an event without holes (layout-simple.case, layout-suggest-none.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lsimple

#if !defined(_TC_LAYOUT_SIMPLE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_SIMPLE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_ls_io,
	TP_PROTO(u64 sector, u32 len, int op),
	TP_ARGS(sector, len, op),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, len)
		__field(int, op)
	),
	TP_fast_assign(
		__entry->sector = sector;
		__entry->len = len;
		__entry->op = op;
	),
	TP_printk("sector=%llu len=%u op=%d", __entry->sector, __entry->len, __entry->op)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-simple
#include <trace/define_trace.h>

/*
 * check-name: an event without holes: no finding
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
