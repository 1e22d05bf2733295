/* SPDX-License-Identifier: MIT */
/* --layout: __data_loc and __rel_loc fields and what they point to (layout-dynamic.case). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ldyn

#if !defined(_TC_LAYOUT_DYNAMIC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LAYOUT_DYNAMIC_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_ld_req,
	TP_PROTO(const char *dev, const u64 *lbas, int nr, const unsigned long *mask, u8 op),
	TP_ARGS(dev, lbas, nr, mask, op),
	TP_STRUCT__entry(
		__string(dev, dev)
		__dynamic_array(u64, lbas, nr)
		__bitmask(mask, 64)
		__rel_string(rdev, dev)
		__field(u8, op)
	),
	TP_fast_assign(
		__assign_str(dev);
		memcpy(__get_dynamic_array(lbas), lbas, nr * sizeof(u64));
		__assign_bitmask(mask, mask, 64);
		__assign_rel_str(rdev);
		__entry->op = op;
	),
	TP_printk("dev=%s rdev=%s mask=%s op=%u", __get_str(dev), __get_rel_str(rdev),
		  __get_bitmask(mask), __entry->op)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-dynamic
#include <trace/define_trace.h>

/*
 * check-name: dynamic fields: the misaligned u64 array is layout-abi's finding
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/cli/layout-dynamic.h:16:24: note: dynamic array 'lbas' of 'u64' may start misaligned in the record (on x86_64): it follows the string 'dev', whose length need not be a multiple of 8 [layout-abi]
testdata/cli/layout-dynamic.h:17:13: warning: bitmask 'mask' (an array of unsigned long) may start misaligned in the record (on x86_64): it follows the string 'dev', whose length need not be a multiple of 8 [layout-abi]
check-output-end
 */
