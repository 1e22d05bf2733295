/* SPDX-License-Identifier: MIT */
/* printk-construct: C constructs in the print fmt libtraceevent cannot parse, and the ones it can. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_construct

#if !defined(_TC_CONSTRUCT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CONSTRUCT_H

#include <linux/tracepoint.h>

#ifndef _TC_CONSTRUCT_HELPERS
#define _TC_CONSTRUCT_HELPERS
typedef struct { unsigned char b[16]; } tc_uuid_t;
struct tc_rxwi { unsigned int rxinfo; unsigned short rate; unsigned char snr; };
struct tc_rect { int x1, y1, x2, y2; };
struct tc_mbx { unsigned int msg[8]; };
struct tc_hdr { unsigned int a, b; };
struct tc_dev { int id; };
const char *tc_state_name(int s);
/* as min() once was: a statement expression */
#define tc_min_len(a, b) ({ int __a = (a), __b = (b); __a < __b ? __a : __b; })
/* as DRM_RECT_ARG(): '->' after a cast */
#define TC_RECT_X1(r) ((const struct tc_rect *)(r))->x1
/* as hns3's VF_GET_MBX_LEN: sizeof of a struct */
#define TC_MBX_LEN (sizeof(struct tc_mbx) / sizeof(unsigned int))
/* as FIELD_GET(): typeof */
#define tc_get(mask, v) ((typeof(mask))(((v) & (mask)) >> 4))
/* as kvmmmu's KVM_MMU_PAGE_PRINTK(): a statement expression that calls a function */
#define TC_STATE_PRINTK(s) ({ const char *__n = tc_state_name(s); __n; })
/* a macro that stays parseable */
#define TC_LOW(v) ((v) & 0xff)
#endif

TRACE_DEFINE_SIZEOF(struct tc_hdr);

/* positive: unary & of a field for %pUb, as cxl's hdr_uuid */
TRACE_EVENT(tc_construct_addr,
	TP_PROTO(const tc_uuid_t *u),
	TP_ARGS(u),
	TP_STRUCT__entry(
		__field(tc_uuid_t, uuid)
	),
	TP_fast_assign(
		__entry->uuid = *u;
	),
	TP_printk("uuid=%pUb", &__entry->uuid)
);

/* positive: a statement expression written in the argument, as dwc3's TRB events */
TRACE_EVENT(tc_construct_stmt,
	TP_PROTO(int size, int type),
	TP_ARGS(size, type),
	TP_STRUCT__entry(
		__field(int, size)
		__field(int, type)
	),
	TP_fast_assign(
		__entry->size = size;
		__entry->type = type;
	),
	TP_printk("size=%d mult=%s len=%d", __entry->size,
		  ({ char *s; switch (__entry->type) { case 1: s = "1x "; break; default: s = ""; } s; }),
		  tc_min_len(__entry->size, 64))
);

/* positive: '.' member access in several arguments (one finding), as mt7601u's mt_rx */
TRACE_EVENT(tc_construct_member,
	TP_PROTO(const struct tc_rxwi *w),
	TP_ARGS(w),
	TP_STRUCT__entry(
		__field_struct(struct tc_rxwi, rxwi)
	),
	TP_fast_assign(
		__entry->rxwi = *w;
	),
	TP_printk("rxinfo=%08x rate=%04hx snr=%02hhx", __entry->rxwi.rxinfo, __entry->rxwi.rate,
		  __entry->rxwi.snr)
);

/* positive: '->' after a cast, sizeof(struct), typeof from macros; a cast followed by '~' */
TRACE_EVENT(tc_construct_macros,
	TP_PROTO(const struct tc_rect *r, unsigned int mask),
	TP_ARGS(r, mask),
	TP_STRUCT__entry(
		__array(int, rect, 4)
		__field(unsigned int, mask)
		__array(unsigned int, msg, 8)
	),
	TP_fast_assign(
		memcpy(__entry->rect, r, sizeof(__entry->rect));
		__entry->mask = mask;
		memset(__entry->msg, 0, sizeof(__entry->msg));
	),
	TP_printk("x1=%d len=%lu sel=%u inv=%u dst=%d", TC_RECT_X1(__entry->rect), TC_MBX_LEN,
		  tc_get(0xf0U, __entry->mask), (unsigned char)~__entry->mask,
		  TC_RECT_X1(__entry->rect))
);

