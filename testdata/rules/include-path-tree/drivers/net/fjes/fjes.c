// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "fjes_trace.h"

void fjes_do(int v)
{
	trace_fjes_tick(v);
}
