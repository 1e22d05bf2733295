// SPDX-License-Identifier: MIT
/*
 * A .c that fires no event (nor names one): its own typedefs are seen by
 * it alone, so its ftw_group_t, wider than ftw.h's, is no caller's.
 */
typedef unsigned long ftw_group_t;

ftw_group_t ftw_local_groups(void)
{
	return 0;
}
