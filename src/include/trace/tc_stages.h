/* SPDX-License-Identifier: MIT */
/*
 * The meanings tracecheck gives the event macros in each re-read of a
 * trace header.  <trace/define_trace.h> sets __TC_PASS and includes this
 * file before every re-read.  No include guard: read once per pass.
 *
 * The passes follow the kernel's stages (include/trace/stages/) in what
 * they compute, but produce what the analysis reads back from libclang:
 *
 *  STRUCT  struct trace_event_raw_<class>, laid out as the kernel lays
 *          the ring-buffer record out (common fields first)
 *  FLOC    struct __tc_floc_<class>: one member per TP_STRUCT__entry
 *          element, named as the element, so its location is the
 *          element's spelling in the header
 *  META    string records: classes, events, fields (kernel type
 *          spellings), TRACE_DEFINE_ENUM/SIZEOF, the raw TP_fast_assign
 *          text and the print fmt exactly as the kernel stringifies it
 *          (__entry spelled REC, helpers left as text)
 *  ASSIGN  __tc_assign_<class>(proto): the TP_fast_assign body, with the
 *          __assign_* and __get_* helpers turned into recognisable calls
 *  PRINT   __tc_print_<class>(): the kernel's output function, with its
 *          locals, calling a printf-attributed sink with the TP_printk
 *          arguments, each tagged with its position
 *  RFMT    (trace remotes only, <trace/tc_remote.h>) the print fmt exactly
 *          as include/trace/define_remote_events.h stringifies it
 *
 * Where the kernel changed what a macro means, the passes follow the
 * tree's version (<tracecheck/kversion.h>).
 */
#include <trace/tc_undef.h>
#include <tracecheck/foreach.h>

#define __TC_PASS_STRUCT 1
#define __TC_PASS_FLOC 2
#define __TC_PASS_META 3
#define __TC_PASS_ASSIGN 4
#define __TC_PASS_PRINT 5
#define __TC_PASS_RFMT 6

#ifndef __perf_count
#define __perf_count(c) (c)
#define __perf_task(t) (t)
#endif

#define TP_STRUCT__entry(args...) args

/* Every TRACE_EVENT form is a class plus an event of the same name. */
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, reg, unreg) \
	TRACE_EVENT(name, PARAMS(proto), PARAMS(args), PARAMS(tstruct),	\
		    PARAMS(assign), PARAMS(print))
#define DECLARE_EVENT_SYSCALL_CLASS(name, proto, args, tstruct, assign, print) \
	DECLARE_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			    PARAMS(tstruct), PARAMS(assign), PARAMS(print))
/* 7.2's include/trace/events/syscalls.h: sys_enter, sys_exit (faultable) */
#define TRACE_EVENT_SYSCALL(name, proto, args, tstruct, assign, print, reg, unreg) \
	DECLARE_EVENT_SYSCALL_CLASS(name, PARAMS(proto), PARAMS(args),	\
				    PARAMS(tstruct), PARAMS(assign), PARAMS(print)) \
	DEFINE_EVENT(name, name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#define DEFINE_EVENT_WRITABLE(template, name, proto, args, size)	\
	DEFINE_EVENT(template, name, PARAMS(proto), PARAMS(args))
#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)

#if __TC_PASS != __TC_PASS_META
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)
#define DEFINE_EVENT_NOP(template, name, proto, args)
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)
#define DECLARE_TRACE(name, proto, args)
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)
#define DECLARE_TRACE_WRITABLE(name, proto, args, size)
#define DECLARE_TRACE_SYSCALL(name, proto, args)
#define DECLARE_TRACE_EVENT(name, proto, args)
#define DECLARE_TRACE_EVENT_CONDITION(name, proto, args, cond)
#define DECLARE_TRACE_EVENT_SYSCALL(name, proto, args)
#define TRACE_DEFINE_ENUM(a)
#define TRACE_DEFINE_SIZEOF(a)
#endif

/*
 * The print tables of __print_flags()/__print_symbolic(): up to 6.x the
 * kernel appends { -1, NULL } and trace_print_{flags,symbols}_seq() stop
 * at the first NULL name; 7.0 passes ARRAY_SIZE() instead and reads every
 * entry ("{ }" is allowed; a NULL name reaches trace_seq_puts()).  The
 * 6.12 tree has the terminator, the 7.2 tree the size.
 */
