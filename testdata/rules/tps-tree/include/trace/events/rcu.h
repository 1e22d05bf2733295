/* SPDX-License-Identifier: MIT */
/*
 * printk-unsafe-deref in a tree: a %s of a const char * the record keeps,
 * and what the tree's callers pass for it.  Reduced from 7.3's
 * include/trace/events/rcu.h (rcu_utilization, rcu_stall_warning) and
 * include/trace/events/ipi.h (ipi_raise); the callers are in
 * kernel/rcu/tree.c, kernel/rcu/tree_stall.h and arch/arm64/kernel/smp.c.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rcu

#if !defined(_TRACE_RCU_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_RCU_H

#include <linux/tracepoint.h>

/* negative: every caller passes TPS("...") */
TRACE_EVENT(rcu_utilization,

	TP_PROTO(const char *s),

	TP_ARGS(s),

	TP_STRUCT__entry(
		__field(const char *, s)
	),

	TP_fast_assign(
		__entry->s = s;
	),

	TP_printk("%s", __entry->s)
);

/*
 * msg negative: TPS() at every call; rcuname positive: the callers pass
 * rcu_state.name, a member the index does not follow to the
 * __tracepoint_string variable that registers it
 */
TRACE_EVENT(rcu_stall_warning,

	TP_PROTO(const char *rcuname, const char *msg),

	TP_ARGS(rcuname, msg),

	TP_STRUCT__entry(
		__field(const char *, rcuname)
		__field(const char *, msg)
	),

	TP_fast_assign(
		__entry->rcuname = rcuname;
		__entry->msg = msg;
	),

	TP_printk("%s %s",
		  __entry->rcuname, __entry->msg)
);

/* negative: rcu_name, which tp_rcu_varname (__tracepoint_string) points to, and a TPS() */
TRACE_EVENT(rcu_grace_period,

	TP_PROTO(const char *rcuname, unsigned long gp_seq, const char *gpevent),

	TP_ARGS(rcuname, gp_seq, gpevent),

	TP_STRUCT__entry(
		__field(const char *, rcuname)
		__field(unsigned long, gp_seq)
		__field(const char *, gpevent)
	),

	TP_fast_assign(
		__entry->rcuname = rcuname;
		__entry->gp_seq = gp_seq;
		__entry->gpevent = gpevent;
	),

	TP_printk("%s %lu %s", __entry->rcuname, __entry->gp_seq, __entry->gpevent)
);

/* negative: an element of ipi_types[], an array declared __tracepoint_string */
TRACE_EVENT(rcu_ipi_raise,

	TP_PROTO(unsigned int cpu, const char *reason),

	TP_ARGS(cpu, reason),

	TP_STRUCT__entry(
		__field(unsigned int, cpu)
		__field(const char *, reason)
	),

	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->reason = reason;
	),

	TP_printk("cpu=%u reason=%s", __entry->cpu, __entry->reason)
);

/* positive, with a note: every caller passes a string literal, which user space cannot read */
TRACE_EVENT(rcu_torture_read,

	TP_PROTO(const char *rcutorturename, int secs),

	TP_ARGS(rcutorturename, secs),

	TP_STRUCT__entry(
		__field(const char *, rcutorturename)
		__field(int, secs)
	),

	TP_fast_assign(
		__entry->rcutorturename = rcutorturename;
		__entry->secs = secs;
	),

	TP_printk("%s %d", __entry->rcutorturename, __entry->secs)
);

/* positive: one caller passes a TPS(), another a string of its own */
TRACE_EVENT(rcu_kvfree_callback,

	TP_PROTO(const char *rcuname, unsigned long offset),

	TP_ARGS(rcuname, offset),

	TP_STRUCT__entry(
		__field(const char *, rcuname)
		__field(unsigned long, offset)
	),

	TP_fast_assign(
		__entry->rcuname = rcuname;
		__entry->offset = offset;
	),

	TP_printk("%s %lu", __entry->rcuname, __entry->offset)
);

/* positive: a macro fires it, and its invocations are not followed */
TRACE_EVENT(rcu_batch_start,

	TP_PROTO(const char *rcuname, long qlen),

	TP_ARGS(rcuname, qlen),

	TP_STRUCT__entry(
		__field(const char *, rcuname)
		__field(long, qlen)
	),

	TP_fast_assign(
		__entry->rcuname = rcuname;
		__entry->qlen = qlen;
	),

	TP_printk("%s %ld", __entry->rcuname, __entry->qlen)
);

/*
 * negative: the callers of a static wrapper (block/blk-wbt.c's
 * rwb_trace_step() in 7.3) pass tracepoint_string()s
 */
TRACE_EVENT(rcu_wrapped_step,

	TP_PROTO(int n, const char *msg),

	TP_ARGS(n, msg),

	TP_STRUCT__entry(
		__field(int, n)
		__field(const char *, msg)
	),

	TP_fast_assign(
		__entry->n = n;
		__entry->msg = msg;
	),

	TP_printk("%d %s", __entry->n, __entry->msg)
);

/* positive: the wrapper's file includes a file after it, which may call it too */
TRACE_EVENT(rcu_wrapped_late,

	TP_PROTO(const char *msg),

	TP_ARGS(msg),

	TP_STRUCT__entry(
		__field(const char *, msg)
	),

	TP_fast_assign(
		__entry->msg = msg;
	),

	TP_printk("%s", __entry->msg)
);

#endif /* _TRACE_RCU_H */

#include <trace/define_trace.h>
