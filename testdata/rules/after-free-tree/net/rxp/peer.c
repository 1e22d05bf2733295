// SPDX-License-Identifier: MIT
/* The instantiator of rxp.h, and callers that trace after a free or a put. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/rxp.h>

void kfree(const void *p);
int atomic_dec_return(int *v);
int refcount_dec_and_test(int *r);
int __refcount_dec_and_test(int *r, int *oldp);
int rxp_lookup(struct rxp_call **call);

static void __rxp_put_peer(struct rxp_peer *peer)
{
	kfree(peer);
}

/* positive: rxrpc_put_peer() before the 2019 fix */
void rxp_put_peer(struct rxp_peer *peer)
{
	int n;

	if (peer) {
		n = atomic_dec_return(&peer->usage);
		trace_rxp_peer(peer, n);
		if (n == 0)
			__rxp_put_peer(peer);
	}
}

/* negative: after the fix */
void rxp_put_peer_fixed(struct rxp_peer *peer)
{
	unsigned int debug_id;
	int dead, r;

	if (peer) {
		debug_id = peer->debug_id;
		dead = __refcount_dec_and_test(&peer->usage, &r);
		trace_rxp_peer_id(debug_id, r - 1);
		if (dead)
			__rxp_put_peer(peer);
	}
}

/* negative: a decrement of a counter that is no reference count */
void rxp_peer_idle(struct rxp_peer *peer)
{
	int n = atomic_dec_return(&peer->usage);

	trace_rxp_peer(peer, n);
}

/* the file's put: whatever happens, it drops the reference */
static void rxp_put_call(struct rxp_call *call)
{
	if (refcount_dec_and_test(&call->ref))
		kfree(call);
}

/* frees only in some branch: some reference, not necessarily the caller's */
static int rxp_complete(struct rxp_call *call, int err)
{
	if (err < 0)
		rxp_put_call(call);
	return err;
}

/* positive (error) */
void rxp_release(struct rxp_call *call)
{
	kfree(call);
	trace_rxp_call_free(call);
}

/* positive (warning) */
void rxp_end(struct rxp_call *call)
{
	rxp_put_call(call);
	trace_rxp_call_put(call);
}

/* negatives */
void rxp_seen(struct rxp_call *call, int err)
{
	trace_rxp_call_seen(call);
	kfree(call);
}

void rxp_seen_again(struct rxp_call *call, int err)
{
	kfree(call);
	if (rxp_lookup(&call) < 0)
		return;
	trace_rxp_call_seen(call);
}

void rxp_seen_err(struct rxp_call *call, int err)
{
	if (err) {
		kfree(call);
		return;
	}
	trace_rxp_call_seen(call);
}

void rxp_seen_complete(struct rxp_call *call, int err)
{
	rxp_complete(call, err);
	trace_rxp_call_seen(call);
}

void rxp_done(struct rxp_call *call, int err)
{
	if (err) {
		kfree(call);
	} else {
		trace_rxp_call_done(call);
	}
}

void rxp_done_switch(struct rxp_call *call, int how)
{
	switch (how) {
	case 1:
		kfree(call);
		break;
	case 2:
		trace_rxp_call_done(call);
		break;
	}
}

void rxp_addr(struct rxp_call *call)
{
	kfree(call);
	trace_rxp_call_addr(call);
}
