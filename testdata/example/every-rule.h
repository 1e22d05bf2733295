/* SPDX-License-Identifier: MIT */
/*
 * The quick-start example: a small driver trace header with one bug of
 * each kind tracecheck finds with its default rules (printk-userspace
 * needs tracecheck built with libtraceevent; header-protocol fires on
 * the TRACE_SYSTEM define below, which lacks its #undef).
 *
 *   tracecheck testdata/example/every-rule.h
 */
#define TRACE_SYSTEM demo

#if !defined(_DEMO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _DEMO_TRACE_H

#include <linux/types.h>
#include <linux/tracepoint.h>

#ifndef _DEMO_TRACE_HELPERS
#define _DEMO_TRACE_HELPERS
enum demo_port { DEMO_PORT_A, DEMO_PORT_B };
enum demo_mode { DEMO_MODE_IDLE = 1, DEMO_MODE_BUSY = 2 };
struct demo_pair { u32 a, b; };
struct demo_dev { const char *name; const char *alias; enum demo_port port; u32 irqs; u64 bytes;
		  bool up; u8 mac[8]; enum demo_mode mode; struct demo_pair pair; u32 regs[2];
		  int ret; };
const char *demo_state_name(int state);
#define port_name(p) ((p) + 'A')
#endif

/* compile-error: a helper defined in the multi-read section, again on every re-read */
static inline u32 demo_irq_rate(u32 irqs)
{
	return irqs / 2;
}

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

/* printk-format-text: a trailing "\n" (the output already ends each line) */
TRACE_EVENT(demo_irq,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->irqs = dev->irqs;
	),
	TP_printk("irqs=%u\n", __entry->irqs)
);

/* printk-unsafe-deref: the device the record points to may be gone */
TRACE_EVENT(demo_open,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(const struct demo_dev *, dev)
	),
	TP_fast_assign(
		__entry->dev = dev;
	),
	TP_printk("irqs=%u", __entry->dev->irqs)
);

/* assign-str-mismatch: the length is measured on 'name', 'alias' is copied */
TRACE_EVENT(demo_rename,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, dev->name)
	),
	TP_fast_assign(
		__assign_str(name, dev->alias);
	),
	TP_printk("name=%s", __get_str(name))
);

/* unused-event-class: its events were removed, the class stayed */
DECLARE_EVENT_CLASS(demo_old_class,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->irqs = dev->irqs;
	),
	TP_printk("irqs=%u", __entry->irqs)
);

/* enum-not-exported: no TRACE_DEFINE_ENUM(DEMO_MODE_BUSY) */
TRACE_EVENT(demo_mode,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(enum demo_mode, mode)
	),
	TP_fast_assign(
		__entry->mode = dev->mode;
	),
	TP_printk("mode=%s", __print_symbolic(__entry->mode, { DEMO_MODE_BUSY, "busy" }))
);

/* array-overflow: 8 bytes into a 6-byte array */
TRACE_EVENT(demo_mac,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__array(u8, mac, 6)
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->irqs = dev->irqs;
		memcpy(__entry->mac, dev->mac, 8);
	),
	TP_printk("mac=%pM irqs=%u", __entry->mac, __entry->irqs)
);

/* assign-order: 'total' computed from 'irqs' before 'irqs' is written */
TRACE_EVENT(demo_total,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u32, irqs)
		__field(u32, total)
	),
	TP_fast_assign(
		__entry->total = __entry->irqs + 1;
		__entry->irqs = dev->irqs;
	),
	TP_printk("irqs=%u total=%u", __entry->irqs, __entry->total)
);

/* printk-format: '%u' of a u64 prints its low 32 bits */
TRACE_EVENT(demo_bytes,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u64, bytes)
	),
	TP_fast_assign(
		__entry->bytes = dev->bytes;
	),
	TP_printk("bytes=%u", __entry->bytes)
);

/* printk-foreign-identifier: 'ret' is the output function's local, not the field */
TRACE_EVENT(demo_cmd,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u32, irqs)
		__field(int, ret)
	),
	TP_fast_assign(
		__entry->irqs = dev->irqs;
		__entry->ret = dev->ret;
	),
	TP_printk("irqs=%u ret=%d", __entry->irqs, ret)
);

/* printk-construct: '.' member access, which libtraceevent cannot parse */
TRACE_EVENT(demo_pair,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field_struct(struct demo_pair, pair)
	),
	TP_fast_assign(
		__entry->pair = dev->pair;
	),
	TP_printk("a=%u b=%u", __entry->pair.a, __entry->pair.b)
);

