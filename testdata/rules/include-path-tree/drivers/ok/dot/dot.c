// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "dot_trace.h"

void dot_do(int v)
{
	trace_dot_tick(v);
}
