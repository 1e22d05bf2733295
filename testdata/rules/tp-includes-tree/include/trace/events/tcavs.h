/* SPDX-License-Identifier: MIT */
/*
 * As sound/soc/intel/avs/trace.h (6.12): lower_32_bits() and
 * upper_32_bits() of a u64 field, from the kernel's <linux/tracepoint.h>
 * include chain, not from an include of its own.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tcavs

#if !defined(_TRACE_TCAVS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TCAVS_H

#include <linux/tracepoint.h>

TRACE_EVENT(tcavs_ipc_msg,
	TP_PROTO(unsigned long long header),
	TP_ARGS(header),
	TP_STRUCT__entry(
		__field(unsigned long long, header)
	),
	TP_fast_assign(
		__entry->header = header;
	),
	TP_printk("primary: 0x%08X, extension: 0x%08X",
		  lower_32_bits(__entry->header), upper_32_bits(__entry->header))
);

#endif

#include <trace/define_trace.h>
