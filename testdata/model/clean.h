/* SPDX-License-Identifier: MIT */
/* A correct trace header: tracecheck says nothing and exits 0. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_clean

#if !defined(_TC_CLEAN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CLEAN_H

#include <linux/tracepoint.h>

#ifndef _TC_CLEAN_HELPERS
#define _TC_CLEAN_HELPERS
enum tc_op { TC_OP_READ, TC_OP_WRITE };
#define show_op(op) __print_symbolic(op, { TC_OP_READ, "read" }, { TC_OP_WRITE, "write" })
#endif

TRACE_DEFINE_ENUM(TC_OP_READ);
TRACE_DEFINE_ENUM(TC_OP_WRITE);

TRACE_EVENT(tc_clean_io,
	TP_PROTO(u64 sector, u32 len, int op, const char *dev),
	TP_ARGS(sector, len, op, dev),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, len)
		__field(int, op)
		__string(dev, dev)
	),
	TP_fast_assign(
		__entry->sector = sector;
		__entry->len = len;
		__entry->op = op;
		__assign_str(dev);
	),
	TP_printk("dev=%s sector=%llu len=%u op=%s", __get_str(dev),
		  (unsigned long long)__entry->sector, __entry->len, show_op(__entry->op))
);

#endif /* _TC_CLEAN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE clean
#include <trace/define_trace.h>

/*
 * check-name: a correct header: no output, exit 0
 * check-command: tracecheck $file
 * check-exit-value: 0
 *
 * check-output-start
check-output-end
 */
