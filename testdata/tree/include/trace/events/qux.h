/* SPDX-License-Identifier: MIT */
/*
 * Instantiated by net/qux/traces.c, which no naming rule finds, and
 * which reads qux_defs.h (show_qux_mode()) first.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM qux

#if !defined(_TRACE_QUX_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_QUX_H

#include <linux/tracepoint.h>

TRACE_EVENT(qux_mode,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", show_qux_mode(__entry->mode))
);

#endif

#include <trace/define_trace.h>
