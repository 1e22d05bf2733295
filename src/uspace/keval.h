/* SPDX-License-Identifier: MIT */
/*
 * The kernel's side of a print fmt: what the kernel's output function
 * prints for a record, with C's semantics (typed, sign-extending
 * arithmetic, character constants, escapes decoded by the compiler) and
 * the kernel's helpers (__print_symbolic(), __print_flags(),
 * __print_hex(), __print_array(), __get_str(), __get_bitmask() ...) as
 * kernel/trace/trace_output.c renders them, and vsnprintf()'s
 * conversions.  What the kernel only knows at run time (a function it
 * calls, a pointer it dereferences, %p's hashing, an enum name) makes
 * the conversion "unknown": it is then not compared.
 */
#ifndef TC_KEVAL_H
#define TC_KEVAL_H

#include <stddef.h>

#include "ctok.h"
#include "fmtfile.h"
#include "pconv.h"
#include "strbuf.h"

/* One %-conversion of a format string. */
/* A record and the event it belongs to. */
struct tc_krecord {
	const struct tc_fmtfile *ff;
	const unsigned char *data;
	size_t size;
	/* when not NULL: set to 1 when a __print_symbolic() value matches no entry */
	int *sym_unmatched;
};

/*
 * What the kernel prints for conversion c: 1 with the text appended to
 * out; 0 when it cannot be known statically, with *why (static) saying
 * why.
 */
int tc_krender_conv(const struct tc_krecord *r, const struct tc_pconv *c, struct strbuf *out,
		    const char **why);

/* The whole line; 0 if some conversion is unknown. */
int tc_krender(const struct tc_krecord *r, struct strbuf *out);

/*
 * The evaluator recurses once for each level of an argument (a
 * parenthesis, a cast, a prefix operator, a ?: arm): an argument that
 * nests deeper than ctok.h's TC_MAX_NESTING, or that takes more than
 * TC_KEVAL_MAX_DEPTH levels of its recursion, is not evaluated, its
 * conversion unknown with *why tc_keval_too_deep.
 */
#define TC_KEVAL_MAX_DEPTH (2 * TC_MAX_NESTING + 16)
extern const char tc_keval_too_deep[];
/* Is the print fmt argument arg nested too deeply to be evaluated? */
int tc_karg_too_deep(const char *arg);

/*
 * A record for ff with distinct non-zero values: the n-th event field
 * holds n (integers; a bool 1, a char the n-th letter), "strN" (char
 * arrays and strings), elements 1, 2, ... (other arrays); common_type
 * is the ID.  Malloced; *size set.
 */
unsigned char *tc_synthetic_record(const struct tc_fmtfile *ff, size_t *size);

#endif
