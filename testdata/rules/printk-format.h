/* SPDX-License-Identifier: MIT */
/*
 * printk-format: conversions that do not fit their argument's type,
 * %p extensions user space does not implement, and what fits.
 *
 * check-name: printk-format: conversion/argument type mismatches
 * check-command: tracecheck --disable field-kind $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/printk-format.h:149:5: error: '%u' takes an unsigned int (4 bytes) but '__entry->sector' is 'u64' (unsigned long long), 8 bytes: the kernel prints only its low 32 bits, and on 32-bit kernels every later conversion gets the wrong argument [printk-format]
testdata/rules/printk-format.h:149:5: note: use '%llu'
testdata/rules/printk-format.h:149:22: error: '%d' takes an int (4 bytes) but '__entry->sector + __entry->nr' is 'unsigned long long', 8 bytes: the kernel prints only its low 32 bits, and on 32-bit kernels every later conversion gets the wrong argument [printk-format]
testdata/rules/printk-format.h:149:22: note: use '%lld'
testdata/rules/printk-format.h:149:53: error: '%x' takes an unsigned int (4 bytes) but '__entry->page' is 'void *', a pointer of 8 bytes: the kernel prints only the low 32 bits of the address [printk-format]
testdata/rules/printk-format.h:149:53: note: use %p (hashed) or %px, or cast to unsigned long and use %lx
testdata/rules/printk-format.h:149:68: error: '%d' takes an int (4 bytes) but '__entry->comm' is 'char[16]', an array: what the kernel is given is its 8-byte address in the ring buffer, and it prints the low 32 bits of that, not the contents [printk-format]
testdata/rules/printk-format.h:149:68: note: print the contents (__print_array(), __print_hex(), an element) instead
testdata/rules/printk-format.h:167:5: error: '%llu' takes an unsigned long long (8 bytes) but '__entry->len' is 'u32' (unsigned int), 4 bytes: the kernel reads 8 bytes, an upper half the ABI leaves undefined (and on 32-bit kernels every later conversion gets the wrong argument) [printk-format]
testdata/rules/printk-format.h:167:5: note: use '%u'
testdata/rules/printk-format.h:167:19: error: '%ld' takes a long (8 bytes) but '__entry->err' is 'int', 4 bytes: the kernel reads 8 bytes, an upper half the ABI leaves undefined (and on 32-bit kernels every later conversion gets the wrong argument) [printk-format]
testdata/rules/printk-format.h:167:19: note: use '%d'
testdata/rules/printk-format.h:167:33: error: '%zu' takes a size_t (8 bytes) but '__entry->id' is 'u16' (unsigned short), passed as a 4-byte int: the kernel reads 8 bytes, an upper half the ABI leaves undefined (and on 32-bit kernels every later conversion gets the wrong argument) [printk-format]
testdata/rules/printk-format.h:167:33: note: use '%u'
testdata/rules/printk-format.h:167:46: error: '%p' takes a pointer (8 bytes) but '__entry->len' is 'u32' (unsigned int), 4 bytes: the kernel reads 8 bytes, an upper half the ABI leaves undefined [printk-format]
testdata/rules/printk-format.h:167:46: note: cast it: (void *)(unsigned long)__entry->len
testdata/rules/printk-format.h:184:41: warning: '%lu' takes an unsigned long but '__entry->blk' is 'u64' (unsigned long long): the same size on 64-bit kernels, but 4 against 8 bytes on 32-bit ones, where the kernel prints half the value and every later conversion gets the wrong argument [printk-format]
testdata/rules/printk-format.h:184:41: note: use '%llu'
testdata/rules/printk-format.h:184:55: warning: '%pS' takes a pointer but '__entry->caller' is 'u64' (unsigned long long), 8 bytes: on 32-bit kernels the kernel prints half of it and every later conversion gets the wrong argument [printk-format]
testdata/rules/printk-format.h:184:55: note: cast it: (void *)(unsigned long)__entry->caller
testdata/rules/printk-format.h:184:72: warning: '%llx' takes an unsigned long long (8 bytes) but '__entry->p' is a pointer, 'void *': 4 bytes on 32-bit kernels, where the kernel prints garbage and gives every later conversion the wrong argument [printk-format]
testdata/rules/printk-format.h:184:72: note: use %p (hashed) or %px, or cast to unsigned long and use %lx
testdata/rules/printk-format.h:199:33: error: %s prints a string from the address field 'state' (int) holds: the kernel tests it when printing ("HAS UNSAFE POINTER FIELD") and perf and trace-cmd only have the value [printk-unsafe-deref]
testdata/rules/printk-format.h:199:33: note: copy the data into the record when the event fires (__string() and __get_str(), __array(), __dynamic_array()) and print the copy
testdata/rules/printk-format.h:199:33: error: libtraceevent 1.7.1 to 1.9.0 prints a control character for this '%s': '\x01' [printk-userspace]
testdata/rules/printk-format.h:199:49: error: '%s' prints a string but '__entry->words' is 'u32[4]' (unsigned int[4]), an array of unsigned int: the kernel prints its bytes up to the first zero byte [printk-format]
testdata/rules/printk-format.h:199:49: note: use __print_array() or __print_hex()
testdata/rules/printk-format.h:216:32: error: the dereferencing %p conversion of argument 1 ('REC->saddr') reads memory the record does not hold: the kernel warns at boot ("event tc_pf_deref has unsafe dereference of argument 1") and user space cannot follow it [printk-unsafe-deref]
testdata/rules/printk-format.h:216:32: note: copy the data into the record when the event fires (__string() and __get_str(), __array(), __dynamic_array()) and print the copy
testdata/rules/printk-format.h:216:32: note: pass its address: &__entry->saddr
testdata/rules/printk-format.h:216:48: error: '%pM' reads 6 bytes but '__entry->mac' is 'u8[4]' (unsigned char[4]), 4 bytes: the kernel prints the bytes after it too [printk-format]
testdata/rules/printk-format.h:237:41: error: TP_printk() argument '&__entry->dma' has the unary '&' in '&REC->dma', which libtraceevent cannot parse: perf and trace-cmd print the event as [FAILED TO PARSE] [printk-construct]
testdata/rules/printk-format.h:237:41: note: a %p conversion needs the field's address in the kernel, while user space reads the field itself: declare the field as an array (__array(u8, name, N)), which C passes as its address without '&', or print its value with a number conversion
testdata/rules/printk-format.h:237:41: error: '%pad' reads 8 bytes but '&__entry->dma' points to unsigned int, 4 bytes: the kernel prints the bytes after it too [printk-format]
testdata/rules/printk-format.h:250:23: error: libtraceevent 1.7.1 to 1.9.0 does not implement the kernel's '%pK': it prints '0x1K' (the value as %p, then the letters) [printk-userspace]
testdata/rules/printk-format.h:265:40: error: libtraceevent 1.7.1 to 1.9.0 prints '>j<d' for this '%jd' where the kernel prints '2' [printk-userspace]
testdata/rules/printk-format.h:265:40: error: the kernel's vsnprintf() does not implement '%j': it stops printing the event's line there (and WARNs once: "Please remove unsupported %j in format string") [printk-format]
testdata/rules/printk-format.h:280:47: error: '%8phC' reads 8 bytes but '__entry->wwpn' is 'u8[4]' (unsigned char[4]), 4 bytes: the kernel prints the bytes after it too [printk-format]
testdata/rules/printk-format.h:281:5: error: '%*ph' reads 6 bytes but '__entry->wwpn' is 'u8[4]' (unsigned char[4]), 4 bytes: the kernel prints the bytes after it too [printk-format]
testdata/rules/printk-format.h:296:25: warning: the '*' precision of '%.*s' takes an int but '__entry->n' is 'u64' (unsigned long long), 8 bytes: on 32-bit kernels every later conversion gets the wrong argument [printk-format]
check-output-end
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_pf

#if !defined(_TC_PF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_PF_H

#include <linux/tracepoint.h>

#ifndef _TC_PF_TYPES
#define _TC_PF_TYPES
struct tc_pf_req {
	int tag;
};

enum tc_pf_op {
	TC_PF_READ,
	TC_PF_WRITE,
};
#endif

TRACE_DEFINE_ENUM(TC_PF_READ);
TRACE_DEFINE_ENUM(TC_PF_WRITE);

/* negative: every conversion fits its argument */
TRACE_EVENT(tc_pf_clean,
	TP_PROTO(u64 sector, u32 nr, u16 qid, u8 mode, bool sync, int err, unsigned long ip,
		 size_t len, const char *dev, const u8 *mac, void *cookie, u64 ts),
	TP_ARGS(sector, nr, qid, mode, sync, err, ip, len, dev, mac, cookie, ts),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, nr)
		__field(u16, qid)
		__field(u8, mode)
		__field(bool, sync)
		__field(int, err)
		__field(enum tc_pf_op, op)
		__field(unsigned long, ip)
		__field(size_t, len)
		__field(void *, cookie)
		__field(u64, ts)
		__array(u8, saddr, 4)
		__array(u8, mac, 6)
		__array(u8, addr6, 16)
		__array(char, comm, 16)
		__string(dev, dev)
		__dynamic_array(u8, buf, 4)
	),
	TP_fast_assign(
		__entry->sector = sector;
		__entry->nr = nr;
		__entry->qid = qid;
		__entry->mode = mode;
		__entry->sync = sync;
		__entry->err = err;
		__entry->op = TC_PF_READ;
		__entry->ip = ip;
		__entry->len = len;
		__entry->cookie = cookie;
		__entry->ts = ts;
		memset(__entry->saddr, 0, 4);
		memcpy(__entry->mac, mac, 6);
		memset(__entry->addr6, 0, 16);
		memcpy(__entry->comm, dev, 16);
		__assign_str(dev);
		memset(__get_dynamic_array(buf), 0, 4);
	),
	TP_printk("%s %s sector=%llu+%u end=%llu qid=%hu mode=%#x sync=%d err=%d/%x op=%d "
		  "ip=%pS/%lx len=%zu/%lu cookie=%p saddr=%pI4 mac=%pM a6=%pI6c buf=%*ph "
		  "op=%s size=%d ts=%llu.%06u low=%hx",
		  __get_str(dev), __entry->comm, __entry->sector, __entry->nr,
		  __entry->sector + __entry->nr, __entry->qid, __entry->mode, __entry->sync,
		  __entry->err, __entry->err, __entry->op, (void *)__entry->ip, __entry->ip,
		  __entry->len, __entry->len, __entry->cookie, __entry->saddr, __entry->mac,
		  __entry->addr6, __get_dynamic_array_len(buf), __get_dynamic_array(buf),
		  __print_symbolic(__entry->op, { TC_PF_READ, "R" }, { TC_PF_WRITE, "W" }),
		  16UL, __print_ns_to_secs(__entry->ts),
		  __print_ns_without_secs(__entry->ts), __entry->nr)
);

