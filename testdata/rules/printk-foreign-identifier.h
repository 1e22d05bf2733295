/* SPDX-License-Identifier: MIT */
/*
 * printk-foreign-identifier: names in TP_printk() arguments that are not the
 * record's -- the kernel output function's parameters and locals, globals,
 * TP_PROTO() parameters -- and what is fine.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_foreign

#if !defined(_TC_FOREIGN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FOREIGN_H

#include <linux/tracepoint.h>

#ifndef _TC_FOREIGN_HELPERS
#define _TC_FOREIGN_HELPERS
extern unsigned long volatile jiffies;
#define HZ 250
extern const char *const tc_state_names[4];
#define TC_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
enum tc_opc { TC_OPC_READ = 1, TC_OPC_WRITE = 2 };
#define TC_MAX_LEN 16
struct tc_seq;
extern const char *tc_parse_cdb(struct tc_seq *p, const unsigned char *cdb, int len);
extern const char *tc_seq_ptr(struct tc_seq *s);
extern void tc_seq_printf(struct tc_seq *s, const char *fmt, ...);
#endif

TRACE_DEFINE_ENUM(TC_OPC_READ);
TRACE_DEFINE_ENUM(TC_OPC_WRITE);

/* a show_*() macro that ignores its argument and prints the output function's 'flags' */
#define show_tc_req_flags(f)						\
	__print_flags(flags, "|", { 0x1, "SYNC" }, { 0x2, "META" }, { 0x4, "FUA" })
/* the same, one level down */
#define __show_tc_status() (ret ? "error" : "ok")
#define show_tc_status(s) __show_tc_status()
/* correct: uses its argument */
#define show_tc_opc(o) __print_symbolic(o, { TC_OPC_READ, "read" }, { TC_OPC_WRITE, "write" })
/* as scsi's __parse_cdb(): p is the output function's scratch buffer, passed on */
#define __tc_parse_cdb(cdb, len) tc_parse_cdb(p, cdb, len)

/* as kvm's KVM_MMU_PAGE_PRINTK() (arch/x86/kvm/mmu/mmutrace.h): p handed to printers */
#define TC_PAGE_PRINTK() ({						\
	const char *saved_ptr = tc_seq_ptr(p);				\
	tc_seq_printf(p, "gfn %llx", (unsigned long long)__entry->mask); \
	saved_ptr;							\
})

/* positive: spmi_cmd in 6.12 (include/trace/events/spmi.h) prints 'ret', not __entry->ret */
TRACE_EVENT(tc_foreign_cmd,
	TP_PROTO(u8 opcode, u8 sid, int ret),
	TP_ARGS(opcode, sid, ret),
	TP_STRUCT__entry(
		__field(u8, opcode)
		__field(u8, sid)
		__field(int, ret)
	),
	TP_fast_assign(
		__entry->opcode = opcode;
		__entry->sid = sid;
		__entry->ret = ret;
	),
	TP_printk("opc=%d sid=%02d ret=%d", (int)__entry->opcode, (int)__entry->sid, ret)
);

/* positive: show_*() macros that use the output function's flags and ret */
TRACE_EVENT(tc_foreign_req,
	TP_PROTO(unsigned int flags, int status),
	TP_ARGS(flags, status),
	TP_STRUCT__entry(
		__field(unsigned int, flags)
		__field(int, status)
	),
	TP_fast_assign(
		__entry->flags = flags;
		__entry->status = status;
	),
	TP_printk("flags=%s status=%s", show_tc_req_flags(__entry->flags),
		  show_tc_status(__entry->status))
);

/*
 * positive: writeback_single_inode in 6.12 (include/trace/events/writeback.h)
 * prints (jiffies - __entry->dirtied_when) / HZ: the age when the trace is read
 */
TRACE_EVENT(tc_foreign_age,
	TP_PROTO(unsigned long dirtied_when),
	TP_ARGS(dirtied_when),
	TP_STRUCT__entry(
		__field(unsigned long, dirtied_when)
	),
	TP_fast_assign(
		__entry->dirtied_when = dirtied_when;
	),
	TP_printk("dirtied_when=%lu age=%lu", __entry->dirtied_when,
		  (jiffies - __entry->dirtied_when) / HZ)
);

