/* SPDX-License-Identifier: MIT */
/*
 * One defect, one finding (merge.c, P13 and P14).  mtu3_trace.h's
 * "%pad" of &__entry->gpd_ring->dma: printk-unsafe-deref's finding on
 * the argument carries printk-format's "does not implement '%pad'" as a
 * note.  xen.h's pte_val(native_make_pte(x)): the macro's call and the
 * call inside it are one printk-call finding, the second a note of the
 * first.
 *
 * check-name: merge: %pad through a pointer field and two calls in one argument are one finding each
 * check-command: tracecheck -v --disable printk-construct,printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/merge-one-defect.h:59:47: error: the argument dereferences the pointer field 'gpd_ring' (REC->p->member) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/rules/merge-one-defect.h:59:47: note: store the value itself in a field at assign time and print that field
testdata/rules/merge-one-defect.h:59:47: note: libtraceevent does not implement '%pad' either (the kernel prints the dma_addr_t the argument points to, in hex): it prints the value as %p followed by the letters [printk-format]
testdata/rules/merge-one-defect.h:72:20: error: TP_printk() argument uses macro 'tc_m1_pte_val', whose expansion calls 'tc_m1_native_pte_val()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/merge-one-defect.h:72:5: note: the format file records the argument as '(unsigned long)tc_m1_native_pte_val(tc_m1_native_make_pte(REC->pteval))'
testdata/rules/merge-one-defect.h:47:9: note: macro 'tc_m1_pte_val' is defined here
testdata/rules/merge-one-defect.h:72:20: note: compute the value at assign time and print the field instead
testdata/rules/merge-one-defect.h:72:34: note: TP_printk() argument calls 'tc_m1_native_make_pte()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_m1

#if !defined(_TC_M1_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_M1_H

#include <linux/tracepoint.h>

#ifndef _TC_M1_HELPERS
#define _TC_M1_HELPERS
struct tc_m1_ring {
	dma_addr_t dma;
};
typedef struct { unsigned long pte; } tc_m1_pte_t;
static inline unsigned long tc_m1_native_pte_val(tc_m1_pte_t pte)
{
	return pte.pte;
}
static inline tc_m1_pte_t tc_m1_native_make_pte(unsigned long val)
{
	return (tc_m1_pte_t){ val };
}
#define tc_m1_pte_val(x) tc_m1_native_pte_val(x)
#endif

TRACE_EVENT(tc_m1_ep_enable,
	TP_PROTO(struct tc_m1_ring *ring),
	TP_ARGS(ring),
	TP_STRUCT__entry(
		__field(struct tc_m1_ring *, gpd_ring)
	),
	TP_fast_assign(
		__entry->gpd_ring = ring;
	),
	TP_printk("ring %p/%pad", __entry->gpd_ring, &__entry->gpd_ring->dma)
);

TRACE_EVENT(tc_m1_set_pte,
	TP_PROTO(unsigned long pteval),
	TP_ARGS(pteval),
	TP_STRUCT__entry(
		__field(unsigned long, pteval)
	),
	TP_fast_assign(
		__entry->pteval = pteval;
	),
	TP_printk("pteval %lx",
		  (unsigned long)tc_m1_pte_val(tc_m1_native_make_pte(__entry->pteval)))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE merge-one-defect
#include <trace/define_trace.h>
