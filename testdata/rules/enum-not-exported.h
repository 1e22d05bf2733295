/* SPDX-License-Identifier: MIT */
/* enum-not-exported: enumerators the print fmt keeps as names, TRACE_DEFINE_ENUMs nothing uses. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_enum

#if !defined(_TC_ENUM_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ENUM_H

#include <linux/tracepoint.h>

#ifndef _TC_ENUM_HELPERS
#define _TC_ENUM_HELPERS
enum tc_state { TC_IDLE, TC_BUSY, TC_DONE };
enum tc_mode { TC_MODE_OFF, TC_MODE_ON = 1 };
enum tc_flag { TC_F_READ = 1, TC_F_WRITE = 2 };
enum { TC_ANON_A = 7 };
enum tc_big { X = 12 };
enum tc_stale { TC_STALE = 3, TC_GONE = 4 };
enum tc_reason { TC_R_TIMEOUT = 1, TC_R_ERROR = 2 };
struct tc_blob { int a, b; };
#define TC_MAGIC 42
#define TC_MSG_PACKET 0x1
/* as the kernel's show_*() wrappers, in the EM()/EMe() list style */
#define TC_REASONS EM(TC_R_TIMEOUT, "timeout") EMe(TC_R_ERROR, "error")
#endif

/* the correct pattern: one list for the TRACE_DEFINE_ENUMs and the table */
#undef EM
#undef EMe
#define EM(a, b) TRACE_DEFINE_ENUM(a);
#define EMe(a, b) TRACE_DEFINE_ENUM(a);
TC_REASONS
#undef EM
#undef EMe
#define EM(a, b) { a, b },
#define EMe(a, b) { a, b }

TRACE_DEFINE_ENUM(TC_F_READ);
TRACE_DEFINE_ENUM(TC_F_WRITE);
TRACE_DEFINE_ENUM(X);
/* negative-turned-positive: nothing prints these */
TRACE_DEFINE_ENUM(TC_STALE);
TRACE_DEFINE_SIZEOF(struct tc_blob);
/* a macro: the print fmt has its value, never the name (netvsc_trace.h) */
TRACE_DEFINE_ENUM(TC_MSG_PACKET);
/* expanded before TRACE_DEFINE_ENUM() stringifies it: "0x1" (wfx/traces.h) */
#define tc_reg_name(sym) TRACE_DEFINE_ENUM(sym);
tc_reg_name(TC_MSG_PACKET)

/* positive: a __print_symbolic() table and a comparison, no TRACE_DEFINE_ENUM */
TRACE_EVENT(tc_enum_symbolic,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s busy=%d",
		  __print_symbolic(__entry->state, { TC_IDLE, "idle" }, { TC_BUSY, "busy" },
				   { TC_DONE, "done" }),
		  __entry->state == TC_BUSY)
);

/* positive, one level lower: an enumerator of value 0 in a comparison */
TRACE_EVENT(tc_enum_zero,
	TP_PROTO(int mode),
	TP_ARGS(mode),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = mode;
	),
	TP_printk("off=%d", __entry->mode == TC_MODE_OFF)
);

/* positive: an anonymous enum's enumerator in arithmetic */
TRACE_EVENT(tc_enum_anon,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v + TC_ANON_A)
);

/* positive: TRACE_DEFINE_ENUM(X) with a value longer than the name */
TRACE_EVENT(tc_enum_too_long,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("big=%d", __entry->v == X)
);

/* positive: 'true' is an enumerator in the kernel (<linux/stddef.h>) */
TRACE_EVENT(tc_enum_bool,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("set=%d", __entry->v == true)
);

/*
 * negatives: names with TRACE_DEFINE_ENUM (list and flag table), a macro
 * that expands to a number, enumerators only in TP_fast_assign, a member
 * name and a string that spell an enumerator
 */
TRACE_EVENT(tc_enum_fine,
	TP_PROTO(int reason, int flags, int mode),
	TP_ARGS(reason, flags, mode),
	TP_STRUCT__entry(
		__field(int, reason)
		__field(int, flags)
		__field(int, on)
		__field(int, TC_DONE)
	),
	TP_fast_assign(
		__entry->reason = reason;
		__entry->flags = flags;
		__entry->on = mode == TC_MODE_ON;
		__entry->TC_DONE = mode;
	),
	TP_printk("reason=%s flags=%s magic=%d on=%d done=%d TC_IDLE",
		  __print_symbolic(__entry->reason, TC_REASONS),
		  __print_flags(__entry->flags, "|", { TC_F_READ, "R" }, { TC_F_WRITE, "W" }),
		  __entry->on + TC_MAGIC, __entry->on, __entry->TC_DONE)
);

