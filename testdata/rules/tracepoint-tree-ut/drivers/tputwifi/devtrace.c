// SPDX-License-Identifier: MIT
/* As iwl-devtrace.c: built with CONFIG_TPUTWIFI_DEVICE_TRACING, in tputwifi.o. */
#define CREATE_TRACE_POINTS
#include "trace.h"
