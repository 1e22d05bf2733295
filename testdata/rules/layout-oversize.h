/* SPDX-License-Identifier: MIT */
/* layout-oversize: fields wider than every value TP_fast_assign() stores in them. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lovs

#if !defined(_TC_LOVS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LOVS_H

#include <linux/tracepoint.h>

#ifndef _TC_LOVS_HELPERS
#define _TC_LOVS_HELPERS
struct tc_lovs_task { pid_t pid; int prio; unsigned int flags; u64 runtime; bool queued; s32 nice; };
#endif

/*
 * notes: 'pid' (a long holding a pid_t), 'queued' (an int holding a bool),
 * 'sync' (only a comparison and the constant 0): 8 + 8 + 8 + 4 + 4 = 32
 * bytes; as int, bool, bool: 8 + 8 + 4 + 1 + 1 = 22 -> 24
 */
TRACE_EVENT(tc_lovs_wide,
	TP_PROTO(const struct tc_lovs_task *p, int wake_flags),
	TP_ARGS(p, wake_flags),
	TP_STRUCT__entry(
		__field(long, pid)
		__field(int, queued)
		__field(int, sync)
		__field(u64, runtime)
	),
	TP_fast_assign(
		__entry->pid = p->pid;
		__entry->queued = p->queued;
		if (wake_flags)
			__entry->sync = (wake_flags & 1) != 0;
		else
			__entry->sync = 0;
		__entry->runtime = p->runtime;
	),
	TP_printk("pid=%ld queued=%d sync=%d runtime=%llu", __entry->pid, __entry->queued,
		  __entry->sync, __entry->runtime)
);

/* notes: !!, ?: 1 : 0 and < in ints: 8 + 8 + 3 * 4 = 28 -> 32; with bools 8 + 8 + 3 -> 24 */
TRACE_EVENT(tc_lovs_flags,
	TP_PROTO(const struct tc_lovs_task *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(u64, runtime)
		__field(int, busy)
		__field(int, idle)
		__field(int, boosted)
	),
	TP_fast_assign(
		__entry->runtime = p->runtime;
		__entry->busy = !!(p->flags & 4);
		__entry->idle = p->flags & 8 ? 1 : 0;
		__entry->boosted = p->prio < 100;
	),
	TP_printk("runtime=%llu busy=%d idle=%d boosted=%d", __entry->runtime, __entry->busy,
		  __entry->idle, __entry->boosted)
);

/*
 * negatives: 'nice' is signed into an unsigned field (narrowing would change
 * its value); 'flags' is an explicit cast; 'prio' is assigned 100 + a value
 * (an int); 'mask' is also or-ed into; 'state' gets a 2
 */
TRACE_EVENT(tc_lovs_ok,
	TP_PROTO(const struct tc_lovs_task *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(u64, nice)
		__field(u64, flags)
		__field(long, prio)
		__field(int, mask)
		__field(int, state)
	),
	TP_fast_assign(
		__entry->nice = p->nice;
		__entry->flags = (u64)p->flags;
		__entry->prio = 100 + p->prio;
		__entry->mask = p->prio > 0;
		__entry->mask |= p->queued;
		__entry->state = p->queued ? 2 : 0;
	),
	TP_printk("nice=%llu flags=%llx prio=%ld mask=%d state=%d", __entry->nice, __entry->flags,
		  __entry->prio, __entry->mask, __entry->state)
);

/* negative: a bool in an int, but the record is no smaller with a bool (8 + 4 + 4 -> 8 + 4 + 1) */
TRACE_EVENT(tc_lovs_no_gain,
	TP_PROTO(const struct tc_lovs_task *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(int, prio)
		__field(int, queued)
	),
	TP_fast_assign(
		__entry->prio = p->prio;
		__entry->queued = p->queued;
	),
	TP_printk("prio=%d queued=%d", __entry->prio, __entry->queued)
);

#endif /* _TC_LOVS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-oversize
#include <trace/define_trace.h>

/*
 * check-name: layout-oversize: a bool in an int, comparisons in an int, a pid_t in a long; signed, cast, computed and no-gain negatives
 * check-command: tracecheck --enable layout-oversize $file
 * check-exit-value: 0
 *
 * check-output-start
testdata/rules/layout-oversize.h:25:17: note: field 'pid' is 'long' (8 bytes) but is only assigned values of 4-byte types (such as 'pid_t'); one would do [layout-oversize]
testdata/rules/layout-oversize.h:26:16: note: field 'queued' is 'int' (4 bytes) but only ever holds 0 or 1; a bool would do [layout-oversize]
testdata/rules/layout-oversize.h:27:16: note: field 'sync' is 'int' (4 bytes) but only ever holds 0 or 1; a bool would do [layout-oversize]
testdata/rules/layout-oversize.h:49:16: note: field 'busy' is 'int' (4 bytes) but only ever holds 0 or 1; a bool would do [layout-oversize]
testdata/rules/layout-oversize.h:50:16: note: field 'idle' is 'int' (4 bytes) but only ever holds 0 or 1; a bool would do [layout-oversize]
testdata/rules/layout-oversize.h:51:16: note: field 'boosted' is 'int' (4 bytes) but only ever holds 0 or 1; a bool would do [layout-oversize]
check-output-end
 */
