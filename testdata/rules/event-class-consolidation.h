/* SPDX-License-Identifier: MIT */
/* event-class-consolidation: TRACE_EVENT()s that differ only in their names. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_consol

#if !defined(_TC_CONSOL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CONSOL_H

#include <linux/tracepoint.h>

/* positive: three events alike but for their names */
TRACE_EVENT(tc_consol_start,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

TRACE_EVENT(tc_consol_stop,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

TRACE_EVENT(tc_consol_pause,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

/* negative: the same record and assign, another print fmt */
TRACE_EVENT(tc_consol_other,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d length=%u", __entry->id, __entry->len)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE event-class-consolidation
#include <trace/define_trace.h>

/*
 * check-name: event-class-consolidation: off by default; enabled, one note per group of TRACE_EVENT()s alike
 * check-command: { tracecheck $file; echo "exit status $?"; tracecheck --enable event-class-consolidation $file; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
exit status 0
testdata/rules/event-class-consolidation.h:12:1: note: 3 TRACE_EVENT()s ('tc_consol_start', 'tc_consol_stop', 'tc_consol_pause') differ only in their names: as one DECLARE_EVENT_CLASS() with 3 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/rules/event-class-consolidation.h:26:1: note: 'tc_consol_stop' has the prototype, record, assign code and print fmt of 'tc_consol_start'
testdata/rules/event-class-consolidation.h:40:1: note: 'tc_consol_pause' has the prototype, record, assign code and print fmt of 'tc_consol_start'
testdata/rules/event-class-consolidation.h:12:1: note: DECLARE_EVENT_CLASS(tc_consol_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(tc_consol_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/rules/event-class-consolidation.h:12:1: note: that is about 1500 to 9500 bytes less kernel text and data: 2 TRACE_EVENT()s fewer at 1-5 KB each, for DEFINE_EVENT()s of about 250 bytes (Rostedt, "tracing: Lowering the footprint of TRACE_EVENTs", LKML, May 2010)
exit status 0
check-output-end
 */
