/* SPDX-License-Identifier: MIT */
/* printk-helper-misuse suggests __print_dynamic_array() only to kernels that have it. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_pdav

#if !defined(_TC_PDAV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PDAV_H

#include <linux/tracepoint.h>

/* the length in bytes as the count of 4-byte elements */
TRACE_EVENT(tc_pdav_regs,
	TP_PROTO(const u32 *regs, int n),
	TP_ARGS(regs, n),
	TP_STRUCT__entry(
		__dynamic_array(u32, regs, n)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(regs), regs, n * sizeof(u32));
	),
	TP_printk("regs=%s",
		  __print_array(__get_dynamic_array(regs), __get_dynamic_array_len(regs),
				sizeof(u32)))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE print-dynamic-array-versions
#include <trace/define_trace.h>

/*
 * check-name: printk-helper-misuse names __print_dynamic_array() only where the kernel has it: 6.13, and the stable releases it was backported to (6.1.136, 6.12.26); unknown, it is named
 * check-command: for v in 6.1.135 6.1.136 6.12 6.12.26 6.13; do echo "== $v"; tracecheck --disable printk-userspace,printk-construct --kernel-version $v $file; done; echo "== unknown"; tracecheck --disable printk-userspace,printk-construct $file
 * check-exit-value: 1
 *
 * check-output-start
== 6.1.135
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size
== 6.1.136
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size, or use __print_dynamic_array(regs, 4)
== 6.12
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size
== 6.12.26
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size, or use __print_dynamic_array(regs, 4)
== 6.13
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size, or use __print_dynamic_array(regs, 4)
== unknown
testdata/rules/print-dynamic-array-versions.h:22:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/print-dynamic-array-versions.h:22:5: note: divide the length by the element size, or use __print_dynamic_array(regs, 4)
check-output-end
 */
