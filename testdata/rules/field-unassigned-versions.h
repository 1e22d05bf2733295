/* SPDX-License-Identifier: MIT */
/* field-unassigned's note names the call that fills a string field in the kernel's own form. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_fuv

#if !defined(_TC_FUV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FUV_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_fuv_strings,
	TP_PROTO(const char *name, const char *buf, int len, const char *fmt, va_list *va),
	TP_ARGS(name, buf, len, fmt, va),
	TP_STRUCT__entry(
		__field(int, len)
		__string(name, name)
		__string_len(buf, buf, len)
		__vstring(msg, fmt, va)
		__rel_string(rel, name)
	),
	TP_fast_assign(
		__entry->len = len;
	),
	TP_printk("len=%d name=%s buf=%s msg=%s rel=%s", __entry->len, __get_str(name),
		  __get_str(buf), __get_str(msg), __get_rel_str(rel))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-unassigned-versions
#include <trace/define_trace.h>

/*
 * check-name: field-unassigned names the filling call as the kernel writes it: __assign_str(name, src) and __assign_str_len() up to 6.8, __assign_rel_str(rel) from 6.9, __assign_str(name) from 6.10; unknown, the newest kernel's
 * check-command: for v in 6.8 6.9 6.10; do echo "== $v"; tracecheck --disable printk-userspace,layout-hole --kernel-version $v $file; done; echo "== unknown"; tracecheck --disable printk-userspace,layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
== 6.8
testdata/rules/field-unassigned-versions.h:16:12: error: field 'name' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:17:16: error: field 'buf' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:18:13: error: field 'msg' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:19:16: error: field 'rel' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
== 6.9
testdata/rules/field-unassigned-versions.h:16:12: error: field 'name' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:17:16: error: field 'buf' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:18:13: error: field 'msg' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:19:16: error: field 'rel' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
== 6.10
testdata/rules/field-unassigned-versions.h:16:12: error: field 'name' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:17:16: error: field 'buf' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:18:13: error: field 'msg' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:19:16: error: field 'rel' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
== unknown
testdata/rules/field-unassigned-versions.h:16:12: error: field 'name' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:17:16: error: field 'buf' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:18:13: error: field 'msg' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-versions.h:19:16: error: field 'rel' of event 'tc_fuv_strings' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
check-output-end
 */
