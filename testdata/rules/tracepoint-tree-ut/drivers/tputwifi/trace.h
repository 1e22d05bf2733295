/* SPDX-License-Identifier: MIT */
/* unused-tracepoint: the options of the instantiator's kbuild lines. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tputwifi

#if !defined(_TRACE_TPUTWIFI_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPUTWIFI_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tputwifi_class,
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
 * negative: fired in io.c, part of tputwifi.o (CONFIG_TPUTWIFI), as the
 * instantiator is (7.2 iwl-devtrace-io.h, iwlwifi_dev_ioread32)
 */
DEFINE_EVENT(tputwifi_class, tputwifi_ioread,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: fired under #ifdef CONFIG_TRACEPOINTS (7.2 xfs_trace.h, xfs_trans_resv_calc) */
DEFINE_EVENT(tputwifi_class, tputwifi_resv,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: fired only under #ifdef CONFIG_PM (7.2 ufs_trace.h, ufshcd_runtime_suspend) */
DEFINE_EVENT(tputwifi_class, tputwifi_suspend,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TRACE_TPUTWIFI_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
