/* SPDX-License-Identifier: MIT */
/*
 * field-unassigned: the bytes of an array that every path writes.
 *
 * From the real code: drivers/infiniband/hw/irdma/trace_cm.h (6.12,
 * 7.2), irdma_create_listen and qhash_template: memcpy() of 4 bytes
 * into __dynamic_array(u32, laddr, 4), whose 16 bytes %pI6 prints for an
 * IPv6 address, and ether_addr_copy() of ETH_ALEN bytes into
 * __dynamic_array(u32, mac, ETH_ALEN), 24 bytes (reported, with the gap);
 * include/trace/events/libata.h (7.2), ata_link_reset_begin_template:
 * memcpy(__entry->class, class, 2) copies 2 bytes of an unsigned int[2]
 * (reported); fs/smb/client/trace.h (7.2), smb3_kerberos_auth: a string
 * literal with its NUL copied into a larger char array (quiet).
 * Constructed beside them: a store through a __be32 pointer into a
 * 16-byte array and a strncpy() of 8 bytes into a 16-byte name
 * (reported); an IPv4 arm that copies 4 bytes where the IPv6 arm copies
 * 16 (reported: the bytes both write); two copies at element offsets
 * that together fill the array, a memset() before the short copy, a copy
 * of sizeof the field, a copy whose size is a local set once (quiet);
 * element stores by index, on every path and in one arm only.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_bytes

#if !defined(_TC_BYTES_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_BYTES_H

#include <linux/tracepoint.h>

#ifndef _TC_BYTES_DEFS
#define _TC_BYTES_DEFS
#define TC_ETH_ALEN 6
void ether_addr_copy(u8 *dst, const u8 *src);
struct tc_cm_info { u32 loc_addr[4]; u16 loc_port; bool ipv4; };
struct tc_listener { u32 loc_addr[4]; u16 vlan_id; };
struct tc_sock { __be32 v4; u32 v6[4]; const char *name; bool ipv4; };
#endif

/* drivers/infiniband/hw/irdma/trace_cm.h, irdma_create_listen */
TRACE_EVENT(tc_create_listen,
	TP_PROTO(struct tc_cm_info *cm_info),
	TP_ARGS(cm_info),
	TP_STRUCT__entry(
		__dynamic_array(u32, laddr, 4)
		__field(u16, lport)
		__field(bool, ipv4)
	),
	TP_fast_assign(
		__entry->lport = cm_info->loc_port;
		__entry->ipv4 = cm_info->ipv4;
		memcpy(__get_dynamic_array(laddr), cm_info->loc_addr, 4);
	),
	TP_printk("loc: %pI6 port %u ipv4 %d", __get_dynamic_array(laddr), __entry->lport,
		  __entry->ipv4)
);

/* drivers/infiniband/hw/irdma/trace_cm.h, qhash_template */
TRACE_EVENT(tc_qhash,
	TP_PROTO(struct tc_listener *listener, const char *dev_addr),
	TP_ARGS(listener, dev_addr),
	TP_STRUCT__entry(
		__field(u16, vlan_id)
		__dynamic_array(u32, laddr, 4)
		__dynamic_array(u32, mac, TC_ETH_ALEN)
	),
	TP_fast_assign(
		__entry->vlan_id = listener->vlan_id;
		memcpy(__get_dynamic_array(laddr), listener->loc_addr, 4);
		ether_addr_copy(__get_dynamic_array(mac), dev_addr);
	),
	TP_printk("vlan=%d MAC=%6phC loc: %pI6", __entry->vlan_id, __get_dynamic_array(mac),
		  __get_dynamic_array(laddr))
);

/* include/trace/events/libata.h, ata_link_reset_begin_template */
TRACE_EVENT(tc_link_reset_begin,
	TP_PROTO(unsigned int port, unsigned int *class, unsigned long deadline),
	TP_ARGS(port, class, deadline),
	TP_STRUCT__entry(
		__field(unsigned int, ata_port)
		__array(unsigned int, class, 2)
		__field(unsigned long, deadline)
	),
	TP_fast_assign(
		__entry->ata_port = port;
		memcpy(__entry->class, class, 2);
		__entry->deadline = deadline;
	),
	TP_printk("ata_port=%u deadline=%lu classes=[%u,%u]", __entry->ata_port,
		  __entry->deadline, __entry->class[0], __entry->class[1])
);

/* fs/smb/client/trace.h, smb3_kerberos_auth: quiet */
TRACE_EVENT(tc_kerberos_auth,
	TP_PROTO(bool kerberos, bool mount),
	TP_ARGS(kerberos, mount),
	TP_STRUCT__entry(
		__array(char, sec, sizeof("ntlmsspi"))
		__array(char, upcall_target, sizeof("mount"))
	),
	TP_fast_assign(
		if (kerberos)
			memcpy(__entry->sec, "krb5", sizeof("krb5"));
		else
			memcpy(__entry->sec, "iakerb", sizeof("iakerb"));
		if (mount)
			memcpy(__entry->upcall_target, "mount", sizeof("mount"));
		else
			memcpy(__entry->upcall_target, "app", sizeof("app"));
	),
	TP_printk("sec=%s upcall_target=%s", __entry->sec, __entry->upcall_target)
);

