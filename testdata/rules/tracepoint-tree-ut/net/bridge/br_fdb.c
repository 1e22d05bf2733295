// SPDX-License-Identifier: MIT
/* As net/bridge/br_fdb.c: part of bridge.o, obj-$(CONFIG_BRIDGE). */
#include <trace/events/tput.h>

void tput_fdb(int v)
{
	trace_tput_fdb_add(v);
}
