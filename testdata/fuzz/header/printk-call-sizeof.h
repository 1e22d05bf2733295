/* SPDX-License-Identifier: MIT */
/*
 * printk-call: sizeof is not a call.  printk-userspace is off here: the
 * libtraceevent 1.7.1 that parses it frees memory twice while reading
 * sizeof() (AddressSanitizer reports the double free; a plain build
 * does not notice), so the sanitizer build's verdict would differ.
 *
 * check-name: printk-call: sizeof is not a call
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_call_sizeof

#if !defined(_TC_CALL_SIZEOF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CALL_SIZEOF_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_call_sizeof,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("size=%d/%d", (int)sizeof(__entry->mode), (int)sizeof(int))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-call-sizeof
#include <trace/define_trace.h>
