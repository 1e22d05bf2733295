/* SPDX-License-Identifier: MIT */
/*
 * TRACE_INCLUDE_FILE names a file that does not exist: the kernel could
 * not re-read this header.  tracecheck re-reads it anyway (and records
 * how, "self") so that its events are still checked.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_self

#if !defined(_TC_SELF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_SELF_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_self,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE no_such_file
#include <trace/define_trace.h>

/*
 * check-name: an unresolvable re-include path: re-read as the header itself
 * check-command: tracecheck --dump-model $file
 * check-exit-value: 0
 *
 * check-output-start
header testdata/model/reread-self.h system tc_self reread self "./no_such_file.h" bare
class tc_self macro TRACE_EVENT events 1 at 15:1 size 12 align 4 data 12
  field v __field type "int" offset 8 size 4 align 4 signed 1 written always at 19:16
    write assign at 22:3
    write text
  print fmt "\"v=%d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 24:20
      macro __entry standard at 24:20
event tc_self macro TRACE_EVENT class tc_self at 15:1
check-output-end
 */
