/* SPDX-License-Identifier: MIT */
/*
 * printk-userspace: every way libtraceevent fails on or mis-renders a
 * print fmt that tracecheck has met, one event each, and an event it
 * renders exactly as the kernel does.
 *
 * check-name: printk-userspace: libtraceevent's failure modes
 * check-command: tracecheck --disable field-kind $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-userspace.h:96:28: note: libtraceevent 1.7.1 and 1.7.2 print '>c<' for '%c' and give every later conversion the wrong argument; 1.7.3 and later print the character (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace.h:109:25: note: libtraceevent 1.7.1 and 1.7.2 print '>+<' for the '+' flag of '%+d' and give every later conversion the wrong argument; 1.7.3 and later print the sign (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace.h:122:15: note: the format string holds a TAB (written \t): libtraceevent 1.7.1 to 1.8.4 cannot parse a TAB in the format string (it ends their string token): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.8.5 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-format-text]
testdata/rules/printk-userspace.h:122:15: note: use spaces (or ': ') instead
testdata/rules/printk-userspace.h:135:18: error: the format string holds a double quote (written \"), which ends libtraceevent's string token: perf and trace-cmd cannot parse the event ([FAILED TO PARSE]) though the kernel prints it [printk-format-text]
testdata/rules/printk-userspace.h:135:18: note: use single quotes ('%s') instead
testdata/rules/printk-userspace.h:148:25: error: TP_printk() argument '&__entry->addr' has the unary '&' in '&REC->addr', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-userspace.h:148:25: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-userspace.h:161:20: error: TP_printk() argument '__entry->pair.a' has the '.' member access 'REC->pair.a', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-userspace.h:161:20: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-userspace.h:174:24: error: __print_flags() table has 'IN_USE' with mask 0, which every value matches: the kernel prints 'IN_USE' beside any set flag and never alone (a value of 0 prints nothing) [printk-helper-misuse]
testdata/rules/printk-userspace.h:174:24: note: drop the entry, or print the value with __print_symbolic() if it is not a set of bits
testdata/rules/printk-userspace.h:187:26: error: libtraceevent 1.7.1 to 1.9.0 prints '0' for this '%u' where the kernel prints '5' [printk-userspace]
testdata/rules/printk-userspace.h:200:23: note: libtraceevent 1.7.1 to 1.8.3 print __print_array(__get_dynamic_array(vals), __get_dynamic_array_len(vals) / 4, 4) as '1 2 3' where the kernel prints '{0x1,0x2,0x3}'; 1.8.4 and later print it as the kernel does (a gap of libtraceevent, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace.h:214:24: note: TP_printk() argument '__entry->n * (int)sizeof(u64)' has 'sizeof(u64)', which libtraceevent 1.7.1 to 1.8.3 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there; 1.8.4 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-userspace.h:214:24: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-userspace.h:229:24: error: libtraceevent 1.7.1 to 1.9.0 prints '-1' for this '%d' where the kernel prints '1' [printk-userspace]
testdata/rules/printk-userspace.h:242:20: error: libtraceevent 1.7.1 to 1.9.0 crashes on this argument (Floating point exception): perf and trace-cmd die reading the event [printk-userspace]
testdata/rules/printk-userspace.h:255:24: error: libtraceevent 1.7.1 to 1.9.0 prints 'ATOP' for this '%s' where the kernel prints 'A' [printk-userspace]
testdata/rules/printk-userspace.h:274:5: error: libtraceevent 1.7.1 to 1.9.0 prints '00 00 00 d2' for this '%s' where the kernel prints '01 00 00 00' [printk-userspace]
testdata/rules/printk-userspace.h:282:13: warning: cpumask 'cpus' (an array of unsigned long) starts at offset 12 of the record on x86_64, not a multiple of its elements' alignment 8 [layout-abi]
testdata/rules/printk-userspace.h:287:23: note: libtraceevent 1.7.1 to 1.9.0 print __get_cpumask(cpus) as a list of CPUs ('0-3,8') where the kernel prints a hex bitmap: the field's type, cpumask_t, tells user space it may (user space's choice, not a defect of the header) [printk-userspace]
testdata/rules/printk-userspace.h:287:23: note: a spelling every release handles: __get_bitmask(), which both print as the hex bitmap
testdata/rules/printk-userspace.h:300:21: error: libtraceevent 1.7.1 to 1.9.0 does not implement the kernel's '%pK': it prints '0x1K' (the value as %p, then the letters) [printk-userspace]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_us

#if !defined(_TC_US_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_US_H

#include <linux/tracepoint.h>

#ifndef _TC_US_TYPES
#define _TC_US_TYPES
struct tc_us_pair {
	int a, b;
};
#endif

/* negative: everything here prints the same in the kernel and in user space */
TRACE_EVENT(tc_us_clean,
	TP_PROTO(int op, u32 len, u64 sector, const char *dev, const u8 *mac),
	TP_ARGS(op, len, sector, dev, mac),
	TP_STRUCT__entry(
		__field(int, op)
		__field(u32, len)
		__field(u64, sector)
		__string(dev, dev)
		__array(char, comm, 16)
		__array(u8, mac, 6)
		__field(unsigned int, flags)
	),
	TP_fast_assign(
		__entry->op = op;
		__entry->len = len;
		__entry->sector = sector;
		__assign_str(dev);
		memcpy(__entry->comm, dev, 16);
		memcpy(__entry->mac, mac, 6);
		__entry->flags = len;
	),
	TP_printk("dev=%s comm=%s op=%s len=%u/%#x sector=%llu mac=%pM bytes=%s flags=%s prio=%d",
		  __get_str(dev), __entry->comm,
		  __print_symbolic(__entry->op, { 0, "read" }, { 1, "write" }),
		  __entry->len, __entry->len, (unsigned long long)__entry->sector, __entry->mac,
		  __print_hex(__entry->mac, 6),
		  __print_flags(__entry->flags, "|", { 1, "A" }, { 2, "B" }, { 4, "C" }),
		  __entry->op > 0 ? (int)__entry->len * 2 : -1)
);

