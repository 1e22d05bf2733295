/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positives: no TRACE_SYSTEM at all in a header that
 * includes <trace/define_trace.h>, and text after that include: a
 * declaration, and an #undef of what the later re-reads need.
 */
#if !defined(_TC_PROTO_LAST_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_LAST_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_last,
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

#endif /* _TC_PROTO_LAST_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE header-protocol-last
#include <trace/define_trace.h>

/* the comment and the first #undef are fine, the declaration is not */
#undef tc_proto_last_show
int tc_proto_last_helper(void);
/* the later re-reads need TRACE_INCLUDE_PATH */
#undef TRACE_INCLUDE_PATH

/*
 * check-name: header-protocol: no TRACE_SYSTEM, text after define_trace.h
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol-last.h:29:1: error: the header includes <trace/define_trace.h> but never defines TRACE_SYSTEM; its events get the system (and the re-read file) of whatever trace header came before, or do not build [header-protocol]
testdata/rules/header-protocol-last.h:33:1: warning: text after the '#include <trace/define_trace.h>'; it must come last (only #undef, #endif and comments after it), since every re-read of the header reads this too [header-protocol]
testdata/rules/header-protocol-last.h:35:1: error: '#undef TRACE_INCLUDE_PATH' after '#include <trace/define_trace.h>' runs in its first re-read of the header; the trace_events.h stages that re-read it next find it undefined, and the events do not build [header-protocol]
check-output-end
 */
