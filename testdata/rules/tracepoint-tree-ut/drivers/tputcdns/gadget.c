// SPDX-License-Identifier: MIT
/* As cdns3-gadget.c: tputcdns-$(CONFIG_TPUTCDNS_GADGET), like the instantiator. */
#include "trace.h"

void tputcdns_halt(int v)
{
	trace_tputcdns_halt(v);
}