#if __TC_KV_SINCE(7, 0)
#define __TC_TABLE_SIZED 1
#define __TC_TABLE(entries...) { entries }
#else
#define __TC_TABLE_SIZED 0
#define __TC_TABLE(entries...) { entries, { -1, (void *)0 } }
#endif

/*
 * Trace remotes (include/trace/define_remote_events.h, 7.x): an event
 * that is its own class, its record a struct remote_event_hdr and the
 * fields, written by a remote (the arm64 hypervisor, a test module) and
 * read through tracefs's remotes/.  REMOTE_EVENT(name, id, RE_STRUCT(),
 * RE_PRINTK()); the hypervisor's HYP_EVENT(name, HE_PROTO(), HE_STRUCT(),
 * HE_ASSIGN(), HE_PRINTK()) is one too, as
 * arch/arm64/include/asm/kvm_define_hypevents.h turns it into
 * REMOTE_EVENT(name, 0, RE_STRUCT(struct), RE_PRINTK(printk)); its
 * assign code runs in the hypervisor (nvhe/trace.h).  Read through
 * <trace/tc_remote.h>, which defines __TC_REMOTE_UNIT: an ordinary
 * trace header keeps these names to itself.
 */
#ifdef __TC_REMOTE_UNIT
#define RE_STRUCT(args...) args
#define re_field(type, item) __field(type, item)
#define he_field re_field
#define HE_STRUCT(args...) args
#define HE_PROTO(args...) args
#define HE_ASSIGN(args...) TP_fast_assign(args)
#define HE_PRINTK(args...) args
#if __TC_PASS == __TC_PASS_RFMT
#define __entry REC
#define RE_PRINTK(fmt, args...) "\"" fmt "\", " __tc_stringify(args)
#define REMOTE_EVENT(name, id, tstruct, print)				\
	static const char *const __tc_kfmt_##name = print;
#define HYP_EVENT(name, proto, tstruct, assign, print)			\
	REMOTE_EVENT(name, 0, RE_STRUCT(tstruct), RE_PRINTK(print))
#else
/* the print fmt and its arguments as a TP_printk() has them */
#define RE_PRINTK(args...) args
#define __TC_RE_TP(args...) TP_printk(args)
#define REMOTE_EVENT(name, id, tstruct, print)				\
	__TC_REMOTE("REMOTE_EVENT", name, , PARAMS(tstruct), TP_fast_assign(), \
		    PARAMS(print))
#define HYP_EVENT(name, proto, tstruct, assign, print)			\
	__TC_REMOTE("HYP_EVENT", name, PARAMS(proto), PARAMS(tstruct), PARAMS(assign), \
		    RE_PRINTK(print))
#endif
#endif /* __TC_REMOTE_UNIT */

/* ------------------------------------------------------------------ */
#if __TC_PASS == __TC_PASS_STRUCT

#define __field(type, item) type item;
#define __field_ext(type, item, filter_type) type item;
#define __field_struct(type, item) type item;
#define __field_struct_ext(type, item, filter_type) type item;
#define __field_packed(type, item) type item __attribute__((packed));
#define __array(type, item, len) type item[len];
#define __dynamic_array(type, item, len) __tc_u32 __data_loc_##item;
#define __string(item, src) __tc_u32 __data_loc_##item;
#define __string_len(item, src, len) __tc_u32 __data_loc_##item;
#define __vstring(item, fmt, ap) __tc_u32 __data_loc_##item;
#define __bitmask(item, nr_bits) __tc_u32 __data_loc_##item;
#define __cpumask(item) __tc_u32 __data_loc_##item;
#define __sockaddr(item, len) __tc_u32 __data_loc_##item;
#define __rel_dynamic_array(type, item, len) __tc_u32 __rel_loc_##item;
#define __rel_string(item, src) __tc_u32 __rel_loc_##item;
#define __rel_string_len(item, src, len) __tc_u32 __rel_loc_##item;
#define __rel_bitmask(item, nr_bits) __tc_u32 __rel_loc_##item;
#define __rel_cpumask(item) __tc_u32 __rel_loc_##item;
#define __rel_sockaddr(item, len) __tc_u32 __rel_loc_##item;

#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct trace_event_raw_##call {					\
		struct __tc_trace_entry ent;				\
		tstruct							\
		char __data[];						\
	};
