/* SPDX-License-Identifier: MIT */
/*
 * What an unconfigured 7.2 tree needs from kbuild: its dialect flags
 * (-fms-extensions: struct tc_whole holds struct tc_head anonymously),
 * the headers it generates (rq-offsets.h, cpufeaturemasks.h, the
 * syscall numbers, a generated-y stub) and what its architecture's
 * Kconfig selects.  The array lengths show what tracecheck made of each.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kbuild

#if !defined(_KBUILD_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _KBUILD_TRACE_H

#include <linux/tracepoint.h>
#include <generated/rq-offsets.h>
#include <asm/cpufeaturemasks.h>
#include <asm/unistd_x32.h>	/* first: unistd_64.h redefines what both have */
#include <asm/unistd_64.h>
#include <asm/unistd_64_x32.h>
#include <asm/tc_stub.h>

#ifndef _KBUILD_TRACE_TYPES
#define _KBUILD_TRACE_TYPES
#define __X32_SYSCALL_BIT 0x40000000

struct tc_head {
	int a;
};

struct tc_whole {
	struct tc_head;
	int b;
};
#endif

#if defined(CONFIG_TC_ARCH_CAP) && defined(CONFIG_TC_ARCH_CAP_64) && \
	defined(CONFIG_TC_ARCH_CAP_DEEP) && !defined(CONFIG_TC_ARCH_NEVER)
#define TC_SELECTED 4
#else
#define TC_SELECTED 1
#endif

TRACE_EVENT(kbuild_generated,
	TP_PROTO(const struct tc_whole *w),
	TP_ARGS(w),
	TP_STRUCT__entry(
		__field_struct(struct tc_whole, whole)
		__array(char, rq, RQ_nr_pinned + 1)
		__array(char, masks, REQUIRED_MASK1 + DISABLED_MASK0 + 2)
		__array(char, nr, __NR_write + 1)
		__array(char, nr64, __NR_syscalls)
		__array(char, x32, __NR_x32_tc_x32 - 509)
		__array(char, x32bit, __NR_tc_x32 - __X32_SYSCALL_BIT - 508)
		__array(char, sel, TC_SELECTED)
	),
	TP_fast_assign(
		__entry->whole = *w;
		memset(__entry->rq, 0, sizeof(__entry->rq));
		memset(__entry->masks, 0, sizeof(__entry->masks));
		memset(__entry->nr, 0, sizeof(__entry->nr));
		memset(__entry->nr64, 0, sizeof(__entry->nr64));
		memset(__entry->x32, 0, sizeof(__entry->x32));
		memset(__entry->x32bit, 0, sizeof(__entry->x32bit));
		memset(__entry->sel, 0, sizeof(__entry->sel));
	),
	TP_printk("rq=%d", __entry->rq[0])
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/kbuild
#define TRACE_INCLUDE_FILE kbuild_trace
#include <trace/define_trace.h>
