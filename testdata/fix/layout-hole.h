/* SPDX-License-Identifier: MIT */
/*
 * --fix of layout-hole (tests/check_fix.c checks the repair against
 * layout-hole.h.diff): fields reordered by alignment, each line moved
 * with the comment above it and its own trailing comment; empty lines
 * stay where they are; the last event is not one element a line and is
 * left alone.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM fix_layout

#if !defined(_TC_FIX_LAYOUT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FIX_LAYOUT_H

#include <linux/tracepoint.h>

TRACE_EVENT(fix_hole_commented,
	TP_PROTO(int cpu, unsigned long long when, bool wake, void *obj),
	TP_ARGS(cpu, when, wake, obj),

	TP_STRUCT__entry(
		/* which CPU */
		__field(int, cpu)
		__field(unsigned long long, when) /* ns */

		/*
		 * set when the object
		 * was woken
		 */
		__field(bool, wake)
		__field(void *, obj)
	),

	TP_fast_assign(
		__entry->cpu = cpu;
		__entry->when = when;
		__entry->wake = wake;
		__entry->obj = obj;
	),

	TP_printk("cpu=%d when=%llu wake=%d obj=%p",
		  __entry->cpu, __entry->when, __entry->wake, __entry->obj)
);

DECLARE_EVENT_CLASS(fix_hole_class,
	TP_PROTO(u8 a, u64 b, u16 c),
	TP_ARGS(a, b, c),

	TP_STRUCT__entry(
			     __field(u8, a)
			     __field(u64, b)
			     __field(u16, c)
			     ),

	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
	),

	TP_printk("a=%u b=%llu c=%u", __entry->a, (unsigned long long)__entry->b, __entry->c)
);

DEFINE_EVENT(fix_hole_class, fix_hole_one,
	TP_PROTO(u8 a, u64 b, u16 c),
	TP_ARGS(a, b, c));

DEFINE_EVENT(fix_hole_class, fix_hole_two,
	TP_PROTO(u8 a, u64 b, u16 c),
	TP_ARGS(a, b, c));

TRACE_EVENT(fix_hole_spaces,
    TP_PROTO(u16 id, u32 len, const char *name),
    TP_ARGS(id, len, name),

    TP_STRUCT__entry(
        __field(u16, id)
        __string(name, name)
        __field(u32, len)
        __array(u8, tag, 6)
    ),

    TP_fast_assign(
        __entry->id = id;
        __assign_str(name);
        __entry->len = len;
        memset(__entry->tag, 0, sizeof(__entry->tag));
    ),

    TP_printk("id=%u name=%s len=%u", __entry->id, __get_str(name), __entry->len)
);

TRACE_EVENT(fix_hole_two_a_line,
	TP_PROTO(u8 a, u64 b, u8 c),
	TP_ARGS(a, b, c),

	TP_STRUCT__entry(
		__field(u8, a) __field(u64, b)
		__field(u8, c)
	),

	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		__entry->c = c;
	),

	TP_printk("a=%u b=%llu c=%u", __entry->a, (unsigned long long)__entry->b, __entry->c)
);

#endif /* _TC_FIX_LAYOUT_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE layout-hole
#include <trace/define_trace.h>

/*
 * check-name: --fix of layout-hole: the findings it repairs
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/fix/layout-hole.h:23:16: warning: record of event 'fix_hole_commented' has 11 bytes of padding (4 after 'cpu', 7 after 'wake'); reordering its fields saves 8 bytes per event [layout-hole]
testdata/fix/layout-hole.h:23:16: note: the record is 40 bytes; with the fields in the order when, obj, cpu, wake it would be 32
testdata/fix/layout-hole.h:50:21: warning: record of event class 'fix_hole_class' has 13 bytes of padding (7 after 'a', 6 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/fix/layout-hole.h:50:21: note: the record is 32 bytes; with the fields in the order b, c, a it would be 24
testdata/fix/layout-hole.h:77:22: warning: record of event 'fix_hole_spaces' has 4 bytes of padding (2 after 'id', 2 at the end); reordering its fields saves 4 bytes per event [layout-hole]
testdata/fix/layout-hole.h:77:22: note: the record is 28 bytes; with the fields in the order name, len, id, tag it would be 24
testdata/fix/layout-hole.h:98:15: warning: record of event 'fix_hole_two_a_line' has 14 bytes of padding (7 after 'a', 7 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/fix/layout-hole.h:98:15: note: the record is 32 bytes; with the fields in the order b, a, c it would be 24
 * check-output-end
 */
