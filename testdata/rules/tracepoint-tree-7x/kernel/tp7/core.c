// SPDX-License-Identifier: MIT
/* The instantiator of tp7.h (for C and Rust), and its C callers. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#define CREATE_RUST_TRACE_POINTS
#include <trace/events/tp7.h>

void tp7_work(int v)
{
	/* trace_call__tp7_call_comment(v) was here */
	if (v > 1)
		trace_call__tp7_call(v);
	if (__trace_tp7_static_key_enabled())
		v--;
	__trace_tp7_dunder(v);
}
