/* SPDX-License-Identifier: MIT */
/* printk-format-text: format strings user space cannot parse or that print badly. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_fmt_text

#if !defined(_TC_FMT_TEXT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FMT_TEXT_H

#include <linux/tracepoint.h>

#define TC_FMT_TAB "a=%d\tb=%u"

/* positive: \t in the format (maple_tree's ma_op) */
TRACE_EVENT(tc_fmt_tab,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d\tb=%u", __entry->a, __entry->b)
);

/* positive: \" in the format (net/dsa) */
TRACE_EVENT(tc_fmt_quote,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("name \"%d\" b=%u", __entry->a, __entry->b)
);

/* positive (warning): a trailing \n (ext4 fsmap) */
TRACE_EVENT(tc_fmt_newline,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d b=%u\n", __entry->a, __entry->b)
);

/* positive (warning): the trailing \n of the last of two literals */
TRACE_EVENT(tc_fmt_concat_newline,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d "
		  "b=%u\n", __entry->a, __entry->b)
);

/* positive: three conversions, two arguments */
TRACE_EVENT(tc_fmt_too_few,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d b=%u c=%d", __entry->a, __entry->b)
);

/* positive: one conversion, two arguments */
TRACE_EVENT(tc_fmt_too_many,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d", __entry->a, __entry->b)
);

/* positive: the TAB comes from a macro: reported at the format */
TRACE_EVENT(tc_fmt_macro,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk(TC_FMT_TAB, __entry->a, __entry->b)
);

/* negative: %%, single quotes, %pS, an inner \n */
TRACE_EVENT(tc_fmt_ok,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%d%% b=%u name '%s' p=%pS\n%s", __entry->a, __entry->b, "x", (void *)0, "y")
);

/* negative: a * precision */
TRACE_EVENT(tc_fmt_ok_prec,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%.*s b=%-08u", __entry->a, "abc", __entry->b)
);

/* note: a trailing "\n" in a record laid out on lines of its own (visl) */
TRACE_EVENT(tc_fmt_lines,
	TP_PROTO(int a, unsigned int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, a)
		__field(unsigned int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("\na %d\nb %u\n", __entry->a, __entry->b)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-format-text
#include <trace/define_trace.h>

/*
 * check-name: printk-format-text: TAB, quote, trailing newline, argument count; the shapes that are fine
 * check-command: tracecheck --disable layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-format-text.h:25:17: note: the format string holds a TAB (written \t): libtraceevent 1.7.1 to 1.8.4 cannot parse a TAB in the format string (it ends their string token): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.8.5 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-format-text]
testdata/rules/printk-format-text.h:25:17: note: use spaces (or ': ') instead
testdata/rules/printk-format-text.h:40:18: error: the format string holds a double quote (written \"), which ends libtraceevent's string token: perf and trace-cmd cannot parse the event ([FAILED TO PARSE]) though the kernel prints it [printk-format-text]
testdata/rules/printk-format-text.h:40:18: note: use single quotes ('%s') instead
testdata/rules/printk-format-text.h:55:22: warning: the format string ends with "\n": the kernel ends each event's line itself, so every event is followed by an empty line [printk-format-text]
testdata/rules/printk-format-text.h:55:22: note: drop the trailing "\n"
testdata/rules/printk-format-text.h:71:10: warning: the format string ends with "\n": the kernel ends each event's line itself, so every event is followed by an empty line [printk-format-text]
testdata/rules/printk-format-text.h:71:10: note: drop the trailing "\n"
testdata/rules/printk-format-text.h:86:12: error: the format string's conversions take 3 arguments but TP_printk() passes 2: the missing ones print whatever comes next [printk-format-text]
testdata/rules/printk-format-text.h:101:12: error: the format string's conversions take 1 argument but TP_printk() passes 2: the extra ones are never printed [printk-format-text]
testdata/rules/printk-format-text.h:116:2: note: the format string holds a TAB (written \t): libtraceevent 1.7.1 to 1.8.4 cannot parse a TAB in the format string (it ends their string token): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.8.5 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-format-text]
testdata/rules/printk-format-text.h:116:2: note: use spaces (or ': ') instead
testdata/rules/printk-format-text.h:161:25: note: the format string ends with "\n": the kernel ends each event's line itself, so every event is followed by an empty line [printk-format-text]
testdata/rules/printk-format-text.h:161:25: note: drop the trailing "\n"
check-output-end
 */
