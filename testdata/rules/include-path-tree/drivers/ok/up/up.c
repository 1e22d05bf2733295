// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "up_trace.h"

void up_do(int v)
{
	trace_up_tick(v);
}
