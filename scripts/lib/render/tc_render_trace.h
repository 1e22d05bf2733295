/* SPDX-License-Identifier: MIT */
/*
 * One event per construct whose user-space rendering tracecheck's model
 * of libtraceevent (src/uspace/umodel.c) speaks of, fired once each by
 * tc_render.c with known values: the kernel's own text of each (the trace
 * file) is held against trace-cmd report of the same records under each
 * libtraceevent release (scripts/compare-render).  Builds against Linux
 * 6.1 and later.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_render

#if !defined(_TC_RENDER_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_RENDER_TRACE_H

#include <linux/tracepoint.h>
#include <linux/string_helpers.h>
#include <linux/version.h>

/* a class for the events of one int: each its own print fmt */
DECLARE_EVENT_CLASS(tc_render_int,
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

#define TC_RENDER_INT(name, fmt, args...)					\
	DEFINE_EVENT_PRINT(tc_render_int, name, TP_PROTO(int v), TP_ARGS(v),	\
			   TP_printk(fmt, args))

/* conv-c: '%c' */
TC_RENDER_INT(tc_render_conv_c, "c=%c after=%d", __entry->v, __entry->v + 1);
/* flag-plus: '%+d' */
TC_RENDER_INT(tc_render_flag_plus, "v=%+d after=%d", __entry->v, __entry->v + 1);
/* flag-space: '% d' */
TC_RENDER_INT(tc_render_flag_space, "v=% d after=%d", __entry->v, __entry->v + 1);
/* char-literal: a character constant */
TC_RENDER_INT(tc_render_char_literal, "v=%d", __entry->v + 'a');
/* char-escape: a character constant with an escape */
TC_RENDER_INT(tc_render_char_escape, "v=%d", __entry->v + '\n');
/* sizeof-fixed: sizeof() of a fixed-width type */
TC_RENDER_INT(tc_render_sizeof_fixed, "v=%d", __entry->v * (int)sizeof(u32));
/* sizeof-freed: sizeof(int) */
TC_RENDER_INT(tc_render_sizeof_int, "v=%d", __entry->v * (int)sizeof(int));
/* tab: a TAB in the format string */
TC_RENDER_INT(tc_render_tab, "a\tv=%d", __entry->v);
/* ternary-else: c1 ? a : c2 ? b : c */
TC_RENDER_INT(tc_render_ternary_else, "v=%s", __entry->v == 1 ? "one" :
	      __entry->v == 2 ? "two" : "other");
/* ternary-then: a ? b ? x : y : z */
TC_RENDER_INT(tc_render_ternary_then, "v=%s", __entry->v ? __entry->v > 1 ? "big" : "one" :
	      "zero");
/* parenthesised: what every release evaluates */
TC_RENDER_INT(tc_render_ternary_paren, "v=%s", __entry->v == 1 ? "one" :
	      (__entry->v == 2 ? "two" : "other"));
/* a __print_symbolic() with a width */
TC_RENDER_INT(tc_render_symbolic_width, "v=%-8s|", __print_symbolic(__entry->v,
	      { 1, "one" }, { 2, "two" }));
/* __print_flags() */
TC_RENDER_INT(tc_render_flags, "v=%s", __print_flags(__entry->v, "|",
	      { 1, "A" }, { 2, "B" }, { 4, "C" }));
/* str_*(): a function call */
TC_RENDER_INT(tc_render_str_yes_no, "v=%s", str_yes_no(__entry->v));

/* byte-swap: be32_to_cpu() */
TRACE_EVENT(tc_render_byte_swap,
	TP_PROTO(u32 v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(__be32, be)
	),
	TP_fast_assign(
		__entry->be = cpu_to_be32(v);
	),
	TP_printk("v=%u", be32_to_cpu(__entry->be))
);

/* arrays: print-array, %pI6, %pM, pext-glued, a dynamic array, dyn-arith */
DECLARE_EVENT_CLASS(tc_render_arrays,
	TP_PROTO(const u32 *a, const u8 *ip6, const int *d, int n),
	TP_ARGS(a, ip6, d, n),
	TP_STRUCT__entry(
		__array(u32, a, 3)
		__array(u8, ip6, 16)
		__dynamic_array(int, d, n)
	),
	TP_fast_assign(
		memcpy(__entry->a, a, sizeof(__entry->a));
		memcpy(__entry->ip6, ip6, sizeof(__entry->ip6));
		memcpy(__get_dynamic_array(d), d, n * sizeof(int));
	),
	TP_printk("a0=%u", __entry->a[0])
);

#define TC_RENDER_ARRAYS(name, fmt, args...)						\
	DEFINE_EVENT_PRINT(tc_render_arrays, name,					\
			   TP_PROTO(const u32 *a, const u8 *ip6, const int *d, int n),	\
			   TP_ARGS(a, ip6, d, n), TP_printk(fmt, args))

/* print-array: __print_array() */
TC_RENDER_ARRAYS(tc_render_print_array, "a=%s", __print_array(__entry->a, 3, sizeof(u32)));
/* a dynamic array through __print_array() */
TC_RENDER_ARRAYS(tc_render_dyn_array, "d=%s",
		 __print_array(__get_dynamic_array(d), __get_dynamic_array_len(d) / sizeof(int),
			       sizeof(int)));
/* print-dynamic-array: __print_dynamic_array() */
TC_RENDER_ARRAYS(tc_render_print_dyn_array, "d=%s", __print_dynamic_array(d, sizeof(int)));
/* %pI6 */
TC_RENDER_ARRAYS(tc_render_ip6, "ip6=%pI6", __entry->ip6);
/* %pI6c */
TC_RENDER_ARRAYS(tc_render_ip6c, "ip6=%pI6c", __entry->ip6);
/* %pM of a 16-byte array: the kernel prints its first six bytes */
TC_RENDER_ARRAYS(tc_render_mac16, "mac=%pM", __entry->ip6);
/* dyn-arith: an element read through __get_dynamic_array() */
TC_RENDER_ARRAYS(tc_render_dyn_index, "second=%d", ((int *)__get_dynamic_array(d))[1]);
/* dyn-arith: __print_array() of __get_dynamic_array() + 1 */
TC_RENDER_ARRAYS(tc_render_dyn_plus, "rest=%s",
		 __print_array((int *)__get_dynamic_array(d) + 1,
			       __get_dynamic_array_len(d) / sizeof(int) - 1, sizeof(int)));

/* %pM of a 6-byte array, and pext-glued: letters glued to a %p extension */
DECLARE_EVENT_CLASS(tc_render_mac,
	TP_PROTO(const u8 *mac),
	TP_ARGS(mac),
	TP_STRUCT__entry(
		__array(u8, mac, 6)
	),
	TP_fast_assign(
		memcpy(__entry->mac, mac, sizeof(__entry->mac));
	),
	TP_printk("mac=%pM", __entry->mac)
);
DEFINE_EVENT(tc_render_mac, tc_render_mac, TP_PROTO(const u8 *mac), TP_ARGS(mac));
DEFINE_EVENT_PRINT(tc_render_mac, tc_render_pext_glued, TP_PROTO(const u8 *mac), TP_ARGS(mac),
		   TP_printk("mac=%pMpmk", __entry->mac));

/* cpumask, a bitmask, '%*pb' and '%*pbl' of a bitmap */
DECLARE_EVENT_CLASS(tc_render_masks,
	TP_PROTO(const struct cpumask *mask, const unsigned long *bits, int nbits),
	TP_ARGS(mask, bits, nbits),
	TP_STRUCT__entry(
		__cpumask(cpus)
		__bitmask(bits, nbits)
		__array(unsigned long, raw, 1)
		__field(int, nbits)
	),
	TP_fast_assign(
		__assign_cpumask(cpus, cpumask_bits(mask));
		__assign_bitmask(bits, bits, nbits);
		__entry->raw[0] = bits[0];
		__entry->nbits = nbits;
	),
	TP_printk("nbits=%d", __entry->nbits)
);

#define TC_RENDER_MASKS(name, fmt, args...)						\
	DEFINE_EVENT_PRINT(tc_render_masks, name,					\
			   TP_PROTO(const struct cpumask *mask, const unsigned long *bits,	\
				    int nbits),						\
			   TP_ARGS(mask, bits, nbits), TP_printk(fmt, args))

/* cpumask: __get_cpumask() */
TC_RENDER_MASKS(tc_render_cpumask, "cpus=%s", __get_cpumask(cpus));
/* __get_bitmask() */
TC_RENDER_MASKS(tc_render_bitmask, "bits=%s", __get_bitmask(bits));
/* bitmap-hex: '%*pb' */
TC_RENDER_MASKS(tc_render_bitmap_hex, "pb=%*pb", __entry->nbits, __entry->raw);
/* bitmap-list: '%*pbl' */
TC_RENDER_MASKS(tc_render_bitmap_list, "pbl=%*pbl", __entry->nbits, __entry->raw);

/* a string */
TRACE_EVENT(tc_render_string,
	TP_PROTO(const char *s),
	TP_ARGS(s),
	TP_STRUCT__entry(
		__string(s, s)
	),
	TP_fast_assign(
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
		__assign_str(s);	/* its source: __string()'s second argument */
#else
		__assign_str(s, s);
#endif
	),
	TP_printk("s=%s", __get_str(s))
);

#endif /* _TC_RENDER_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE tc_render_trace
#include <trace/define_trace.h>
