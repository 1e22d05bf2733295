/* SPDX-License-Identifier: MIT */
/*
 * Types whose size, alignment or sign gcc and clang may lay out
 * differently, each in a field of one event: the format file's
 * "signed:" is the kernel's is_signed_type() as gcc evaluates it.
 * scripts/compare-gcc-layout compiles a probe of every field with gcc
 * and compares it with tracecheck's --emit-format (tests/compare-gcc-layout);
 * testdata/cli/emit-format-gcc.case pins the output.
 *
 *  - enum afs_call_trace { ... } __mode(byte): include/trace/events/afs.h
 *    (6.12, 7.2; fields of afs_call, afs_make_call, ...); also
 *    9p.h's enum p9_fid_reftype.  gcc: unsigned char, signed:0; clang
 *    makes a mode enum signed whatever its values.
 *  - a __packed enum (netfs.h, rxrpc.h use __mode(byte); __packed enums:
 *    include/linux/mmzone.h's enum zone_type? no: drivers' own), with
 *    and without a negative value;
 *  - mode(HI) and mode(SI) enums, a mode(QI) signed int typedef;
 *  - enums past int: unsigned int (0x80000000), unsigned long, long;
 *  - _Bool and bool, a __aligned(8) typedef, a long long typedef
 *    aligned to 4, plain char (-funsigned-char: signed:0 from 6.2).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_gcc
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE enums

#if !defined(_TC_GCC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_GCC_H

#include <linux/tracepoint.h>

#ifndef _TC_GCC_TYPES
#define _TC_GCC_TYPES
#define __tc_mode(x) __attribute__((__mode__(x)))
#define __tc_packed __attribute__((__packed__))
#define __tc_aligned(x) __attribute__((__aligned__(x)))
enum tc_call_trace { tc_call_alloc, tc_call_free, tc_call_get } __tc_mode(byte);
enum __tc_mode(byte) tc_mode_neg { TC_MN_ERR = -1, TC_MN_OK };
enum tc_mode_hi { TC_HI_A, TC_HI_B } __tc_mode(HI);
enum tc_mode_si { TC_SI_A } __tc_mode(SI);
enum tc_packed { TC_P_A, TC_P_B = 200 } __tc_packed;
enum tc_packed_neg { TC_PN_A = -2, TC_PN_B } __tc_packed;
enum tc_packed_wide { TC_PW_A = 300 } __tc_packed;
enum tc_plain { TC_PL_A, TC_PL_B };
enum tc_neg { TC_NEG_A = -1 };
enum tc_big { TC_BIG = 0x80000000u };
enum tc_huge { TC_HUGE = 0x100000000ull };
enum tc_huge_neg { TC_HN_A = -1, TC_HN_B = 0x80000000u };
typedef enum { TC_TD_A, TC_TD_B } __tc_mode(QI) tc_td_mode_t;
typedef int __tc_mode(QI) tc_qi_t;
typedef unsigned int __tc_aligned(8) tc_a8_t;
typedef long long __tc_aligned(4) tc_ll4_t;
/* bitfields and attributes inside a __field_struct() */
struct tc_bits {
	unsigned int a : 3;
	enum tc_call_trace t : 4;
	_Bool f : 1;
	unsigned long long wide : 40;
} __tc_packed;
struct tc_bits_aligned {
	unsigned char c : 1;
	int x : 2;
} __tc_aligned(16);
typedef struct { unsigned short v; } tc_wrap_t;
#endif

TRACE_DEFINE_ENUM(tc_call_alloc);
TRACE_DEFINE_ENUM(tc_call_free);
TRACE_DEFINE_ENUM(tc_call_get);

TRACE_EVENT(tc_gcc_enums,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(enum tc_call_trace, why)
		__field(enum tc_mode_neg, mn)
		__field(enum tc_mode_hi, hi)
		__field(enum tc_mode_si, si)
		__field(enum tc_packed, pk)
		__field(enum tc_packed_neg, pkn)
		__field(enum tc_packed_wide, pkw)
		__field(enum tc_plain, pl)
		__field(enum tc_neg, ng)
		__field(enum tc_big, big)
		__field(enum tc_huge, huge)
		__field(enum tc_huge_neg, hugen)
		__field(tc_td_mode_t, td)
		__array(enum tc_call_trace, whys, 3)
	),
	TP_fast_assign(
		__entry->why = v;
		__entry->mn = v;
		__entry->hi = v;
		__entry->si = v;
		__entry->pk = v;
		__entry->pkn = v;
		__entry->pkw = v;
		__entry->pl = v;
		__entry->ng = v;
		__entry->big = v;
		__entry->huge = v;
		__entry->hugen = v;
		__entry->td = v;
		memset(__entry->whys, 0, sizeof(__entry->whys));
	),
	TP_printk("why=%s mn=%d hi=%u si=%u pk=%u pkn=%d pkw=%u pl=%u ng=%d big=%u huge=%lu hugen=%ld td=%u",
		  __print_symbolic(__entry->why, { tc_call_alloc, "alloc" }, { tc_call_free, "free" },
				   { tc_call_get, "get" }),
		  __entry->mn, __entry->hi, __entry->si, __entry->pk, __entry->pkn, __entry->pkw,
		  __entry->pl, __entry->ng, __entry->big, (unsigned long)__entry->huge,
		  (long)__entry->hugen, __entry->td)
);

TRACE_EVENT(tc_gcc_scalars,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(char, c)
		__field(_Bool, b)
		__field(bool, bl)
		__field(tc_qi_t, qi)
		__field(tc_a8_t, a8)
		__field(char, c2)
		__field(tc_ll4_t, ll4)
		__array(char, comm, 5)
	),
	TP_fast_assign(
		__entry->c = v;
		__entry->b = v;
		__entry->bl = v;
		__entry->qi = v;
		__entry->a8 = v;
		__entry->c2 = v;
		__entry->ll4 = v;
		memset(__entry->comm, 0, sizeof(__entry->comm));
	),
	TP_printk("c=%d b=%d bl=%d qi=%d a8=%u c2=%d ll4=%lld comm=%s", __entry->c, __entry->b,
		  __entry->bl, __entry->qi, __entry->a8, __entry->c2, __entry->ll4, __entry->comm)
);

DECLARE_EVENT_CLASS(tc_gcc_records,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(char, c)
		__field_struct(struct tc_bits, bits)
		__field(u8, after)
		__field_struct(struct tc_bits_aligned, al)
		__field_packed(unsigned int, pk)
		__field_struct(tc_wrap_t, wrap)
		__dynamic_array(enum tc_call_trace, why, v)
		__string(name, "x")
	),
	TP_fast_assign(
		__entry->c = v;
		memset(&__entry->bits, 0, sizeof(__entry->bits));
		__entry->after = v;
		memset(&__entry->al, 0, sizeof(__entry->al));
		__entry->pk = v;
		__entry->wrap.v = v;
		memset(__get_dynamic_array(why), 0, __get_dynamic_array_len(why));
		__assign_str(name);
	),
	TP_printk("c=%d after=%u pk=%u name=%s", __entry->c, __entry->after, __entry->pk,
		  __get_str(name))
);

DEFINE_EVENT(tc_gcc_records, tc_gcc_record_a,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TC_GCC_H */

#include <trace/define_trace.h>
