// SPDX-License-Identifier: MIT
/*
 * The files of the tracepoint index: one walk of the tree, made once per
 * process (the key and the build share it).  It takes the .c, .h, .S and
 * .rs files and the Makefile, Makefile.* and Kbuild files (kbuildcfg.c
 * reads those) below the top, Documentation/, tools/ and scripts/ left
 * out, and hidden names; it descends 24 levels at most and follows no
 * link to a directory (a link to a file is read: its target's identity).
 * Each directory's entries are taken in the order of their names, a
 * directory's with a '/' after it: the files come out in strcmp() order
 * of their tree-relative paths.
 *
 * A file's identity is its size, mtime and ctime (ns) and inode, from one
 * fstatat() relative to its directory's descriptor; when its mtime or
 * ctime is less than 2 s before the walk (or after it), a change could
 * keep all four (git's and ccache's "racy" files), and the identity also
 * holds the hash of its content.  Such a file is read once: its record
 * is made from the text hashed (after a checkout, it may be every file).
 */
#include "tpindex_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

#define TP_RACY_NS 2000000000LL

static const char *const skipped_top[] = { "Documentation", "tools", "scripts" };

int tp_scanned_name(const char *name)
{
	return ends_with(name, ".c") || ends_with(name, ".h") || ends_with(name, ".S") ||
	       ends_with(name, ".rs");
}

int tp_kbuild_name(const char *name)
{
	return !strcmp(name, "Makefile") || !strcmp(name, "Kbuild") ||
	       starts_with(name, "Makefile.");
}

static int wanted(const char *name)
{
	return tp_scanned_name(name) || tp_kbuild_name(name);
}

int tp_in_scope(const char *rel)
{
	int depth = 0;

	for (size_t i = 0; i < ARRAY_SIZE(skipped_top); i++) {
		size_t n = strlen(skipped_top[i]);
		if (!strncmp(rel, skipped_top[i], n) && rel[n] == '/')
			return 0;
	}
	for (const char *c = rel;; depth++) {
		const char *slash = strchr(c, '/');
		if (*c == '.' || !*c || slash == c)
			return 0;
		if (!slash)
			return depth <= TP_MAX_DEPTH && wanted(c);
		c = slash + 1;
	}
}

void tp_ident_of(const struct stat *st, struct tp_ident *id)
{
	memset(id, 0, sizeof(*id));
	id->size = (long long)st->st_size;
	id->mtime = tc_timespec_ns(&st->st_mtim);
	id->ctime = tc_timespec_ns(&st->st_ctim);
	id->ino = (unsigned long long)st->st_ino;
}

int tp_ident_racy(const struct tp_ident *id, long long start)
{
	return id->mtime >= start - TP_RACY_NS || id->ctime >= start - TP_RACY_NS;
}

int tp_ident_same_stat(const struct tp_ident *a, const struct tp_ident *b)
{
	return a->size == b->size && a->mtime == b->mtime && a->ctime == b->ctime &&
	       a->ino == b->ino;
}

static uint64_t rotl(uint64_t x, int r)
{
	return x << r | x >> (64 - r);
}

static uint64_t fmix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	return k ^ (k >> 33);
}

/*
 * A 128-bit hash of a file's content, 16 bytes a step in two lanes
 * (murmur3's constants): fast enough to hash a whole tree after a
 * checkout, and only ever compared with itself.
 */
void tp_hash_content(const char *data, size_t len, char out[33])
{
	uint64_t h1 = 0x9e3779b97f4a7c15ULL ^ len, h2 = 0x87c37b91114253d5ULL + len, a, b;
	size_t i = 0;

	for (; i + 16 <= len; i += 16) {
		memcpy(&a, data + i, 8);
		memcpy(&b, data + i + 8, 8);
		h1 = rotl((h1 ^ a) * 0x87c37b91114253d5ULL, 31) + h2;
		h2 = rotl((h2 ^ b) * 0x4cf5ad432745937fULL, 33) + h1;
	}
	a = b = 0;
	memcpy(&a, data + i, len - i > 8 ? 8 : len - i);
	if (len - i > 8)
		memcpy(&b, data + i + 8, len - i - 8);
	h1 = fmix(h1 ^ a ^ 0x52dce729);
	h2 = fmix(h2 ^ b ^ 0x38495ab5);
	h1 += h2;
	h2 += h1;
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h1, (unsigned long long)h2);
}

