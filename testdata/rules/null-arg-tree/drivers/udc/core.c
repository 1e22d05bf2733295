// SPDX-License-Identifier: MIT
/*
 * usb_ep_alloc_request() of linux 6.12 drivers/usb/gadget/udc/core.c
 * (lines 192-205), as written; the other functions are the shapes
 * around it that do (and do not) reach the call with req NULL.
 */
#define CREATE_TRACE_POINTS
#include "trace.h"

#define NULL ((void *)0)
#define ENOMEM 12

struct usb_request *usb_ep_alloc_request(struct usb_ep *ep, int gfp_flags)
{
	struct usb_request *req = NULL;

	req = ep->ops->alloc_request(ep, gfp_flags);

	if (req)
		req->ep = ep;

	trace_usb_ep_alloc_request(ep, req, req ? 0 : -ENOMEM);

	return req;
}

/* negative: if (!req) leaves; if (req) { ... } else { ... } both write it */
void usb_ep_free_request(struct usb_ep *ep, struct usb_request *req)
{
	if (!req)
		return;
	trace_usb_ep_free_request(ep, req, 0);
}

void usb_ep_free_request_other(struct usb_ep *ep, struct usb_request *req)
{
	if (req)
		req->ep = ep;
	else
		req = ep->spare;
	trace_usb_ep_free_request(ep, req, 0);
}

/* negative: written between the test and the call */
void usb_ep_free_request_again(struct usb_ep *ep, struct usb_request *req)
{
	if (req)
		req->ep = ep;
	req = ep->spare;
	trace_usb_ep_free_request(ep, req, 0);
}

int usb_ep_queue(struct usb_ep *ep, struct usb_request *req, int flags)
{
	if (!req) {
		if (flags) {
			trace_usb_ep_queue(ep, req, -22);
		}
		return -22;
	}
	return 0;
}

int usb_ep_dequeue(struct usb_ep *ep, struct usb_request *req)
{
	if (!req)
		ep->errors++;
	trace_usb_ep_dequeue(ep, req, 0);
	return 0;
}
