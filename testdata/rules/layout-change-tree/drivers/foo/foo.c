// SPDX-License-Identifier: MIT
/* A fixture of layout-change.case: the .c that instantiates foo_trace.h. */
#define CREATE_TRACE_POINTS
#include "foo_trace.h"