/* printk-userspace: libtraceevent up to 1.8.3 prints __print_array() otherwise (its gap: a note) */
TRACE_EVENT(demo_vals,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__array(u32, vals, 2)
	),
	TP_fast_assign(
		memcpy(__entry->vals, dev->regs, sizeof(__entry->vals));
	),
	TP_printk("vals=%s", __print_array(__entry->vals, 2, 4))
);

/* layout-abi: u32 elements right after a string of any length */
TRACE_EVENT(demo_regs,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, dev->name)
		__dynamic_array(u32, regs, 2)
	),
	TP_fast_assign(
		__assign_str(name);
		memcpy(__get_dynamic_array(regs), dev->regs, sizeof(dev->regs));
	),
	TP_printk("%s regs=%s", __get_str(name), __print_array(__get_dynamic_array(regs), 2, 4))
);

/* printk-nested-ternary: libtraceevent up to 1.8.4 prints "off" for mode 1 */
TRACE_EVENT(demo_power,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(int, mode)
	),
	TP_fast_assign(
		__entry->mode = dev->port;
	),
	TP_printk("mode %s", __entry->mode == 1 ? "on" : __entry->mode == 2 ? "auto" : "off")
);

/* field-truncated: a u64 byte count stored in a u32 loses its bits 32-63 */
TRACE_EVENT(demo_total_bytes,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u32, bytes)
	),
	TP_fast_assign(
		__entry->bytes = dev->bytes;
	),
	TP_printk("bytes %u", __entry->bytes)
);

/* field-kind: __field() of a struct does not build (is_signed_type()); __field_struct() does */
TRACE_EVENT(demo_hwpair,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(struct demo_pair, pair)
		__field(u32, irqs)
	),
	TP_fast_assign(
		__entry->pair = dev->pair;
		__entry->irqs = dev->irqs;
	),
	TP_printk("irqs=%u", __entry->irqs)
);

/* string-source-type: &dev->mac is a pointer to the array, not a string */
TRACE_EVENT(demo_macname,
	TP_PROTO(const struct demo_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(mac, &dev->mac)
	),
	TP_fast_assign(
		__assign_str(mac);
	),
	TP_printk("%s", __get_str(mac))
);

