/* SPDX-License-Identifier: MIT */
/*
 * A trace remote's events (7.x, include/trace/define_remote_events.h):
 * REMOTE_EVENT(name, id, RE_STRUCT(re_field...), RE_PRINTK(fmt, args)),
 * read by a .c that defines REMOTE_EVENT_INCLUDE_FILE; the remote writes
 * the records, nothing here assigns them.
 */

REMOTE_EVENT(rt_packed, 1,
	RE_STRUCT(
		re_field(u16, len)
		re_field(u32, seq)
	),
	RE_PRINTK("len=%u seq=%u", __entry->len, __entry->seq)
);

REMOTE_EVENT(rt_tick, 2,
	RE_STRUCT(
		re_field(u64, ts)
	),
	RE_PRINTK("ts=%llu", __entry->ts)
);

REMOTE_EVENT(rt_reason, 3,
	RE_STRUCT(
		re_field(u8, reason)
	),
	RE_PRINTK("reason=%s", rt_reason_name(__entry->reason))
);
