/* SPDX-License-Identifier: MIT */
/* --ignore RULE:EVENT: findings inside one event or class are dropped (.tracecheck beside it). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ig

#if !defined(_TC_IG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_IG_H

#include <linux/tracepoint.h>

#ifndef _TC_IG_HELPERS
#define _TC_IG_HELPERS
const char *tc_ig_name(int id);
#endif

DECLARE_EVENT_CLASS(tc_ig_class,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__field(int, id)
	),
	TP_fast_assign(
		__entry->id = id;
	),
	TP_printk("id=%d name=%s", __entry->id, tc_ig_name(__entry->id))
);

DEFINE_EVENT(tc_ig_class, tc_ig_one,
	TP_PROTO(int id),
	TP_ARGS(id)
);

DEFINE_EVENT(tc_ig_class, tc_ig_two,
	TP_PROTO(int id),
	TP_ARGS(id)
);

/* "tc_ig_a(" in a comment or a string does not open the event: TRACE_EVENT(tc_ig_a, ...) does */
TRACE_EVENT(tc_ig_a,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, stale)
	),
	TP_fast_assign(
		__entry->id = id; /* ) in a comment */
	),
	TP_printk("id=%d stale=%d (')' in a string)", __entry->id, __entry->stale)
);

TRACE_EVENT(tc_ig_b,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, stale)
	),
	TP_fast_assign(
		__entry->id = id;
	),
	TP_printk("id=%d stale=%d", __entry->id, __entry->stale)
);

#endif /* _TC_IG_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE ignore-event
#include <trace/define_trace.h>

/*
 * check-name: --ignore field-unassigned:tc_ig_a in the .tracecheck beside the header drops tc_ig_a's finding, not tc_ig_b's
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/cli/ignore-event/ignore-event.h:25:42: error: TP_printk() argument calls 'tc_ig_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/cli/ignore-event/ignore-event.h:25:42: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/cli/ignore-event/ignore-event.h:57:16: error: field 'stale' of event 'tc_ig_b' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
check-output-end
 */
