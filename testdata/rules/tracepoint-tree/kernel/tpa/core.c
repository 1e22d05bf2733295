// SPDX-License-Identifier: MIT
/* The instantiator of tpa.h, and its callers. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/tpa.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(tpa_exported);

#define TPA_EVENT(x, v) trace_tpa_##x(v)
#define TPA_STEP(what, v) TPA_EVENT(what, v)

/* trace_tpa_mentioned() was called here before the rework */
static const char *old = "trace_tpa_mentioned(v)";

static void probe(void *data, int v)
{
}

static inline void trace_tpa_stubbed(int v)
{
}

void tpa_work(int v)
{
	trace_tpa_called(v);
	if (trace_tpa_checked_enabled())
		v++;
	register_trace_tpa_probed(probe, NULL);
	TPA_EVENT(pasted, v);
	TPA_STEP(chained, v);
	if (tracepoint_enabled(tpa_raw_used))
		__tpa_raw_used(v);
}

void __tpa_raw_used(int v)
{
	trace_tpa_raw_used(v);
	trace_tpa_raw_new_tp(v);
}
