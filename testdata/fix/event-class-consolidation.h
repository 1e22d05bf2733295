/* SPDX-License-Identifier: MIT */
/*
 * --fix of event-class-consolidation (tests/check_fix.c checks the repair
 * against event-class-consolidation.h.diff and that every event's format
 * file is the same after it; testdata/cli/fix-consolidation.case runs
 * it from the command line): each group of
 * TRACE_EVENT()s alike becomes one DECLARE_EVENT_CLASS() where its first
 * event was and a DEFINE_EVENT() per event at the event's place, in the
 * indentation of the event's own TP_PROTO(); a group whose events are
 * under different #if branches is left alone.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM fix_consol

#if !defined(_TC_FIX_CONSOL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_FIX_CONSOL_H

#include <linux/tracepoint.h>

#ifndef _TC_FIX_CONSOL_TYPES
#define _TC_FIX_CONSOL_TYPES
#define FIX_CONSOL_DEBUG 1

struct fix_apic {
	int id;
};
#endif

/* kvm_eoi and kvm_pv_eoi in arch/x86/kvm/trace.h: named <shared words>_class */
TRACE_EVENT(fix_eoi,
	    TP_PROTO(struct fix_apic *apic, int vector),
	    TP_ARGS(apic, vector),

	TP_STRUCT__entry(
		__field(	__u32,		apicid		)
		__field(	int,		vector		)
	),

	TP_fast_assign(
		__entry->apicid		= apic->id;
		__entry->vector		= vector;
	),

	TP_printk("apicid %x vector %d", __entry->apicid, __entry->vector)
);

#ifdef FIX_CONSOL_DEBUG
/* a whole conditional between two events alike: they stay in one branch */
TRACE_EVENT(fix_debug,
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
#endif

TRACE_EVENT(fix_pv_eoi,
	TP_PROTO(struct fix_apic *apic,
		 int vector),
	TP_ARGS(apic, vector),

	TP_STRUCT__entry(
		__field(	__u32,	apicid	)
		__field(	int,	vector	)
	),

	TP_fast_assign(
		__entry->apicid	= apic->id;
		__entry->vector	= vector;
	),

	TP_printk("apicid %x vector %d",
		  __entry->apicid, __entry->vector)
);

/* the shared words make a class name the header has: the first event's name */
DECLARE_EVENT_CLASS(fix_dma_class,
	TP_PROTO(unsigned long addr),
	TP_ARGS(addr),
	TP_STRUCT__entry(
		__field(unsigned long, addr)
	),
	TP_fast_assign(
		__entry->addr = addr;
	),
	TP_printk("addr=%lx", __entry->addr)
);

DEFINE_EVENT(fix_dma_class, fix_dma_sync,
	TP_PROTO(unsigned long addr),
	TP_ARGS(addr));

TRACE_EVENT(fix_dma_map, TP_PROTO(unsigned long addr, size_t len), TP_ARGS(addr, len),
	TP_STRUCT__entry(__field(unsigned long, addr) __field(size_t, len)),
	TP_fast_assign(__entry->addr = addr; __entry->len = len;),
	TP_printk("addr=%lx len=%zu", __entry->addr, __entry->len))

TRACE_EVENT(fix_dma_unmap, TP_PROTO(unsigned long addr, size_t len), TP_ARGS(addr, len),
	TP_STRUCT__entry(__field(unsigned long, addr) __field(size_t, len)),
	TP_fast_assign(__entry->addr = addr; __entry->len = len;),
	TP_printk("addr=%lx len=%zu", __entry->addr, __entry->len))

/* two groups whose names share the same words (objagg.h): the second takes its first event's */
TRACE_EVENT(fix_obj_create,
	TP_PROTO(const void *obj),
	TP_ARGS(obj),
	TP_STRUCT__entry(
		__field(const void *, obj)
	),
	TP_fast_assign(
		__entry->obj = obj;
	),
	TP_printk("obj %p", __entry->obj)
);

TRACE_EVENT(fix_obj_get,
	TP_PROTO(const void *obj, unsigned int refcount),
	TP_ARGS(obj, refcount),
	TP_STRUCT__entry(
		__field(const void *, obj)
		__field(unsigned int, refcount)
	),
	TP_fast_assign(
		__entry->obj = obj;
		__entry->refcount = refcount;
	),
	TP_printk("obj %p, refcount %u", __entry->obj, __entry->refcount)
);

TRACE_EVENT(fix_obj_destroy,
	TP_PROTO(const void *obj),
	TP_ARGS(obj),
	TP_STRUCT__entry(
		__field(const void *, obj)
	),
	TP_fast_assign(
		__entry->obj = obj;
	),
	TP_printk("obj %p", __entry->obj)
);

TRACE_EVENT(fix_obj_put,
	TP_PROTO(const void *obj, unsigned int refcount),
	TP_ARGS(obj, refcount),
	TP_STRUCT__entry(
		__field(const void *, obj)
		__field(unsigned int, refcount)
	),
	TP_fast_assign(
		__entry->obj = obj;
		__entry->refcount = refcount;
	),
	TP_printk("obj %p, refcount %u", __entry->obj, __entry->refcount)
);

/* under different #if branches: the class would be missing for one */
#ifdef FIX_CONSOL_DEBUG
TRACE_EVENT(fix_queue_in,
	TP_PROTO(int q),
	TP_ARGS(q),
	TP_STRUCT__entry(
		__field(int, q)
	),
	TP_fast_assign(
		__entry->q = q;
	),
	TP_printk("q=%d", __entry->q)
);
#endif

TRACE_EVENT(fix_queue_out,
	TP_PROTO(int q),
	TP_ARGS(q),
	TP_STRUCT__entry(
		__field(int, q)
	),
	TP_fast_assign(
		__entry->q = q;
	),
	TP_printk("q=%d", __entry->q)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE event-class-consolidation
#include <trace/define_trace.h>

/*
 * check-name: --fix of event-class-consolidation: the findings it repairs (off by default)
 * check-command: { tracecheck $file; echo "exit status $?"; tracecheck --enable event-class-consolidation $file; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
exit status 0
testdata/fix/event-class-consolidation.h:30:1: note: 2 TRACE_EVENT()s ('fix_eoi', 'fix_pv_eoi') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/fix/event-class-consolidation.h:30:1: note: DECLARE_EVENT_CLASS(fix_eoi_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(fix_eoi_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/fix/event-class-consolidation.h:98:1: note: 2 TRACE_EVENT()s ('fix_dma_map', 'fix_dma_unmap') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/fix/event-class-consolidation.h:98:1: note: DECLARE_EVENT_CLASS(fix_dma_map_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(fix_dma_map_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/fix/event-class-consolidation.h:109:1: note: 2 TRACE_EVENT()s ('fix_obj_create', 'fix_obj_destroy') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/fix/event-class-consolidation.h:109:1: note: DECLARE_EVENT_CLASS(fix_obj_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(fix_obj_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/fix/event-class-consolidation.h:121:1: note: 2 TRACE_EVENT()s ('fix_obj_get', 'fix_obj_put') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/fix/event-class-consolidation.h:121:1: note: DECLARE_EVENT_CLASS(fix_obj_get_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(fix_obj_get_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/fix/event-class-consolidation.h:163:1: note: 2 TRACE_EVENT()s ('fix_queue_in', 'fix_queue_out') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/fix/event-class-consolidation.h:163:1: note: DECLARE_EVENT_CLASS(fix_queue_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(fix_queue_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
exit status 0
 * check-output-end
 */
