/* SPDX-License-Identifier: MIT */
/* A field that exists only when the configuration enables it (see kconfig.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM foo_cfg

#if !defined(_FOO_CFG_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FOO_CFG_TRACE_H

#include <linux/foo_helpers.h>
#include <linux/tracepoint.h>

TRACE_EVENT(foo_cfg,
	TP_PROTO(u32 v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(u32, v)
#ifdef CONFIG_FOO_STATS
		__field(u32, stats)
#endif
#ifdef CONFIG_FOO_DEBUG_MODULE
		__field(u32, debug)
#endif
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%u", __entry->v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/foo
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE cfg_trace
#include <trace/define_trace.h>
