/* SPDX-License-Identifier: MIT */
/*
 * tracecheck's own declarations for the synthetic translation unit.
 * Everything here is named __tc_* so that it never collides with the
 * kernel's headers when a kernel tree is used.
 */
#ifndef __TRACECHECK_BASE_H
#define __TRACECHECK_BASE_H

#define __tc_stringify_1(x...) #x
#define __tc_stringify(x...) __tc_stringify_1(x)

typedef unsigned int __tc_u32;

/* The kernel's struct trace_entry: 8 bytes, 4-byte aligned. */
struct __tc_trace_entry {
	unsigned short type;
	unsigned char flags;
	unsigned char preempt_count;
	int pid;
};

struct __tc_seq {
	int len;
};

struct __tc_iter {
	struct __tc_seq seq;
	struct __tc_seq tmp_seq;
	void *ent;
};

struct __tc_event {
	int type;
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
extern const char *__tc_h_print_flags(struct __tc_seq *p, unsigned long long v,
				      const char *delim,
				      const struct __tc_print_flags *f);
extern const char *__tc_h_print_symbolic(struct __tc_seq *p, unsigned long long v,
					 const struct __tc_print_flags *f);
extern const char *__tc_h_print_hex(struct __tc_seq *p, const void *buf, int len, int str);
extern const char *__tc_h_print_array(struct __tc_seq *p, const void *buf, int count,
				      int el_size);
extern const char *__tc_h_print_hex_dump(struct __tc_seq *p, const char *prefix, ...);
extern const char *__tc_h_bitmask(struct __tc_seq *p, const void *mask, int len);
extern void *__tc_h_get_buf(struct __tc_seq *p, int len);
extern unsigned long long __tc_h_ns(unsigned long long v, int secs);
/* PRINT: a __get_*() helper (its name) reading the field of descriptor loc. */
extern void *__tc_h_get(const char *helper, const __tc_u32 *loc);
extern int __tc_h_get_len(const char *helper, const __tc_u32 *loc);

#endif /* __TRACECHECK_BASE_H */
