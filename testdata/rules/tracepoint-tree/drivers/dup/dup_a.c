// SPDX-License-Identifier: MIT
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include "dup_trace.h"

void dup_a(int v)
{
	trace_dup_tick(v);
}
