// SPDX-License-Identifier: MIT
#include "pext.h"

#include <string.h>

/* The kernel's pointer() formats that take the value itself. */
int tc_pext_by_value(const char *e, size_t n)
{
	return !n || strchr("SsBKxe", e[0]) || !strchr("RrhbMmIiEUVN4adtCDgGOfAuk", e[0]);
}

/* The bytes a dereferencing extension reads, 0 when not fixed. */
long long tc_pext_reads(const char *e, size_t n, long long word)
{
	switch (e[0]) {
	case 'M':
	case 'm':
		return 6;
	case 'I':
	case 'i':
		return n >= 2 && e[1] == '4' ? 4 : n >= 2 && e[1] == '6' ? 16 : 0;
	case 'U':
		return 16;
	case '4':
		return 4;
	case 'a': /* phys_addr_t, dma_addr_t: u64 on 64-bit kernels */
		return word == 8 ? 8 : 0;
	case 'N':
		return 8; /* netdev_features_t */
	default:
		return 0;
	}
}

/*
 * libtraceevent 1.7.1 to 1.8.4 (parse_arg_format_pointer(),
 * print_arg_pointer()): the extensions it renders; for the others it
 * prints the value as %p and then the letters.
 */
int tc_pext_in_userspace(const char *e, size_t n)
{
	if (!n)
		return 1;
	if (strchr("SFsf", e[0]))
		return n == 1;
	if (e[0] == 'M' || e[0] == 'm')
		return n == 1 || (n == 2 && strchr("RF", e[1]));
	if (e[0] == 'I' || e[0] == 'i')
		return n >= 2 && strchr("46S", e[1]) && strspn(e + 2, "pcfshnlb") == n - 2;
	if (e[0] == 'U')
		return n == 1 || (n == 2 && strchr("bBlL", e[1]));
	if (e[0] == 'h')
		return n == 1 || (n == 2 && strchr("CDN", e[1]));
	return 0;
}

/* What the kernel prints for an extension (Documentation/core-api/printk-formats.rst). */
const char *tc_pext_meaning(const char *e, size_t n)
{
	switch (e[0]) {
	case 'K':
		return "the pointer hashed, raw or as zeros, as kptr_restrict says";
	case 'x':
		return "the raw pointer value in hex";
	case 'B':
		return "the symbol of a return address (backtrace-adjusted)";
	case 'S':
		return n > 1 && e[1] == 'R' ? "the symbol with its offset, after pointer translation"
					    : "the symbol with offset";
	case 'a':
		return n > 1 && e[1] == 'd' ? "the dma_addr_t the argument points to, in hex"
					    : "the phys_addr_t the argument points to, in hex";
	case 'e':
		return "the error name of an ERR_PTR() (-ENOMEM)";
	case 'b':
		return "the bitmap the argument points to, as hex or a list";
	case 'V':
		return "the struct va_format the argument points to";
	case 'd':
	case 'D':
		return "a dentry's or file's name";
	case 'g':
		return "a block device's name";
	case 'G':
		return "a set of page, gfp or VMA flags, by name";
	case 'O':
	case 'f':
		return "a device-tree or fwnode name";
	case 'R':
	case 'r':
		return "the struct resource the argument points to";
	case 't':
		return "a date and time";
	case 'E':
		return "an escaped buffer";
	case 'C':
		return "a clock's name";
	case '4':
		return "a FourCC code";
	case 'N':
		return "netdev features in hex";
	default:
		return "a kernel-only rendering";
	}
}

/*
 * How many of the letters after %p the kernel's pointer() uses for the
 * common extensions (lib/vsprintf.c); vsnprintf() skips all of them, so
 * the rest is text that is never printed.  -1: not known here.
 */
long tc_pext_used(const char *e, size_t n)
{
	size_t k = 1;

	if (!n)
		return 0;
	switch (e[0]) {
	case 'S':
	case 's':
	case 'B':
		k += n > k && e[k] == 'R';
		k += n > k && e[k] == 'b';
		return (long)k;
	case 'M':
	case 'm':
		return 1 + (n > 1 && strchr("RF", e[1]));
	case 'U':
		return 1 + (n > 1 && strchr("bBlL", e[1]));
	case 'h':
		return 1 + (n > 1 && strchr("CDN", e[1]));
	case 'a':
		return 1 + (n > 1 && strchr("dp", e[1]));
	case 'b':
		return 1 + (n > 1 && e[1] == 'l');
	case 'I':
	case 'i':
		if (n < 2 || !strchr("46S", e[1]))
			return -1;
		return 2 + (long)strspn(e + 2, "pfschnbl");
	case 'K':
	case 'x':
	case 'e':
	case 'V':
	case 'g':
		return 1;
	default:
		return -1;
	}
}

int tc_pext_test_event_derefs(char c)
{
	return c && strchr("BRrbMmIiEUVNadDgtCOf", c);
}
