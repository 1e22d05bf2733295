/* SPDX-License-Identifier: MIT */
/* struct hmbx_cmd comes from ../hmbx_cmd.h, which vf_mbx.c includes first. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM hmbx

#if !defined(_HMBX_VF_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _HMBX_VF_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(hmbx_vf_get,
	TP_PROTO(struct hmbx_cmd *req),
	TP_ARGS(req),
	TP_STRUCT__entry(
		__field(unsigned char, code)
		__array(unsigned int, data, sizeof(struct hmbx_cmd) / sizeof(unsigned int))
	),
	TP_fast_assign(
		__entry->code = req->code;
		memcpy(__entry->data, req, sizeof(struct hmbx_cmd));
	),
	TP_printk("code=%u", __entry->code)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH ../../drivers/hmbx/vf
#define TRACE_INCLUDE_FILE vf_trace
#include <trace/define_trace.h>
