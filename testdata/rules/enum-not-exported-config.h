/* SPDX-License-Identifier: MIT */
/*
 * enum-not-exported: a TRACE_DEFINE_ENUM() whose only use is in an event
 * under an #if of a CONFIG_ option this configuration leaves out is not
 * "used by no print fmt": removing it would break the other
 * configurations.  As fs/xfs/scrub/trace.h, whose repair events are under
 * CONFIG_XFS_ONLINE_REPAIR.  One that no configuration uses is still
 * reported.
 *
 * check-name: enum-not-exported: advice to remove a TRACE_DEFINE_ENUM() holds in every configuration
 * check-command: tracecheck --no-kernel-tree $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/enum-not-exported-config.h:27:1: warning: TRACE_DEFINE_ENUM(TC_CFGOFF_GONE) is used by no print fmt of this header: the kernel rewrites nothing with it [enum-not-exported]
testdata/rules/enum-not-exported-config.h:27:1: note: remove it, or print the enumerator it names
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cfgoff
#if !defined(_TC_CFGOFF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CFGOFF_H
#include <linux/tracepoint.h>
enum tc_cfgoff_state { TC_CFGOFF_A, TC_CFGOFF_B, TC_CFGOFF_REPAIR, TC_CFGOFF_GONE };
TRACE_DEFINE_ENUM(TC_CFGOFF_A);
TRACE_DEFINE_ENUM(TC_CFGOFF_REPAIR);
TRACE_DEFINE_ENUM(TC_CFGOFF_GONE);
TRACE_EVENT(tc_cfgoff_ev,
	TP_PROTO(int a),
	TP_ARGS(a),
	TP_STRUCT__entry(__field(int, a)),
	TP_fast_assign(__entry->a = a;),
	TP_printk("a=%s", __print_symbolic(__entry->a, { TC_CFGOFF_A, "A" }))
);
#ifdef CONFIG_TC_CFGOFF_ONLINE_REPAIR
TRACE_EVENT(tc_cfgoff_repair,
	TP_PROTO(int a),
	TP_ARGS(a),
	TP_STRUCT__entry(__field(int, a)),
	TP_fast_assign(__entry->a = a;),
	TP_printk("a=%s", __print_symbolic(__entry->a, { TC_CFGOFF_REPAIR, "R" }))
);
#endif
#endif
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE enum-not-exported-config
#include <trace/define_trace.h>
