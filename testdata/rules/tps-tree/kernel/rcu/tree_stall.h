/* SPDX-License-Identifier: MIT */
/* 7.3's kernel/rcu/tree_stall.h: the stall warnings. */
static void print_other_cpu_stall(void)
{
	trace_rcu_stall_warning(rcu_state.name, TPS("StallDetected"));
}

static void print_cpu_stall(void)
{
	trace_rcu_stall_warning(rcu_state.name, TPS("SelfDetected"));
}
