// SPDX-License-Identifier: MIT
/* The dependency lines of many cached results, each checked once (depsmemo.h). */
#include "depsmemo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "strbuf.h"
#include "util.h"

/*
 * The lines seen, end to end in one buffer (each with its answer in the
 * byte after it), found through an open-addressed table of offsets + 1
 * (0: empty).  Two allocations, whatever the number of lines: both go
 * back whole at the end.
 */
static struct {
	int depth;
	pid_t owner; /* a child forked meanwhile checks for itself */
	struct strbuf lines;
	size_t *slot;
	size_t nr_slots, nr;
} memo = { 0, 0, STRBUF_INIT, NULL, 0, 0 };

void tc_deps_memo_begin(void)
{
	if (!memo.depth++) {
		memo.owner = getpid();
		tc_deps_forget(); /* a run looks at the files afresh (statmemo.h) */
	}
}

void tc_deps_memo_end(void)
{
	if (!memo.depth || --memo.depth)
		return;
	strbuf_release(&memo.lines);
	free(memo.slot);
	memo.slot = NULL;
	memo.nr_slots = memo.nr = 0;
}

/* A hash of the line for the table alone (never kept): eight bytes at a time. */
static size_t line_hash(const char *l, size_t len)
{
	uint64_t h = len, w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, l + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
		h ^= h >> 31;
	}
	w = 0;
	memcpy(&w, l + i, len - i);
	h = (h ^ w) * 0x9e3779b97f4a7c15ULL;
	return (size_t)(h ^ h >> 29);
}

/* The slot of the line l (len bytes): its own, or the empty one it would take. */
static size_t *find(const char *l, size_t len)
{
	size_t i = line_hash(l, len) & (memo.nr_slots - 1);

	for (;; i = (i + 1) & (memo.nr_slots - 1)) {
		size_t at = memo.slot[i];
		if (!at)
			return &memo.slot[i];
		const char *s = memo.lines.buf + at - 1;
		/* its line, its '\n' and its answer are there: no read past the end */
		if (memo.lines.len - (at - 1) >= len + 2 && !memcmp(s, l, len) && s[len] == '\n')
			return &memo.slot[i];
	}
}

static void grow(void)
{
	size_t *old = memo.slot, n = memo.nr_slots;

	memo.nr_slots = n ? n * 2 : 4096;
	memo.slot = xcalloc(memo.nr_slots, sizeof(*memo.slot));
	for (size_t i = 0; i < n; i++) {
		if (!old[i])
			continue;
		const char *s = memo.lines.buf + old[i] - 1;
		*find(s, (size_t)(strchr(s, '\n') - s)) = old[i];
	}
	free(old);
}

/* The answer for the line l (len bytes, no "R"): tc_deps_check()'s for it alone. */
static int line_answer(const char *l, size_t len)
{
	if (memo.nr * 2 >= memo.nr_slots)
		grow();
	size_t *slot = find(l, len);
	if (*slot)
		return memo.lines.buf[*slot - 1 + len + 1] - '0';
	struct strbuf one = STRBUF_INIT;
	strbuf_add(&one, l, len);
	strbuf_addstr(&one, "\nR\n");
	const char *p = one.buf;
	int ok = tc_deps_check(&p, one.buf + one.len);
	strbuf_release(&one);
	if (ok < 0)
		return ok; /* malformed: said of its entry, not kept */
	/* the table's offsets stay good when the buffer moves */
	*slot = memo.lines.len + 1;
	strbuf_add(&memo.lines, l, len);
	strbuf_addch(&memo.lines, '\n');
	strbuf_addch(&memo.lines, ok ? '1' : '0');
	memo.nr++;
	return ok;
}

int tc_deps_check_memo(const char **pp, const char *end)
{
	const char *p = *pp;

	if (!memo.depth || memo.owner != getpid())
		return tc_deps_check(pp, end);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		size_t len = (size_t)(nl - p);
		if (len == 1 && *p == 'R') {
			*pp = nl + 1;
			return 1;
		}
		int ok = line_answer(p, len);
		if (ok != 1)
			return ok;
		p = nl + 1;
	}
	return -1;
}
