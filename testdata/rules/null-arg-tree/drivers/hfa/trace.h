/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-null-arg: a driver's own header.  Modelled on 6.12's
 * drivers/infiniband/hw/hfi1/trace_tx.h, hfi1_ahg_allocate: the class
 * reads sde->dd, and sdma_ahg_alloc() fires the event with the engine
 * it has just found NULL.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hfa

#if !defined(_TRACE_HFA_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_HFA_H

#include <linux/tracepoint.h>

struct hfa_devdata {
	const char *name;
};

struct sdma_engine {
	struct hfa_devdata *dd;
	unsigned char this_idx;
};

DECLARE_EVENT_CLASS(hfa_sdma_ahg_ad,
	TP_PROTO(struct sdma_engine *sde, int aidx),
	TP_ARGS(sde, aidx),
	TP_STRUCT__entry(
		__string(dev, sde->dd->name)
		__field(int, aidx)
		__field(unsigned char, idx)
	),
	TP_fast_assign(
		__assign_str(dev);
		__entry->idx = sde->this_idx;
		__entry->aidx = aidx;
	),
	TP_printk("[%s] SDE(%u) aidx %d", __get_str(dev), __entry->idx, __entry->aidx)
);

/* positive (warning): sdma.c fires it in the block of if (!sde) */
DEFINE_EVENT(hfa_sdma_ahg_ad, hfa_ahg_allocate,
	TP_PROTO(struct sdma_engine *sde, int aidx),
	TP_ARGS(sde, aidx)
);

/* negative: the NULL caller is drivers/other/other.c, another driver's function of that name */
DEFINE_EVENT(hfa_sdma_ahg_ad, hfa_ahg_deallocate,
	TP_PROTO(struct sdma_engine *sde, int aidx),
	TP_ARGS(sde, aidx)
);

#endif /* _TRACE_HFA_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
