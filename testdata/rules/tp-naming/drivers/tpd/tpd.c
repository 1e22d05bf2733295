// SPDX-License-Identifier: MIT
/* Calls the tracepoint of tpd_trace.h, which no .c instantiates. */
#include "tpd_trace.h"

void tpd_work(int v)
{
	trace_tpd_tick_tp(v);
}
