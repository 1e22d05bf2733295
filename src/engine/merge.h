/* SPDX-License-Identifier: MIT */
/*
 * The merge phase: one finding for one defect.  Rules only append
 * findings; after the subjects are derived, tc_merge() folds the
 * findings that describe the same defect as another rule's into that
 * finding, by the precedence table in merge.c.  The table keys on the
 * subject (diag.h) and on the kinds below, which the rules set when
 * they report (struct tc_diag's kind, tag, brief and covers).
 */
#ifndef TC_MERGE_H
#define TC_MERGE_H

#include "diag.h"

/*
 * What a finding is, for the table: bits, meaningful with the rule that
 * sets them.  0 is "nothing the merge phase keys on".
 */
enum {
	/* printk-userspace */
	TC_KIND_UV_CANNOT_PARSE = 1u << 0, /* libtraceevent cannot parse the argument or format */
	TC_KIND_UV_DIFFERS = 1u << 1,	   /* it prints a conversion other than the kernel; tag: spec */
	TC_KIND_UV_CONV = 1u << 2,	   /* a verdict on one conversion; tag: its spec */
	TC_KIND_UV_NESTED_COND = 1u << 10, /* a conditional nested without parentheses */
	/* printk-format-text */
	TC_KIND_FT_TOKEN_END = 1u << 3, /* a character that ends libtraceevent's string token */
	TC_KIND_FT_COUNT = 1u << 4,	/* conversions and arguments do not pair up */
	/* printk-custom-macro */
	TC_KIND_CM_NOT_CONSTRUCT = 1u << 5, /* a reason printk-construct does not see (', ^) */
	/* printk-format */
	TC_KIND_PF_NOT_POINTER = 1u << 6, /* %s or a dereferencing %p of a non-pointer */
	TC_KIND_PF_GLUED = 1u << 7,	  /* letters glued to %p that the kernel never prints */
	TC_KIND_PF_PEXT = 1u << 8,	  /* a %p extension user space lacks; tag: its spec */
	/* printk-helper-misuse */
	TC_KIND_HM_MASK0 = 1u << 9, /* a __print_flags() entry with mask 0 */
	/* printk-foreign-identifier */
	TC_KIND_FI_UNDECLARED = 1u << 10, /* names the header's context does not declare */
};

/*
 * Apply the precedence table to the findings d->v[first..d->nr), whose
 * subjects are set, to a fixed point; absorbed findings are removed.
 * The result does not depend on the order the rules ran in.
 */
void tc_merge(struct tc_diags *d, size_t first);

#endif
