/* SPDX-License-Identifier: MIT */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tbl

#if !defined(_TBL_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TBL_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tbl_state,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", tbl_names[__entry->state])
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tbl_trace
#include <trace/define_trace.h>
