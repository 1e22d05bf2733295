/* SPDX-License-Identifier: MIT */
/*
 * The trace-event constructs whose meaning follows the kernel version:
 * checked in this 7.2 tree, in the 6.12 stand-in (--kernel-tree
 * testdata/tree) and on its own with -DLINUX_VERSION_CODE.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM new

#if !defined(_NEW_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _NEW_TRACE_H

#include <linux/tracepoint.h>

#ifndef NULL
#define NULL ((void *)0)	/* <linux/stddef.h>'s */
#endif

/* 6.16: DECLARE_TRACE(name) defines trace_name_tp(); DECLARE_TRACE_EVENT() the old name */
DECLARE_TRACE(new_probe,
	TP_PROTO(int v),
	TP_ARGS(v));

DECLARE_TRACE_EVENT(new_bare,
	TP_PROTO(int v),
	TP_ARGS(v));

TRACE_EVENT(new_names,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__array(char, tp, sizeof(&trace_new_probe_tp))
		__array(char, ev, sizeof(&trace_new_bare) + sizeof(&trace_call__new_bare))
	),
	TP_fast_assign(
		memset(__entry->tp, v, sizeof(__entry->tp));
		memset(__entry->ev, v, sizeof(__entry->ev));
	),
	TP_printk("tp=%d ev=%d", __entry->tp[0], __entry->ev[0])
);

/* 7.0: the context of the event, from common_flags */
TRACE_EVENT(new_irq,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d %s%s%s", __entry->v, __event_in_hardirq() ? "hardirq" : "",
		  __event_in_softirq() ? "softirq" : "", __event_in_irq() ? " (in-irq)" : "")
);

/* 7.0: the tables are read to their ARRAY_SIZE(), no { -1, NULL } is appended */
TRACE_EVENT(new_tables,
	TP_PROTO(unsigned long v, unsigned long f),
	TP_ARGS(v, f),
	TP_STRUCT__entry(
		__field(unsigned long, v)
		__field(unsigned long, f)
	),
	TP_fast_assign(
		__entry->v = v;
		__entry->f = f;
	),
	TP_printk("v=%s f=%s", __print_symbolic(__entry->v, { 1, "one" }, { -1, NULL }, { 2, "two" }),
		  __print_flags(__entry->f, "|", { 1, "a" }, { 2, "b" }, { 0, NULL }))
);

/* 7.0: __get_bitmask() restarts iter->tmp_seq, where __print_flags() printed */
TRACE_EVENT(new_bitmask,
	TP_PROTO(const unsigned long *mask, unsigned long f),
	TP_ARGS(mask, f),
	TP_STRUCT__entry(
		__bitmask(mask, 64)
		__field(unsigned long, f)
	),
	TP_fast_assign(
		__assign_bitmask(mask, mask, 64);
		__entry->f = f;
	),
	TP_printk("f=%s mask=%s", __print_flags(__entry->f, "|", { 1, "a" }), __get_bitmask(mask))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/new
#define TRACE_INCLUDE_FILE new_trace
#include <trace/define_trace.h>
