/* SPDX-License-Identifier: MIT */
/*
 * A driver whose tracing is an option of its own (wil6210, ath10k,
 * batman-adv): without it, the header #defines TRACE_EVENT() itself as
 * an empty inline function.  Still a trace header: it names its
 * TRACE_SYSTEM, which the tracing infrastructure never does.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM new_optional
#if !defined(_NEW_OPTIONAL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _NEW_OPTIONAL_H

#include <linux/tracepoint.h>

#if !defined(CONFIG_NEW_OPTIONAL_TRACING) || defined(__CHECKER__)
#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, ...) \
static inline void trace_ ## name(proto) {}
#endif

TRACE_EVENT(new_optional_irq,
	TP_PROTO(unsigned int x),
	TP_ARGS(x),
	TP_STRUCT__entry(
		__field(unsigned int, x)
	),
	TP_fast_assign(
		__entry->x = x;
	),
	TP_printk("x=%u", __entry->x)
);

#endif

#if defined(CONFIG_NEW_OPTIONAL_TRACING) && !defined(__CHECKER__)
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/new
#define TRACE_INCLUDE_FILE new_optional
#include <trace/define_trace.h>
#endif
