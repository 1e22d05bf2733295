/* SPDX-License-Identifier: MIT */
/* field-unassigned: fields TP_fast_assign() leaves stale, and the ways it writes them. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_assign

#if !defined(_TC_ASSIGN_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ASSIGN_H

#include <linux/tracepoint.h>

#ifndef _TC_ASSIGN_HELPERS
#define _TC_ASSIGN_HELPERS
struct tc_req { int id, len; const char *name; u8 key[16]; unsigned long *mask; };
struct tc_key { u32 a, b; };
void tc_fill_key(struct tc_key *k, const struct tc_req *r);
void tc_fill_entry(void *entry, const struct tc_req *r);
#define TC_STORE_ID(e, r) ((e)->id = (r)->id)
#endif

/* positive: 'len' and 'name' are never written */
TRACE_EVENT(tc_never,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, len)
		__string(name, r->name)
	),
	TP_fast_assign(
		__entry->id = r->id;
	),
	TP_printk("id=%d len=%d name=%s", __entry->id, __entry->len, __get_str(name))
);

/* warnings: written only under a condition, and an array written in part */
TRACE_EVENT(tc_partly,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, len)
		__array(u32, words, 4)
	),
	TP_fast_assign(
		__entry->id = r->id;
		if (r->len > 0)
			__entry->len = r->len;
		__entry->words[0] = 1;
		__entry->words[1] = 2;
	),
	TP_printk("id=%d len=%d w=%u,%u", __entry->id, __entry->len,
		  __entry->words[0], __entry->words[1])
);

/* negative: every field written, each in another way */
TRACE_EVENT(tc_all_written,
	TP_PROTO(const struct tc_req *r, int nbits),
	TP_ARGS(r, nbits),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, len)
		__field(int, both)
		__field_struct(struct tc_key, key)
		__field_struct(struct tc_key, key2)
		__array(u8, raw, 16)
		__array(u32, idx, 4)
		__array(char, comm, 16)
		__string(name, r->name)
		__dynamic_array(u8, buf, r->len)
		__bitmask(mask, nbits)
	),
	TP_fast_assign(
		int i;

		TC_STORE_ID(__entry, r);
		__entry->len = r->len ? r->len : -1;
		if (r->id)
			__entry->both = 1;
		else
			__entry->both = 0;
		tc_fill_key(&__entry->key, r);
		__entry->key2.a = 1;
		memcpy(__entry->raw, r->key, sizeof(__entry->raw));
		for (i = 0; i < 4; i++)
			__entry->idx[i] = i;
		strscpy(__entry->comm, r->name, sizeof(__entry->comm));
		__assign_str(name);
		memcpy(__get_dynamic_array(buf), r->key, r->len);
		__assign_bitmask(mask, r->mask, nbits);
	),
	TP_printk("id=%d len=%d both=%d a=%u a2=%u raw=%s i=%u comm=%s name=%s buf=%s mask=%s",
		  __entry->id, __entry->len, __entry->both, __entry->key.a, __entry->key2.a,
		  __print_hex(__entry->raw, 16), __entry->idx[0], __entry->comm,
		  __get_str(name), __print_hex(__get_dynamic_array(buf), __get_dynamic_array_len(buf)),
		  __get_bitmask(mask))
);

/* negative: the record is handed to a helper that fills it */
TRACE_EVENT(tc_filled_by_helper,
	TP_PROTO(const struct tc_req *r),
	TP_ARGS(r),
	TP_STRUCT__entry(
		__field(int, id)
		__field(int, len)
	),
	TP_fast_assign(
		tc_fill_entry(__entry, r);
	),
	TP_printk("id=%d len=%d", __entry->id, __entry->len)
);

#endif /* _TC_ASSIGN_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-unassigned
#include <trace/define_trace.h>

/*
 * check-name: field-unassigned: never, conditional, partial; every way of writing
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/field-unassigned.h:26:16: error: field 'len' of event 'tc_never' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned.h:27:12: error: field 'name' of event 'tc_never' is never written by TP_fast_assign(); readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned.h:41:16: note: field 'len' of event 'tc_partly' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned.h:42:16: warning: array field 'words' of event 'tc_partly' is written only in part (2 of its 4 elements); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned.h:70:13: warning: bitmask 'mask' (an array of unsigned long) may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 8 [layout-abi]
testdata/rules/field-unassigned.h:92:47: error: TP_printk() argument '__entry->key.a' has the '.' member access 'REC->key.a', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/field-unassigned.h:92:47: note: record the value at assign time in a field of its own and print that field
testdata/rules/field-unassigned.h:95:5: error: __get_bitmask(mask) restarts iter->tmp_seq before it prints (7.0 and later), where __print_hex(raw) and more helpers of this TP_printk() print too: what was printed there before the bitmap is overwritten [printk-helper-misuse]
testdata/rules/field-unassigned.h:95:5: note: on 7.0 and later, a TP_printk() with a bitmap getter can have no other helper that prints into tmp_seq: move one to an event of its own
check-output-end
 */
