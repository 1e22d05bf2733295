/* SPDX-License-Identifier: MIT */
/*
 * Every #include of this header is missing and some types are unknown:
 * the analysis goes on, and results degrade honestly -- the layout of a
 * record with a field of unknown type is "not checked", a call to an
 * undeclared name is a warning, not an error.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_missing

#if !defined(_TC_MISSING_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_MISSING_H

#include <linux/nonexistent_types.h>
#include <linux/tracepoint.h>
#include "nonexistent_driver.h"

TRACE_EVENT(tc_missing_types,
	TP_PROTO(struct drv_dev *dev, drv_state_t st),
	TP_ARGS(dev, st),
	TP_STRUCT__entry(
		__field(u8, flag)
		__field(drv_state_t, st)
		__field(u64, cookie)
		__field(int, never)
	),
	TP_fast_assign(
		__entry->flag = dev->flag;
		__entry->st = st;
		__entry->cookie = dev->cookie;
	),
	TP_printk("flag=%u st=%s cookie=%llu never=%d", __entry->flag,
		  drv_state_name(__entry->st), __entry->cookie, __entry->never)
);

TRACE_EVENT(tc_missing_but_known,
	TP_PROTO(struct drv_dev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__field(u8, flag)
		__field(u64, cookie)
		__field(u32, id)
	),
	TP_fast_assign(
		__entry->flag = dev->flag;
		__entry->cookie = dev->cookie;
		__entry->id = dev->id;
	),
	TP_printk("flag=%u cookie=%llu id=%u", __entry->flag, __entry->cookie, __entry->id)
);

#endif /* _TC_MISSING_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE missing-includes
#include <trace/define_trace.h>

/*
 * check-name: all includes missing: the analysis goes on and says what it could not check
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/model/missing-includes.h:18:1: note: record layout of 1 event class not checked: the type of field 'st' (drv_state_t) is not known [layout-hole]
testdata/model/missing-includes.h:25:16: error: field 'never' of event 'tc_missing_types' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/model/missing-includes.h:33:5: warning: TP_printk() argument calls 'drv_state_name', which is not declared (is its header missing?); if it is a function, user-space tools cannot evaluate it [printk-call]
testdata/model/missing-includes.h:33:5: note: with the kernel tree (--kernel-tree DIR, or -I) tracecheck can tell a function from a macro
testdata/model/missing-includes.h:40:15: warning: record of event 'tc_missing_but_known' has 11 bytes of padding (7 after 'flag', 4 at the end); reordering its fields saves 8 bytes per event [layout-hole]
testdata/model/missing-includes.h:40:15: note: the record is 32 bytes; with the fields in the order cookie, id, flag it would be 24
check-output-end
 */
