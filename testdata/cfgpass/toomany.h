/*
 * check-name: a bare header (no kernel tree: the passes' options come with -include): an #if/#elif chain of five options none of which this configuration has on needs a configuration for each; four passes are made (the bound), the fifth event stays not checked and says why; exit 3; with the fifth option on (-D), the #else side (all five off) is the one left
 * check-command: { tracecheck -v $file 2>&1; echo "exit status $?"; tracecheck -v -DCONFIG_TC_WAY5 $file 2>&1; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY1=y: tc_way1
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY2=y: tc_way2
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY3=y: tc_way3
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY4=y: tc_way4
tracecheck: warning: testdata/cfgpass/toomany.h: not checked: event 'tc_way5' (line 78, it needs a configuration of its own, and the header has had the 4 passes tracecheck makes) is under #if of options this configuration leaves off, and no other configuration read it; --kconfig FILE or --kernel-build DIR selects one
exit status 3
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY1=y: tc_way1
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY2=y: tc_way2
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY3=y: tc_way3
testdata/cfgpass/toomany.h: checked again with CONFIG_TC_WAY4=y: tc_way4
tracecheck: warning: testdata/cfgpass/toomany.h: not checked: event 'tc_way_none' (line 90, it needs a configuration of its own, and the header has had the 4 passes tracecheck makes) is under #if of options this configuration leaves off, and no other configuration read it; --kconfig FILE or --kernel-build DIR selects one
exit status 3
 * check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ways

#if !defined(_TC_WAYS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_WAYS_H

#include <linux/tracepoint.h>

#if defined(CONFIG_TC_WAY1)
TRACE_EVENT(tc_way1,
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
#elif defined(CONFIG_TC_WAY2)
TRACE_EVENT(tc_way2,
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
#elif defined(CONFIG_TC_WAY3)
TRACE_EVENT(tc_way3,
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
#elif defined(CONFIG_TC_WAY4)
TRACE_EVENT(tc_way4,
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
#elif defined(CONFIG_TC_WAY5)
TRACE_EVENT(tc_way5,
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
#else
TRACE_EVENT(tc_way_none,
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

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE toomany
#include <trace/define_trace.h>
