// SPDX-License-Identifier: MIT
/*
 * The records of a run's files.  The persistent cache keeps one entry
 * per tree ("tpfiles", under its root): every file of the walk with its
 * identity, its record and its memos (tpindex_int.h).  A run walks the
 * tree (tpwalk.c), takes the stored record of each file whose identity
 * is the stored one (a file stored with a content hash, its stat once
 * too recent to trust, is compared by content), reads and scans the
 * others, drops the removed ones, and keeps the whole again if anything
 * changed.  --patch's files are scanned from its text on top, and
 * nothing of them is kept.
 *
 * The entry, text (numbers in hex):
 *	tpfiles 3\n ROOT\n COUNT\n
 * then per file, in path order (its path: the length of what it shares
 * with the one before, and the rest):
 *	SHARED REST\t SIZE MTIME CTIME INODE HASH|- r|- RECLEN MEMOS\n RECORD
 * and per memo:
 *	KIND KEY|- LEN\n TEXT
 */
#include "tpindex_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlay.h"
#include "strbuf.h"
#include "util.h"

#define STORE_TAG "tpfiles 5"
/* memos of one kind ('W', 'Z') a file keeps: the latest */
#define MAX_KEYED_MEMOS 4

/* ---- memos ---- */

const struct tp_memo *tp_memo_find(const struct tp_file *f, char kind, const char *key)
{
	for (size_t i = 0; i < f->nr_memos; i++)
		if (f->memos[i].kind == kind && !strcmp(f->memos[i].key, key ? key : ""))
			return &f->memos[i];
	return NULL;
}

static void memo_free(struct tp_memo *m)
{
	if (m->owned)
		free(m->text);
}

static void memo_drop(struct tp_file *f, size_t i)
{
	memo_free(&f->memos[i]);
	memmove(&f->memos[i], &f->memos[i + 1], (f->nr_memos - i - 1) * sizeof(*f->memos));
	f->nr_memos--;
}

static void memos_drop_kind(struct tp_file *f, char kind)
{
	for (size_t i = f->nr_memos; i-- > 0;)
		if (f->memos[i].kind == kind)
			memo_drop(f, i);
}

void tp_memo_set(struct tp_set *s, struct tp_file *f, char kind, const char *key, char *text,
		 size_t len, int run_only)
{
	struct tp_memo m = { kind, "", text, len, 1 };
	size_t same = 0;

	if (run_only && !f->patched) {
		/* for this run only: the disk's memo stays what it is */
		free(text);
		return;
	}
	snprintf(m.key, sizeof(m.key), "%s", key ? key : "");
	if (kind == 'I' || kind == 'K') {
		memos_drop_kind(f, kind);
	} else {
		for (size_t i = f->nr_memos; i-- > 0;)
			if (f->memos[i].kind == kind && ++same >= MAX_KEYED_MEMOS)
				memo_drop(f, i);
	}
	ALLOC_GROW(f->memos, f->nr_memos + 1, f->alloc_memos);
	memmove(&f->memos[1], &f->memos[0], f->nr_memos * sizeof(*f->memos));
	f->memos[0] = m;
	f->nr_memos++;
	if (!f->patched)
		s->dirty = 1;
}

/* ---- the store ---- */

static void file_release(struct tp_file *f)
{
	for (size_t i = 0; i < f->nr_memos; i++)
		memo_free(&f->memos[i]);
	free(f->memos);
	if (f->owned)
		free(f->rel);
	if (!f->rec_stored)
		free((char *)f->rec);
	memset(f, 0, sizeof(*f));
}

