// SPDX-License-Identifier: MIT
#include "datadir.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "util.h"

#ifndef TC_DATADIR
#define TC_DATADIR "/usr/local/share/tracecheck/include"
#endif

/* dir/rel if it is a directory, else NULL */
static char *below(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);

	if (is_dir(p))
		return p;
	free(p);
	return NULL;
}

const char *tc_datadir(void)
{
	static char *found;
	const char *env = getenv("TRACECHECK_DATADIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env && *env)
		return env;
	if (found)
		return found;
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *dir = dir_name(exe);
		found = below(dir, "stage-headers");
		if (!found)
			found = below(dir, "../share/tracecheck/include");
		free(dir);
	}
	if (!found)
		found = xstrdup(TC_DATADIR);
	return found;
}
