/* SPDX-License-Identifier: MIT */
/* A struct whose members follow the configuration, as task_struct's do. */
#ifndef _TC_TASK_H
#define _TC_TASK_H

struct tc_task {
	int pid;
#ifdef CONFIG_TC_NUMA
	int numa_node;
	unsigned long numa_faults;
#endif
};

#endif
