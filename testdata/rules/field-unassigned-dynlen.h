/* SPDX-License-Identifier: MIT */
/*
 * field-unassigned: a dynamic array copied only under a condition whose
 * length is 0 on the other path holds no byte there: nothing is stale.
 * Modelled on net/wireless/trace.h's cfg80211_scan_done (6.12), whose
 * __dynamic_array(u8, ie, request ? request->ie_len : 0) is copied under
 * "if (request)", or one copied under "if (__get_dynamic_array_len(f))".
 * A length that is not 0 on the other path, or another condition, is
 * still reported.
 *
 * check-name: field-unassigned: a dynamic array whose length is 0 where it is not copied
 * check-command: tracecheck --no-kernel-tree $file
 * check-exit-value: 0
 *
 * check-output-start
testdata/rules/field-unassigned-dynlen.h:34:23: note: field 'ie3' of event 'tc_dynlen_scan_done' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-dynlen.h:37:23: note: field 'ie5' of event 'tc_dynlen_scan_done' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-dynlen.h:67:23: note: field 'buf1_61' of event 'tc_dynlen_dev_tx' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_dynlen
#if !defined(_TC_DYNLEN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_DYNLEN_H
#include <linux/tracepoint.h>
struct tc_dynlen_req { int ie_len; unsigned char *ie; };
TRACE_EVENT(tc_dynlen_scan_done,
	TP_PROTO(struct tc_dynlen_req *request, int aborted),
	TP_ARGS(request, aborted),
	TP_STRUCT__entry(
		__dynamic_array(u8, ie, request ? request->ie_len : 0)
		__dynamic_array(u8, ie2, !request ? 0 : request->ie_len)
		/* 1 byte on the other path: stale */
		__dynamic_array(u8, ie3, request ? request->ie_len : 1)
		__dynamic_array(u8, ie4, (request) ? request->ie_len : 0)
		/* another condition than the copy's: stale */
		__dynamic_array(u8, ie5, request ? request->ie_len : 0)
		__field(int, aborted)
	),
	TP_fast_assign(
		if (request) {
			memcpy(__get_dynamic_array(ie), request->ie, request->ie_len);
			memcpy(__get_dynamic_array(ie2), request->ie, request->ie_len);
			memcpy(__get_dynamic_array(ie3), request->ie, request->ie_len);
		}
		if (aborted)
			memcpy(__get_dynamic_array(ie5), request->ie, request->ie_len);
		if (!request) {
		} else {
			memcpy(__get_dynamic_array(ie4), request->ie, request->ie_len);
		}
		__entry->aborted = aborted;
	),
	TP_printk("aborted=%d", __entry->aborted)
);
/*
 * drivers/net/wireless/intel/iwlwifi/iwl-devtrace-iwlwifi.h iwlwifi_dev_tx:
 * 6.1's buf1 (positive: not 0 bytes long where hdr_len is 0, and not
 * copied there), fixed by "wifi: iwlwifi: tracing: fix condition to
 * allocate buf1" (2024); 6.12's copy under the array's own length
 * (negative: where that is 0 the array has no byte)
 */
TRACE_EVENT(tc_dynlen_dev_tx,
	TP_PROTO(const unsigned char *skb, int len, int hdr_len, int data),
	TP_ARGS(skb, len, hdr_len, data),
	TP_STRUCT__entry(
		__dynamic_array(u8, buf1_61, hdr_len > 0 && data ? 0 : len - hdr_len)
		__dynamic_array(u8, buf1, hdr_len > 0 && !data ? len - hdr_len : 0)
	),
	TP_fast_assign(
		if (hdr_len > 0 && !data)
			memcpy(__get_dynamic_array(buf1_61), skb + hdr_len, len - hdr_len);
		if (__get_dynamic_array_len(buf1))
			memcpy(__get_dynamic_array(buf1), skb + hdr_len, len - hdr_len);
	),
	TP_printk("len=%d", __get_dynamic_array_len(buf1))
);
#endif
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-unassigned-dynlen
#include <trace/define_trace.h>
