/* SPDX-License-Identifier: MIT */
/*
 * Both generations of __assign_str(): two arguments (before 6.10) and
 * one (6.10 and later).  Both write the string; the model records how
 * many arguments were given.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_str

#if !defined(_TC_STR_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_STR_H

#include <linux/tracepoint.h>

TRACE_EVENT(tc_str_old,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__string(name, name)
	),
	TP_fast_assign(
		__assign_str(name, name);
	),
	TP_printk("name=%s", __get_str(name))
);

TRACE_EVENT(tc_str_new,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__string(name, name)
	),
	TP_fast_assign(
		__assign_str(name);
	),
	TP_printk("name=%s", __get_str(name))
);

#endif /* _TC_STR_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-str
#include <trace/define_trace.h>

/*
 * check-name: both __assign_str() generations
 * check-command: tracecheck --dump-model $file
 * check-exit-value: 0
 *
 * check-output-start
header testdata/model/assign-str.h system tc_str reread kernel "./assign-str.h" bare
class tc_str_old macro TRACE_EVENT events 1 at 15:1 size 12 align 4 data 12
  field name __string type "char" offset 8 size 4 align 4 signed 0 written always at 19:12
    write helper __assign_str args 2 at 22:3
    write text
  print fmt "\"name=%s\", __get_str(name)"
    arg 1 raw "__get_str(name)" expanded "__get_str(name)" at 24:23
      macro __get_str standard at 24:23
class tc_str_new macro TRACE_EVENT events 1 at 27:1 size 12 align 4 data 12
  field name __string type "char" offset 8 size 4 align 4 signed 0 written always at 31:12
    write helper __assign_str args 1 at 34:3
    write text
  print fmt "\"name=%s\", __get_str(name)"
    arg 1 raw "__get_str(name)" expanded "__get_str(name)" at 36:23
      macro __get_str standard at 36:23
event tc_str_old macro TRACE_EVENT class tc_str_old at 15:1
event tc_str_new macro TRACE_EVENT class tc_str_new at 27:1
check-output-end
 */
