/* SPDX-License-Identifier: MIT */
/*
 * The one printf-conversion parser.  Two readers of a format string
 * matter here, and they differ on purpose:
 *
 *  - TC_PCONV_KERNEL: the kernel's vsnprintf() (lib/vsprintf.c
 *    format_decode()): flags "-+ #0", a width and a precision (digits or
 *    '*'), one length modifier of h, hh, l, ll, L, z or t, and the
 *    conversions c s p o x X d i u.  Anything else (%f, %n, %jd's 'j',
 *    %Zu's 'Z', %qd's 'q') is invalid: the kernel stops the line there.
 *    A '%' after flags, width, precision or modifier prints a '%'.
 *  - TC_PCONV_GNU: what gcc's -Wformat (__printf) and libtraceevent
 *    read: any run of the length modifiers h l L q j z Z t, and any
 *    character as the conversion; invalid unless it is a C conversion
 *    (d i o u x X c s p n e E f g G a A).
 *
 * Both take the letters and digits after %p as its extension.
 */
#ifndef TC_PCONV_H
#define TC_PCONV_H

#include <stddef.h>

enum tc_pconv_dialect {
	TC_PCONV_KERNEL,
	TC_PCONV_GNU,
};

struct tc_pconv {
	size_t start, end;	  /* its text fmt[start, end): '%' to the conversion, %p's letters */
	int width_star, prec_star; /* '*' width or precision: an int argument each */
	long width, prec;	  /* as written; -1 none (or '*') */
	size_t len, len_n;	  /* the length modifier letters as written: fmt[len, len + len_n) */
	int qual;		  /* 0, 'h', 'H' (hh), 'l', 'L' (ll, L, q), 'z' (z, Z), 't', 'j' */
	char conv;		  /* the conversion character; '\0' at the end of the format */
	size_t ext, ext_n;	  /* %p: its extension letters fmt[ext, ext + ext_n) */
	int invalid;		  /* the dialect does not implement the conversion */
	size_t first_arg;	  /* the arguments it takes ('*' first) */
	size_t nr_args;		  /* the '*'s, plus one unless conv is '\0' */
};

/*
 * Parse the conversion at or after fmt[*pos]: 1 with *c filled and *pos
 * past it, 0 when there is none.  "%%" is text.  c->first_arg is left 0.
 */
int tc_pconv_next(const char *fmt, size_t *pos, enum tc_pconv_dialect d, struct tc_pconv *c);

/* Every conversion of fmt, first_arg set; *out malloced, the count returned. */
size_t tc_pconvs(const char *fmt, enum tc_pconv_dialect d, struct tc_pconv **out);

/*
 * The arguments gcc's -Wformat wants for fmt ('*' counts; a conversion
 * that is not a C one takes none).
 */
size_t tc_pconv_nr_args(const char *fmt);

/*
 * The integer type a conversion with length modifier len ("", "hh", "h",
 * "l", "ll", "z") and conversion character conv prints its argument as:
 * "int" for d and i, "unsigned long" for lu, "char" for c ...  NULL for
 * the others (s, p, f ...).
 */
const char *tc_pconv_int_type(const char *len, char conv);

#endif
