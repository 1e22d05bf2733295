/* SPDX-License-Identifier: MIT */
/* 7.3's kernel/rcu/tree.h: the flavour's name, registered for user space. */
#define RCU_NAME_RAW "rcu_sched"
static char rcu_name[] = RCU_NAME_RAW;
static const char *tp_rcu_varname __used __tracepoint_string = rcu_name;
#define RCU_NAME rcu_name

struct rcu_state {
	const char *name;
};
