/* SPDX-License-Identifier: MIT */
/* FOO_NAME_LEN comes from drivers/foo/Makefile's ccflags-y. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo_sub

#if !defined(_FOO_SUB_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FOO_SUB_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(foo_sub_name,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__array(char, name, FOO_NAME_LEN)
	),
	TP_fast_assign(
		memcpy(__entry->name, name, FOO_NAME_LEN);
	),
	TP_printk("name=%s", __entry->name)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/foo/sub
#define TRACE_INCLUDE_FILE sub_trace
#include <trace/define_trace.h>
