/* SPDX-License-Identifier: MIT */
/*
 * tracecheck's own declarations for the synthetic translation unit.
 * Everything here is named __tc_* so that it never collides with the
 * kernel's headers when a kernel tree is used.
 */
#ifndef __TRACECHECK_BASE_H
#define __TRACECHECK_BASE_H

#include <tracecheck/kversion.h>

#define __tc_stringify_1(x...) #x
#define __tc_stringify(x...) __tc_stringify_1(x)

typedef unsigned int __tc_u32;

/* A trace remote's record header (struct remote_event_hdr): its id. */
struct __tc_remote_hdr {
	unsigned short type;
};

/* The kernel's struct trace_entry: 8 bytes, 4-byte aligned. */
struct __tc_trace_entry {
	unsigned short type;
	unsigned char flags;
	unsigned char preempt_count;
	int pid;
};

/*
 * The kernel's struct trace_seq, trace_iterator and trace_event
 * (include/linux/trace_seq.h, trace_events.h, 6.12), member for member
 * with the same names and types, so that a TP_printk() argument that
 * reaches into the output function's iter, s, p or trace_event compiles
 * here as in the kernel (printk-foreign-identifier reports it).  Only
 * what is opaque to a print argument (a mutex, an atomic) is a stand-in.
 */
struct trace_array;
struct tracer;
struct array_buffer;
struct ring_buffer_iter;
struct trace_event_functions;

struct __tc_seq_buf {
	char *buffer;
	unsigned long size;
	unsigned long len;
};

struct __tc_seq {
	char buffer[4096 - sizeof(struct __tc_seq_buf) - sizeof(unsigned long) - sizeof(int)];
	struct __tc_seq_buf seq;
	unsigned long readpos;
	int full;
};

struct __tc_iter {
	struct trace_array *tr;
	struct tracer *trace;
	struct array_buffer *array_buffer;
	void *private;
	int cpu_file;
	struct { long __tc_opaque[4]; } mutex;
	struct ring_buffer_iter **buffer_iter;
	unsigned long iter_flags;
	void *temp;
	unsigned int temp_size;
	char *fmt;
	unsigned int fmt_size;
	struct { int counter; } wait_index;
	struct __tc_seq tmp_seq;
	unsigned long *started;
	_Bool closed;
	_Bool snapshot;
	struct __tc_seq seq;
	struct __tc_trace_entry *ent;
	unsigned long lost_events;
	int leftover;
	int ent_size;
	int cpu;
	unsigned long long ts;
	long long pos;
	long idx;
};

struct __tc_event {
	struct { void *next, **pprev; } node;
	int type;
	struct trace_event_functions *funcs;
};

struct __tc_print_flags {
	unsigned long mask;
	const char *name;
};

/* Sinks and markers whose calls the analysis recognises by name. */
extern void __tc_printf(struct __tc_iter *iter, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern void *__tc_get_dyn(const __tc_u32 *loc);
extern int __tc_get_dyn_len(const __tc_u32 *loc);
extern void __tc_w_assign(const char *helper, __tc_u32 *loc, ...);
extern void __tc_src_string(const char *helper, __tc_u32 *loc, ...);
/*
 * sized: the kernel reads the table to its ARRAY_SIZE() (7.0 and
 * later), else to its first NULL name (the { -1, NULL } it appends).
 */
extern const char *__tc_h_print_flags(struct __tc_seq *p, unsigned long long v,
				      const char *delim,
				      const struct __tc_print_flags *f, int sized);
extern const char *__tc_h_print_symbolic(struct __tc_seq *p, unsigned long long v,
					 const struct __tc_print_flags *f, int sized);
extern const char *__tc_h_print_hex(struct __tc_seq *p, const void *buf, int len, int str);
extern const char *__tc_h_print_array(struct __tc_seq *p, const void *buf, int count,
				      int el_size);
extern const char *__tc_h_print_hex_dump(struct __tc_seq *p, const char *prefix, ...);
/* restart: it prints after trace_seq_init(&iter->tmp_seq) (7.0 and later) */
extern const char *__tc_h_bitmask(struct __tc_seq *p, const void *mask, int len, int restart);
extern void *__tc_h_get_buf(struct __tc_seq *p, int len);
extern unsigned long long __tc_h_ns(unsigned long long v, int secs);
/* PRINT: a __get_*() helper (its name) reading the field of descriptor loc. */
extern void *__tc_h_get(const char *helper, const __tc_u32 *loc);
extern int __tc_h_get_len(const char *helper, const __tc_u32 *loc);

#endif /* __TRACECHECK_BASE_H */
