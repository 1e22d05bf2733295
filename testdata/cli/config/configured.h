/* SPDX-License-Identifier: MIT */
/*
 * DEFINE_EVENTs share their class: a class's finding is reported once,
 * for the class, however many events use it; DEFINE_EVENT_PRINT
 * replaces only the print; a class no event uses is not reported.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_shared

#if !defined(_TC_CONFIGURED_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CONFIGURED_H

#include <linux/tracepoint.h>

#ifndef _TC_CONFIGURED_HELPERS
#define _TC_CONFIGURED_HELPERS
const char *tc_name_of(int id);
#endif

DECLARE_EVENT_CLASS(tc_req_class,
	TP_PROTO(int id, u8 prio, u64 cookie),
	TP_ARGS(id, prio, cookie),
	TP_STRUCT__entry(
		__field(u8, prio)
		__field(u64, cookie)
		__field(int, id)
		__field(int, unused)
	),
	TP_fast_assign(
		__entry->prio = prio;
		__entry->cookie = cookie;
		__entry->id = id;
	),
	TP_printk("id=%d prio=%u cookie=%llu", __entry->id, __entry->prio, __entry->cookie)
);

DEFINE_EVENT(tc_req_class, tc_req_start,
	TP_PROTO(int id, u8 prio, u64 cookie),
	TP_ARGS(id, prio, cookie));

DEFINE_EVENT(tc_req_class, tc_req_done,
	TP_PROTO(int id, u8 prio, u64 cookie),
	TP_ARGS(id, prio, cookie));

/* Its own print calls a function; the class's print is fine. */
DEFINE_EVENT_PRINT(tc_req_class, tc_req_named,
	TP_PROTO(int id, u8 prio, u64 cookie),
	TP_ARGS(id, prio, cookie),
	TP_printk("name=%s", tc_name_of(__entry->id)));

/* No event uses this class: the kernel never shows its format. */
DECLARE_EVENT_CLASS(tc_unused_class,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, never)
	),
	TP_fast_assign(
		__entry->id = id;
	),
	TP_printk("id=%d %s", __entry->id, tc_name_of(__entry->id))
);

#endif /* _TC_CONFIGURED_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE configured
#include <trace/define_trace.h>

/*
 * check-name: .tracecheck beside the header disables printk-call and makes layout-hole an error
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/cli/config/configured.h:27:16: error: field 'unused' of event class 'tc_req_class' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cli/config/configured.h:49:23: error: libtraceevent 1.7.1 to 1.9.0 cannot parse this argument: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-userspace]
testdata/cli/config/configured.h:52:1: warning: event class 'tc_unused_class' has no DEFINE_EVENT(): its probe, output function and format are built for no event [unused-event-class]
testdata/cli/config/configured.h:52:1: note: remove it, or add the DEFINE_EVENT(tc_unused_class, ...) that should use it
check-output-end
 */
