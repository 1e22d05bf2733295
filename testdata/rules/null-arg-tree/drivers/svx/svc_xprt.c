// SPDX-License-Identifier: MIT
/*
 * svc_xprt_enqueue() of linux 6.1 net/sunrpc/svc_xprt.c (lines 460-487),
 * reduced: the loop's goto reaches the call with a thread, the fall
 * through with rqstp = NULL.
 */
#define CREATE_TRACE_POINTS
#include "trace.h"

#define NULL ((void *)0)

void svc_xprt_enqueue(struct svc_xprt *xprt, struct svc_pool *pool)
{
	struct svc_rqst *rqstp;

	if (test_and_set_bit(XPT_BUSY, &xprt->xpt_flags))
		return;

	rcu_read_lock();
	list_for_each_entry_rcu(rqstp, &pool->sp_all_threads, rq_all) {
		if (test_and_set_bit(RQ_BUSY, &rqstp->rq_flags))
			continue;
		wake_up_process(rqstp->rq_task);
		goto out_unlock;
	}
	set_bit(SP_CONGESTED, &pool->sp_flags);
	rqstp = NULL;
out_unlock:
	rcu_read_unlock();
	trace_svx_xprt_enqueue(xprt, rqstp);
	trace_svx_xprt_enqueue_bare(xprt, rqstp);
}

/* negative: written again after the NULL (by a call taking its address) */
void svc_xprt_enqueue_again(struct svc_xprt *xprt, struct svc_pool *pool)
{
	struct svc_rqst *rqstp;

	rqstp = NULL;
	find_thread(pool, &rqstp);
	trace_svx_xprt_enqueue_bare(xprt, rqstp);
}
