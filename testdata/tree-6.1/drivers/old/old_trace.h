/* SPDX-License-Identifier: MIT */
/* char fields and an array whose length is an enum constant, as a 6.1 tree shows them. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM old

#if !defined(_OLD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _OLD_TRACE_H

#include <linux/tracepoint.h>

enum { OLD_COMM_LEN = 16 }; /* an enum, as TASK_COMM_LEN became in 5.17 */

TRACE_EVENT(old_comm,
	TP_PROTO(const char *comm, char c),
	TP_ARGS(comm, c),
	TP_STRUCT__entry(
		__array(char, comm, OLD_COMM_LEN)
		__field(char, c)
	),
	TP_fast_assign(
		memcpy(__entry->comm, comm, OLD_COMM_LEN);
		__entry->c = c;
	),
	TP_printk("comm=%s c=%d", __entry->comm, __entry->c)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/old
#define TRACE_INCLUDE_FILE old_trace
#include <trace/define_trace.h>
