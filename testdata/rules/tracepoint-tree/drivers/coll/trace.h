/* SPDX-License-Identifier: MIT */
/* collects the driver's trace headers, as rdmavt's trace.h */
#include "trace_coll.h"
