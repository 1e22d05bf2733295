// SPDX-License-Identifier: MIT
/* obj-y: built in every configuration. */
#include <trace/events/tput.h>

void tput_core(int v)
{
#ifdef CONFIG_GPIOLIB
	trace_tput_everywhere(v);
#endif
	if (v)
		trace_tput_everywhere(v + 1);
#ifdef CONFIG_TPUT_PROBE
	v++;
#else
	trace_tput_else(v);
#endif
#ifndef CONFIG_TPUT_QUIET
	trace_tput_else(v);
#endif
#if defined(CONFIG_A) || defined(CONFIG_B)
	trace_tput_either(v);
#endif
	if (trace_tput_direct_enabled())
		trace_call__tput_direct(v);
	if (trace_tput_tested_enabled())
		v--;
}
