/* SPDX-License-Identifier: MIT */
/* a stand-in: the members of the running task the callers pass */
#ifndef _FTW_SCHED_H
#define _FTW_SCHED_H

struct task_struct {
	int pid;
	union {
		unsigned int flags;
		unsigned int ptrace;
	};
	/* the nr_dirtied of 7.3's include/linux/sched.h */
	int nr_dirtied;
	unsigned long dirty_paused_when;
	void (*fn)(int nr_dirtied_pause, unsigned long len);
	char comm[16];
};

#endif
