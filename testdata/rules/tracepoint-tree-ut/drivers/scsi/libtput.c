// SPDX-License-Identifier: MIT
/* As drivers/scsi/libiscsi.c: built for either of two options. */
#include <trace/events/tput.h>

void tput_conn(int v)
{
	trace_tput_dbg_conn(v);
}
