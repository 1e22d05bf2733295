// SPDX-License-Identifier: MIT
#include <linux/maybe_helpers.h>

#define CREATE_TRACE_POINTS
#include "maybe_trace.h"

void maybe_rx(int v)
{
	MAYBE_TRACE(rx, v);
}