/* positive, one level lower: sizeof(u32), which libtraceevent parses from 1.8.4, as hns3's hclge_pf_cmd */
TRACE_EVENT(tc_construct_sizeof_fixed,
	TP_PROTO(const u32 *data),
	TP_ARGS(data),
	TP_STRUCT__entry(
		__array(u32, data, 6)
	),
	TP_fast_assign(
		memcpy(__entry->data, data, sizeof(__entry->data));
	),
	TP_printk("data=%s", __print_array(__entry->data, 6, sizeof(u32)))
);

/* positive: a cast to a pointer to pointer */
TRACE_EVENT(tc_construct_pp,
	TP_PROTO(void **slot),
	TP_ARGS(slot),
	TP_STRUCT__entry(
		__field(unsigned long, slot)
	),
	TP_fast_assign(
		__entry->slot = (unsigned long)slot;
	),
	TP_printk("slot=%p", (void **)__entry->slot)
);

/*
 * positive: the GNU '?:', as arm64's kvm_sys_access; a table entry with a
 * comma before '}', as netvsc's show_rndis_type(); an empty table, as
 * kvm_inj_exception; NULL (expanded) as __print_flags()' delimiter, as wfx's
 */
TRACE_EVENT(tc_construct_syntax,
	TP_PROTO(const char *name, int type, int code, int flags),
	TP_ARGS(name, type, code, flags),
	TP_STRUCT__entry(
		__field(const char *, name)
		__field(int, type)
		__field(int, code)
		__field(int, flags)
	),
	TP_fast_assign(
		__entry->name = name;
		__entry->type = type;
		__entry->code = code;
		__entry->flags = flags;
	),
	TP_printk("name=%s type=%s code=%s flags=%s", __entry->name ?: "UNKN",
		  __print_symbolic(__entry->type, { 1, "PACKET" }, { 2, "INIT", }),
		  __entry->code ? __print_symbolic(__entry->code, { }) : "",
		  __print_flags(__entry->flags, ((void *)0), { 1, "M" }, { 2, "S" }))
);

/* merged: printk-call reports the macro (it calls a function); the construct is a note there */
TRACE_EVENT(tc_construct_with_call,
	TP_PROTO(int s),
	TP_ARGS(s),
	TP_STRUCT__entry(
		__field(int, s)
	),
	TP_fast_assign(
		__entry->s = s;
	),
	TP_printk("state=%s", TC_STATE_PRINTK(__entry->s))
);

/* merged: printk-unsafe-deref reports the '->' on a pointer field; the construct is a note there */
TRACE_EVENT(tc_construct_deref,
	TP_PROTO(struct tc_dev *d),
	TP_ARGS(d),
	TP_STRUCT__entry(
		__field(struct tc_dev *, d)
	),
	TP_fast_assign(
		__entry->d = d;
	),
	TP_printk("id=%d", __entry->d->id)
);

/*
 * negative: casts to known and unknown types, binary & and *, sizeof of
 * what libtraceevent knows (int, unsigned long, a scalar field, a
 * TRACE_DEFINE_SIZEOF()'d struct), tables, strings with '.', indexing,
 * (REC)->field, a parenthesised constant before a binary '&', a macro that
 * parses
 */
TRACE_EVENT(tc_construct_clean,
	TP_PROTO(unsigned long flags, int len, const char *name),
	TP_ARGS(flags, len, name),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
		__field(int, len)
		__array(u16, words, 4)
		__string(name, name)
	),
	TP_fast_assign(
		__entry->flags = flags;
		__entry->len = len;
		memset(__entry->words, 0, sizeof(__entry->words));
		__assign_str(name);
	),
	TP_printk("flags=%s len=%d lo=%u w=%u hw=%u sz=%lu n=%d hdrs=%d p=%p name=%s on=%s low=%lu m=%lu",
		  __print_flags(__entry->flags, "|", { 1, "A" }, { 2, "B" }),
		  __entry->len * (int)sizeof(int), (unsigned int)(u16)__entry->flags,
		  (__u16)__entry->words[1], __entry->words[0] & 0xff,
		  sizeof(unsigned long) + sizeof(__entry->len), (__entry->len) & 1,
		  __entry->len / (int)sizeof(struct tc_hdr), (void *)__entry->flags,
		  __get_str(name), __entry->len ? "on.x" : "off", TC_LOW(__entry->flags),
		  (4) & __entry->flags)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-construct
