// SPDX-License-Identifier: MIT
/* An out-of-tree module, built against testdata/kver/linux-headers-6.9.7-amd64. */
#include <linux/module.h>

const char *kvmod_state_name(int state)
{
	return state ? "on" : "off";
}

#define CREATE_TRACE_POINTS
#include "kvmod_trace.h"
