/* SPDX-License-Identifier: MIT */
/* printk-helper-misuse: print helpers against their contract, after real 6.12 events. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_hmis

#if !defined(_TC_HMIS_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_HMIS_H

#include <linux/tracepoint.h>

#ifndef _TC_HMIS_HELPERS
#define _TC_HMIS_HELPERS
struct sockaddr { unsigned short sa_family; char sa_data[14]; };
struct tc_desc { u32 w[4]; };
#define AF_UNSPEC 0
#define AF_UNIX 1
#define AF_LOCAL 1
#define AF_INET 2
/* include/uapi/scsi/scsi_proto.h: two commands share opcode 0x07 */
#define REASSIGN_BLOCKS 0x07
#define INITIALIZE_ELEMENT_STATUS 0x07
#define READ_6 0x08
/* include/uapi/linux/videodev2.h */
#define V4L2_TC_FLAG_DROPFRAME 0x0001
#define V4L2_TC_FLAG_COLORFRAME 0x0002
#define V4L2_TC_USERBITS_field 0x000C
#define V4L2_TC_USERBITS_USERDEFINED 0x0000
#define V4L2_TC_USERBITS_8BITCHARS 0x0008
#endif

/* after sunrpc.h's show_svc_xprt_flags()/rpc_show_address_family: AF_LOCAL is AF_UNIX */
#define show_family(x) __print_symbolic(x,		\
		{ AF_UNSPEC, "AF_UNSPEC" },		\
		{ AF_UNIX, "AF_UNIX" },			\
		{ AF_LOCAL, "AF_LOCAL" },		\
		{ AF_INET, "AF_INET" })

/* after v4l2.h's show_timecode_flags(): a mask 0 and a multi-bit field */
#define show_timecode_flags(flags)					\
	__print_flags(flags, "|",					\
		{ V4L2_TC_FLAG_DROPFRAME, "DROPFRAME" },		\
		{ V4L2_TC_FLAG_COLORFRAME, "COLORFRAME" },		\
		{ V4L2_TC_USERBITS_USERDEFINED, "USERBITS_USERDEFINED" }, \
		{ V4L2_TC_USERBITS_8BITCHARS, "USERBITS_8BITCHARS" })

/* warnings: dead table entries; the same table in two classes is reported once */
TRACE_EVENT(tc_hmis_tables,
	TP_PROTO(int family, int opcode, u32 tcflags),
	TP_ARGS(family, opcode, tcflags),
	TP_STRUCT__entry(
		__field(int, family)
		__field(int, opcode)
		__field(u32, tcflags)
	),
	TP_fast_assign(
		__entry->family = family;
		__entry->opcode = opcode;
		__entry->tcflags = tcflags;
	),
	TP_printk("family=%s op=%s tc=%s", show_family(__entry->family),
		  __print_symbolic(__entry->opcode,
				   { REASSIGN_BLOCKS, "REASSIGN_BLOCKS" },
				   { INITIALIZE_ELEMENT_STATUS, "INITIALIZE_ELEMENT_STATUS" },
				   { READ_6, "READ_6" }),
		  show_timecode_flags(__entry->tcflags))
);

/* negatives: an alias (two values, one name) and an entry repeated as it is */
TRACE_EVENT(tc_hmis_tables_ok,
	TP_PROTO(int family, u32 tcflags),
	TP_ARGS(family, tcflags),
	TP_STRUCT__entry(
		__field(int, family)
		__field(u32, tcflags)
	),
	TP_fast_assign(
		__entry->family = family;
		__entry->tcflags = tcflags;
	),
	TP_printk("family=%s again=%s tc=%s", show_family(__entry->family),
		  __print_symbolic(__entry->family, { 0, "none" }, { 1, "unix" },
				   { 2, "unix" }, { 2, "unix" }),
		  __print_flags(__entry->tcflags, "|", { 3, "BOTH" }, { 1, "ONE" },
				{ 2, "TWO" }))
);

