/* SPDX-License-Identifier: MIT */
/* negative: arch/foo/kernel/irq.c instantiates it as <asm/trace.h> */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo_irq

#if !defined(_ASM_FOO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _ASM_FOO_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(foo_irq_entry,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

#endif /* _ASM_FOO_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH asm
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
