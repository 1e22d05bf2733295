/* SPDX-License-Identifier: MIT */
/* layout-abi with --target=x86_64,i386,aarch64,arm: padding only 32-bit ABIs have, truncated u64 values. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_labt

#if !defined(_TC_LABT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_LABT_H

#include <linux/tracepoint.h>

#ifndef _TC_LABT_HELPERS
#define _TC_LABT_HELPERS
struct tc_labt_io { void *bio; u64 sector; loff_t pos; unsigned long len; int err; u32 flags, op; };
struct tc_labt_key { u32 objectid; u64 offset; };
#endif

/*
 * warning on arm: no padding on x86_64 but the 4 at the end (8 + 8 + 8 + 4 +
 * 4 + 4, 40 bytes, as small as it gets), but on arm the pointer shrinks to 4
 * and the u64 after it is aligned to 8: 40 bytes where 32 would do (i386:
 * the u64 aligned to 4, no hole)
 */
TRACE_EVENT(tc_labt_ptr_before_u64,
	TP_PROTO(const struct tc_labt_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(void *, bio)
		__field(u64, sector)
		__field(int, err)
		__field(u32, flags)
		__field(u32, op)
	),
	TP_fast_assign(
		__entry->bio = io->bio;
		__entry->sector = io->sector;
		__entry->err = io->err;
		__entry->flags = io->flags;
		__entry->op = io->op;
	),
	TP_printk("bio=%p sector=%llu err=%d flags=%x op=%u", __entry->bio, __entry->sector,
		  __entry->err, __entry->flags, __entry->op)
);

/*
 * warning on i386 and arm: 'len' is an unsigned long assigned a loff_t
 * (the low half on 32-bit kernels); 'pos' is a u64 and fine
 */
TRACE_EVENT(tc_labt_truncated,
	TP_PROTO(const struct tc_labt_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(u64, pos)
		__field(unsigned long, len)
		__field(unsigned long, left)
	),
	TP_fast_assign(
		__entry->pos = io->pos;
		__entry->len = io->pos + io->len;
		__entry->left = io->len;
	),
	TP_printk("pos=%llu len=%lu left=%lu", __entry->pos, __entry->len, __entry->left)
);

/*
 * warning on i386 and arm: an element of an unsigned long __array() assigned
 * a loff_t; the other element is given an unsigned long and is fine (as
 * include/trace/events/rcu.h rcu_segcb_stats' gp_seq[], which holds
 * unsigned longs)
 */
TRACE_EVENT(tc_labt_truncated_elem,
	TP_PROTO(const struct tc_labt_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__array(unsigned long, seq, 2)
	),
	TP_fast_assign(
		__entry->seq[0] = io->pos;
		__entry->seq[1] = io->len;
	),
	TP_printk("seq=%lu,%lu", __entry->seq[0], __entry->seq[1])
);

/* negatives: u64s first, then the pointer-sized fields, then smaller ones; a struct field whose
 * layout differs between the ABIs (12 or 16 bytes) but leaves no padding of the record's own */
TRACE_EVENT(tc_labt_ok,
	TP_PROTO(const struct tc_labt_io *io, const struct tc_labt_key *key),
	TP_ARGS(io, key),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field_struct(struct tc_labt_key, key)
		__field(void *, bio)
		__field(unsigned long, len)
		__field(int, err)
		__field(u32, flags)
	),
	TP_fast_assign(
		__entry->sector = io->sector;
		__entry->key = *key;
		__entry->bio = io->bio;
		__entry->len = io->len;
		__entry->err = io->err;
		__entry->flags = io->flags;
	),
	TP_printk("sector=%llu bio=%p len=%lu err=%d flags=%x", __entry->sector,
		  __entry->bio, __entry->len, __entry->err, __entry->flags)
);

#endif /* _TC_LABT_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE layout-abi-targets
#include <trace/define_trace.h>

/*
 * check-name: layout-abi: padding only arm has and loff_t into unsigned long, with --target listing four ABIs
 * check-command: tracecheck --target=x86_64,i386,aarch64,arm $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/layout-abi-targets.h:27:19: warning: record of event 'tc_labt_ptr_before_u64' has padding on arm (8 bytes: 4 after 'bio', 4 at the end) that reordering its fields removes, saving 8 bytes per event on arm (on x86_64 it is as small as it gets) [layout-abi]
testdata/rules/layout-abi-targets.h:27:19: note: with the fields in the order sector, bio, err, flags, op the record is 40 on x86_64, 32 on i386, 40 on aarch64, 32 on arm
testdata/rules/layout-abi-targets.h:58:3: warning: field 'len' is 'unsigned long', 4 bytes on i386 and arm, but is assigned a value of type 'unsigned long long': 32-bit kernels record only its low 32 bits [layout-abi]
testdata/rules/layout-abi-targets.h:77:3: warning: the elements of __array() 'seq' are 'unsigned long', 4 bytes on i386 and arm, but one is assigned a value of type 'loff_t': 32-bit kernels record only its low 32 bits [layout-abi]
check-output-end
 */
