/* SPDX-License-Identifier: MIT */
/*
 * Which kernel's trace-event macros tracecheck's stage headers follow:
 * __TC_KV is the LINUX_VERSION_CODE of the tree, from its
 * <linux/version.h> (the one kbuild generated, or the one tracecheck
 * writes for an unconfigured tree from its Makefile) or from a
 * -DLINUX_VERSION_CODE=...; 0 when there is none (a header checked on
 * its own), which means the newest kernel tracecheck knows.
 *
 * Where the kernel changed what a construct means, the stage headers
 * test __TC_KV_SINCE(major, minor), the first release with the change.
 */
#ifndef __TRACECHECK_KVERSION_H
#define __TRACECHECK_KVERSION_H

#if !defined(LINUX_VERSION_CODE) && !defined(__TRACECHECK_BARE__) && \
	__has_include(<linux/version.h>)
#include <linux/version.h>
#endif

#ifdef LINUX_VERSION_CODE
#define __TC_KV (LINUX_VERSION_CODE)
#else
#define __TC_KV 0
#endif

#define __TC_KV_SINCE(a, b) (__TC_KV == 0 || __TC_KV >= (((a) << 16) + ((b) << 8)))

#endif /* __TRACECHECK_KVERSION_H */
