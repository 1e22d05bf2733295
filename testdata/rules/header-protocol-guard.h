/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positives: TRACE_SYSTEM inside the multi-read guard
 * while it also names the re-read file (no TRACE_INCLUDE_FILE), and
 * <trace/define_trace.h> inside the guard.  TRACE_SYSTEM_VAR makes the
 * dashes of TRACE_SYSTEM legal.
 */
#if !defined(_TC_PROTO_GUARD_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_GUARD_H

#undef TRACE_SYSTEM
#define TRACE_SYSTEM header-protocol-guard
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR tc_proto_guard

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_guard,
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

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#include <trace/define_trace.h>

#endif /* _TC_PROTO_GUARD_H */

/*
 * check-name: header-protocol: TRACE_SYSTEM and define_trace.h inside the guard
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol-guard.h:12:1: note: TRACE_SYSTEM is defined inside the multi-read guard, and names the file define_trace.h re-reads; when the header was included before, another header's TRACE_SYSTEM picks that file [header-protocol]
testdata/rules/header-protocol-guard.h:8:1: note: move '#undef TRACE_SYSTEM' and '#define TRACE_SYSTEM' above the guard that opens here
testdata/rules/header-protocol-guard.h:32:1: warning: <trace/define_trace.h> is included inside the multi-read guard; when the header was included before CREATE_TRACE_POINTS, the guard is closed and the tracepoints are never defined [header-protocol]
check-output-end
 */
