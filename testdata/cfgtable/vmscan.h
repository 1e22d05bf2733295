/* SPDX-License-Identifier: GPL-2.0 */
/*
 * From include/trace/events/vmscan.h of Linux 7.2: the zone table is
 * mmflags.h's ZONE_TYPE (zones.h here).  tracecheck's record holds 3 in
 * highest_zoneidx; without CONFIG_ZONE_DMA and CONFIG_ZONE_DMA32 the
 * table ends at 1, and libtraceevent drops the '%-8s' width of a value
 * no entry matches, so 3 prints differently - a value the configured
 * kernel's table has (Movable), not the header's fault: no finding.
 * The same width with a table no option shrinks (lru_width, LRU_NAMES
 * with the value 7) is one.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM vmscan

#if !defined(_TRACE_VMSCAN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_VMSCAN_H

#include <linux/tracepoint.h>
#include "zones.h"

#undef EM
#undef EMe
#define EM(a, b)	TRACE_DEFINE_ENUM(a);
#define EMe(a, b)	TRACE_DEFINE_ENUM(a);

ZONE_TYPE
LRU_NAMES

#undef EM
#undef EMe
#define EM(a, b)	{a, b},
#define EMe(a, b)	{a, b}

TRACE_EVENT(mm_vmscan_balance_pgdat_begin,

	TP_PROTO(int nid, int order, int highest_zoneidx),

	TP_ARGS(nid, order, highest_zoneidx),

	TP_STRUCT__entry(
		__field(int, nid)
		__field(int, order)
		__field(int, highest_zoneidx)
	),

	TP_fast_assign(
		__entry->nid = nid;
		__entry->order = order;
		__entry->highest_zoneidx = highest_zoneidx;
	),

	TP_printk("nid=%d order=%d highest_zoneidx=%-8s",
		__entry->nid,
		__entry->order,
		__print_symbolic(__entry->highest_zoneidx, ZONE_TYPE))
);

/* not in the kernel: mm_vmscan_lru_shrink_active's lru, printed with a width */
TRACE_EVENT(lru_width,

	TP_PROTO(int a, int b, int c, int d, int e, int f, int lru),

	TP_ARGS(a, b, c, d, e, f, lru),

	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
		__field(int, c)
		__field(int, d)
		__field(int, e)
		__field(int, f)
		__field(int, lru)
	),

	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
		__entry->d = d;
		__entry->e = e;
		__entry->f = f;
		__entry->lru = lru;
	),

	TP_printk("%d %d %d %d %d %d lru=%-8s", __entry->a, __entry->b, __entry->c, __entry->d,
		  __entry->e, __entry->f, __print_symbolic(__entry->lru, LRU_NAMES))
);

#endif /* _TRACE_VMSCAN_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
