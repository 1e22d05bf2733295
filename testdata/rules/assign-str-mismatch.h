/* SPDX-License-Identifier: MIT */
/* assign-str-mismatch: a string field's helper, its source and its form. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_astr

#if !defined(_TC_ASTR_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ASTR_H

#include <linux/tracepoint.h>

struct tc_dev;
const char *tc_dev_name(const struct tc_dev *d);
const char *tc_drv_name(const struct tc_dev *d);

/* positive: the room is reserved for one string, another is copied (up to 6.8 an overrun) */
TRACE_EVENT(tc_astr_source,
	TP_PROTO(const struct tc_dev *d),
	TP_ARGS(d),
	TP_STRUCT__entry(
		__string(name, tc_dev_name(d))
	),
	TP_fast_assign(
		__assign_str(name, tc_drv_name(d));
	),
	TP_printk("name=%s", __get_str(name))
);

/* positive: a __vstring filled with __assign_str() */
TRACE_EVENT(tc_astr_vstring,
	TP_PROTO(const char *fmt, va_list *va),
	TP_ARGS(fmt, va),
	TP_STRUCT__entry(
		__vstring(msg, fmt, va)
	),
	TP_fast_assign(
		__assign_str(msg, fmt);
	),
	TP_printk("%s", __get_str(msg))
);

/* negative: the same source, spelled with other spaces and parentheses; the 1-argument form */
TRACE_EVENT(tc_astr_ok,
	TP_PROTO(const struct tc_dev *d, const char *fmt, va_list *va),
	TP_ARGS(d, fmt, va),
	TP_STRUCT__entry(
		__string(name, tc_dev_name(d))
		__string(drv, tc_drv_name(d))
		__vstring(msg, fmt, va)
	),
	TP_fast_assign(
		__assign_str(name, (tc_dev_name( d )));
		__assign_str(drv);
		__assign_vstr(msg, fmt, va);
	),
	TP_printk("name=%s drv=%s %s", __get_str(name), __get_str(drv), __get_str(msg))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-str-mismatch
#include <trace/define_trace.h>

/*
 * check-name: assign-str-mismatch: another source than __string()'s, the wrong helper; outside a tree either __assign_str() form
 * check-command: tracecheck --disable layout-hole,printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/assign-str-mismatch.h:23:3: error: __assign_str() copies 'tc_drv_name(d)' into 'name', whose room __string() reserved for 'tc_dev_name(d)': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
testdata/rules/assign-str-mismatch.h:36:3: error: field 'msg' is declared with __vstring() but filled with __assign_str(): the helper that copies it is __assign_vstr() [assign-str-mismatch]
check-output-end
 */
