// SPDX-License-Identifier: MIT
/* The instantiator of tput.h, built with CONFIG_TPUT. */
#define CREATE_TRACE_POINTS
#include <trace/events/tput.h>

void tput_main_work(int v)
{
	trace_tput_main(v);
}
