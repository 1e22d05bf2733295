// SPDX-License-Identifier: MIT
/* As kernel/irq_work.c and kernel/smp.c: two callers under two options. */
#include <trace/events/tput.h>

#ifdef CONFIG_IRQ_WORK
void tput_irq_work(int v)
{
	trace_tput_send_cpu(v);
}
#endif

#ifdef CONFIG_SMP
void tput_smp(int v)
{
	trace_tput_send_cpu(v + 1);
}
#endif

static void tput_probe(void *data, int v)
{
}

int tput_attach(void)
{
	return register_trace_tput_probed(tput_probe, NULL);
}
