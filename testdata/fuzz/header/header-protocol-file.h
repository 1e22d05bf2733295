/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positive: TRACE_INCLUDE_FILE names another file than
 * this one (a copy-and-paste from a sibling header).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_proto_file

#if !defined(_TC_PROTO_FILE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_FILE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_file,
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

#endif /* _TC_PROTO_FILE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE header-protocol-files
#include <trace/define_trace.h>

/*
 * check-name: header-protocol: TRACE_INCLUDE_FILE names another file
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol-file.h:30:1: error: TRACE_INCLUDE_FILE 'header-protocol-files' makes define_trace.h re-read 'header-protocol-files.h', not this file ('header-protocol-file.h'); its events are never created [header-protocol]
check-output-end
 */
