/* SPDX-License-Identifier: MIT */
/*
 * header-protocol positives: TRACE_SYSTEM defined without '#undef
 * TRACE_SYSTEM' first, a TRACE_SYSTEM that is not an identifier without
 * TRACE_SYSTEM_VAR, a plain include guard (no TRACE_HEADER_MULTI_READ)
 * and no <linux/tracepoint.h>.  The re-read file is named correctly.
 */
#define TRACE_SYSTEM tc-proto

#ifndef _TC_PROTO_H
#define _TC_PROTO_H

TRACE_EVENT(tc_proto,
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

#endif /* _TC_PROTO_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE header-protocol
#include <trace/define_trace.h>

/*
 * check-name: header-protocol: TRACE_SYSTEM, the guard and <linux/tracepoint.h>
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/header-protocol.h:8:1: error: TRACE_SYSTEM 'tc-proto' is not made of letters, digits and '_', and TRACE_SYSTEM_VAR is not defined; trace_events.h pastes it into identifiers, so the events do not build [header-protocol]
testdata/rules/header-protocol.h:8:1: warning: '#define TRACE_SYSTEM' is not preceded by '#undef TRACE_SYSTEM'; after another trace header it redefines that header's TRACE_SYSTEM [header-protocol]
testdata/rules/header-protocol.h:8:1: note: write '#undef TRACE_SYSTEM' on the line before
testdata/rules/header-protocol.h:10:1: error: the header's guard lacks '|| defined(TRACE_HEADER_MULTI_READ)'; define_trace.h's re-reads find it closed and no event is created [header-protocol]
testdata/rules/header-protocol.h:10:1: note: write '#if !defined(_TC_PROTO_H) || defined(TRACE_HEADER_MULTI_READ)'
testdata/rules/header-protocol.h:13:1: warning: the header does not include <linux/tracepoint.h>; it builds only when its includer has included it first [header-protocol]
check-output-end
 */
