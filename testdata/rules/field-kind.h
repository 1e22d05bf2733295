/* SPDX-License-Identifier: MIT */
/* field-kind: field elements whose type is_signed_type() does not take. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_fkind

#if !defined(_TC_FKIND_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FKIND_H

#include <linux/tracepoint.h>

/* as include/linux/blk_types.h: a bitwise typedef, an enum whose values are cast to it */
typedef u32 __bitwise blk_opf_t;
enum req_op {
	REQ_OP_READ = (__force blk_opf_t)0,
	REQ_OP_WRITE = (__force blk_opf_t)1,
};
/* as include/linux/uuid.h */
typedef struct {
	u8 b[16];
} uuid_t;
typedef u8 tc_mac_t[6];
/* an enum of plain values: not bitwise */
enum tc_zone_cond { TC_ZONE_EMPTY = 1, TC_ZONE_FULL = 0xe };

/* positive (warning): drivers/block/null_blk/trace.h nullb_zone_op in 6.1 (6.12: __field_struct) */
TRACE_EVENT(tc_fkind_nullb_zone_op,
	TP_PROTO(enum req_op op, unsigned int zone_no, enum tc_zone_cond zone_cond),
	TP_ARGS(op, zone_no, zone_cond),
	TP_STRUCT__entry(
		__field(enum req_op, op)
		__field(unsigned int, zone_no)
		__field(enum tc_zone_cond, zone_cond)
	),
	TP_fast_assign(
		__entry->op = op;
		__entry->zone_no = zone_no;
		__entry->zone_cond = zone_cond;
	),
	TP_printk("op=%u zone_no=%u zone_cond=%u", __entry->op, __entry->zone_no,
		  __entry->zone_cond)
);

/* positive (warning): net/mac802154/trace.h 802154_drv_set_pan_id (7.2); a __le64 array */
TRACE_EVENT(tc_fkind_set_pan_id,
	TP_PROTO(__le16 pan_id, const __le64 *addrs),
	TP_ARGS(pan_id, addrs),
	TP_STRUCT__entry(
		__field(__le16, pan_id)
		__array(__le64, addrs, 2)
		__field(blk_opf_t, opf)
	),
	TP_fast_assign(
		__entry->pan_id = pan_id;
		memcpy(__entry->addrs, addrs, sizeof(__entry->addrs));
		__entry->opf = 0;
	),
	TP_printk("pan id: 0x%04x %llx", __entry->pan_id, __entry->addrs[0])
);

/* positive (error): a struct, a typedef'd array and structs in arrays; none builds */
TRACE_EVENT(tc_fkind_struct,
	TP_PROTO(const uuid_t *uuid, const u8 *mac),
	TP_ARGS(uuid, mac),
	TP_STRUCT__entry(
		__field(uuid_t, uuid)
		__field(tc_mac_t, mac)
		__array(uuid_t, uuids, 2)
		__dynamic_array(uuid_t, more, 1)
	),
	TP_fast_assign(
		__entry->uuid = *uuid;
		memcpy(__entry->mac, mac, 6);
		__entry->uuids[0] = *uuid;
		__entry->uuids[1] = *uuid;
		memcpy(__get_dynamic_array(more), uuid, sizeof(*uuid));
	),
	TP_printk("%pU %pM", &__entry->uuid, __entry->mac)
);

/*
 * negative: include/trace/events/nilfs2.h nilfs2_mdt_submit_block and
 * drivers/cxl/core/trace.h (7.2): __field_struct() of a bitwise enum and of
 * uuid_t; u16 with the conversion in TP_fast_assign; pointers to structs
 */
