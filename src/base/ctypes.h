/* SPDX-License-Identifier: MIT */
/*
 * The one table of facts about C's and the kernel's integer type names:
 * width and signedness by spelling, for the libtraceevent model, the
 * front end's signedness of a type written in a TP_STRUCT__entry(), the
 * ABI checks and the repairs.  Widths are x86-64's; char is unsigned
 * (the kernel builds with -funsigned-char since 6.2).
 */
#ifndef TC_CTYPES_H
#define TC_CTYPES_H

#include <stddef.h>

enum {
	TC_CT_ABI = 1 << 0,    /* its width is another on other ABIs (long, size_t ...) */
	TC_CT_KFIXED = 1 << 1, /* the kernel's u8 ... u64, s8 ... s64, __u8 ... __s64 */
};

struct tc_ctype {
	const char *name; /* "unsigned long", "u64", "__le32" */
	int bits;	  /* 1 for _Bool */
	int sgn;	  /* signed */
	unsigned flags;	  /* TC_CT_* */
};

/* The type spelt name (one space between words), NULL if the table does not have it. */
const struct tc_ctype *tc_ctype_find(const char *name);
/* The same for the n bytes at name. */
const struct tc_ctype *tc_ctype_findn(const char *name, size_t n);

#endif
