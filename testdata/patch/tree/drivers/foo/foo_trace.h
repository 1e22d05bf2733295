/* SPDX-License-Identifier: MIT */
/* A fixture of the --patch cases (testdata/patch/*.patch): a clean header. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo

#if !defined(_FOO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FOO_TRACE_H

#include <linux/tracepoint.h>

const char *foo_state_name(int state);

TRACE_EVENT(foo_state,
	TP_PROTO(int state, unsigned int flags),
	TP_ARGS(state, flags),
	TP_STRUCT__entry(
		__field(int, state)
		__field(unsigned int, flags)
	),
	TP_fast_assign(
		__entry->state = state;
		__entry->flags = flags;
	),
	TP_printk("state=%d flags=0x%x", __entry->state, __entry->flags)
);

TRACE_EVENT(foo_reset,
	TP_PROTO(int reason),
	TP_ARGS(reason),
	TP_STRUCT__entry(
		__field(int, reason)
	),
	TP_fast_assign(
		__entry->reason = reason;
	),
	TP_printk("reason=%d", __entry->reason)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE foo_trace
#include <trace/define_trace.h>
