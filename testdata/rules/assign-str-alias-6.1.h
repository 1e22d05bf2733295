/* SPDX-License-Identifier: MIT */
/*
 * assign-str-mismatch on 6.1: a copy through a local alias of the
 * reserved source, and a reserved C ? T : E copied in branches on C, are
 * the same string; a copy of T outside any branch is not.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_asali

#if !defined(_TC_ASALI_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ASALI_H

#include <linux/tracepoint.h>

struct tc_prog {
	const char *name;
};

struct tc_task {
	struct tc_prog *prog;
	int pid;
};

struct tc_rqst {
	struct tc_task *rq_task;
};

struct tc_xdr {
	struct tc_rqst *rqst;
};

struct tc_lnk {
	char ibname[16];
};

/*
 * negative: 6.1's fs/nfs/nfstrace.h nfs4_xdr_event, an alias of an alias
 * (task = rqstp->rq_task after rqstp = xdr->rqst)
 */
TRACE_EVENT(tc_asali_xdr_event,
	TP_PROTO(const struct tc_xdr *xdr),
	TP_ARGS(xdr),
	TP_STRUCT__entry(
		__field(int, pid)
		__string(program, xdr->rqst->rq_task->prog->name)
	),
	TP_fast_assign(
		const struct tc_rqst *rqstp = xdr->rqst;
		const struct tc_task *task = rqstp->rq_task;

		__entry->pid = task->pid;
		__assign_str(program, task->prog->name);
	),
	TP_printk("%d %s", __entry->pid, __get_str(program))
);

/*
 * negative: 6.1's include/trace/events/sunrpc.h rpc_xdr_overflow, the
 * reserved xdr->rqst ? ... : "unknown" copied arm by arm under if (xdr->rqst)
 */
TRACE_EVENT(tc_asali_overflow,
	TP_PROTO(const struct tc_xdr *xdr),
	TP_ARGS(xdr),
	TP_STRUCT__entry(
		__field(int, pid)
		__string(progname, xdr->rqst ? xdr->rqst->rq_task->prog->name : "unknown")
	),
	TP_fast_assign(
		if (xdr->rqst) {
			const struct tc_task *task = xdr->rqst->rq_task;

			__entry->pid = task->pid;
			__assign_str(progname, task->prog->name);
		} else {
			__entry->pid = -1;
			__assign_str(progname, "unknown");
		}
	),
	TP_printk("%d %s", __entry->pid, __get_str(progname))
);

/*
 * positive: 6.1's net/smc/smc_tracepoint.h smc_msg_event reserves
 * lnk ? lnk->ibname : "" and copies lnk->ibname whatever lnk is
 */
TRACE_EVENT(tc_asali_msg,
	TP_PROTO(const struct tc_lnk *lnk),
	TP_ARGS(lnk),
	TP_STRUCT__entry(
		__string(name, lnk ? lnk->ibname : "")
	),
	TP_fast_assign(
		__assign_str(name, lnk->ibname);
	),
	TP_printk("%s", __get_str(name))
);

/* positive: an alias set twice is not followed */
TRACE_EVENT(tc_asali_twice,
	TP_PROTO(const struct tc_xdr *xdr, const struct tc_task *other),
	TP_ARGS(xdr, other),
	TP_STRUCT__entry(
		__string(program, xdr->rqst->rq_task->prog->name)
	),
	TP_fast_assign(
		const struct tc_task *task = xdr->rqst->rq_task;

		task = other;
		__assign_str(program, task->prog->name);
	),
	TP_printk("%s", __get_str(program))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-str-alias-6.1
#include <trace/define_trace.h>

/*
 * check-name: assign-str-mismatch on 6.1: a copy through local aliases, or arm by arm of a reserved C ? T : E in branches on C, is the same string
 * check-command: tracecheck --kernel-version 6.1 --disable layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/assign-str-alias-6.1.h:93:3: error: __assign_str() copies 'lnk->ibname' into 'name', whose room __string() reserved for 'lnk?lnk->ibname:""': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
testdata/rules/assign-str-alias-6.1.h:109:3: error: __assign_str() copies 'task->prog->name' into 'program', whose room __string() reserved for 'xdr->rqst->rq_task->prog->name': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
check-output-end
 */
