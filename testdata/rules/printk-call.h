/* SPDX-License-Identifier: MIT */
/* printk-call: calls in TP_printk() arguments, and what is not one. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_call

#if !defined(_TC_CALL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CALL_H

#include <linux/tracepoint.h>

#ifndef _TC_CALL_HELPERS
#define _TC_CALL_HELPERS
const char *state_name(int state);
unsigned long jiffies_to_msecs(unsigned long j);
#define show_state(s) state_name(s)
#define show_mode(m) __print_symbolic(m, { 0, "off" }, { 1, "on" })
unsigned short tc_swab16(unsigned short v);
#define tc_be16_to_cpu(x) (__builtin_constant_p(x) ? (unsigned short)(x) : tc_swab16(x))
#endif

/* positive: a direct call, as io_uring_get_opcode() was */
TRACE_EVENT(tc_call_direct,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", state_name(__entry->state))
);

/* positive: the call hides behind a macro */
TRACE_EVENT(tc_call_via_macro,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", show_state(__entry->state))
);

/* positive: a macro whose expansion calls two functions: one report */
TRACE_EVENT(tc_call_two_via_macro,
	TP_PROTO(unsigned short port),
	TP_ARGS(port),
	TP_STRUCT__entry(
		__field(unsigned short, port)
	),
	TP_fast_assign(
		__entry->port = port;
	),
	TP_printk("port=%u", tc_be16_to_cpu(__entry->port))
);

/* note: a libtraceevent plugin every release ships provides this one */
TRACE_EVENT(tc_call_plugin,
	TP_PROTO(unsigned long t),
	TP_ARGS(t),
	TP_STRUCT__entry(
		__field(unsigned long, t)
	),
	TP_fast_assign(
		__entry->t = t;
	),
	TP_printk("t=%lu ms", jiffies_to_msecs(__entry->t))
);

/* warning: not declared anywhere, may be a macro of a missing header */
TRACE_EVENT(tc_call_undeclared,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", mystery_helper(__entry->v))
);

/* negative: the standard helpers, __builtin_expect, a wrapper macro (sizeof: printk-call-sizeof.h) */
TRACE_EVENT(tc_call_none,
	TP_PROTO(int mode, const char *name),
	TP_ARGS(mode, name),
	TP_STRUCT__entry(
		__field(int, mode)
		__string(name, name)
		__array(u8, raw, 4)
	),
	TP_fast_assign(
		__entry->mode = mode;
		__assign_str(name);
		memset(__entry->raw, 0, sizeof(__entry->raw));
	),
	TP_printk("mode=%s/%s name=%s raw=%s likely=%d",
		  show_mode(__entry->mode),
		  __print_symbolic(__entry->mode, { 0, "A" }, { 1, "B" }),
		  __get_str(name), __print_hex(__entry->raw, 4),
		  (int)__builtin_expect(__entry->mode, 0))
);

#endif /* _TC_CALL_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-call
#include <trace/define_trace.h>

/*
 * check-name: printk-call: direct, through a macro, plugin, undeclared; helpers are fine
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-call.h:31:24: error: TP_printk() argument calls 'state_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call.h:31:24: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/rules/printk-call.h:44:24: error: TP_printk() argument uses macro 'show_state', whose expansion calls 'state_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call.h:44:24: note: compute the value at assign time and print the field instead
testdata/rules/printk-call.h:57:23: error: TP_printk() argument uses macro 'tc_be16_to_cpu', whose expansion calls '__builtin_constant_p()', 'tc_swab16()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call.h:57:23: note: compute the value at assign time and print the field instead
testdata/rules/printk-call.h:70:24: note: TP_printk() argument calls 'jiffies_to_msecs()', which user-space tools evaluate only when libtraceevent's plugin_jbd2 plugin is loaded [printk-call]
testdata/rules/printk-call.h:83:20: error: TP_printk() argument calls 'mystery_helper', which is not declared (is its header missing?); if it is a function, user-space tools cannot evaluate it [printk-call]
testdata/rules/printk-call.h:83:20: note: with the kernel tree (--kernel-tree DIR, or -I) tracecheck can tell a function from a macro
check-output-end
 */
