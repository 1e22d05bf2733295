/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-null-arg: a NULL the caller's own test lets through.
 * Reduced from linux 6.12 drivers/usb/gadget/udc/trace.h, class
 * udc_log_req (lines 219-263) and its event usb_ep_alloc_request (264):
 * TP_fast_assign() reads req->length ..., and usb_ep_alloc_request()
 * (core.c) fires it whether ->alloc_request() gave a request or NULL.
 * The same code is in 6.1, 7.2 and 7.3.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM udc

#if !defined(_TRACE_UDC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_UDC_H

#include <linux/tracepoint.h>

struct usb_ep {
	const char *name;
};

struct usb_request {
	unsigned length;
	unsigned actual;
	int status;
	struct usb_ep *ep;
};

DECLARE_EVENT_CLASS(udc_log_req,
	TP_PROTO(struct usb_ep *ep, struct usb_request *req, int ret),
	TP_ARGS(ep, req, ret),
	TP_STRUCT__entry(
		__string(name, ep->name)
		__field(unsigned, length)
		__field(unsigned, actual)
		__field(int, status)
		__field(int, ret)
		__field(struct usb_request *, req)
	),
	TP_fast_assign(
		__assign_str(name);
		__entry->length = req->length;
		__entry->actual = req->actual;
		__entry->status = req->status;
		__entry->ret = ret;
		__entry->req = req;
	),
	TP_printk("%s: req %p length %d/%d status %d --> %d",
		__get_str(name), __entry->req, __entry->actual, __entry->length,
		__entry->status, __entry->ret
	)
);

/* positive (warning): if (req) ...; then fired with req whatever the test found */
DEFINE_EVENT(udc_log_req, usb_ep_alloc_request,
	TP_PROTO(struct usb_ep *ep, struct usb_request *req, int ret),
	TP_ARGS(ep, req, ret)
);

/* negatives: the callers leave when req is NULL, or set it first */
DEFINE_EVENT(udc_log_req, usb_ep_free_request,
	TP_PROTO(struct usb_ep *ep, struct usb_request *req, int ret),
	TP_ARGS(ep, req, ret)
);

/* positive (warning): the call two blocks deep inside if (!req) */
DEFINE_EVENT(udc_log_req, usb_ep_queue,
	TP_PROTO(struct usb_ep *ep, struct usb_request *req, int ret),
	TP_ARGS(ep, req, ret)
);

/* positive (warning): if (!req) S, where S falls through */
DEFINE_EVENT(udc_log_req, usb_ep_dequeue,
	TP_PROTO(struct usb_ep *ep, struct usb_request *req, int ret),
	TP_ARGS(ep, req, ret)
);

#endif /* _TRACE_UDC_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
