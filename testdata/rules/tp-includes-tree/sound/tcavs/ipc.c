// SPDX-License-Identifier: MIT
#define CREATE_TRACE_POINTS
#include <trace/events/tcavs.h>

void tcavs_ipc(unsigned long long header)
{
	trace_tcavs_ipc_msg(header);
}
