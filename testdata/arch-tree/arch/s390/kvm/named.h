/* SPDX-License-Identifier: MIT */
/*
 * A header of s390 read for x86 whose print fmt calls a function none of
 * s390's headers holds (a function its .c defines after the include, as
 * 7.3's arm64 __hyp_enter_exit_reason_str() in asm/kvm_hypevents.h): an
 * s390 build cannot resolve it either, so it is reported as ever.
 */
#if !defined(_TC_S390_NAMED_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_S390_NAMED_H

#include <linux/tracepoint.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_s390_named
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE named

TRACE_EVENT(tc_s390_psw_named,
	TP_PROTO(unsigned long long mask),
	TP_ARGS(mask),
	TP_STRUCT__entry(
		__field(unsigned long long, mask)
	),
	TP_fast_assign(
		__entry->mask = mask;
	),
	TP_printk("psw %s", tc_s390_psw_name(__entry->mask))
);

#endif /* _TC_S390_NAMED_H */

#include <trace/define_trace.h>
