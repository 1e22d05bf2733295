/* SPDX-License-Identifier: MIT */
/* a header that includes itself, without a guard */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_gen

#if !defined(_TC_GEN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_GEN_H

#include <linux/tracepoint.h>
#include "self-include.h" /* no guard stops this */

TRACE_EVENT(tc_gen,
	TP_PROTO(u8 flag, u64 val, int pid),
	TP_ARGS(flag, val, pid),
	TP_STRUCT__entry(
		__field(u8, flag)
		__field(u64, val)
		__field(int, pid)
	),
	TP_fast_assign(
		__entry->flag = flag;
		__entry->val = val;
		__entry->pid = pid;
	),
	TP_printk("flag=%u val=%llu pid=%d", __entry->flag, __entry->val, __entry->pid)
);

#endif /* _TC_GEN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE self-include
#include <trace/define_trace.h>
