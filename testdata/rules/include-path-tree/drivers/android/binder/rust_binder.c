// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "rust_binder_events.h"

void rust_binder_do(int v)
{
	trace_rust_binder_tick(v);
}
