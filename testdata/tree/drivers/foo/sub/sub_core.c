// SPDX-License-Identifier: MIT
/* No Makefile in sub/: drivers/foo/Makefile builds this, with its ccflags-y. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include "sub_trace.h"
