/* SPDX-License-Identifier: MIT */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM baz

#if !defined(_BAZ_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _BAZ_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(baz_mode,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", baz_mode_name(__entry->mode))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/baz
#define TRACE_INCLUDE_FILE baz_trace
#include <trace/define_trace.h>
