/* SPDX-License-Identifier: MIT */
/*
 * Events under #ifdef, IS_ENABLED() and an #if/#elif/#else of two
 * options, none of them on in the tree's configuration: each is checked
 * in a pass with its options (testdata/cfgpass/tree.case).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_cfg

#if !defined(_TC_CFG_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CFG_TRACE_H

#include <linux/tc_task.h>
#include <linux/tracepoint.h>

/* in every configuration: its finding is reported once, as it is */
TRACE_EVENT(tc_cfg_always,
	TP_PROTO(const struct tc_task *t),
	TP_ARGS(t),
	TP_STRUCT__entry(
		__field(int, pid)
		__field(int, stale)
	),
	TP_fast_assign(
		__entry->pid = t->pid;
	),
	TP_printk("pid=%d stale=%d", __entry->pid, __entry->stale)
);

#ifdef CONFIG_TC_NUMA
/*
 * reads the members struct tc_task has only with CONFIG_TC_NUMA, and with
 * CONFIG_TC_NUMA_STATS, which it selects (Kconfig)
 */
TRACE_EVENT(tc_cfg_numa,
	TP_PROTO(const struct tc_task *t),
	TP_ARGS(t),
	TP_STRUCT__entry(
		__field(int, pid)
		__field(int, node)
		__field(unsigned long, faults)
		__field(int, scans)
	),
	TP_fast_assign(
		__entry->pid = t->pid;
		__entry->node = t->numa_node;
		__entry->scans = t->numa_scans;
	),
	TP_printk("pid=%d node=%d faults=%lu", __entry->pid, __entry->node, __entry->faults)
);
#endif /* CONFIG_TC_NUMA */

#if IS_ENABLED(CONFIG_TC_ZONED)
TRACE_EVENT(tc_cfg_zoned,
	TP_PROTO(int zone),
	TP_ARGS(zone),
	TP_STRUCT__entry(
		__field(int, zone)
		__field(int, wp)
	),
	TP_fast_assign(
		__entry->zone = zone;
	),
	TP_printk("zone=%d wp=%d", __entry->zone, __entry->wp)
);
#endif

/* one of three, as the options choose: each branch in a configuration of its own */
#if IS_ENABLED(CONFIG_TC_RING_A)
TRACE_EVENT(tc_cfg_ring_a,
	TP_PROTO(int slot),
	TP_ARGS(slot),
	TP_STRUCT__entry(
		__field(int, slot)
	),
	TP_fast_assign(
		__entry->slot = slot;
	),
	TP_printk("slot=%d", __entry->slot)
);
#elif IS_ENABLED(CONFIG_TC_RING_B)
TRACE_EVENT(tc_cfg_ring_b,
	TP_PROTO(int slot),
	TP_ARGS(slot),
	TP_STRUCT__entry(
		__field(int, slot)
		__field(int, lost)
	),
	TP_fast_assign(
		__entry->slot = slot;
	),
	TP_printk("slot=%d lost=%d", __entry->slot, __entry->lost)
);
#else
TRACE_EVENT(tc_cfg_ring_none,
	TP_PROTO(int slot),
	TP_ARGS(slot),
	TP_STRUCT__entry(
		__field(int, slot)
	),
	TP_fast_assign(
		__entry->slot = slot;
	),
	TP_printk("slot=%d", __entry->slot)
);
#endif

#endif /* _TC_CFG_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/cfg
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE cfg_trace
#include <trace/define_trace.h>
