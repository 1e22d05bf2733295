/* SPDX-License-Identifier: MIT */
/* A nested conditional in an event only a pass with CONFIG_TC_FIX_MODE reads (fix.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cfg_fix

#if !defined(_TC_CFG_FIX_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CFG_FIX_H

#include <linux/tracepoint.h>

#ifdef CONFIG_TC_FIX_MODE
TRACE_EVENT(tc_cfg_mode,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", __entry->mode == 1 ? "one" : __entry->mode == 2 ? "two" : "many")
);
#endif

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ternary
#include <trace/define_trace.h>
