/* SPDX-License-Identifier: MIT */
/*
 * enum-not-exported: a TRACE_DEFINE_ENUM() whose only use is in an event
 * under an #if of a CONFIG_ option this configuration leaves out is not
 * "used by no print fmt": removing it would break the other
 * configurations.  As fs/xfs/scrub/trace.h, whose repair events are under
 * CONFIG_XFS_ONLINE_REPAIR.  Also through #if IS_ENABLED() and a macro
 * the region uses, defined outside it: 7.2's scrub/trace.h prints
 * XG_TYPE_STRINGS (xfs_types.h: { XG_TYPE_AG, "ag" }, ...) only inside
 * #if IS_ENABLED(CONFIG_XFS_ONLINE_REPAIR).  One that no configuration
 * uses is still reported, and so is one that names a macro, not an
 * enumerator (XFS_SCRUB_TYPE_PROBE): it rewrites nothing in any
 * configuration.
 *
 * check-name: enum-not-exported: advice to remove a TRACE_DEFINE_ENUM() holds in every configuration
 * check-command: tracecheck --no-kernel-tree $file
 * check-exit-value: 3
 *
 * check-output-start
testdata/rules/enum-not-exported-config.h:38:1: note: TRACE_DEFINE_ENUM(TC_CFGOFF_TYPE_PROBE) rewrites nothing: it names no enumerator, so the print fmt holds its value, never the name [enum-not-exported]
testdata/rules/enum-not-exported-config.h:38:1: note: a macro that expands to a number needs no TRACE_DEFINE_ENUM(): remove it
testdata/rules/enum-not-exported-config.h:41:1: note: TRACE_DEFINE_ENUM(TC_CFGOFF_GONE) is used by no print fmt of this header: the kernel rewrites nothing with it [enum-not-exported]
testdata/rules/enum-not-exported-config.h:41:1: note: remove it, or print the enumerator it names
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cfgoff
#if !defined(_TC_CFGOFF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CFGOFF_H
#include <linux/tracepoint.h>
enum tc_cfgoff_state { TC_CFGOFF_A, TC_CFGOFF_B, TC_CFGOFF_REPAIR, TC_CFGOFF_GONE };
enum tc_cfgoff_group { TC_CFGOFF_AG, TC_CFGOFF_RTG };
#define TC_CFGOFF_TYPE_PROBE 0
#define TC_CFGOFF_GROUP_STRINGS { TC_CFGOFF_AG, "ag" }, { TC_CFGOFF_RTG, "rtg" }, \
	{ TC_CFGOFF_TYPE_PROBE, "probe" }
TRACE_DEFINE_ENUM(TC_CFGOFF_AG);
TRACE_DEFINE_ENUM(TC_CFGOFF_RTG);
TRACE_DEFINE_ENUM(TC_CFGOFF_TYPE_PROBE);
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
#if IS_ENABLED(CONFIG_TC_CFGOFF_ONLINE_SCRUB)
TRACE_EVENT(tc_cfgoff_scrub,
	TP_PROTO(int type),
	TP_ARGS(type),
	TP_STRUCT__entry(__field(int, type)),
	TP_fast_assign(__entry->type = type;),
	TP_printk("type=%s", __print_symbolic(__entry->type, TC_CFGOFF_GROUP_STRINGS))
);
#endif
#endif
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE enum-not-exported-config
#include <trace/define_trace.h>
