/* SPDX-License-Identifier: MIT */
#ifndef _MAYBE_HELPERS_H
#define _MAYBE_HELPERS_H
/* a shared header's pasting macro, as include/rv/da_monitor.h's */
#define MAYBE_TRACE(dir, v) trace_maybe_##dir(v)
#endif
