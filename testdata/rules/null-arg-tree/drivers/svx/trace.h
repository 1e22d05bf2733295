/* SPDX-License-Identifier: MIT */
/*
 * tracepoint-null-arg: a pointer set to NULL on the path to the call.
 * Reduced from linux 6.1 include/trace/events/sunrpc.h, svc_xprt_enqueue
 * (lines 1887-1909), which tests rqst (rqst ? rqst->rq_task->pid : 0):
 * svc_xprt_enqueue() (svc_xprt.c) reaches the call from rqstp = NULL;
 * when no thread is free.  svx_xprt_enqueue is that event as written
 * (a negative); svx_xprt_enqueue_bare is it without the test (a
 * positive, made for this case: no header of the trees has that shape).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM svx

#if !defined(_TRACE_SVX_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_SVX_H

#include <linux/tracepoint.h>

struct task_struct {
	int pid;
};

struct svc_rqst {
	struct task_struct *rq_task;
};

struct svc_xprt {
	int xpt_flags;
};

TRACE_EVENT(svx_xprt_enqueue,
	TP_PROTO(const struct svc_xprt *xprt, const struct svc_rqst *rqst),
	TP_ARGS(xprt, rqst),
	TP_STRUCT__entry(
		__field(int, flags)
		__field(int, pid)
	),
	TP_fast_assign(
		__entry->flags = xprt->xpt_flags;
		__entry->pid = rqst? rqst->rq_task->pid : 0;
	),
	TP_printk("flags=%d pid=%d", __entry->flags, __entry->pid)
);

TRACE_EVENT(svx_xprt_enqueue_bare,
	TP_PROTO(const struct svc_xprt *xprt, const struct svc_rqst *rqst),
	TP_ARGS(xprt, rqst),
	TP_STRUCT__entry(
		__field(int, flags)
		__field(int, pid)
	),
	TP_fast_assign(
		__entry->flags = xprt->xpt_flags;
		__entry->pid = rqst->rq_task->pid;
	),
	TP_printk("flags=%d pid=%d", __entry->flags, __entry->pid)
);

#endif /* _TRACE_SVX_H */

#undef TRACE_INCLUDE_PATH
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
