// SPDX-License-Identifier: MIT
#include "input.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "overlay.h"
#include "util.h"

static const char *kind_of(mode_t m)
{
	if (S_ISFIFO(m))
		return "a FIFO";
	if (S_ISSOCK(m))
		return "a socket";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISBLK(m))
		return "a block device";
	return "a file of another kind";
}

static int too_big(const char *path, long long size)
{
	return error("%s: not checked: it is %lld bytes, over the %ld MiB a trace header may be", path,
		     size, TC_MAX_HEADER_BYTES >> 20);
}

int tc_input_check(const char *path)
{
	char *abs = absolute_path(path);
	const char *text;
	size_t len;
	struct stat st;
	int in_overlay = tc_overlay_lookup(abs, &text, &len);

	free(abs);
	if (in_overlay) {
		if (text && len > (size_t)TC_MAX_HEADER_BYTES)
			return too_big(path, (long long)len);
		return 0; /* a removed file: the reader says so */
	}
	if (stat(path, &st))
		return error("%s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return error("%s: is a directory", path);
	if (!S_ISREG(st.st_mode))
		return error("%s: not checked: it is %s, not a regular file", path,
			     kind_of(st.st_mode));
	if (st.st_size > TC_MAX_HEADER_BYTES)
		return too_big(path, (long long)st.st_size);
	return 0;
}
