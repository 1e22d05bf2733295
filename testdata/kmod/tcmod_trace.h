/* SPDX-License-Identifier: MIT */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tcmod

#if !defined(_TCMOD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TCMOD_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tcmod_state,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", tcmod_state_name(__entry->state))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tcmod_trace
#include <trace/define_trace.h>
