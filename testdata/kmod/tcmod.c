// SPDX-License-Identifier: MIT
/* A module whose trace event prints with a function user space cannot call. */
#include <linux/module.h>
#include <linux/init.h>

/* not static, not declared: sparse's "Should it be static?", for --chain=sparse */
int tcmod_calls;

static const char *tcmod_state_name(int state)
{
	return state ? "on" : "off";
}

#define CREATE_TRACE_POINTS
#include "tcmod_trace.h"

static int __init tcmod_init(void)
{
	tcmod_calls++;
	trace_tcmod_state(1);
	return 0;
}

static void __exit tcmod_exit(void)
{
}

module_init(tcmod_init);
module_exit(tcmod_exit);
MODULE_LICENSE("Dual MIT/GPL");
MODULE_DESCRIPTION("tracecheck's kbuild test module");
