// SPDX-License-Identifier: MIT
/* creates hpg_trace.h's events, as brcmfmac's tracepoint.c does */
#define CREATE_TRACE_POINTS
#include "hpg_trace.h"

void hpg_run(int v)
{
	trace_hpg_tick(v);
}