/* 4 bytes taken of an 8-byte argument: u64 fields, expressions, a pointer, an array */
TRACE_EVENT(tc_pf_narrow,
	TP_PROTO(u64 sector, u32 nr, void *page),
	TP_ARGS(sector, nr, page),
	TP_STRUCT__entry(
		__field(u64, sector)
		__field(u32, nr)
		__field(void *, page)
		__array(char, comm, 16)
	),
	TP_fast_assign(
		__entry->sector = sector;
		__entry->nr = nr;
		__entry->page = page;
		memset(__entry->comm, 0, 16);
	),
	TP_printk("sector=%u end=%d page=%x comm=%d",
		  __entry->sector, __entry->sector + __entry->nr, __entry->page, __entry->comm)
);

/* 8 bytes taken of a 4-byte argument */
TRACE_EVENT(tc_pf_wide,
	TP_PROTO(u32 len, int err, u16 id),
	TP_ARGS(len, err, id),
	TP_STRUCT__entry(
		__field(u32, len)
		__field(int, err)
		__field(u16, id)
	),
	TP_fast_assign(
		__entry->len = len;
		__entry->err = err;
		__entry->id = id;
	),
	TP_printk("len=%llu err=%ld id=%zu cookie=%p",
		  __entry->len, __entry->err, __entry->id, __entry->len)
);

