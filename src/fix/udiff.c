// SPDX-License-Identifier: MIT
/*
 * A unified diff of two texts, as git prints it: Myers' line diff after
 * the common prefix and suffix are taken off, the deletions of a change
 * before its insertions, 3 lines of context, hunks closer than 6 lines
 * merged, and git's default function context after the "@@" (the last
 * line before the hunk that starts with a letter, '_' or '$').
 */
#include "fix.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define CONTEXT 3
#define FUNC_MAX 80

struct line {
	const char *p;
	size_t n; /* with its '\n', if it has one */
};

static size_t split(const char *s, size_t len, struct line **out)
{
	size_t nr = 0, alloc = 0;
	struct line *v = NULL;

	for (size_t i = 0; i < len;) {
		const char *nl = memchr(s + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (s + i)) + 1 : len - i;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].p = s + i;
		v[nr].n = n;
		nr++;
		i += n;
	}
	*out = v;
	return nr;
}

static int same(const struct line *a, const struct line *b)
{
	return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

/*
 * Myers' greedy diff of a[0, n) and b[0, m): ops[] gets ' ', '-' or '+'
 * per line of the script, in order.  Returns the number of ops.
 */
static size_t myers(const struct line *a, size_t n, const struct line *b, size_t m, char *ops)
{
	long max = (long)(n + m), off = max + 1;
	long *v = xcalloc((size_t)(2 * max + 3), sizeof(*v));
	long **trace = xcalloc((size_t)(max + 2), sizeof(*trace));
	long d, found = -1;

	for (d = 0; d <= max && found < 0; d++) {
		for (long k = -d; k <= d; k += 2) {
			long x;
			if (k == -d || (k != d && v[off + k - 1] < v[off + k + 1]))
				x = v[off + k + 1];
			else
				x = v[off + k - 1] + 1;
			long y = x - k;
			while (x < (long)n && y < (long)m && same(&a[x], &b[y])) {
				x++;
				y++;
			}
			v[off + k] = x;
			if (x >= (long)n && y >= (long)m) {
				found = d;
				break;
			}
		}
		/* v[-d, d] after step d: O(D^2) memory in all */
		trace[d] = xmalloc((size_t)(2 * d + 1) * sizeof(long));
		memcpy(trace[d], v + off - d, (size_t)(2 * d + 1) * sizeof(long));
	}
	/* walk back from (n, m), writing the script from its end */
	size_t nops = 0;
	char *rev = xmalloc(n + m + 1);
	long x = (long)n, y = (long)m;
	for (d = found; d > 0; d--) {
		const long *pv = trace[d - 1] + (d - 1); /* pv[k] for k in [-(d-1), d-1] */
		long k = x - y, pk;
		if (k == -d || (k != d && pv[k - 1] < pv[k + 1]))
			pk = k + 1;
		else
			pk = k - 1;
		long px = pv[pk], py = px - pk;
		while (x > px && y > py) {
			rev[nops++] = ' ';
			x--;
			y--;
		}
		if (x == px) {
			rev[nops++] = '+';
			y--;
		} else {
			rev[nops++] = '-';
			x--;
		}
	}
	while (x > 0 && y > 0) {
		rev[nops++] = ' ';
		x--;
		y--;
	}
	for (size_t i = 0; i < nops; i++)
		ops[i] = rev[nops - 1 - i];
	free(rev);
	for (d = 0; d <= found; d++)
		free(trace[d]);
	free(trace);
	free(v);
	return nops;
}

/* Within each run of changed lines, the deletions first. */
static void deletions_first(char *ops, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (ops[i] == ' ') {
			i++;
			continue;
		}
		size_t j = i, del = 0;
		while (j < n && ops[j] != ' ')
			del += ops[j++] == '-';
		memset(ops + i, '-', del);
		memset(ops + i + del, '+', j - i - del);
		i = j;
	}
}

static void add_range(struct strbuf *out, size_t start, size_t count)
{
	/* an empty range is named by the line before it */
	if (count == 1)
		strbuf_addf(out, "%zu", start + 1);
	else
		strbuf_addf(out, "%zu,%zu", count ? start + 1 : start, count);
}

