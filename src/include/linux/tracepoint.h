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
/*
 * In a kernel tree, what the tree's own <linux/tracepoint.h> includes
 * (listed from it when the tree is prepared: src/kernel/kerneltree.c):
 * a trace header may use lower_32_bits() or ARRAY_SIZE() through them.
 */
#if __has_include(<generated/tc-tracepoint-includes.h>) && !defined(__TRACECHECK_BARE__)
#include <generated/tc-tracepoint-includes.h>
#endif

#define PARAMS(args...) args
#define TP_PROTO(args...) args
#define TP_ARGS(args...) args
#define TP_CONDITION(args...) args

/*
 * What the kernel's __DECLARE_TRACE() declares that a header or its
 * users may call (7.x adds trace_call__X() and __trace_X_enabled(),
 * which cost nothing to declare for older trees).
 */
#define __TC_DECLARE_TRACE(name, proto)					\
	static inline void trace_##name(proto) { }			\
	static inline void trace_call__##name(proto) { }		\
	static inline _Bool trace_##name##_enabled(void) { return 0; }	\
	static inline _Bool __trace_##name##_enabled(void) { return 0; }

/*
 * The tracepoint a bare DECLARE_TRACE(name) defines: name_tp from 6.16
 * ("tracepoint: Have tracepoints created with DECLARE_TRACE() have _tp
 * suffix", which added DECLARE_TRACE_EVENT() for the old meaning),
 * name before.  The 6.12 tree has trace_pelt_cfs(), the 7.2 tree
 * trace_pelt_cfs_tp().
 */
#if __TC_KV_SINCE(6, 16)
#define __TC_TP_NAME(name) name##_tp
#else
#define __TC_TP_NAME(name) name
#endif
/* __TC_TP_NAME(name) expanded before __TC_DECLARE_TRACE() pastes it */
#define __TC_DECLARE_TP(name, proto) __TC_DECLARE_TRACE(name, PARAMS(proto))

#endif /* __TRACECHECK_LINUX_TRACEPOINT_H */

#ifndef DECLARE_TRACE
#define DECLARE_TRACE(name, proto, args) __TC_DECLARE_TP(__TC_TP_NAME(name), PARAMS(proto))
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__TC_DECLARE_TP(__TC_TP_NAME(name), PARAMS(proto))
#define DECLARE_TRACE_WRITABLE(name, proto, args, size)			\
	__TC_DECLARE_TP(__TC_TP_NAME(name), PARAMS(proto))
#define DECLARE_TRACE_SYSCALL(name, proto, args)			\
	__TC_DECLARE_TP(__TC_TP_NAME(name), PARAMS(proto))
/* an event's tracepoint, named as the event */
#define DECLARE_TRACE_EVENT(name, proto, args) __TC_DECLARE_TRACE(name, PARAMS(proto))
#define DECLARE_TRACE_EVENT_CONDITION(name, proto, args, cond)		\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DECLARE_TRACE_EVENT_SYSCALL(name, proto, args)			\
	__TC_DECLARE_TRACE(name, PARAMS(proto))
#define DEFINE_TRACE_FN(name, reg, unreg, proto, args)
#define DEFINE_TRACE_SYSCALL(name, reg, unreg, proto, args)
#define DEFINE_TRACE(name, proto, args)
#endif

#ifndef TRACE_EVENT
#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)
#define DECLARE_EVENT_SYSCALL_CLASS(name, proto, args, tstruct, assign, print)
#define DEFINE_EVENT(template, name, proto, args)			\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DECLARE_TRACE_EVENT_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define DEFINE_EVENT_WRITABLE(template, name, proto, args, size)	\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT(name, proto, args, struct, assign, print)		\
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN(name, proto, args, struct, assign, print, reg, unreg) \
	DECLARE_TRACE_EVENT(name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, struct, assign, print, reg, unreg) \
	DECLARE_TRACE_EVENT_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, struct, assign, print) \
	DECLARE_TRACE_EVENT_CONDITION(name, PARAMS(proto), PARAMS(args), PARAMS(cond))
#define TRACE_EVENT_SYSCALL(name, proto, args, struct, assign, print, reg, unreg) \
	DECLARE_TRACE_EVENT_SYSCALL(name, PARAMS(proto), PARAMS(args))
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
