/* SPDX-License-Identifier: MIT */
/* A driver header of the stand-in tree, re-read through a path relative to include/trace. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo

#if !defined(_FOO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FOO_TRACE_H

#include <linux/foo_helpers.h>
#include <linux/tracepoint.h>

TRACE_EVENT(foo_port,
	TP_PROTO(u32 port),
	TP_ARGS(port),
	TP_STRUCT__entry(
		__field(u32, port)
	),
	TP_fast_assign(
		__entry->port = port;
	),
	TP_printk("port %c", foo_port_letter(__entry->port))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/foo
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE foo_trace
#include <trace/define_trace.h>
