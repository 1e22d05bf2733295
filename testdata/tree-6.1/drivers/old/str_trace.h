/* SPDX-License-Identifier: MIT */
/* A 6.1 tree's trace header for assign-str-mismatch (testdata/rules/assign-str-mismatch-6.1.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM old_str

#if !defined(_OLD_STR_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _OLD_STR_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(old_str_one_arg,
	TP_PROTO(const char *name, const char *buf, int len),
	TP_ARGS(name, buf, len),
	TP_STRUCT__entry(
		__string(name, name)
		__string_len(buf, buf, len)
	),
	TP_fast_assign(
		__assign_str(name);
		__assign_str_len(buf, buf, len);
	),
	TP_printk("name=%s buf=%s", __get_str(name), __get_str(buf))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/old
#define TRACE_INCLUDE_FILE str_trace
#include <trace/define_trace.h>
