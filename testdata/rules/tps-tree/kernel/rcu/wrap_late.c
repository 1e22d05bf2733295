// SPDX-License-Identifier: MIT
/* A static wrapper whose file includes another after it, which calls it too. */
#include <linux/types.h>
#include <trace/events/rcu.h>

#define TPS(x)  tracepoint_string(x)

static void rcu_trace_late(const char *msg)
{
	trace_rcu_wrapped_late(msg);
}

void rcu_late(void)
{
	rcu_trace_late(TPS("late"));
}

/* may call rcu_trace_late() with anything */
#include "wrap_more.h"
