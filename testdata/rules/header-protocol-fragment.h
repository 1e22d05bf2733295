/* SPDX-License-Identifier: MIT */
/*
 * header-protocol negative: a fragment, without TRACE_SYSTEM and without
 * <trace/define_trace.h>, that a trace header includes inside its
 * multi-read part (include/trace/misc/, hfi1's and rdmavt's collected
 * headers): the includer follows the protocol, the fragment is not
 * checked.
 */
DECLARE_EVENT_CLASS(tc_proto_fragment_class,
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

/*
 * check-name: header-protocol: a fragment of another trace header is not checked, and says so (exit 3)
 * check-command: tracecheck $file
 * check-exit-value: 3
 *
 * check-output-start
check-output-end
check-error-start
tracecheck: warning: testdata/rules/header-protocol-fragment.h: not checked: it has no #include <trace/define_trace.h> and no TRACE_SYSTEM: a fragment of another trace header, whose check reads its events
check-error-end
 */
