/* SPDX-License-Identifier: MIT */
/* unused-tracepoint on a 7.x tree: trace_call__NAME() and the callers in Rust. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tp7

#if !defined(_TRACE_TP7_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TP7_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tp7_class,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

/* negative: trace_call__tp7_call() in kernel/tp7/core.c */
DEFINE_EVENT(tp7_class, tp7_call,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: only __trace_tp7_static_key_enabled(), a static-key test: not fired */
DEFINE_EVENT(tp7_class, tp7_static_key,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: only __trace_tp7_dunder(), which is no static-key test (no _enabled) */
DEFINE_EVENT(tp7_class, tp7_dunder,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: trace_call__tp7_call_comment() only in a comment */
DEFINE_EVENT(tp7_class, tp7_call_comment,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: declare_trace!'s tp7_rust(), called in its own file (drivers/tp7rs/trace.rs) */
DEFINE_EVENT(tp7_class, tp7_rust,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: a pub tp7_rust_pub(), called from samples/rust/tp7_user.rs */
DEFINE_EVENT(tp7_class, tp7_rust_pub,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: a private tp7_rust_private(), called only from another directory */
DEFINE_EVENT(tp7_class, tp7_rust_private,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: bindings::rust_do_trace_tp7_rust_direct() called by hand */
DEFINE_EVENT(tp7_class, tp7_rust_direct,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: declared with declare_trace! and never called (comments, strings) */
DEFINE_EVENT(tp7_class, tp7_rust_declared,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: only an extern "C" fn rust_do_trace_tp7_rust_extern declaration */
DEFINE_EVENT(tp7_class, tp7_rust_extern,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* positive: called only inside a nested block comment */
DEFINE_EVENT(tp7_class, tp7_rust_nested,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: called after the character literal '"' and a lifetime */
DEFINE_EVENT(tp7_class, tp7_rust_quote,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TRACE_TP7_H */

#include <trace/define_trace.h>
