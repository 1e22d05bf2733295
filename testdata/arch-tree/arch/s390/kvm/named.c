// SPDX-License-Identifier: MIT
/* the instantiator of named.h; the function its print fmt calls comes after */
#define CREATE_TRACE_POINTS
#include "named.h"

const char *tc_s390_psw_name(unsigned long long mask)
{
	return mask ? "user" : "kernel";
}
