// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "shared_trace.h"

void shared_flip_now(int plane)
{
	trace_shared_flip(plane);
}
