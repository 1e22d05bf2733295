/*
 * check-name: a TP_printk() that a macro writes (cxl's CXL_EVT_TP_printk(), s390 kvm's VCPU_TP_PRINTK()): the arguments the macro writes itself (cxl's &__entry->hdr_uuid) have no place of their own, so every finding about them is at the event (subject 'arg:?'), and libtraceevent's verdict on the argument still merges into printk-construct's finding on it; those the event passes it are at their place
 * check-command: tracecheck -v --no-kernel-tree $file; tracecheck --no-kernel-tree --format=json $file | grep -o '"rule":"[a-z-]*","message"\|"subject":"[^"]*"' | sed 's/,"message"//' | paste - -
 * check-exit-value: 0
 *
 * check-output-start
testdata/rules/printk-construct-unplaced.h:27:1: error: TP_printk() argument '&__entry->uuid' has the unary '&' in '&REC->uuid', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-construct-unplaced.h:27:1: note: libtraceevent 1.7.1 to 1.9.0 reject the unary '&' ('bad op token &'); after a cast they read it as a binary '&' of the type name, which is 0
testdata/rules/printk-construct-unplaced.h:38:54: note: argument '&__entry->uuid' has the unary '&' in '&REC->uuid' too
testdata/rules/printk-construct-unplaced.h:27:1: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-construct-unplaced.h:27:1: note: libtraceevent 1.7.1 to 1.9.0 cannot parse this argument: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-userspace]
testdata/rules/printk-construct-unplaced.h:27:1: note: libtraceevent says: [tc_unplaced:tc_unplaced] bad op token &
"rule":"printk-construct"	"subject":"class:tc_unplaced arg:?"
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_unplaced

#if !defined(_TC_UNPLACED_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_UNPLACED_H

#include <linux/tracepoint.h>

#define TC_EVT_TP_printk(fmt, ...) \
	TP_printk("dev=%u uuid=%pUb " fmt, __entry->dev, &__entry->uuid, ##__VA_ARGS__)

TRACE_EVENT(tc_unplaced,
	TP_PROTO(unsigned int dev, const unsigned char *uuid),
	TP_ARGS(dev, uuid),
	TP_STRUCT__entry(
		__field(unsigned int, dev)
		__array(unsigned char, uuid, 16)
	),
	TP_fast_assign(
		__entry->dev = dev;
		memcpy(__entry->uuid, uuid, 16);
	),
	TC_EVT_TP_printk("dev=%u again=%pUb", __entry->dev, &__entry->uuid)
);

#endif /* _TC_UNPLACED_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-construct-unplaced
#include <trace/define_trace.h>
