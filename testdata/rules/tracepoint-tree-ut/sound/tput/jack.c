// SPDX-License-Identifier: MIT
/* As sound/soc/soc-jack.c: the caller under #ifdef CONFIG_GPIOLIB. */
#include <trace/events/tput.h>

#ifdef CONFIG_GPIOLIB
static void tput_jack_gpio_work(int v)
{
	trace_tput_jack_irq(v);
	trace_tput_jack_nogpio(v);
	trace_tput_jack_nogpio2(v);
}
#endif /* CONFIG_GPIOLIB */

#if IS_ENABLED(CONFIG_TPUT_DEBUG) && defined(CONFIG_SMP)
void tput_debug_work(int v)
{
	trace_tput_debug(v);
}
#endif
