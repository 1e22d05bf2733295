// SPDX-License-Identifier: MIT
/* Members of the same names as others, of other widths (7.3's mm/backing-dev.c wb_stats). */
#include "ftw.h"

struct ftw_wb_stats {
	unsigned long nr_dirtied;
	u64 hits;
};
