/* SPDX-License-Identifier: MIT */
/* assign-order: TP_fast_assign() reading record fields before writing them. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_aord

#if !defined(_TC_AORD_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_AORD_H

#include <linux/tracepoint.h>

#ifndef _TC_AORD_HELPERS
#define _TC_AORD_HELPERS
struct tc_req { int a, len, flags; u8 key[4]; };
void tc_fill(void *entry, const struct tc_req *r);
#endif

/* errors: b from a before a is written; flags |= before any write; key read before memcpy */
TRACE_EVENT(tc_aord_bad,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
		__field(int, flags)
		__field(u8, k0)
		__array(u8, key, 4)
	),
	TP_fast_assign(
		__entry->b = __entry->a + 1;
		__entry->a = r->a;
		__entry->flags |= r->flags;
		__entry->k0 = __entry->key[0];
		memcpy(__entry->key, r->key, sizeof(__entry->key));
	),
	TP_printk("a=%d b=%d flags=%d k0=%u", __entry->a, __entry->b, __entry->flags, __entry->k0)
);

/* negative: written first, sizeof is not a read, loops, branches, the record handed away */
TRACE_EVENT(tc_aord_ok,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
		__field(int, flags)
		__field(int, sum)
		__array(u8, key, 4)
	),
	TP_fast_assign(
		int i;

		__entry->a = r->a;
		__entry->b = __entry->a + 1;
		memcpy(__entry->key, r->key, sizeof(__entry->key));
		if (r->len)
			__entry->flags = 1;
		else
			__entry->flags = 0;
		__entry->flags |= r->flags;
		for (i = 0; i < 4; i++) {
			if (i)
				__entry->sum += __entry->key[i];
			else
				__entry->sum = __entry->key[i];
		}
	),
	TP_printk("a=%d b=%d flags=%d sum=%d", __entry->a, __entry->b, __entry->flags,
		  __entry->sum)
);

TRACE_EVENT(tc_aord_whole,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, a)
		__field(int, b)
	),
	TP_fast_assign(
		tc_fill(__entry, r);
		__entry->b = __entry->a + 1;
		__entry->a = r->a;
	),
	TP_printk("a=%d b=%d", __entry->a, __entry->b)
);

#endif /* _TC_AORD_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-order
#include <trace/define_trace.h>

/*
 * check-name: assign-order: reads before writes; written-first, sizeof, loop, branch and whole-record negatives
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/assign-order.h:29:25: error: TP_fast_assign() of event 'tc_aord_bad' reads field 'a' before it writes it; the record still holds stale ring-buffer bytes there [assign-order]
testdata/rules/assign-order.h:31:3: error: TP_fast_assign() of event 'tc_aord_bad' updates field 'flags' before it writes it; the record still holds stale ring-buffer bytes there [assign-order]
testdata/rules/assign-order.h:32:26: error: TP_fast_assign() of event 'tc_aord_bad' reads field 'key' before it writes it; the record still holds stale ring-buffer bytes there [assign-order]
check-output-end
 */
