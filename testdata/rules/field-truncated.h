/* SPDX-License-Identifier: MIT */
/* field-truncated: a field narrower than the value TP_fast_assign() stores in it. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_trunc

#if !defined(_TC_TRUNC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_TRUNC_H

#include <linux/tracepoint.h>

#ifndef _TC_TRUNC_HELPERS
#define _TC_TRUNC_HELPERS
/* the kernel's own shapes of these, cut down */
#define min_t(type, x, y) ({ type __x = (x); type __y = (y); __x < __y ? __x : __y; })
#define BIT_ULL(n) (1ULL << (n))
#define PFERR_WRITE_MASK BIT_ULL(1)
static inline long PTR_ERR(const void *ptr) { return (long)ptr; }
enum pg_level { PG_LEVEL_NONE, PG_LEVEL_4K, PG_LEVEL_2M, PG_LEVEL_1G, PG_LEVEL_512G };
union kvm_mmu_page_role { u32 word; struct { unsigned level:4; unsigned has_4_byte_gpte:1; }; };
struct kvm_page_fault { u64 addr; u64 error_code; u8 goal_level; bool prefetch; };
struct x86_fetch { u8 data[15]; u8 *ptr; };
struct xfs_bmbt_irec { u64 br_startoff; u64 br_startblock; u64 br_blockcount; int br_state; };
struct tc_trunc_cookie { unsigned int debug_id; unsigned long flags; };
struct tc_trunc_io { ssize_t count; long tv_nsec; unsigned long nr; unsigned int vector; };
u64 tc_trunc_segment_base(int seg);
#define tc_trunc_pipe_name(p) ((p) + 'A')
#define TC_TRUNC_GENMASK(h, l) (((~0UL) - (1UL << (l)) + 1) & (~0UL >> (63 - (h))))
#define TC_TRUNC_FIELD_GET(mask, reg) \
	({ (typeof(mask))(((reg) & (mask)) >> __builtin_ctzll(mask)); })
/* an operator after a comment, on a continued line */
#define TC_TRUNC_TOP(v) ((v) /* its top byte */ \
			 >> 56)
#define TC_TRUNC_TOP9_SHIFT(v) ((v) /* its top nine bits, "*/ \
				>> 55)
#endif

/*
 * positives, each a 64-bit value into a 32- or 8-bit field (warnings):
 * - arch/x86/kvm/mmu/mmutrace.h, fast_page_fault as it was in 6.1
 *   (__field(u32, error_code)) with the u64 error_code of 6.12's
 *   struct kvm_page_fault: the flags above bit 31 are lost;
 * - arch/x86/kvm/trace.h, kvm_emulate_insn (6.12, 7.2): csbase is a
 *   __u32 given a u64, len a __u8 given a pointer difference;
 * - fs/xfs/xfs_trace.h, xfs_inode_irec_class (6.12, 7.2): an
 *   xfs_extlen_t (u32) given an xfs_filblks_t (u64).
 */
TRACE_EVENT(tc_trunc_fault,
	TP_PROTO(struct kvm_page_fault *fault, struct x86_fetch *fetch),
	TP_ARGS(fault, fetch),
	TP_STRUCT__entry(
		__field(u64, addr)
		__field(u32, error_code)
		__field(__u32, csbase)
		__field(__u8, len)
		__field(u8, level)
		__field(bool, write)
		__field(u8, pad)
	),
	TP_fast_assign(
		__entry->addr = fault->addr;
		__entry->error_code = fault->error_code;
		__entry->csbase = tc_trunc_segment_base(1);
		__entry->len = fetch->ptr - fetch->data;
		__entry->level = fault->goal_level;
		__entry->write = fault->error_code & PFERR_WRITE_MASK;
		__entry->pad = 0;
	),
	TP_printk("addr %llx error_code %x csbase %x len %u level %u write %d", __entry->addr,
		  __entry->error_code, __entry->csbase, __entry->len, __entry->level,
		  __entry->write)
);

