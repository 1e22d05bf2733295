// SPDX-License-Identifier: MIT
/*
 * Questions about the file system whose answer a result depends on, kept
 * as named keys (deps.h) whose resolvers ask them again:
 *
 *   k isfile PATH 1|0        is_file() (--patch's overlay first)
 *   k isdir PATH 1|0         is_dir(): a link is followed
 *   k samefile A<TAB>B 1|0   one file (device and inode, links followed)
 *   k realfile PATH REAL|-   realpath() of PATH when that is a regular file
 *
 * A probe (lstat()) or a file's text does not tell these apart: a link
 * pointed elsewhere, or a second name of a file, leaves both as they were.
 *
 * Their stat()s go through tc_deps_stat(): while dependencies are checked
 * and nothing is recorded (a resolver, or the index's answers computed
 * for one), a path is asked once per process (deps.c says why that is
 * sound); otherwise every time.
 */
#include "fskeys.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "deps.h"
#include "overlay.h"
#include "util.h"

/* is_file(), its stat() through tc_deps_stat(). */
static int file_now(const char *path)
{
	struct stat st;
	const char *text;
	size_t len;

	if (tc_overlay_lookup(path, &text, &len))
		return text != NULL;
	int found = !tc_deps_stat(path, &st) && S_ISREG(st.st_mode);
	if (!found)
		tc_deps_absent(path);
	return found;
}

/* is_dir(), the same way. */
static int dir_now(const char *path)
{
	struct stat st;

	return !tc_deps_stat(path, &st) && S_ISDIR(st.st_mode);
}

static char *yes_no(int v)
{
	return xstrdup(v ? "1" : "0");
}

static char *isfile_now(const char *path)
{
	tc_deps_pause();
	int v = file_now(path);
	tc_deps_resume();
	return yes_no(v);
}

static char *isdir_now(const char *path)
{
	return yes_no(dir_now(path));
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !tc_deps_stat(a, &sa) && !tc_deps_stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

static char *samefile_now(const char *arg)
{
	const char *tab = strchr(arg, '\t');

	if (!tab)
		return xstrdup("malformed");
	char *a = xstrndup(arg, (size_t)(tab - arg));
	int v = same_file(a, tab + 1);
	free(a);
	return yes_no(v);
}

/* realpath() of path if that is a regular file (malloced), else NULL. */
static char *real_file(const char *path)
{
	char *real = realpath(path, NULL);

	tc_deps_pause();
	if (real && !file_now(real)) {
		free(real);
		real = NULL;
	}
	tc_deps_resume();
	return real;
}

int tc_deps_is_file(const char *path)
{
	int v = file_now(path);

	tc_deps_key("isfile", path, v ? "1" : "0");
	return v;
}

int tc_deps_is_dir(const char *path)
{
	int v = dir_now(path);

	tc_deps_key("isdir", path, v ? "1" : "0");
	return v;
}

int tc_deps_same_file(const char *a, const char *b)
{
	int v = same_file(a, b);

	if (tc_deps_recording()) {
		if (strchr(a, '\t'))
			tc_deps_spoil("a path with a tab cannot be written down");
		char *arg = xasprintf("%s\t%s", a, b);
		tc_deps_key("samefile", arg, v ? "1" : "0");
		free(arg);
	}
	return v;
}

char *tc_deps_real_file(const char *path)
{
	char *real = real_file(path);

	tc_deps_key("realfile", path, real);
	return real;
}

void tc_fskeys_set_resolvers(void)
{
	tc_deps_set_resolver("isfile", isfile_now);
	tc_deps_set_resolver("isdir", isdir_now);
	tc_deps_set_resolver("samefile", samefile_now);
	tc_deps_set_resolver("realfile", real_file);
}
