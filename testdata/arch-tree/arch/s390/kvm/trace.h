/* SPDX-License-Identifier: MIT */
/*
 * A header of s390 (7.3's arch/s390/kvm/s390/trace.h) read in a sweep for
 * x86: its asm/sie.h is s390's, which the parse does not read.  What stands
 * on its names is not checked; what does not is checked as ever.
 */
#if !defined(_TC_S390_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_S390_TRACE_H

#include <linux/tracepoint.h>
#include <asm/sie.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_s390
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace

/* not checked: diagnose_codes is s390's table */
TRACE_EVENT(tc_s390_handle_diag,
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

/* not checked: icpt_insn_decoder() is s390's helper */
TRACE_EVENT(tc_s390_intercept_instruction,
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

/* reported: %d of a 64-bit field stands on nothing of s390's */
TRACE_EVENT(tc_s390_psw,
	TP_PROTO(unsigned long long mask),
	TP_ARGS(mask),
	TP_STRUCT__entry(
		__field(unsigned long long, mask)
	),
	TP_fast_assign(
		__entry->mask = mask;
	),
	TP_printk("psw mask %d", __entry->mask)
);

#endif /* _TC_S390_TRACE_H */

#include <trace/define_trace.h>
