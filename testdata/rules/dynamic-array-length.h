/* SPDX-License-Identifier: MIT */
/* dynamic-array-length: copies into a __dynamic_array() that disagree with its length. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_dlen

#if !defined(_TC_DLEN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_DLEN_H

#include <linux/tracepoint.h>

#ifndef _TC_DLEN_HELPERS
#define _TC_DLEN_HELPERS
struct tc_dlen_req { const u8 *ie; size_t ie_len; };
struct tc_dlen_addr { u8 bytes[128]; };
struct tc_dlen_xprt { struct tc_dlen_addr xpt_local, xpt_remote; size_t xpt_locallen, xpt_remotelen; };
struct tc_dlen_rqst { struct tc_dlen_xprt *rq_xprt; };
#endif

/*
 * note: drivers/thunderbolt/trace.h tb_raw (6.12, 7.2): a u32 array of
 * size / 4 elements, size bytes copied (ctl.c passes only multiples of 4)
 */
TRACE_EVENT(tc_dlen_tb_raw,
	TP_PROTO(int index, const void *data, size_t size),
	TP_ARGS(index, data, size),
	TP_STRUCT__entry(
		__field(size_t, size)
		__field(int, index)
		__dynamic_array(u32, data, size / 4)
	),
	TP_fast_assign(
		__entry->index = index;
		__entry->size = size / 4;
		memcpy(__get_dynamic_array(data), data, size);
	),
	TP_printk("index=%d size=%zu", __entry->index, __entry->size)
);

/* errors: a byte array of size / 4 (and size >> 2) bytes, size bytes copied */
TRACE_EVENT(tc_dlen_bytes,
	TP_PROTO(const void *data, size_t size),
	TP_ARGS(data, size),
	TP_STRUCT__entry(
		__dynamic_array(u8, quarter, size / 4)
		__dynamic_array(u8, shifted, (size) >> 2)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(quarter), data, size);
		memcpy(__get_dynamic_array(shifted), data, size);
	),
	TP_printk("%s %s", __print_hex(__get_dynamic_array(quarter), __get_dynamic_array_len(quarter)),
		  __print_hex(__get_dynamic_array(shifted), __get_dynamic_array_len(shifted)))
);

/*
 * error: the copy runs only where the length is 0 (the condition of
 * net/wireless/trace.h cfg80211_scan_done turned around); warning: a copy
 * under no condition at all
 */
TRACE_EVENT(tc_dlen_zero,
	TP_PROTO(const struct tc_dlen_req *request, const u8 *extra, size_t n),
	TP_ARGS(request, extra, n),
	TP_STRUCT__entry(
		__dynamic_array(u8, ie, request ? request->ie_len : 0)
		__dynamic_array(u8, extra, !extra ? 0 : n)
	),
	TP_fast_assign(
		if (!request)
			memcpy(__get_dynamic_array(ie), extra, n);
		memcpy(__get_dynamic_array(extra), extra, 8);
	),
	TP_printk("%s %s", __print_hex(__get_dynamic_array(ie), __get_dynamic_array_len(ie)),
		  __print_hex(__get_dynamic_array(extra), __get_dynamic_array_len(extra)))
);

/* errors: one byte past: strcpy() into strlen(), and len + 1 bytes into len */
TRACE_EVENT(tc_dlen_nul,
	TP_PROTO(const char *name, const char *buf, int len),
	TP_ARGS(name, buf, len),
	TP_STRUCT__entry(
		__dynamic_array(char, name, strlen(name))
		__dynamic_array(char, buf, len)
	),
	TP_fast_assign(
		strcpy(__get_dynamic_array(name), name);
		memcpy(__get_dynamic_array(buf), buf, len + 1);
	),
	TP_printk("name=%s buf=%s", __get_str(name), __get_str(buf))
);

/*
 * error: fs/nfsd/trace.h nfsd_fh_verify before "nfsd: size fh_verify server
 * sockaddr slot by xpt_locallen" (2026; 6.1.192, 6.12.118 and 7.2 have the
 * fix): the server slot is as long as the remote address, the copy as the
 * local one; negatives: its client slot, the fixed server slot (local),
 * and a copy through a local pointer, as NFSD_TRACE_PROC_CALL_FIELDS's
 */
TRACE_EVENT(tc_dlen_fh_verify,
	TP_PROTO(const struct tc_dlen_rqst *rqstp),
	TP_ARGS(rqstp),
	TP_STRUCT__entry(
		__sockaddr(server, rqstp->rq_xprt->xpt_remotelen)
		__sockaddr(client, rqstp->rq_xprt->xpt_remotelen)
		__sockaddr(local, rqstp->rq_xprt->xpt_locallen)
		__sockaddr(remote, rqstp->rq_xprt->xpt_remotelen)
	),
	TP_fast_assign(
		const struct tc_dlen_xprt *xprt = rqstp->rq_xprt;

		__assign_sockaddr(server, &rqstp->rq_xprt->xpt_local,
		       rqstp->rq_xprt->xpt_locallen);
		__assign_sockaddr(client, &rqstp->rq_xprt->xpt_remote,
				  rqstp->rq_xprt->xpt_remotelen);
		__assign_sockaddr(local, &rqstp->rq_xprt->xpt_local,
				  rqstp->rq_xprt->xpt_locallen);
		__assign_sockaddr(remote, &xprt->xpt_remote, xprt->xpt_remotelen);
	),
	TP_printk("server=%pISpc client=%pISpc local=%pISpc remote=%pISpc",
		  __get_sockaddr(server), __get_sockaddr(client), __get_sockaddr(local),
		  __get_sockaddr(remote))
);

