/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-after-free: events and the callers in net/rxp/ and block/bq/
 * that fire them after freeing or putting the object they read.
 * Modelled on rxrpc's trace_rxrpc_peer() before "rxrpc: Fix trace-after-put
 * looking at the put peer record" (2019) and after it (6.12's
 * trace_rxrpc_peer(debug_id, ...)).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM rxp

#ifndef _RXP_TYPES_H
#define _RXP_TYPES_H
struct rxp_peer {
	int usage;
	unsigned int debug_id;
};

struct rxp_call {
	int ref;
	unsigned int debug_id;
	const char *name;
};

struct bq_request {
	int tag;
	unsigned int cmd_flags;
};
#endif

#if !defined(_TRACE_RXP_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_RXP_H

#include <linux/tracepoint.h>

/* positive (warning): the 2019 rxrpc_put_peer() decrements, then traces */
TRACE_EVENT(rxp_peer,
	TP_PROTO(struct rxp_peer *peer, int usage),
	TP_ARGS(peer, usage),
	TP_STRUCT__entry(
		__field(unsigned int, peer)
		__field(int, usage)
	),
	TP_fast_assign(
		__entry->peer = peer->debug_id;
		__entry->usage = usage;
	),
	TP_printk("P=%08x u=%d", __entry->peer, __entry->usage)
);

/* negative: the fix -- the caller reads debug_id before the put */
TRACE_EVENT(rxp_peer_id,
	TP_PROTO(unsigned int debug_id, int usage),
	TP_ARGS(debug_id, usage),
	TP_STRUCT__entry(
		__field(unsigned int, peer)
		__field(int, usage)
	),
	TP_fast_assign(
		__entry->peer = debug_id;
		__entry->usage = usage;
	),
	TP_printk("P=%08x u=%d", __entry->peer, __entry->usage)
);

/*
 * positive (error): rxp_call_free, fired after kfree(); positive
 * (warning): rxp_call_put, fired after a put of the same file;
 * negatives: rxp_call_seen (every caller reads first, or reassigns, or
 * leaves the branch that frees), rxp_call_done (the other branch).
 */
DECLARE_EVENT_CLASS(rxp_call_class,
	TP_PROTO(struct rxp_call *call),
	TP_ARGS(call),
	TP_STRUCT__entry(
		__field(unsigned int, call)
		__string(name, call->name)
	),
	TP_fast_assign(
		__entry->call = call->debug_id;
		__assign_str(name);
	),
	TP_printk("c=%08x %s", __entry->call, __get_str(name))
);

DEFINE_EVENT(rxp_call_class, rxp_call_free,
	TP_PROTO(struct rxp_call *call),
	TP_ARGS(call)
);

DEFINE_EVENT(rxp_call_class, rxp_call_put,
	TP_PROTO(struct rxp_call *call),
	TP_ARGS(call)
);

DEFINE_EVENT(rxp_call_class, rxp_call_seen,
	TP_PROTO(struct rxp_call *call),
	TP_ARGS(call)
);

DEFINE_EVENT(rxp_call_class, rxp_call_done,
	TP_PROTO(struct rxp_call *call),
	TP_ARGS(call)
);

/* negative: the pointer is only recorded, never read through */
TRACE_EVENT(rxp_call_addr,
	TP_PROTO(const struct rxp_call *call),
	TP_ARGS(call),
	TP_STRUCT__entry(
		__field(const void *, call)
	),
	TP_fast_assign(
		__entry->call = call;
	),
	TP_printk("call=%p", __entry->call)
);

/*
 * positive (error): a request handed back to its tag set, then read:
 * the next I/O may already own it.
 */
TRACE_EVENT(bq_rq_done,
	TP_PROTO(struct bq_request *rq),
	TP_ARGS(rq),
	TP_STRUCT__entry(
		__field(int, tag)
		__field(unsigned int, flags)
	),
	TP_fast_assign(
		__entry->tag = rq->tag;
		__entry->flags = rq->cmd_flags;
	),
	TP_printk("tag=%d flags=%x", __entry->tag, __entry->flags)
);

#endif /* _TRACE_RXP_H */

#include <trace/define_trace.h>
