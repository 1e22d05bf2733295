// SPDX-License-Identifier: MIT
/* As kernel/time/alarmtimer.c: the caller under #ifdef CONFIG_RTC_CLASS. */
#include <trace/events/tput.h>

#ifdef CONFIG_RTC_CLASS
void tput_alarm(int v)
{
	trace_tput_alarm_suspend(v);
}
#endif
