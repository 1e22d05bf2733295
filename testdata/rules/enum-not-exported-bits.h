/* SPDX-License-Identifier: MIT */
/*
 * enum-not-exported: a __print_flags() table whose values are shifts of
 * enumerators, (1 << X) and BIT(X), through a show_*_flags() helper
 * macro.  Reduced from linux 6.12 include/trace/events/btrfs.h lines
 * 485-495 (show_ordered_flags()) and 497-545 (btrfs__ordered_extent),
 * with the enumerators of fs/btrfs/ordered-data.h lines 48-86: the header
 * has no TRACE_DEFINE_ENUM(BTRFS_ORDERED_*), so the format file keeps
 * "(1 << BTRFS_ORDERED_REGULAR)" and user space cannot match any flag.
 * The negatives: alarmtimer.h's table (6.12 lines 12-21), whose
 * enumerators have their TRACE_DEFINE_ENUM(), and dlm.h's BIT() table
 * (lines 50-52), whose bits are macros, numbers in the format file.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_bits
#define TRACE_INCLUDE_FILE enum-not-exported-bits

#if !defined(_TC_BITS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_BITS_H

#include <linux/tracepoint.h>

#ifndef _TC_BITS_HELPERS
#define _TC_BITS_HELPERS
#define BIT(nr) (1UL << (nr))
#define BIT_ULL(nr) (1ULL << (nr))
enum {
	BTRFS_ORDERED_REGULAR,
	BTRFS_ORDERED_NOCOW,
	BTRFS_ORDERED_PREALLOC,
	BTRFS_ORDERED_COMPRESSED,
	BTRFS_ORDERED_DIRECT,
	BTRFS_ORDERED_IO_DONE,
	BTRFS_ORDERED_COMPLETE,
	BTRFS_ORDERED_IOERR,
	BTRFS_ORDERED_TRUNCATED,
	BTRFS_ORDERED_LOGGED,
	BTRFS_ORDERED_LOGGED_CSUM,
};
enum alarmtimer_type {
	ALARM_REALTIME,
	ALARM_BOOTTIME,
};
#define DLM_DFL_USER_BIT	0
#define DLM_DFL_ORPHAN_BIT	1
struct btrfs_ordered_extent {
	unsigned long long file_offset;
	unsigned long flags;
};
#endif

/* positive: (1 << X) of enumerators, through the helper macro */
#define show_ordered_flags(flags)					   \
	__print_flags(flags, "|",					   \
		{ (1 << BTRFS_ORDERED_REGULAR), 	"REGULAR" 	}, \
		{ (1 << BTRFS_ORDERED_NOCOW), 		"NOCOW" 	}, \
		{ (1 << BTRFS_ORDERED_PREALLOC), 	"PREALLOC" 	}, \
		{ (1 << BTRFS_ORDERED_COMPRESSED), 	"COMPRESSED" 	}, \
		{ (1 << BTRFS_ORDERED_DIRECT),	 	"DIRECT" 	}, \
		{ (1 << BTRFS_ORDERED_IO_DONE), 	"IO_DONE" 	}, \
		{ (1 << BTRFS_ORDERED_COMPLETE), 	"COMPLETE" 	}, \
		{ (1 << BTRFS_ORDERED_IOERR), 		"IOERR" 	}, \
		{ (1 << BTRFS_ORDERED_TRUNCATED), 	"TRUNCATED"	})

DECLARE_EVENT_CLASS(btrfs__ordered_extent,

	TP_PROTO(const struct btrfs_ordered_extent *ordered),

	TP_ARGS(ordered),

	TP_STRUCT__entry(
		__field(	u64,  file_offset	)
		__field(	unsigned long,  flags	)
	),

	TP_fast_assign(
		__entry->file_offset	= ordered->file_offset;
		__entry->flags		= ordered->flags;
	),

	TP_printk("file_offset=%llu flags=%s",
		  __entry->file_offset,
		  show_ordered_flags(__entry->flags))
);

DEFINE_EVENT(btrfs__ordered_extent, btrfs_ordered_extent_add,

	TP_PROTO(const struct btrfs_ordered_extent *ordered),

	TP_ARGS(ordered)
);

