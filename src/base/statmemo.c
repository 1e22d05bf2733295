// SPDX-License-Identifier: MIT
/* The memo of what the file system said of a path (statmemo.h): a hash table by path. */
#include "statmemo.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static struct {
	struct tc_statmemo **v; /* open addressing, a power of two */
	size_t nr, size;
	int forked_clean; /* the child handler is registered */
} memo;

/*
 * A child forked meanwhile starts with no memo: what it checks, it asks
 * the file system (the parent's table is left to copy-on-write, not
 * freed: no allocator call in a fork handler).
 */
static void forget_in_child(void)
{
	memo.v = NULL;
	memo.nr = memo.size = 0;
}

static struct tc_statmemo **slot(struct tc_statmemo **v, size_t size, const char *path)
{
	size_t i = tc_str_hash(path) & (size - 1);

	while (v[i] && strcmp(v[i]->path, path))
		i = (i + 1) & (size - 1);
	return &v[i];
}

static void grow(void)
{
	size_t size = memo.size ? memo.size * 2 : 1024;
	struct tc_statmemo **v = xcalloc(size, sizeof(*v));

	for (size_t i = 0; i < memo.size; i++)
		if (memo.v[i])
			*slot(v, size, memo.v[i]->path) = memo.v[i];
	free(memo.v);
	memo.v = v;
	memo.size = size;
}

struct tc_statmemo *tc_statmemo_of(const char *path)
{
	if (!memo.forked_clean) {
		pthread_atfork(NULL, NULL, forget_in_child);
		memo.forked_clean = 1;
	}
	if ((memo.nr + 1) * 4 > memo.size * 3)
		grow();
	struct tc_statmemo **s = slot(memo.v, memo.size, path);
	if (!*s) {
		*s = xcalloc(1, sizeof(**s));
		(*s)->path = xstrdup(path);
		memo.nr++;
	}
	return *s;
}

void tc_statmemo_clear(void)
{
	for (size_t i = 0; i < memo.size; i++) {
		if (!memo.v[i])
			continue;
		free(memo.v[i]->path);
		free(memo.v[i]);
		memo.v[i] = NULL;
	}
	memo.nr = 0;
}
