// SPDX-License-Identifier: MIT
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "overlay.h"
#include "strbuf.h"
#include "util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

#define ENTRY_TAG "tracecheck-cache 1"

static int disabled, verbose;

void tc_cache_disable(void)
{
	disabled = 1;
}

void tc_cache_set_verbose(int v)
{
	verbose = v;
	tc_deps_set_verbose(v);
}

/*
 * ---- hashing: MurmurHash3's x64 128-bit function (seed 0), eight
 * bytes a step: FNV-1a's byte-a-step 128-bit multiply made reading a
 * large entry (the tree index's, 10 MB) cost more than its parse ----
 */

static const uint64_t mm_c1 = 0x87c37b91114253d5ULL, mm_c2 = 0x4cf5ad432745937fULL;

static uint64_t rotl64(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t load_le64(const unsigned char *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = (v << 8) | p[i];
	return v;
}

static uint64_t fmix64(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	k *= 0xc4ceb9fe1a85ec53ULL;
	k ^= k >> 33;
	return k;
}

static uint64_t mix_k1(uint64_t k)
{
	return rotl64(k * mm_c1, 31) * mm_c2;
}

static uint64_t mix_k2(uint64_t k)
{
	return rotl64(k * mm_c2, 33) * mm_c1;
}

static void mm_block(struct tc_hasher *hs, const unsigned char *p)
{
	hs->h1 ^= mix_k1(load_le64(p));
	hs->h1 = rotl64(hs->h1, 27);
	hs->h1 += hs->h2;
	hs->h1 = hs->h1 * 5 + 0x52dce729;
	hs->h2 ^= mix_k2(load_le64(p + 8));
	hs->h2 = rotl64(hs->h2, 31);
	hs->h2 += hs->h1;
	hs->h2 = hs->h2 * 5 + 0x38495ab5;
}

void tc_hasher_init(struct tc_hasher *hs)
{
	memset(hs, 0, sizeof(*hs));
}

void tc_hasher_add(struct tc_hasher *hs, const void *data, size_t len)
{
	const unsigned char *p = data;

	if (!len)
		return; /* data may be NULL (an empty strbuf's) */
	hs->len += len;
	if (hs->nr_tail) {
		size_t n = 16 - hs->nr_tail < len ? 16 - hs->nr_tail : len;
		memcpy(hs->tail + hs->nr_tail, p, n);
		hs->nr_tail += (unsigned)n;
		p += n;
		len -= n;
		if (hs->nr_tail < 16)
			return;
		mm_block(hs, hs->tail);
		hs->nr_tail = 0;
	}
	for (; len >= 16; p += 16, len -= 16)
		mm_block(hs, p);
	memcpy(hs->tail, p, len);
	hs->nr_tail = (unsigned)len;
}

void tc_hasher_hex(const struct tc_hasher *hs, char out[33])
{
	uint64_t h1 = hs->h1, h2 = hs->h2, k1 = 0, k2 = 0;
	const unsigned char *t = hs->tail;
	unsigned n = hs->nr_tail;

	for (unsigned i = n; i > 8; i--)
		k2 = (k2 << 8) | t[i - 1];
	for (unsigned i = n < 8 ? n : 8; i > 0; i--)
		k1 = (k1 << 8) | t[i - 1];
	if (n > 8)
		h2 ^= mix_k2(k2);
	if (n)
		h1 ^= mix_k1(k1);
	h1 ^= hs->len;
	h2 ^= hs->len;
	h1 += h2;
	h2 += h1;
	h1 = fmix64(h1);
	h2 = fmix64(h2);
	h1 += h2;
	h2 += h1;
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)h1, (unsigned long long)h2);
}

void tc_hash_hex(const void *data, size_t len, char out[33])
{
	struct tc_hasher hs;

	tc_hasher_init(&hs);
	tc_hasher_add(&hs, data, len);
	tc_hasher_hex(&hs, out);
}