/*
 * positive, one level lower: the record under the output function's name, the
 * CPU of the reader, a const table at file scope
 */
TRACE_EVENT(tc_foreign_lower,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__field(int, state)
	),
	TP_fast_assign(
		__entry->state = state;
	),
	TP_printk("state=%d name=%s cpu=%d", field->state, tc_state_names[__entry->state & 3],
		  iter->cpu)
);

/* positive: a TP_PROTO() parameter, not in scope where the arguments are printed */
TRACE_EVENT(tc_foreign_proto,
	TP_PROTO(int len),
	TP_ARGS(len),
	TP_STRUCT__entry(
		__field(int, len)
	),
	TP_fast_assign(
		__entry->len = len;
	),
	TP_printk("len=%d", len)
);

/*
 * negative: __entry, enumerators, constants, the helpers (which print into p),
 * sizeof of a table, p passed on to a printer, a statement expression's own local
 */
DECLARE_EVENT_CLASS(tc_foreign_ok,
	TP_PROTO(int opc, unsigned long mask, const unsigned char *cdb, int len),
	TP_ARGS(opc, mask, cdb, len),
	TP_STRUCT__entry(
		__field(int, opc)
		__field(unsigned long, mask)
		__array(unsigned char, cdb, TC_MAX_LEN)
		__field(int, len)
		__bitmask(cpus, 64)
	),
	TP_fast_assign(
		__entry->opc = opc;
		__entry->mask = mask;
		memcpy(__entry->cdb, cdb, TC_MAX_LEN);
		__entry->len = len;
		__assign_bitmask(cpus, &mask, 64);
	),
	TP_printk("opc=%s write=%d max=%d names=%d cdb=%s hex=%s cpus=%s flags=%s page=%s",
		  show_tc_opc(__entry->opc), __entry->opc == TC_OPC_WRITE, TC_MAX_LEN,
		  (int)TC_ARRAY_SIZE(tc_state_names), __tc_parse_cdb(__entry->cdb, __entry->len),
		  __print_hex(__entry->cdb, __entry->len), __get_bitmask(cpus),
		  __print_flags(__entry->mask, "|", { 1, "A" }, { 2, "B" }), TC_PAGE_PRINTK())
);

DEFINE_EVENT(tc_foreign_ok, tc_foreign_ok_one,
	TP_PROTO(int opc, unsigned long mask, const unsigned char *cdb, int len),
	TP_ARGS(opc, mask, cdb, len)
);

/*
 * DEFINE_EVENT_PRINT: its own output function has event, field, entry and p
 * (no ret or s): entry is the record's common header, one level lower; the
 * helpers' p is fine
 */
DEFINE_EVENT_PRINT(tc_foreign_ok, tc_foreign_ok_print,
	TP_PROTO(int opc, unsigned long mask, const unsigned char *cdb, int len),
	TP_ARGS(opc, mask, cdb, len),
	TP_printk("opc=%s pid=%d", show_tc_opc(__entry->opc), entry->pid)
);

#endif /* _TC_FOREIGN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-foreign-identifier
#include <trace/define_trace.h>

