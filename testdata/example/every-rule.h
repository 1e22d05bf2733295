/* SPDX-License-Identifier: MIT */
/*
 * The quick-start example: a small driver trace header with one bug of
 * each kind tracecheck 0.1 finds (printk-userspace needs tracecheck built
 * with libtraceevent).
 *
 *   tracecheck testdata/example/every-rule.h
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM demo

#if !defined(_DEMO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DEMO_TRACE_H

#include <linux/types.h>
#include <linux/tracepoint.h>

#ifndef _DEMO_TRACE_HELPERS
#define _DEMO_TRACE_HELPERS
enum demo_port { DEMO_PORT_A, DEMO_PORT_B };
struct demo_dev { const char *name; enum demo_port port; u32 irqs; u64 bytes; bool up; };
const char *demo_state_name(int state);
#define port_name(p) ((p) + 'A')
#endif

/* printk-call: the driver's own function in TP_printk() */
TRACE_EVENT(demo_state,
	TP_PROTO(const struct demo_dev *dev, int state),
	TP_ARGS(dev, state),
	TP_STRUCT__entry(
		__string(name, dev->name)
		__field(int, state)
	),
	TP_fast_assign(
		__assign_str(name);
		__entry->state = state;
	),
	TP_printk("%s: state %s", __get_str(name), demo_state_name(__entry->state))
);

/* printk-custom-macro: a helper macro user space evaluates differently */
TRACE_EVENT(demo_port,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, dev->name)
		__field(enum demo_port, port)
	),
	TP_fast_assign(
		__assign_str(name);
		__entry->port = dev->port;
	),
	TP_printk("%s: port %c", __get_str(name), port_name(__entry->port))
);

/* field-unassigned: 'irqs' is never written */
TRACE_EVENT(demo_stats,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u64, bytes)
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->bytes = dev->bytes;
	),
	TP_printk("bytes=%llu irqs=%u", __entry->bytes, __entry->irqs)
);

/* layout-hole: a bool before a u64 */
TRACE_EVENT(demo_link,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(bool, up)
		__field(u64, bytes)
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->up = dev->up;
		__entry->bytes = dev->bytes;
		__entry->irqs = dev->irqs;
	),
	TP_printk("up=%d bytes=%llu irqs=%u", __entry->up, __entry->bytes, __entry->irqs)
);

/*
 * printk-userspace: a __print_flags() entry with mask 0 -- the kernel
 * prints it for every non-zero value, libtraceevent never
 */
TRACE_EVENT(demo_flags,
	TP_PROTO(const struct demo_dev *dev, unsigned long flags),
	TP_ARGS(dev, flags),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%s", __print_flags(__entry->flags, "|", { 0, "ANY" }, { 1, "RX" },
					    { 2, "TX" }))
);

#endif /* _DEMO_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE every-rule
#include <trace/define_trace.h>

/*
 * check-name: the quick-start example: every rule fires once
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/example/every-rule.h:38:45: error: TP_printk() argument calls 'demo_state_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/example/every-rule.h:38:45: note: the format file records the argument as 'demo_state_name(REC->state)'
testdata/example/every-rule.h:38:45: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/example/every-rule.h:38:45: note: libtraceevent 1.7.1 cannot parse this argument: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-userspace]
testdata/example/every-rule.h:38:45: note: libtraceevent 1.7.1 says: [demo:demo_state] function demo_state_name not defined
testdata/example/every-rule.h:53:44: error: TP_printk() argument uses helper macro 'port_name', which the format file records as '((REC->port) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/example/every-rule.h:53:44: note: 'A': libtraceevent 1.7.1 to 1.8.2 evaluates a character constant as 0 (only 1.8.3 and later read it as its character code)
testdata/example/every-rule.h:23:9: note: macro 'port_name' is defined here
testdata/example/every-rule.h:53:44: note: store the value at assign time in a field of its own and print that field
testdata/example/every-rule.h:53:44: note: libtraceevent 1.7.1 prints '>c<' for this '%c' where the kernel prints 'C' [printk-userspace]
testdata/example/every-rule.h:53:44: note: for a record whose fields hold 1, 2, 3, ... the kernel prints 'str1: port C'
testdata/example/every-rule.h:53:44: note: libtraceevent 1.7.1 prints 'str1: port >c<'
testdata/example/every-rule.h:53:44: note: versions: '%c' is not supported before libtraceevent 1.7.3 (it prints '>c<' and gives every later conversion the wrong argument); 1.7.3 and later print the character
testdata/example/every-rule.h:53:44: note: versions: libtraceevent up to 1.8.2 evaluates a character constant as 0; 1.8.3 and later read its first byte
testdata/example/every-rule.h:62:16: error: field 'irqs' of event 'demo_stats' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/example/every-rule.h:75:17: warning: record of event 'demo_link' has 11 bytes of padding (7 after 'up', 4 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/example/every-rule.h:75:17: note: the record is 32 bytes; with the fields in the order bytes, irqs, up it would be 24
testdata/example/every-rule.h:100:24: error: libtraceevent 1.7.1 prints 'RX' for this '%s' where the kernel prints 'ANY|RX' [printk-userspace]
testdata/example/every-rule.h:100:24: note: for a record whose fields hold 1, 2, 3, ... the kernel prints 'flags=ANY|RX'
testdata/example/every-rule.h:100:24: note: libtraceevent 1.7.1 prints 'flags=RX'
check-output-end
 */
