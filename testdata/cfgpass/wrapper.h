/*
 * check-name: events of a wrapper macro the header defines as an event macro under #ifdef of an option that is off, and as its _NOP form in the #else (sched.h's DEFINE_EVENT_SCHEDSTAT under CONFIG_SCHEDSTATS): checked in a pass with the option on, each counted, its findings saying so; a call of the wrapper under #ifdef of another option (rcu.h's TRACE_EVENT_RCU under CONFIG_RCU_NOCB_CPU) in a pass with both; with the options on, checked as they are
 * check-command: { tracecheck -v --format=json $file 2>&1 | grep -v libclang | grep -o 'checked again.*\|"events":[0-9]*' | sort -u; tracecheck $file 2>&1; echo "exit status $?"; tracecheck -DCONFIG_TC_STATS -DCONFIG_TC_EXTRA $file 2>&1; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
"events":4
checked again with CONFIG_TC_EXTRA=y CONFIG_TC_STATS=y: tc_stat_wait, tc_stat_sleep, tc_stat_extra
testdata/cfgpass/wrapper.h:32:16: error: field 'w' of event class 'tc_stat_template' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/wrapper.h:32:16: note: found with CONFIG_TC_STATS=y, in a pass of its own: the configuration checked leaves this code out
testdata/cfgpass/wrapper.h:60:17: error: field 'x' of event 'tc_extra_template' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/wrapper.h:60:17: note: found with CONFIG_TC_EXTRA=y CONFIG_TC_STATS=y, in a pass of its own: the configuration checked leaves this code out
exit status 1
testdata/cfgpass/wrapper.h:32:16: error: field 'w' of event class 'tc_stat_template' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/wrapper.h:60:17: error: field 'x' of event 'tc_extra_template' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
exit status 1
 * check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_wrapper

#if !defined(_TC_WRAPPER_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_WRAPPER_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tc_stat_template,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
		__field(int, w)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d w=%d", __entry->v, __entry->w)
);

#ifdef CONFIG_TC_STATS
#define DEFINE_EVENT_TC_STAT DEFINE_EVENT
#else
#define DEFINE_EVENT_TC_STAT DEFINE_EVENT_NOP
#endif

DEFINE_EVENT_TC_STAT(tc_stat_template, tc_stat_wait,
	TP_PROTO(int v),
	TP_ARGS(v));

DEFINE_EVENT_TC_STAT(tc_stat_template, tc_stat_sleep,
	TP_PROTO(int v),
	TP_ARGS(v));

#ifdef CONFIG_TC_EXTRA
DECLARE_EVENT_CLASS(tc_extra_template,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
		__field(long, x)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d x=%ld", __entry->v, __entry->x)
);

DEFINE_EVENT_TC_STAT(tc_extra_template, tc_stat_extra,
	TP_PROTO(int v),
	TP_ARGS(v));
#endif

TRACE_EVENT(tc_stat_always,
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

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE wrapper
#include <trace/define_trace.h>