/* warnings: entries the printed value's type cannot reach; negatives: an int's -1, a u16 mask */
TRACE_EVENT(tc_hmis_range,
	TP_PROTO(u8 state, int err, u32 ustatus, u16 flags),
	TP_ARGS(state, err, ustatus, flags),
	TP_STRUCT__entry(
		__field(int, err)
		__field(u32, ustatus)
		__field(u16, flags)
		__field(u8, state)
	),
	TP_fast_assign(
		__entry->state = state;
		__entry->err = err;
		__entry->ustatus = ustatus;
		__entry->flags = flags;
	),
	TP_printk("state=%s err=%s ustatus=%s flags=%s",
		  __print_symbolic(__entry->state, { 1, "IDLE" }, { 0x100, "BUSY" },
				   { 0x200, "DEAD" }),
		  __print_symbolic(__entry->err, { -1, "EPERM" }, { 0, "OK" }),
		  __print_symbolic(__entry->ustatus, { -1, "INVALID" }, { 0, "OK" }),
		  __print_flags(__entry->flags, "|", { 0x8000, "LAST" }, { 0x10000, "WIDE" }))
);

/* errors: getters on fields of another kind; __print_array() and __print_hex() past the field */
TRACE_EVENT(tc_hmis_bad,
	TP_PROTO(const u32 *regs, int n, const char *dev, const unsigned long *mask, int nbits),
	TP_ARGS(regs, n, dev, mask, nbits),
	TP_STRUCT__entry(
		__dynamic_array(u32, regs, n)
		__string(dev, dev)
		__bitmask(mask, nbits)
		__array(u8, key, 16)
		__array(u32, hw, 4)
		__field(u64, cookie)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(regs), regs, n * sizeof(u32));
		__assign_str(dev);
		__assign_bitmask(mask, mask, nbits);
		memcpy(__entry->key, regs, 16);
		memcpy(__entry->hw, regs, 16);
		__entry->cookie = n;
	),
	TP_printk("regs=%s dev=%s mask=%s all=%s hw=%s key=%s cookie=%s",
		  __get_str(regs), __get_bitmask(dev), __get_str(mask),
		  __print_array(__get_dynamic_array(regs), __get_dynamic_array_len(regs),
				sizeof(u32)),
		  __print_array(__entry->hw, 8, sizeof(u32)),
		  __print_hex_str(__entry->key, 32),
		  __print_hex(&__entry->cookie, 16))
);

/* warnings: the wrong element size, another field's length, a __dynamic_array bitmap */
TRACE_EVENT(tc_hmis_warn,
	TP_PROTO(const u32 *regs, int n, const u8 *buf, int len),
	TP_ARGS(regs, n, buf, len),
	TP_STRUCT__entry(
		__dynamic_array(u32, regs, n)
		__dynamic_array(u8, buf, len)
		__dynamic_array(u32, bits, n)
		__array(u16, ids, 8)
	),
	TP_fast_assign(
		memcpy(__get_dynamic_array(regs), regs, n * sizeof(u32));
		memcpy(__get_dynamic_array(buf), buf, len);
		memcpy(__get_dynamic_array(bits), regs, n * sizeof(u32));
		memcpy(__entry->ids, buf, sizeof(__entry->ids));
	),
	TP_printk("regs=%s ids=%s buf=%s bits=%s first=%u",
		  __print_dynamic_array(regs, sizeof(u64)),
		  __print_array(__entry->ids, 16, 1),
		  __print_hex(__get_dynamic_array(buf), __get_dynamic_array_len(regs)),
		  __get_bitmask(bits), ((u32 *)__get_str(regs))[0])
);

