/* SPDX-License-Identifier: MIT */
/* Read before qux.h by net/qux/traces.c; defines the helper qux.h uses. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM qux

#if !defined(_TRACE_QUX_DEFS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_QUX_DEFS_H

#include <linux/tracepoint.h>

#define show_qux_mode(m) __print_symbolic(m, { 0, "off" }, { 1, "on" })

#endif

#include <trace/define_trace.h>
