/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-null-arg: a header deeper in the tree, like 6.12's
 * drivers/infiniband/hw/hfi1/trace_tx.h: its callers are under
 * drivers/ib/hw/, the parent of its directory.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hfb

#if !defined(_TRACE_HFB_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_HFB_H

#include <linux/tracepoint.h>

struct hfb_qp {
	unsigned int qpn;
};

/* positive (error): drivers/ib/hw/hfb/qp.c passes NULL */
TRACE_EVENT(hfb_qp_err,
	TP_PROTO(struct hfb_qp *qp, int err),
	TP_ARGS(qp, err),
	TP_STRUCT__entry(
		__field(unsigned int, qpn)
		__field(int, err)
	),
	TP_fast_assign(
		__entry->qpn = qp->qpn;
		__entry->err = err;
	),
	TP_printk("qpn %u err %d", __entry->qpn, __entry->err)
);

/* negative: the NULL caller is drivers/ib/core/, outside drivers/ib/hw/ */
TRACE_EVENT(hfb_qp_free,
	TP_PROTO(struct hfb_qp *qp, int err),
	TP_ARGS(qp, err),
	TP_STRUCT__entry(
		__field(unsigned int, qpn)
		__field(int, err)
	),
	TP_fast_assign(
		__entry->qpn = qp->qpn;
		__entry->err = err;
	),
	TP_printk("qpn %u err %d", __entry->qpn, __entry->err)
);

#endif /* _TRACE_HFB_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
