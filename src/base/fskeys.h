/* SPDX-License-Identifier: MIT */
#ifndef TC_FSKEYS_H
#define TC_FSKEYS_H

/*
 * Questions about the file system answered now, and recorded (deps.h)
 * so that a result that used the answer is kept only while it is the
 * same: each is a key whose resolver asks again (fskeys.c).
 */

/* is_file(path) (--patch's overlay first). */
int tc_deps_is_file(const char *path);
/* is_dir(path): a link is followed. */
int tc_deps_is_dir(const char *path);
/* Are a and b one file (device and inode, links followed)? */
int tc_deps_same_file(const char *a, const char *b);
/* realpath(path) when that is a regular file (malloced), else NULL. */
char *tc_deps_real_file(const char *path);

/* The resolvers of these keys (before the cache is read). */
void tc_fskeys_set_resolvers(void);

#endif
