/* SPDX-License-Identifier: MIT */
/* instantiated through the collecting trace.h; coll_rx is fired through trace_##ev, coll_tx not at all */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM coll

#if !defined(_TRACE_COLL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_COLL_H

#include <linux/tracepoint.h>

TRACE_EVENT(coll_rx,
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

TRACE_EVENT(coll_tx,
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

#endif /* _TRACE_COLL_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace_coll
#include <trace/define_trace.h>
