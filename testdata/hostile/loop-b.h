/* SPDX-License-Identifier: MIT */
/* loop-b.h and loop-a.h include each other, without guards */
#include "loop-a.h"
