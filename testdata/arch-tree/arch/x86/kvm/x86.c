// SPDX-License-Identifier: MIT
/* the instantiator of trace.h */
#define CREATE_TRACE_POINTS
#include "trace.h"
