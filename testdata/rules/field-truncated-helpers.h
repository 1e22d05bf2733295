/* SPDX-License-Identifier: MIT */
/*
 * field-truncated: helpers and macros that bound the value they give.
 *
 * From the real code: drivers/usb/typec/ucsi/trace.h (7.2), class
 * ucsi_log_connector_status: UCSI_CONSTAT(con, FIELD) reads
 * bitmap_read(con->status, f.offset, f.size) through a descriptor f
 * copied from a compound literal of 1 to 32 bits, behind a WARN() on the
 * interface version; every field holds it (quiet).  Constructed beside
 * it, each with the kernel's shape of the helper: bitmap_read() of 12
 * bits in a u8 (reported, 'u16' keeps it), FIELD_GET() of a 4-bit and of
 * a 12-bit GENMASK(), min() and clamp() (their operators are pasted or
 * passed down into __cmp()) within and beyond the field, a ?: that caps
 * the value, a shift by a local constant, u32_get_bits() and hweight64().
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_trunc_helpers

#if !defined(_TC_TRUNC_HELPERS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_TRUNC_HELPERS_H

#include <linux/tracepoint.h>

#ifndef _TC_TRUNC_HELPERS_DEFS
#define _TC_TRUNC_HELPERS_DEFS
/* the kernel's shapes, cut down: a unique name per use, as __COUNTER__ gives */
#define ___tc_paste(a, b) a##b
#define __tc_paste(a, b) ___tc_paste(a, b)
#define __tc_unique(prefix) __tc_paste(__tc_paste(__UNIQUE_ID_, prefix), __COUNTER__)

/* minmax.h: the comparison's operator is pasted from the helper's name */
#define __tc_cmp_op_min <
#define __tc_cmp_op_max >
#define __tc_cmp(op, x, y) ((x) __tc_cmp_op_##op (y) ? (x) : (y))
#define __tc_cmp_once(op, x, y, ux, uy) \
	({ __auto_type ux = (x); __auto_type uy = (y); __tc_cmp(op, ux, uy); })
#define tc_min(x, y) __tc_cmp_once(min, x, y, __tc_unique(x_), __tc_unique(y_))
#define __tc_clamp(val, lo, hi) ((val) >= (hi) ? (hi) : ((val) <= (lo) ? (lo) : (val)))
#define __tc_clamp_once(val, lo, hi, uval, ulo, uhi) \
	({ __auto_type uval = (val); __auto_type ulo = (lo); __auto_type uhi = (hi); \
	   __tc_clamp(uval, ulo, uhi); })
#define tc_clamp(val, lo, hi) \
	__tc_clamp_once(val, lo, hi, __tc_unique(v_), __tc_unique(l_), __tc_unique(h_))

/* bits.h and bitfield.h */
#define TC_GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (63 - (h))))
#define tc_field_get(mask, reg) \
	({ (typeof(mask))(((reg) & (mask)) >> __builtin_ctzll(mask)); })

/* bitmap.h and bitfield.h: functions whose result their argument bounds */
unsigned long bitmap_read(const unsigned long *map, unsigned long start, unsigned long nbits);
u32 u32_get_bits(u32 v, u32 field);
unsigned int hweight64(u64 w);

/* drivers/usb/typec/ucsi/ucsi.h: a field of a response, and a read of it */
struct tc_ucsi_bitfield {
	const u16 version;
	const u8 offset;
	const u8 size;
};
#define TC_UCSI_BITFIELD(_ver_, _offset_, _size_) \
	(struct tc_ucsi_bitfield){ .version = _ver_, .offset = _offset_, .size = _size_, }
#define TC_CONSTAT_CHANGE TC_UCSI_BITFIELD(0, 0, 16)
#define TC_CONSTAT_PWR_OPMODE TC_UCSI_BITFIELD(0, 16, 3)
#define TC_CONSTAT_CONNECTED TC_UCSI_BITFIELD(0, 19, 1)
#define TC_CONSTAT_RDO TC_UCSI_BITFIELD(0, 32, 32)
#define TC_CONSTAT_BC_STATUS TC_UCSI_BITFIELD(0, 64, 2)
int tc_warn_printk(const char *fmt, ...);
#define TC_WARN(cond, fmt...) \
	({ int __ret_warn_on = !!(cond); if (__ret_warn_on) tc_warn_printk(fmt); __ret_warn_on; })
#define tc_ucsi_bitfield_read(_map_, _field_, _ver_) \
	({ struct tc_ucsi_bitfield f = (_field_); \
	   TC_WARN((_ver_) < f.version, "field at offset 0x%x needs version %04x", \
		   f.offset, f.version) ? 0 : bitmap_read((_map_), f.offset, f.size); })
