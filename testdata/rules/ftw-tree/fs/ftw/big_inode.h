/* SPDX-License-Identifier: MIT */
/* A header's member of the same name as another's, wider: every unit may see it. */
struct ftw_big_inode {
	struct {
		u64 i_ftwsize;
	};
	u32 i_ftwblocks : 20, i_other : 12;
};
