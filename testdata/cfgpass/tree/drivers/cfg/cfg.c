// SPDX-License-Identifier: MIT
/* The .c that instantiates cfg_trace.h and fires its events, each where its option is. */
#include <linux/tc_task.h>

#define CREATE_TRACE_POINTS
#include "cfg_trace.h"

void tc_cfg_run(const struct tc_task *t, int zone, int slot)
{
	trace_tc_cfg_always(t);
#ifdef CONFIG_TC_NUMA
	trace_tc_cfg_numa(t);
#endif
#if IS_ENABLED(CONFIG_TC_ZONED)
	trace_tc_cfg_zoned(zone);
#endif
#if IS_ENABLED(CONFIG_TC_RING_A)
	trace_tc_cfg_ring_a(slot);
#elif IS_ENABLED(CONFIG_TC_RING_B)
	trace_tc_cfg_ring_b(slot);
#else
	trace_tc_cfg_ring_none(slot);
#endif
}
