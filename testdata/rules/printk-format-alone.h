/* SPDX-License-Identifier: MIT */
/*
 * printk-format without printk-userspace and printk-unsafe-deref (off,
 * or no libtraceevent): it reports the %p extensions user space does not
 * implement, a dereferencing conversion of an integer and the letters
 * the kernel swallows after %pM itself.
 *
 * check-name: printk-format: kernel-only %p extensions when printk-userspace is off
 * check-command: tracecheck --disable printk-userspace,printk-unsafe-deref,field-kind $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-format-alone.h:46:21: error: TP_printk() argument '&__entry->phys' has the unary '&' in '&REC->phys', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-format-alone.h:46:21: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-format-alone.h:46:54: error: '%pI4' prints what its argument points to, but '__entry->addr' is '__be32' (unsigned int), not a pointer: the kernel reads memory at an address that is the value (an oops or garbage) [printk-format]
testdata/rules/printk-format-alone.h:46:54: note: pass its address: &__entry->addr
testdata/rules/printk-format-alone.h:63:19: error: the kernel's vsnprintf() takes every letter after %p into the conversion but pointer() uses only '%pM': the text 'pmk' is never printed (perf and trace-cmd print it) [printk-format]
testdata/rules/printk-format-alone.h:63:19: note: separate the text from the conversion: "%pM " or "%pM, "
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_pfa

#if !defined(_TC_PFA_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PFA_H

#include <linux/tracepoint.h>

/* modelled on mlx5's sf dev_tracepoint.h (%pK) and thunderbolt's net trace.h (%pad) */
TRACE_EVENT(tc_pfa_sfdev,
	TP_PROTO(void *sfdev, dma_addr_t phys, u32 aux_id, __be32 addr),
	TP_ARGS(sfdev, phys, aux_id, addr),
	TP_STRUCT__entry(
		__field(void *, sfdev)
		__field(dma_addr_t, phys)
		__field(u32, aux_id)
		__field(__be32, addr)
	),
	TP_fast_assign(
		__entry->sfdev = sfdev;
		__entry->phys = phys;
		__entry->aux_id = aux_id;
		__entry->addr = addr;
	),
	TP_printk("sfdev=%pK phys=%pad aux_id=%d addr=%pI4 caller=%pS",
		  __entry->sfdev, &__entry->phys, __entry->aux_id, __entry->addr,
		  __entry->sfdev)
);

/* modelled on cfg80211's rdev_set_pmk: "%pM" "pmk_len=%u" */
TRACE_EVENT(tc_pfa_pmk,
	TP_PROTO(const u8 *aa, u32 pmk_len),
	TP_ARGS(aa, pmk_len),
	TP_STRUCT__entry(
		__array(u8, aa, 6)
		__field(u32, pmk_len)
	),
	TP_fast_assign(
		memcpy(__entry->aa, aa, 6);
		__entry->pmk_len = pmk_len;
	),
	TP_printk("aa=%pM"
		  "pmk_len=%u", __entry->aa, __entry->pmk_len)
);

#endif /* _TC_PFA_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-format-alone
#include <trace/define_trace.h>
