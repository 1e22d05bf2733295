// SPDX-License-Identifier: MIT
/*
 * The model of a tree's Kconfig in the cache (kconfig_internal.h), so
 * that a run whose memo says the files are as they were loads it instead
 * of reading some 1,700 files.  The entry is keyed by the digest of the
 * files read (their names and contents), the root and the architecture:
 * the walk follows only what it read, so the model of a digest is what
 * any walk that read those contents gives.
 *
 * Made to be loaded in one pass: after a header line
 *	kmodel 1 STRINGS FILES SYMBOLS REFS GLOBBED DIGEST
 * each distinct string once, NUL-terminated, then 32-bit numbers in the
 * host's order (the cache is this build's, on this machine): the files,
 * as indices of strings, then for each symbol in the model's order its
 * name, order, file (an index of the files), boolish, its number of
 * conditions and of selects, and the indices of those strings.
 */
#include "kconfig_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

#define KMODEL_KIND "kmodel"

static char *model_key(const char *root, const char *arch, const char *digest)
{
	return xasprintf("%s\n%s\n%s", digest, root, arch);
}

/* The distinct strings of a model, each with its index. */
struct strtab {
	const char **slot; /* open addressing: NULL or a string */
	uint32_t *ix;
	size_t size, nr;
	struct strbuf text;
};

static uint32_t intern(struct strtab *t, const char *s)
{
	size_t i = tc_str_hash(s) & (t->size - 1);

	while (t->slot[i] && strcmp(t->slot[i], s))
		i = (i + 1) & (t->size - 1);
	if (!t->slot[i]) {
		t->slot[i] = s;
		t->ix[i] = (uint32_t)t->nr++;
		strbuf_add(&t->text, s, strlen(s) + 1);
	}
	return t->ix[i];
}

static void put32(struct strbuf *sb, size_t v)
{
	uint32_t u = (uint32_t)v;

	strbuf_add(sb, &u, sizeof(u));
}

/* A file's name as the symbols point to it (interned in the model), and its index. */
struct file_at {
	const char *name;
	size_t ix;
};

static int by_ptr(const void *a, const void *b)
{
	uintptr_t p = (uintptr_t)((const struct file_at *)a)->name;
	uintptr_t q = (uintptr_t)((const struct file_at *)b)->name;

	return p < q ? -1 : p > q;
}

/* The index in k->files of the interned file name f (at: the files sorted by by_ptr()). */
static size_t file_ix(const struct tc_kconfig *k, const struct file_at *at, const char *f)
{
	struct file_at want = { f, 0 };
	const struct file_at *r = bsearch(&want, at, k->nr_files, sizeof(*at), by_ptr);

	return r ? r->ix : 0;
}

int tc_kmodel_encode(const struct tc_kconfig *k, struct strbuf *sb)
{
	struct strtab t = { 0 };
	struct strbuf nums = STRBUF_INIT;
	size_t refs = 0, max = 2 * k->nr_files + 2 * k->nr;

	for (size_t i = 0; i < k->nr; i++)
		max += k->v[i].nr_conds + k->v[i].nr_selects;
	/* every symbol, file, condition and select counted once: not too small a table */
	for (t.size = 64; t.size < 2 * max; t.size *= 2)
		;
	t.slot = xcalloc(t.size, sizeof(*t.slot));
	t.ix = xcalloc(t.size, sizeof(*t.ix));
	strbuf_init(&t.text);
	struct file_at *at = xcalloc(k->nr_files + 1, sizeof(*at));
	for (size_t i = 0; i < k->nr_files; i++)
		at[i] = (struct file_at){ k->files[i], i };
	QSORT(at, k->nr_files, by_ptr);
	for (size_t i = 0; i < k->nr_files; i++)
		put32(&nums, intern(&t, k->files[i]));
	for (size_t i = 0; i < k->nr; i++) {
		const struct ksym *s = &k->v[i];
		put32(&nums, intern(&t, s->name));
		put32(&nums, s->order);
		put32(&nums, file_ix(k, at, s->file));
		put32(&nums, (size_t)s->boolish);
		put32(&nums, s->nr_conds);
		put32(&nums, s->nr_selects);
		for (size_t j = 0; j < s->nr_conds; j++)
			put32(&nums, intern(&t, s->conds[j]));
		for (size_t j = 0; j < s->nr_selects; j++)
			put32(&nums, intern(&t, s->selects[j]));
		refs += s->nr_conds + s->nr_selects;
	}
	strbuf_addf(sb, "kmodel 1 %zu %zu %zu %zu %d %s\n", t.nr, k->nr_files, k->nr, refs,
		    k->globbed, k->digest);
	strbuf_add(sb, t.text.buf, t.text.len);
	strbuf_add(sb, nums.buf, nums.len);
	free(at);
	free(t.slot);
	free(t.ix);
	strbuf_release(&t.text);
	strbuf_release(&nums);
	/* (counts past 32 bits: none) */
	return max < UINT32_MAX;
}

void tc_kmodel_store(const struct tc_kconfig *k)
{
	struct strbuf sb = STRBUF_INIT;

	if (tc_kmodel_encode(k, &sb)) {
		char *key = model_key(k->root, k->arch, k->digest);
		tc_cache_put(KMODEL_KIND, key, sb.buf, sb.len);
		free(key);
	}
	strbuf_release(&sb);
}

