/* SPDX-License-Identifier: MIT */
/*
 * Not checked: a fragment, without TRACE_SYSTEM and without
 * <trace/define_trace.h>, that another trace header includes in its
 * multi-read part; that header's check reads its class.
 */
DECLARE_EVENT_CLASS(tc_nc_fragment_class,
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
