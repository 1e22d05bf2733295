/* SPDX-License-Identifier: MIT */
/*
 * unused-tracepoint against make UT=1 (7.2): tracepoints attached to but
 * never fired, and ones fired only in code built with one option.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tput

#if !defined(_TRACE_TPUT_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TRACE_TPUT_H

#include <linux/tracepoint.h>

DECLARE_EVENT_CLASS(tput_class,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

/*
 * note: fired only in block/blk-zoned.c, obj-$(CONFIG_BLK_DEV_ZONED)
 * (7.2 block.h, blkdev_zone_mgmt)
 */
DEFINE_EVENT(tput_class, tput_zone_mgmt,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/*
 * note: fired only in fs/tput/ondemand.c, tput-$(CONFIG_TPUT_ONDEMAND)
 * of the composite tput.o (7.2 cachefiles.h, cachefiles_ondemand_open)
 */
DEFINE_EVENT(tput_class, tput_ondemand_open,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: fired only under #ifdef CONFIG_GPIOLIB (7.2 asoc.h, snd_soc_jack_irq) */
DEFINE_EVENT(tput_class, tput_jack_irq,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note: fired under #if IS_ENABLED(CONFIG_TPUT_DEBUG) && defined(CONFIG_SMP) */
DEFINE_EVENT(tput_class, tput_debug,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/*
 * negative: the event is under the #ifdef of its caller's option
 * (7.2 alarmtimer.h, alarmtimer_suspend, hidden under CONFIG_RTC_CLASS in 6.17)
 */
#ifdef CONFIG_RTC_CLASS
DEFINE_EVENT(tput_class, tput_alarm_suspend,
	TP_PROTO(int v),
	TP_ARGS(v)
);
#endif /* CONFIG_RTC_CLASS */

/*
 * note: fired only under #ifdef CONFIG_GPIOLIB, defined only without it
 * (#ifndef, and #if !defined()): never under the caller's option
 */
#ifndef CONFIG_GPIOLIB
DEFINE_EVENT(tput_class, tput_jack_nogpio,
	TP_PROTO(int v),
	TP_ARGS(v)
);
#endif
#if !defined(CONFIG_GPIOLIB)
DEFINE_EVENT(tput_class, tput_jack_nogpio2,
	TP_PROTO(int v),
	TP_ARGS(v)
);
#endif

/* negative: fired in fs/tput/main.c, built with the instantiator itself */
DEFINE_EVENT(tput_class, tput_main,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: fired under CONFIG_GPIOLIB and also unconditionally */
DEFINE_EVENT(tput_class, tput_everywhere,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/*
 * negative: fired under CONFIG_IRQ_WORK in one file and CONFIG_SMP in
 * another (7.2 ipi.h, ipi_send_cpu): built when either is, no one option
 */
DEFINE_EVENT(tput_class, tput_send_cpu,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: fired in the #else of an #ifdef, and under #ifndef */
DEFINE_EVENT(tput_class, tput_else,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: fired under #if defined(CONFIG_A) || defined(CONFIG_B) */
DEFINE_EVENT(tput_class, tput_either,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/*
 * negative: fired only with CONFIG_BRIDGE, but exported, which make UT=1
 * counts (7.2 bridge.h, br_fdb_add, exported by net/core/net-traces.c)
 */
DEFINE_EVENT(tput_class, tput_fdb_add,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/*
 * negative: fired in drivers/scsi/libtput.c, which the Makefile builds
 * for two options (7.2 libiscsi.o, under eight)
 */
DEFINE_EVENT(tput_class, tput_dbg_conn,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* negative: trace_call__tput_direct() under trace_tput_direct_enabled() */
DEFINE_EVENT(tput_class, tput_direct,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note (one level lower): only register_trace_tput_probed(), never fired */
DEFINE_EVENT(tput_class, tput_probed,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* note (one level lower): only trace_tput_tested_enabled(), never fired */
DEFINE_EVENT(tput_class, tput_tested,
	TP_PROTO(int v),
	TP_ARGS(v)
);

/* warning: nothing uses it at all */
DEFINE_EVENT(tput_class, tput_unused,
	TP_PROTO(int v),
	TP_ARGS(v)
);

#endif /* _TRACE_TPUT_H */

#include <trace/define_trace.h>
