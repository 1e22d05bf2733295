/* SPDX-License-Identifier: MIT */
/* unused-tracepoint: events used in every way the kernel uses them, and unused ones. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tpa

#if !defined(_TRACE_TPA_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPA_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tpa_class,
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

/* negative: trace_tpa_called() in kernel/tpa/core.c */
DEFINE_EVENT(tpa_class, tpa_called,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: only trace_tpa_checked_enabled(), which make UT=1 does not count */
DEFINE_EVENT(tpa_class, tpa_checked,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: a probe is registered on it, but nothing fires it */
DEFINE_EVENT(tpa_class, tpa_probed,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: TPA_EVENT(pasted) pastes trace_tpa_ ## pasted */
DEFINE_EVENT(tpa_class, tpa_pasted,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: through two macros, TPA_STEP(chained) -> TPA_EVENT(chained) */
DEFINE_EVENT(tpa_class, tpa_chained,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: named only in a comment and a string */
DEFINE_EVENT(tpa_class, tpa_mentioned,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: only an empty stub of the same name is defined */
DEFINE_EVENT(tpa_class, tpa_stubbed,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* lower (note): exported for modules, no caller in the tree */
DEFINE_EVENT(tpa_class, tpa_exported,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: creates no tracepoint */
DEFINE_EVENT_NOP(tpa_class, tpa_nop,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: its call was removed */
TRACE_EVENT(tpa_removed,
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

/* negative: DECLARE_TRACE, fired through tracepoint_enabled() and __tpa_raw_used() */
DECLARE_TRACE(tpa_raw_used,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive in this 6.12 tree: fired only as trace_tpa_raw_new_tp(), its name from 6.16 on */
DECLARE_TRACE(tpa_raw_new,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: a DECLARE_TRACE nothing fires */
DECLARE_TRACE(tpa_raw_unused,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TRACE_TPA_H */

#include <trace/define_trace.h>