/* reported: a 4-byte store, an 8-byte strncpy(), the 4 bytes both arms write */
TRACE_EVENT(tc_bytes_short,
	TP_PROTO(const struct tc_sock *sk),
	TP_ARGS(sk),
	TP_STRUCT__entry(
		__array(u8, saddr, 16)
		__array(char, name, 16)
		__array(u32, daddr, 4)
		__array(u16, ports, 4)
	),
	TP_fast_assign(
		*(__be32 *)__entry->saddr = sk->v4;
		strncpy(__entry->name, sk->name, 8);
		if (sk->ipv4)
			memcpy(__entry->daddr, &sk->v4, 4);
		else
			memcpy(__entry->daddr, sk->v6, 16);
		__entry->ports[0] = 1;
		if (sk->ipv4)
			__entry->ports[1] = 2;
		__entry->ports[2] = 3;
		__entry->ports[3] = 4;
	),
	TP_printk("saddr %pI6 name %s daddr %pI6 ports %u", __entry->saddr, __entry->name,
		  __entry->daddr, __entry->ports[0])
);

/* quiet: every byte written on every path */
TRACE_EVENT(tc_bytes_whole,
	TP_PROTO(const struct tc_sock *sk),
	TP_ARGS(sk),
	TP_STRUCT__entry(
		__array(u32, halves, 4)
		__array(u32, v4mapped, 4)
		__array(u32, whole, 4)
		__array(u8, counted, 4)
		__array(u16, elems, 2)
	),
	TP_fast_assign(
		int n = 4;

		memcpy(&__entry->halves[0], sk->v6, 8);
		memcpy(&__entry->halves[2], &sk->v6[2], 8);
		if (sk->ipv4) {
			memset(__entry->v4mapped, 0, sizeof(__entry->v4mapped));
			memcpy(__entry->v4mapped, &sk->v4, 4);
		} else {
			memcpy(__entry->v4mapped, sk->v6, 16);
		}
		memcpy(__entry->whole, sk->v6, sizeof(__entry->whole));
		memcpy(__entry->counted, &sk->v4, n);
		__entry->elems[0] = 1;
		__entry->elems[1] = 2;
	),
	TP_printk("%pI6 %pI6 %pI6 %pI4 %u", __entry->halves, __entry->v4mapped, __entry->whole,
		  __entry->counted, __entry->elems[1])
);

#endif /* _TC_BYTES_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE field-unassigned-bytes

#include <trace/define_trace.h>

/*
 * check-name: field-unassigned: copies, stores and elements that write part of an array
 * check-command: tracecheck --no-kernel-tree --disable layout-hole,layout-abi $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/field-unassigned-bytes.h:44:24: warning: array field 'laddr' of event 'tc_create_listen' is written only in part (4 of its 16 bytes, not bytes 4-15); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:51:3: note: memcpy() writes 4 bytes here
testdata/rules/field-unassigned-bytes.h:63:24: warning: array field 'laddr' of event 'tc_qhash' is written only in part (4 of its 16 bytes, not bytes 4-15); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:68:3: note: memcpy() writes 4 bytes here
testdata/rules/field-unassigned-bytes.h:64:24: warning: array field 'mac' of event 'tc_qhash' is written only in part (6 of its 24 bytes, not bytes 6-23); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:69:3: note: ether_addr_copy() writes 6 bytes here
testdata/rules/field-unassigned-bytes.h:81:25: warning: array field 'class' of event 'tc_link_reset_begin' is written only in part (2 of its 8 bytes, not bytes 2-7); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:86:3: note: memcpy() writes 2 bytes here
testdata/rules/field-unassigned-bytes.h:119:15: warning: array field 'saddr' of event 'tc_bytes_short' is written only in part (4 of its 16 bytes, not bytes 4-15); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:125:3: note: this store writes 4 bytes
testdata/rules/field-unassigned-bytes.h:120:17: warning: array field 'name' of event 'tc_bytes_short' is written only in part (8 of its 16 bytes, not bytes 8-15); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:126:3: note: strncpy() writes 8 bytes here
testdata/rules/field-unassigned-bytes.h:121:16: warning: array field 'daddr' of event 'tc_bytes_short' is written only in part (4 of its 16 bytes, not bytes 4-15); the rest shows stale ring-buffer bytes [field-unassigned]
testdata/rules/field-unassigned-bytes.h:128:4: note: memcpy() writes 4 bytes here
testdata/rules/field-unassigned-bytes.h:122:16: warning: array field 'ports' of event 'tc_bytes_short' is written only in part (3 of its 4 elements); the rest shows stale ring-buffer bytes [field-unassigned]
 * check-output-end
 */
