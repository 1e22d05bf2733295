// SPDX-License-Identifier: MIT
/* As net/core/net-traces.c: exports a tracepoint for a module. */
#include <trace/events/tput.h>

EXPORT_TRACEPOINT_SYMBOL_GPL(tput_fdb_add);
