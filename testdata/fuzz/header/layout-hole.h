/* SPDX-License-Identifier: MIT */
/* layout-hole: padding that a different field order removes, and padding it cannot. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_layout

#if !defined(_TC_LAYOUT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_H

#include <linux/tracepoint.h>

/* positive: u8 before u64 leaves 7 bytes, the tail 4 more */
TRACE_EVENT(tc_hole,
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

/* negative: a hole no order can recover (the record is rounded to 8 anyway) */
TRACE_EVENT(tc_hole_unrecoverable,
	TP_PROTO(int a, u64 b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(u64, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d b=%llu", __entry->a, __entry->b)
);

/* negative: already packed (largest alignment first) */
TRACE_EVENT(tc_packed,
	TP_PROTO(u64 a, u32 b, u16 c, u8 d),
	TP_ARGS(a, b, c, d),
	TP_STRUCT__entry(
		__field(u64, a)
		__field(u32, b)
		__field(u16, c)
		__field(u8, d)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
		__entry->d = d;
	),
	TP_printk("a=%llu b=%u c=%u d=%u", __entry->a, __entry->b, __entry->c, __entry->d)
);

#endif /* _TC_LAYOUT_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-hole
#include <trace/define_trace.h>

/*
 * check-name: layout-hole: recoverable padding only
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/layout-hole.h:16:15: warning: record of event 'tc_hole' has 11 bytes of padding (7 after 'flag', 4 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/rules/layout-hole.h:16:15: note: the record is 32 bytes; with the fields in the order val, pid, flag it would be 24
check-output-end
 */
