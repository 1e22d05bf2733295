/* SPDX-License-Identifier: MIT */
/*
 * One event name in two architectures' trace headers, under one
 * TRACE_SYSTEM (arch/x86/kvm/trace.h and arch/arm64/kvm/trace_arm.h both
 * define kvm/kvm_entry): a kernel has only its own architecture's.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tckvm

#if !defined(_TCKVM_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TCKVM_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(tckvm_entry,
	TP_PROTO(unsigned long pc),
	TP_ARGS(pc),
	TP_STRUCT__entry(
		__field(unsigned long, rip)
	),
	TP_fast_assign(
		__entry->rip = pc;
	),
	TP_printk("rip 0x%lx", __entry->rip)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../arch/x86/kvm
#define TRACE_INCLUDE_FILE tckvm_trace
#include <trace/define_trace.h>
