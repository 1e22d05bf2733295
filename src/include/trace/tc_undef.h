/* SPDX-License-Identifier: MIT */
/*
 * Forget every meaning the event, element and helper macros had in the
 * previous read of the trace header.  Included at the start of each of
 * tracecheck's passes and at the end of <trace/define_trace.h>.
 * No include guard: it is meant to be read many times.
 */
#undef TRACE_EVENT
#undef TRACE_EVENT_FN
#undef TRACE_EVENT_FN_COND
#undef TRACE_EVENT_CONDITION
#undef TRACE_EVENT_NOP
#undef TRACE_EVENT_FLAGS
#undef TRACE_EVENT_PERF_PERM
#undef DECLARE_EVENT_CLASS
#undef DECLARE_EVENT_CLASS_NOP
#undef DECLARE_EVENT_SYSCALL_CLASS
#undef DEFINE_EVENT
#undef DEFINE_EVENT_FN
#undef DEFINE_EVENT_PRINT
#undef DEFINE_EVENT_CONDITION
#undef DEFINE_EVENT_NOP
#undef DEFINE_EVENT_WRITABLE
#undef TRACE_EVENT_SYSCALL
#undef DECLARE_TRACE
#undef DECLARE_TRACE_CONDITION
#undef DECLARE_TRACE_WRITABLE
#undef DECLARE_TRACE_SYSCALL
#undef DECLARE_TRACE_EVENT
#undef DECLARE_TRACE_EVENT_CONDITION
#undef DECLARE_TRACE_EVENT_SYSCALL
#undef TRACE_DEFINE_ENUM
#undef TRACE_DEFINE_SIZEOF

#undef TP_STRUCT__entry
#undef TP_fast_assign
#undef TP_printk
#undef TP_perf_assign

#undef __field
#undef __field_ext
#undef __field_struct
#undef __field_struct_ext
#undef __field_packed
#undef __array
#undef __dynamic_array
#undef __string
#undef __string_len
#undef __vstring
#undef __bitmask
#undef __cpumask
#undef __sockaddr
#undef __rel_dynamic_array
#undef __rel_string
#undef __rel_string_len
#undef __rel_bitmask
#undef __rel_cpumask
#undef __rel_sockaddr

#undef __entry
#undef __assign_str
#undef __assign_str_len
#undef __assign_rel_str
#undef __assign_rel_str_len
#undef __assign_vstr
#undef __assign_bitmask
#undef __assign_rel_bitmask
#undef __assign_cpumask
#undef __assign_rel_cpumask
#undef __assign_sockaddr
#undef __assign_rel_sockaddr
#undef __get_str
#undef __get_rel_str
#undef __get_dynamic_array
#undef __get_dynamic_array_len
#undef __get_rel_dynamic_array
#undef __get_rel_dynamic_array_len
#undef __get_bitmask
#undef __get_rel_bitmask
#undef __get_cpumask
#undef __get_rel_cpumask
#undef __get_sockaddr
#undef __get_rel_sockaddr
#undef __get_buf
#undef __print_flags
#undef __print_flags_u64
#undef __print_symbolic
#undef __print_symbolic_u64
#undef __print_hex
#undef __print_hex_str
#undef __print_array
#undef __print_dynamic_array
#undef __print_hex_dump
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#undef __perf_count
#undef __perf_task
#undef __event_in_hardirq
#undef __event_in_softirq
#undef __event_in_irq

/* trace remotes (include/trace/define_remote_events.h, 7.x) */
#undef REMOTE_EVENT
#undef RE_STRUCT
#undef RE_PRINTK
#undef re_field
#undef HYP_EVENT
#undef HE_PROTO
#undef HE_STRUCT
#undef HE_ASSIGN
#undef HE_PRINTK
#undef he_field
#undef __TC_REMOTE
#undef __TC_RE_TP
#undef __TC_RE_PRINTF
#undef __TC_TABLE
#undef __TC_TABLE_SIZED
