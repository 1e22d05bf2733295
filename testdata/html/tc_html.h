/* SPDX-License-Identifier: MIT */
/*
 * The HTML report's fixture (testdata/cli/html.case, scripts/test-html):
 * one event per layout rule, so that the page draws each kind of record.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_html

#if !defined(_TC_HTML_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_HTML_H

#include <linux/tracepoint.h>

#ifndef _TC_HTML_HELPERS
#define _TC_HTML_HELPERS
struct tc_html_io { void *bio; u64 sector; pid_t pid; int err; u32 flags, op; bool queued; };
#endif

/* layout-hole: 7 bytes after 'flag' and 4 at the end <b>&</b> */
TRACE_EVENT(tc_html_hole,
	TP_PROTO(const struct tc_html_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(u8, flag)
		__field(u64, sector)
		__field(u32, op)
	),
	TP_fast_assign(
		__entry->flag = io->queued;
		__entry->sector = io->sector;
		__entry->op = io->op;
	),
	TP_printk("flag=%u sector=%llu op=%u", __entry->flag, __entry->sector, __entry->op)
);

/* layout-abi: as small as it gets on x86_64, 4 bytes after 'bio' on arm */
TRACE_EVENT(tc_html_ptr,
	TP_PROTO(const struct tc_html_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(void *, bio)
		__field(u64, sector)
		__field(int, err)
		__field(u32, flags)
		__field(u32, op)
	),
	TP_fast_assign(
		__entry->bio = io->bio;
		__entry->sector = io->sector;
		__entry->err = io->err;
		__entry->flags = io->flags;
		__entry->op = io->op;
	),
	TP_printk("bio=%p sector=%llu err=%d flags=%x op=%u", __entry->bio, __entry->sector,
		  __entry->err, __entry->flags, __entry->op)
);

/* layout-oversize: a pid_t in a long, a bool in an int */
TRACE_EVENT(tc_html_wide,
	TP_PROTO(const struct tc_html_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(long, pid)
		__field(int, queued)
		__field(u64, sector)
	),
	TP_fast_assign(
		__entry->pid = io->pid;
		__entry->queued = io->queued;
		__entry->sector = io->sector;
	),
	TP_printk("pid=%ld queued=%d sector=%llu", __entry->pid, __entry->queued, __entry->sector)
);

/* event-class-consolidation: two TRACE_EVENT()s alike but for their names */
TRACE_EVENT(tc_html_start,
	TP_PROTO(const struct tc_html_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, op)
	),
	TP_fast_assign(
		__entry->sector = io->sector;
		__entry->op = io->op;
	),
	TP_printk("sector=%llu op=%u", __entry->sector, __entry->op)
);

TRACE_EVENT(tc_html_done,
	TP_PROTO(const struct tc_html_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, op)
	),
	TP_fast_assign(
		__entry->sector = io->sector;
		__entry->op = io->op;
	),
	TP_printk("sector=%llu op=%u", __entry->sector, __entry->op)
);

#endif /* _TC_HTML_H */

#include <trace/define_trace.h>
