/* SPDX-License-Identifier: MIT */
/*
 * x86's own header with the same events: a table and a helper no header
 * it includes declares are its own defects (a missing #include), reported.
 */
#if !defined(_TC_X86_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_X86_TRACE_H

#include <linux/tracepoint.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_x86
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace

/* reported: diagnose_codes is declared nowhere it includes */
TRACE_EVENT(tc_x86_handle_diag,
	TP_PROTO(unsigned short code),
	TP_ARGS(code),
	TP_STRUCT__entry(
		__field(unsigned short, code)
	),
	TP_fast_assign(
		__entry->code = code;
	),
	TP_printk("handle diagnose call %04x (%s)", __entry->code,
		  __print_symbolic(__entry->code, diagnose_codes))
);

/* reported: nor is icpt_insn_decoder() */
TRACE_EVENT(tc_x86_intercept_instruction,
	TP_PROTO(unsigned long insn),
	TP_ARGS(insn),
	TP_STRUCT__entry(
		__field(unsigned long, insn)
	),
	TP_fast_assign(
		__entry->insn = insn;
	),
	TP_printk("instruction %02lx", icpt_insn_decoder(__entry->insn))
);

#endif /* _TC_X86_TRACE_H */

#include <trace/define_trace.h>
