/* SPDX-License-Identifier: MIT */
/*
 * header-protocol negatives: legitimate variants of the protocol from
 * the 6.12 tree.  A TRACE_SYSTEM with a dash and TRACE_SYSTEM_VAR
 * (xhci-hcd), one that starts with a digit (9p), chosen by #ifdef; the
 * guard written over two lines (vsock); TRACE_SYSTEM inside the guard
 * when TRACE_INCLUDE_FILE, outside it, names the re-read file (drm,
 * kvm); the whole header inside a conditional whose #else branch follows
 * define_trace.h (devlink, preemptirq); #undefs, comments and #endifs
 * after it (but not of what the later re-reads need).
 */
#ifdef CONFIG_TC_PROTO_VARIANTS

#if !defined(_TC_PROTO_VARIANTS_H) || \
	defined(TRACE_HEADER_MULTI_READ)
#define _TC_PROTO_VARIANTS_H

#undef TRACE_SYSTEM
#ifdef CONFIG_TC_PROTO_DIGIT
#define TRACE_SYSTEM 9tc_proto
#else
#define TRACE_SYSTEM tc-proto-variants
#endif
#undef TRACE_SYSTEM_VAR
#define TRACE_SYSTEM_VAR tc_proto_variants

#include <linux/tracepoint.h>

TRACE_EVENT(tc_proto_variants,
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

#endif /* _TC_PROTO_VARIANTS_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE header-protocol-variants
#include <trace/define_trace.h>

#undef tc_proto_variants_helper /* tidy up */
// and a comment
#ifdef CONFIG_TC_PROTO_TIDY
#undef tc_proto_variants_other
#endif

#else /* !CONFIG_TC_PROTO_VARIANTS */

#define trace_tc_proto_variants(v) do { } while (0)

#endif

/*
 * check-name: header-protocol: the legitimate variants of the 6.12 tree produce nothing
 * check-command: tracecheck -DCONFIG_TC_PROTO_VARIANTS $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
