/* SPDX-License-Identifier: MIT */
/* 7.2's include/trace/events/syscalls.h form: TRACE_EVENT_SYSCALL() (faultable syscall tracepoints) */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM new_raw_syscalls
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE new_syscall

#if !defined(_NEW_SYSCALL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _NEW_SYSCALL_H

#include <linux/tracepoint.h>

struct pt_regs;

TRACE_EVENT_SYSCALL(new_sys_enter,
	TP_PROTO(struct pt_regs *regs, long id),
	TP_ARGS(regs, id),
	TP_STRUCT__entry(
		__field(long, id)
		__array(unsigned long, args, 6)
	),
	TP_fast_assign(
		__entry->id = id;
		memset(__entry->args, 0, sizeof(__entry->args));
	),
	TP_printk("NR %ld (%lx, %lx)", __entry->id, __entry->args[0], __entry->args[1]),
	new_regfunc, new_unregfunc
);

TRACE_EVENT_FLAGS(new_sys_enter, TRACE_EVENT_FL_CAP_ANY)

DECLARE_TRACE_SYSCALL(new_sys_probe,
	TP_PROTO(long id),
	TP_ARGS(id));

DECLARE_TRACE_EVENT_SYSCALL(new_sys_bare,
	TP_PROTO(long id),
	TP_ARGS(id));

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/new
#include <trace/define_trace.h>
