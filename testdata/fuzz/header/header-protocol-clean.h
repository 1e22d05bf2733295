/* SPDX-License-Identifier: MIT */
/*
 * header-protocol negative: the header of
 * samples/trace_events/trace-events-sample.h's shape.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_proto_clean

#if !defined(_TC_PROTO_CLEAN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_CLEAN_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_clean,
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

#endif /* _TC_PROTO_CLEAN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE header-protocol-clean
#include <trace/define_trace.h>

/*
 * check-name: header-protocol: a correct header produces nothing
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
