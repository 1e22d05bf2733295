/* SPDX-License-Identifier: MIT */
/*
 * printk-call: the helpers of <linux/string_choices.h> in TP_printk(),
 * which scripts/coccinelle/api/string_choices.cocci proposes (arm64
 * kvm's "Replace ternary flags with str_on_off() helper", 2025): calls
 * no libtraceevent release evaluates.  --fix writes back the conditional
 * of two strings each stands for (testdata/cli/fix-string-choices.case).
 *
 * check-name: printk-call: str_on_off() and its family, also through the reversing macros and inside a larger argument
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-call-string-choices.h:67:59: error: TP_printk() argument calls 'str_on_off()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:67:59: note: 'str_on_off()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
testdata/rules/printk-call-string-choices.h:68:5: error: TP_printk() argument uses macro 'str_off_on', whose expansion calls 'str_on_off()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:68:5: note: 'str_off_on()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
testdata/rules/printk-call-string-choices.h:68:30: error: TP_printk() argument calls 'str_yes_no()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:68:30: note: 'str_yes_no()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
testdata/rules/printk-call-string-choices.h:69:5: error: TP_printk() argument calls 'str_yes_no()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:69:5: note: 'str_yes_no()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
testdata/rules/printk-call-string-choices.h:69:59: error: TP_printk() argument calls 'str_plural()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:69:59: note: 'str_plural()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
testdata/rules/printk-call-string-choices.h:82:51: error: TP_printk() argument calls 'str_on_off()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-call-string-choices.h:82:51: note: 'str_on_off()' is a helper of <linux/string_choices.h> (which scripts/coccinelle/api/string_choices.cocci proposes): write the conditional of two strings it stands for, which every libtraceevent release evaluates
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_sc

#if !defined(_TC_SC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_SC_H

#include <linux/tracepoint.h>

#ifndef _TC_SC_HELPERS
#define _TC_SC_HELPERS
/* as include/linux/string_choices.h has them */
static inline const char *str_on_off(bool v)
{
	return v ? "on" : "off";
}
#define str_off_on(v) str_on_off(!(v))
static inline const char *str_yes_no(bool v)
{
	return v ? "yes" : "no";
}
static inline const char *str_plural(size_t num)
{
	return num == 1 ? "" : "s";
}
#endif

TRACE_EVENT(tc_sc_cache,
	TP_PROTO(int on, int cxsr, unsigned int n),
	TP_ARGS(on, cxsr, n),
	TP_STRUCT__entry(
		__field(int, on)
		__field(int, cxsr)
		__field(unsigned int, n)
	),
	TP_fast_assign(
		__entry->on = on;
		__entry->cxsr = cxsr;
		__entry->n = n;
	),
	TP_printk("cache %s flush %s cxsr %s both %s %u page%s", str_on_off(__entry->on),
		  str_off_on(__entry->on), str_yes_no(__entry->cxsr & 1),
		  str_yes_no(__entry->on && __entry->cxsr), __entry->n, str_plural(__entry->n))
);

/* a string_choices call inside a larger argument */
TRACE_EVENT(tc_sc_inside,
	TP_PROTO(int on),
	TP_ARGS(on),
	TP_STRUCT__entry(
		__field(int, on)
	),
	TP_fast_assign(
		__entry->on = on;
	),
	TP_printk("state %s", __entry->on > 1 ? "both" : str_on_off(__entry->on))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-call-string-choices
#include <trace/define_trace.h>
