/* SPDX-License-Identifier: MIT */
/* array-overflow: copies into __array() fields past their size, and the bounded forms. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM tc_aovf

#if !defined(_TC_AOVF_H) || defined(TRACE_HEADER_MULTI_READ)
#define _TC_AOVF_H

#include <linux/tracepoint.h>

#ifndef _TC_AOVF_HELPERS
#define _TC_AOVF_HELPERS
#define TC_NAME_LEN 16
struct tc_dev { char name[32]; u8 addr[6]; const char *label; u8 key[64]; };
#endif

/* errors: constant sizes past the field */
TRACE_EVENT(tc_aovf_const,
	TP_PROTO(const struct tc_dev *d),
	TP_ARGS(d),
	TP_STRUCT__entry(
		__array(char, name, TC_NAME_LEN)
		__array(u8, addr, 4)
		__array(char, tag, 4)
	),
	TP_fast_assign(
		memcpy(__entry->name, d->name, sizeof(d->name));
		memcpy(__entry->addr, d->addr, 6);
		strcpy(__entry->tag, "toolong");
	),
	TP_printk("name=%s addr=%*phC tag=%s", __entry->name, 4, __entry->addr, __entry->tag)
);

/* warnings: unbounded size, strcpy of a non-literal, strncpy of the whole field printed with %s */
TRACE_EVENT(tc_aovf_maybe,
	TP_PROTO(const struct tc_dev *d, size_t len),
	TP_ARGS(d, len),
	TP_STRUCT__entry(
		__array(u8, key, 16)
		__array(char, label, 16)
		__array(char, name, 16)
	),
	TP_fast_assign(
		memcpy(__entry->key, d->key, len);
		strcpy(__entry->label, d->label);
		strncpy(__entry->name, d->name, sizeof(__entry->name));
	),
	TP_printk("key=%*phC label=%s name=%s", 16, __entry->key, __entry->label, __entry->name)
);

/* negative: every bounded form */
TRACE_EVENT(tc_aovf_ok,
	TP_PROTO(const struct tc_dev *d, size_t len),
	TP_ARGS(d, len),
	TP_STRUCT__entry(
		__array(u8, key, 16)
		__array(u8, key2, 16)
		__array(char, label, 16)
		__array(char, name, 16)
		__array(char, tag, 8)
		__array(u8, addr, 6)
		__array(char, raw, 16)
	),
	TP_fast_assign(
		memcpy(__entry->key, d->key, min(len, sizeof(__entry->key)));
		memcpy(__entry->key2, d->key, min_t(size_t, len, 16));
		strscpy(__entry->label, d->label, sizeof(__entry->label));
		strscpy(__entry->name, d->name);
		strcpy(__entry->tag, "short");
		memcpy(__entry->addr, d->addr, sizeof(d->addr));
		strncpy(__entry->raw, d->name, sizeof(__entry->raw));
	),
	TP_printk("key=%*phC %*phC label=%s name=%s tag=%s addr=%pM raw=%*phC", 16, __entry->key,
		  16, __entry->key2, __entry->label, __entry->name, __entry->tag, __entry->addr,
		  16, __entry->raw)
);

#endif /* _TC_AOVF_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#define TRACE_INCLUDE_FILE array-overflow
#include <trace/define_trace.h>

/*
 * check-name: array-overflow: constant overflows, unbounded copies, unterminated strncpy; bounded forms
 * check-command: tracecheck $file
 * check-exit-value: 1
 *
 * check-output-start
testdata/rules/array-overflow.h:27:3: error: memcpy() writes 32 bytes into field 'name' of event 'tc_aovf_const', which has 16 [array-overflow]
testdata/rules/array-overflow.h:28:3: error: memcpy() writes 6 bytes into field 'addr' of event 'tc_aovf_const', which has 4 [array-overflow]
testdata/rules/array-overflow.h:29:3: error: strcpy() writes 8 bytes into field 'tag' of event 'tc_aovf_const', which has 4 [array-overflow]
testdata/rules/array-overflow.h:44:3: note: memcpy() into field 'key' of event 'tc_aovf_maybe' (16 bytes) with a size that is not bounded by the field; bound it with min(len, sizeof(__entry->key)) [array-overflow]
testdata/rules/array-overflow.h:45:3: warning: strcpy() into field 'label' of event 'tc_aovf_maybe' (16 bytes) of a string whose length is not known; use strscpy(__entry->label, src) [array-overflow]
testdata/rules/array-overflow.h:46:3: warning: strncpy() of the whole field 'name' of event 'tc_aovf_maybe' leaves it without a terminating NUL when the source has 16 bytes or more, and TP_printk() prints it with %s; use strscpy() [array-overflow]
check-output-end
 */
