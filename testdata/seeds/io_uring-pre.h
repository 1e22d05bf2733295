/* SPDX-License-Identifier: MIT */
/*
 * A minimal reproduction, written for tracecheck, of the io_uring events
 * that commit e70b64a3f28b ("io_uring: move io_uring_get_opcode out of
 * TP_printk") changed: the same field types and order, simplified
 * prototypes, and the opcode name computed in TP_printk() (pre-image).
 * The post-image uses the 2-argument __assign_str() of kernels before 6.10.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM io_uring

#if !defined(_TC_IO_URING_PRE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_IO_URING_PRE_H

#include <linux/tracepoint.h>

#ifndef _TC_IO_URING_HELPERS
#define _TC_IO_URING_HELPERS
struct io_wq_work;
const char *io_uring_get_opcode(u8 opcode);
#endif

TRACE_EVENT(io_uring_queue_async_work,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, unsigned int flags, struct io_wq_work *work, int rw),
	TP_ARGS(ctx, req, user_data, opcode, flags, work, rw),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(unsigned int, flags)
		__field(struct io_wq_work *, work)
		__field(int, rw)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->flags = flags;
		__entry->work = work;
		__entry->rw = rw;
	),

	TP_printk("ring %p, request %p, user_data 0x%llx, opcode %s, flags 0x%x, %s queue, work %p",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->flags,
		  __entry->rw ? "hashed" : "normal",
		  __entry->work)
);

TRACE_EVENT(io_uring_defer,
	TP_PROTO(void *ctx, void *req, unsigned long long data, u8 opcode),
	TP_ARGS(ctx, req, data, opcode),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, data)
		__field(u8, opcode)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->data = data;
		__entry->opcode = opcode;
	),

	TP_printk("ring %p, request %p, user_data 0x%llx, opcode %s",
		  __entry->ctx,
		  __entry->req,
		  __entry->data,
		  io_uring_get_opcode(__entry->opcode))
);

TRACE_EVENT(io_uring_fail_link,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, void *link),
	TP_ARGS(ctx, req, user_data, opcode, link),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(void *, link)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->link = link;
	),

	TP_printk("ring %p, request %p, user_data 0x%llx, opcode %s, link %p",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->link)
);

TRACE_EVENT(io_uring_submit_sqe,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, u32 flags, bool force_nonblock, bool sq_thread),
	TP_ARGS(ctx, req, user_data, opcode, flags, force_nonblock, sq_thread),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(u32, flags)
		__field(bool, force_nonblock)
		__field(bool, sq_thread)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->flags = flags;
		__entry->force_nonblock = force_nonblock;
		__entry->sq_thread = sq_thread;
	),

	TP_printk("ring %p, req %p, user_data 0x%llx, opcode %s, flags 0x%x, non block %d, sq_thread %d",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->flags,
		  __entry->force_nonblock,
		  __entry->sq_thread)
);

TRACE_EVENT(io_uring_poll_arm,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, int mask, int events),
	TP_ARGS(ctx, req, user_data, opcode, mask, events),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(int, mask)
		__field(int, events)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->mask = mask;
		__entry->events = events;
	),

	TP_printk("ring %p, req %p, user_data 0x%llx, opcode %s, mask 0x%x, events 0x%x",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->mask,
		  __entry->events)
);

TRACE_EVENT(io_uring_task_add,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, int mask),
	TP_ARGS(ctx, req, user_data, opcode, mask),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(int, mask)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->mask = mask;
	),

	TP_printk("ring %p, req %p, user_data 0x%llx, opcode %s, mask %x",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->mask)
);

TRACE_EVENT(io_uring_req_failed,
	TP_PROTO(void *ctx, void *req, unsigned long long user_data, u8 opcode, u8 flags, u8 ioprio, u64 off, u64 addr, u32 len, u32 op_flags, u16 buf_index, u16 personality, u32 file_index, u64 pad1, u64 addr3, int error),
	TP_ARGS(ctx, req, user_data, opcode, flags, ioprio, off, addr, len, op_flags, buf_index, personality, file_index, pad1, addr3, error),

	TP_STRUCT__entry(
		__field(void *, ctx)
		__field(void *, req)
		__field(unsigned long long, user_data)
		__field(u8, opcode)
		__field(u8, flags)
		__field(u8, ioprio)
		__field(u64, off)
		__field(u64, addr)
		__field(u32, len)
		__field(u32, op_flags)
		__field(u16, buf_index)
		__field(u16, personality)
		__field(u32, file_index)
		__field(u64, pad1)
		__field(u64, addr3)
		__field(int, error)
	),

	TP_fast_assign(
		__entry->ctx = ctx;
		__entry->req = req;
		__entry->user_data = user_data;
		__entry->opcode = opcode;
		__entry->flags = flags;
		__entry->ioprio = ioprio;
		__entry->off = off;
		__entry->addr = addr;
		__entry->len = len;
		__entry->op_flags = op_flags;
		__entry->buf_index = buf_index;
		__entry->personality = personality;
		__entry->file_index = file_index;
		__entry->pad1 = pad1;
		__entry->addr3 = addr3;
		__entry->error = error;
	),

	TP_printk("ring %p, req %p, user_data 0x%llx, opcode %s, flags 0x%x, ioprio=%d, off=%llu, addr=%llu, len=%u, rw_flags=0x%x, buf_index=%d, personality=%d, file_index=%d, pad=0x%llx, addr3=%llx, error=%d",
		  __entry->ctx,
		  __entry->req,
		  __entry->user_data,
		  io_uring_get_opcode(__entry->opcode),
		  __entry->flags,
		  __entry->ioprio,
		  (unsigned long long)__entry->off,
		  (unsigned long long) __entry->addr,
		  __entry->len,
		  __entry->op_flags,
		  __entry->buf_index,
		  __entry->personality,
		  __entry->file_index,
		  (unsigned long long) __entry->pad1,
		  (unsigned long long) __entry->addr3,
		  __entry->error)
);

#endif /* _TC_IO_URING_PRE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE io_uring-pre
#include <trace/define_trace.h>

/*
 * check-name: seed 001 pre-image: io_uring_get_opcode() in TP_printk()
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/seeds/io_uring-pre.h:51:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:51:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:79:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:79:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:106:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:106:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:118:15: warning: record of event 'io_uring_submit_sqe' has 9 bytes of padding (3 after 'opcode', 6 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/seeds/io_uring-pre.h:118:15: note: the record is 48 bytes; with the fields in the order ctx, req, user_data, flags, opcode, force_nonblock, sq_thread it would be 40
testdata/seeds/io_uring-pre.h:138:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:138:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:170:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:170:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:199:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:199:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/seeds/io_uring-pre.h:213:15: warning: record of event 'io_uring_req_failed' has 9 bytes of padding (5 after 'ioprio', 4 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/seeds/io_uring-pre.h:213:15: note: the record is 96 bytes; with the fields in the order ctx, req, user_data, off, addr, pad1, addr3, len, op_flags, file_index, error, buf_index, personality, opcode, flags, ioprio it would be 88
testdata/seeds/io_uring-pre.h:249:5: error: TP_printk() argument calls 'io_uring_get_opcode()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/seeds/io_uring-pre.h:249:5: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
check-output-end
 */