/* negatives: each helper as its contract wants it (drivers/net/wireless, sunrpc, sched) */
TRACE_EVENT(tc_hmis_good,
	TP_PROTO(const char *name, const u32 *regs, int n, const u8 *key, const struct sockaddr *sa,
		 int salen, const unsigned long *mask, const struct tc_desc *d),
	TP_ARGS(name, regs, n, key, sa, salen, mask, d),
	TP_STRUCT__entry(
		__string(name, name)
		__dynamic_array(char, legacy, n)
		__dynamic_array(u32, regs, n)
		__dynamic_array(u8, raw, n)
		__array(u8, key, 16)
		__array(struct tc_desc, desc, 2)
		__sockaddr(addr, salen)
		__bitmask(mask, n)
		__cpumask(cpus)
	),
	TP_fast_assign(
		__assign_str(name);
		strscpy(__get_str(legacy), name, n);
		memcpy(__get_dynamic_array(regs), regs, n * sizeof(u32));
		memcpy(__get_dynamic_array(raw), key, n);
		memcpy(__entry->key, key, 16);
		memcpy(__entry->desc, d, sizeof(__entry->desc));
		__assign_sockaddr(addr, sa, salen);
		__assign_bitmask(mask, mask, n);
		__assign_cpumask(cpus, mask);
	),
	TP_printk("%s %s %s %s %s %s %s %pISpc %s %s %s",
		  __get_str(name), __get_str(legacy),
		  __print_array(__get_dynamic_array(regs),
				__get_dynamic_array_len(regs) / sizeof(u32), sizeof(u32)),
		  __print_dynamic_array(regs, sizeof(u32)),
		  __print_hex(__get_dynamic_array(raw), __get_dynamic_array_len(raw)),
		  __print_hex_str(__entry->key, sizeof(__entry->key)),
		  __print_array(__entry->desc, 8, sizeof(u32)),
		  __get_sockaddr(addr), __get_bitmask(mask), __get_cpumask(cpus),
		  __print_hex(__get_dynamic_array(regs), __get_dynamic_array_len(regs)))
);

#ifndef _TC_HMIS_NOTES
#define _TC_HMIS_NOTES
#ifdef CONFIG_TC_HMIS_BH
#define TC_F_BH (1U << 4)
#else
#define TC_F_BH 0
#endif
#define TC_GFP_RECLAIM 0xc00
#define TC_GFP_NOIO TC_GFP_RECLAIM
#endif

/* notes: a mask 0 only without CONFIG_TC_HMIS_BH (iomap), one mask under two names (mm's gfp) */
TRACE_EVENT(tc_hmis_notes,
	TP_PROTO(unsigned int flags, unsigned long gfp),
	TP_ARGS(flags, gfp),
	TP_STRUCT__entry(
		__field(unsigned int, flags)
		__field(unsigned long, gfp)
	),
	TP_fast_assign(
		__entry->flags = flags;
		__entry->gfp = gfp;
	),
	TP_printk("flags %s gfp %s",
		  __print_flags(__entry->flags, "|", { 0x1, "NEW" }, { TC_F_BH, "BH" }),
		  __print_flags(__entry->gfp, "|", { TC_GFP_NOIO, "GFP_NOIO" },
				{ TC_GFP_RECLAIM, "__GFP_RECLAIM" }))
);

#endif /* _TC_HMIS_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-helper-misuse
#include <trace/define_trace.h>