/* the same size on 64-bit kernels only: one level lower */
TRACE_EVENT(tc_pf_32bit,
	TP_PROTO(u64 blk, u64 caller, void *p),
	TP_ARGS(blk, caller, p),
	TP_STRUCT__entry(
		__field(u64, blk)
		__field(u64, caller)
		__field(void *, p)
	),
	TP_fast_assign(
		__entry->blk = blk;
		__entry->caller = caller;
		__entry->p = p;
	),
	TP_printk("blk=%lu caller=%pS p=%llx", __entry->blk, __entry->caller, __entry->p)
);

/* %s of what is not a string */
TRACE_EVENT(tc_pf_string,
	TP_PROTO(int state, const struct tc_pf_req *req),
	TP_ARGS(state, req),
	TP_STRUCT__entry(
		__field(int, state)
		__array(u32, words, 4)
	),
	TP_fast_assign(
		__entry->state = state;
		memset(__entry->words, 0, sizeof(__entry->words));
	),
	TP_printk("state=%s words=%s", __entry->state, __entry->words)
);

/* dereferencing %p extensions: an integer, an object too small */
TRACE_EVENT(tc_pf_deref,
	TP_PROTO(u32 saddr, const u8 *mac, u32 dma),
	TP_ARGS(saddr, mac, dma),
	TP_STRUCT__entry(
		__field(u32, saddr)
		__array(u8, mac, 4)
		__field(u32, dma)
	),
	TP_fast_assign(
		__entry->saddr = saddr;
		memcpy(__entry->mac, mac, 4);
		__entry->dma = dma;
	),
	TP_printk("src=%pI4 mac=%pM", __entry->saddr, __entry->mac)
);