/* The hex number at *p (up to 16 digits), then one blank or newline. */
static int number(const char **p, const char *end, long long *v)
{
	unsigned long long x = 0;
	const char *s = *p;
	int n = 0;

	for (; s < end && n <= 16; s++, n++) {
		int c = *s;
		if (c >= '0' && c <= '9')
			x = x << 4 | (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			x = x << 4 | (unsigned)(c - 'a' + 10);
		else
			break;
	}
	if (!n || n > 16 || s >= end || (*s != ' ' && *s != '\n'))
		return -1;
	*v = (long long)x;
	*p = s + 1;
	return 0;
}

static void put_number(struct strbuf *sb, long long v, char after)
{
	unsigned long long x = (unsigned long long)v;
	char buf[18], *e = buf + sizeof(buf), *b = e;

	*--b = after;
	do {
		*--b = "0123456789abcdef"[x & 15];
		x >>= 4;
	} while (x);
	strbuf_add(sb, b, (size_t)(e - b));
}

/* A word up to a blank (into out[size]), then the blank. */
static int word(const char **p, const char *end, char *out, size_t size)
{
	const char *s = *p, *e = memchr(s, ' ', (size_t)(end - s));

	if (!e || (size_t)(e - s) >= size)
		return -1;
	memcpy(out, s, (size_t)(e - s));
	out[e - s] = '\0';
	*p = e + 1;
	return 0;
}

/*
 * The stored files of root into s->disk (their records and memos
 * pointing into text); -1 if the text is malformed.
 */
static int parse_store(struct tp_set *s, char *text, size_t len)
{
	const char *p = text, *end = text + len;
	size_t rl = strlen(s->root);
	long long count;
	struct strbuf rel = STRBUF_INIT;

	if (len < sizeof(STORE_TAG) || memcmp(p, STORE_TAG "\n", sizeof(STORE_TAG)))
		return -1;
	p += sizeof(STORE_TAG);
	if ((size_t)(end - p) < rl + 1 || memcmp(p, s->root, rl) || p[rl] != '\n')
		return -1;
	p += rl + 1;
	if (number(&p, end, &count) || count < 0 || count > (long long)len)
		return -1;
	s->disk = xcalloc((size_t)count + 1, sizeof(*s->disk));
	s->alloc_disk = (size_t)count + 1;
	for (long long i = 0; i < count; i++) {
		struct tp_file *f = &s->disk[s->nr_disk];
		long long v[8];
		char hash[33], flag[3];
		/* the path: how much of the one before, then the rest */
		if (number(&p, end, &v[0]) || v[0] < 0 || (size_t)v[0] > rel.len)
			return strbuf_release(&rel), -1;
		const char *tab = memchr(p, '\t', (size_t)(end - p));
		if (!tab)
			return strbuf_release(&rel), -1;
		strbuf_setlen(&rel, (size_t)v[0]);
		strbuf_add(&rel, p, (size_t)(tab - p));
		p = tab + 1;
		if (number(&p, end, &v[1]) || number(&p, end, &v[2]) || number(&p, end, &v[3]) ||
		    number(&p, end, &v[4]) || word(&p, end, hash, sizeof(hash)) ||
		    word(&p, end, flag, sizeof(flag)) || number(&p, end, &v[5]) ||
		    number(&p, end, &v[6]) || v[5] < 0 || v[6] < 0 || v[5] > end - p)
			return strbuf_release(&rel), -1;
		f->rel = xstrndup(rel.buf, rel.len);
		f->owned = 1;
		f->id.size = v[1];
		f->id.mtime = v[2];
		f->id.ctime = v[3];
		f->id.ino = (unsigned long long)v[4];
		if (strcmp(hash, "-"))
			memcpy(f->id.hash, hash, sizeof(hash));
		f->read = flag[0] == 'r';
		f->rec = p;
		f->rec_len = (size_t)v[5];
		f->rec_stored = 1;
		p += v[5];
		s->nr_disk++;
		if (s->nr_disk > 1 && strcmp(s->disk[s->nr_disk - 2].rel, f->rel) >= 0)
			return strbuf_release(&rel), -1; /* not in path order */
		for (long long m = 0; m < v[6]; m++) {
			struct tp_memo mm = { 0 };
			char kind[2];
			if (word(&p, end, kind, sizeof(kind)) ||
			    word(&p, end, mm.key, sizeof(mm.key)) || number(&p, end, &v[7]) ||
			    v[7] < 0 || v[7] > end - p)
				return strbuf_release(&rel), -1;
			mm.kind = kind[0];
			if (!strcmp(mm.key, "-"))
				mm.key[0] = '\0';
			mm.text = (char *)p;
			mm.len = (size_t)v[7];
			p += v[7];
			ALLOC_GROW(f->memos, f->nr_memos + 1, f->alloc_memos);
			f->memos[f->nr_memos++] = mm;
		}
	}
	strbuf_release(&rel);
	return p == end ? 0 : -1;
}

/*
 * Without the cache (--no-cache): the store of this process, in memory
 * and nowhere else -- made by its first build (a sweep's, before the
 * workers fork: theirs, each with a repair's text or --patch's on top,
 * start from it) and checked as the cache's is, file by file against
 * the walk's identities.
 */
static struct {
	char *root;
	char *text;
	size_t len;
} run_store;

static void load_store(struct tp_set *s)
{
	size_t len = 0;
	char *text = NULL;

	if (s->keep) {
		text = tc_cache_get("tpfiles", s->root, &len);
	} else if (run_store.root && !strcmp(run_store.root, s->root)) {
		/* the set's records and memos point into its own copy */
		len = run_store.len;
		text = xmalloc(len + 1);
		memcpy(text, run_store.text, len + 1);
	}
	if (!text)
		return;
	if (parse_store(s, text, len)) {
		if (s->keep)
			tc_cache_note_corrupt("tpfiles", s->root);
		for (size_t i = 0; i < s->nr_disk; i++)
			file_release(&s->disk[i]);
		free(s->disk);
		s->disk = NULL;
		s->nr_disk = s->alloc_disk = 0;
		free(text);
		return;
	}
	s->stored = text;
}

static void save_store(const struct tp_set *s)
{
	struct strbuf sb = STRBUF_INIT;
	const char *prev = "";

	strbuf_addf(&sb, "%s\n%s\n", STORE_TAG, s->root);
	put_number(&sb, (long long)s->nr_disk, '\n');
	for (size_t i = 0; i < s->nr_disk; i++) {
		const struct tp_file *f = &s->disk[i];
		size_t common = 0;
		if (strchr(f->rel, '\n') || strchr(f->rel, '\t')) {
			strbuf_release(&sb);
			return; /* a name the entry cannot hold: not kept */
		}
		while (prev[common] && prev[common] == f->rel[common])
			common++;
		put_number(&sb, (long long)common, ' ');
		strbuf_addstr(&sb, f->rel + common);
		strbuf_addch(&sb, '\t');
		put_number(&sb, f->id.size, ' ');
		put_number(&sb, f->id.mtime, ' ');
		put_number(&sb, f->id.ctime, ' ');
		put_number(&sb, (long long)f->id.ino, ' ');
		strbuf_addstr(&sb, *f->id.hash ? f->id.hash : "-");
		strbuf_addstr(&sb, f->read ? " r " : " - ");
		put_number(&sb, (long long)f->rec_len, ' ');
		put_number(&sb, (long long)f->nr_memos, '\n');
		if (f->rec_len)
			strbuf_add(&sb, f->rec, f->rec_len);
		for (size_t m = 0; m < f->nr_memos; m++) {
			const struct tp_memo *mm = &f->memos[m];
			strbuf_addch(&sb, mm->kind);
			strbuf_addch(&sb, ' ');
			strbuf_addstr(&sb, *mm->key ? mm->key : "-");
			strbuf_addch(&sb, ' ');
			put_number(&sb, (long long)mm->len, '\n');
			strbuf_add(&sb, mm->text, mm->len);
		}
		prev = f->rel;
	}
	if (s->keep) {
		tc_cache_put("tpfiles", s->root, sb.buf ? sb.buf : "", sb.len);
		strbuf_release(&sb);
		return;
	}
	free(run_store.root);
	free(run_store.text);
	run_store.root = xstrdup(s->root);
	run_store.len = sb.len;
	run_store.text = strbuf_detach(&sb);
}

/* ---- the run's files ---- */

/* Read and scan f (root-relative rel) anew; w: the walk (its identity, its start). */
static void scan_disk(struct tp_set *s, struct tp_file *f, const struct tp_entry *e,
		      const struct tp_walk *w)
{
	size_t len = 0;
	struct strbuf rec = STRBUF_INIT;
	int scanned = tp_scanned_name(f->rel);
	char *text;

	f->fresh = 1;
	if (e->have_text) {
		/* a racy file: the walk read it already */
		f->id = e->read_id;
		f->read = e->read;
		f->rec_len = e->rec_len;
		if (e->rec_len) {
			char *r = xmalloc(e->rec_len);
			memcpy(r, e->rec, e->rec_len);
			f->rec = r;
		}
		s->scanned += f->read;
		return;
	}
	/* a kbuild file is not scanned, only known */
	text = scanned ? tp_read(s->root, f->rel, &len, &f->id) : NULL;
	f->read = scanned && text;
	if (!text)
		f->id = e->id;
	else if (tp_ident_racy(&f->id, w->start))
		tp_hash_content(text, len, f->id.hash);
	if (f->read) {
		tp_scan(&s->t, f->rel, text, len, &rec);
		s->scanned++;
	}
	f->rec_len = rec.len;
	f->rec = rec.len ? strbuf_detach(&rec) : NULL;
	strbuf_release(&rec);
	free(text);
}

/* Is stored file f still e?  Its stat, and for one stored with a hash, its content. */
static int unchanged(const struct tp_set *s, const struct tp_file *f, const struct tp_entry *e)
{
	char hash[33];
	size_t len;

	if (!tp_ident_same_stat(&f->id, &e->id))
		return 0;
	if (!*f->id.hash)
		return 1;
	if (e->racy)
		return !strcmp(f->id.hash, e->id.hash);
	char *text = tp_read(s->root, f->rel, &len, NULL);
	if (!text)
		return 0;
	tp_hash_content(text, len, hash);
	free(text);
	return !strcmp(f->id.hash, hash);
}

static int kbuild_file(const char *rel)
{
	const char *b = strrchr(rel, '/');

	b = b ? b + 1 : rel;
	return !strcmp(b, "Kbuild") || !strcmp(b, "Makefile");
}

/* rel's directory: n bytes of rel ("" at the top). */
static size_t dir_len(const char *rel)
{
	const char *b = strrchr(rel, '/');

	return b ? (size_t)(b - rel) : 0;
}

/*
 * The 'K' memos of the .c files of the directories whose Kbuild or
 * Makefile changed (kdirs: "" for the top) are no longer true.
 */
static void drop_kbuild_memos(struct tp_set *s, char **kdirs, size_t nr)
{
	for (size_t i = 0; i < s->nr_disk && nr; i++) {
		struct tp_file *f = &s->disk[i];
		size_t dl = dir_len(f->rel);
		if (!f->nr_memos || !tp_memo_find(f, 'K', NULL))
			continue;
		for (size_t k = 0; k < nr; k++) {
			if (strlen(kdirs[k]) == dl && !strncmp(kdirs[k], f->rel, dl)) {
				memos_drop_kind(f, 'K');
				s->dirty = 1;
				break;
			}
		}
	}
}

static void add_kdir(char ***v, size_t *nr, size_t *alloc, const char *rel)
{
	char *d = xstrndup(rel, dir_len(rel));

	for (size_t i = 0; i < *nr; i++)
		if (!strcmp((*v)[i], d)) {
			free(d);
			return;
		}
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = d;
}

/* The disk's files: the stored ones that are the same, the others read anew. */
static void make_disk(struct tp_set *s, const struct tp_walk *w)
{
	struct tp_file *old = s->disk;
	size_t nr_old = s->nr_disk, o = 0;
	char **kdirs = NULL;
	size_t nr_kdirs = 0, alloc_kdirs = 0;

	s->disk = xcalloc(w->nr + 1, sizeof(*s->disk));
	s->alloc_disk = w->nr + 1;
	s->nr_disk = 0;
	for (size_t i = 0; i < w->nr; i++) {
		const struct tp_entry *e = &w->v[i];
		struct tp_file *f = &s->disk[s->nr_disk++];
		int c = 1;
		/* the stored files before e are gone */
		while (o < nr_old && (c = strcmp(old[o].rel, e->rel)) < 0) {
			if (kbuild_file(old[o].rel))
				add_kdir(&kdirs, &nr_kdirs, &alloc_kdirs, old[o].rel);
			file_release(&old[o++]);
			s->dirty = 1;
		}
		if (!c && unchanged(s, &old[o], e)) {
			*f = old[o];
			memset(&old[o++], 0, sizeof(*old));
			if (*f->id.hash && !e->racy) {
				/* no longer too recent: the stat alone will do */
				f->id.hash[0] = '\0';
				s->dirty = 1;
			}
			continue;
		}
		if (!c)
			file_release(&old[o++]);
		f->rel = xstrdup(e->rel);
		f->owned = 1;
		f->id = e->id;
		scan_disk(s, f, e, w);
		if (kbuild_file(f->rel))
			add_kdir(&kdirs, &nr_kdirs, &alloc_kdirs, f->rel);
		s->dirty = 1;
	}
	for (; o < nr_old; o++) {
		if (kbuild_file(old[o].rel))
			add_kdir(&kdirs, &nr_kdirs, &alloc_kdirs, old[o].rel);
		file_release(&old[o]);
		s->dirty = 1;
	}
	free(old);
	drop_kbuild_memos(s, kdirs, nr_kdirs);
	free_strings(kdirs, nr_kdirs);
}

static int cmp_file_ptr(const void *a, const void *b)
{
	return strcmp((*(struct tp_file *const *)a)->rel, (*(struct tp_file *const *)b)->rel);
}

/* --patch's changes below the root: the run's files. */
static void apply_patch(struct tp_set *s)
{
	char **gone = NULL;
	size_t nr_gone = 0, alloc_gone = 0;

	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		const char *rel = path_below(tc_overlay_entry(i, &text, &len), s->root);
		if (!rel || !tp_in_scope(rel))
			continue;
		if (kbuild_file(rel))
			add_kdir(&s->kpatched, &s->nr_kpatched, &s->alloc_kpatched, rel);
		tp_add_name(&gone, &nr_gone, &alloc_gone, rel, strlen(rel));
		if (!text)
			continue;
		ALLOC_GROW(s->patched, s->nr_patched + 1, s->alloc_patched);
		struct tp_file *f = &s->patched[s->nr_patched++];
		memset(f, 0, sizeof(*f));
		f->rel = xstrdup(rel);
		f->owned = f->patched = f->fresh = 1;
		f->text = text;
		f->text_len = len;
		f->read = tp_scanned_name(rel);
	}
	if (nr_gone)
		QSORT(gone, nr_gone, tp_cmp_str);
	/* the disk's files --patch does not change, then --patch's, in path order */
	for (size_t i = 0; i < s->nr_disk; i++) {
		const char *r = s->disk[i].rel;
		if (!nr_gone || !BSEARCH(&r, gone, nr_gone, tp_cmp_str)) {
			ALLOC_GROW(s->v, s->nr + 1, s->alloc);
			s->v[s->nr++] = &s->disk[i];
		}
	}
	for (size_t i = 0; i < s->nr_patched; i++) {
		struct tp_file *f = &s->patched[i];
		ALLOC_GROW(s->v, s->nr + 1, s->alloc);
		s->v[s->nr++] = f;
		if (f->read) {
			struct strbuf rec = STRBUF_INIT;
			tp_scan(&s->t, f->rel, f->text, f->text_len, &rec);
			s->scanned++;
			f->rec_len = rec.len;
			f->rec = strbuf_detach(&rec);
		}
	}
	if (s->nr_patched)
		QSORT(s->v, s->nr, cmp_file_ptr);
	free_strings(gone, nr_gone);
}

