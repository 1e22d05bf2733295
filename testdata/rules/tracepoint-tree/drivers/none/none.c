// SPDX-License-Identifier: MIT
/* Includes its trace header without CREATE_TRACE_POINTS. */
#include "none_trace.h"

void none_work(int v)
{
	trace_none_tick(v);
}
