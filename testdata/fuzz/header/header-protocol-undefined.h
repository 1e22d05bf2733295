/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positive: TRACE_SYSTEM and events, but no
 * <trace/define_trace.h>: the events are declared and never created.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_proto_undefined

#if !defined(_TC_PROTO_UNDEFINED_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_UNDEFINED_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_undefined,
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

#endif /* _TC_PROTO_UNDEFINED_H */

/*
 * check-name: header-protocol: events without <trace/define_trace.h>
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol-undefined.h:14:1: error: the header defines TRACE_SYSTEM and events but never includes <trace/define_trace.h>; the events are declared, never created [header-protocol]
check-output-end
 */
