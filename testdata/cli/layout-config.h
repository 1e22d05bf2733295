/* SPDX-License-Identifier: MIT */
/* --layout: events that exist only with -DTC_LAYOUT_ON (layout-config.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lconfig

#if !defined(_TC_LAYOUT_CONFIG_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_CONFIG_H

#include <linux/tracepoint.h>

#ifdef TC_LAYOUT_ON
TRACE_EVENT(tc_lcf_on,
	TP_PROTO(u8 v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(u8, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%u", __entry->v)
);
#endif

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-config
#include <trace/define_trace.h>

/*
 * check-name: without -D no event exists: the header is not checked, naming the option, exit 3
 * check-command: tracecheck $file
 * check-exit-value: 3
 *
 * check-output-start
check-output-end
check-error-start
tracecheck: warning: testdata/cli/layout-config.h: not checked: all its events are under #if of options this configuration leaves off (TC_LAYOUT_ON); --kconfig FILE or --kernel-build DIR selects one
check-error-end
 */