/* %c: not supported before 1.7.3 */
TRACE_EVENT(tc_us_char,
	TP_PROTO(char unit, int n),
	TP_ARGS(unit, n),
	TP_STRUCT__entry(
		__field(char, unit)
		__field(int, n)
	),
	TP_fast_assign(
		__entry->unit = unit;
		__entry->n = n;
	),
	TP_printk("unit %c n=%d", __entry->unit, __entry->n)
);

/* the '+' flag: not supported before 1.7.3 */
TRACE_EVENT(tc_us_plus,
	TP_PROTO(int delta),
	TP_ARGS(delta),
	TP_STRUCT__entry(
		__field(int, delta)
	),
	TP_fast_assign(
		__entry->delta = delta;
	),
	TP_printk("delta=%+d", __entry->delta)
);

/* a TAB in the format string ends libtraceevent's string token */
TRACE_EVENT(tc_us_tab,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n:\t%d", __entry->n)
);

/* so does a '"' */
TRACE_EVENT(tc_us_quote,
	TP_PROTO(const char *name),
	TP_ARGS(name),
	TP_STRUCT__entry(
		__string(name, name)
	),
	TP_fast_assign(
		__assign_str(name);
	),
	TP_printk("name=\"%s\"", __get_str(name))
);

/* unary &: %pI4 wants a pointer, libtraceevent rejects the '&' */
TRACE_EVENT(tc_us_addr,
	TP_PROTO(__be32 addr),
	TP_ARGS(addr),
	TP_STRUCT__entry(
		__field(__be32, addr)
	),
	TP_fast_assign(
		__entry->addr = addr;
	),
	TP_printk("addr=%pI4", &__entry->addr)
);

/* member access on a struct field */
TRACE_EVENT(tc_us_member,
	TP_PROTO(const struct tc_us_pair *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field_struct(struct tc_us_pair, pair)
	),
	TP_fast_assign(
		__entry->pair = *p;
	),
	TP_printk("a=%d", __entry->pair.a)
);

