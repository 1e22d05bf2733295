/* SPDX-License-Identifier: MIT */
typedef unsigned int ftw_group_t;

struct ftw_sb {
	int dev;
	unsigned long count;
};
