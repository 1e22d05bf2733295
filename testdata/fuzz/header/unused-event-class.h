/* SPDX-License-Identifier: MIT */
/* unused-event-class: a class no event uses, and classes used in every way. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_class

#if !defined(_TC_CLASS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CLASS_H

#include <linux/tracepoint.h>

/* positive: its events were removed, the class stayed */
DECLARE_EVENT_CLASS(tc_orphan,
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

/* negative: used by a DEFINE_EVENT */
DECLARE_EVENT_CLASS(tc_used,
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

DEFINE_EVENT(tc_used, tc_used_one,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: used only by an event this configuration leaves out */
DECLARE_EVENT_CLASS(tc_config,
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

#ifdef CONFIG_TC_NOT_SET
DEFINE_EVENT_PRINT(tc_config, tc_config_one,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_printk("value %d", __entry->v)
);
#endif

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE unused-event-class
#include <trace/define_trace.h>

/*
 * check-name: unused-event-class: a class without events; used classes, also under an #if left out
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/unused-event-class.h:12:1: warning: event class 'tc_orphan' has no DEFINE_EVENT(): its probe, output function and format are built for no event [unused-event-class]
testdata/rules/unused-event-class.h:12:1: note: remove it, or add the DEFINE_EVENT(tc_orphan, ...) that should use it
check-output-end
 */
