/* SPDX-License-Identifier: MIT */
/*
 * printk-userspace: a name the header's context does not declare (here
 * the symbol table macro of an arch header that is not included) leaves
 * a print fmt user space cannot parse, but the kernel's build may expand
 * it: a warning, saying so.
 *
 * check-name: printk-userspace: an undeclared name makes the verdict a warning
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-userspace-undeclared.h:34:18: warning: libtraceevent 1.7.1 to 1.9.0 cannot parse this argument: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-userspace]
testdata/rules/printk-userspace-undeclared.h:34:18: note: include what declares it in the trace header, so that every reader (and tracecheck) sees it; with --kernel-tree the header is read in the context of the .c that instantiates it
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_usu

#if !defined(_TC_USU_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_USU_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_usu_exit,
	TP_PROTO(int ret),
	TP_ARGS(ret),
	TP_STRUCT__entry(
		__field(int, ret)
	),
	TP_fast_assign(
		__entry->ret = ret;
	),
	TP_printk("%s", __print_symbolic(__entry->ret, tc_usu_exception_types))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-userspace-undeclared
#include <trace/define_trace.h>
