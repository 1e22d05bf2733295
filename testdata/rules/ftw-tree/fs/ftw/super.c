// SPDX-License-Identifier: MIT
/* The instantiator of ftw.h, and its callers. */
#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/ftw.h>

#include "ftw.h"

int ftw_force_shutdown(struct ftw_sb *sb, u32 flags)
{
	trace_ftw_shutdown(sb->dev, flags);
	return 0;
}

static void ftw_load_buddy(struct ftw_sb *sb, ftw_group_t ngroups)
{
	ftw_group_t first_group, group;

	for (first_group = 0, group = 0; group < ngroups; group++)
		trace_ftw_mb_bitmap_load(sb->dev, group);
}

void ftw_read_inode_bitmap(struct ftw_sb *sb, ftw_group_t block_group)
{
	trace_ftw_load_inode_bitmap(sb->dev, block_group);
	ftw_load_buddy(sb, block_group);
}

void ftw_sync(struct ftw_sb *sb, u64 big)
{
	trace_ftw_flush(4096);
	trace_ftw_flush((u16)big);
	trace_ftw_mixed(sb->count);
}

void ftw_count(u32 n)
{
	trace_ftw_mixed(n);
	trace_ftw_sum(n, n);
}

static int ftw_balance_pages(struct ftw_sb *sb, unsigned long pages_dirtied)
{
	trace_ftw_balance(pages_dirtied);
	return sb->dev;
}

int ftw_dirtied(struct ftw_sb *sb, int nr_dirtied)
{
	return ftw_balance_pages(sb, nr_dirtied);
}

int ftw_balance_all(struct ftw_sb *sb, unsigned long pages_dirtied)
{
	trace_ftw_balance_pub(pages_dirtied);
	return sb->dev;
}

/*
 * 7.3's balance_dirty_pages(): a static function passes its unsigned
 * long parameter on, and its caller passes current->nr_dirtied, an int
 * (struct task_struct's; struct ftw_wb_stats's nr_dirtied is wider)
 */
static int ftw_task_balance_pages(struct ftw_sb *sb, unsigned long pages_dirtied)
{
	trace_ftw_task_balance(pages_dirtied);
	return sb->dev;
}

int ftw_task_dirtied(struct ftw_sb *sb)
{
	return ftw_task_balance_pages(sb, current->nr_dirtied);
}

static void ftw_task_paused_pages(unsigned long paused)
{
	trace_ftw_task_paused(paused);
}

void ftw_task_paused(void)
{
	ftw_task_paused_pages(current->dirty_paused_when);
}

/* the sb of a block closed before the call is not the call's */
void ftw_stat_scoped(struct ftw_sb *sb)
{
	if (sb->dev) {
		struct ftw_wb_stats *sb = 0;

		(void)sb;
	}
	trace_ftw_stat_hits(sb->stats.hits);
}

void ftw_stat(struct ftw_sb *sb, ftw_inode_t *ino)
{
	trace_ftw_stat_hits(sb->stats.hits);
	trace_ftw_stat_misses(sb->stats.misses);
	trace_ftw_inode_blocks(ino->i_ftwblocks);
	trace_ftw_inode_size(ino->i_ftwsize);
}
