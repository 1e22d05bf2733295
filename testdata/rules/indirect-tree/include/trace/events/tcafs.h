/* SPDX-License-Identifier: MIT */
/* Uses the types of fs/tcafs/internal.h, which includes it. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tcafs

#if !defined(_TRACE_TCAFS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TCAFS_H

#include <linux/tracepoint.h>

TRACE_EVENT(tcafs_call_state,
	TP_PROTO(tcafs_volid_t vid, enum tcafs_call_state state),
	TP_ARGS(vid, state),
	TP_STRUCT__entry(
		__field(tcafs_volid_t, vid)
		__field(enum tcafs_call_state, state)
	),
	TP_fast_assign(
		__entry->vid = vid;
		__entry->state = state;
	),
	TP_printk("vid=%llx state=%s", __entry->vid,
		  __print_symbolic(__entry->state,
				   { TCAFS_CALL_CL_REQUESTING, "REQ" },
				   { TCAFS_CALL_COMPLETE, "DONE" }))
);

#endif

#include <trace/define_trace.h>
