/* SPDX-License-Identifier: MIT */
/*
 * 7.0 reads a __print_symbolic() table to its ARRAY_SIZE(): an empty or
 * absent table builds (arch/x86/kvm/trace.h's kvm_inj_exception); before,
 * { -1, NULL } was appended and "{ , { -1, NULL } }" did not.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM new

#if !defined(_NEW_EMPTY_H) || defined(TRACE_HEADER_MULTI_READ)
#define _NEW_EMPTY_H

#include <linux/tracepoint.h>

TRACE_EVENT(new_empty,
	TP_PROTO(unsigned int code),
	TP_ARGS(code),
	TP_STRUCT__entry(
		__field(unsigned int, code)
	),
	TP_fast_assign(
		__entry->code = code;
	),
	TP_printk("code=%s", __print_symbolic(__entry->code))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/new
#define TRACE_INCLUDE_FILE new_empty
#include <trace/define_trace.h>
