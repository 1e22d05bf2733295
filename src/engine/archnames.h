/* SPDX-License-Identifier: MIT */
#ifndef TC_ARCHNAMES_H
#define TC_ARCHNAMES_H

#include <stddef.h>

/*
 * found[k] = whether a header below root/arch/ARCH/include (arch_len
 * bytes of arch) has a "#define names[k]" (archnames.c).
 */
void tc_arch_headers_name(const char *root, const char *arch, size_t arch_len,
			  const char *const *names, size_t nr, int *found);

#endif
