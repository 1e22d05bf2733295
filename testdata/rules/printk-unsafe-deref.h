/* SPDX-License-Identifier: MIT */
/* printk-unsafe-deref: arguments that read memory the record does not hold, and the ones the kernel accepts. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_deref

#if !defined(_TC_DEREF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_DEREF_H

#include <linux/tracepoint.h>

struct tc_dev {
	const char *name;
	int id;
};

extern const char *const tc_names[4];

/* positive: %s of a pointer field (the kernel tests it when printing), %pM of a pointer field (boot-time warning) */
TRACE_EVENT(tc_deref_ptr,
	TP_PROTO(const char *name, const unsigned char *mac),
	TP_ARGS(name, mac),
	TP_STRUCT__entry(
		__field(const char *, name)
		__field(const unsigned char *, mac)
	),
	TP_fast_assign(
		__entry->name = name;
		__entry->mac = mac;
	),
	TP_printk("name=%s mac=%pM", __entry->name, __entry->mac)
);

/* positive: members and elements read through pointer fields, whatever the conversion */
TRACE_EVENT(tc_deref_member,
	TP_PROTO(struct tc_dev *d, const int *v),
	TP_ARGS(d, v),
	TP_STRUCT__entry(
		__field(struct tc_dev *, d)
		__field(const int *, v)
	),
	TP_fast_assign(
		__entry->d = d;
		__entry->v = v;
	),
	TP_printk("id=%d v0=%d v=%d", __entry->d->id, __entry->v[0], *__entry->v)
);

/* positive: %s of a cast pointer, the kernel rejects it (not a bare REC->field) */
TRACE_EVENT(tc_deref_cast,
	TP_PROTO(const void *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(const void *, p)
	),
	TP_fast_assign(
		__entry->p = p;
	),
	TP_printk("s=%s", (const char *)__entry->p)
);

/* negative: what the kernel accepts -- arrays in the record, __get_str(), a table indexed by a field, literals, &REC, %p of the value */
TRACE_EVENT(tc_deref_ok,
	TP_PROTO(const char *name, const unsigned char *mac, int idx, void *p),
	TP_ARGS(name, mac, idx, p),
	TP_STRUCT__entry(
		__string(name, name)
		__array(u8, mac, 6)
		__array(char, comm, 16)
		__field(int, idx)
		__field(void *, p)
	),
	TP_fast_assign(
		__assign_str(name);
		memcpy(__entry->mac, mac, 6);
		memset(__entry->comm, 0, 16);
		__entry->idx = idx;
		__entry->p = p;
	),
	TP_printk("name=%s mac=%pM comm=%s kind=%s yes=%s p=%p sym=%pS nul=%s",
		  __get_str(name), __entry->mac, __entry->comm, tc_names[__entry->idx & 3],
		  __entry->idx ? "yes" : "no", __entry->p, __entry->p,
		  __print_symbolic(__entry->idx, { 0, "zero" }, { 1, "one" }))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-unsafe-deref
#include <trace/define_trace.h>

/*
 * check-name: printk-unsafe-deref: test_event_printk()'s verdicts and dereferences of pointer fields; what the kernel accepts
 * check-command: tracecheck --disable layout-hole,printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-unsafe-deref.h:30:31: warning: %s prints the string the pointer field 'name' points to: the kernel tests the pointer when printing ("HAS UNSAFE POINTER FIELD" unless it points into rodata) and perf and trace-cmd only have its value [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:30:31: note: copy the data into the record when the event fires (__string() and __get_str(), __array(), __dynamic_array()) and print the copy
testdata/rules/printk-unsafe-deref.h:30:46: error: the dereferencing %p conversion of argument 2 ('REC->mac') reads memory the record does not hold: the kernel warns at boot ("event tc_deref_ptr has unsafe dereference of argument 2") and user space cannot follow it [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:30:46: note: copy the data into the record when the event fires (__string() and __get_str(), __array(), __dynamic_array()) and print the copy
testdata/rules/printk-unsafe-deref.h:45:32: error: the argument dereferences the pointer field 'd' (REC->p->member) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:45:32: note: store the value itself in a field at assign time and print that field
testdata/rules/printk-unsafe-deref.h:45:48: error: the argument dereferences the pointer field 'v' (REC->p[i]) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:45:48: note: store the value itself in a field at assign time and print that field
testdata/rules/printk-unsafe-deref.h:45:63: error: the argument dereferences the pointer field 'v' (*REC->p) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:45:63: note: store the value itself in a field at assign time and print that field
testdata/rules/printk-unsafe-deref.h:58:20: error: %s of argument 1 ('(const char *)REC->p') reads memory the record does not hold: the kernel warns at boot ("event tc_deref_cast has unsafe dereference of argument 1") and user space cannot follow it [printk-unsafe-deref]
testdata/rules/printk-unsafe-deref.h:58:20: note: copy the data into the record when the event fires (__string() and __get_str(), __array(), __dynamic_array()) and print the copy
testdata/rules/printk-unsafe-deref.h:80:51: error: TP_printk() argument indexes 'tc_names', a table at file scope ('const char *const[4]'): the kernel prints the entry, but the format file records the table's name, which user space reads as 0 or cannot parse [printk-foreign-identifier]
testdata/rules/printk-unsafe-deref.h:80:51: note: print a field of the record (__entry->...), storing the value at assign time
check-output-end
 */
