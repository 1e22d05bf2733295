/* SPDX-License-Identifier: MIT */
/* assign-str-mismatch across 6.9 and 6.10: each form, in the kernels before, at and after each change. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_astrv

#if !defined(_TC_ASTRV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ASTRV_H

#include <linux/tracepoint.h>

const char *tc_astrv_name(int id);
const char *tc_astrv_other(int id);

/* __assign_str(): two arguments up to 6.9, one from 6.10 */
TRACE_EVENT(tc_astrv_str,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__string(two, tc_astrv_name(id))
		__string(one, tc_astrv_name(id))
	),
	TP_fast_assign(
		__assign_str(two, tc_astrv_name(id));
		__assign_str(one);
	),
	TP_printk("two=%s one=%s", __get_str(two), __get_str(one))
);

/* __assign_rel_str(): two arguments up to 6.8, one from 6.9 */
TRACE_EVENT(tc_astrv_rel,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__rel_string(two, tc_astrv_name(id))
		__rel_string(one, tc_astrv_name(id))
	),
	TP_fast_assign(
		__assign_rel_str(two, tc_astrv_name(id));
		__assign_rel_str(one);
	),
	TP_printk("two=%s one=%s", __get_rel_str(two), __get_rel_str(one))
);

/* __string_len(): __assign_str_len() up to 6.8, __assign_str() from 6.9 */
TRACE_EVENT(tc_astrv_len,
	TP_PROTO(const char *buf, int len),
	TP_ARGS(buf, len),
	TP_STRUCT__entry(
		__string_len(old, buf, len)
		__string_len(new, buf, len)
	),
	TP_fast_assign(
		__assign_str_len(old, buf, len);
		__assign_str(new);
	),
	TP_printk("old=%s new=%s", __get_str(old), __get_str(new))
);

/* another source than __string()'s: an overrun up to 6.8, a WARN in 6.9 */
TRACE_EVENT(tc_astrv_src,
	TP_PROTO(int id),
	TP_ARGS(id),
	TP_STRUCT__entry(
		__string(name, tc_astrv_name(id))
	),
	TP_fast_assign(
		__assign_str(name, tc_astrv_other(id));
	),
	TP_printk("name=%s", __get_str(name))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-str-versions
#include <trace/define_trace.h>

/*
 * check-name: assign-str-mismatch by kernel version: __assign_rel_str() loses its second argument in 6.9, __assign_str() in 6.10, __assign_str_len() goes in 6.9; another source is an overrun up to 6.8 and a WARN in 6.9; unknown, every form is allowed
 * check-command: for v in 6.8 6.9 6.10 7.2; do echo "== $v"; tracecheck --disable printk-userspace,layout-hole,field-unassigned --kernel-version $v $file; done; echo "== unknown"; tracecheck --disable printk-userspace,layout-hole,field-unassigned $file
 * check-exit-value: 1
 *
 * check-output-start
== 6.8
testdata/rules/assign-str-versions.h:24:3: error: __assign_str() takes two arguments before 6.10 (the kernel is 6.8): the 1-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:39:3: error: __assign_rel_str() takes two arguments before 6.9 (the kernel is 6.8): the 1-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:54:3: error: field 'new' is declared with __string_len() but filled with __assign_str(): the helper that copies it is __assign_str_len() [assign-str-mismatch]
testdata/rules/assign-str-versions.h:67:3: error: __assign_str() copies 'tc_astrv_other(id)' into 'name', whose room __string() reserved for 'tc_astrv_name(id)': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
== 6.9
testdata/rules/assign-str-versions.h:24:3: error: __assign_str() takes two arguments before 6.10 (the kernel is 6.9): the 1-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:38:3: error: __assign_rel_str() takes one argument from 6.9 (the kernel is 6.9): the 2-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:53:3: error: field 'old' is declared with __string_len() but filled with __assign_str_len(): the helper that copies it is __assign_str() [assign-str-mismatch]
testdata/rules/assign-str-versions.h:54:3: error: __assign_str() takes two arguments before 6.10 (the kernel is 6.9): the 1-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:67:3: error: __assign_str() copies 'tc_astrv_other(id)' into 'name', whose room __string() reserved for 'tc_astrv_name(id)': 6.9 WARNs when they differ [assign-str-mismatch]
== 6.10
testdata/rules/assign-str-versions.h:23:3: error: __assign_str() takes one argument from 6.10 (the kernel is 6.10): the 2-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:38:3: error: __assign_rel_str() takes one argument from 6.9 (the kernel is 6.10): the 2-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:53:3: error: field 'old' is declared with __string_len() but filled with __assign_str_len(): the helper that copies it is __assign_str() [assign-str-mismatch]
testdata/rules/assign-str-versions.h:67:3: error: __assign_str() takes one argument from 6.10 (the kernel is 6.10): the 2-argument form does not build [assign-str-mismatch]
== 7.2
testdata/rules/assign-str-versions.h:23:3: error: __assign_str() takes one argument from 6.10 (the kernel is 7.2): the 2-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:38:3: error: __assign_rel_str() takes one argument from 6.9 (the kernel is 7.2): the 2-argument form does not build [assign-str-mismatch]
testdata/rules/assign-str-versions.h:53:3: error: field 'old' is declared with __string_len() but filled with __assign_str_len(): the helper that copies it is __assign_str() [assign-str-mismatch]
testdata/rules/assign-str-versions.h:67:3: error: __assign_str() takes one argument from 6.10 (the kernel is 7.2): the 2-argument form does not build [assign-str-mismatch]
== unknown
testdata/rules/assign-str-versions.h:67:3: error: __assign_str() copies 'tc_astrv_other(id)' into 'name', whose room __string() reserved for 'tc_astrv_name(id)': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
check-output-end
 */
