// SPDX-License-Identifier: MIT
/* Instantiates tpsys.h for an architecture without the generic entry code. */
#define CREATE_TRACE_POINTS
#include <trace/events/tpsys.h>

void foo_syscall_enter(int nr)
{
	trace_tpsys_enter(nr);
}
