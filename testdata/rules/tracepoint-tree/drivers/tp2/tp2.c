// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "trace.h"

void tp2_work(int v)
{
	trace_tp2_tick(v);
}