char *tp_read(const char *root, const char *rel, size_t *len, struct tp_ident *id)
{
	char *path = xasprintf("%s/%s", root, rel);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t n = 0, alloc = 0;

	free(path);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return NULL;
	}
	if (id)
		tp_ident_of(&st, id);
	alloc = (size_t)st.st_size + 1;
	buf = xmalloc(alloc);
	for (;;) {
		if (n + 1 >= alloc) {
			/* the size stat() gave is read: a byte more, or the end (no 64 KiB to see it) */
			char c;
			ssize_t r = read(fd, &c, 1);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				if (r < 0) {
					close(fd);
					free(buf);
					return NULL;
				}
				break;
			}
			ALLOC_GROW(buf, n + 65536 + 1, alloc);
			buf[n++] = c;
			continue;
		}
		ssize_t r = read(fd, buf + n, alloc - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			close(fd);
			free(buf);
			return NULL;
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	close(fd);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* ---- the walk ---- */

static int cmp_dent(const void *a, const void *b)
{
	return strcmp(((const struct tp_dent *)a)->name, ((const struct tp_dent *)b)->name);
}

size_t tp_list_dir(int dfd, int depth, int stat, struct tp_dent **out, int *links)
{
	/* a description of its own: a dup() would share dfd's offset, read to the end once */
	int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	struct tp_dent *v = NULL;
	size_t nr = 0, alloc = 0;

	*out = NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return 0;
	}
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		struct tp_dent x;
		int is_dir = e->d_type == DT_DIR, is_file = e->d_type == DT_REG;

		memset(&x, 0, sizeof(x));
		if (n[0] == '.')
			continue;
		if (!depth) {
			int skip = 0;
			for (size_t i = 0; i < ARRAY_SIZE(skipped_top); i++)
				skip |= !strcmp(n, skipped_top[i]);
			if (skip)
				continue;
		}
		if (e->d_type == DT_UNKNOWN) {
			/* no d_type: what it is, a link not followed */
			if (fstatat(dfd, n, &x.st, AT_SYMLINK_NOFOLLOW))
				continue;
			is_dir = S_ISDIR(x.st.st_mode);
			is_file = S_ISREG(x.st.st_mode);
			x.have_st = is_file;
			if (S_ISLNK(x.st.st_mode) && wanted(n))
				is_file = -1;
		} else if (e->d_type == DT_LNK && wanted(n)) {
			is_file = -1;
		}
		if (is_file == -1 && links)
			(*links)++;
		if (is_file == -1) {
			/* a link to a file is the file; to a directory, not followed */
			if (fstatat(dfd, n, &x.st, 0) || !S_ISREG(x.st.st_mode))
				continue;
			x.have_st = 1;
			x.link = 1;
		}
		if (is_dir) {
			if (depth >= TP_MAX_DEPTH)
				continue;
			x.name = xasprintf("%s/", n);
			x.type = 'd';
			x.ino = (unsigned long long)e->d_ino;
		} else if (is_file && wanted(n)) {
			x.name = xstrdup(n);
			x.type = 'f';
			if (stat && !x.have_st)
				x.have_st = !fstatat(dfd, n, &x.st, 0);
		} else {
			continue;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = x;
	}
	closedir(d);
	if (nr)
		QSORT(v, nr, cmp_dent);
	*out = v;
	return nr;
}

void tp_dents_free(struct tp_dent *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(v[i].name);
	free(v);
}

void tp_walk_add(struct tp_walk *w, const char *rel, size_t len, const struct tp_dent *x)
{
	struct tp_entry *f;

	ALLOC_GROW(w->v, w->nr + 1, w->alloc);
	f = &w->v[w->nr++];
	memset(f, 0, sizeof(*f));
	f->rel = xstrndup(rel, len);
	if (w->stat && x->have_st) {
		tp_ident_of(&x->st, &f->id);
		f->racy = tp_ident_racy(&f->id, w->start);
	} else if (w->stat) {
		f->id.size = -1; /* gone meanwhile: read as absent */
	}
}

