/* SPDX-License-Identifier: MIT */
/* create-trace-points: nothing instantiates it; tpd.c calls trace_tpd_tick_tp() */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tpd

#if !defined(_TPD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TPD_TRACE_H

#include <linux/tracepoint.h>

DECLARE_TRACE(tpd_tick,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TPD_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tpd_trace
#include <trace/define_trace.h>
