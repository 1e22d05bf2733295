// SPDX-License-Identifier: MIT
/* No Makefile in vf/: drivers/hmbx/Makefile builds this, with its ccflags-y. */
#include "hmbx_cmd.h"

#define CREATE_TRACE_POINTS
#include "vf_trace.h"

void hmbx_vf_get(struct hmbx_cmd *req)
{
	trace_hmbx_vf_get(req);
}
