/* SPDX-License-Identifier: MIT */
/*
 * unused-tracepoint across 6.16, where DECLARE_TRACE(NAME) began to define
 * trace_NAME_tp() and __tracepoint_NAME_tp; the callers are in kernel/tpn/core.c.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tpn

#if !defined(_TRACE_TPN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPN_H

#include <linux/tracepoint.h>

/* fired as trace_tpn_new_tp(): used from 6.16, never fired before */
DECLARE_TRACE(tpn_new,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* fired as trace_tpn_old(): never fired from 6.16, used before */
DECLARE_TRACE(tpn_old,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* nothing fires it: the names in the messages are the kernel's */
DECLARE_TRACE_CONDITION(tpn_cond,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v > 0)
);

/* exported as tpn_exp_tp and fired nowhere: a module may fire it from 6.16 */
DECLARE_TRACE(tpn_exp,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* an event keeps its name in every kernel: trace_tpn_event() */
TRACE_EVENT(tpn_event,
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

#endif /* _TRACE_TPN_H */

#include <trace/define_trace.h>
