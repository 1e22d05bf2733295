/* SPDX-License-Identifier: MIT */
/*
 * field-truncated in a tree: an unsigned long parameter stored in an
 * unsigned int field, and what the tree's callers pass for it.  Shapes
 * of 7.3's include/trace/events/ext4.h (ext4_shutdown: a u32 passed;
 * ext4__bitmap_load: "ext4_group_t first_group, group;" with a typedef)
 * and writeback.h (balance_dirty_pages: a static function's unsigned long
 * parameter passed on); the callers are in fs/ftw/.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM ftw

#if !defined(_TRACE_FTW_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_FTW_H

#include <linux/tracepoint.h>

/* negative: its one caller passes a u32 */
TRACE_EVENT(ftw_shutdown,
	TP_PROTO(int dev, unsigned long flags),
	TP_ARGS(dev, flags),
	TP_STRUCT__entry(
		__field(int, dev)
		__field(unsigned int, flags)
	),
	TP_fast_assign(
		__entry->dev = dev;
		__entry->flags = flags;
	),
	TP_printk("dev %d flags 0x%x", __entry->dev, __entry->flags)
);

/* negative: both events' callers pass an ftw_group_t (a typedef of unsigned int) */
DECLARE_EVENT_CLASS(ftw__bitmap_load,
	TP_PROTO(int dev, unsigned long group),
	TP_ARGS(dev, group),
	TP_STRUCT__entry(
		__field(int, dev)
		__field(unsigned int, group)
	),
	TP_fast_assign(
		__entry->dev = dev;
		__entry->group = group;
	),
	TP_printk("dev %d group %u", __entry->dev, __entry->group)
);

DEFINE_EVENT(ftw__bitmap_load, ftw_mb_bitmap_load,
	TP_PROTO(int dev, unsigned long group),
	TP_ARGS(dev, group)
);

DEFINE_EVENT(ftw__bitmap_load, ftw_load_inode_bitmap,
	TP_PROTO(int dev, unsigned long group),
	TP_ARGS(dev, group)
);

/* negative: a constant and a cast */
TRACE_EVENT(ftw_flush,
	TP_PROTO(unsigned long len),
	TP_ARGS(len),
	TP_STRUCT__entry(
		__field(unsigned short, len)
	),
	TP_fast_assign(
		__entry->len = len;
	),
	TP_printk("len %u", __entry->len)
);

/*
 * negative: the caller is a static wrapper (balance_dirty_pages()'s
 * shape) passing its unsigned long parameter on, and its one caller
 * passes an int
 */
TRACE_EVENT(ftw_balance,
	TP_PROTO(unsigned long dirtied),
	TP_ARGS(dirtied),
	TP_STRUCT__entry(
		__field(unsigned int, dirtied)
	),
	TP_fast_assign(
		__entry->dirtied = dirtied;
	),
	TP_printk("dirtied %u", __entry->dirtied)
);

/* positive: a function that is not static passes its own unsigned long parameter on */
TRACE_EVENT(ftw_balance_pub,
	TP_PROTO(unsigned long dirtied),
	TP_ARGS(dirtied),
	TP_STRUCT__entry(
		__field(unsigned int, dirtied)
	),
	TP_fast_assign(
		__entry->dirtied = dirtied;
	),
	TP_printk("dirtied %u", __entry->dirtied)
);

/* positive: one caller passes a u32, the other a member, an unsigned long */
TRACE_EVENT(ftw_mixed,
	TP_PROTO(unsigned long n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(unsigned int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n %u", __entry->n)
);

/* positive: the value is not the parameter as it is */
TRACE_EVENT(ftw_sum,
	TP_PROTO(unsigned long a, unsigned long b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(unsigned int, s)
	),
	TP_fast_assign(
		__entry->s = a + b;
	),
	TP_printk("s %u", __entry->s)
);

/*
 * negative: a static wrapper's caller passes current->nr_dirtied, an int
 * member of struct task_struct (balance_dirty_pages() of 7.3)
 */
TRACE_EVENT(ftw_task_balance,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

/* positive: the same, passing current->dirty_paused_when, an unsigned long */
TRACE_EVENT(ftw_task_paused,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

/* negative: sb->stats.hits, the u16 of the struct sb->stats is (another struct's hits is a u64) */
TRACE_EVENT(ftw_stat_hits,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned short, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

/* positive: sb->stats.misses, an unsigned long */
TRACE_EVENT(ftw_stat_misses,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

/* positive: ino's struct is not known (a typedef): no member of it has a width, though every i_ftwblocks the scan sees is 32 bits or fewer */
TRACE_EVENT(ftw_inode_blocks,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

/* positive: ino's struct is not known, and one member named i_ftwsize is a u64 */
TRACE_EVENT(ftw_inode_size,
	TP_PROTO(unsigned long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(unsigned int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v %u", __entry->v)
);

#endif /* _TRACE_FTW_H */

#include <trace/define_trace.h>