static void add_func(struct strbuf *out, const struct line *a, size_t before)
{
	while (before-- > 0) {
		const struct line *l = &a[before];
		unsigned char c = l->n ? (unsigned char)l->p[0] : 0;
		if (!(isalpha(c) || c == '_' || c == '$'))
			continue;
		size_t n = l->n < FUNC_MAX ? l->n : FUNC_MAX;
		while (n && isspace((unsigned char)l->p[n - 1]))
			n--;
		strbuf_addch(out, ' ');
		strbuf_add(out, l->p, n);
		return;
	}
}

static void add_line(struct strbuf *out, char op, const struct line *l)
{
	strbuf_addch(out, op);
	strbuf_add(out, l->p, l->n);
	if (!l->n || l->p[l->n - 1] != '\n')
		strbuf_addstr(out, "\n\\ No newline at end of file\n");
}

static void add_path(struct strbuf *out, const char *prefix, const char *path)
{
	while (*path == '/')
		path++;
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	strbuf_addf(out, "%s%s", prefix, path);
}

void tc_unified_diff(struct strbuf *out, const char *path, const char *old, size_t oldlen,
		     const char *new, size_t newlen)
{
	struct line *a, *b;
	size_t n = split(old, oldlen, &a), m = split(new, newlen, &b);
	size_t pre = 0, suf = 0;

	while (pre < n && pre < m && same(&a[pre], &b[pre]))
		pre++;
	while (suf < n - pre && suf < m - pre && same(&a[n - 1 - suf], &b[m - 1 - suf]))
		suf++;
	if (pre == n && pre == m) {
		free(a);
		free(b);
		return;
	}
	/* the whole script: prefix, Myers' middle, suffix */
	size_t nops = 0;
	char *ops = xmalloc(n + m + 1);
	memset(ops, ' ', pre);
	nops = pre;
	nops += myers(a + pre, n - pre - suf, b + pre, m - pre - suf, ops + nops);
	memset(ops + nops, ' ', suf);
	nops += suf;
	deletions_first(ops, nops);

	strbuf_addstr(out, "diff --git ");
	add_path(out, "a/", path);
	add_path(out, " b/", path);
	add_path(out, "\n--- a/", path);
	add_path(out, "\n+++ b/", path);
	strbuf_addch(out, '\n');

	/* ai/bi: line of a/b at op i */
	size_t *ai = xmalloc((nops + 1) * sizeof(*ai)), *bi = xmalloc((nops + 1) * sizeof(*bi));
	for (size_t i = 0, x = 0, y = 0; i <= nops; i++) {
		ai[i] = x;
		bi[i] = y;
		if (i < nops) {
			x += ops[i] != '+';
			y += ops[i] != '-';
		}
	}
	for (size_t i = 0; i < nops;) {
		if (ops[i] == ' ') {
			i++;
			continue;
		}
		/* a hunk: from CONTEXT before this change to CONTEXT after the last close one */
		size_t start = i > CONTEXT ? i - CONTEXT : 0, end = i;
		for (;;) {
			while (end < nops && ops[end] != ' ')
				end++;
			size_t next = end;
			while (next < nops && ops[next] == ' ')
				next++;
			if (next < nops && next - end <= 2 * CONTEXT) {
				end = next;
				continue;
			}
			end = end + CONTEXT < nops ? end + CONTEXT : nops;
			break;
		}
		size_t ac = 0, bc = 0;
		for (size_t j = start; j < end; j++) {
			ac += ops[j] != '+';
			bc += ops[j] != '-';
		}
		strbuf_addstr(out, "@@ -");
		add_range(out, ai[start], ac);
		strbuf_addstr(out, " +");
		add_range(out, bi[start], bc);
		strbuf_addstr(out, " @@");
		add_func(out, a, ai[start]);
		strbuf_addch(out, '\n');
		for (size_t j = start; j < end; j++)
			add_line(out, ops[j], ops[j] == '+' ? &b[bi[j]] : &a[ai[j]]);
		i = end;
	}
	free(ai);
	free(bi);
	free(ops);
	free(a);
	free(b);
}
