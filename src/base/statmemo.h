/* SPDX-License-Identifier: MIT */
/*
 * What the file system said of a path while the dependencies of cached
 * entries were checked (deps.h), asked once per process: a path's
 * stat(), lstat(), whether it opens, and its content's hash are each
 * taken at most once, then answered from the memo until it is
 * forgotten.  Only the checking of recorded dependencies uses it, and
 * only while nothing is recorded: a recording asks the file system every
 * time (deps.c says why that is sound).  A forked child starts without
 * it.
 */
#ifndef TC_STATMEMO_H
#define TC_STATMEMO_H

#include <sys/stat.h>

/* What is known of the path (have): the TC_SM_* below. */
#define TC_SM_STAT 1u
#define TC_SM_LSTAT 2u
#define TC_SM_OPEN 4u
#define TC_SM_HASH 8u

struct tc_statmemo {
	char *path;
	unsigned have;
	int stat_err, lstat_err; /* 0, or stat()'s / lstat()'s errno */
	struct stat st, lst;
	int open_err; /* 0: it opens for reading, else open()'s errno */
	int hash_err; /* 0: hash is its content's; -1: it could not be read */
	char hash[33];
};

/* The memo of path (made, with nothing known, when there is none). */
struct tc_statmemo *tc_statmemo_of(const char *path);
/* Forget all: the file system may have changed since (this process wrote to it). */
void tc_statmemo_clear(void);

#endif
