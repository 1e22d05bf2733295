/* SPDX-License-Identifier: MIT */
/* A field that exists only with -DTC_WITH_EXTRA (see define.case); without it the header is clean. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ifdef

#if !defined(_TC_IFDEF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_IFDEF_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_ifdef,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
#ifdef TC_WITH_EXTRA
		__field(int, extra)
#endif
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ifdef
#include <trace/define_trace.h>

/*
 * check-name: without -D the extra field does not exist
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
