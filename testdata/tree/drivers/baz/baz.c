// SPDX-License-Identifier: MIT
/* For kbuild-check.case: a .c that instantiates its trace header. */
#include <linux/types.h>

const char *baz_mode_name(int mode);

#define CREATE_TRACE_POINTS
#include "baz_trace.h"

/* fires the event (unused-tracepoint: a tracepoint nothing calls is dead) */
void baz_set_mode(int mode)
{
	trace_baz_mode(mode);
}
