/* SPDX-License-Identifier: MIT */
/* A module's trace header, written for the 6.9 kernel it is built against. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kvmod

#if !defined(_KVMOD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _KVMOD_TRACE_H

#include <linux/tracepoint.h>

const char *kvmod_state_name(int state);

/* the 2-argument __assign_str() of 6.9 and before */
TRACE_EVENT(kvmod_name,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__string(name, name)
	),
	TP_fast_assign(
		__assign_str(name, name);
	),
	TP_printk("name=%s", __get_str(name))
);

/* printk-call: --fix records the string with the __assign_str() of the kernel */
TRACE_EVENT(kvmod_state,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", kvmod_state_name(__entry->state))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE kvmod_trace
#include <trace/define_trace.h>
