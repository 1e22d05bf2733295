/* SPDX-License-Identifier: MIT */
/* --layout: an event whose class another header defines (layout-foreign.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_lforeign

#if !defined(_TC_LAYOUT_FOREIGN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_FOREIGN_H

#include <linux/tracepoint.h>

DEFINE_EVENT(tc_lf_class, tc_lf_use,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-foreign
#include <trace/define_trace.h>

/*
 * check-name: a DEFINE_EVENT() of a class defined elsewhere
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
