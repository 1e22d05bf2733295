// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include <asm/trace.h>

void foo_irq(int v)
{
	trace_foo_irq_entry(v);
}
