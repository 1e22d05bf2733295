/* SPDX-License-Identifier: MIT */
/*
 * printk-nested-ternary through a macro that wraps TP_printk() (cxl's
 * CXL_EVT_TP_printk(fmt, ...), which puts its own arguments first): each
 * finding is at its argument's line, not at the event's.  The shape of
 * drivers/cxl/core/trace.h's show_pldm_entity_id(): a conditional nested
 * in the then branch around __print_hex(&comp_id[1], 6).  Its unary '&'
 * fails the argument in every release (printk-construct), so the
 * releases before 1.8.5 are not said to parse it; the argument without
 * it they do parse.
 *
 * check-name: printk-nested-ternary: at the argument's line through a TP_printk() wrapper; no "parse it" for an argument no release parses
 * check-command: tracecheck -v --disable printk-construct,printk-custom-macro,printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-nested-ternary-wrapper.h:63:3: warning: TP_printk() argument 'tc_ntw_entity(__entry->flags, __entry->comp_id)' nests a conditional in the then branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary-wrapper.h:63:3: note: libtraceevent 1.8.5 and 1.9.0 cannot parse the conditional nested without parentheses in the then branch of another ('(REC->comp_id[0] & 1) ? __print_hex(&REC->comp_id[1], 6) : "0x00"'): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.7.1 to 1.8.4 fail on the argument all the same: libtraceevent cannot parse the unary '&' operator
testdata/rules/printk-nested-ternary-wrapper.h:63:3: note: a spelling every release handles: parentheses around the nested conditional: a ? (b ? x : y) : z
testdata/rules/printk-nested-ternary-wrapper.h:63:3: note: source: a regression of commit c1db0c69f6d4 (1.8.5), which taught the parser nested conditionals in the else branch; tested with libtraceevent 1.7.1 and 1.8.4, measured with 1.9.0 (../shared/reference/review-2026-12/research-2026.md, section 2.3); verified with real records of Linux 6.12.118 amd64 by scripts/compare-render: 1.7.1, 1.8.4 and 1.9.0; 1.8.5 not verified against a real library
testdata/rules/printk-nested-ternary-wrapper.h:64:3: warning: TP_printk() argument 'tc_ntw_valid(__entry->flags, __entry->comp_id)' nests a conditional in the then branch of another without parentheses [printk-nested-ternary]
testdata/rules/printk-nested-ternary-wrapper.h:64:3: note: libtraceevent 1.8.5 and 1.9.0 cannot parse the conditional nested without parentheses in the then branch of another ('(REC->comp_id[0] & 1) ? "valid" : "none"'): perf and trace-cmd print the event as [FAILED TO PARSE]; 1.7.1 to 1.8.4 parse it
testdata/rules/printk-nested-ternary-wrapper.h:64:3: note: a spelling every release handles: parentheses around the nested conditional: a ? (b ? x : y) : z
testdata/rules/printk-nested-ternary-wrapper.h:64:3: note: source: a regression of commit c1db0c69f6d4 (1.8.5), which taught the parser nested conditionals in the else branch; tested with libtraceevent 1.7.1 and 1.8.4, measured with 1.9.0 (../shared/reference/review-2026-12/research-2026.md, section 2.3); verified with real records of Linux 6.12.118 amd64 by scripts/compare-render: 1.7.1, 1.8.4 and 1.9.0; 1.8.5 not verified against a real library
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ntw

#if !defined(_TC_NTW_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_NTW_H

#include <linux/tracepoint.h>

#ifndef _TC_NTW_HELPERS
#define _TC_NTW_HELPERS
#define tc_ntw_entity(flags, comp_id)					\
	(flags & 1) ?							\
	(comp_id[0] & 1) ?						\
	__print_hex(&comp_id[1], 6) : "0x00" : "0x00"
#define tc_ntw_valid(flags, comp_id)					\
	(flags & 1) ? (comp_id[0] & 1) ? "valid" : "none" : "none"
#endif

#define TC_NTW_printk(fmt, ...)						\
	TP_printk("serial=%llu : " fmt, __entry->serial, ##__VA_ARGS__)

TRACE_EVENT(tc_ntw_media,
	TP_PROTO(u64 serial, u32 flags, const u8 *comp_id),
	TP_ARGS(serial, flags, comp_id),
	TP_STRUCT__entry(
		__field(u64, serial)
		__field(u32, flags)
		__array(u8, comp_id, 16)
	),
	TP_fast_assign(
		__entry->serial = serial;
		__entry->flags = flags;
		memcpy(__entry->comp_id, comp_id, 16);
	),
	TC_NTW_printk("flags=%x entity=%s valid=%s",
		__entry->flags,
		tc_ntw_entity(__entry->flags, __entry->comp_id),
		tc_ntw_valid(__entry->flags, __entry->comp_id)
	)
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-nested-ternary-wrapper
#include <trace/define_trace.h>
