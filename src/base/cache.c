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
}

/* ---- hashing: FNV-1a, 128 bits ---- */

void tc_hasher_init(struct tc_hasher *hs)
{
	hs->h = ((unsigned __int128)0x6c62272e07bb0142ULL << 64) | 0x62b821756295c58dULL;
}

void tc_hasher_add(struct tc_hasher *hs, const void *data, size_t len)
{
	const unsigned __int128 prime = ((unsigned __int128)1 << 88) + 0x13b;
	unsigned __int128 h = hs->h;
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= prime;
	}
	hs->h = h;
}

void tc_hasher_hex(const struct tc_hasher *hs, char out[33])
{
	snprintf(out, 33, "%016llx%016llx", (unsigned long long)(hs->h >> 64),
		 (unsigned long long)hs->h);
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
		int is_d = e->d_type == DT_DIR;
		if (e->d_type != DT_DIR && e->d_type != DT_REG)
			is_d = !fstatat(dirfd(d), n, &st, 0) && S_ISDIR(st.st_mode);
		if (is_d) {
			int sfd = depth < max_depth
					  ? openat(dirfd(d), n, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
					  : -1;
			tc_hasher_add(hs, "D", 1);
			tc_hasher_add(hs, n, strlen(n) + 1);
			if (sfd >= 0)
				stat_walk(sfd, skip, depth + 1, max_depth, wanted, hs);
			tc_hasher_add(hs, "U", 1);
		} else if (wanted(n)) {
			long long f[4] = { -1, -1, -1, -1 };
			if (!fstatat(dirfd(d), n, &st, 0)) {
				f[0] = (long long)st.st_size;
				f[1] = (long long)st.st_mtim.tv_sec;
				f[2] = (long long)st.st_mtim.tv_nsec;
				f[3] = (long long)st.st_ino;
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

const char *tc_cache_build_id(void)
{
	static char *id;
	struct stat st;

	if (id)
		return id;
	if (stat("/proc/self/exe", &st))
		memset(&st, 0, sizeof(st));
	id = xasprintf("%s-%lld-%lld.%09ld-%llu", PACKAGE_VERSION, (long long)st.st_size,
		       (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec, (unsigned long long)st.st_ino);
	return id;
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

void tc_cache_put(const char *kind, const char *key, const char *data, size_t len)
{
	char *vdir = version_dir();
	char sum[33];

	if (!vdir)
		return;
	if (!is_dir(vdir)) {
		char *root = dir_name(vdir);
		/* the one that makes it clears the other builds' */
		if (!mkdir_p(root, 0700) && !mkdir(vdir, 0700))
			drop_other_builds(vdir);
		free(root);
	}
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

struct centry {
	char *path;
	long long mtime;
	unsigned long long blocks; /* bytes on the disk */
};

static struct {
	struct centry *v;
	size_t nr, alloc;
	unsigned long long total;
} walk;

static int note_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)ftw;
	if (flag != FTW_F)
		return 0;
	/* a temporary file its writer left (killed): after an hour */
	const char *base = strrchr(path, '/');
	if (base && strchr(base, '.') && time(NULL) - st->st_mtime > 3600) {
		unlink(path);
		return 0;
	}
	ALLOC_GROW(walk.v, walk.nr + 1, walk.alloc);
	walk.v[walk.nr++] = (struct centry){ xstrdup(path), (long long)st->st_mtime,
					     (unsigned long long)st->st_blocks * 512 };
	walk.total += (unsigned long long)st->st_blocks * 512;
	return 0;
}

static int by_mtime(const void *a, const void *b)
{
	const struct centry *x = a, *y = b;

	return x->mtime < y->mtime ? -1 : x->mtime > y->mtime;
}

void tc_cache_trim(unsigned long long max)
{
	char *vdir = version_dir();

	if (!vdir || !is_dir(vdir)) {
		free(vdir);
		return;
	}
	memset(&walk, 0, sizeof(walk));
	nftw(vdir, note_entry, 16, FTW_PHYS);
	if (walk.total > max) {
		qsort(walk.v, walk.nr, sizeof(*walk.v), by_mtime);
		for (size_t i = 0; i < walk.nr && walk.total > max / 4 * 3; i++) {
			if (!unlink(walk.v[i].path))
				walk.total -= walk.v[i].blocks;
		}
	}
	for (size_t i = 0; i < walk.nr; i++)
		free(walk.v[i].path);
	free(walk.v);
	memset(&walk, 0, sizeof(walk));
	free(vdir);
}

/* ---- the dependency recorder ---- */

struct dep {
	char type; /* 'f' file, 'a' absent, 'd' directory, 'k' key */
	char *path; /* or the key's name */
	char *arg, *value;
	long long size, mtime, ino; /* mtime -1: compare the content */
	char hash[33];
};

static struct {
	int on, paused, broken;
	struct dep *v;
	size_t nr, alloc;
	char **ignore;
	size_t nr_ignore, alloc_ignore;
} rec;

static struct resolver {
	char *name;
	tc_deps_resolver fn;
} *resolvers;
static size_t nr_resolvers, alloc_resolvers;

void tc_deps_set_resolver(const char *name, tc_deps_resolver fn)
{
	for (size_t i = 0; i < nr_resolvers; i++)
		if (!strcmp(resolvers[i].name, name)) {
			resolvers[i].fn = fn;
			return;
		}
	ALLOC_GROW(resolvers, nr_resolvers + 1, alloc_resolvers);
	resolvers[nr_resolvers++] = (struct resolver){ xstrdup(name), fn };
}

static void dep_free(struct dep *d)
{
	free(d->path);
	free(d->arg);
	free(d->value);
}

static void reset(void)
{
	for (size_t i = 0; i < rec.nr; i++)
		dep_free(&rec.v[i]);
	rec.nr = 0;
	rec.broken = 0;
	for (size_t i = 0; i < rec.nr_ignore; i++)
		free(rec.ignore[i]);
	rec.nr_ignore = 0;
}

void tc_deps_start(void)
{
	reset();
	rec.on = 1;
	rec.paused = 0;
}

int tc_deps_recording(void)
{
	return rec.on && !rec.paused;
}

void tc_deps_pause(void)
{
	rec.paused++;
}

void tc_deps_resume(void)
{
	if (rec.paused)
		rec.paused--;
}

void tc_deps_spoil(const char *why)
{
	if (!rec.on)
		return;
	if (verbose && !rec.broken)
		inform("cache: this result is not kept: %s", why);
	rec.broken = 1;
}

void tc_deps_ignore_below(const char *dir)
{
	if (!tc_deps_recording() || !dir)
		return;
	ALLOC_GROW(rec.ignore, rec.nr_ignore + 1, rec.alloc_ignore);
	rec.ignore[rec.nr_ignore++] = xstrdup(dir);
}

static int ignored(const char *path)
{
	for (size_t i = 0; i < rec.nr_ignore; i++)
		if (path_below(path, rec.ignore[i]))
			return 1;
	return 0;
}

static struct dep *add(char type, const char *path)
{
	if (strchr(path, '\n') || strchr(path, '\r'))
		rec.broken = 1;
	ALLOC_GROW(rec.v, rec.nr + 1, rec.alloc);
	struct dep *d = &rec.v[rec.nr++];
	memset(d, 0, sizeof(*d));
	d->type = type;
	d->path = xstrdup(path);
	return d;
}

/* The content path has now as tracecheck sees it, hashed; -1 if it cannot be read. */
static int content_hash(const char *path, char out[33])
{
	size_t len;
	char *text;

	tc_deps_pause();
	text = read_file(path, &len);
	tc_deps_resume();
	if (!text)
		return -1;
	tc_hash_hex(text, len, out);
	free(text);
	return 0;
}

/* A file whose mtime is this recent may change again within its tick: compare its content. */
static int racy(const struct stat *st)
{
	return st->st_mtim.tv_sec >= time(NULL) - 2;
}

void tc_deps_file(const char *path, const char *text, size_t len)
{
	struct stat st;
	const char *ot;
	size_t ol;

	if (!tc_deps_recording() || ignored(path))
		return;
	struct dep *d = add('f', path);
	if (text)
		tc_hash_hex(text, len, d->hash);
	else if (content_hash(path, d->hash))
		rec.broken = 1;
	d->mtime = -1;
	int overlaid = tc_overlay_lookup(path, &ot, &ol);
	if (!overlaid && !stat(path, &st)) {
		if (racy(&st)) {
			/*
			 * read again now, not when it was read (libclang's): it
			 * may have changed in between; no entry
			 */
			if (!text)
				rec.broken = 1;
			return;
		}
		d->size = (long long)st.st_size;
		d->mtime = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
		d->ino = (long long)st.st_ino;
	}
}

/* The hash of dir's entries' names, in order; -1 if it cannot be read. */
static int dir_hash(const char *dir, char out[33])
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t nr = 0, alloc = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = xstrdup(e->d_name);
	}
	closedir(d);
	sort_strings(v, nr);
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(&sb, "%s/", v[i]);
	free_strings(v, nr);
	tc_hash_hex(sb.buf ? sb.buf : "", sb.len, out);
	strbuf_release(&sb);
	return 0;
}

void tc_deps_dir(const char *path)
{
	struct stat st;

	if (!tc_deps_recording() || ignored(path))
		return;
	struct dep *d = add('d', path);
	d->mtime = -1;
	if (dir_hash(path, d->hash))
		rec.broken = 1;
	else if (!stat(path, &st) && !racy(&st))
		d->mtime = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
}

void tc_deps_absent(const char *path)
{
	if (tc_deps_recording() && !ignored(path))
		add('a', path);
}

void tc_deps_key(const char *name, const char *arg, const char *value)
{
	if (!tc_deps_recording())
		return;
	struct dep *d = add('k', name);
	d->arg = xstrdup(arg);
	d->value = xstrdup(value ? value : "-");
	if (strchr(arg, ' ') || strchr(arg, '\n') || strchr(d->value, '\n'))
		rec.broken = 1;
}

static int dep_cmp(const void *a, const void *b)
{
	const struct dep *x = a, *y = b;

	if (x->type != y->type)
		return x->type - y->type;
	int c = strcmp(x->path, y->path);
	return c ? c : strcmp(x->arg ? x->arg : "", y->arg ? y->arg : "");
}

int tc_deps_finish(struct strbuf *sb)
{
	int rc = rec.broken ? -1 : 0;

	rec.on = 0;
	if (rec.nr)
		qsort(rec.v, rec.nr, sizeof(*rec.v), dep_cmp);
	for (size_t i = 0; i < rec.nr; i++) {
		const struct dep *d = &rec.v[i];
		if (i && !dep_cmp(d, &rec.v[i - 1]))
			continue;
		if (d->type == 'f')
			strbuf_addf(sb, "f %lld %lld %lld %s %s\n", d->size, d->mtime, d->ino, d->hash,
				    d->path);
		else if (d->type == 'a')
			strbuf_addf(sb, "a %s\n", d->path);
		else if (d->type == 'd')
			strbuf_addf(sb, "d %lld %s %s\n", d->mtime, d->hash, d->path);
		else
			strbuf_addf(sb, "k %s %s %s\n", d->path, d->arg, d->value);
	}
	strbuf_addstr(sb, "R\n");
	reset();
	return rc;
}

/* Does the file dependency "SIZE MTIME INO HASH PATH" (l) still hold? -1: malformed. */
static int file_holds(const char *l)
{
	long long size, mtime, ino;
	char hash[33], now[33];
	int at = 0;
	struct stat st;
	const char *ot;
	size_t ol;

	if (sscanf(l, "%lld %lld %lld %32s %n", &size, &mtime, &ino, hash, &at) != 4 || !at)
		return -1;
	const char *path = l + at;
	if (mtime >= 0 && !tc_overlay_lookup(path, &ot, &ol) && !stat(path, &st) &&
	    (long long)st.st_size == size && (long long)st.st_ino == ino &&
	    (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec == mtime)
		return 1;
	return !content_hash(path, now) && !strcmp(now, hash);
}

static int key_holds(const char *l)
{
	const char *sp = strchr(l, ' ');
	const char *sp2 = sp ? strchr(sp + 1, ' ') : NULL;

	if (!sp2)
		return -1;
	char *name = xstrndup(l, (size_t)(sp - l)), *arg = xstrndup(sp + 1, (size_t)(sp2 - sp - 1));
	int ok = 0;
	for (size_t i = 0; i < nr_resolvers; i++) {
		if (strcmp(resolvers[i].name, name))
			continue;
		char *v = resolvers[i].fn(arg);
		ok = !strcmp(v ? v : "-", sp2 + 1);
		free(v);
		break;
	}
	free(name);
	free(arg);
	return ok;
}

int tc_deps_check(const char **pp, const char *end)
{
	const char *p = *pp;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		char *l = xstrndup(p, (size_t)(nl - p));
		int ok;
		p = nl + 1;
		if (!strcmp(l, "R")) {
			free(l);
			*pp = p;
			return 1;
		}
		if (l[0] && l[1] == ' ' && l[0] == 'f') {
			ok = file_holds(l + 2);
		} else if (l[0] && l[1] == ' ' && l[0] == 'a') {
			const char *ot;
			size_t ol;
			struct stat st;
			const char *path = l + 2;
			if (tc_overlay_lookup(path, &ot, &ol))
				ok = ot == NULL;
			else
				ok = stat(path, &st) != 0 || !S_ISREG(st.st_mode);
		} else if (l[0] && l[1] == ' ' && l[0] == 'd') {
			long long mtime;
			int at = 0;
			struct stat st;
			char hash[33], now[33];
			ok = sscanf(l + 2, "%lld %32s %n", &mtime, hash, &at) == 2 && at ? 1 : -1;
			if (ok == 1 && (mtime < 0 || stat(l + 2 + at, &st) ||
					(long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec != mtime))
				ok = !dir_hash(l + 2 + at, now) && !strcmp(now, hash);
		} else if (l[0] && l[1] == ' ' && l[0] == 'k') {
			ok = key_holds(l + 2);
		} else {
			ok = -1;
		}
		free(l);
		if (ok != 1)
			return ok;
	}
	return -1;
}
