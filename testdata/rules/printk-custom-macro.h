/* SPDX-License-Identifier: MIT */
/* printk-custom-macro: helper macros whose expansion user space misreads. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_macro

#if !defined(_TC_MACRO_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_MACRO_H

#include <linux/tracepoint.h>

#ifndef _TC_MACRO_HELPERS
#define _TC_MACRO_HELPERS
struct tc_pair { int lo, hi; };
#define port_letter(p) ((p) + 'A')
#define clamp_low(v) ({ int __v = (v); __v < 0 ? 0 : __v; })
#define pair_lo(pp) ((pp).lo)
#define toggled(v) ((v) ^ 1)
#define TC_MASK 0xff
#define tc_major(dev) ((unsigned int)((dev) >> 20))
#define tc_minor(dev) ((unsigned int)((dev) & ((1U << 20) - 1)))
#define show_kind(k) __print_symbolic(k, { 0, "zero" }, { 1, "one" })
#define TC_RANGE_ARGS(a, b) (a) & TC_MASK, (b) & TC_MASK
#endif

/* positive: a character constant, as i915's pipe_name() */
TRACE_EVENT(tc_macro_char,
	TP_PROTO(int port),
	TP_ARGS(port),
	TP_STRUCT__entry(
		__field(int, port)
	),
	TP_fast_assign(
		__entry->port = port;
	),
	TP_printk("port %c", port_letter(__entry->port))
);

/* positive: a statement expression, as min()/max() */
TRACE_EVENT(tc_macro_stmt_expr,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", clamp_low(__entry->v))
);

/* positive: member access and '^' */
TRACE_EVENT(tc_macro_member_xor,
	TP_PROTO(struct tc_pair p, int v),
	TP_ARGS(p, v),
	TP_STRUCT__entry(
		__field_struct(struct tc_pair, p)
		__field(int, v)
	),
	TP_fast_assign(
		__entry->p = p;
		__entry->v = v;
	),
	TP_printk("lo=%d toggled=%d", pair_lo(__entry->p), toggled(__entry->v))
);

/* negative: constants, arithmetic on fields, show_*() wrappers, argument lists */
TRACE_EVENT(tc_macro_fine,
	TP_PROTO(u32 dev, int kind, int a, int b),
	TP_ARGS(dev, kind, a, b),
	TP_STRUCT__entry(
		__field(u32, dev)
		__field(int, kind)
		__field(int, a)
		__field(int, b)
	),
	TP_fast_assign(
		__entry->dev = dev;
		__entry->kind = kind;
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("dev %u:%u kind=%s masked=%d range=%d-%d",
		  tc_major(__entry->dev), tc_minor(__entry->dev),
		  show_kind(__entry->kind), __entry->a & TC_MASK,
		  TC_RANGE_ARGS(__entry->a, __entry->b))
);

#endif /* _TC_MACRO_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-custom-macro
#include <trace/define_trace.h>

/*
 * check-name: printk-custom-macro: char constant, statement expression, member, xor; harmless macros
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-custom-macro.h:35:23: error: TP_printk() argument uses helper macro 'port_letter', which the format file records as '((REC->port) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/rules/printk-custom-macro.h:35:23: note: store the value at assign time in a field of its own and print that field
testdata/rules/printk-custom-macro.h:48:20: error: TP_printk() argument uses macro 'clamp_low', which the format file records as '({ int __v = (REC->v); __v < 0 ? 0 : __v; })': it has a statement expression '({ ... })', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-custom-macro.h:48:20: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-custom-macro.h:63:32: error: TP_printk() argument uses macro 'pair_lo', which the format file records as '((REC->p).lo)': it has the '.' member access '(REC->p).lo', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-custom-macro.h:63:32: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-custom-macro.h:63:53: error: TP_printk() argument uses helper macro 'toggled', which the format file records as '((REC->v) ^ 1)'; user-space tools cannot render it [printk-custom-macro]
testdata/rules/printk-custom-macro.h:63:53: note: store the value at assign time in a field of its own and print that field
check-output-end
 */
