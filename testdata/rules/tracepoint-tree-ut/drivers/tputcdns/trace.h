/* SPDX-License-Identifier: MIT */
/* unused-tracepoint: an instantiator inside a Makefile conditional. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tputcdns

#if !defined(_TRACE_TPUTCDNS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPUTCDNS_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tputcdns_class,
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
 * negative: fired in gadget.c (CONFIG_TPUTCDNS_GADGET), and the
 * instantiator is built only in ifneq ($(CONFIG_TPUTCDNS_GADGET),)
 * (6.12 drivers/usb/cdns3/cdns3-trace.h, cdns3_halt)
 */
DEFINE_EVENT(tputcdns_class, tputcdns_halt,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TRACE_TPUTCDNS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
