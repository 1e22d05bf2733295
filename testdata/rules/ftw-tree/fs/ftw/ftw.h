/* SPDX-License-Identifier: MIT */
typedef unsigned int ftw_group_t;

struct ftw_stats {
	u16 hits;
	unsigned long misses;
};

struct ftw_sb {
	int dev;
	unsigned long count;
	struct ftw_stats stats;
};

/* an inode seen through a typedef: the struct of a member is not known */
typedef struct ftw_inode ftw_inode_t;

struct ftw_inode {
	u32 i_ftwblocks;
	u32 i_ftwsize;
};
