/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-null-arg: events and the callers in fs/nfa/ that pass them
 * NULL.  Modelled on 6.12's include/trace/events/netfs.h (netfs_failure),
 * net/handshake and include/trace/events/qdisc.h (qdisc_reset).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM nfa

#if !defined(_TRACE_NFA_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_NFA_H

#include <linux/tracepoint.h>

struct nfa_request {
	unsigned int debug_id;
	unsigned long len;
	const char *name;
};

struct nfa_subrequest {
	short debug_index;
	unsigned long len;
};

/*
 * positive (error): netfs_failure -- rreq->debug_id whatever rreq is,
 * and netfs_write_begin() calls trace_netfs_failure(NULL, NULL, ...).
 * negative: sreq, which every use tests.
 */
TRACE_EVENT(nfa_failure,
	TP_PROTO(struct nfa_request *rreq, struct nfa_subrequest *sreq, int error),
	TP_ARGS(rreq, sreq, error),
	TP_STRUCT__entry(
		__field(unsigned int, rreq)
		__field(short, index)
		__field(short, error)
		__field(unsigned long, len)
	),
	TP_fast_assign(
		__entry->rreq = rreq->debug_id;
		__entry->index = sreq ? sreq->debug_index : -1;
		__entry->error = error;
		__entry->len = sreq ? sreq->len : rreq->len;
	),
	TP_printk("R=%08x[%x] e=%d l=%lu", __entry->rreq, __entry->index, __entry->error,
		  __entry->len)
);

/*
 * net/handshake's handshake_event_class: the request is only stored as
 * a pointer, so handshake_cancel_none's caller may pass the one its
 * lookup did not find (negative); nfa_put_name reads it through
 * __string() (positive: its caller tested it for NULL just before).
 */
DECLARE_EVENT_CLASS(nfa_req_class,
	TP_PROTO(const struct nfa_request *req, int err),
	TP_ARGS(req, err),
	TP_STRUCT__entry(
		__field(const void *, req)
		__field(int, err)
	),
	TP_fast_assign(
		__entry->req = req;
		__entry->err = err;
	),
	TP_printk("req=%p err=%d", __entry->req, __entry->err)
);

DEFINE_EVENT(nfa_req_class, nfa_cancel_none,
	TP_PROTO(const struct nfa_request *req, int err),
	TP_ARGS(req, err)
);

DECLARE_EVENT_CLASS(nfa_name_class,
	TP_PROTO(const struct nfa_request *req, int err),
	TP_ARGS(req, err),
	TP_STRUCT__entry(
		__string(name, req->name)
		__field(int, err)
	),
	TP_fast_assign(
		__assign_str(name);
		__entry->err = err;
	),
	TP_printk("name=%s err=%d", __get_str(name), __entry->err)
);

/* positive (warning): fired in the else of if (req) */
DEFINE_EVENT(nfa_name_class, nfa_put_name,
	TP_PROTO(const struct nfa_request *req, int err),
	TP_ARGS(req, err)
);

/* negative: the same class, but no caller passes NULL */
DEFINE_EVENT(nfa_name_class, nfa_get_name,
	TP_PROTO(const struct nfa_request *req, int err),
	TP_ARGS(req, err)
);

/* negative: qdisc_reset's __string() tests the pointer */
TRACE_EVENT(nfa_reset,
	TP_PROTO(const struct nfa_request *req),
	TP_ARGS(req),
	TP_STRUCT__entry(
		__string(name, req ? req->name : "(null)")
	),
	TP_fast_assign(
		__assign_str(name);
	),
	TP_printk("name=%s", __get_str(name))
);

/* negative: the calls with NULL are in #if 0, a #define, or reassign first */
TRACE_EVENT(nfa_read,
	TP_PROTO(const struct nfa_request *req, unsigned long pos),
	TP_ARGS(req, pos),
	TP_STRUCT__entry(
		__field(unsigned int, id)
		__field(unsigned long, pos)
	),
	TP_fast_assign(
		__entry->id = req->debug_id;
		__entry->pos = pos;
	),
	TP_printk("R=%08x pos=%lu", __entry->id, __entry->pos)
);

/* negative: only if the condition holds, which tests the pointer */
TRACE_EVENT_CONDITION(nfa_cond,
	TP_PROTO(const struct nfa_request *req),
	TP_ARGS(req),
	TP_CONDITION(req),
	TP_STRUCT__entry(
		__field(unsigned int, id)
	),
	TP_fast_assign(
		__entry->id = req->debug_id;
	),
	TP_printk("R=%08x", __entry->id)
);

/* negative: the assign code tests it first */
TRACE_EVENT(nfa_tested,
	TP_PROTO(const struct nfa_request *req),
	TP_ARGS(req),
	TP_STRUCT__entry(
		__field(unsigned int, id)
	),
	TP_fast_assign(
		__entry->id = 0;
		if (req)
			__entry->id = req->debug_id;
	),
	TP_printk("R=%08x", __entry->id)
);

#ifndef NFA_STORE_ID
/* like TP_STORE_ADDRS(): a macro need not evaluate its arguments */
#define NFA_STORE_ID(e, v) ((e)->id = 0)
extern const struct nfa_request nfa_none;
#endif

/* negative: req is read in a macro's arguments and under sizeof only */
TRACE_EVENT(nfa_macro,
	TP_PROTO(const struct nfa_request *req),
	TP_ARGS(req),
	TP_STRUCT__entry(
		__field(unsigned int, id)
		__field(unsigned long, size)
	),
	TP_fast_assign(
		NFA_STORE_ID(__entry, req->debug_id);
		__entry->size = sizeof(*req);
	),
	TP_printk("R=%08x size=%lu", __entry->id, __entry->size)
);

/* negative: the assign code replaces NULL first */
TRACE_EVENT(nfa_default,
	TP_PROTO(const struct nfa_request *req),
	TP_ARGS(req),
	TP_STRUCT__entry(
		__field(unsigned int, id)
	),
	TP_fast_assign(
		if (!req)
			req = &nfa_none;
		__entry->id = req->debug_id;
	),
	TP_printk("R=%08x", __entry->id)
);

#endif /* _TRACE_NFA_H */

#include <trace/define_trace.h>
