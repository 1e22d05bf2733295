/* SPDX-License-Identifier: MIT */
/*
 * field-unassigned: the arms of an exhaustive switch are alternatives.
 * A field every arm writes is written, when the switch has a default or
 * names every enumerator of its value's enum.  Modelled on 6.12's
 * fs/xfs/xfs_trace.h xfs_rmap_convert_state (a switch over the three
 * btree types, no default) and include/trace/events/smbus.h smbus_write
 * (arms that "goto copy" into a later arm, a default that zeroes len).
 * Still reported: a switch that leaves an enumerator out, the array the
 * smbus arms copy into only on some of them, and an arm that breaks out
 * early under a condition.
 *
 * check-name: field-unassigned: exhaustive switches
 * check-command: tracecheck --no-kernel-tree --disable layout-hole $file
 * check-exit-value: 0
 *
 * check-output-start
testdata/rules/field-unassigned-switch.h:71:25: note: field 'agno' of event 'tc_btree_error' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-switch.h:72:31: note: field 'ino' of event 'tc_btree_error' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-switch.h:103:26: note: field 'buf' of event 'tc_smbus_write' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-switch.h:134:26: note: field 'len' of event 'tc_smbus_early_break' is written only under a condition; on the other paths readers see stale ring-buffer bytes [field-unassigned]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_switch
#if !defined(_TC_SWITCH_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_SWITCH_H
#include <linux/tracepoint.h>
enum tc_btree_type { TC_BTREE_TYPE_AG, TC_BTREE_TYPE_INODE, TC_BTREE_TYPE_MEM };
struct tc_btree_ops { enum tc_btree_type type; };
struct tc_inode { unsigned long long i_ino; };
struct tc_perag { unsigned int pag_agno; };
struct tc_btree_cur {
	const struct tc_btree_ops *bc_ops;
	struct { struct tc_inode *ip; } bc_ino;
	struct { struct tc_perag *pag; } bc_ag;
};
/* every enumerator has a case: agno and ino are always written */
TRACE_EVENT(tc_rmap_convert_state,
	TP_PROTO(struct tc_btree_cur *cur, int state),
	TP_ARGS(cur, state),
	TP_STRUCT__entry(
		__field(unsigned int, agno)
		__field(unsigned long long, ino)
		__field(int, state)
	),
	TP_fast_assign(
		switch (cur->bc_ops->type) {
		case TC_BTREE_TYPE_INODE:
			__entry->agno = 0;
			__entry->ino = cur->bc_ino.ip->i_ino;
			break;
		case TC_BTREE_TYPE_AG:
			__entry->agno = cur->bc_ag.pag->pag_agno;
			__entry->ino = 0;
			break;
		case TC_BTREE_TYPE_MEM:
			__entry->agno = 0;
			__entry->ino = 0;
			break;
		}
		__entry->state = state;
	),
	TP_printk("agno 0x%x ino 0x%llx state %d", __entry->agno, __entry->ino, __entry->state)
);
/* TC_BTREE_TYPE_MEM has no case and there is no default */
TRACE_EVENT(tc_btree_error,
	TP_PROTO(struct tc_btree_cur *cur),
	TP_ARGS(cur),
	TP_STRUCT__entry(
		__field(unsigned int, agno)
		__field(unsigned long long, ino)
	),
	TP_fast_assign(
		switch (cur->bc_ops->type) {
		case TC_BTREE_TYPE_INODE:
			__entry->agno = 0;
			__entry->ino = cur->bc_ino.ip->i_ino;
			break;
		case TC_BTREE_TYPE_AG:
			__entry->agno = cur->bc_ag.pag->pag_agno;
			__entry->ino = 0;
			break;
		}
	),
	TP_printk("agno 0x%x ino 0x%llx", __entry->agno, __entry->ino)
);
#define TC_SMBUS_QUICK 0
#define TC_SMBUS_BYTE 1
#define TC_SMBUS_BYTE_DATA 2
#define TC_SMBUS_WORD_DATA 3
#define TC_SMBUS_BLOCK_DATA 5
#define TC_SMBUS_BLOCK_MAX 32
union tc_smbus_data { unsigned char block[TC_SMBUS_BLOCK_MAX + 2]; };
/* len: every arm, the default too; buf: only the arms that reach copy */
TRACE_EVENT(tc_smbus_write,
	TP_PROTO(unsigned short addr, int protocol, const union tc_smbus_data *data),
	TP_ARGS(addr, protocol, data),
	TP_STRUCT__entry(
		__field(unsigned short, addr)
		__field(unsigned char, len)
		__field(unsigned int, protocol)
		__array(unsigned char, buf, TC_SMBUS_BLOCK_MAX + 2)
	),
	TP_fast_assign(
		__entry->addr = addr;
		__entry->protocol = protocol;
		switch (protocol) {
		case TC_SMBUS_BYTE_DATA:
			__entry->len = 1;
			goto copy;
		case TC_SMBUS_WORD_DATA:
			__entry->len = 2;
			goto copy;
		case TC_SMBUS_BLOCK_DATA:
			__entry->len = data->block[0] + 1;
		copy:
			memcpy(__entry->buf, data->block, __entry->len);
			break;
		case TC_SMBUS_QUICK:
		case TC_SMBUS_BYTE:
		default:
			__entry->len = 0;
		}
	),
	TP_printk("a=%03x p=%u l=%u [%*phD]", __entry->addr, __entry->protocol,
		  __entry->len, __entry->len, __entry->buf)
);
/* an arm that may break before it writes: len is not always written */
TRACE_EVENT(tc_smbus_early_break,
	TP_PROTO(int protocol, const union tc_smbus_data *data),
	TP_ARGS(protocol, data),
	TP_STRUCT__entry(
		__field(unsigned char, len)
		__field(unsigned int, protocol)
	),
	TP_fast_assign(
		__entry->protocol = protocol;
		switch (protocol) {
		case TC_SMBUS_BLOCK_DATA:
			if (!data)
				break;
			__entry->len = data->block[0] + 1;
			break;
		default:
			__entry->len = 0;
		}
	),
	TP_printk("p=%u l=%u", __entry->protocol, __entry->len)
);
#endif
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-unassigned-switch
#include <trace/define_trace.h>