/* an entry with mask 0: the kernel prints it for every non-zero value, user space never */
TRACE_EVENT(tc_us_flags_zero,
	TP_PROTO(unsigned long state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(unsigned long, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%s", __print_flags(__entry->state, "|", { 0, "IN_USE" }, { 1, "OPEN" }))
);

/* '^' evaluates to 0 at print time */
TRACE_EVENT(tc_us_xor,
	TP_PROTO(u32 bits),
	TP_ARGS(bits),
	TP_STRUCT__entry(
		__field(u32, bits)
	),
	TP_fast_assign(
		__entry->bits = bits;
	),
	TP_printk("changed=%u", __entry->bits ^ 4)
);

/* __print_array(): braces and hex only from 1.8.4 */
TRACE_EVENT(tc_us_array,
	TP_PROTO(const u32 *v, int n),
	TP_ARGS(v, n),
	TP_STRUCT__entry(
		__dynamic_array(u32, vals, n)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(vals), v, n * sizeof(u32));
	),
	TP_printk("vals=%s", __print_array(__get_dynamic_array(vals),
					   __get_dynamic_array_len(vals) / 4, 4))
);

/* sizeof(u64): not before 1.8.4 */
TRACE_EVENT(tc_us_sizeof,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("bytes=%d", __entry->n * (int)sizeof(u64))
);

/* a parenthesised divisor: libtraceevent 1.7.1 computes n / d - 1 */
TRACE_EVENT(tc_us_paren,
	TP_PROTO(int n, int d),
	TP_ARGS(n, d),
	TP_STRUCT__entry(
		__field(int, n)
		__field(int, d)
	),
	TP_fast_assign(
		__entry->n = n;
		__entry->d = d;
	),
	TP_printk("ratio=%d", __entry->n / (__entry->d - 1))
);

/* a division by zero: libtraceevent dies of SIGFPE printing the event */
TRACE_EVENT(tc_us_crash,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%d", __entry->n / 0)
);

/* a mask with bit 63: 1.7.1 prints the wrong names (xfs_exchmaps_*) */
TRACE_EVENT(tc_us_flags64,
	TP_PROTO(u64 flags),
	TP_ARGS(flags),
	TP_STRUCT__entry(
		__field(u64, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%s", __print_flags(__entry->flags, "|", { 1ULL << 0, "A" },
					    { 1ULL << 63, "TOP" }))
);

/* a field and a dynamic array of one name: user space finds the field (host1x_cdma_push_gather) */
TRACE_EVENT(tc_us_twins,
	TP_PROTO(const u32 *data, u32 words),
	TP_ARGS(data, words),
	TP_STRUCT__entry(
		__field(u32, words)
		__field(bool, data)
		__dynamic_array(u32, data, words)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(data), data, words * sizeof(u32));
		__entry->data = data != NULL;
		__entry->words = words;
	),
	TP_printk("words=%u data=[%s]", __entry->words,
		  __print_hex(__get_dynamic_array(data), __entry->words * 4))
);

/* a cpumask: the kernel prints a hex bitmap, user space a CPU list */
TRACE_EVENT(tc_us_cpumask,
	TP_PROTO(const struct cpumask *mask),
	TP_ARGS(mask),
	TP_STRUCT__entry(
		__cpumask(cpus)
	),
	TP_fast_assign(
		__assign_cpumask(cpus, mask);
	),
	TP_printk("cpus=%s", __get_cpumask(cpus))
);

/* a %p extension only the kernel knows: %pK */
TRACE_EVENT(tc_us_pk,
	TP_PROTO(const void *p),
	TP_ARGS(p),
	TP_STRUCT__entry(
		__field(const void *, p)
	),
	TP_fast_assign(
		__entry->p = p;
	),
	TP_printk("p=%pK", __entry->p)
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-userspace
#include <trace/define_trace.h>
