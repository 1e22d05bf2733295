// SPDX-License-Identifier: MIT
/* A completion that frees the request before tracing it (positive). */
#include <trace/events/rxp.h>

void blk_mq_free_request(struct bq_request *rq);

void bq_end_request(struct bq_request *rq, int error)
{
	if (error)
		rq->cmd_flags |= 1;
	blk_mq_free_request(rq);
	trace_bq_rq_done(rq);
}

void blk_mq_end_request(struct bq_request *rq, int error);

/* blk_mq_end_request() frees the request unless ->end_io takes it (a put) */
void bq_complete(struct bq_request *rq)
{
	blk_mq_end_request(rq, 0);
	trace_bq_rq_done(rq);
}