static int listed(const char *const *v, const char *name)
{
	for (; v && *v; v++)
		if (!strcmp(*v, name))
			return 1;
	return 0;
}

static void stat_walk(int fd, const char *const *skip, int depth, int max_depth,
		      int (*wanted)(const char *), struct tc_hasher *hs)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;

	if (!d) {
		close(fd);
		return;
	}
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		struct stat st;
		if (n[0] == '.' || (!depth && listed(skip, n)))
			continue;
		/* a link to a directory is not followed (make O=out's out/source -> ..) */
		int is_d = e->d_type == DT_DIR;
		if (e->d_type == DT_UNKNOWN)
			is_d = !fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) && S_ISDIR(st.st_mode);
		if (is_d) {
			int sfd = depth < max_depth ? openat(dirfd(d), n,
							     O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
								     O_CLOEXEC)
						    : -1;
			tc_hasher_add(hs, "D", 1);
			tc_hasher_add(hs, n, strlen(n) + 1);
			if (sfd >= 0)
				stat_walk(sfd, skip, depth + 1, max_depth, wanted, hs);
			tc_hasher_add(hs, "U", 1);
		} else if (wanted(n)) {
			long long f[6] = { -1, -1, -1, -1, -1, -1 };
			if (!fstatat(dirfd(d), n, &st, 0)) {
				f[0] = (long long)st.st_size;
				f[1] = (long long)st.st_mtim.tv_sec;
				f[2] = (long long)st.st_mtim.tv_nsec;
				f[3] = (long long)st.st_ino;
				/* cp -p, rsync -t: the same size and mtime, a new ctime */
				f[4] = (long long)st.st_ctim.tv_sec;
				f[5] = (long long)st.st_ctim.tv_nsec;
			}
			tc_hasher_add(hs, n, strlen(n) + 1);
			tc_hasher_add(hs, f, sizeof(f));
		}
	}
	closedir(d);
}

void tc_hash_tree_stat(const char *dir, const char *const *skip_top, int max_depth,
		       int (*wanted)(const char *name), struct tc_hasher *hs)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0)
		stat_walk(fd, skip_top, 0, max_depth, wanted, hs);
}

static char *build_id;
static struct strbuf identity = STRBUF_INIT;

void tc_cache_identity(const char *what)
{
	strbuf_addf(&identity, "\n%s", what);
	free(build_id);
	build_id = NULL;
}

