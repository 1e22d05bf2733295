/* SPDX-License-Identifier: MIT */
/*
 * --layout: holes, tail padding, a cacheline crossed, and a record
 * that differs between ABIs (layout-holes.case, layout-targets.case,
 * layout-suggest.case).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lholes

#if !defined(_TC_LAYOUT_HOLES_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_HOLES_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_lh_mixed,
	TP_PROTO(u32 nr, unsigned long addr, u64 ts, void *ptr, bool flag),
	TP_ARGS(nr, addr, ts, ptr, flag),
	TP_STRUCT__entry(
		__field(u32, nr)
		/* where it happened */
		__field(unsigned long, addr)
		__field(u64, ts)
		__field(void *, ptr)
		__field(bool, flag)
	),
	TP_fast_assign(
		__entry->nr = nr;
		__entry->addr = addr;
		__entry->ts = ts;
		__entry->ptr = ptr;
		__entry->flag = flag;
	),
	TP_printk("nr=%u addr=%lx ts=%llu ptr=%p flag=%d", __entry->nr, __entry->addr,
		  __entry->ts, __entry->ptr, __entry->flag)
);

TRACE_EVENT(tc_lh_big,
	TP_PROTO(char a, const u64 *v, char b),
	TP_ARGS(a, v, b),
	TP_STRUCT__entry(
		__field(char, a)
		__array(u64, vals, 10)
		__field(char, b)
	),
	TP_fast_assign(
		__entry->a = a;
		memcpy(__entry->vals, v, sizeof(__entry->vals));
		__entry->b = b;
	),
	TP_printk("a=%d b=%d", __entry->a, __entry->b)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-holes
#include <trace/define_trace.h>

/*
 * check-name: the holes --layout shows are layout-hole's findings
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/cli/layout-holes.h:19:16: warning: record of event 'tc_lh_mixed' has 11 bytes of padding (4 after 'nr', 7 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/cli/layout-holes.h:19:16: note: the record is 48 bytes; with the fields in the order addr, ts, ptr, nr, flag it would be 40
testdata/cli/layout-holes.h:41:17: warning: record of event 'tc_lh_big' has 14 bytes of padding (7 after 'a', 7 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/cli/layout-holes.h:41:17: note: the record is 104 bytes; with the fields in the order vals, a, b it would be 96
check-output-end
 */
