/* SPDX-License-Identifier: MIT */
/* string-source-type: string helpers' sources that are no strings. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ssrc

#if !defined(_TC_SSRC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_SSRC_H

#include <linux/tracepoint.h>

/* as struct net_device: the name is an array */
struct tc_netdev {
	char name[16];
	int ifindex;
	const unsigned char *dev_addr;
	void *priv;
};
const char *tc_netdev_name(const struct tc_netdev *dev);

/* positive: __string(name, &dev->name), char (*)[16] (the example); a struct pointer */
TRACE_EVENT(tc_ssrc_addr_of_name,
	TP_PROTO(const struct tc_netdev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, &dev->name)
		__string(dev, dev)
		__string_len(idx, &dev->ifindex, 4)
	),
	TP_fast_assign(
		__assign_str(name);
		__assign_str(dev);
		__assign_str(idx);
	),
	TP_printk("name=%s dev=%s idx=%s", __get_str(name), __get_str(dev), __get_str(idx))
);

/*
 * positive: lengths that do not fit the source: 20 bytes of the 16-byte
 * name, sizeof of a pointer for the pointed-to string (fs/nfsd/trace.h
 * passes the length it is given: __string_len(name, name, namlen))
 */
TRACE_EVENT(tc_ssrc_length,
	TP_PROTO(const struct tc_netdev *dev, const char *tag),
	TP_ARGS(dev, tag),
	TP_STRUCT__entry(
		__string_len(name, dev->name, 20)
		__string_len(tag, tag, sizeof(tag))
	),
	TP_fast_assign(
		__assign_str(name);
		__assign_str(tag);
	),
	TP_printk("name=%s tag=%s", __get_str(name), __get_str(tag))
);

/*
 * negative: include/trace/events/net.h net_dev_start_xmit (7.2):
 * __string(name, dev->name), the array decays; a function's const char *,
 * unsigned char and void pointers, a literal, an explicit cast
 */
TRACE_EVENT(tc_ssrc_ok,
	TP_PROTO(const struct tc_netdev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, dev->name)
		__string(fn, tc_netdev_name(dev))
		__string(addr, dev->dev_addr)
		__string(priv, dev->priv)
		__string(lit, "none")
		__string(cast, (const char *)&dev->name)
		__string_len(part, dev->name, 8)
		__string_len(whole, dev->name, sizeof(dev->name))
	),
	TP_fast_assign(
		__assign_str(name);
		__assign_str(fn);
		__assign_str(addr);
		__assign_str(priv);
		__assign_str(lit);
		__assign_str(cast);
		__assign_str(part);
		__assign_str(whole);
	),
	TP_printk("%s %s %s %s %s %s %s %s", __get_str(name), __get_str(fn), __get_str(addr),
		  __get_str(priv), __get_str(lit), __get_str(cast), __get_str(part), __get_str(whole))
);


/*
 * the name comes from a function the .c that includes the header declares
 * first (--fix of printk-call writes such a __string()): here C guesses
 * "int ()" for it, which says nothing of its type -- not reported
 */
TRACE_EVENT(tc_ssrc_undeclared,
	TP_PROTO(int state),
	TP_ARGS(state),
	TP_STRUCT__entry(
		__string(state_str, tc_ssrc_state_name(state))
	),
	TP_fast_assign(
		__assign_str(state_str);
	),
	TP_printk("%s", __get_str(state_str))
);
#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE string-source-type
#include <trace/define_trace.h>

/*
 * check-name: string-source-type: __string() sources that are no strings (&dev->name, a struct pointer) do not build from 6.10; char, unsigned char and void pointers, arrays and casts are strings
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/string-source-type.h:25:12: error: the source of __string() 'name' is 'char (*)[16]', a pointer to a char array, not to its first char: from 6.10 the kernel hands it to a const char * (__string_src(), item_ptr_) and the event does not build (-Werror=incompatible-pointer-types) [string-source-type]
testdata/rules/string-source-type.h:25:12: note: drop the '&': the array itself decays to a pointer to its first char
testdata/rules/string-source-type.h:26:12: error: the source of __string() 'dev' is 'struct tc_netdev *', a pointer to something else than char: from 6.10 the kernel hands it to a const char * (__string_src(), item_ptr_) and the event does not build (-Werror=incompatible-pointer-types) [string-source-type]
testdata/rules/string-source-type.h:27:16: error: the source of __string_len() 'idx' is 'int *', a pointer to something else than char: from 6.10 the kernel hands it to a const char * (__string_src(), item_ptr_) and the event does not build (-Werror=incompatible-pointer-types) [string-source-type]
testdata/rules/string-source-type.h:46:16: error: __string_len() 'name' copies 20 bytes from its source, a 16-byte array: the copy reads past its end [string-source-type]
testdata/rules/string-source-type.h:47:16: error: the length given to __string_len() 'tag' is sizeof of a pointer, 8 bytes whatever the string's length: a shorter string is read past its end, a longer one cut [string-source-type]
check-output-end
 */