TRACE_EVENT(tc_fkind_ok,
	TP_PROTO(const uuid_t *uuid, enum req_op mode, __le16 pan_id),
	TP_ARGS(uuid, mode, pan_id),
	TP_STRUCT__entry(
		__field_struct(uuid_t, hdr_uuid)
		__field_struct(enum req_op, mode)
		__field(u16, pan_id)
		__field(const uuid_t *, uuidp)
		__array(u8, raw, 16)
	),
	TP_fast_assign(
		__entry->hdr_uuid = *uuid;
		__entry->mode = mode;
		__entry->pan_id = (__force u16)pan_id;
		__entry->uuidp = uuid;
		memcpy(__entry->raw, uuid, 16);
	),
	TP_printk("%pU mode=%u pan=%u %p %s", &__entry->hdr_uuid, __entry->mode, __entry->pan_id,
		  __entry->uuidp, __print_hex(__entry->raw, 16))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-kind
#include <trace/define_trace.h>

/*
 * check-name: field-kind: a struct, union or array (does not build) and sparse __bitwise types (make C=1 warns) given to is_signed_type(); __field_struct() and plain integers are fine
 * check-command: tracecheck --disable layout-hole,printk-construct,printk-userspace,printk-unsafe-deref $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/field-kind.h:30:24: warning: __field() 'op' of 'enum req_op', a sparse __bitwise type: the kernel's is_signed_type(), which __field() applies to its type, orders it with '<': sparse (make C=1) warns 'restricted blk_opf_t degrades to integer'; the compiled kernel is not affected [field-kind]
testdata/rules/field-kind.h:30:24: note: __field_struct(enum req_op, op) records it without is_signed_type(), as null_blk and nilfs2 do for enum req_op
testdata/rules/field-kind.h:48:19: warning: __field() 'pan_id' of '__le16', a sparse __bitwise type: the kernel's is_signed_type(), which __field() applies to its type, orders it with '<': sparse (make C=1) warns 'restricted __le16 degrades to integer'; the compiled kernel is not affected [field-kind]
testdata/rules/field-kind.h:48:19: note: __field_struct(__le16, pan_id) records it without is_signed_type(), as null_blk and nilfs2 do for enum req_op
testdata/rules/field-kind.h:49:19: warning: __array() 'addrs' of '__le64', a sparse __bitwise type: the kernel's is_signed_type(), which __array() applies to its element type, orders it with '<': sparse (make C=1) warns 'restricted __le64 degrades to integer'; the compiled kernel is not affected [field-kind]
testdata/rules/field-kind.h:49:19: note: an array of the plain integer type (u16, u32 ...) records the same bytes without the warning
testdata/rules/field-kind.h:50:22: warning: __field() 'opf' of 'blk_opf_t', a sparse __bitwise type: the kernel's is_signed_type(), which __field() applies to its type, orders it with '<': sparse (make C=1) warns 'restricted blk_opf_t degrades to integer'; the compiled kernel is not affected [field-kind]
testdata/rules/field-kind.h:50:22: note: __field_struct(blk_opf_t, opf) records it without is_signed_type(), as null_blk and nilfs2 do for enum req_op
testdata/rules/field-kind.h:65:19: error: __field() 'uuid' of 'uuid_t', a struct: the kernel's is_signed_type(), which __field() applies to its type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/field-kind.h:65:19: note: __field_struct(uuid_t, uuid) records it without is_signed_type()
testdata/rules/field-kind.h:66:21: error: __field() 'mac' of 'tc_mac_t', an array: the kernel's is_signed_type(), which __field() applies to its type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/field-kind.h:66:21: note: an array field is __array(type, mac, len)
testdata/rules/field-kind.h:67:19: error: __array() 'uuids' of 'uuid_t', a struct: the kernel's is_signed_type(), which __array() applies to its element type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/field-kind.h:67:19: note: an array of bytes (u8) holds the same data, or __field_struct() a struct of the whole
testdata/rules/field-kind.h:68:27: error: __dynamic_array() 'more' of 'uuid_t', a struct: the kernel's is_signed_type(), which __dynamic_array() applies to its element type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/field-kind.h:68:27: note: an array of bytes (u8) holds the same data, or __field_struct() a struct of the whole
check-output-end
 */
