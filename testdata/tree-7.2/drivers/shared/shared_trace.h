/* SPDX-License-Identifier: MIT */
/*
 * Code two drivers build, as i915's display code is built by i915 (with
 * -DI915) and again by xe (drivers/gpu/drm/xe/Makefile's pattern rule
 * $(obj)/i915-display/%.o: $(srctree)/drivers/gpu/drm/i915/display/%.c):
 * its trace header names another TRACE_SYSTEM in each build, and the
 * booted kernel has its events once per build.
 */
#undef TRACE_SYSTEM
#ifdef SHARED_HOME
#define TRACE_SYSTEM shared_home
#else
#define TRACE_SYSTEM shared_guest
#endif

#if !defined(_SHARED_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SHARED_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(shared_flip,
	TP_PROTO(int plane),
	TP_ARGS(plane),
	TP_STRUCT__entry(
		__field(int, plane)
	),
	TP_fast_assign(
		__entry->plane = plane;
	),
	TP_printk("plane=%d", __entry->plane)
);

#endif

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH ../../drivers/shared
#define TRACE_INCLUDE_FILE shared_trace
#include <trace/define_trace.h>