void tp_set_make(struct tp_set *s, const char *root, int keep, int overlay)
{
	/* the identities: the store's records are used only for files that kept theirs */
	const struct tp_walk *w = tp_walk_get(root, 1);

	memset(s, 0, sizeof(*s));
	s->root = w->root;
	s->keep = keep;
	load_store(s);
	make_disk(s, w);
	if (overlay) {
		apply_patch(s);
		return;
	}
	for (size_t i = 0; i < s->nr_disk; i++) {
		ALLOC_GROW(s->v, s->nr + 1, s->alloc);
		s->v[s->nr++] = &s->disk[i];
	}
}

void tp_set_finish(struct tp_set *s)
{
	if (s->dirty)
		save_store(s);
	for (size_t i = 0; i < s->nr_disk; i++)
		file_release(&s->disk[i]);
	for (size_t i = 0; i < s->nr_patched; i++)
		file_release(&s->patched[i]);
	free(s->disk);
	free(s->patched);
	free(s->v);
	free_strings(s->kpatched, s->nr_kpatched);
	free(s->stored);
	free(s->t.v);
	free(s->t.defs);
	free(s->t.cs);
	memset(s, 0, sizeof(*s));
}

struct tp_file *tp_set_find(const struct tp_set *s, const char *rel)
{
	size_t lo = 0, hi = s->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(s->v[mid]->rel, rel);
		if (!c)
			return s->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

char *tp_set_text(const struct tp_set *s, const struct tp_file *f, size_t *len)
{
	if (f->patched) {
		*len = f->text_len;
		return xstrndup(f->text, f->text_len);
	}
	return tp_read(s->root, f->rel, len, NULL);
}

int tp_set_kbuild_patched(const struct tp_set *s, const char *rel)
{
	size_t dl = dir_len(rel);

	for (size_t i = 0; i < s->nr_kpatched; i++)
		if (strlen(s->kpatched[i]) == dl && !strncmp(s->kpatched[i], rel, dl))
			return 1;
	return 0;
}
