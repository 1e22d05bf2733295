/* SPDX-License-Identifier: MIT */
/*
 * --layout: a class with several DEFINE_EVENT()s and a
 * DEFINE_EVENT_PRINT(), and a TRACE_EVENT() whose record a DEFINE_EVENT()
 * shares (layout-class.case, layout-event*.case).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lclass

#if !defined(_TC_LAYOUT_CLASS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_CLASS_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tc_lc_class,
	TP_PROTO(int id, u64 ts),
	TP_ARGS(id, ts),
	TP_STRUCT__entry(
		__field(int, id)
		__field(u64, ts)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->ts = ts;
	),
	TP_printk("id=%d ts=%llu", __entry->id, __entry->ts)
);

DEFINE_EVENT(tc_lc_class, tc_lc_start,
	TP_PROTO(int id, u64 ts),
	TP_ARGS(id, ts)
);

DEFINE_EVENT(tc_lc_class, tc_lc_stop,
	TP_PROTO(int id, u64 ts),
	TP_ARGS(id, ts)
);

DEFINE_EVENT_PRINT(tc_lc_class, tc_lc_tick,
	TP_PROTO(int id, u64 ts),
	TP_ARGS(id, ts),
	TP_printk("tick %d at %llu", __entry->id, __entry->ts)
);

TRACE_EVENT(tc_lc_other,
	TP_PROTO(u16 v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(u16, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%u", __entry->v)
);

DEFINE_EVENT(tc_lc_other, tc_lc_other_again,
	TP_PROTO(u16 v),
	TP_ARGS(v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-class
#include <trace/define_trace.h>

/*
 * check-name: the class's hole is not one reordering removes: no finding
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
