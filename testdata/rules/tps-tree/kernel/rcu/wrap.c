// SPDX-License-Identifier: MIT
/* Static wrappers of tracepoints, as block/blk-wbt.c's rwb_trace_step(). */
#include <linux/types.h>
#include <trace/events/rcu.h>

#define TPS(x)  tracepoint_string(x)

static void rcu_trace_step(int n, const char *msg)
{
	trace_rcu_wrapped_step(n, msg);
}

void rcu_scale_up(int n)
{
	rcu_trace_step(n, TPS("scale up"));
}

void rcu_scale_down(int n)
{
	rcu_trace_step(n + 1, tracepoint_string("scale down"));
}
