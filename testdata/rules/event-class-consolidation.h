/* SPDX-License-Identifier: MIT */
/* event-class-consolidation: TRACE_EVENT()s that differ only in their names. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_consol

#if !defined(_TC_CONSOL_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_CONSOL_H

#include <linux/tracepoint.h>

struct drm_file;

/* positive: three events alike but for their names */
TRACE_EVENT(tc_consol_start,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

TRACE_EVENT(tc_consol_stop,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

TRACE_EVENT(tc_consol_pause,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d len=%u", __entry->id, __entry->len)
);

/* negative: the same record and assign, another print fmt */
TRACE_EVENT(tc_consol_other,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d length=%u", __entry->id, __entry->len)
);

/* negative: a print fmt that differs only in the white space of its literal prints otherwise */
TRACE_EVENT(tc_consol_spaced,
	TP_PROTO(int id, unsigned int len),
	TP_ARGS(id, len),
	TP_STRUCT__entry(
		__field(int, id)
		__field(unsigned int, len)
	),
	TP_fast_assign(
		__entry->id = id;
		__entry->len = len;
	),
	TP_printk("id=%d  len=%u", __entry->id, __entry->len)
);

/* positive: written otherwise (layout, comments), alike once read (drivers/gpu/drm/drm_trace.h) */
TRACE_EVENT(tc_consol_vblank_queued,
	    TP_PROTO(struct drm_file *file, int crtc, unsigned int seq),
	    TP_ARGS(file, crtc, seq),
	    TP_STRUCT__entry(
		    __field(struct drm_file *, file)
		    __field(int, crtc)
		    __field(unsigned int, seq)
	    ),
	    TP_fast_assign(
		    __entry->file = file;
		    __entry->crtc = crtc;
		    __entry->seq = seq;
	    ),
	    TP_printk("file=%p, crtc=%d, seq=%u", __entry->file, __entry->crtc, \
		      __entry->seq)
);

TRACE_EVENT(tc_consol_vblank_delivered,
	TP_PROTO(struct drm_file *file, int crtc,
		 unsigned int seq),
	TP_ARGS(file, crtc, seq),
	TP_STRUCT__entry(__field(struct drm_file *, file) __field(int, crtc)
			 __field(unsigned int, seq)),
	TP_fast_assign(__entry->file = file; /* who */
		       __entry->crtc = crtc;
		       __entry->seq = seq;),
	TP_printk("file=%p, crtc=%d, seq=%u", __entry->file, __entry->crtc, __entry->seq)
);

/* negative: alike an existing class, but that is a DEFINE_EVENT() away already, not a group */
DECLARE_EVENT_CLASS(tc_consol_flag_class,
	TP_PROTO(unsigned long flags),
	TP_ARGS(flags),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%lx", __entry->flags)
);

DEFINE_EVENT(tc_consol_flag_class, tc_consol_flag_set,
	TP_PROTO(unsigned long flags),
	TP_ARGS(flags));

TRACE_EVENT(tc_consol_flag_clear,
	TP_PROTO(unsigned long flags),
	TP_ARGS(flags),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%lx", __entry->flags)
);

/* negative: TRACE_EVENT_CONDITION() has a condition of its own */
TRACE_EVENT_CONDITION(tc_consol_cond_a,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v > 0),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

TRACE_EVENT_CONDITION(tc_consol_cond_b,
	TP_PROTO(int v),
	TP_ARGS(v),
	TP_CONDITION(v > 0),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = v;
	),
	TP_printk("v=%d", __entry->v)
);

/* negative: the same record, assigned from other arguments */
TRACE_EVENT(tc_consol_pair_a,
	TP_PROTO(int a, int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = a;
	),
	TP_printk("v=%d", __entry->v)
);

TRACE_EVENT(tc_consol_pair_b,
	TP_PROTO(int a, int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(int, v)
	),
	TP_fast_assign(
		__entry->v = b;
	),
	TP_printk("v=%d", __entry->v)
);

#endif

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE event-class-consolidation
#include <trace/define_trace.h>

/*
 * check-name: event-class-consolidation: off by default; enabled, one note per group of TRACE_EVENT()s alike
 * check-command: { tracecheck $file; echo "exit status $?"; tracecheck --enable event-class-consolidation $file; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
exit status 0
testdata/rules/event-class-consolidation.h:14:1: note: 3 TRACE_EVENT()s ('tc_consol_start', 'tc_consol_stop', 'tc_consol_pause') differ only in their names: as one DECLARE_EVENT_CLASS() with 3 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/rules/event-class-consolidation.h:14:1: note: DECLARE_EVENT_CLASS(tc_consol_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(tc_consol_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
testdata/rules/event-class-consolidation.h:87:1: note: 2 TRACE_EVENT()s ('tc_consol_vblank_queued', 'tc_consol_vblank_delivered') differ only in their names: as one DECLARE_EVENT_CLASS() with 2 DEFINE_EVENT()s they would share one probe, output function, field table and print fmt [event-class-consolidation]
testdata/rules/event-class-consolidation.h:87:1: note: DECLARE_EVENT_CLASS(tc_consol_vblank_class, ...) with this event's prototype, record, assign and print, then DEFINE_EVENT(tc_consol_vblank_class, NAME, TP_PROTO(...), TP_ARGS(...)) for each (--fix)
exit status 0
check-output-end
 */
