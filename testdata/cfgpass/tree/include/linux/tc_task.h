/* SPDX-License-Identifier: MIT */
/* A struct whose members follow the configuration, as task_struct's do. */
#ifndef _TC_TASK_H
#define _TC_TASK_H

struct tc_task {
	int pid;
#ifdef CONFIG_TC_NUMA
	int numa_node;
	unsigned long numa_faults;
#ifdef CONFIG_TC_NUMA_STATS /* which CONFIG_TC_NUMA selects */
	int numa_scans;
#endif
#endif
};

#endif