/*
 * check-name: printk-foreign-identifier positives and negatives
 * check-command: tracecheck --disable printk-userspace,layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-foreign-identifier.h:64:79: error: TP_printk() argument reads 'ret', a local of the kernel's output function, not a field of the record: the kernel prints TRACE_TYPE_HANDLED (1) for every event, and user space cannot resolve 'ret' [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:57:16: note: the record has a field 'ret': __entry->ret was probably meant
testdata/rules/printk-foreign-identifier.h:64:79: note: print a field of the record (__entry->...), storing the value at assign time
testdata/rules/printk-foreign-identifier.h:79:34: error: TP_printk() argument reads 'flags', a parameter of the kernel's output function, not a field of the record: the kernel prints the reader's symbol flags (TRACE_ITER_SYM_*), the same for every event, and user space cannot resolve 'flags' [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:72:25: note: the record has a field 'flags': __entry->flags was probably meant
testdata/rules/printk-foreign-identifier.h:79:34: note: print a field of the record (__entry->...), storing the value at assign time; a show_*() macro should use its argument
testdata/rules/printk-foreign-identifier.h:80:5: error: TP_printk() argument reads 'ret', a local of the kernel's output function, not a field of the record: the kernel prints TRACE_TYPE_HANDLED (1) for every event, and user space cannot resolve 'ret' [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:80:5: note: print a field of the record (__entry->...), storing the value at assign time; a show_*() macro should use its argument
testdata/rules/printk-foreign-identifier.h:97:6: error: TP_printk() argument reads the global variable 'jiffies', not a field of the record: the kernel prints its value when the trace is read, not when the event happened, and user space cannot resolve it [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:97:6: note: print a field of the record (__entry->...), storing the value at assign time
testdata/rules/printk-foreign-identifier.h:113:39: warning: TP_printk() argument names the record 'field', a local of the kernel's output function: the kernel prints the right value, but the format file records 'field', which user space cannot resolve; use __entry [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:113:53: error: TP_printk() argument indexes 'tc_state_names', a table at file scope ('const char *const[4]'): the kernel prints the entry, but the format file records the table's name, which user space reads as 0 or cannot parse [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:113:53: note: print a field of the record (__entry->...), storing the value at assign time
testdata/rules/printk-foreign-identifier.h:114:5: error: TP_printk() argument reads 'iter', a parameter of the kernel's output function, not a field of the record: the kernel uses the trace_iterator of whoever reads the trace, not the event, and user space cannot resolve 'iter' [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:114:5: note: print a field of the record (__entry->...), storing the value at assign time
testdata/rules/printk-foreign-identifier.h:127:22: error: TP_printk() argument uses 'len', a parameter of TP_PROTO(), which is not in scope in the kernel's output function: the kernel does not build this (use of undeclared identifier 'len') [printk-foreign-identifier]
testdata/rules/printk-foreign-identifier.h:122:16: note: the record has a field 'len': __entry->len was probably meant
testdata/rules/printk-foreign-identifier.h:127:22: note: print a field of the record (__entry->...), storing the value at assign time
testdata/rules/printk-foreign-identifier.h:153:10: error: TP_printk() argument uses macro 'TC_ARRAY_SIZE', which the format file records as '(int)(sizeof(tc_state_names) / sizeof((tc_state_names)[0]))': it has 'sizeof(tc_state_names)' (of a type libtraceevent does not know), which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-foreign-identifier.h:153:10: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-foreign-identifier.h:153:41: error: TP_printk() argument calls 'tc_parse_cdb()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-foreign-identifier.h:153:41: note: record the value at assign time and print the field instead (for a string: __string(), __assign_str() and __get_str())
testdata/rules/printk-foreign-identifier.h:154:46: error: __get_bitmask(cpus) restarts iter->tmp_seq before it prints (7.0 and later), where __print_symbolic() and more helpers of this TP_printk() print too: what was printed there before the bitmap is overwritten [printk-helper-misuse]
testdata/rules/printk-foreign-identifier.h:154:46: note: on 7.0 and later, a TP_printk() with a bitmap getter can have no other helper that prints into tmp_seq: move one to an event of its own
testdata/rules/printk-foreign-identifier.h:155:64: error: TP_printk() argument uses macro 'TC_PAGE_PRINTK', whose expansion calls 'tc_seq_ptr()', 'tc_seq_printf()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-foreign-identifier.h:155:64: note: compute the value at assign time and print the field instead
testdata/rules/printk-foreign-identifier.h:171:56: warning: TP_printk() argument names the record 'entry', a local of the kernel's output function: the kernel prints the right value, but the format file records 'entry', which user space cannot resolve; use __entry [printk-foreign-identifier]
 * check-output-end
 */
