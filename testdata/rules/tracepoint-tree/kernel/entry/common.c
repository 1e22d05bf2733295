// SPDX-License-Identifier: MIT
/* Instantiates tpsys.h where the architecture uses the generic entry code. */
#define CREATE_TRACE_POINTS
#include <trace/events/tpsys.h>

void syscall_enter(int nr)
{
	trace_tpsys_enter(nr);
}
