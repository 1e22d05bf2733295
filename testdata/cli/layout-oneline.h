/* SPDX-License-Identifier: MIT */
/*
 * --layout --suggest where layout-hole's fix leaves the class: two
 * elements on one line (layout-suggest-refused.case).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_loneline

#if !defined(_TC_LAYOUT_ONELINE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_ONELINE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_lo_pair,
	TP_PROTO(u8 a, u64 b, u8 c),
	TP_ARGS(a, b, c),
	TP_STRUCT__entry(
		__field(u8, a) __field(u64, b)
		__field(u8, c)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
	),
	TP_printk("a=%u b=%llu c=%u", __entry->a, __entry->b, __entry->c)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-oneline
#include <trace/define_trace.h>

/*
 * check-name: a hole layout-hole's fix cannot repair is still a finding
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/cli/layout-oneline.h:18:15: warning: record of event 'tc_lo_pair' has 14 bytes of padding (7 after 'a', 7 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/cli/layout-oneline.h:18:15: note: the record is 32 bytes; with the fields in the order b, a, c it would be 24
check-output-end
 */