/* dynamic-array-length: strcpy() writes the NUL past an array of strlen() bytes */
TRACE_EVENT(demo_label,
	TP_PROTO(const char *label),
	TP_ARGS(label),
	TP_STRUCT__entry(
		__dynamic_array(char, label, strlen(label))
	),
	TP_fast_assign(
		strcpy(__get_dynamic_array(label), label);
	),
	TP_printk("label=%s", __get_str(label))
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
testdata/example/every-rule.h:10:1: warning: '#define TRACE_SYSTEM' is not preceded by '#undef TRACE_SYSTEM'; after another trace header it redefines that header's TRACE_SYSTEM [header-protocol]
testdata/example/every-rule.h:10:1: note: write '#undef TRACE_SYSTEM' on the line before
testdata/example/every-rule.h:31:19: error: the header does not compile: redefinition of 'demo_irq_rate'; <trace/define_trace.h> reads it again for each stage, and function 'demo_irq_rate' is defined again each time [compile-error]
testdata/example/every-rule.h:12:1: note: define 'demo_irq_rate' before this #if, or under '#ifdef CREATE_TRACE_POINTS', which define_trace.h undefines before it reads the header again
testdata/example/every-rule.h:48:45: error: TP_printk() argument calls 'demo_state_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/example/every-rule.h:48:45: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/example/every-rule.h:63:44: error: TP_printk() argument uses helper macro 'port_name', which the format file records as '((REC->port) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/example/every-rule.h:63:44: note: store the value at assign time in a field of its own and print that field
testdata/example/every-rule.h:72:16: error: field 'irqs' of event 'demo_stats' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/example/every-rule.h:85:17: warning: record of event 'demo_link' has 11 bytes of padding (7 after 'up', 4 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/example/every-rule.h:85:17: note: the record is 32 bytes; with the fields in the order bytes, irqs, up it would be 24
testdata/example/every-rule.h:110:24: error: __print_flags() table has 'ANY' with mask 0, which every value matches: the kernel prints 'ANY' beside any set flag and never alone (a value of 0 prints nothing) [printk-helper-misuse]
testdata/example/every-rule.h:110:24: note: drop the entry, or print the value with __print_symbolic() if it is not a set of bits
testdata/example/every-rule.h:124:20: warning: the format string ends with "\n": the kernel ends each event's line itself, so every event is followed by an empty line [printk-format-text]
testdata/example/every-rule.h:124:20: note: drop the trailing "\n"
testdata/example/every-rule.h:137:23: error: the argument dereferences the pointer field 'dev' (REC->p->member) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/example/every-rule.h:137:23: note: store the value itself in a field at assign time and print that field
testdata/example/every-rule.h:148:3: error: __assign_str() copies 'dev->alias' into 'name', whose room __string() reserved for 'dev->name': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
testdata/example/every-rule.h:154:1: warning: event class 'demo_old_class' has no DEFINE_EVENT(): its probe, output function and format are built for no event [unused-event-class]
testdata/example/every-rule.h:154:1: note: remove it, or add the DEFINE_EVENT(demo_old_class, ...) that should use it
testdata/example/every-rule.h:176:23: error: TP_printk() argument prints enumerator 'DEMO_MODE_BUSY' without TRACE_DEFINE_ENUM(): the format file keeps its name, which user-space tools cannot resolve [enum-not-exported]
testdata/example/every-rule.h:37:1: note: add TRACE_DEFINE_ENUM(DEMO_MODE_BUSY); to the header, outside the events (before the first one)
testdata/example/every-rule.h:189:3: error: memcpy() writes 8 bytes into field 'mac' of event 'demo_mac', which has 6 [array-overflow]
testdata/example/every-rule.h:203:29: error: TP_fast_assign() of event 'demo_total' reads field 'irqs' before it writes it; the record still holds stale ring-buffer bytes there [assign-order]
testdata/example/every-rule.h:219:24: error: '%u' takes an unsigned int (4 bytes) but '__entry->bytes' is 'u64' (unsigned long long), 8 bytes: the kernel prints only its low 32 bits, and on 32-bit kernels every later conversion gets the wrong argument [printk-format]
testdata/example/every-rule.h:219:24: note: use '%llu'
testdata/example/every-rule.h:234:45: error: TP_printk() argument reads 'ret', a local of the kernel's output function, not a field of the record: the kernel prints TRACE_TYPE_HANDLED (1) for every event, and user space cannot resolve 'ret' [printk-foreign-identifier]
testdata/example/every-rule.h:228:16: note: the record has a field 'ret': __entry->ret was probably meant
testdata/example/every-rule.h:234:45: note: print a field of the record (__entry->...), storing the value at assign time
testdata/example/every-rule.h:247:25: error: TP_printk() argument '__entry->pair.a' has the '.' member access 'REC->pair.a', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/example/every-rule.h:247:25: note: record the value at assign time in a field of its own and print that field
testdata/example/every-rule.h:260:23: note: libtraceevent 1.7.1 to 1.8.3 print __print_array(REC->vals, 2, 4) as '1 2 3' where the kernel prints '{0x1,0x2,0x3}'; 1.8.4 and later print it as the kernel does (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/example/every-rule.h:269:24: warning: dynamic array 'regs' of 'u32' may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 4 [layout-abi]
testdata/example/every-rule.h:275:43: note: libtraceevent 1.7.1 to 1.8.3 print __print_array(__get_dynamic_array(regs), 2, 4) as '1 2 3' where the kernel prints '{0x1,0x2,0x3}'; 1.8.4 and later print it as the kernel does (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/example/every-rule.h:288:23: note: TP_printk() argument '__entry->mode == 1 ? "on" : __entry->mode == 2 ? "auto" : "off"' nests a conditional in the else branch of another without parentheses [printk-nested-ternary]
testdata/example/every-rule.h:288:23: note: a spelling every release handles: parentheses around the nested conditional: c1 ? a : (c2 ? b : c)
testdata/example/every-rule.h:299:3: warning: field 'bytes' ('u32', 32 bits) is assigned a 64-bit 'u64': bits 32-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/example/every-rule.h:309:29: error: __field() 'pair' of 'struct demo_pair', a struct: the kernel's is_signed_type(), which __field() applies to its type, casts -1 to it, and the event does not build [field-kind]
testdata/example/every-rule.h:309:29: note: __field_struct(struct demo_pair, pair) records it without is_signed_type()
testdata/example/every-rule.h:324:12: error: the source of __string() 'mac' is 'unsigned char (*)[8]', a pointer to a char array, not to its first char: from 6.10 the kernel hands it to a const char * (__string_src(), item_ptr_) and the event does not build (-Werror=incompatible-pointer-types) [string-source-type]
testdata/example/every-rule.h:324:12: note: drop the '&': the array itself decays to a pointer to its first char
testdata/example/every-rule.h:340:3: error: strcpy() of strlen(label)+1 bytes into dynamic array 'label' of event 'demo_label', whose length is strlen(label): 1 byte past the array [dynamic-array-length]
check-output-end
 */
