/* SPDX-License-Identifier: MIT */
/* stand-in: what the kernel's tracepoint.h includes; tracecheck uses its own, and these */
#include <linux/wordpart.h>
#include <linux/tracepoint-defs.h>
