/*
 * check-name: a bare header (no kernel tree, no autoconf.h: the pass's options come with -include after the flags): an event under #ifdef of an option that is off is checked in a pass with it on, its finding says so; an -U of the option is off too; one under #ifndef of an option that -D turns on, in a pass with it off
 * check-command: { tracecheck $file 2>&1; echo "exit status $?"; tracecheck -UCONFIG_TC_BARE_ON -DCONFIG_TC_BARE_OFF $file 2>&1; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
testdata/cfgpass/bare.h:32:16: error: field 'w' of event 'tc_bare_on' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/bare.h:32:16: note: found with CONFIG_TC_BARE_ON=y, in a pass of its own: the configuration checked leaves this code out
testdata/cfgpass/bare.h:47:17: error: field 'n' of event 'tc_bare_off' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
exit status 1
testdata/cfgpass/bare.h:32:16: error: field 'w' of event 'tc_bare_on' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/bare.h:32:16: note: found with CONFIG_TC_BARE_ON=y, in a pass of its own: the configuration checked leaves this code out
testdata/cfgpass/bare.h:47:17: error: field 'n' of event 'tc_bare_off' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/cfgpass/bare.h:47:17: note: found with CONFIG_TC_BARE_OFF=n, in a pass of its own: the configuration checked leaves this code out
exit status 1
 * check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_bare_cfg

#if !defined(_TC_BARE_CFG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_BARE_CFG_H

#include <linux/tracepoint.h>

#ifdef CONFIG_TC_BARE_ON
TRACE_EVENT(tc_bare_on,
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
#endif

#ifndef CONFIG_TC_BARE_OFF
TRACE_EVENT(tc_bare_off,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
		__field(long, n)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d n=%ld", __entry->v, __entry->n)
);
#endif

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE bare
#include <trace/define_trace.h>