/* the second use of names already reported: nothing more */
DECLARE_EVENT_CLASS(tc_enum_class,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("busy=%d", __entry->state == TC_BUSY)
);
DEFINE_EVENT(tc_enum_class, tc_enum_class_a, TP_PROTO(int state), TP_ARGS(state));

/* positive: a DEFINE_EVENT_PRINT's own TP_printk */
DEFINE_EVENT_PRINT(tc_enum_class, tc_enum_own,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_printk("gone=%d", __entry->state == TC_GONE)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE enum-not-exported
#include <trace/define_trace.h>

/*
 * check-name: enum-not-exported positives and negatives
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/enum-not-exported.h:42:1: note: TRACE_DEFINE_ENUM(TC_STALE) is used by no print fmt of this header: the kernel rewrites nothing with it [enum-not-exported]
testdata/rules/enum-not-exported.h:42:1: note: remove it, or print the enumerator it names
testdata/rules/enum-not-exported.h:43:1: note: TRACE_DEFINE_SIZEOF(struct tc_blob) is used by no print fmt of this header: the kernel rewrites nothing with it [enum-not-exported]
testdata/rules/enum-not-exported.h:43:1: note: remove it, or print the size it names
testdata/rules/enum-not-exported.h:45:1: note: TRACE_DEFINE_ENUM(TC_MSG_PACKET) rewrites nothing: it names no enumerator, so the print fmt holds its value, never the name [enum-not-exported]
testdata/rules/enum-not-exported.h:45:1: note: a macro that expands to a number needs no TRACE_DEFINE_ENUM(): remove it
testdata/rules/enum-not-exported.h:48:1: note: TRACE_DEFINE_ENUM(0x1) rewrites nothing: the kernel's scan of the print fmt matches names only [enum-not-exported]
testdata/rules/enum-not-exported.h:48:1: note: the macro that wrote it expanded its argument first, as an argument that is not an operand of '#' is; a macro that expands to a number needs no TRACE_DEFINE_ENUM(): remove it
testdata/rules/enum-not-exported.h:61:5: error: TP_printk() argument prints enumerators 'TC_IDLE', 'TC_BUSY' and 'TC_DONE' without TRACE_DEFINE_ENUM(): the format file keeps their names, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported.h:48:1: note: add TRACE_DEFINE_ENUM(TC_IDLE); TRACE_DEFINE_ENUM(TC_BUSY); TRACE_DEFINE_ENUM(TC_DONE); to the header's TRACE_DEFINE_ENUM() list
testdata/rules/enum-not-exported.h:76:22: note: TP_printk() argument prints enumerator 'TC_MODE_OFF' without TRACE_DEFINE_ENUM(): the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported.h:48:1: note: add TRACE_DEFINE_ENUM(TC_MODE_OFF); to the header's TRACE_DEFINE_ENUM() list
testdata/rules/enum-not-exported.h:89:20: error: TP_printk() argument prints enumerator 'TC_ANON_A' without TRACE_DEFINE_ENUM(): the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported.h:48:1: note: add TRACE_DEFINE_ENUM(TC_ANON_A); to the header's TRACE_DEFINE_ENUM() list
testdata/rules/enum-not-exported.h:102:22: error: TP_printk() argument prints enumerator 'X', whose value 12 is longer than its name: the kernel cannot rewrite it and the format file keeps the name [enum-not-exported]
testdata/rules/enum-not-exported.h:102:22: note: print the value some other way: a macro that expands to the number, or a name of at least 2 characters
testdata/rules/enum-not-exported.h:115:22: error: TP_printk() argument prints enumerator 'true' without TRACE_DEFINE_ENUM(): the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported.h:115:22: note: 'true' and 'false' are the enumerators of <linux/stddef.h>: write 1 and 0 instead
testdata/rules/enum-not-exported.h:162:23: error: TP_printk() argument prints enumerator 'TC_GONE' without TRACE_DEFINE_ENUM(): the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
testdata/rules/enum-not-exported.h:48:1: note: add TRACE_DEFINE_ENUM(TC_GONE); to the header's TRACE_DEFINE_ENUM() list
check-output-end
 */