static void walk_dir(struct tp_walk *w, int dfd, struct strbuf *rel, int depth)
{
	struct tp_dent *v;
	size_t nr = tp_list_dir(dfd, depth, w->stat, &v, NULL), base = rel->len;

	for (size_t i = 0; i < nr; i++) {
		struct tp_dent *x = &v[i];
		strbuf_setlen(rel, base);
		strbuf_addstr(rel, x->name);
		if (x->type == 'd') {
			size_t n = strlen(x->name);
			x->name[n - 1] = '\0'; /* its '/': O_NOFOLLOW would follow a link */
			int sfd = openat(dfd, x->name,
					 O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (sfd >= 0)
				walk_dir(w, sfd, rel, depth + 1);
		} else {
			tp_walk_add(w, rel->buf, rel->len, x);
		}
	}
	strbuf_setlen(rel, base);
	tp_dents_free(v, nr);
	close(dfd);
}

void tp_walk_tree(struct tp_walk *w)
{
	struct strbuf rel = STRBUF_INIT;
	int fd = open(w->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0)
		walk_dir(w, fd, &rel, 0);
	strbuf_release(&rel);
}

static void walk_free(struct tp_walk *w)
{
	for (size_t i = 0; i < w->nr; i++) {
		free(w->v[i].rel);
		free(w->v[i].rec);
	}
	free(w->v);
	free(w->root);
	memset(w, 0, sizeof(*w));
}

/*
 * The hash of a racy file's content, and its record (tprec.c takes it
 * rather than read the file again): from the text read now.
 */
static void hash_racy(struct tp_walk *w, struct tp_entry *f, struct toks *t)
{
	size_t len;
	char *text = tp_read(w->root, f->rel, &len, &f->read_id);
	struct strbuf rec = STRBUF_INIT;

	f->have_text = 1;
	if (!text) {
		strcpy(f->id.hash, "unreadable");
		f->read_id = f->id;
		return;
	}
	tp_hash_content(text, len, f->id.hash);
	memcpy(f->read_id.hash, f->id.hash, sizeof(f->id.hash));
	f->read = tp_scanned_name(f->rel);
	if (f->read)
		tp_scan(t, f->rel, text, len, &rec);
	f->rec_len = rec.len;
	f->rec = rec.len ? strbuf_detach(&rec) : NULL;
	strbuf_release(&rec);
	free(text);
}

/* The hash of the paths and identities (tp_hash_content()'s: FNV-1a is slow for 4 MB). */
static void walk_key(struct tp_walk *w)
{
	struct strbuf sb = STRBUF_INIT;
	char h[33];

	for (size_t i = 0; i < w->nr; i++) {
		const struct tp_entry *f = &w->v[i];
		long long v[4] = { f->id.size, f->id.mtime, f->id.ctime, (long long)f->id.ino };
		strbuf_add(&sb, f->rel, strlen(f->rel) + 1);
		strbuf_add(&sb, v, sizeof(v));
		if (f->racy)
			strbuf_add(&sb, f->id.hash, strlen(f->id.hash) + 1);
	}
	tp_hash_content(sb.buf ? sb.buf : "", sb.len, h);
	strbuf_release(&sb);
	tc_hasher_init(&w->key);
	tc_hasher_add(&w->key, h, sizeof(h) - 1);
}

const struct tp_walk *tp_walk_get(const char *root, int stat)
{
	static struct tp_walk w;
	struct timespec ts;

	if (w.root && !strcmp(w.root, root) && (w.stat || !stat))
		return &w;
	walk_free(&w);
	w.root = xstrdup(root);
	w.stat = stat;
	clock_gettime(CLOCK_REALTIME, &ts);
	w.start = tc_timespec_ns(&ts);
	if (!stat || tp_watch_fill(&w)) {
		tp_walk_tree(&w);
		if (stat)
			tp_watch_start(root);
	}
	if (stat) {
		struct toks t = { 0 };
		for (size_t i = 0; i < w.nr; i++)
			if (w.v[i].racy)
				hash_racy(&w, &w.v[i], &t);
		free(t.v);
		free(t.defs);
		free(t.cs);
		walk_key(&w);
	}
	return &w;
}
