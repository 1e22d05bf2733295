/* SPDX-License-Identifier: MIT */
/*
 * enum-not-exported: a correct header, in the style of
 * include/trace/events/afs.h: one EM()/EMe() list builds the
 * TRACE_DEFINE_ENUM()s and the __print_symbolic() table; flags with
 * their own TRACE_DEFINE_ENUM()s; a TRACE_DEFINE_SIZEOF() the print fmt
 * uses; enumerators only in TP_fast_assign; constants as macros.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_enum_clean

#if !defined(_TC_ENUM_CLEAN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ENUM_CLEAN_H

#include <linux/tracepoint.h>

#ifndef _TC_ENUM_CLEAN_HELPERS
#define _TC_ENUM_CLEAN_HELPERS
enum tc_call_state {
	tc_call_idle,
	tc_call_running,
	tc_call_complete,
};
enum tc_io_flag { TC_IO_SYNC = 1, TC_IO_META = 2 };
enum tc_kind { TC_KIND_A, TC_KIND_B };
struct tc_hdr { int a; long b; };
#define TC_MAX_RETRIES 3
#endif

#define tc_call_states				\
	EM(tc_call_idle,	"IDLE")		\
	EM(tc_call_running,	"RUN ")		\
	EMe(tc_call_complete,	"DONE")

#undef EM
#undef EMe
#define EM(a, b) TRACE_DEFINE_ENUM(a);
#define EMe(a, b) TRACE_DEFINE_ENUM(a);

tc_call_states;

TRACE_DEFINE_ENUM(TC_IO_SYNC);
TRACE_DEFINE_ENUM(TC_IO_META);
TRACE_DEFINE_SIZEOF(struct tc_hdr);

#undef EM
#undef EMe
#define EM(a, b) { a, b },
#define EMe(a, b) { a, b }

#define show_io_flags(f) __print_flags(f, "|", { TC_IO_SYNC, "SYNC" }, { TC_IO_META, "META" })

TRACE_EVENT(tc_enum_clean_call,
	TP_PROTO(int state, unsigned int flags, int kind, int len),
	TP_ARGS(state, flags, kind, len),
	TP_STRUCT__entry(
		__field(int, state)
		__field(unsigned int, flags)
		__field(bool, is_b)
		__field(int, len)
	),
	TP_fast_assign(
		__entry->state = state;
		__entry->flags = flags;
		__entry->is_b = kind == TC_KIND_B;
		__entry->len = len;
	),
	TP_printk("%s flags=%s b=%d retries=%d hdrs=%d",
		  __print_symbolic(__entry->state, tc_call_states),
		  show_io_flags(__entry->flags), __entry->is_b, TC_MAX_RETRIES,
		  __entry->len / (int)sizeof(struct tc_hdr))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE enum-not-exported-clean
#include <trace/define_trace.h>

/*
 * check-name: enum-not-exported: a correct header yields nothing
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