/*
 * negatives, from real events: net/wireless/trace.h cfg80211_scan_done
 * (copy under the length's condition); sound/firewire/amdtp-stream-trace.h
 * amdtp_packet (sized by __get_dynamic_array_len()); fs/xfs/scrub/trace.h
 * (length targetlen + 1, targetlen copied, the NUL written apart); fs/nfs
 * nfs4trace.h (length len > 0 ? len + 1 : 1, len copied); the thunderbolt
 * event with its length rounded up; net/wireless/trace.h cfg80211_wowlan
 * (a copy under another condition); a copy in a loop.
 */
TRACE_EVENT(tc_dlen_ok,
	TP_PROTO(const struct tc_dlen_req *request, const u8 *cip_header, const char *target,
		 int targetlen, int len, const void *data, size_t size),
	TP_ARGS(request, cip_header, target, targetlen, len, data, size),
	TP_STRUCT__entry(
		__dynamic_array(u32, words, DIV_ROUND_UP(size, 4))
		__dynamic_array(u8, ie, request ? request->ie_len : 0)
		__dynamic_array(u8, cip_header, cip_header ? 8 : 0)
		__dynamic_array(char, target, targetlen + 1)
		__dynamic_array(char, name, len > 0 ? len + 1 : 1)
		__dynamic_array(u8, packet, request ? request->ie_len : 0)
		__dynamic_array(u8, chunks, request ? request->ie_len : 0)
	),
	TP_fast_assign(
		int i;

		if (request)
			memcpy(__get_dynamic_array(ie), request->ie, request->ie_len);
		if (cip_header)
			memcpy(__get_dynamic_array(cip_header), cip_header,
			       __get_dynamic_array_len(cip_header));
		memcpy(__get_str(target), target, targetlen);
		__get_str(target)[targetlen] = 0;
		memcpy(__get_str(name), target, len);
		__get_str(name)[len] = 0;
		memcpy(__get_dynamic_array(words), data, size);
		if (request && request->ie && request->ie_len)
			memcpy(__get_dynamic_array(packet), request->ie, request->ie_len);
		for (i = 0; request && i < 1; i++)
			memcpy(__get_dynamic_array(chunks), request->ie, request->ie_len);
	),
	TP_printk("%s %s %s %s", __print_hex(__get_dynamic_array(ie), __get_dynamic_array_len(ie)),
		  __print_hex(__get_dynamic_array(cip_header), __get_dynamic_array_len(cip_header)),
		  __get_str(target), __get_str(name))
);

#endif /* _TC_DLEN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE dynamic-array-length
#include <trace/define_trace.h>

/*
 * check-name: dynamic-array-length: copies larger than a dynamic array's length, run where it is 0, or sized by another member (__sockaddr() too)
 * check-command: tracecheck --no-kernel-tree $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/dynamic-array-length.h:34:3: note: memcpy() of size bytes into dynamic array 'data' of event 'tc_dlen_tb_raw', whose length is size / 4 elements of 4 bytes: up to 3 bytes past it unless every caller passes a multiple of 4 [dynamic-array-length]
testdata/rules/dynamic-array-length.h:29:24: note: round the length up: DIV_ROUND_UP(size, 4)
testdata/rules/dynamic-array-length.h:48:3: error: memcpy() of size bytes into dynamic array 'quarter' of event 'tc_dlen_bytes', whose length is size / 4 elements of 1 byte: it holds 1 byte for every 4 copied [dynamic-array-length]
testdata/rules/dynamic-array-length.h:44:23: note: round the length up: DIV_ROUND_UP(size, 4)
testdata/rules/dynamic-array-length.h:49:3: error: memcpy() of size bytes into dynamic array 'shifted' of event 'tc_dlen_bytes', whose length is (size) >> 2 elements of 1 byte: it holds 1 byte for every 4 copied [dynamic-array-length]
testdata/rules/dynamic-array-length.h:45:23: note: round the length up: DIV_ROUND_UP(size, 4)
testdata/rules/dynamic-array-length.h:64:23: note: field 'ie' of event 'tc_dlen_zero' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/dynamic-array-length.h:69:4: error: memcpy() into dynamic array 'ie' of event 'tc_dlen_zero' runs only when !(request), where its length is 0: it writes n bytes past the array [dynamic-array-length]
testdata/rules/dynamic-array-length.h:70:3: warning: memcpy() of 8 bytes into dynamic array 'extra' of event 'tc_dlen_zero' runs also when !(extra), where the array's length is 0 [dynamic-array-length]
testdata/rules/dynamic-array-length.h:70:3: note: copy under the length's condition, or copy __get_dynamic_array_len(extra) bytes
testdata/rules/dynamic-array-length.h:85:3: error: strcpy() of strlen(name)+1 bytes into dynamic array 'name' of event 'tc_dlen_nul', whose length is strlen(name): 1 byte past the array [dynamic-array-length]
testdata/rules/dynamic-array-length.h:86:3: error: memcpy() of len+1 bytes into dynamic array 'buf' of event 'tc_dlen_nul', whose length is len: 1 byte past the array [dynamic-array-length]
testdata/rules/dynamic-array-length.h:110:3: error: __assign_sockaddr() of rqstp->rq_xprt->xpt_locallen bytes into dynamic array 'server' of event 'tc_dlen_fh_verify', whose length is rqstp->rq_xprt->xpt_remotelen, another member: where xpt_locallen is the larger the copy runs past the array, where it is the smaller the array's tail keeps stale ring-buffer bytes [dynamic-array-length]
testdata/rules/dynamic-array-length.h:102:14: note: size the array by rqstp->rq_xprt->xpt_locallen, or copy __get_dynamic_array_len(server) bytes
testdata/rules/dynamic-array-length.h:142:23: note: field 'packet' of event 'tc_dlen_ok' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
check-output-end
 */
