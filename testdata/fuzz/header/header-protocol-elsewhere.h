/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positive: the file name is right, but TRACE_INCLUDE_PATH
 * leads to a header of the same name in another directory, which
 * define_trace.h re-reads instead of this one.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_proto_elsewhere

#if !defined(_TC_PROTO_ELSEWHERE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_ELSEWHERE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_elsewhere,
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

#endif /* _TC_PROTO_ELSEWHERE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH header-protocol-inputs
#define TRACE_INCLUDE_FILE header-protocol-elsewhere
#include <trace/define_trace.h>

/*
 * check-name: header-protocol: TRACE_INCLUDE_PATH leads to another file of the same name
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol-elsewhere.h:30:1: error: define_trace.h's re-include "header-protocol-inputs/header-protocol-elsewhere.h" finds 'header-protocol-inputs/header-protocol-elsewhere.h', not this header; its events are never created [header-protocol]
check-output-end
 */