#define DEFINE_EVENT(template, name, proto, args)
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
/* struct remote_event_format_<name>: the header, then the fields */
#define __TC_REMOTE(kind, call, proto, tstruct, assign, print)		\
	struct trace_event_raw_##call {					\
		struct __tc_remote_hdr ent;				\
		tstruct							\
		char __data[];						\
	};

/* ------------------------------------------------------------------ */
#elif __TC_PASS == __TC_PASS_FLOC

#define __field(type, item) char item;
#define __field_ext(type, item, filter_type) char item;
#define __field_struct(type, item) char item;
#define __field_struct_ext(type, item, filter_type) char item;
#define __field_packed(type, item) char item;
#define __array(type, item, len) char item;
/* dynamic arrays: a zero-length array of the element type, for its signedness */
#define __dynamic_array(type, item, len) type item[0];
#define __string(item, src) char item;
#define __string_len(item, src, len) char item;
#define __vstring(item, fmt, ap) char item;
#define __bitmask(item, nr_bits) char item;
#define __cpumask(item) char item;
#define __sockaddr(item, len) char item;
#define __rel_dynamic_array(type, item, len) type item[0];
#define __rel_string(item, src) char item;
#define __rel_string_len(item, src, len) char item;
#define __rel_bitmask(item, nr_bits) char item;
#define __rel_cpumask(item) char item;
#define __rel_sockaddr(item, len) char item;

#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	struct __tc_floc_##call { tstruct };
#define DEFINE_EVENT(template, name, proto, args)
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
#define __TC_REMOTE(kind, call, proto, tstruct, assign, print)		\
	struct __tc_floc_##call { tstruct };

/* ------------------------------------------------------------------ */
#elif __TC_PASS == __TC_PASS_META

/* One record per element: kind, type, item, length, extra. */
#define __TC_EL(kind, type, item, len, extra)				\
	"\x1e" kind "\x1f" type "\x1f" #item "\x1f" len "\x1f" extra
