/* SPDX-License-Identifier: MIT */
/*
 * Inline suppressions as kernel developers write them: a comment naming
 * the rule and, after "--", the reason.  Before an event macro it covers
 * the event (sup_whole; sup_print: a DEFINE_EVENT_PRINT()'s own
 * TP_printk(), sup_print_kept beside it keeps its finding); at the end
 * of a line that line (sup_trailing); on lines of its own the next line
 * of code (sup_before, two rules, a reason over two lines).  Without a
 * reason it suppresses nothing and says so (sup_no_reason); an unknown
 * rule and a rule with no finding to suppress (printk-format in
 * sup_before: stale) are warnings at the comment's line.
 *
 * check-name: inline suppressions (tracecheck: ignore RULE -- REASON): the findings they cover are not reported; no reason, an unknown rule, a stale one are warnings at the comment
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/suppress/sup.h:91:23: error: TP_printk() argument calls 'sup_mode_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/suppress/sup.h:91:23: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/suppress/sup.h:129:23: error: TP_printk() argument calls 'sup_mode_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/suppress/sup.h:129:23: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
check-output-end
 *
 * check-error-start
testdata/suppress/sup.h:74:2: warning: stale suppression: no printk-format finding here to ignore
testdata/suppress/sup.h:90:2: warning: 'tracecheck: ignore' without a reason after '--': it suppresses nothing
testdata/suppress/sup.h:94:1: warning: 'tracecheck: ignore': unknown rule 'no-such-rule'
check-error-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sup

#if !defined(_SUP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SUP_TRACE_H

#include <linux/tracepoint.h>

const char *sup_mode_name(int mode);

/* tracecheck: ignore printk-call -- decoded by trace-cmd's sup plugin */
TRACE_EVENT(sup_whole,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

TRACE_EVENT(sup_trailing,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%s", sup_mode_name(__entry->mode)) // tracecheck: ignore printk-call -- the plugin again
);

TRACE_EVENT(sup_before,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	/*
	 * tracecheck: ignore printk-format, printk-call -- a reason
	 *   on two lines
	 */
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

TRACE_EVENT(sup_no_reason,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	/* tracecheck: ignore printk-call */
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

/* tracecheck: ignore no-such-rule -- typo */
TRACE_EVENT(sup_clean,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%d", __entry->mode)
);

DECLARE_EVENT_CLASS(sup_class,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("mode=%d", __entry->mode)
);

/* tracecheck: ignore printk-call -- its own print, decoded by the plugin */
DEFINE_EVENT_PRINT(sup_class, sup_print,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

DEFINE_EVENT_PRINT(sup_class, sup_print_kept,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_printk("mode=%s", sup_mode_name(__entry->mode))
);

#endif

#include <trace/define_trace.h>
