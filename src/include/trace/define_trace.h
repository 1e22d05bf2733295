/* SPDX-License-Identifier: MIT */
/*
 * tracecheck's replacement for the kernel's <trace/define_trace.h>.
 *
 * As in the kernel, nothing happens unless CREATE_TRACE_POINTS is
 * defined; then the trace header is read again, once per analysis pass
 * (see <trace/tc_stages.h>), from the path the kernel computes out of
 * TRACE_INCLUDE_PATH and TRACE_INCLUDE_FILE (default: TRACE_SYSTEM).
 * With TRACE_INCLUDE_PATH the include is quoted and so searched first
 * relative to this file's directory, as the kernel's include/trace/
 * is; tracecheck adds the kernel tree's include/trace with -iquote and
 * the header's own directory with -I, as kbuild's -I$(src) does.
 *
 * When that path resolves to no file (a header checked outside its
 * tree), the header named by __TRACECHECK_SELF is re-read instead and
 * the record below says so.
 */
#ifdef CREATE_TRACE_POINTS
#undef CREATE_TRACE_POINTS

#include <tracecheck/base.h>
#include <tracecheck/foreach.h>

#ifndef TRACE_INCLUDE_FILE
# define TRACE_INCLUDE_FILE TRACE_SYSTEM
# define UNDEF_TRACE_INCLUDE_FILE
#endif

#ifndef TRACE_INCLUDE_PATH
# define __TRACE_INCLUDE(system) <trace/events/system.h>
# define UNDEF_TRACE_INCLUDE_PATH
#else
# define __TRACE_INCLUDE(system) __tc_stringify(TRACE_INCLUDE_PATH/system.h)
#endif

# define TRACE_INCLUDE(system) __TRACE_INCLUDE(system)

#ifdef __TC_REMOTE_UNIT
/* a trace remote's header (<trace/tc_remote.h>): the header itself */
# define __TC_REREAD __TRACECHECK_SELF
# define __TC_REREAD_HOW "remote"
#elif __has_include(TRACE_INCLUDE(TRACE_INCLUDE_FILE))
# define __TC_REREAD TRACE_INCLUDE(TRACE_INCLUDE_FILE)
# define __TC_REREAD_HOW "kernel"
#elif defined(__TRACECHECK_SELF)
# define __TC_REREAD __TRACECHECK_SELF
# define __TC_REREAD_HOW "self"
#endif

#define __TC_REREAD_REC_(n)						\
	static const char *const __tc_reread_##n = __TC_REREAD_HOW "\x1f" \
		__tc_stringify(TRACE_SYSTEM) "\x1f"			\
		__tc_stringify(TRACE_INCLUDE(TRACE_INCLUDE_FILE));
#define __TC_REREAD_REC(n) __TC_REREAD_REC_(n)

#ifdef __TC_REREAD
__TC_REREAD_REC(__COUNTER__)

#define TRACE_HEADER_MULTI_READ

#define __TC_PASS 1
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
/*
 * __TC_STRUCT_ONLY: the record structs alone, which any C compiler
 * reads (scripts/compare-gcc-layout has gcc lay them out); the other
 * passes use clang's blocks.
 */
#ifndef __TC_STRUCT_ONLY
#define __TC_PASS 2
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
#define __TC_PASS 3
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
#define __TC_PASS 4
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
#define __TC_PASS 5
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
#ifdef __TC_REMOTE_UNIT
#define __TC_PASS 6
#include <trace/tc_stages.h>
#include __TC_REREAD
#undef __TC_PASS
#endif
#endif /* __TC_STRUCT_ONLY */

#undef TRACE_HEADER_MULTI_READ
#else
static const char *const __tc_reread_missing = "missing\x1f"
	__tc_stringify(TRACE_SYSTEM) "\x1f"
	__tc_stringify(TRACE_INCLUDE(TRACE_INCLUDE_FILE));
#endif

#include <trace/tc_undef.h>
#undef __TC_REREAD
#undef __TC_REREAD_HOW
#undef __TRACE_INCLUDE
#undef TRACE_INCLUDE

/* Back to the declaration meanings for the next trace header. */
#define TRACE_DEFINE_ENUM(a)
#define TRACE_DEFINE_SIZEOF(a)

#ifdef UNDEF_TRACE_INCLUDE_FILE
# undef TRACE_INCLUDE_FILE
# undef UNDEF_TRACE_INCLUDE_FILE
#endif
#ifdef UNDEF_TRACE_INCLUDE_PATH
# undef TRACE_INCLUDE_PATH
# undef UNDEF_TRACE_INCLUDE_PATH
#endif

/* We may be processing more files. */
#define CREATE_TRACE_POINTS
#endif /* CREATE_TRACE_POINTS */
