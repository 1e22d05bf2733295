// SPDX-License-Identifier: MIT
/* The instantiator of rcu.h, and most of its callers. */
#include <linux/types.h>

#define TPS(x)  tracepoint_string(x)

#define CREATE_TRACE_POINTS
#include <trace/events/rcu.h>

#include "tree.h"

static struct rcu_state rcu_state = {
	.name = RCU_NAME,
};

static char own_name[16];

#define RCU_BATCH(q) trace_rcu_batch_start(own_name, q)

#include "tree_stall.h"

void rcu_sched_clock_irq(int user)
{
	trace_rcu_utilization(TPS("Start scheduler-tick"));
	trace_rcu_grace_period(rcu_name, 1, TPS("newreq"));
	trace_rcu_utilization(TPS("End scheduler-tick"));
}

static int rcu_cpu_kthread(unsigned int cpu)
{
	trace_rcu_utilization(TPS("Start CPU kthread@rcu_run"));
	trace_rcu_torture_read("rcu", 1);
	trace_rcu_kvfree_callback(TPS("rcu"), 0);
	trace_rcu_kvfree_callback(own_name, 1);
	RCU_BATCH(3);
	return 0;
}

/* not built: what it passes does not count */
#if 0
static void rcu_old(void)
{
	trace_rcu_utilization(own_name);
}
#endif

void rcu_torture(void)
{
	trace_rcu_torture_read("srcu", 2);
}
