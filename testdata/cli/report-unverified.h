/* SPDX-License-Identifier: MIT */
/*
 * A repair that fails --fix's re-check is carried by no report: tipd's
 * show_data_status_flags() masks with a GENMASK() whose expansion has
 * sizeof(struct { _Static_assert(...); }); printk-custom-macro's repair
 * moves the __print_flags() into __string(), outside the output
 * function, and the repaired header does not read as the original.
 * --diff refuses it, and JSON, SARIF and GitLab carry no "fix" for it.
 *
 * check-name: a repair that fails the re-check of --fix is in no report (JSON, SARIF, GitLab)
 * check-command: { for f in json sarif gitlab; do echo "$f: $(tracecheck --format=$f $file | grep -c -e '"fix"' -e '"fixes"' -e 'tracecheck --fix:')"; done; tracecheck --fix --diff $file; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
json: 0
sarif: 0
gitlab: 0
exit status 2
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ruv

#if !defined(_TC_RUV_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_RUV_H

#include <linux/tracepoint.h>

#ifndef _TC_RUV_HELPERS
#define _TC_RUV_HELPERS
#define TC_RUV_MASK \
	(((~0UL) - (1UL << 0) + 1) & (~0UL >> (63 - 7)) + \
	 0 * sizeof(struct { _Static_assert(0 < 7, "bad"); int x; }))
#define tc_ruv_show_flags(s) \
	__print_flags((s) & TC_RUV_MASK, "|", { 1, "DATA" }, { 2, "UPSIDE_DOWN" })
#endif

TRACE_EVENT(tc_ruv_data_status,
	TP_PROTO(u32 data_status),
	TP_ARGS(data_status),
	TP_STRUCT__entry(
		__field(u32, data_status)
	),
	TP_fast_assign(
		__entry->data_status = data_status;
	),
	TP_printk("%s", tc_ruv_show_flags(__entry->data_status))
);

#endif

#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE report-unverified
#include <trace/define_trace.h>
