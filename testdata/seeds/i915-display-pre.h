/* SPDX-License-Identifier: MIT */
/*
 * A minimal reproduction, written for tracecheck, of the i915 display
 * events that commit 60e82e56d36f ("drm/i915/display: Store pipe name in
 * trace events") changed: the same field types and order, simplified
 * assign code, and the pipe name computed in TP_printk() (pre-image).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM i915

#if !defined(_TC_I915_PRE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_I915_PRE_H

#include <linux/types.h>
#include <linux/tracepoint.h>

#ifndef _TC_I915_HELPERS
#define _TC_I915_HELPERS
enum pipe { PIPE_A, PIPE_B, PIPE_C, PIPE_D };
#define pipe_name(p) ((p) + 'A')
struct tc_crtc { enum pipe pipe; const char *dev; u32 frame, scanline; };
struct tc_plane { enum pipe pipe; const char *dev; const char *name; u32 frame, scanline; };
#define dev_name_of(obj) ((obj)->dev)
#endif

TRACE_EVENT(intel_pipe_enable,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__array(u32, frame, 3)
		__array(u32, scanline, 3)
		__field(enum pipe, pipe)
	),

	TP_fast_assign(
		__assign_str(dev);
		memset(__entry->frame, 0, sizeof(__entry->frame));
		memset(__entry->scanline, 0, sizeof(__entry->scanline));
		__entry->pipe = crtc->pipe;
	),

	TP_printk("dev %s, pipe %c, frame[0]=%u, scanline[0]=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame[0],
		  __entry->scanline[0])
);

TRACE_EVENT(intel_pipe_disable,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__array(u32, frame, 3)
		__array(u32, scanline, 3)
		__field(enum pipe, pipe)
	),

	TP_fast_assign(
		__assign_str(dev);
		memset(__entry->frame, 0, sizeof(__entry->frame));
		memset(__entry->scanline, 0, sizeof(__entry->scanline));
		__entry->pipe = crtc->pipe;
	),

	TP_printk("dev %s, pipe %c, frame[0]=%u, scanline[0]=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame[0],
		  __entry->scanline[0])
);

TRACE_EVENT(intel_crtc_flip_done,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_pipe_crc,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__array(u32, crcs, 5)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		memset(__entry->crcs, 0, sizeof(__entry->crcs));
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, crcs[0]=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->crcs[0])
);

TRACE_EVENT(intel_cpu_fifo_underrun,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_pch_fifo_underrun,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(g4x_wm,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(u16, primary)
		__field(u16, sprite)
		__field(u16, cursor)
		__field(u16, sr_plane)
		__field(u16, sr_cursor)
		__field(u16, sr_fbc)
		__field(u16, hpll_plane)
		__field(u16, hpll_cursor)
		__field(u16, hpll_fbc)
		__field(bool, cxsr)
		__field(bool, hpll)
		__field(bool, fbc)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		__entry->primary = 0;
		__entry->sprite = 0;
		__entry->cursor = 0;
		__entry->sr_plane = 0;
		__entry->sr_cursor = 0;
		__entry->sr_fbc = 0;
		__entry->hpll_plane = 0;
		__entry->hpll_cursor = 0;
		__entry->hpll_fbc = 0;
		__entry->cxsr = 0;
		__entry->hpll = 0;
		__entry->fbc = 0;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, primary=%u, sprite=%u, cursor=%u, sr_plane=%u, sr_cursor=%u, sr_fbc=%u, hpll_plane=%u, hpll_cursor=%u, hpll_fbc=%u, cxsr=%u, hpll=%u, fbc=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->primary,
		  __entry->sprite,
		  __entry->cursor,
		  __entry->sr_plane,
		  __entry->sr_cursor,
		  __entry->sr_fbc,
		  __entry->hpll_plane,
		  __entry->hpll_cursor,
		  __entry->hpll_fbc,
		  __entry->cxsr,
		  __entry->hpll,
		  __entry->fbc)
);

TRACE_EVENT(vlv_wm,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(u32, level)
		__field(u32, cxsr)
		__field(u32, primary)
		__field(u32, sprite0)
		__field(u32, sprite1)
		__field(u32, cursor)
		__field(u32, sr_plane)
		__field(u32, sr_cursor)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		__entry->level = 0;
		__entry->cxsr = 0;
		__entry->primary = 0;
		__entry->sprite0 = 0;
		__entry->sprite1 = 0;
		__entry->cursor = 0;
		__entry->sr_plane = 0;
		__entry->sr_cursor = 0;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, level=%u, cxsr=%u, primary=%u, sprite0=%u, sprite1=%u, cursor=%u, sr_plane=%u, sr_cursor=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->level,
		  __entry->cxsr,
		  __entry->primary,
		  __entry->sprite0,
		  __entry->sprite1,
		  __entry->cursor,
		  __entry->sr_plane,
		  __entry->sr_cursor)
);

TRACE_EVENT(vlv_fifo_size,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(u32, sprite0_start)
		__field(u32, sprite1_start)
		__field(u32, fifo_size)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		__entry->sprite0_start = 0;
		__entry->sprite1_start = 0;
		__entry->fifo_size = 0;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, sprite0_start=%u, sprite1_start=%u, fifo_size=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->sprite0_start,
		  __entry->sprite1_start,
		  __entry->fifo_size)
);

TRACE_EVENT(intel_plane_async_flip,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(bool, async_flip)
		__string(name, plane->name)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
		__entry->async_flip = 0;
		__assign_str(name);
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, async_flip=%u, name=%s",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->async_flip,
		  __get_str(name))
);

TRACE_EVENT(intel_plane_update_noarm,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__array(int, src, 4)
		__array(int, dst, 4)
		__string(name, plane->name)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
		memset(__entry->src, 0, sizeof(__entry->src));
		memset(__entry->dst, 0, sizeof(__entry->dst));
		__assign_str(name);
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, src[0]=%d, dst[0]=%d, name=%s",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->src[0],
		  __entry->dst[0],
		  __get_str(name))
);

TRACE_EVENT(intel_plane_update_arm,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__array(int, src, 4)
		__array(int, dst, 4)
		__string(name, plane->name)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
		memset(__entry->src, 0, sizeof(__entry->src));
		memset(__entry->dst, 0, sizeof(__entry->dst));
		__assign_str(name);
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, src[0]=%d, dst[0]=%d, name=%s",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->src[0],
		  __entry->dst[0],
		  __get_str(name))
);

TRACE_EVENT(intel_plane_disable_arm,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__string(name, plane->name)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
		__assign_str(name);
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, name=%s",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __get_str(name))
);

TRACE_EVENT(intel_fbc_activate,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__string(name, plane->name)
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__assign_str(name);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
	),

	TP_printk("dev %s, pipe %c, name=%s, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __get_str(name),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_fbc_deactivate,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__string(name, plane->name)
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__assign_str(name);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
	),

	TP_printk("dev %s, pipe %c, name=%s, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __get_str(name),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_fbc_nuke,
	TP_PROTO(struct tc_plane *plane),
	TP_ARGS(plane),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(plane))
		__string(name, plane->name)
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__assign_str(name);
		__entry->pipe = plane->pipe;
		__entry->frame = plane->frame;
		__entry->scanline = plane->scanline;
	),

	TP_printk("dev %s, pipe %c, name=%s, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __get_str(name),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_crtc_vblank_work_start,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_crtc_vblank_work_end,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

TRACE_EVENT(intel_pipe_update_start,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(u32, min)
		__field(u32, max)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		__entry->min = 0;
		__entry->max = 0;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, min=%u, max=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->min,
		  __entry->max)
);

TRACE_EVENT(intel_pipe_update_vblank_evaded,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
		__field(u32, min)
		__field(u32, max)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
		__entry->min = 0;
		__entry->max = 0;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u, min=%u, max=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline,
		  __entry->min,
		  __entry->max)
);

TRACE_EVENT(intel_pipe_update_end,
	TP_PROTO(struct tc_crtc *crtc),
	TP_ARGS(crtc),

	TP_STRUCT__entry(
		__string(dev, dev_name_of(crtc))
		__field(enum pipe, pipe)
		__field(u32, frame)
		__field(u32, scanline)
	),

	TP_fast_assign(
		__assign_str(dev);
		__entry->pipe = crtc->pipe;
		__entry->frame = crtc->frame;
		__entry->scanline = crtc->scanline;
	),

	TP_printk("dev %s, pipe %c, frame=%u, scanline=%u",
		  __get_str(dev),
		  pipe_name(__entry->pipe),
		  __entry->frame,
		  __entry->scanline)
);

#endif /* _TC_I915_PRE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE i915-display-pre
#include <trace/define_trace.h>

/*
 * check-name: seed 002 pre-image: pipe_name() in TP_printk() of every changed event
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/seeds/i915-display-pre.h:46:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:46:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:71:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:71:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:96:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:96:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:123:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:123:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:149:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:149:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:174:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:174:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:223:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:223:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:276:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:276:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:315:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:315:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:347:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:347:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:380:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:380:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:414:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:414:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:444:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:444:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:472:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:472:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:500:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:500:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:528:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:528:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:554:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:554:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:579:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:579:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:608:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:608:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:639:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:639:5: note: store the value at assign time in a field of its own and print that field
testdata/seeds/i915-display-pre.h:666:5: error: TP_printk() argument uses helper macro 'pipe_name', which the format file records as '((REC->pipe) + 'A')'; user-space tools cannot render it [printk-custom-macro]
testdata/seeds/i915-display-pre.h:666:5: note: store the value at assign time in a field of its own and print that field
check-output-end
 */
