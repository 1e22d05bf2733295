/* SPDX-License-Identifier: MIT */
/*
 * assign-str-mismatch on 6.1 when __assign_str() is written in the body of
 * a macro the event uses: the source compared is the macro's own argument,
 * not the text at the place the macro is expanded.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_asmac

#if !defined(_TC_ASMAC_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_ASMAC_H

#include <linux/tracepoint.h>

struct tc_cmd_header {
	unsigned char cmd, group_id;
};

struct device;
const char *dev_name(const struct device *dev);
const char *tc_drv_name(const struct device *dev);

/* 6.1 drivers/net/wireless/intel/iwlwifi/iwl-devtrace.h */
#define DEV_ENTRY	__string(dev, dev_name(dev))
#define DEV_ASSIGN	__assign_str(dev, dev_name(dev))

/* 6.1 net/mac80211/trace.h: VIF_ENTRY, VIF_ASSIGN, several statements */
struct tc_sdata {
	char name[16];
	int type;
};
#define VIF_ENTRY	__field(int, vif_type)				\
			__string(vif_name, sdata->name)
#define VIF_ASSIGN	__entry->vif_type = sdata->type;		\
			__assign_str(vif_name, sdata->name)

/* a function-like macro: its argument is the source */
#define NAME_ASSIGN(src)	__assign_str(name, src)
#define TC_NAME(d)		dev_name(d)

/* 6.1 drivers/infiniband/hw/hfi1/hfi.h: DD_DEV_ENTRY(dd), DD_DEV_ASSIGN(dd) */
struct tc_devdata {
	const struct device *dev;
};
#define DD_DEV_ENTRY(dd)	__string(dev, dev_name((dd)->dev))
#define DD_DEV_ASSIGN(dd)	__assign_str(dev, dev_name((dd)->dev))

/* positive: the macro's own source is another string than __string()'s */
#define BAD_ASSIGN	__assign_str(dev, tc_drv_name(dev))

/*
 * negative: 6.1 iwl-devtrace-iwlwifi.h, iwlwifi_dev_hcmd; the text after
 * DEV_ASSIGN is not __assign_str()'s ("copies 'hdr'" before the fix)
 */
TRACE_EVENT(tc_asmac_hcmd,
	TP_PROTO(const struct device *dev, struct tc_cmd_header *hdr),
	TP_ARGS(dev, hdr),
	TP_STRUCT__entry(
		DEV_ENTRY
		__dynamic_array(unsigned char, hcmd, sizeof(*hdr))
	),
	TP_fast_assign(
		DEV_ASSIGN;
		memcpy(__get_dynamic_array(hcmd), hdr, sizeof(*hdr));
	),
	TP_printk("[%s] hcmd %#.2x", __get_str(dev), ((unsigned char *)__get_dynamic_array(hcmd))[0])
);

/*
 * negative: 6.1 iwl-devtrace-io.h, iwlwifi_dev_ioread32; the text after
 * DEV_ASSIGN is the next event's ("copies '__get_str(dev)'" before the fix)
 */
TRACE_EVENT(tc_asmac_ioread32,
	TP_PROTO(const struct device *dev, unsigned int offs),
	TP_ARGS(dev, offs),
	TP_STRUCT__entry(
		DEV_ENTRY
		__field(unsigned int, offs)
	),
	TP_fast_assign(
		DEV_ASSIGN;
		__entry->offs = offs;
	),
	TP_printk("[%s] read io[%#x]", __get_str(dev), __entry->offs)
);

/* negative: 6.1 net/mac80211/trace.h, drv_add_interface (VIF_ASSIGN) */
TRACE_EVENT(tc_asmac_add_interface,
	TP_PROTO(struct tc_sdata *sdata, const unsigned char *addr),
	TP_ARGS(sdata, addr),
	TP_STRUCT__entry(
		VIF_ENTRY
		__array(char, addr, 6)
	),
	TP_fast_assign(
		VIF_ASSIGN;
		memcpy(__entry->addr, (addr), 6);
	),
	TP_printk("vif:%s(%d) addr:%pM", __get_str(vif_name), __entry->vif_type, __entry->addr)
);

/*
 * negative: 6.1 drivers/infiniband/hw/hfi1/trace_misc.h, hfi1_interrupt
 * (DD_DEV_ENTRY/DD_DEV_ASSIGN); a macro given to a function-like macro
 * reaches __assign_str() expanded, and is the same source as __string()'s
 */
TRACE_EVENT(tc_asmac_dd,
	TP_PROTO(struct tc_devdata *dd, const struct device *dev),
	TP_ARGS(dd, dev),
	TP_STRUCT__entry(
		DD_DEV_ENTRY(dd)
		__string(name, TC_NAME(dev))
	),
	TP_fast_assign(
		DD_DEV_ASSIGN(dd);
		NAME_ASSIGN(TC_NAME(dev));
	),
	TP_printk("[%s] %s", __get_str(dev), __get_str(name))
);

/* positive: a source that differs, in a macro's body and in a macro's argument */
TRACE_EVENT(tc_asmac_bad,
	TP_PROTO(const struct device *dev),
	TP_ARGS(dev),
	TP_STRUCT__entry(
		DEV_ENTRY
		__string(name, dev_name(dev))
	),
	TP_fast_assign(
		BAD_ASSIGN;
		NAME_ASSIGN(tc_drv_name(dev));
	),
	TP_printk("[%s] %s", __get_str(dev), __get_str(name))
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE assign-str-macro-6.1
#include <trace/define_trace.h>

/*
 * check-name: assign-str-mismatch on 6.1: the source of an __assign_str() written in a macro's body is the macro's own argument
 * check-command: tracecheck --kernel-version 6.1 --disable layout-hole $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/assign-str-macro-6.1.h:130:3: error: __assign_str() copies 'tc_drv_name(dev)' into 'dev', whose room __string() reserved for 'dev_name(dev)': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
testdata/rules/assign-str-macro-6.1.h:131:3: error: __assign_str() copies 'tc_drv_name(dev)' into 'name', whose room __string() reserved for 'dev_name(dev)': a longer string overruns the record, a shorter one leaves stale bytes [assign-str-mismatch]
check-output-end
 */