#include <trace/define_trace.h>

/*
 * check-name: printk-construct: statement expressions, unary &, '.', '->' off REC, casts, typeof, sizeof; what libtraceevent parses
 * check-command: tracecheck --disable layout-hole,printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-construct.h:41:22: error: __field() 'uuid' of 'tc_uuid_t', a struct: the kernel's is_signed_type(), which __field() applies to its type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/printk-construct.h:41:22: note: __field_struct(tc_uuid_t, uuid) records it without is_signed_type()
testdata/rules/printk-construct.h:46:25: error: TP_printk() argument '&__entry->uuid' has the unary '&' in '&REC->uuid', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:46:25: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-construct.h:62:5: error: TP_printk() argument '({ char *s; switch (__entry->type) { case 1: s = "1x "; break; default: s = "";  [...]' has a statement expression '({ ... })', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:62:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:63:5: error: TP_printk() argument uses macro 'tc_min_len', which the format file records as '({ int __a = (REC->size), __b = (64); __a < __b ? __a : __b; })': it has a statement expression '({ ... })', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:63:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:76:49: error: TP_printk() argument '__entry->rxwi.rxinfo' has the '.' member access 'REC->rxwi.rxinfo', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:76:49: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:94:50: error: TP_printk() argument uses macro 'TC_RECT_X1', which the format file records as '((const struct tc_rect *)(REC->rect))->x1': it has the '->' in '((const struct tc_rect *)(REC->rect))->x1' (not on REC), which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:94:50: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:94:77: error: TP_printk() argument uses macro 'TC_MBX_LEN', which the format file records as '(sizeof(struct tc_mbx) / sizeof(unsigned int))': it has 'sizeof(struct tc_mbx)' (of a type libtraceevent does not know), which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:94:77: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:95:5: error: TP_printk() argument uses macro 'tc_get', which the format file records as '((typeof(0xf0U))(((REC->mask) & (0xf0U)) >> 4))': it has 'typeof(0xf0U)', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:95:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:95:35: error: TP_printk() argument '(unsigned char)~__entry->mask' has the cast '(unsigned char)~', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:95:35: note: put the operand in parentheses: libtraceevent reads '(type)(~x)' as a cast
testdata/rules/printk-construct.h:109:23: note: TP_printk() argument '__print_array(__entry->data, 6, sizeof(u32))' has 'sizeof(u32)', which libtraceevent 1.7.1 to 1.8.3 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there; 1.8.4 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-construct.h:109:23: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:122:23: error: TP_printk() argument '(void **)__entry->slot' has the cast '(void **)', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:122:23: note: cast to a type with one '*' (void *) or to unsigned long: libtraceevent reads a single '*' in a cast
testdata/rules/printk-construct.h:145:48: error: TP_printk() argument '__entry->name ?: "UNKN"' has the GNU '?:' in 'REC->name ?:', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct.h:145:48: note: write the table as libtraceevent reads it: '{ value, "name" }' entries, none empty, no comma before '}', and a string as __print_flags()'s delimiter ("" for none)
testdata/rules/printk-construct.h:145:48: note: write 'a ? a : b' for 'a ?: b'
testdata/rules/printk-construct.h:147:5: warning: TP_printk() argument '__entry->code ? __print_symbolic(__entry->code, { }) : ""' has a table of no values, '{ }', which libtraceevent 1.7.1 to 1.9.0 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-construct.h:147:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-construct.h:161:24: error: TP_printk() argument uses macro 'TC_STATE_PRINTK', whose expansion calls 'tc_state_name()', which user-space tools cannot evaluate; the event fails to parse in perf and trace-cmd [printk-call]
testdata/rules/printk-construct.h:161:24: note: compute the value at assign time and print the field instead
testdata/rules/printk-construct.h:174:21: error: the argument dereferences the pointer field 'd' (REC->p->member) when the event is printed: what it points to may be gone by then, and perf and trace-cmd cannot follow it [printk-unsafe-deref]
testdata/rules/printk-construct.h:174:21: note: store the value itself in a field at assign time and print that field
check-output-end
 */
