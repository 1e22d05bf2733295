// SPDX-License-Identifier: MIT
/* As cdns3-trace.c: built only inside ifneq ($(CONFIG_TPUTCDNS_GADGET),). */
#define CREATE_TRACE_POINTS
#include "trace.h"
