// SPDX-License-Identifier: MIT
/*
 * Instantiates tbl_trace.h after a table of its own: the header is read
 * in this .c's context, and what it says about the table points here.
 */
#include <linux/types.h>

static const char *const tbl_names[] = {
	"idle",
	"busy",
};

#define CREATE_TRACE_POINTS
#include "tbl_trace.h"

void tbl_set(int state)
{
	trace_tbl_state(state);
}
