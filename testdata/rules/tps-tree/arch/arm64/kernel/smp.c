// SPDX-License-Identifier: MIT
/* 7.3's arch/arm64/kernel/smp.c: the IPI names, registered for user space. */
enum ipi_msg_type {
	IPI_RESCHEDULE,
	IPI_CALL_FUNC,
	NR_IPI
};

static const char *ipi_types[NR_IPI] __tracepoint_string = {
	[IPI_RESCHEDULE]	= "Rescheduling interrupts",
	[IPI_CALL_FUNC]		= "Function call interrupts",
};

static void smp_cross_call(unsigned int cpu, unsigned int ipinr)
{
	trace_rcu_ipi_raise(cpu, ipi_types[ipinr]);
}
