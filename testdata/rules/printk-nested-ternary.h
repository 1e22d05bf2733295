/* SPDX-License-Identifier: MIT */
/*
 * printk-nested-ternary: a conditional nested without parentheses in the
 * else branch (libtraceevent 1.7.1 to 1.8.4 print another branch) or the
 * then branch (1.8.5 and later cannot parse it); the spellings every
 * release evaluates.  printk-userspace's verdict on the same argument is
 * dropped (merge.c, P15).
 *
 * check-name: printk-nested-ternary: else and then branches, three deep, through a macro; parenthesised and helper arguments are fine
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-nested-ternary.h:54:5: note: TP_printk() argument '__entry->severity == TC_NT_ACC ? "Corrected" : __entry->severity == TC_NT_FATAL  [...]' nests a conditional in the else branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary.h:54:5: note: a spelling every release handles: parentheses around the nested conditional: c1 ? a : (c2 ? b : c)
testdata/rules/printk-nested-ternary.h:70:21: warning: TP_printk() argument '__entry->valid ? __entry->write ? "write" : "read" : "none"' nests a conditional in the then branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary.h:70:21: note: a spelling every release handles: parentheses around the nested conditional: a ? (b ? x : y) : z
testdata/rules/printk-nested-ternary.h:88:5: note: TP_printk() argument '__entry->a ? 1 : __entry->b ? 2 : __entry->c ? 3 : 4' nests a conditional in the else branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary.h:88:5: note: a spelling every release handles: parentheses around the nested conditional: c1 ? a : (c2 ? b : c)
testdata/rules/printk-nested-ternary.h:89:5: warning: TP_printk() argument '__entry->a ? __entry->b ? 1 : 2 : __entry->c ? 3 : 4' nests a conditional in the then and the else branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary.h:89:5: note: a spelling every release handles: parentheses around the nested conditional: c1 ? a : (c2 ? b : c)
testdata/rules/printk-nested-ternary.h:89:5: note: a spelling every release handles: parentheses around the nested conditional: a ? (b ? x : y) : z
testdata/rules/printk-nested-ternary.h:102:22: note: TP_printk() argument 'tc_nt_dir(__entry->dir)' nests a conditional in the else branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary.h:102:22: note: a spelling every release handles: parentheses around the nested conditional: c1 ? a : (c2 ? b : c)
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_nt

#if !defined(_TC_NT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NT_H

#include <linux/tracepoint.h>

#ifndef _TC_NT_HELPERS
#define _TC_NT_HELPERS
#define TC_NT_ACC 2
#define TC_NT_FATAL 1
/* a macro that writes the chain: the fix cannot reach it */
#define tc_nt_dir(d) ((d) == 1 ? "in" : (d) == 2 ? "out" : "none")
#endif

/* ras:aer_event's severity: corrected errors printed as "Uncorrected" up to 1.8.4 */
TRACE_EVENT(tc_nt_aer,
	TP_PROTO(int severity),
	TP_ARGS(severity),
	TP_STRUCT__entry(
		__field(int, severity)
	),
	TP_fast_assign(
		__entry->severity = severity;
	),
	TP_printk("severity %s",
		  __entry->severity == TC_NT_ACC ? "Corrected" :
		  __entry->severity == TC_NT_FATAL ? "Fatal" : "Uncorrected, non-fatal")
);

/* nested in the then branch: 1.8.5 and later print [FAILED TO PARSE] */
TRACE_EVENT(tc_nt_then,
	TP_PROTO(int valid, int write),
	TP_ARGS(valid, write),
	TP_STRUCT__entry(
		__field(int, valid)
		__field(int, write)
	),
	TP_fast_assign(
		__entry->valid = valid;
		__entry->write = write;
	),
	TP_printk("op %s", __entry->valid ? __entry->write ? "write" : "read" : "none")
);

/* three deep, and both branches in one argument */
TRACE_EVENT(tc_nt_deep,
	TP_PROTO(int a, int b, int c),
	TP_ARGS(a, b, c),
	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
		__field(int, c)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
	),
	TP_printk("level %d mix %d",
		  __entry->a ? 1 : __entry->b ? 2 : __entry->c ? 3 : 4,
		  __entry->a ? __entry->b ? 1 : 2 : __entry->c ? 3 : 4)
);

/* a macro writes it: reported, the fix leaves it */
TRACE_EVENT(tc_nt_macro,
	TP_PROTO(int dir),
	TP_ARGS(dir),
	TP_STRUCT__entry(
		__field(int, dir)
	),
	TP_fast_assign(
		__entry->dir = dir;
	),
	TP_printk("dir %s", tc_nt_dir(__entry->dir))
);

/* negative: parenthesised, in a helper's argument, one level */
TRACE_EVENT(tc_nt_fine,
	TP_PROTO(int a, int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("%s %s %s %s",
		  __entry->a ? "x" : (__entry->b ? "y" : "z"),
		  __entry->a ? (__entry->b ? "x" : "y") : "z",
		  __print_symbolic(__entry->a ? 1 : 2, { 1, "one" }, { 2, "two" }),
		  __entry->b ? "yes" : "no")
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-nested-ternary
#include <trace/define_trace.h>
