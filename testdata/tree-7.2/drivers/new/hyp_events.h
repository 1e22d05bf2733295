/* SPDX-License-Identifier: MIT */
/*
 * A hypervisor's events in the form of 7.2's
 * arch/arm64/include/asm/kvm_hypevents.h: HYP_EVENT(name, HE_PROTO(),
 * HE_STRUCT(he_field...), HE_ASSIGN(), HE_PRINTK()), which the host reads
 * as REMOTE_EVENT(name, 0, RE_STRUCT(struct), RE_PRINTK(printk)) and the
 * hypervisor as its trace_<name>() with the assign code.
 */
#if !defined(__NEW_HYP_EVENTS_H_) || defined(HYP_EVENT_MULTI_READ)
#define __NEW_HYP_EVENTS_H_

HYP_EVENT(hyp_work,
	HE_PROTO(struct hyp_ctx *ctx, u8 kind),
	HE_STRUCT(
		he_field(u8, kind)
		he_field(u16, cpu)
		he_field(u32, count)
	),
	HE_ASSIGN(
		__entry->kind = kind;
		__entry->count = hyp_count(ctx);
	),
	HE_PRINTK("kind=%u cpu=%u count=%u", __entry->kind, __entry->cpu, __entry->count)
);

/* RE_PRINTK() inside HYP_EVENT(): the host wraps it in a second RE_PRINTK() */
HYP_EVENT(hyp_wrapped,
	HE_PROTO(u32 id),
	HE_STRUCT(
		he_field(u32, id)
	),
	HE_ASSIGN(
		__entry->id = id;
	),
	RE_PRINTK("id=%u", __entry->id)
);
#endif