const char *tc_cache_build_id(void)
{
	struct stat st;

	if (build_id)
		return build_id;
	if (stat("/proc/self/exe", &st))
		memset(&st, 0, sizeof(st));
	build_id = xasprintf("%s-%lld-%lld.%09ld-%llu%s", PACKAGE_VERSION, (long long)st.st_size,
			     (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			     (unsigned long long)st.st_ino, strbuf_str(&identity));
	return build_id;
}

/* ---- the directory ---- */

static char *root_dir(void)
{
	const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (x && *x == '/')
		return xasprintf("%s/tracecheck", x);
	if (home && *home == '/')
		return xasprintf("%s/.cache/tracecheck", home);
	return NULL;
}

int tc_cache_enabled(void)
{
	char *r;

	if (disabled)
		return 0;
	r = root_dir();
	free(r);
	return r != NULL;
}

/* This build's directory (malloced), NULL if there is no cache. */
static char *version_dir(void)
{
	char *r = disabled ? NULL : root_dir();
	char h[33];

	if (!r)
		return NULL;
	tc_hash_hex(tc_cache_build_id(), strlen(tc_cache_build_id()), h);
	char *v = xasprintf("%s/%.16s", r, h);
	free(r);
	return v;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

/* A new build's directory: the other builds' go (one build's cache at a time). */
static void drop_other_builds(const char *vdir)
{
	char *root = dir_name(vdir);
	const char *mine = strrchr(vdir, '/') + 1;
	char **names;
	size_t nr = list_dir(root, &names);

	for (size_t i = 0; i < nr; i++) {
		if (!strcmp(names[i], mine))
			continue;
		char *p = xasprintf("%s/%s", root, names[i]);
		nftw(p, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
		free(p);
	}
	free_strings(names, nr);
	free(root);
}

static char *entry_path(const char *vdir, const char *kind, const char *key)
{
	char h[33];

	tc_hash_hex(key, strlen(key), h);
	return xasprintf("%s/%s/%.2s/%s", vdir, kind, h, h + 2);
}

static void corrupt(const char *path, const char *why)
{
	if (verbose)
		inform("cache: ignoring the corrupt entry %s (%s)", path, why);
}

void tc_cache_note_corrupt(const char *kind, const char *key)
{
	char *vdir = version_dir();

	if (!vdir)
		return;
	char *path = entry_path(vdir, kind, key);
	corrupt(path, "it is malformed");
	free(path);
	free(vdir);
}

char *tc_cache_get(const char *kind, const char *key, size_t *len)
{
	char *vdir = version_dir();
	char *path, *text;
	size_t n, body;
	int at = 0;
	char sum[33], want[33];

	if (!vdir)
		return NULL;
	path = entry_path(vdir, kind, key);
	free(vdir);
	tc_deps_pause();
	text = read_file(path, &n);
	tc_deps_resume();
	if (!text) {
		free(path);
		return NULL;
	}
	if (sscanf(text, ENTRY_TAG " %zu %32s%n", &body, want, &at) != 2 || text[at] != '\n' ||
	    (size_t)at + 1 + body != n) {
		corrupt(path, "its length is wrong");
		goto bad;
	}
	tc_hash_hex(text + at + 1, body, sum);
	if (strcmp(sum, want)) {
		corrupt(path, "its checksum is wrong");
		goto bad;
	}
	memmove(text, text + at + 1, body + 1);
	*len = body;
	utimensat(AT_FDCWD, path, NULL, 0); /* used now: trimmed last */
	free(path);
	return text;
bad:
	free(text);
	free(path);
	return NULL;
}

/* This build's directory, made if it is not there yet; NULL without a cache. */
static char *made_version_dir(void)
{
	char *vdir = version_dir();

	if (vdir && !is_dir(vdir)) {
		char *root = dir_name(vdir);
		/* the one that makes it clears the other builds' */
		if (!mkdir_p(root, 0700) && !mkdir(vdir, 0700))
			drop_other_builds(vdir);
		free(root);
	}
	return vdir;
}

char *tc_cache_path(const char *kind, const char *name)
{
	char *vdir = made_version_dir();

	if (!vdir)
		return NULL;
	char *dir = xasprintf("%s/%s", vdir, kind);
	char *path = xasprintf("%s/%s", dir, name);
	mkdir_p(dir, 0700);
	free(dir);
	free(vdir);
	return path;
}

void tc_cache_touch(const char *path)
{
	if (path)
		utimensat(AT_FDCWD, path, NULL, 0);
}

void tc_cache_put(const char *kind, const char *key, const char *data, size_t len)
{
	char *vdir = made_version_dir();
	char sum[33];

	if (!vdir)
		return;
	char *path = entry_path(vdir, kind, key);
	char *dir = dir_name(path);
	char *tmp = xasprintf("%s.XXXXXX", path);
	free(vdir);
	mkdir_p(dir, 0700);
	int fd = mkstemp(tmp);
	if (fd >= 0) {
		tc_hash_hex(data, len, sum);
		FILE *f = fdopen(fd, "w");
		int ok = f && fprintf(f, ENTRY_TAG " %zu %s\n", len, sum) > 0 &&
			 fwrite(data, 1, len, f) == len;
		if (f)
			ok = !fclose(f) && ok;
		else
			close(fd);
		if (!ok || rename(tmp, path))
			unlink(tmp);
	}
	free(tmp);
	free(dir);
	free(path);
}

/* ---- trimming ---- */

/* The kinds whose entries are directories or files read by others, used by path. */
static const char *const unit_kinds[] = { "gen", "pch", NULL };

struct centry {
	char *path;
	long long mtime;
	unsigned long long blocks; /* bytes on the disk */
	int unit;		   /* a directory or file of unit_kinds: removed whole */
};

static struct {
	struct centry *v;
	size_t nr, alloc;
	unsigned long long total;
	const char *vdir;
	unsigned long long unit_blocks;
} walk;

static void add_centry(const char *path, long long mtime, unsigned long long blocks, int unit)
{
	ALLOC_GROW(walk.v, walk.nr + 1, walk.alloc);
	walk.v[walk.nr++] = (struct centry){ xstrdup(path), mtime, blocks, unit };
	walk.total += blocks;
}

/* Is path vdir/KIND with KIND one of unit_kinds? */
static int unit_kind_dir(const char *path)
{
	const char *rel = path_below(path, walk.vdir);

	for (size_t i = 0; rel && unit_kinds[i]; i++)
		if (!strcmp(rel, unit_kinds[i]))
			return 1;
	return 0;
}

static int sum_blocks(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path;
	(void)flag;
	(void)ftw;
	walk.unit_blocks += (unsigned long long)st->st_blocks * 512;
	return 0;
}

static int note_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag == FTW_D && unit_kind_dir(path)) {
		/* each entry below is one unit: its size is all of it, its time its own */
		char **names;
		size_t nr = list_dir(path, &names);
		for (size_t i = 0; i < nr; i++) {
			char *p = xasprintf("%s/%s", path, names[i]);
			struct stat us;
			walk.unit_blocks = 0;
			nftw(p, sum_blocks, 16, FTW_PHYS);
			if (!lstat(p, &us))
				add_centry(p, (long long)us.st_mtime, walk.unit_blocks, 1);
			free(p);
		}
		free_strings(names, nr);
		return FTW_SKIP_SUBTREE;
	}
	if (flag != FTW_F)
		return FTW_CONTINUE;
	/* a temporary file its writer left (killed): after an hour */
	const char *base = strrchr(path, '/');
	if (base && strchr(base, '.') && time(NULL) - st->st_mtime > 3600) {
		unlink(path);
		return FTW_CONTINUE;
	}
	add_centry(path, (long long)st->st_mtime, (unsigned long long)st->st_blocks * 512, 0);
	return FTW_CONTINUE;
}

static int by_mtime(const void *a, const void *b)
{
	const struct centry *x = a, *y = b;

	return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

static int rm_any(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

void tc_cache_trim(unsigned long long max)
{
	char *vdir = version_dir();

	if (!vdir || !is_dir(vdir)) {
		free(vdir);
		return;
	}
	memset(&walk, 0, sizeof(walk));
	walk.vdir = vdir;
	nftw(vdir, note_entry, 16, FTW_PHYS | FTW_ACTIONRETVAL);
	if (walk.total > max) {
		QSORT(walk.v, walk.nr, by_mtime);
		for (size_t i = 0; i < walk.nr && walk.total > max / 4 * 3; i++) {
			struct centry *e = &walk.v[i];
			/*
			 * Nothing used within the hour: another run may be
			 * reading a unit, and a sweep's own results are worth
			 * more than the room they make beside its precompiled
			 * preludes (evicting them made an unchanged tree's
			 * second sweep as dear as the first).  The cache may
			 * pass the limit for that hour.
			 */
			if (time(NULL) - e->mtime < 3600)
				continue;
			if (!e->unit) {
				if (!unlink(e->path))
					walk.total -= e->blocks;
				continue;
			}
			nftw(e->path, rm_any, 16, FTW_DEPTH | FTW_PHYS);
			walk.total -= e->blocks;
		}
	}
	for (size_t i = 0; i < walk.nr; i++)
		free(walk.v[i].path);
	free(walk.v);
	memset(&walk, 0, sizeof(walk));
	free(vdir);
}
