// SPDX-License-Identifier: MIT
/* As fs/cachefiles/ondemand.c: built only with CONFIG_TPUT_ONDEMAND. */
#include <trace/events/tput.h>

void tput_ondemand(int v)
{
	trace_tput_ondemand_open(v);
}
