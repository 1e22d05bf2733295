/* SPDX-License-Identifier: MIT */
/*
 * How tracecheck reads a trace remote's event header (7.x), which
 * neither includes <trace/define_trace.h> nor is included with
 * CREATE_TRACE_POINTS: the kernel reads it through
 * include/trace/define_remote_events.h (kernel/trace/remote_test.c) or,
 * for the arm64 hypervisor's HYP_EVENT()s, through
 * arch/arm64/include/asm/kvm_define_hypevents.h, twice: the print
 * function, then the fields and the print fmt of struct remote_event.
 * Here <trace/define_trace.h> reads the header named by
 * __TRACECHECK_SELF once per pass of <trace/tc_stages.h>, where
 * REMOTE_EVENT() and HYP_EVENT() are events (__TC_REMOTE_UNIT), and
 * once more for the print fmt as define_remote_events.h spells it.
 * HYP_EVENT_MULTI_READ opens kvm_hypevents.h's guard, as
 * kvm_define_hypevents.h does.
 */
#include <linux/tracepoint.h>	/* as define_remote_events.h's <linux/trace_events.h> */

#define __TC_REMOTE_UNIT 1
#define HYP_EVENT_MULTI_READ
#define CREATE_TRACE_POINTS
#include <trace/define_trace.h>
#undef HYP_EVENT_MULTI_READ
#undef __TC_REMOTE_UNIT
