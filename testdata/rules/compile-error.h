/* SPDX-License-Identifier: MIT */
/*
 * compile-error: functions defined in the multi-read section, which the
 * re-reads of <trace/define_trace.h> define again; and what is not one: a
 * helper above the guard, one under #ifdef CREATE_TRACE_POINTS (undefined
 * for the re-reads), a prototype repeated, a struct read again, an
 * #include not found (context, -v).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cerr

/* fine: above the multi-read guard, under its own */
#ifndef _TC_CERR_HELPERS
#define _TC_CERR_HELPERS
static inline int tc_cerr_low(int m)
{
	return m & 3;
}
#endif

#if !defined(_TC_CERR_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CERR_H

#include <linux/tracepoint.h>
#include <linux/no_such_header_here.h>

/* error: defined again by every re-read */
static inline int tc_cerr_mode(int m)
{
	return m & 7;
}

/* fine: define_trace.h undefines CREATE_TRACE_POINTS before it reads the header again */
#ifdef CREATE_TRACE_POINTS
static inline int tc_cerr_once(int m)
{
	return m + 1;
}
#endif

/* fine: a prototype may be repeated; a struct read again is the context's noise */
int tc_cerr_proto(int m);
struct tc_cerr_state { int a; };

TRACE_EVENT(tc_cerr_one,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
		__field(int, low)
	),
	TP_fast_assign(
		__entry->mode = tc_cerr_mode(mode);
		__entry->low = tc_cerr_low(mode) + tc_cerr_once(mode);
	),
	TP_printk("mode=%d low=%d", __entry->mode, __entry->low)
);

/* error: a second one, named by itself */
static inline unsigned int tc_cerr_twice(unsigned int v) { return v << 1; }

#endif /* _TC_CERR_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE compile-error
#include <trace/define_trace.h>

/*
 * check-name: compile-error: a function defined inside the multi-read section, twice; not a helper above the guard, one under #ifdef CREATE_TRACE_POINTS, a prototype, a struct read again or a missing #include
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/compile-error.h:28:19: error: the header does not compile: redefinition of 'tc_cerr_mode'; <trace/define_trace.h> reads it again for each stage, and function 'tc_cerr_mode' is defined again each time [compile-error]
testdata/rules/compile-error.h:21:1: note: define 'tc_cerr_mode' before this #if, or under '#ifdef CREATE_TRACE_POINTS', which define_trace.h undefines before it reads the header again
testdata/rules/compile-error.h:60:28: error: the header does not compile: redefinition of 'tc_cerr_twice'; <trace/define_trace.h> reads it again for each stage, and function 'tc_cerr_twice' is defined again each time [compile-error]
testdata/rules/compile-error.h:21:1: note: define 'tc_cerr_twice' before this #if, or under '#ifdef CREATE_TRACE_POINTS', which define_trace.h undefines before it reads the header again
check-output-end
 */
