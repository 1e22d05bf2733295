// SPDX-License-Identifier: MIT
/* Instantiates the qux events (a stand-in for net/core/net-traces.c). */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/qux_defs.h>
#include <trace/events/qux.h>

void qux_set_mode(int mode)
{
	trace_qux_mode(mode);
}
