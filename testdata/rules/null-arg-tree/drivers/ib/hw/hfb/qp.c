// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include "trace.h"

void hfb_qp_fail(int err)
{
	trace_hfb_qp_err(NULL, err);
}
