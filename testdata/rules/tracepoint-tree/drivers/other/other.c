// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "other_trace.h"
#include "tpa.h"

void other_work(int v)
{
	trace_other_tick(v);
}
