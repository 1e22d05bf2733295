// SPDX-License-Identifier: MIT
/* No Makefile in sub/: drivers/foo/Makefile builds this, with its ccflags-y. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include "sub_trace.h"

void foo_sub_rename(const char *name)
{
	trace_foo_sub_name(name);
}
