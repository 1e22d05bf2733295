// SPDX-License-Identifier: MIT
#include "overlay.h"

#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "util.h"

struct entry {
	char *path;
	char *text; /* NULL: removed */
	size_t len;
	char hash[33]; /* of text, once asked (tc_overlay_hash()); "" before */
};

static struct entry *entries;
static size_t nr_entries, alloc_entries;

static struct entry *find(const char *abs)
{
	for (size_t i = 0; i < nr_entries; i++)
		if (!strcmp(entries[i].path, abs))
			return &entries[i];
	return NULL;
}

void tc_overlay_set(const char *path, const char *text, size_t len)
{
	char *abs = absolute_path(path);
	struct entry *e = find(abs);

	if (e) {
		free(abs);
		free(e->text);
	} else {
		ALLOC_GROW(entries, nr_entries + 1, alloc_entries);
		e = &entries[nr_entries++];
		e->path = abs;
	}
	e->text = NULL;
	e->len = 0;
	e->hash[0] = '\0';
	if (text) {
		e->text = xmalloc(len + 1);
		memcpy(e->text, text, len);
		e->text[len] = '\0';
		e->len = len;
	}
}

void tc_overlay_clear(void)
{
	for (size_t i = 0; i < nr_entries; i++) {
		free(entries[i].path);
		free(entries[i].text);
	}
	free(entries);
	entries = NULL;
	nr_entries = alloc_entries = 0;
}

size_t tc_overlay_count(void)
{
	return nr_entries;
}

const char *tc_overlay_entry(size_t i, const char **text, size_t *len)
{
	*text = entries[i].text;
	*len = entries[i].len;
	return entries[i].path;
}

static const char *hash_of(struct entry *e)
{
	if (!e->text)
		return NULL;
	if (!e->hash[0])
		tc_hash_hex(e->text, e->len, e->hash);
	return e->hash;
}

const char *tc_overlay_entry_hash(size_t i)
{
	return hash_of(&entries[i]);
}

/* path's entry, or NULL if the disk decides */
static struct entry *entry_of(const char *path)
{
	if (!nr_entries)
		return NULL;
	char *abs = absolute_path(path);
	struct entry *e = find(abs);
	free(abs);
	return e;
}

int tc_overlay_lookup(const char *path, const char **text, size_t *len)
{
	struct entry *e = entry_of(path);

	if (!e)
		return 0;
	*text = e->text;
	*len = e->len;
	return 1;
}

int tc_overlay_hash(const char *path, const char **hash)
{
	struct entry *e = entry_of(path);

	if (!e)
		return 0;
	*hash = hash_of(e);
	return 1;
}
