/* SPDX-License-Identifier: MIT */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sup

#if !defined(_SUP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SUP_TRACE_H

#include <linux/tracepoint.h>

const char *sup_mode_name(int mode);

/* tracecheck: ignore printk-call -- decoded by trace-cmd's sup plugin */
TRACE_EVENT(sup_whole,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

TRACE_EVENT(sup_trailing,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", sup_mode_name(__entry->mode)) // tracecheck: ignore printk-call -- the plugin again
);

TRACE_EVENT(sup_before,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	/*
	 * tracecheck: ignore printk-format, printk-call -- a reason
	 *   on two lines
	 */
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

TRACE_EVENT(sup_no_reason,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	/* tracecheck: ignore printk-call */
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

/* tracecheck: ignore no-such-rule -- typo */
TRACE_EVENT(sup_clean,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%d", __entry->mode)
);

#endif

#include <trace/define_trace.h>
