/* SPDX-License-Identifier: MIT */
/*
 * tracecheck's replacement for the kernel's <linux/tracepoint.h>.
 *
 * It is found before the kernel's copy (tracecheck puts its include
 * directory first) and gives the event macros their "declaration"
 * meaning: the header's first, ordinary read.  The instantiating reads
 * are driven by <trace/define_trace.h>.  Like the kernel's, the event
 * macros are defined outside the include guard, under #ifndef, so that
 * define_trace.h can #undef them and a later trace header in the same
 * translation unit gets them back.
 */
#ifndef __TRACECHECK_LINUX_TRACEPOINT_H
#define __TRACECHECK_LINUX_TRACEPOINT_H

#include <tracecheck/base.h>

#if __has_include(<linux/tracepoint-defs.h>) && !defined(__TRACECHECK_BARE__)
#include <linux/tracepoint-defs.h>
#endif

#define PARAMS(args...) args
#define TP_PROTO(args...) args
#define TP_ARGS(args...) args
#define TP_CONDITION(args...) args

#define __TC_DECLARE_TRACE(name, proto)					\
	static inline void trace_##name(proto) { }			\
	static inline _Bool trace_##name##_enabled(void) { return 0; }

#endif /* __TRACECHECK_LINUX_TRACEPOINT_H */

#ifndef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args) __TC_DECLARE_TRACE(name, PARAMS(proto))
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DECLARE_TRACE_WRITABLE(name, proto, args, size)			\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DEFINE_TRACE_FN(name, reg, unreg, proto, args)
#define DEFINE_TRACE(name, proto, args)
#endif

#ifndef TRACE_EVENT
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DECLARE_EVENT_SYSCALL_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args)			\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define DEFINE_EVENT_WRITABLE(template, name, proto, args, size)	\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT(name, proto, args, struct, assign, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, struct, assign, print, reg, unreg) \
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, struct, assign, print, reg, unreg) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, struct, assign, print) \
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)	\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#endif

#ifndef TRACE_DEFINE_ENUM
#define TRACE_DEFINE_ENUM(a)
#define TRACE_DEFINE_SIZEOF(a)
#endif
