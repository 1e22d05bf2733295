/* SPDX-License-Identifier: MIT */
/*
 * One event in both branches of an #ifdef (the record differs with the
 * option, as sched.h's sched_stat_* did with CONFIG_SCHEDSTATS): it is
 * checked either way, so it is not reported as not checked; tc_nc_only
 * has no #else and is.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM both

#if !defined(_TC_NC_BOTH_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NC_BOTH_H

#include <linux/tracepoint.h>

#ifdef CONFIG_TC_NC_WIDE
TRACE_EVENT(tc_nc_both,
	TP_PROTO(long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(long, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%ld", __entry->v)
);

TRACE_EVENT(tc_nc_only,
	TP_PROTO(long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(long, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%ld", __entry->v)
);

/*
 * A DEFINE_EVENT() in a #define's body (xfs_trace.h's DEFINE_RTGROUP_EVENT,
 * nfs4trace.h): 'name' is no event.  The events such a macro makes,
 * tc_nc_wrapped here, are not found in the text (not reported).
 */
DECLARE_EVENT_CLASS(tc_nc_cls,
	TP_PROTO(long v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(long, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%ld", __entry->v)
);
#define DEFINE_TC_NC_EVENT(name) \
DEFINE_EVENT(tc_nc_cls, name, TP_PROTO(long v), TP_ARGS(v))
DEFINE_TC_NC_EVENT(tc_nc_wrapped);
#else
TRACE_EVENT(tc_nc_both,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);
#endif

#endif /* _TC_NC_BOTH_H */

#include <trace/define_trace.h>
