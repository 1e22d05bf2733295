/* SPDX-License-Identifier: MIT */
/*
 * Every event macro of 6.12 and every TP_STRUCT__entry element, pinned
 * through the model dump: kinds, kernel type spellings, record layout,
 * writes, and the print fmt as the format file records it.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_kinds

#if !defined(_TC_KINDS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_KINDS_H

#include <linux/tracepoint.h>

#ifndef _TC_KINDS_HELPERS
#define _TC_KINDS_HELPERS
#define TC_UINT unsigned int
#define TC_LEN 8
struct tc_pos { int x, y; };
struct sockaddr;
enum tc_state { TC_IDLE, TC_BUSY };
int tc_reg(void);
void tc_unreg(void);
#endif

TRACE_DEFINE_ENUM(TC_IDLE);
TRACE_DEFINE_ENUM(TC_BUSY);
TRACE_DEFINE_SIZEOF(struct tc_pos);

TRACE_EVENT(tc_fixed,
	TP_PROTO(int a, struct tc_pos p),
	TP_ARGS(a, p),
	TP_STRUCT__entry(
		__field(TC_UINT, a)
		__field_ext(TC_UINT, b, FILTER_OTHER)
		__field_struct(struct tc_pos, p)
		__field_struct_ext(struct tc_pos, q, FILTER_OTHER)
		__array(TC_UINT, arr, TC_LEN)
		__array(char, comm, 16)
		__field(enum tc_state, state)
		__field(s64, delta)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = a;
		__entry->p = p;
		__entry->q = p;
		memset(__entry->arr, 0, sizeof(__entry->arr));
		memset(__entry->comm, 0, 16);
		__entry->state = TC_BUSY;
		__entry->delta = -1;
	),
	TP_printk("a=%u state=%s", __entry->a,
		  __print_symbolic(__entry->state, { TC_IDLE, "idle" }, { TC_BUSY, "busy" }))
);

TRACE_EVENT(tc_dynamic,
	TP_PROTO(const char *s, int n, const unsigned long *bits, const struct sockaddr *sa,
		 const char *fmt, va_list *va),
	TP_ARGS(s, n, bits, sa, fmt, va),
	TP_STRUCT__entry(
		__dynamic_array(int, darr, n)
		__string(str, s)
		__string_len(strl, s, n)
		__vstring(vstr, fmt, va)
		__bitmask(bm, n)
		__cpumask(cm)
		__sockaddr(sa, 16)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(darr), bits, n * sizeof(int));
		__assign_str(str);
		__assign_str(strl);
		__assign_vstr(vstr, fmt, va);
		__assign_bitmask(bm, bits, n);
		__assign_cpumask(cm, bits);
		__assign_sockaddr(sa, sa, 16);
	),
	TP_printk("str=%s strl=%s vstr=%s bm=%s cm=%s len=%d",
		  __get_str(str), __get_str(strl), __get_str(vstr), __get_bitmask(bm),
		  __get_cpumask(cm), __get_dynamic_array_len(darr))
);

TRACE_EVENT(tc_relative,
	TP_PROTO(const char *s, int n, const unsigned long *bits),
	TP_ARGS(s, n, bits),
	TP_STRUCT__entry(
		__rel_dynamic_array(u8, rarr, n)
		__rel_string(rstr, s)
		__rel_string_len(rstrl, s, n)
		__rel_bitmask(rbm, n)
		__rel_cpumask(rcm)
		__rel_sockaddr(rsa, 16)
	),
	TP_fast_assign(
		memcpy(__get_rel_dynamic_array(rarr), s, n);
		__assign_rel_str(rstr);
		__assign_rel_str(rstrl);
		__assign_rel_bitmask(rbm, bits, n);
		__assign_rel_cpumask(rcm, bits);
		__assign_rel_sockaddr(rsa, s, 16);
	),
	TP_printk("rstr=%s rstrl=%s rbm=%s", __get_rel_str(rstr), __get_rel_str(rstrl),
		  __get_rel_bitmask(rbm))
);

DECLARE_EVENT_CLASS(tc_class,
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

DEFINE_EVENT(tc_class, tc_ev_plain,
	TP_PROTO(int v),
	TP_ARGS(v));

DEFINE_EVENT_FN(tc_class, tc_ev_fn,
	TP_PROTO(int v),
	TP_ARGS(v),
	tc_reg, tc_unreg);

DEFINE_EVENT_CONDITION(tc_class, tc_ev_cond,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v > 0));

DEFINE_EVENT_PRINT(tc_class, tc_ev_print,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_printk("value %d", __entry->v));

TRACE_EVENT_CONDITION(tc_te_cond,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v != 0),
	TP_STRUCT__entry(__field(int, v)),
	TP_fast_assign(__entry->v = v;),
	TP_printk("v=%d", __entry->v)
);

TRACE_EVENT_FN(tc_te_fn,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(__field(int, v)),
	TP_fast_assign(__entry->v = v;),
	TP_printk("v=%d", __entry->v),
	tc_reg, tc_unreg
);

TRACE_EVENT_FN_COND(tc_te_fn_cond,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v != 0),
	TP_STRUCT__entry(__field(int, v)),
	TP_fast_assign(__entry->v = v;),
	TP_printk("v=%d", __entry->v),
	tc_reg, tc_unreg
);

TRACE_EVENT_NOP(tc_nop,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(__field(int, v)),
	TP_fast_assign(),
	TP_printk("v=%d", undefined_function(__entry->v))
);

DEFINE_EVENT_NOP(tc_class, tc_ev_nop,
	TP_PROTO(int v),
	TP_ARGS(v));

DECLARE_EVENT_CLASS_NOP(tc_class_nop,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(__field(int, v)),
	TP_fast_assign(),
	TP_printk("v=%d", __entry->v));

DECLARE_TRACE(tc_bare_tp,
	TP_PROTO(int v),
	TP_ARGS(v));

#endif /* _TC_KINDS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE all-kinds
#include <trace/define_trace.h>

/*
 * check-name: every event macro and element kind, through the model dump
 * check-command: tracecheck --dump-model $file
 * check-exit-value: 0
 *
 * check-output-start
header testdata/model/all-kinds.h system tc_kinds reread kernel "./all-kinds.h" bare
class tc_fixed macro TRACE_EVENT events 1 at 30:1 size 96 align 8 data 96
  field a __field type "unsigned int" offset 8 size 4 align 4 signed 0 written always at 34:20
    write assign at 44:3
    write text
  field b __field_ext type "TC_UINT" offset 12 size 4 align 4 signed 0 written always at 35:24
    write assign at 45:3
    write text
  field p __field_struct type "struct tc_pos" offset 16 size 8 align 4 signed 0 written always at 36:33
    write assign at 46:3
    write text
  field q __field_struct_ext type "struct tc_pos" offset 24 size 8 align 4 signed 0 written always at 37:37
    write assign at 47:3
    write text
  field arr __array type "TC_UINT" len "8" offset 32 size 32 align 4 elements 8 signed 0 written always at 38:20
    write copy memset at 48:3
    write text
  field comm __array type "char" len "16" offset 64 size 16 align 1 elements 16 signed 0 written always at 39:17
    write copy memset at 49:3
    write text
  field state __field type "enum tc_state" offset 80 size 4 align 4 signed 0 written always at 40:26
    write assign at 50:3
    write text
  field delta __field type "s64" offset 88 size 8 align 8 signed 1 written always at 41:16
    write assign at 51:3
    write text
  print fmt "\"a=%u state=%s\", REC->a, __print_symbolic(REC->state, { TC_IDLE, \"idle\" }, { TC_BUSY, \"busy\" })"
    arg 1 raw "__entry->a" expanded "REC->a" at 53:29
      macro __entry standard at 53:29
    arg 2 raw "__print_symbolic(__entry->state, { TC_IDLE, \"idle\" }, { TC_BUSY, \"busy\" })" expanded "__print_symbolic(REC->state, { TC_IDLE, \"idle\" }, { TC_BUSY, \"busy\" })" at 54:5
      macro __entry standard at 54:22
      macro __print_symbolic standard at 54:5
      enumerator TC_IDLE = 0 enum tc_state in-table declared testdata/model/all-kinds.h:21:17
      enumerator TC_BUSY = 1 enum tc_state in-table declared testdata/model/all-kinds.h:21:26
class tc_dynamic macro TRACE_EVENT events 1 at 57:1 size 36 align 4 data 36
  field darr __dynamic_array type "int" len "n" offset 8 size 4 align 4 signed 1 written always at 62:24
    write copy memcpy at 71:3
    write text
  field str __string type "char" offset 12 size 4 align 4 signed 0 written always at 63:12
    write helper __assign_str args 1 at 72:3
    write text
  field strl __string_len type "char" len "n" offset 16 size 4 align 4 signed 0 written always at 64:16
    write helper __assign_str args 1 at 73:3
    write text
  field vstr __vstring type "char" offset 20 size 4 align 4 signed 0 written always at 65:13
    write helper __assign_vstr args 3 at 74:3
    write text
  field bm __bitmask type "unsigned long" len "n" offset 24 size 4 align 4 signed 0 written always at 66:13
    write helper __assign_bitmask args 3 at 75:3
    write text
  field cm __cpumask type "cpumask_t" offset 28 size 4 align 4 signed 0 written always at 67:13
    write helper __assign_cpumask args 2 at 76:3
    write text
  field sa __sockaddr type "u8" len "16" offset 32 size 4 align 4 signed 0 written always at 68:14
    write helper __assign_sockaddr args 3 at 77:3
    write text
  print fmt "\"str=%s strl=%s vstr=%s bm=%s cm=%s len=%d\", __get_str(str), __get_str(strl), __get_str(vstr), __get_bitmask(bm), __get_cpumask(cm), __get_dynamic_array_len(darr)"
    arg 1 raw "__get_str(str)" expanded "__get_str(str)" at 80:5
      macro __get_str standard at 80:5
    arg 2 raw "__get_str(strl)" expanded "__get_str(strl)" at 80:21
      macro __get_str standard at 80:21
    arg 3 raw "__get_str(vstr)" expanded "__get_str(vstr)" at 80:38
      macro __get_str standard at 80:38
    arg 4 raw "__get_bitmask(bm)" expanded "__get_bitmask(bm)" at 80:55
      macro __get_bitmask standard at 80:55
    arg 5 raw "__get_cpumask(cm)" expanded "__get_cpumask(cm)" at 81:5
      macro __get_cpumask standard at 81:5
    arg 6 raw "__get_dynamic_array_len(darr)" expanded "__get_dynamic_array_len(darr)" at 81:24
      macro __get_dynamic_array_len standard at 81:24
class tc_relative macro TRACE_EVENT events 1 at 84:1 size 32 align 4 data 32
  field rarr __rel_dynamic_array type "u8" len "n" offset 8 size 4 align 4 signed 0 written always at 88:27
    write copy memcpy at 96:3
    write text
  field rstr __rel_string type "char" offset 12 size 4 align 4 signed 0 written always at 89:16
    write helper __assign_rel_str args 1 at 97:3
    write text
  field rstrl __rel_string_len type "char" len "n" offset 16 size 4 align 4 signed 0 written always at 90:20
    write helper __assign_rel_str args 1 at 98:3
    write text
  field rbm __rel_bitmask type "unsigned long" len "n" offset 20 size 4 align 4 signed 0 written always at 91:17
    write helper __assign_rel_bitmask args 3 at 99:3
    write text
  field rcm __rel_cpumask type "cpumask_t" offset 24 size 4 align 4 signed 0 written always at 92:17
    write helper __assign_rel_cpumask args 2 at 100:3
    write text
  field rsa __rel_sockaddr type "u8" len "16" offset 28 size 4 align 4 signed 0 written always at 93:18
    write helper __assign_rel_sockaddr args 3 at 101:3
    write text
  print fmt "\"rstr=%s rstrl=%s rbm=%s\", __get_rel_str(rstr), __get_rel_str(rstrl), __get_rel_bitmask(rbm)"
    arg 1 raw "__get_rel_str(rstr)" expanded "__get_rel_str(rstr)" at 103:39
      macro __get_rel_str standard at 103:39
    arg 2 raw "__get_rel_str(rstrl)" expanded "__get_rel_str(rstrl)" at 103:60
      macro __get_rel_str standard at 103:60
    arg 3 raw "__get_rel_bitmask(rbm)" expanded "__get_rel_bitmask(rbm)" at 104:5
      macro __get_rel_bitmask standard at 104:5
class tc_class macro DECLARE_EVENT_CLASS events 4 at 107:1 size 12 align 4 data 12
  field v __field type "int" offset 8 size 4 align 4 signed 1 written always at 111:16
    write assign at 114:3
    write text
  print fmt "\"v=%d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 116:20
      macro __entry standard at 116:20
class tc_te_cond macro TRACE_EVENT_CONDITION events 1 at 138:1 size 12 align 4 data 12
  field v __field type "int" offset 8 size 4 align 4 signed 1 written always at 142:32
    write assign at 143:17
    write text
  print fmt "\"v=%d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 144:20
      macro __entry standard at 144:20
class tc_te_fn macro TRACE_EVENT_FN events 1 at 147:1 size 12 align 4 data 12
  field v __field type "int" offset 8 size 4 align 4 signed 1 written always at 150:32
    write assign at 151:17
    write text
  print fmt "\"v=%d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 152:20
      macro __entry standard at 152:20
class tc_te_fn_cond macro TRACE_EVENT_FN_COND events 1 at 156:1 size 12 align 4 data 12
  field v __field type "int" offset 8 size 4 align 4 signed 1 written always at 160:32
    write assign at 161:17
    write text
  print fmt "\"v=%d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 162:20
      macro __entry standard at 162:20
event tc_fixed macro TRACE_EVENT class tc_fixed at 30:1
event tc_dynamic macro TRACE_EVENT class tc_dynamic at 57:1
event tc_relative macro TRACE_EVENT class tc_relative at 84:1
event tc_ev_plain macro DEFINE_EVENT class tc_class at 119:1
event tc_ev_fn macro DEFINE_EVENT_FN class tc_class at 123:1
event tc_ev_cond macro DEFINE_EVENT_CONDITION class tc_class at 128:1
event tc_ev_print macro DEFINE_EVENT_PRINT class tc_class at 133:1
  print fmt "\"value %d\", REC->v"
    arg 1 raw "__entry->v" expanded "REC->v" at 136:24
      macro __entry standard at 136:24
event tc_te_cond macro TRACE_EVENT_CONDITION class tc_te_cond at 138:1
event tc_te_fn macro TRACE_EVENT_FN class tc_te_fn at 147:1
event tc_te_fn_cond macro TRACE_EVENT_FN_COND class tc_te_fn_cond at 156:1
event tc_nop macro TRACE_EVENT_NOP class - not-instantiated at 166:1
event tc_ev_nop macro DEFINE_EVENT_NOP class tc_class not-instantiated at 174:1
event tc_bare_tp macro DECLARE_TRACE class - not-instantiated at 185:1
enum TC_IDLE = 0 at 26:1
enum TC_BUSY = 1 at 27:1
sizeof sizeof(struct tc_pos) = 8 at 28:1
check-output-end
 */
