// SPDX-License-Identifier: MIT
/*
 * A decoy, shaped like io_uring/io_uring.c: after CREATE_TRACE_POINTS it
 * includes its own "qux.h", which is not include/trace/events/qux.h, so
 * it is not what instantiates the qux events (net/qux/traces.c is).
 */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include "qux.h"
