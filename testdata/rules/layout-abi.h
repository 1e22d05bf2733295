/* SPDX-License-Identifier: MIT */
/* layout-abi with the default target only: dynamic arrays whose elements start misaligned. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_labi

#if !defined(_TC_LABI_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LABI_H

#include <linux/tracepoint.h>

#ifndef _TC_LABI_HELPERS
#define _TC_LABI_HELPERS
struct tc_labi_req { const char *name; const u64 *lbas; const u32 *ids; int nr; u8 op; };
#endif

/* warning: the u64 array follows a string of any length (as in a "name + sample array" event) */
TRACE_EVENT(tc_labi_after_string,
	TP_PROTO(const struct tc_labi_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, nr)
		__string(name, r->name)
		__dynamic_array(u64, lbas, r->nr)
	),
	TP_fast_assign(
		__entry->nr = r->nr;
		__assign_str(name);
		memcpy(__get_dynamic_array(lbas), r->lbas, r->nr * sizeof(u64));
	),
	TP_printk("%s nr=%d lbas=%s", __get_str(name), __entry->nr,
		  __print_array(__get_dynamic_array(lbas), __entry->nr, 8))
);

/* warning: the fixed fields end at offset 13, where the u32 array starts (and the output reads it) */
TRACE_EVENT(tc_labi_odd_start,
	TP_PROTO(const struct tc_labi_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__dynamic_array(u32, ids, r->nr)
		__field(u8, op)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(ids), r->ids, r->nr * sizeof(u32));
		__entry->op = r->op;
	),
	TP_printk("op=%u ids=%s", __entry->op,
		  __print_array(__get_dynamic_array(ids), __get_dynamic_array_len(ids) / 4, 4))
);

/*
 * note: misaligned as tc_labi_odd_start's, but the kernel only memcpy()s
 * into it and never reads it (net/wireless's rdev_channel_switch)
 */
TRACE_EVENT(tc_labi_copied_only,
	TP_PROTO(const struct tc_labi_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__dynamic_array(u32, ids, r->nr)
		__field(u8, op)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(ids), r->ids, r->nr * sizeof(u32));
		__entry->op = r->op;
	),
	TP_printk("op=%u", __entry->op)
);

/* negatives: the aligned array first (at 32), the u32 one after it, then strings and bytes */
TRACE_EVENT(tc_labi_ok,
	TP_PROTO(const struct tc_labi_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(u64, first)
		__dynamic_array(u64, lbas, r->nr)
		__dynamic_array(u32, ids, r->nr)
		__string(name, r->name)
		__dynamic_array(u8, raw, r->nr)
	),
	TP_fast_assign(
		__entry->first = r->lbas[0];
		memcpy(__get_dynamic_array(lbas), r->lbas, r->nr * sizeof(u64));
		memcpy(__get_dynamic_array(ids), r->ids, r->nr * sizeof(u32));
		__assign_str(name);
		memset(__get_dynamic_array(raw), 0, r->nr);
	),
	TP_printk("%s first=%llu", __get_str(name), __entry->first)
);

/* negative: a u32 array after a bitmask (whole longs) and a constant-length byte array of 8 */
TRACE_EVENT(tc_labi_ok2,
	TP_PROTO(const struct tc_labi_req *r, const unsigned long *mask),
	TP_ARGS(r, mask),
	TP_STRUCT__entry(
		__field(int, nr)
		__bitmask(mask, 64)
		__dynamic_array(u8, tag, 8)
		__dynamic_array(u32, ids, r->nr)
	),
	TP_fast_assign(
		__entry->nr = r->nr;
		__assign_bitmask(mask, mask, 64);
		memset(__get_dynamic_array(tag), 0, 8);
		memcpy(__get_dynamic_array(ids), r->ids, r->nr * sizeof(u32));
	),
	TP_printk("nr=%d mask=%s", __entry->nr, __get_bitmask(mask))
);

#endif /* _TC_LABI_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-abi
#include <trace/define_trace.h>

/*
 * check-name: layout-abi: misaligned dynamic arrays on the default target; aligned-order negatives
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/layout-abi.h:23:24: warning: dynamic array 'lbas' of 'u64' may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 8 [layout-abi]
testdata/rules/layout-abi.h:39:24: warning: dynamic array 'ids' of 'u32' starts at offset 13 of the record on x86_64, not a multiple of its elements' alignment 4 [layout-abi]
testdata/rules/layout-abi.h:58:24: note: dynamic array 'ids' of 'u32' starts at offset 13 of the record on x86_64, not a multiple of its elements' alignment 4 [layout-abi]
check-output-end
 */
