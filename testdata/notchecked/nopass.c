// SPDX-License-Identifier: MIT
/* The .c that instantiates nopass.h, for kbuild mode (not-checked-kbuild.case). */
#define CREATE_TRACE_POINTS
#include "nopass.h"
