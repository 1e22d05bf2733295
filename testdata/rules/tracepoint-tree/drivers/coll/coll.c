// SPDX-License-Identifier: MIT
#include "trace.h"

#define COLL_FIRE(ev, v) trace_##ev(v)

void coll_rx(int v)
{
	COLL_FIRE(coll_rx, v);
}