/*
 * check-name: printk-helper-misuse: getters on the wrong field kind, array/hex lengths, dead table entries
 * check-command: tracecheck --disable printk-userspace $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-helper-misuse.h:60:37: warning: __print_symbolic() table lists value 1 twice, as 'AF_UNIX' and 'AF_LOCAL': the first match wins, so 'AF_LOCAL' is never printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:60:37: note: give each value one name (an alias needs a value of its own), or drop the entry that cannot print
testdata/rules/printk-helper-misuse.h:61:5: warning: __print_symbolic() table lists value 7 twice, as 'REASSIGN_BLOCKS' and 'INITIALIZE_ELEMENT_STATUS': the first match wins, so 'INITIALIZE_ELEMENT_STATUS' is never printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:61:5: note: give each value one name (an alias needs a value of its own), or drop the entry that cannot print
testdata/rules/printk-helper-misuse.h:65:5: warning: __print_flags() table has 'USERBITS_USERDEFINED' with mask 0, which every value matches: the kernel prints 'USERBITS_USERDEFINED' beside any set flag and never alone (a value of 0 prints nothing) [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:65:5: note: drop the entry, or print the value with __print_symbolic() if it is not a set of bits
testdata/rules/printk-helper-misuse.h:104:5: warning: __print_symbolic() entry 'BUSY' (value 256) can never match: the value printed is a u8 (0 to 0xff) [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:104:5: note: print a value of a type wide enough for the table, or drop the entries
testdata/rules/printk-helper-misuse.h:107:5: warning: __print_symbolic() entry 'INVALID' (value -1) can never match: the value printed is a u32 (0 to 0xffffffff) [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:107:5: note: print a value of a type wide enough for the table, or drop the entry
testdata/rules/printk-helper-misuse.h:108:5: warning: __print_flags() entry 'WIDE' (mask 0x10000) can never be set: the value printed is a u16 (0 to 0xffff) [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:108:5: note: print a value of a type wide enough for the table, or drop the entry
testdata/rules/printk-helper-misuse.h:118:13: warning: bitmask 'mask' (an array of unsigned long) may start misaligned in the record (on x86_64): it follows the dynamic item 'regs', whose length need not be a multiple of 8 [layout-abi]
testdata/rules/printk-helper-misuse.h:132:5: error: __get_str(regs) reads regs, which is an array of elements wider than a byte, as a NUL-terminated string: %s prints its bytes up to the next zero byte, inside the field or past it [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:132:5: note: print it with __print_array() or __print_hex()
testdata/rules/printk-helper-misuse.h:132:22: error: __get_bitmask(dev) restarts iter->tmp_seq before it prints (7.0 and later), where __print_array(regs) and more helpers of this TP_printk() print too: what was printed there before the bitmap is overwritten [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:132:22: note: on 7.0 and later, a TP_printk() with a bitmap getter can have no other helper that prints into tmp_seq: move one to an event of its own
testdata/rules/printk-helper-misuse.h:132:22: error: __get_bitmask(dev) prints dev, which is a string, as a bitmap: the output is its bytes as hexadecimal bit words, not its value [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:132:42: error: __get_str(mask) reads mask, which is a bitmap, as a NUL-terminated string: %s prints its bytes up to the next zero byte, inside the field or past it [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:132:42: note: print it with __get_bitmask()
testdata/rules/printk-helper-misuse.h:133:5: error: __print_array() count is __get_dynamic_array_len(regs), the array's length in bytes, but it counts elements of 4 bytes: it reads 4 times the array, past its end [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:133:5: note: divide the length by the element size, or use __print_dynamic_array(regs, 4)
testdata/rules/printk-helper-misuse.h:133:5: note: TP_printk() argument '__print_array(__get_dynamic_array(regs), __get_dynamic_array_len(regs), sizeof(u [...]' has 'sizeof(u32)', which libtraceevent 1.7.1 to 1.8.3 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there; 1.8.4 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-helper-misuse.h:133:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-helper-misuse.h:135:5: error: __print_array() reads 8 elements of 4 bytes, 32 bytes, from 'hw', which has 16: 16 bytes past its end are printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:136:5: error: __print_hex_str() prints 32 bytes of 'key', which has 16: 16 bytes past its end are printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:136:5: note: pass sizeof(__entry->key) as the length
testdata/rules/printk-helper-misuse.h:137:5: error: __print_hex() prints 16 bytes of 'cookie', which has 8: 8 bytes past its end are printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:137:5: note: pass sizeof(__entry->cookie) as the length
testdata/rules/printk-helper-misuse.h:137:5: error: TP_printk() argument '__print_hex(&__entry->cookie, 16)' has the unary '&' in '&REC->cookie', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-helper-misuse.h:137:5: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-helper-misuse.h:147:24: warning: dynamic array 'bits' of 'u32' may start misaligned in the record (on x86_64): it follows the dynamic item 'buf', whose length need not be a multiple of 4 [layout-abi]
testdata/rules/printk-helper-misuse.h:157:5: warning: __print_dynamic_array() prints 'regs' in elements of 8 bytes, but its elements (u32) have 4: each value printed is several elements run together [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:157:5: note: pass sizeof(u32) as the element size
testdata/rules/printk-helper-misuse.h:157:5: note: TP_printk() argument '__print_dynamic_array(regs, sizeof(u64))' has 'sizeof(u64)', which libtraceevent 1.7.1 to 1.8.3 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there; 1.8.4 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-helper-misuse.h:157:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-helper-misuse.h:158:5: warning: __print_array() prints 'ids' in elements of 1 byte, but its elements (u16) have 2: each value printed is a piece of an element [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:158:5: note: pass sizeof(u16) as the element size
testdata/rules/printk-helper-misuse.h:159:5: warning: __print_hex() prints 'buf' with the length of 'regs' (__get_dynamic_array_len(regs)): when that is longer, it reads past the end of 'buf' [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:160:5: error: __get_bitmask(bits) restarts iter->tmp_seq before it prints (7.0 and later), where __print_dynamic_array(regs) and more helpers of this TP_printk() print too: what was printed there before the bitmap is overwritten [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:160:5: note: on 7.0 and later, a TP_printk() with a bitmap getter can have no other helper that prints into tmp_seq: move one to an event of its own
testdata/rules/printk-helper-misuse.h:160:5: warning: __get_bitmask(bits) prints bits, a __dynamic_array() of u32, as a bitmap of unsigned longs: a length that is not a multiple of one is read whole, past the array, and the bit order follows the longs' byte order [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:160:5: note: declare it __bitmask(bits, nr_bits) and fill it with __assign_bitmask(), or print it with __print_array()
testdata/rules/printk-helper-misuse.h:160:34: warning: __get_str(regs) reaches regs, which is an array, not a string: it is read through a char pointer [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:171:24: warning: dynamic array 'regs' of 'u32' may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 4 [layout-abi]
testdata/rules/printk-helper-misuse.h:174:27: error: __array() 'desc' of 'struct tc_desc', a struct: the kernel's is_signed_type(), which __array() applies to its element type, casts -1 to it, and the event does not build [field-kind]
testdata/rules/printk-helper-misuse.h:174:27: note: an array of bytes (u8) holds the same data, or __field_struct() a struct of the whole
testdata/rules/printk-helper-misuse.h:176:13: warning: bitmask 'mask' (an array of unsigned long) may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 8 [layout-abi]
testdata/rules/printk-helper-misuse.h:177:13: warning: cpumask 'cpus' (an array of unsigned long) may start misaligned in the record (on x86_64): it follows the string 'name', whose length need not be a multiple of 8 [layout-abi]
testdata/rules/printk-helper-misuse.h:192:5: note: TP_printk() argument '__print_array(__get_dynamic_array(regs), __get_dynamic_array_len(regs) / sizeof( [...]' has 'sizeof(u32)', which libtraceevent 1.7.1 to 1.8.3 cannot parse, so perf and trace-cmd print the event as [FAILED TO PARSE] there; 1.8.4 and later parse it (a gap of libtraceevent, not a defect of the header) [printk-construct]
testdata/rules/printk-helper-misuse.h:192:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-helper-misuse.h:196:5: error: TP_printk() argument '__print_hex_str(__entry->key, sizeof(__entry->key))' has 'sizeof(REC->key)' (of a type libtraceevent does not know), which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-helper-misuse.h:196:5: note: record the value at assign time in a field of its own and print that field
testdata/rules/printk-helper-misuse.h:198:27: error: __get_bitmask(mask) restarts iter->tmp_seq before it prints (7.0 and later), where __print_array(regs) and more helpers of this TP_printk() print too: what was printed there before the bitmap is overwritten [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:198:27: note: on 7.0 and later, a TP_printk() with a bitmap getter can have no other helper that prints into tmp_seq: move one to an event of its own
testdata/rules/printk-helper-misuse.h:226:5: note: __print_flags() table has 'BH' with mask 0, which every value matches: the kernel prints 'BH' beside any set flag and never alone (a value of 0 prints nothing) [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:226:5: note: drop the entry, or print the value with __print_symbolic() if it is not a set of bits
testdata/rules/printk-helper-misuse.h:227:5: note: __print_flags() table lists mask 0xc00 twice, as 'GFP_NOIO' and '__GFP_RECLAIM': the first match clears the bits, so '__GFP_RECLAIM' is never printed [printk-helper-misuse]
testdata/rules/printk-helper-misuse.h:227:5: note: give each mask one name (an alias needs a value of its own), or drop the entry that cannot print
check-output-end
 */
