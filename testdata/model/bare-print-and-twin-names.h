/* SPDX-License-Identifier: MIT */
/*
 * check-name: a print that is a bare string, and a __string and a __field of the same name
 * check-command: tracecheck --emit-format $file
 * check-exit-value: 0
 *
 * check-output-start
name: tc_bare_irq
ID: 0
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;

	field:int type;	offset:8;	size:4;	signed:1;

print fmt: 

name: tc_bare_twins
ID: 0
format:
	field:unsigned short common_type;	offset:0;	size:2;	signed:0;
	field:unsigned char common_flags;	offset:2;	size:1;	signed:0;
	field:unsigned char common_preempt_count;	offset:3;	size:1;	signed:0;
	field:int common_pid;	offset:4;	size:4;	signed:1;

	field:__data_loc char[] ring;	offset:8;	size:4;	signed:0;
	field:u32 ring;	offset:12;	size:4;	signed:0;

print fmt: "ring=%s id=%u", __get_str(ring), REC->ring
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_bare

#if !defined(_TC_BARE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_BARE_H

#include <linux/tracepoint.h>

/* as applespi_irq_received: no TP_printk(), the format is "\n" */
TRACE_EVENT(tc_bare_irq,
	TP_PROTO(int type),
	TP_ARGS(type),
	TP_STRUCT__entry(
		__field(int, type)
	),
	TP_fast_assign(
		__entry->type = type;
	),
	"\n"
);

/* as amdgpu_vm_grab_id: members __data_loc_ring and ring */
TRACE_EVENT(tc_bare_twins,
	TP_PROTO(const char *name, u32 ring),
	TP_ARGS(name, ring),
	TP_STRUCT__entry(
		__string(ring, name)
		__field(u32, ring)
	),
	TP_fast_assign(
		__assign_str(ring);
		__entry->ring = ring;
	),
	TP_printk("ring=%s id=%u", __get_str(ring), __entry->ring)
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE bare-print-and-twin-names
#include <trace/define_trace.h>