/* The numbers of the entry, from *p on: the next one, or 0 and *ok cleared past end. */
static uint32_t get32(const char **p, const char *end, int *ok)
{
	uint32_t u;

	if ((size_t)(end - *p) < sizeof(u)) {
		*ok = 0;
		return 0;
	}
	memcpy(&u, *p, sizeof(u));
	*p += sizeof(u);
	return u;
}

struct tc_kconfig *tc_kmodel_decode(char *blob, size_t len, const char *digest)
{
	size_t nstr, nf, ns, nrefs, used = 0;
	int globbed, at = 0, ok = 1;
	char dg[33];

	if (sscanf(blob, "kmodel 1 %zu %zu %zu %zu %d %32s%n", &nstr, &nf, &ns, &nrefs, &globbed, dg,
		   &at) != 6 ||
	    blob[at] != '\n' || strcmp(dg, digest) || !ns || nstr > len || nf > len || ns > len ||
	    nrefs > len)
		return NULL;
	struct tc_kconfig *k = xcalloc(1, sizeof(*k));
	char **str = xcalloc(nstr + 1, sizeof(*str));
	const char *p = blob + at + 1, *end = blob + len;

	k->blob = blob;
	k->globbed = globbed;
	memcpy(k->digest, dg, sizeof(k->digest));
	for (size_t i = 0; i < nstr && ok; i++) {
		size_t n = strlen(p);
		ok = (size_t)(end - p) > n;
		str[i] = (char *)p;
		p += n + 1;
	}
	k->files = xcalloc(nf + 1, sizeof(*k->files));
	k->v = xcalloc(ns, sizeof(*k->v));
	k->strs = xcalloc(nrefs + 1, sizeof(*k->strs));
	for (size_t i = 0; i < nf && ok; i++) {
		uint32_t ix = get32(&p, end, &ok);
		ok = ok && ix < nstr;
		k->files[k->nr_files++] = ok ? str[ix] : NULL;
	}
	for (size_t i = 0; i < ns && ok; i++) {
		struct ksym *s = &k->v[k->nr++];
		uint32_t name = get32(&p, end, &ok), order = get32(&p, end, &ok);
		uint32_t file = get32(&p, end, &ok), boolish = get32(&p, end, &ok);
		uint32_t nc = get32(&p, end, &ok), nsel = get32(&p, end, &ok);
		if (!ok || name >= nstr || file >= nf || nc > nrefs - used || nsel > nrefs - used - nc) {
			ok = 0;
			break;
		}
		s->name = str[name];
		s->order = order;
		s->file = k->files[file];
		s->boolish = (int)boolish;
		s->conds = k->strs + used;
		s->nr_conds = nc;
		s->selects = k->strs + used + nc;
		s->nr_selects = nsel;
		for (uint32_t j = 0; j < nc + nsel && ok; j++) {
			uint32_t ix = get32(&p, end, &ok);
			ok = ok && ix < nstr;
			k->strs[used++] = ok ? str[ix] : NULL;
		}
		/* sorted as kconfig.c sorts: its look-ups are binary searches */
		if (ok && i) {
			const struct ksym *r = s - 1;
			int c = strcmp(r->name, s->name);
			ok = c < 0 || (!c && r->order < s->order);
		}
	}
	free(str);
	if (!ok || k->nr != ns || used != nrefs || p != end) {
		free(k->v);
		free(k->files);
		free(k->strs);
		free(k);
		return NULL;
	}
	return k;
}

struct tc_kconfig *tc_kmodel_load(const char *root, const char *arch, const char *digest)
{
	char *key = model_key(root, arch, digest);
	size_t len;
	char *blob = tc_cache_get(KMODEL_KIND, key, &len);
	struct tc_kconfig *k = blob ? tc_kmodel_decode(blob, len, digest) : NULL;

	if (blob && !k) {
		tc_cache_note_corrupt(KMODEL_KIND, key);
		free(blob);
	}
	free(key);
	if (k) {
		k->root = xstrdup(root);
		k->arch = xstrdup(arch);
		k->alloc = k->nr;
		k->alloc_files = k->nr_files;
	}
	return k;
}

void tc_kmodel_free(struct tc_kconfig *k)
{
	free(k->v);
	free(k->files);
	free(k->strs);
	free(k->blob);
	free(k->root);
	free(k->arch);
	free(k->overlaid);
	free(k);
}

void tc_kmodel_dump(const struct tc_kconfig *k, struct strbuf *sb)
{
	if (!k) {
		strbuf_addstr(sb, "no Kconfig\n");
		return;
	}
	strbuf_addf(sb, "root %s\narch %s\ndigest %s\nglobbed %d\n", k->root, k->arch, k->digest,
		    k->globbed);
	for (const char *l = k->overlaid, *e; l && *l; l = e + !!*e) {
		e = strchrnul(l, '\n');
		strbuf_addf(sb, "overlaid %.*s\n", (int)(e - l), l);
	}
	for (size_t i = 0; i < k->nr_files; i++)
		strbuf_addf(sb, "file %s\n", k->files[i]);
	for (size_t i = 0; i < k->nr; i++) {
		const struct ksym *s = &k->v[i];
		strbuf_addf(sb, "config %s order %zu file %s boolish %d\n", s->name, s->order,
			    s->file, s->boolish);
		for (size_t j = 0; j < s->nr_conds; j++)
			strbuf_addf(sb, "\tdepends on %s\n", s->conds[j]);
		for (size_t j = 0; j < s->nr_selects; j++)
			strbuf_addf(sb, "\tselect %s\n", s->selects[j]);
	}
}