TRACE_EVENT(tc_trunc_irec,
	TP_PROTO(struct xfs_bmbt_irec *irec),
	TP_ARGS(irec),
	TP_STRUCT__entry(
		__field(u64, lblk)
		__field(u32, len)
		__field(int, state)
	),
	TP_fast_assign(
		__entry->lblk = irec->br_startoff;
		__entry->len = irec->br_blockcount;
		__entry->state = irec->br_state;
	),
	TP_printk("lblk 0x%llx len 0x%x state %d", __entry->lblk, __entry->len, __entry->state)
);

/*
 * include/trace/events/fscache.h, fscache_relinquish (6.12, 7.2): the
 * cookie's unsigned long flags, bits up to 15 in use, in a u8
 */
TRACE_EVENT(tc_trunc_relinquish,
	TP_PROTO(const struct tc_trunc_cookie *cookie, bool retire),
	TP_ARGS(cookie, retire),
	TP_STRUCT__entry(
		__field(unsigned int, cookie)
		__field(u8, flags)
		__field(bool, retire)
	),
	TP_fast_assign(
		__entry->cookie = cookie->debug_id;
		__entry->flags = cookie->flags;
		__entry->retire = retire;
	),
	TP_printk("c=%08x f=%02x rt=%u", __entry->cookie, __entry->flags, __entry->retire)
);

/*
 * positives the range analysis proves: a mask that keeps bit 8 into a u8,
 * a shift that leaves 40 bits into a u32, a constant that does not fit;
 * a negative: a 32-bit value into an 8-bit field, as arch/x86/kvm/trace.h
 * kvm_inj_exception stores an unsigned int exception (a vector) in a u8
 */
TRACE_EVENT(tc_trunc_proved,
	TP_PROTO(const struct tc_trunc_io *io),
	TP_ARGS(io),
	TP_STRUCT__entry(
		__field(u32, hi)
		__field(u8, low)
		__field(u8, exception)
		__field(u16, magic)
	),
	TP_fast_assign(
		__entry->hi = io->nr >> 24;
		__entry->low = io->nr & 0x1ff;
		__entry->exception = io->vector;
		__entry->magic = 0x12345;
	),
	TP_printk("hi %u low %u exception %u magic %x", __entry->hi, __entry->low,
		  __entry->exception, __entry->magic)
);

/*
 * negatives: masked, shifted, % N, min_t(), ?: on a comparison, PTR_ERR(),
 * an enum whose values fit (arch/x86/kvm/mmu/mmutrace.h stores enum
 * pg_level in a u8), a 4-bit bit-field (kvm_mmu_page_role.level), a
 * comparison, an explicit cast (upper_32_bits() is one), a constant that
 * fits, sizeof, a bool field given a flags word (a conversion to _Bool is
 * != 0, not a truncation), -1 into a u32
 */
TRACE_EVENT(tc_trunc_ok,
	TP_PROTO(const struct tc_trunc_io *io, union kvm_mmu_page_role role, const void *p,
		 enum pg_level pl),
	TP_ARGS(io, role, p, pl),
	TP_STRUCT__entry(
		__field(u32, upper)
		__field(u32, lower)
		__field(u32, mod)
		__field(int, count)
		__field(int, nsec)
		__field(int, err)
		__field(u16, clamped)
		__field(u8, pg_level)
		__field(u8, role_level)
		__field(u8, big)
		__field(u8, size)
		__field(bool, any)
		__field(u32, none)
	),
	TP_fast_assign(
		__entry->upper = (u32)(io->nr >> 32);
		__entry->lower = io->nr & 0xffffffff;
		__entry->mod = io->nr % 1000;
		__entry->count = min_t(ssize_t, io->count, 0x7fffffff);
		__entry->nsec = io->tv_nsec > 999999999 ? 999999999 : io->tv_nsec;
		__entry->err = PTR_ERR(p);
		__entry->clamped = io->nr >> 48;
		__entry->pg_level = pl;
		__entry->role_level = role.level;
		__entry->big = io->count > 4096;
		__entry->size = sizeof(struct tc_trunc_io);
		__entry->any = io->nr;
		__entry->none = -1;
	),
	TP_printk("upper %u lower %u mod %u count %d nsec %d err %d clamped %u pg_level %u "
		  "role_level %u big %u size %u any %d none %u", __entry->upper, __entry->lower,
		  __entry->mod, __entry->count, __entry->nsec, __entry->err, __entry->clamped,
		  __entry->pg_level, __entry->role_level, __entry->big, __entry->size,
		  __entry->any, __entry->none)
);

