// SPDX-License-Identifier: MIT
/* Members of the same names as others, of other widths (7.3's mm/backing-dev.c wb_stats). */
#include "ftw.h"

struct ftw_wb_stats {
	unsigned long nr_dirtied;
	u64 hits;
};

/*
 * A .c that fires no event (nor names one): its own structs are seen by
 * it alone, so its wider i_ftwblocks is no other unit's member.
 */
struct ftw_local_inode {
	u64 i_ftwblocks;
};
