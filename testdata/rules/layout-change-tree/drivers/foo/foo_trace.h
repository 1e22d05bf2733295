/* SPDX-License-Identifier: MIT */
/*
 * A driver's events for layout-change.case (not from the kernel):
 * layout-change-inputs/foo.patch renames foo_state's 'state', widens its
 * 'flags', removes foo_reset's 'code', and adds a field to foo_ok and
 * spells its 'a' s32 (no finding for those two); in foo_dirty (after
 * 6.12 -> 7.2's balance_dirty_pages in include/trace/events/writeback.h)
 * it removes 'thresh' and renames the two fields after 'dirty'.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo

#if !defined(_FOO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FOO_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(foo_state,
	TP_PROTO(int state, unsigned int flags),
	TP_ARGS(state, flags),
	TP_STRUCT__entry(
		__field(int, state)
		__field(unsigned int, flags)
	),
	TP_fast_assign(
		__entry->state = state;
		__entry->flags = flags;
	),
	TP_printk("state=%d flags=0x%x", __entry->state, __entry->flags)
);

TRACE_EVENT(foo_reset,
	TP_PROTO(int reason, int code),
	TP_ARGS(reason, code),
	TP_STRUCT__entry(
		__field(int, reason)
		__field(int, code)
	),
	TP_fast_assign(
		__entry->reason = reason;
		__entry->code = code;
	),
	TP_printk("reason=%d code=%d", __entry->reason, __entry->code)
);

TRACE_EVENT(foo_dirty,
	TP_PROTO(unsigned long x, unsigned long a, unsigned long s, unsigned long d),
	TP_ARGS(x, a, s, d),
	TP_STRUCT__entry(
		__field(unsigned long, thresh)
		__field(unsigned long, dirty)
		__field(unsigned long, bdi_setpoint)
		__field(unsigned long, bdi_dirty)
	),
	TP_fast_assign(
		__entry->thresh = x;
		__entry->dirty = a;
		__entry->bdi_setpoint = s;
		__entry->bdi_dirty = d;
	),
	TP_printk("thresh=%lu dirty=%lu bdi_setpoint=%lu bdi_dirty=%lu", __entry->thresh,
		  __entry->dirty, __entry->bdi_setpoint, __entry->bdi_dirty)
);

TRACE_EVENT(foo_ok,
	TP_PROTO(int a),
	TP_ARGS(a),
	TP_STRUCT__entry(
		__field(int, a)
	),
	TP_fast_assign(
		__entry->a = a;
	),
	TP_printk("a=%d", __entry->a)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE foo_trace
#include <trace/define_trace.h>