/*
 * positive: BIT() and BIT_ULL() of enumerators, written in the table: the
 * spelling of 7.2's fs/nfs/nfs4trace.h show_delegation_flags() (lines
 * 987-994, BIT(NFS_DELEGATION_*)) and fs/nfs/nfstrace.h (lines 48-64,
 * BIT(PG_BUSY) ...), whose enumerators have no TRACE_DEFINE_ENUM() either;
 * here with btrfs's two later enumerators
 */
TRACE_EVENT(tc_bits_bit,
	TP_PROTO(unsigned long flags),
	TP_ARGS(flags),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%s",
		  __print_flags(__entry->flags, "|", { BIT(BTRFS_ORDERED_LOGGED), "LOGGED" },
				{ BIT_ULL(BTRFS_ORDERED_LOGGED_CSUM), "LOGGED_CSUM" }))
);

/* negative: the enumerators have their TRACE_DEFINE_ENUM() (alarmtimer.h) */
TRACE_DEFINE_ENUM(ALARM_REALTIME);
TRACE_DEFINE_ENUM(ALARM_BOOTTIME);

#define show_alarm_type(type)	__print_flags(type, " | ",	\
	{ 1 << ALARM_REALTIME, "REALTIME" },			\
	{ 1 << ALARM_BOOTTIME, "BOOTTIME" })

TRACE_EVENT(alarmtimer_suspend,
	TP_PROTO(int flag),
	TP_ARGS(flag),
	TP_STRUCT__entry(
		__field(unsigned char, alarm_type)
	),
	TP_fast_assign(
		__entry->alarm_type = flag;
	),
	TP_printk("alarmtimer type:%s", show_alarm_type((1 << __entry->alarm_type)))
);

/* negative: BIT() of macros, which the format file holds as numbers (dlm.h) */
#define show_dlm_dflags(dflags) __print_flags(dflags, "|",	\
	{ BIT(DLM_DFL_USER_BIT), "USER" },			\
	{ BIT(DLM_DFL_ORPHAN_BIT), "ORPHAN" })

TRACE_EVENT(tc_bits_dlm,
	TP_PROTO(unsigned int dflags),
	TP_ARGS(dflags),
	TP_STRUCT__entry(
		__field(unsigned int, dflags)
	),
	TP_fast_assign(
		__entry->dflags = dflags;
	),
	TP_printk("dflags=%s", show_dlm_dflags(__entry->dflags))
);

#endif /* _TC_BITS_H */

#include <trace/define_trace.h>
/*
 * check-name: enum-not-exported: flag tables of (1 << X), BIT(X) and BIT_ULL(X) over enumerators (btrfs.h)
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/enum-not-exported-bits.h:83:5: error: TP_printk() argument prints enumerators 'BTRFS_ORDERED_REGULAR', 'BTRFS_ORDERED_NOCOW', 'BTRFS_ORDERED_PREALLOC', 'BTRFS_ORDERED_COMPRESSED' and 5 more without TRACE_DEFINE_ENUM(): the format file keeps their names, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported-bits.h:116:1: note: add TRACE_DEFINE_ENUM(BTRFS_ORDERED_REGULAR); TRACE_DEFINE_ENUM(BTRFS_ORDERED_NOCOW); TRACE_DEFINE_ENUM(BTRFS_ORDERED_PREALLOC); TRACE_DEFINE_ENUM(BTRFS_ORDERED_COMPRESSED); TRACE_DEFINE_ENUM(BTRFS_ORDERED_DIRECT); TRACE_DEFINE_ENUM(BTRFS_ORDERED_IO_DONE); TRACE_DEFINE_ENUM(BTRFS_ORDERED_COMPLETE); TRACE_DEFINE_ENUM(BTRFS_ORDERED_IOERR); TRACE_DEFINE_ENUM(BTRFS_ORDERED_TRUNCATED); to the header's TRACE_DEFINE_ENUM() list
testdata/rules/enum-not-exported-bits.h:110:5: error: TP_printk() argument prints enumerators 'BTRFS_ORDERED_LOGGED' and 'BTRFS_ORDERED_LOGGED_CSUM' without TRACE_DEFINE_ENUM(): the format file keeps their names, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported-bits.h:116:1: note: add TRACE_DEFINE_ENUM(BTRFS_ORDERED_LOGGED); TRACE_DEFINE_ENUM(BTRFS_ORDERED_LOGGED_CSUM); to the header's TRACE_DEFINE_ENUM() list
check-output-end
 */