struct tc_ucsi { u16 version; };
struct tc_ucsi_connector { struct tc_ucsi *ucsi; unsigned long status[3]; };
#define TC_UCSI_CONSTAT(_con_, _field_) \
	tc_ucsi_bitfield_read((_con_)->status, TC_CONSTAT_##_field_, (_con_)->ucsi->version)
#endif

/* drivers/usb/typec/ucsi/trace.h, ucsi_log_connector_status: quiet */
TRACE_EVENT(tc_ucsi_connector_status,
	TP_PROTO(int port, struct tc_ucsi_connector *con),
	TP_ARGS(port, con),
	TP_STRUCT__entry(
		__field(int, port)
		__field(u16, change)
		__field(u8, opmode)
		__field(u8, connected)
		__field(u32, request_data_obj)
		__field(u8, bc_status)
	),
	TP_fast_assign(
		__entry->port = port - 1;
		__entry->change = TC_UCSI_CONSTAT(con, CHANGE);
		__entry->opmode = TC_UCSI_CONSTAT(con, PWR_OPMODE);
		__entry->connected = TC_UCSI_CONSTAT(con, CONNECTED);
		__entry->request_data_obj = TC_UCSI_CONSTAT(con, RDO);
		__entry->bc_status = TC_UCSI_CONSTAT(con, BC_STATUS);
	),
	TP_printk("port%d change=%04x opmode=%x connected=%d rdo=%08x bc=%x", __entry->port,
		  __entry->change, __entry->opmode, __entry->connected,
		  __entry->request_data_obj, __entry->bc_status)
);

/*
 * Bounded: each fits its field (quiet).  Too wide: bitmap_read() of 12
 * bits, FIELD_GET() of bits 4-15, min() with 1000 and clamp() to 4095 in
 * a u8, and a shift by a local constant that leaves 40 bits in a u32.
 */
TRACE_EVENT(tc_trunc_bounded,
	TP_PROTO(const unsigned long *map, u64 reg, unsigned long len, u32 v),
	TP_ARGS(map, reg, len, v),
	TP_STRUCT__entry(
		__field(u8, nibble)
		__field(u8, capped)
		__field(u8, least)
		__field(u16, clamped)
		__field(u8, bits)
		__field(u8, weight)
		__field(u8, wide_read)
		__field(u8, wide_get)
		__field(u8, wide_min)
		__field(u8, wide_clamp)
		__field(u32, wide_shift)
	),
	TP_fast_assign(
		u32 shift = 24;

		__entry->nibble = tc_field_get(TC_GENMASK(7, 4), reg);
		__entry->capped = len > 255 ? 255 : len;
		__entry->least = tc_min(len, 200UL);
		__entry->clamped = tc_clamp(len, 16UL, 4096UL);
		__entry->bits = u32_get_bits(v, 0xff0);
		__entry->weight = hweight64(reg);
		__entry->wide_read = bitmap_read(map, 4, 12);
		__entry->wide_get = tc_field_get(TC_GENMASK(15, 4), reg);
		__entry->wide_min = tc_min(len, 1000UL);
		__entry->wide_clamp = tc_clamp(len, 0UL, 4095UL);
		__entry->wide_shift = reg >> shift;
	),
	TP_printk("%u %u %u %u %u %u %u %u %u %u %u", __entry->nibble, __entry->capped,
		  __entry->least, __entry->clamped, __entry->bits, __entry->weight,
		  __entry->wide_read, __entry->wide_get, __entry->wide_min, __entry->wide_clamp,
		  __entry->wide_shift)
);

/*
 * Unbounded: a helper whose result nothing bounds, and a local the code
 * writes again after its initialiser, keep their type's range (reported
 * as 64-bit values); min() of a signed value is not bounded below, and a
 * range check is quiet on the side it does not bound.
 */
TRACE_EVENT(tc_trunc_unbounded,
	TP_PROTO(const unsigned long *map, unsigned long start, long delta),
	TP_ARGS(map, start, delta),
	TP_STRUCT__entry(
		__field(u32, word)
		__field(u8, moved)
		__field(s8, signed_min)
	),
	TP_fast_assign(
		unsigned long n = 4;

		n += start;
		__entry->word = bitmap_read(map, start, start);
		__entry->moved = n >> 2;
		__entry->signed_min = tc_min(delta, 100L);
	),
	TP_printk("%u %u %d", __entry->word, __entry->moved, __entry->signed_min)
);

#endif /* _TC_TRUNC_HELPERS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-truncated-helpers

#include <trace/define_trace.h>

/*
 * check-name: field-truncated: bitmap_read(), FIELD_GET(), min(), clamp(), ?: and locals bound the value (-v: the range that decides)
 * check-command: tracecheck -v --no-kernel-tree --disable layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/field-truncated-helpers.h:136:3: warning: field 'wide_read' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-11 of the value are lost; 'u16' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:136:3: note: the value is in 0..4095
testdata/rules/field-truncated-helpers.h:121:15: note: 'wide_read' declared here
testdata/rules/field-truncated-helpers.h:137:3: warning: field 'wide_get' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-11 of the value are lost; 'u16' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:137:3: note: the value is in 0..4095
testdata/rules/field-truncated-helpers.h:122:15: note: 'wide_get' declared here
testdata/rules/field-truncated-helpers.h:138:3: warning: field 'wide_min' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-9 of the value are lost; 'u16' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:138:3: note: the value is in 0..1000
testdata/rules/field-truncated-helpers.h:123:15: note: 'wide_min' declared here
testdata/rules/field-truncated-helpers.h:139:3: warning: field 'wide_clamp' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-11 of the value are lost; 'u16' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:139:3: note: the value is in 0..4095
testdata/rules/field-truncated-helpers.h:124:15: note: 'wide_clamp' declared here
testdata/rules/field-truncated-helpers.h:140:3: warning: field 'wide_shift' ('u32', 32 bits) is assigned a 64-bit 'unsigned long long': bits 32-39 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:140:3: note: the value is in 0..1099511627775
testdata/rules/field-truncated-helpers.h:125:16: note: 'wide_shift' declared here
testdata/rules/field-truncated-helpers.h:166:3: warning: field 'word' ('u32', 32 bits) is assigned a 64-bit 'unsigned long': bits 32-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:158:16: note: 'word' declared here
testdata/rules/field-truncated-helpers.h:167:3: warning: field 'moved' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-61 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated-helpers.h:167:3: note: the value is in 0..4611686018427387903
testdata/rules/field-truncated-helpers.h:159:15: note: 'moved' declared here
 * check-output-end
 */
