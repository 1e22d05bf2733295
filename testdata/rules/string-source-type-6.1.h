/* SPDX-License-Identifier: MIT */
/* string-source-type on 6.1: the stages cast the source; the 2-argument __assign_str(); tc_ssrc61_old is hns3 hclgevf_trace.h hclge_vf_mbx_get before 2024 (&...->name). */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_ssrc61

#if !defined(_TC_SSRC61_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_SSRC61_H

#include <linux/tracepoint.h>

struct tc_netdev {
	char name[16];
	int ifindex;
};

/*
 * positive: &dev->name works on 6.1 (a warning: it stops building from
 * 6.10); a struct pointer is copied as if a string (an error); the same
 * source in __assign_str() is not reported twice; __assign_str_len() copies
 * 20 bytes from a 16-byte array
 */
TRACE_EVENT(tc_ssrc61_old,
	TP_PROTO(const struct tc_netdev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__string(name, &dev->name)
		__string(dev, dev->name)
		__string_len(idx, &dev->ifindex, 4)
		__string_len(first, dev->name, 4)
	),
	TP_fast_assign(
		__assign_str(name, &dev->name);
		__assign_str(dev, dev);
		__assign_str_len(idx, &dev->ifindex, 4);
		__assign_str_len(first, dev->name, 20);
	),
	TP_printk("name=%s dev=%s idx=%s first=%s", __get_str(name), __get_str(dev), __get_str(idx),
		  __get_str(first))
);

/*
 * positive: include/trace/events/fib6.h fib6_table_lookup before 6.0's
 * "tracing/ipv4/ipv6: Use static array for name field in fib*_lookup_table
 * event": a __dynamic_array() that __assign_str() fills from the struct
 * net_device * itself; negatives: the "-" of its else branch, and fib.h
 * fib_table_lookup's dev ? dev->name : "-" into the same kind of field
 */
TRACE_EVENT(tc_ssrc61_fib6,
	TP_PROTO(const struct tc_netdev *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		__dynamic_array(char, name, 16)
		__dynamic_array(char, name4, 16)
	),
	TP_fast_assign(
		if (dev) {
			__assign_str(name, dev);
		} else {
			__assign_str(name, "-");
		}
		__assign_str(name4, dev ? dev->name : "-");
	),
	TP_printk("name=%s name4=%s", __get_str(name), __get_str(name4))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE string-source-type-6.1
#include <trace/define_trace.h>

/*
 * check-name: string-source-type on 6.1: &dev->name works by chance (a warning), a struct pointer is copied as a string (an error, into a __dynamic_array() too), the _len forms are not checked
 * check-command: tracecheck --kernel-version 6.1 --disable layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/string-source-type-6.1.h:26:12: warning: the source of __string() 'name' is 'char (*)[16]', a pointer to a char array, not to its first char: the kernel casts it to const char *, the same address, so it works before 6.10; from then the event does not build (-Werror=incompatible-pointer-types) [string-source-type]
testdata/rules/string-source-type-6.1.h:26:12: note: drop the '&': the array itself decays to a pointer to its first char
testdata/rules/string-source-type-6.1.h:33:3: error: __assign_str() copies 'dev' into 'dev', whose room __string() reserved for 'dev->name': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
testdata/rules/string-source-type-6.1.h:33:3: error: the source of __assign_str() 'dev' is 'struct tc_netdev *', a pointer to something else than char: the kernel casts it to const char * and strlen()/strcpy() read its bytes up to the first NUL, which is no string; from 6.10 the event does not build [string-source-type]
testdata/rules/string-source-type-6.1.h:35:3: error: __assign_str_len() 'first' copies 20 bytes from its source, a 16-byte array: the copy reads past its end [string-source-type]
testdata/rules/string-source-type-6.1.h:57:4: error: the source of __assign_str() 'name' is 'struct tc_netdev *', a pointer to something else than char: the kernel casts it to const char * and strlen()/strcpy() read its bytes up to the first NUL, which is no string; from 6.10 the event does not build [string-source-type]
check-output-end
 */