/*
 * negatives through macros, whose operators libclang 14 cannot show:
 * drm/i915 stores pipe_name(pipe), ((p) + 'A'), in a char (an enum of
 * four values plus 'A' fits); FIELD_GET() of a 4-bit GENMASK() (a mask
 * and a shift by a constant in a statement expression) in a u8; a shift
 * by 56 written after a comment and a line's end in a u8; and a
 * positive: a shift by 55 in a u8
 */
TRACE_EVENT(tc_trunc_macros,
	TP_PROTO(enum pg_level pl, u64 reg),
	TP_ARGS(pl, reg),
	TP_STRUCT__entry(
		__field(char, pipe_name)
		__field(u8, nibble)
		__field(u8, top)
		__field(u8, top9)
	),
	TP_fast_assign(
		__entry->pipe_name = tc_trunc_pipe_name(pl);
		__entry->nibble = TC_TRUNC_FIELD_GET(TC_TRUNC_GENMASK(7, 4), reg);
		__entry->top = TC_TRUNC_TOP(reg);
		__entry->top9 = TC_TRUNC_TOP9_SHIFT(reg);
	),
	TP_printk("pipe %d nibble %u top %u top9 %u", __entry->pipe_name, __entry->nibble,
		  __entry->top, __entry->top9)
);

#endif /* _TC_TRUNC_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-truncated

#include <trace/define_trace.h>

/*
 * check-name: field-truncated: 64-bit values in 32- and 8-bit fields, proved losses; a 32-bit value in a u8, masked, shifted, clamped, cast, enum, bit-field, errno, bool and macro negatives
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/field-truncated.h:61:3: warning: field 'error_code' ('u32', 32 bits) is assigned a 64-bit 'u64': bits 32-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated.h:62:3: warning: field 'csbase' ('__u32', 32 bits) is assigned a 64-bit 'u64': bits 32-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated.h:63:3: warning: field 'len' ('__u8', 8 bits) is assigned a 64-bit 'long': bits 8-63 of the value are lost; 's64' keeps it [field-truncated]
testdata/rules/field-truncated.h:83:3: warning: field 'len' ('u32', 32 bits) is assigned a 64-bit 'u64': bits 32-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated.h:103:3: warning: field 'flags' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bits 8-63 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated.h:125:3: warning: field 'hi' ('u32', 32 bits) is assigned a 64-bit 'unsigned long': bits 32-39 of the value are lost; 'u64' keeps it [field-truncated]
testdata/rules/field-truncated.h:126:3: warning: field 'low' ('u8', 8 bits) is assigned a 64-bit 'unsigned long': bit 8 of the value is lost; 'u16' keeps it [field-truncated]
testdata/rules/field-truncated.h:128:3: warning: field 'magic' ('u16', 16 bits) is assigned 74565, which takes 17 bits: bit 16 is lost; 'u32' keeps it [field-truncated]
testdata/rules/field-truncated.h:204:3: warning: field 'top9' ('u8', 8 bits) is assigned a 64-bit 'unsigned long long': bit 8 of the value is lost; 'u16' keeps it [field-truncated]
check-output-end
 */
