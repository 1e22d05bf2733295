// SPDX-License-Identifier: MIT
#include "linehash.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define WINDOW 100
#define END_MARK 65535

struct hasher {
	uint64_t hash, first_mod; /* first_mod = 37^WINDOW */
	unsigned window[WINDOW];
	long line_at[WINDOW]; /* the line starting at window[i], or -1 */
	size_t index;
	long line;
	int line_start, prev_cr;
	char **out;
	size_t nr, alloc;
	/* how often each hash value was seen: a small open hash table */
	uint64_t *seen_keys;
	unsigned *seen_counts;
	size_t seen_cap, seen_nr;
};

static unsigned *seen(struct hasher *h, uint64_t key)
{
	if (h->seen_nr * 2 >= h->seen_cap) {
		size_t cap = h->seen_cap ? h->seen_cap * 2 : 256;
		uint64_t *k = xcalloc(cap, sizeof(*k));
		unsigned *c = xcalloc(cap, sizeof(*c));
		for (size_t i = 0; i < h->seen_cap; i++) {
			if (!h->seen_counts[i])
				continue;
			size_t j = (size_t)(h->seen_keys[i] * 0x9e3779b97f4a7c15ULL) & (cap - 1);
			while (c[j])
				j = (j + 1) & (cap - 1);
			k[j] = h->seen_keys[i];
			c[j] = h->seen_counts[i];
		}
		free(h->seen_keys);
		free(h->seen_counts);
		h->seen_keys = k;
		h->seen_counts = c;
		h->seen_cap = cap;
	}
	size_t j = (size_t)(key * 0x9e3779b97f4a7c15ULL) & (h->seen_cap - 1);
	while (h->seen_counts[j] && h->seen_keys[j] != key)
		j = (j + 1) & (h->seen_cap - 1);
	if (!h->seen_counts[j]) {
		h->seen_keys[j] = key;
		h->seen_nr++;
	}
	return &h->seen_counts[j];
}

static void emit(struct hasher *h)
{
	long line = h->line_at[h->index];
	unsigned *n = seen(h, h->hash);

	++*n;
	if (line >= 1) {
		ALLOC_GROW(h->out, (size_t)line, h->alloc);
		while (h->nr < (size_t)line)
			h->out[h->nr++] = NULL;
		h->out[line - 1] = xasprintf("%llx:%u", (unsigned long long)h->hash, *n);
	}
	h->line_at[h->index] = -1;
}

static void roll(struct hasher *h, unsigned c)
{
	unsigned leaving = h->window[h->index];

	h->window[h->index] = c;
	h->hash = 37 * h->hash + c - h->first_mod * leaving;
	h->index = (h->index + 1) % WINDOW;
}

static void put(struct hasher *h, unsigned c)
{
	if (c == ' ' || c == '\t' || (h->prev_cr && c == '\n')) {
		h->prev_cr = 0;
		return;
	}
	h->prev_cr = c == '\r';
	if (c == '\r')
		c = '\n';
	if (h->line_at[h->index] != -1)
		emit(h);
	if (h->line_start) {
		h->line_start = 0;
		h->line_at[h->index] = ++h->line;
	}
	if (c == '\n')
		h->line_start = 1;
	roll(h, c);
}

/* Decode UTF-8 as Node.js does (U+FFFD for a bad byte) into UTF-16 units. */
static size_t next_units(const unsigned char *s, size_t len, unsigned u[2], size_t *nu)
{
	unsigned cp;
	size_t n;

	if (s[0] < 0x80) {
		cp = s[0], n = 1;
	} else if (s[0] >= 0xc2 && s[0] < 0xe0 && len >= 2 && (s[1] & 0xc0) == 0x80) {
		cp = (unsigned)(s[0] & 0x1f) << 6 | (s[1] & 0x3f), n = 2;
	} else if (s[0] >= 0xe0 && s[0] < 0xf0 && len >= 3 && (s[1] & 0xc0) == 0x80 &&
		   (s[2] & 0xc0) == 0x80 && !(s[0] == 0xe0 && s[1] < 0xa0) &&
		   !(s[0] == 0xed && s[1] >= 0xa0)) {
		cp = (unsigned)(s[0] & 0x0f) << 12 | (unsigned)(s[1] & 0x3f) << 6 | (s[2] & 0x3f), n = 3;
	} else if (s[0] >= 0xf0 && s[0] < 0xf5 && len >= 4 && (s[1] & 0xc0) == 0x80 &&
		   (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80 &&
		   !(s[0] == 0xf0 && s[1] < 0x90) && !(s[0] == 0xf4 && s[1] >= 0x90)) {
		cp = (unsigned)(s[0] & 0x07) << 18 | (unsigned)(s[1] & 0x3f) << 12 |
		     (unsigned)(s[2] & 0x3f) << 6 | (s[3] & 0x3f),
		n = 4;
	} else {
		cp = 0xfffd, n = 1;
	}
	if (cp >= 0x10000) {
		u[0] = 0xd800 + ((cp - 0x10000) >> 10);
		u[1] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
		*nu = 2;
	} else {
		u[0] = cp;
		*nu = 1;
	}
	return n;
}

void tc_line_hashes(const char *text, size_t len, char ***hashes, size_t *nr)
{
	struct hasher h;
	const unsigned char *s = (const unsigned char *)text;

	memset(&h, 0, sizeof(h));
	h.first_mod = 1;
	for (int i = 0; i < WINDOW; i++) {
		h.first_mod *= 37;
		h.line_at[i] = -1;
	}
	h.line_start = 1;
	for (size_t i = 0; i < len;) {
		unsigned u[2];
		size_t nu;
		i += next_units(s + i, len - i, u, &nu);
		for (size_t k = 0; k < nu; k++)
			put(&h, u[k]);
	}
	put(&h, END_MARK);
	for (int i = 0; i < WINDOW; i++) {
		if (h.line_at[h.index] != -1)
			emit(&h);
		roll(&h, 0);
	}
	free(h.seen_keys);
	free(h.seen_counts);
	*hashes = h.out;
	*nr = h.nr;
}
