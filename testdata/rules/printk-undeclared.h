/* SPDX-License-Identifier: MIT */
/*
 * printk-foreign-identifier: names a TP_printk() argument uses that the
 * header's context does not declare (not calls: printk-call has those).
 * Modelled on 6.12 code: arch/arm64/kvm/trace_arm.h prints
 * __print_symbolic(__entry->type, kvm_exception_type_names), a list
 * macro of <asm/kvm_arm.h>; include/trace/events/rxrpc.h's tables use
 * the RXRPC_ACK_* values of the .c's own header; and a table of names
 * indexed by a field, which only the kernel has.
 *
 * check-name: printk-foreign-identifier: undeclared names, a table indexed by a field is an error
 * check-command: tracecheck --no-kernel-tree $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-undeclared.h:44:5: warning: libtraceevent 1.7.1 to 1.9.0 cannot parse this argument: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-userspace]
testdata/rules/printk-undeclared.h:44:5: note: include what declares it in the trace header, so that every reader (and tracecheck) sees it; with --kernel-tree the header is read in the context of the .c that instantiates it
testdata/rules/printk-undeclared.h:45:5: note: TP_printk() argument uses 'RXRPC_ACK_REQUESTED', 'RXRPC_ACK_DUPLICATE', 'RXRPC_ACK_OUT_OF_SEQUENCE' and 2 more, which the header's context does not declare: macros or enumerators of an include the header lacks, or kernel variables; what they become in the format file is not checked [printk-foreign-identifier]
testdata/rules/printk-undeclared.h:45:5: note: include what declares them in the trace header, so that every reader (and tracecheck) sees it; with --kernel-tree the header is read in the context of the .c that instantiates it
testdata/rules/printk-undeclared.h:62:24: error: TP_printk() argument indexes 'tc_undecl_state_names', which the header does not declare: most likely the kernel's array of names, declared by the .c before it includes the header; user space reads the name as 0 or cannot parse it [printk-foreign-identifier]
testdata/rules/printk-undeclared.h:62:24: note: record the name at assign time (__string(), __assign_str(), __get_str()), or print the number with __print_symbolic()
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_undecl

#if !defined(_TC_UNDECL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_UNDECL_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_undecl_exception,
	TP_PROTO(int type, unsigned long mode),
	TP_ARGS(type, mode),
	TP_STRUCT__entry(
		__field(int, type)
		__field(unsigned long, mode)
	),
	TP_fast_assign(
		__entry->type = type;
		__entry->mode = mode;
	),
	TP_printk("%s (M: %s)",
		  __print_symbolic(__entry->type, kvm_exception_type_names),
		  __print_symbolic(__entry->mode,
				   { RXRPC_ACK_REQUESTED, "REQ" },
				   { RXRPC_ACK_DUPLICATE, "DUP" },
				   { RXRPC_ACK_OUT_OF_SEQUENCE, "OOS" },
				   { RXRPC_ACK_EXCEEDS_WINDOW, "WIN" },
				   { RXRPC_ACK_NOSPACE, "MEM" }))
);

TRACE_EVENT(tc_undecl_state,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", tc_undecl_state_names[__entry->state])
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-undeclared
#include <trace/define_trace.h>