#define __field(type, item) __TC_EL("__field", __tc_stringify(type), item, "", "")
#define __field_ext(type, item, filter_type)				\
	__TC_EL("__field_ext", #type, item, "", #filter_type)
#define __field_struct(type, item)					\
	__TC_EL("__field_struct", __tc_stringify(type), item, "", "")
#define __field_struct_ext(type, item, filter_type)			\
	__TC_EL("__field_struct_ext", #type, item, "", #filter_type)
#define __field_packed(type, item) __TC_EL("__field_packed", #type, item, "", "")
#define __array(type, item, len)					\
	__TC_EL("__array", #type, item, __tc_stringify(len), "")
#define __dynamic_array(type, item, len)				\
	__TC_EL("__dynamic_array", #type, item, __tc_stringify(len), "")
#define __string(item, src) __TC_EL("__string", "char", item, "", #src)
#define __string_len(item, src, len)					\
	__TC_EL("__string_len", "char", item, __tc_stringify(len), #src)
#define __vstring(item, fmt, ap) __TC_EL("__vstring", "char", item, "", #fmt)
#define __bitmask(item, nr_bits)					\
	__TC_EL("__bitmask", "unsigned long", item, __tc_stringify(nr_bits), "")
#define __cpumask(item) __TC_EL("__cpumask", "cpumask_t", item, "", "")
#define __sockaddr(item, len)						\
	__TC_EL("__sockaddr", "u8", item, __tc_stringify(len), "")
#define __rel_dynamic_array(type, item, len)				\
	__TC_EL("__rel_dynamic_array", #type, item, __tc_stringify(len), "")
#define __rel_string(item, src) __TC_EL("__rel_string", "char", item, "", #src)
#define __rel_string_len(item, src, len)				\
	__TC_EL("__rel_string_len", "char", item, __tc_stringify(len), #src)
#define __rel_bitmask(item, nr_bits)					\
	__TC_EL("__rel_bitmask", "unsigned long", item, __tc_stringify(nr_bits), "")
#define __rel_cpumask(item) __TC_EL("__rel_cpumask", "cpumask_t", item, "", "")
#define __rel_sockaddr(item, len)					\
	__TC_EL("__rel_sockaddr", "u8", item, __tc_stringify(len), "")

/*
 * The assign code as written and, after \x1d, macro-expanded (with
 * __entry spelled REC), for the token-level fallback of the analysis.
 */
#define TP_fast_assign(args...) #args "\x1d" __tc_stringify(args)

/*
 * The print fmt as stage 7 builds it ("fmt", stringified expanded args),
 * then, after \x1d, the expanded arguments, after \x1c the arguments as
 * written and after \x1b the format as written.
 */
#define TP_printk(fmt, args...)						\
	"\"" fmt "\", " "\x1d" __tc_stringify(args) "\x1c" #args "\x1b" #fmt
#define __entry REC
#define __print_ns_to_secs(val) (val) / 1000000000UL
#define __print_ns_without_secs(val) (val) % 1000000000UL
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#if __TC_KV_SINCE(7, 0)
/*
 * 7.0's TP_printk() helpers for the context of the event (vmscan.h):
 * stage 7 writes the TRACE_FLAG_* values into the format file.
 */
#define __event_in_hardirq() (REC->common_flags & 0x8)
#define __event_in_softirq() (REC->common_flags & 0x10)
#define __event_in_irq() (REC->common_flags & 0x18)
#endif

#define __TC_META_CLASS(kind, call, proto, args, tstruct, assign, print) \
	static const char *const __tc_class_##call = kind "\x1f" #call	\
		"\x1f" __tc_stringify(TRACE_SYSTEM) "\x1f" __tc_stringify(proto) \
		"\x1f" __tc_stringify(args);				\
	static const char *const __tc_fields_##call = "" tstruct;	\
	static const char *const __tc_atext_##call = assign;		\
	static const char *const __tc_fmt_##call = print;
#define __TC_META_EVENT(kind, template, name)				\
	static const char *const __tc_event_##name =			\
		kind "\x1f" #template "\x1f" #name;

#undef TRACE_EVENT
#define TRACE_EVENT(name, proto, args, tstruct, assign, print)		\
	__TC_META_CLASS("TRACE_EVENT", name, PARAMS(proto), PARAMS(args), tstruct, assign, print) \
	__TC_META_EVENT("TRACE_EVENT", name, name)
#undef TRACE_EVENT_CONDITION
#define TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print) \
	__TC_META_CLASS("TRACE_EVENT_CONDITION", name, PARAMS(proto), PARAMS(args), tstruct, assign, print) \
	__TC_META_EVENT("TRACE_EVENT_CONDITION", name, name)
#undef TRACE_EVENT_FN
#define TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg) \
	__TC_META_CLASS("TRACE_EVENT_FN", name, PARAMS(proto), PARAMS(args), tstruct, assign, print) \
	__TC_META_EVENT("TRACE_EVENT_FN", name, name)
#undef TRACE_EVENT_FN_COND
#define TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, reg, unreg) \
	__TC_META_CLASS("TRACE_EVENT_FN_COND", name, PARAMS(proto), PARAMS(args), tstruct, assign, print) \
	__TC_META_EVENT("TRACE_EVENT_FN_COND", name, name)
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	__TC_META_CLASS("DECLARE_EVENT_CLASS", call, PARAMS(proto), PARAMS(args), tstruct, assign, print)
#undef DECLARE_EVENT_SYSCALL_CLASS
#define DECLARE_EVENT_SYSCALL_CLASS(call, proto, args, tstruct, assign, print) \
	__TC_META_CLASS("DECLARE_EVENT_SYSCALL_CLASS", call, PARAMS(proto), PARAMS(args), tstruct, assign, print)
#undef TRACE_EVENT_SYSCALL
#define TRACE_EVENT_SYSCALL(name, proto, args, tstruct, assign, print, reg, unreg) \
	__TC_META_CLASS("TRACE_EVENT_SYSCALL", name, PARAMS(proto), PARAMS(args), tstruct, assign, print) \
	__TC_META_EVENT("TRACE_EVENT_SYSCALL", name, name)
#define __TC_REMOTE(kind, call, proto, tstruct, assign, print)		\
	__TC_META_CLASS(kind, call, PARAMS(proto), , tstruct, assign, __TC_RE_TP(print)) \
	__TC_META_EVENT(kind, call, call)
#define DEFINE_EVENT(template, name, proto, args)			\
	__TC_META_EVENT("DEFINE_EVENT", template, name)
#undef DEFINE_EVENT_FN
#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	__TC_META_EVENT("DEFINE_EVENT_FN", template, name)
#undef DEFINE_EVENT_CONDITION
#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	__TC_META_EVENT("DEFINE_EVENT_CONDITION", template, name)
#undef DEFINE_EVENT_WRITABLE
#define DEFINE_EVENT_WRITABLE(template, name, proto, args, size)	\
	__TC_META_EVENT("DEFINE_EVENT_WRITABLE", template, name)
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__TC_META_EVENT("DEFINE_EVENT_PRINT", template, name)		\
	static const char *const __tc_evfmt_##name = print;

/* Forms that create no event: recorded so the model can list them. */
#define __TC_META_NONE(kind, template, name)				\
	static const char *const __tc_none_##name =			\
		kind "\x1f" #template "\x1f" #name;
#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)	\
	__TC_META_NONE("TRACE_EVENT_NOP", , name)
#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	__TC_META_NONE("DEFINE_EVENT_NOP", template, name)
#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print) \
	static const char *const __tc_noneclass_##name =		\
		"DECLARE_EVENT_CLASS_NOP\x1f" #name "\x1f";
#define DECLARE_TRACE(name, proto, args)				\
	__TC_META_NONE("DECLARE_TRACE", , name)
#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__TC_META_NONE("DECLARE_TRACE_CONDITION", , name)
#define DECLARE_TRACE_WRITABLE(name, proto, args, size)			\
	__TC_META_NONE("DECLARE_TRACE_WRITABLE", , name)
#define DECLARE_TRACE_SYSCALL(name, proto, args)			\
	__TC_META_NONE("DECLARE_TRACE_SYSCALL", , name)
#define DECLARE_TRACE_EVENT(name, proto, args)				\
	__TC_META_NONE("DECLARE_TRACE_EVENT", , name)
#define DECLARE_TRACE_EVENT_CONDITION(name, proto, args, cond)		\
	__TC_META_NONE("DECLARE_TRACE_EVENT_CONDITION", , name)
#define DECLARE_TRACE_EVENT_SYSCALL(name, proto, args)			\
	__TC_META_NONE("DECLARE_TRACE_EVENT_SYSCALL", , name)

#define __TC_DEFENUM_(n, kind, text, value)				\
	static const char *const __tc_enum_##n = kind "\x1f" text;	\
	static const long long __tc_enumval_##n = (long long)(value);
#define __TC_DEFENUM(n, kind, text, value) __TC_DEFENUM_(n, kind, text, value)
#define TRACE_DEFINE_ENUM(a) __TC_DEFENUM(__COUNTER__, "ENUM", #a, a)
#define TRACE_DEFINE_SIZEOF(a)						\
	__TC_DEFENUM(__COUNTER__, "SIZEOF", "sizeof(" #a ")", sizeof(a))

/* ------------------------------------------------------------------ */
#elif __TC_PASS == __TC_PASS_ASSIGN || __TC_PASS == __TC_PASS_PRINT

#define __field(type, item)
#define __field_ext(type, item, filter_type)
#define __field_struct(type, item)
#define __field_struct_ext(type, item, filter_type)
#define __field_packed(type, item)
#define __array(type, item, len)
#define __dynamic_array(type, item, len)
#define __bitmask(item, nr_bits)
#define __cpumask(item)
#define __sockaddr(item, len)
#define __rel_dynamic_array(type, item, len)
#define __rel_bitmask(item, nr_bits)
#define __rel_cpumask(item)
#define __rel_sockaddr(item, len)

#define __TC_DL(item) (&__entry->__data_loc_##item)
#define __TC_RL(item) (&__entry->__rel_loc_##item)
#define __get_dynamic_array(field) ((void *)__tc_get_dyn(__TC_DL(field)))
#define __get_dynamic_array_len(field) __tc_get_dyn_len(__TC_DL(field))
#define __get_rel_dynamic_array(field) ((void *)__tc_get_dyn(__TC_RL(field)))
#define __get_rel_dynamic_array_len(field) __tc_get_dyn_len(__TC_RL(field))
#define __get_str(field) ((char *)__tc_get_dyn(__TC_DL(field)))
#define __get_rel_str(field) ((char *)__tc_get_dyn(__TC_RL(field)))
#define __get_sockaddr(field) ((struct sockaddr *)__tc_get_dyn(__TC_DL(field)))
#define __get_rel_sockaddr(field) ((struct sockaddr *)__tc_get_dyn(__TC_RL(field)))
#if __TC_KV_SINCE(7, 0)
/* stage 3: TRACE_FLAG_HARDIRQ (0x08), TRACE_FLAG_SOFTIRQ (0x10) of the entry */
#define __event_in_hardirq() (__entry->ent.flags & 0x8)
#define __event_in_softirq() (__entry->ent.flags & 0x10)
#define __event_in_irq() (__entry->ent.flags & 0x18)
#endif

#if __TC_PASS == __TC_PASS_ASSIGN

/*
 * A string helper's name, then after a \x1f its source as the call spells
 * it, and after another \x1f the same with its macros expanded.  Only #
 * right in the helper's own body sees the source unexpanded (the argument
 * of this __assign_str() also when the call is in a macro's body, as
 * DEV_ASSIGN of 6.1's iwl-devtrace.h is): a parameter handed on to another
 * macro is expanded first.  The expanded text makes two sources that are
 * the same code compare equal also when one of them came through a
 * function-like macro, which expanded it.
 */
#define __TC_SRC(helper, raw, src...) helper "\x1f" raw "\x1f" __tc_stringify(src)
#define __string(item, src)						\
	__tc_src_string(__TC_SRC("__string", #src, src), __TC_DL(item), src);
#define __string_len(item, src, len)					\
	__tc_src_string(__TC_SRC("__string_len", #src, src), __TC_DL(item), src, len);
#define __vstring(item, fmt, ap) __tc_src_string("__vstring", __TC_DL(item), fmt, ap);
#define __rel_string(item, src)						\
	__tc_src_string(__TC_SRC("__rel_string", #src, src), __TC_RL(item), src);
#define __rel_string_len(item, src, len)				\
	__tc_src_string(__TC_SRC("__rel_string_len", #src, src), __TC_RL(item), src, len);

#define __assign_str(dst, src...)					\
	__tc_w_assign(__TC_SRC("__assign_str", #src, src), __TC_DL(dst), ##src)
#define __assign_str_len(dst, src, len)					\
	__tc_w_assign("__assign_str_len", __TC_DL(dst), src, len)
#define __assign_rel_str(dst, src...)					\
	__tc_w_assign(__TC_SRC("__assign_rel_str", #src, src), __TC_RL(dst), ##src)
#define __assign_rel_str_len(dst, src, len)				\
	__tc_w_assign("__assign_rel_str_len", __TC_RL(dst), src, len)
#define __assign_vstr(dst, fmt, va)					\
	__tc_w_assign("__assign_vstr", __TC_DL(dst), fmt, va)
#define __assign_bitmask(dst, src, nr_bits)				\
	__tc_w_assign("__assign_bitmask", __TC_DL(dst), src, nr_bits)
#define __assign_rel_bitmask(dst, src, nr_bits)				\
	__tc_w_assign("__assign_rel_bitmask", __TC_RL(dst), src, nr_bits)
#define __assign_cpumask(dst, src)					\
	__tc_w_assign("__assign_cpumask", __TC_DL(dst), src)
#define __assign_rel_cpumask(dst, src)					\
	__tc_w_assign("__assign_rel_cpumask", __TC_RL(dst), src)
#define __assign_sockaddr(dst, src, len)				\
	__tc_w_assign("__assign_sockaddr", __TC_DL(dst), src, len)
#define __assign_rel_sockaddr(dst, src, len)				\
	__tc_w_assign("__assign_rel_sockaddr", __TC_RL(dst), src, len)
#define __get_bitmask(field) ((unsigned long *)__tc_get_dyn(__TC_DL(field)))
#define __get_rel_bitmask(field) ((unsigned long *)__tc_get_dyn(__TC_RL(field)))
#define __get_cpumask(field) ((unsigned long *)__tc_get_dyn(__TC_DL(field)))
#define __get_rel_cpumask(field) ((unsigned long *)__tc_get_dyn(__TC_RL(field)))

#define TP_fast_assign(args...) args

/* As the kernel's stage 6: the record is the local 'entry'. */
#define __entry entry

#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	static void (^__tc_assign_##call)(proto) = ^(proto)		\
	{								\
		struct trace_event_raw_##call *entry =			\
			(struct trace_event_raw_##call *)__tc_get_dyn(0); \
		tstruct							\
		{ assign; }						\
	};
#define DEFINE_EVENT(template, name, proto, args)
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)
/*
 * A HYP_EVENT's HE_ASSIGN(), as the hypervisor's trace_<name>() runs it.
 * Its HE_PROTO() may name a struct nothing declared before (no type
 * of the block's own then, which would differ from the literal's).
 */
#define __TC_REMOTE(kind, call, proto, tstruct, assign, print)		\
	static __auto_type __tc_assign_##call = ^(proto)		\
	{								\
		struct trace_event_raw_##call *entry =			\
			(struct trace_event_raw_##call *)__tc_get_dyn(0); \
		tstruct							\
		{ assign; }						\
	};

#else /* __TC_PASS_PRINT */

#define __string(item, src)
#define __string_len(item, src, len)
#define __vstring(item, fmt, ap)
#define __rel_string(item, src)
#define __rel_string_len(item, src, len)

/*
 * As the kernel's output function: __entry is its local 'field' and the
 * helpers print into its local 'p'.  Here they reach them through the
 * aliases __tc_field and __tc_p (the same objects), so that what refers
 * to 'field', 'p' or any other name of the function is the header's own
 * text (printk-foreign-identifier).
 */
#define __entry __tc_field

/*
 * The getters name themselves, so that the analysis knows which helper
 * read which field (printk-helper-misuse).
 */
#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_str
#undef __get_rel_str
#undef __get_sockaddr
#undef __get_rel_sockaddr
#define __get_dynamic_array(field)					\
	((void *)__tc_h_get("__get_dynamic_array", __TC_DL(field)))
#define __get_dynamic_array_len(field)					\
	__tc_h_get_len("__get_dynamic_array_len", __TC_DL(field))
#define __get_rel_dynamic_array(field)					\
	((void *)__tc_h_get("__get_rel_dynamic_array", __TC_RL(field)))
#define __get_rel_dynamic_array_len(field)				\
	__tc_h_get_len("__get_rel_dynamic_array_len", __TC_RL(field))
#define __get_str(field) ((char *)__tc_h_get("__get_str", __TC_DL(field)))
#define __get_rel_str(field) ((char *)__tc_h_get("__get_rel_str", __TC_RL(field)))
#define __get_sockaddr(field)						\
	((struct sockaddr *)__tc_h_get("__get_sockaddr", __TC_DL(field)))
#define __get_rel_sockaddr(field)					\
	((struct sockaddr *)__tc_h_get("__get_rel_sockaddr", __TC_RL(field)))

/*
 * From 7.0 ("tracing: Add bitmask-list option for human-readable bitmask
 * display", 2cddfc2e8fc7) trace_print_bitmask_seq() takes the iterator
 * and prints into iter->tmp_seq after trace_seq_init(): over what the
 * other helpers of the same TP_printk() printed there.
 */
#define __TC_BITMASK(h, loc)						\
	__tc_h_bitmask(__tc_p, __tc_h_get(h, loc), __tc_h_get_len(h, loc), __TC_KV_SINCE(7, 0))
#define __get_bitmask(field) __TC_BITMASK("__get_bitmask", __TC_DL(field))
#define __get_rel_bitmask(field) __TC_BITMASK("__get_rel_bitmask", __TC_RL(field))
#define __get_cpumask(field) __TC_BITMASK("__get_cpumask", __TC_DL(field))
#define __get_rel_cpumask(field) __TC_BITMASK("__get_rel_cpumask", __TC_RL(field))
#define __get_buf(len) __tc_h_get_buf(__tc_p, len)
#define __print_flags(flag, delim, flag_array...)			\
	({								\
		static const struct __tc_print_flags __flags[] =	\
			__TC_TABLE(flag_array);				\
		__tc_h_print_flags(__tc_p, flag, delim, __flags, __TC_TABLE_SIZED); \
	})
#define __print_symbolic(value, symbol_array...)			\
	({								\
		static const struct __tc_print_flags symbols[] =	\
			__TC_TABLE(symbol_array);			\
		__tc_h_print_symbolic(__tc_p, value, symbols, __TC_TABLE_SIZED); \
	})
#define __print_flags_u64(flag, delim, flag_array...)			\
	__print_flags(flag, delim, flag_array)
#define __print_symbolic_u64(value, symbol_array...)			\
	__print_symbolic(value, symbol_array)
#define __print_hex(buf, buf_len) __tc_h_print_hex(__tc_p, buf, buf_len, 0)
#define __print_hex_str(buf, buf_len) __tc_h_print_hex(__tc_p, buf, buf_len, 1)
#define __print_array(array, count, el_size)				\
	__tc_h_print_array(__tc_p, array, count, el_size)
#define __print_dynamic_array(array, el_size)				\
	__tc_h_print_array(__tc_p, __tc_h_get("__print_dynamic_array", __TC_DL(array)), \
			   __tc_h_get_len("__print_dynamic_array", __TC_DL(array)) / (el_size), \
			   el_size)
#define __print_hex_dump(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii) \
	__tc_h_print_hex_dump(__tc_p, prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii)
#define __print_ns_to_secs(value) __tc_h_ns(value, 1)
/* the kernel's is a u32: (u32)do_div() */
#define __print_ns_without_secs(value) ((unsigned int)__tc_h_ns(value, 0))

#define __TC_MARK(n, a) , ((void)n, (a))
#define TP_printk(fmt, args...)						\
	__tc_printf(iter, fmt "\n" __TC_FOREACH(__TC_MARK, args))

/*
 * The parameters and locals are the kernel's (include/trace/trace_events.h,
 * stage 3), name for name and type for type (base.h mirrors the structs):
 * a class's trace_raw_output_<call>(iter, flags, trace_event) with s, p,
 * field and ret, where ret is TRACE_TYPE_HANDLED (1) when the arguments
 * are evaluated; a DEFINE_EVENT_PRINT's own (iter, flags, event) with
 * field, entry and p, and no s or ret.  An argument that names one of
 * them compiles as in the kernel; __entry and the helpers use the
 * aliases __tc_field and __tc_p, so every reference to those names is
 * the header's.
 */
#define __TC_PRINT_FN(fn, call, print)					\
	static void (^fn)(struct __tc_iter *, int, struct __tc_event *) = \
		^(struct __tc_iter *iter, int flags, struct __tc_event *trace_event) \
	{								\
		struct __tc_seq *s = &iter->seq;			\
		struct __tc_seq __attribute__((unused)) *p = &iter->tmp_seq; \
		struct trace_event_raw_##call *field;			\
		int ret;						\
		field = (struct trace_event_raw_##call *)iter->ent;	\
		ret = 1;						\
		{							\
			struct trace_event_raw_##call *const __tc_field = field; \
			struct __tc_seq *const __tc_p = p;		\
			print;						\
		}							\
		(void)s; (void)ret; (void)flags; (void)trace_event;	\
	};
#define __TC_PRINT_FN_EVENT(fn, template, print)			\
	static void (^fn)(struct __tc_iter *, int, struct __tc_event *) = \
		^(struct __tc_iter *iter, int flags, struct __tc_event *event) \
	{								\
		struct trace_event_raw_##template *field;		\
		struct __tc_trace_entry *entry;				\
		struct __tc_seq *p = &iter->tmp_seq;			\
		entry = iter->ent;					\
		field = (struct trace_event_raw_##template *)entry;	\
		{							\
			struct trace_event_raw_##template *const __tc_field = field; \
			struct __tc_seq *const __tc_p = p;		\
			print;						\
		}							\
		(void)p; (void)flags; (void)event;			\
	};
#define DECLARE_EVENT_CLASS(call, proto, args, tstruct, assign, print)	\
	__TC_PRINT_FN(__tc_print_##call, call, print)
#define DEFINE_EVENT(template, name, proto, args)
#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	__TC_PRINT_FN_EVENT(__tc_print_##name, template, print)

/*
 * A remote's remote_event_print_<name>(evt, seq): __entry is its local,
 * and remote_printk() prints the format and arguments into seq.
 */
#define __TC_RE_PRINTF(fmt, args...)					\
	__tc_printf((struct __tc_iter *)0, fmt "\n" __TC_FOREACH(__TC_MARK, ##args))
#define __TC_REMOTE(kind, call, proto, tstruct, assign, print)		\
	static void (^__tc_print_##call)(void *, struct __tc_seq *) =	\
		^(void *evt, struct __tc_seq *seq)			\
	{								\
		struct trace_event_raw_##call *const __tc_field = evt;	\
		struct __tc_seq *const __tc_p = seq;			\
		__TC_RE_PRINTF(print);					\
		(void)__tc_p;						\
	};

#endif /* ASSIGN / PRINT */
#endif /* passes */
