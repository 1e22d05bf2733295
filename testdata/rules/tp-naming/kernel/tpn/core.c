// SPDX-License-Identifier: MIT
/* The instantiator of tpn.h, and its callers. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/tpn.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(tpn_exp_tp);

void tpn_work(int v)
{
	trace_tpn_new_tp(v);
	trace_tpn_old(v);
	trace_tpn_event(v);
}