/*
 * %pad of a 4-byte field's address; %pad and %pK are kernel-only
 * extensions; %pI4 of a __be32's address is right (libtraceevent cannot
 * parse the '&', printk-userspace's finding)
 */
TRACE_EVENT(tc_pf_ext,
	TP_PROTO(u32 dma, void *obj, __be32 daddr),
	TP_ARGS(dma, obj, daddr),
	TP_STRUCT__entry(
		__field(void *, obj)
		__field(u32, dma)
		__field(__be32, daddr)
	),
	TP_fast_assign(
		__entry->dma = dma;
		__entry->obj = obj;
		__entry->daddr = daddr;
	),
	TP_printk("dma=%pad obj=%pK dst=%pI4", &__entry->dma, __entry->obj, &__entry->daddr)
);

/* %pK alone: reported here only when printk-userspace has not */
TRACE_EVENT(tc_pf_kptr,
	TP_PROTO(void *obj),
	TP_ARGS(obj),
	TP_STRUCT__entry(
		__field(void *, obj)
	),
	TP_fast_assign(
		__entry->obj = obj;
	),
	TP_printk("obj=%pK", __entry->obj)
);

/* a conversion the kernel's vsnprintf() does not know stops the line */
TRACE_EVENT(tc_pf_invalid,
	TP_PROTO(u64 a, int b),
	TP_ARGS(a, b),
	TP_STRUCT__entry(
		__field(u64, a)
		__field(int, b)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
	),
	TP_printk("a=%llu b=%jd", __entry->a, __entry->b)
);

/* %ph prints as many bytes as its width: more than the array holds */
TRACE_EVENT(tc_pf_hex,
	TP_PROTO(const u8 *wwpn),
	TP_ARGS(wwpn),
	TP_STRUCT__entry(
		__array(u8, wwpn, 4)
		__array(u8, name, 8)
	),
	TP_fast_assign(
		memcpy(__entry->wwpn, wwpn, 4);
		memcpy(__entry->name, wwpn, 8);
	),
	TP_printk("wwpn=%8phC name=%8phC head=%*ph", __entry->wwpn, __entry->name, 6,
		  __entry->wwpn)
);

/* a '*' width of 8 bytes */
TRACE_EVENT(tc_pf_width,
	TP_PROTO(u64 n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(u64, n)
		__array(char, name, 16)
	),
	TP_fast_assign(
		__entry->n = n;
		memset(__entry->name, 0, 16);
	),
	TP_printk("name=%.*s", __entry->n, __entry->name)
);

#endif /* _TC_PF_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE printk-format
#include <trace/define_trace.h>
