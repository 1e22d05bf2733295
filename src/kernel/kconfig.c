// SPDX-License-Identifier: MIT
/*
 * A tree's Kconfig, as far as the passes in other configurations need
 * it (kconfig.h).  The files are read from the top Kconfig along its
 * "source" lines (osource, rsource and orsource too; $(SRCARCH) and
 * $(ARCH) are the architecture, a '*' a glob), keeping the blocks open
 * around each entry: "if EXPR" ... "endif", and the "depends on" of a
 * "menu" or "choice" up to its end.  An entry ("config" or "menuconfig")
 * keeps those conditions, its own "depends on" and its "select"s; a help
 * text (indented, after "help") is skipped.  Only the parts of a &&
 * that are a symbol, SYM=y or !SYM are followed: what a || or a
 * comparison needs, tracecheck does not choose.
 */
#include "kconfig.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "deps.h"
#include "kconfig_internal.h"
#include "kmake.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

/* The blocks open where a line is read. */
struct frame {
	char **conds;
	size_t nr, alloc;
};

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static int word(const char *p, const char *w)
{
	size_t n = strlen(w);

	return !strncmp(p, w, n) && (!p[n] || p[n] == ' ' || p[n] == '\t');
}

static void push(char ***v, size_t *nr, size_t *alloc, char *s)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = s;
}

static char *trimmed(const char *s)
{
	s = skip_ws(s);
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return xstrndup(s, n);
}

struct walk {
	struct tc_kconfig *k;
	/* the conditions of the open blocks, and where each block starts */
	struct frame f;
	size_t *starts;
	size_t depth, alloc_starts;
};

static void read_kconfig(struct walk *w, const char *rel, int level);

/* "source" PATH (relative to the tree, or with r to dir): each file it names. */
static void source(struct walk *w, const char *arg, const char *dir, int level)
{
	struct strbuf sb = STRBUF_INIT;
	char *path = trimmed(arg);
	size_t n = strlen(path);

	if (n >= 2 && path[0] == '"' && path[n - 1] == '"') {
		memmove(path, path + 1, n - 2);
		path[n - 2] = '\0';
	}
	if (dir)
		strbuf_addf(&sb, "%s/", dir);
	for (const char *p = path; *p;) {
		if (starts_with(p, "$(SRCARCH)") || starts_with(p, "$(ARCH)")) {
			strbuf_addstr(&sb, w->k->arch);
			p = strchr(p, ')') + 1;
		} else if (starts_with(p, "$(srctree)/")) {
			p += strlen("$(srctree)/");
		} else {
			strbuf_addch(&sb, *p++);
		}
	}
	if (!strchr(sb.buf, '*')) {
		read_kconfig(w, sb.buf, level + 1);
	} else {
		char *pat = xasprintf("%s/%s", w->k->root, sb.buf);
		glob_t g;
		w->k->globbed = 1;
		if (!glob(pat, 0, NULL, &g))
			for (size_t i = 0; i < g.gl_pathc; i++)
				read_kconfig(w, g.gl_pathv[i] + strlen(w->k->root) + 1, level + 1);
		globfree(&g);
		free(pat);
	}
	strbuf_release(&sb);
	free(path);
}

static void open_block(struct walk *w, char *cond)
{
	ALLOC_GROW(w->starts, w->depth + 1, w->alloc_starts);
	w->starts[w->depth++] = w->f.nr;
	if (cond)
		push(&w->f.conds, &w->f.nr, &w->f.alloc, cond);
}

static void close_block(struct walk *w)
{
	if (!w->depth)
		return;
	size_t to = w->starts[--w->depth];
	while (w->f.nr > to)
		free(w->f.conds[--w->f.nr]);
}

static struct ksym *new_sym(struct walk *w, const char *name, const char *file)
{
	struct tc_kconfig *k = w->k;

	ALLOC_GROW(k->v, k->nr + 1, k->alloc);
	struct ksym *s = &k->v[k->nr++];
	memset(s, 0, sizeof(*s));
	s->name = trimmed(name);
	s->file = file;
	for (size_t i = 0; i < w->f.nr; i++)
		push(&s->conds, &s->nr_conds, &s->alloc_conds, xstrdup(w->f.conds[i]));
	return s;
}

static void read_kconfig(struct walk *w, const char *rel, int level)
{
	struct tc_kconfig *k = w->k;

	if (level > 32)
		return;
	for (size_t i = 0; i < k->nr_files; i++)
		if (!strcmp(k->files[i], rel))
			return;
	push(&k->files, &k->nr_files, &k->alloc_files, xstrdup(rel));
	const char *file = k->files[k->nr_files - 1];
	char *path = xasprintf("%s/%s", k->root, rel);
	size_t n, len;
	char *text = read_file(path, &len), lenbuf[32];
	/* the text hashed is the text read: the model is a function of the digest (kmodel.c) */
	char **lines = text ? tc_kmake_text_lines(text, &n) : NULL;

	/* the name, then the length and the bytes, or that there is none */
	tc_hasher_add(&k->hs, rel, strlen(rel) + 1);
	snprintf(lenbuf, sizeof(lenbuf), "%zd", text ? (ssize_t)len : (ssize_t)-1);
	tc_hasher_add(&k->hs, lenbuf, strlen(lenbuf) + 1);
	if (text)
		tc_hasher_add(&k->hs, text, len);
	else
		n = 0;
	free(text);
	char *dir = dir_name(rel);
	/* the entry being read, or the menu or choice whose "depends on" come next */
	struct ksym *cur = NULL;
	int block_deps = 0, help = 0;

	free(path);
	for (size_t i = 0; i < n; i++) {
		const char *l = lines[i], *p = skip_ws(l);
		if (help && (!*p || p != l))
			continue; /* the help text: indented, or blank */
		help = 0;
		if (!*p)
			continue;
		if (word(p, "config") || word(p, "menuconfig")) {
			cur = new_sym(w, p + (*p == 'c' ? 6 : 10), file);
			block_deps = 0;
		} else if (word(p, "menu") || word(p, "choice")) {
			open_block(w, NULL);
			cur = NULL;
			block_deps = 1;
		} else if (word(p, "endmenu") || word(p, "endchoice") || word(p, "endif")) {
			close_block(w);
			cur = NULL;
			block_deps = 0;
		} else if (word(p, "if")) {
			open_block(w, trimmed(p + 2));
			cur = NULL;
			block_deps = 0;
		} else if (word(p, "source") || word(p, "osource")) {
			source(w, p + (*p == 's' ? 6 : 7), NULL, level);
			cur = NULL;
			block_deps = 0;
		} else if (word(p, "rsource") || word(p, "orsource")) {
			source(w, p + (*p == 'r' ? 7 : 8), dir, level);
			cur = NULL;
			block_deps = 0;
		} else if (word(p, "comment") || word(p, "mainmenu")) {
			cur = NULL;
			block_deps = 0;
		} else if (word(p, "help") || word(p, "---help---")) {
			help = 1;
		} else if (starts_with(p, "depends on ")) {
			char *cond = trimmed(p + strlen("depends on "));
			if (cur)
				push(&cur->conds, &cur->nr_conds, &cur->alloc_conds, cond);
			else if (block_deps && w->depth)
				push(&w->f.conds, &w->f.nr, &w->f.alloc, cond);
			else
				free(cond);
		} else if (cur && word(p, "select")) {
			push(&cur->selects, &cur->nr_selects, &cur->alloc_selects, trimmed(p + 6));
		} else if (cur && (word(p, "bool") || word(p, "tristate") || word(p, "def_bool") ||
				   word(p, "def_tristate"))) {
			cur->boolish = 1;
		}
	}
	free(dir);
	free_strings(lines, n);
}

/* By name, the first definition of a name first. */
static int by_name(const void *a, const void *b)
{
	const struct ksym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

static void kconfig_free(struct tc_kconfig *k)
{
	if (k->blob) {
		/* loaded (kmodel.c): the strings in blob, the symbols' lists in strs */
		tc_kmodel_free(k);
		return;
	}
	for (size_t i = 0; i < k->nr; i++) {
		free(k->v[i].name);
		free_strings(k->v[i].conds, k->v[i].nr_conds);
		free_strings(k->v[i].selects, k->v[i].nr_selects);
	}
	free(k->v);
	free_strings(k->files, k->nr_files);
	free(k->root);
	free(k->arch);
	free(k->overlaid);
	free(k);
}

/*
 * The overlay's entries among the files k read (or tried to), each with
 * the hash of its text ("removed" if the overlay removes it): the sides
 * of a patch that changes one read different Kconfigs in one process.
 */
static char *overlaid_kconfigs(const struct tc_kconfig *k)
{
	struct strbuf sb = STRBUF_INIT;

	if (!tc_overlay_count())
		return strbuf_detach(&sb);
	for (size_t i = 0; i < k->nr_files; i++) {
		char *path = xasprintf("%s/%s", k->root, k->files[i]);
		const char *h;
		if (tc_overlay_hash(path, &h))
			strbuf_addf(&sb, "%s %s\n", k->files[i], h ? h : "removed");
		free(path);
	}
	return strbuf_detach(&sb);
}

static struct tc_kconfig *kept;

/* Was the Kconfig of root for arch read in this process (the overlay aside)? */
static int kept_for(const char *root, const char *arch)
{
	return kept && !strcmp(kept->root, root) && !strcmp(kept->arch, arch);
}

/*
 * The digest without reading the Kconfig again: a memo in the cache
 * ("kdigest") of the files the walk read, each with its stat() identity
 * (size, mtime, ctime, inode; "-" absent), and the digest they gave.
 * The walk follows only what the files read say, so while every one of
 * them is as it was, the same files are read and the digest is the
 * same.  As the dependency recorder does (deps.h), a file changed less
 * than TC_DEPS_RACY_SECS before the walk began is not trusted: no memo
 * is kept then, nor when a glob was read (a new file could match), a
 * file could not be read but exists, or --patch's overlay holds one of
 * the files; a memo naming a file the overlay holds is not used.
 */
static char *memo_key(const char *root, const char *arch)
{
	return xasprintf("%s\n%s", root, arch);
}

static int ident_line(struct strbuf *sb, const char *root, const char *rel, long long start)
{
	char *path = xasprintf("%s/%s", root, rel);
	struct stat st;
	const char *h;
	int ok = 1;

	/* a check asks each path once a process (deps.h's memo), a memo's store afresh */
	if (tc_overlay_hash(path, &h)) {
		ok = 0;
	} else if (start ? stat(path, &st) : tc_deps_stat(path, &st)) {
		strbuf_addf(sb, "%s\t-\n", rel);
	} else {
		long long m = tc_timespec_ns(&st.st_mtim), c = tc_timespec_ns(&st.st_ctim);
		if (start && (m >= start || c >= start))
			ok = 0; /* racy: its stat() may not tell a later change */
		strbuf_addf(sb, "%s\t%lld %lld %lld %llu\n", rel, (long long)st.st_size, m, c,
			    (unsigned long long)st.st_ino);
	}
	free(path);
	return ok;
}

/* The memo's digest ("" for no Kconfig) if it still holds, else NULL. */
static char *memo_digest(const char *root, const char *arch)
{
	char *key = memo_key(root, arch);
	size_t len;
	char *text = tc_cache_get("kdigest", key, &len), *digest = NULL;
	struct strbuf now = STRBUF_INIT;

	free(key);
	if (!text || !starts_with(text, "digest "))
		goto out;
	char *nl = strchr(text, '\n');
	if (!nl)
		goto out;
	for (char *l = nl + 1, *e; *l && (e = strchr(l, '\n')); l = e + 1) {
		char *tab = memchr(l, '\t', (size_t)(e - l));
		if (!tab)
			goto out;
		char *rel = xstrndup(l, (size_t)(tab - l));
		int ok = ident_line(&now, root, rel, 0);
		free(rel);
		if (!ok)
			goto out;
	}
	if (strcmp(now.buf ? now.buf : "", nl + 1))
		goto out;
	digest = xstrndup(text + 7, (size_t)(nl - text - 7));
out:
	strbuf_release(&now);
	free(text);
	return digest;
}

/*
 * The memo of k, read from root for arch by a walk that began at start
 * (less TC_DEPS_RACY_SECS): whether it was kept.  The digest of a k
 * without a symbol is "" (no Kconfig), its files the files it read all
 * the same: one of them could gain one.
 */
static int memo_store(const char *root, const char *arch, const struct tc_kconfig *k,
		      long long start)
{
	struct strbuf sb = STRBUF_INIT;
	int ok = !k->globbed;

	strbuf_addf(&sb, "digest %s\n", k->nr ? k->digest : "");
	for (size_t i = 0; ok && i < k->nr_files; i++) {
		char *path = xasprintf("%s/%s", root, k->files[i]);
		struct stat st;
		/* one that exists but could not be read: not described by its stat() */
		ok = stat(path, &st) || (S_ISREG(st.st_mode) && !access(path, R_OK));
		free(path);
		ok = ok && ident_line(&sb, root, k->files[i], start);
	}
	if (ok) {
		char *key = memo_key(root, arch);
		tc_cache_put("kdigest", key, sb.buf, sb.len);
		free(key);
	}
	strbuf_release(&sb);
	return ok;
}

/* TRACECHECK_KCONFIG_DUMP=FILE: the model k of root for arch, and how it came, added to FILE. */
static void dump(const char *root, const char *arch, const struct tc_kconfig *k, const char *how)
{
	const char *path = getenv("TRACECHECK_KCONFIG_DUMP");
	struct strbuf sb = STRBUF_INIT;

	if (!path || !*path)
		return;
	strbuf_addf(&sb, "# the Kconfig of %s for %s: %s (process %ld)\n", root, arch, how,
		    (long)getpid());
	tc_kmodel_dump(k, &sb);
	/* one write: the processes of a run add theirs whole */
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 || write(fd, sb.buf, sb.len) != (ssize_t)sb.len)
		warning("cannot write to %s (TRACECHECK_KCONFIG_DUMP): %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	strbuf_release(&sb);
}

/* What the walk from the top Kconfig reads, with or without symbols. */
static struct tc_kconfig *walk_tree(const char *root, const char *arch)
{
	struct tc_kconfig *k = xcalloc(1, sizeof(*k));
	struct walk w = { k, { 0 }, NULL, 0, 0 };

	k->root = xstrdup(root);
	k->arch = xstrdup(arch);
	tc_hasher_init(&k->hs);
	/* a result that asks it records its digest (tc_kconfig_key_arg()) */
	tc_deps_pause();
	read_kconfig(&w, "Kconfig", 0);
	tc_deps_resume();
	tc_hasher_hex(&k->hs, k->digest);
	k->overlaid = overlaid_kconfigs(k);
	while (w.depth)
		close_block(&w);
	free(w.f.conds);
	free(w.starts);
	for (size_t i = 0; i < k->nr; i++)
		k->v[i].order = i;
	QSORT(k->v, k->nr, by_name);
	return k;
}

/*
 * With the cache, while the memo holds, the model of its digest from the
 * cache (kmodel.c) instead of the walk; after a walk, the memo and the
 * model kept.
 */
struct tc_kconfig *tc_kconfig_of(const char *root, const char *arch)
{
	if (kept_for(root, arch)) {
		char *overlaid = overlaid_kconfigs(kept);
		int same = !strcmp(kept->overlaid, overlaid);
		free(overlaid);
		if (same)
			return kept;
	}
	if (kept)
		kconfig_free(kept);
	kept = NULL;
	int memo = tc_cache_enabled();
	char *d = NULL;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	long long start = tc_timespec_ns(&ts) - TC_DEPS_RACY_SECS * 1000000000LL;
	struct tc_kconfig *k = NULL;

	tc_deps_pause();
	if (memo)
		d = memo_digest(root, arch);
	if (d && *d)
		k = tc_kmodel_load(root, arch, d);
	tc_deps_resume();
	if (d && !*d) {
		free(d);
		dump(root, arch, NULL, "the memo");
		return NULL;
	}
	free(d);
	if (k) {
		k->overlaid = overlaid_kconfigs(k);
		dump(root, arch, k, "the cache");
		return kept = k;
	}
	k = walk_tree(root, arch);
	if (memo) {
		tc_deps_pause();
		if (memo_store(root, arch, k, start) && k->nr)
			tc_kmodel_store(k);
		tc_deps_resume();
	}
	if (!k->nr) {
		kconfig_free(k);
		dump(root, arch, NULL, "read");
		return NULL;
	}
	dump(root, arch, k, "read");
	return kept = k;
}

char *tc_kconfig_key_arg(const char *root, const char *arch)
{
	return xasprintf("%s:%s", arch, root);
}

const char *tc_kconfig_digest(const struct tc_kconfig *k)
{
	return k->digest;
}

char *tc_kconfig_current_key(const char *arg)
{
	const char *colon = strchr(arg, ':');

	if (!colon)
		return NULL;
	char *arch = xstrndup(arg, (size_t)(colon - arg)), *d = NULL;
	const char *root = colon + 1;
	if (tc_cache_enabled() && !kept_for(root, arch)) {
		tc_deps_pause();
		d = memo_digest(root, arch);
		tc_deps_resume();
	}
	if (d) {
		free(arch);
		if (!*d) {
			free(d);
			return NULL;
		}
		return d;
	}
	/* (its memo kept) */
	struct tc_kconfig *k = tc_kconfig_of(root, arch);
	free(arch);
	return k ? xstrdup(k->digest) : NULL;
}

/* The first entry of symbol name (len bytes), or NULL. */
static const struct ksym *sym(const struct tc_kconfig *k, const char *name, size_t len)
{
	size_t lo = 0, hi = k->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(k->v[mid].name, name, len);
		if (!c && k->v[mid].name[len])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < k->nr && strlen(k->v[lo].name) == len && !strncmp(k->v[lo].name, name, len))
		return &k->v[lo];
	return NULL;
}

/* A set of names, sorted. */
struct names {
	char **v;
	size_t nr, alloc;
};

static size_t lower(const struct names *s, const char *name, size_t len, int *found)
{
	size_t lo = 0, hi = s->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(s->v[mid], name, len);
		if (!c && s->v[mid][len])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < s->nr && strlen(s->v[lo]) == len && !strncmp(s->v[lo], name, len);
	return lo;
}

static int has(const struct names *s, const char *name, size_t len)
{
	int found;

	lower(s, name, len, &found);
	return found;
}

static int add(struct names *s, const char *name, size_t len)
{
	int found;
	size_t at = lower(s, name, len, &found);

	if (found)
		return 0;
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	memmove(s->v + at + 1, s->v + at, (s->nr - at) * sizeof(*s->v));
	s->v[at] = xstrndup(name, len);
	s->nr++;
	return 1;
}

static int in_names(const char *name, size_t len, void *ctx)
{
	return has(ctx, name, len);
}

/* A part of a && that is a symbol: its name into *name and *len, and whether it is negated. */
static int atom(const char *p, size_t n, const char **name, size_t *len, int *neg)
{
	while (n && isspace((unsigned char)*p))
		p++, n--;
	while (n && isspace((unsigned char)p[n - 1]))
		n--;
	*neg = n && *p == '!';
	if (*neg) {
		p++, n--;
		while (n && isspace((unsigned char)*p))
			p++, n--;
	}
	size_t k = 0;
	while (k < n && (isalnum((unsigned char)p[k]) || p[k] == '_'))
		k++;
	if (!k)
		return 0;
	*name = p;
	*len = k;
	const char *rest = p + k;
	size_t m = n - k;
	while (m && isspace((unsigned char)*rest))
		rest++, m--;
	/* SYM, SYM=y, SYM!=n */
	return !m || (m == 2 && !strncmp(rest, "=y", 2)) || (m == 3 && !strncmp(rest, "!=n", 3));
}

/* Each part of cond's top-level && that is an atom: fn(name, len, neg, ctx). */
static void conjuncts(const char *cond, void (*fn)(const char *, size_t, int, void *), void *ctx)
{
	int depth = 0;
	const char *from = cond;

	for (const char *p = cond;; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		if (*p && !(depth == 0 && p[0] == '&' && p[1] == '&'))
			continue;
		const char *name;
		size_t len;
		int neg;
		if (atom(from, (size_t)(p - from), &name, &len, &neg))
			fn(name, len, neg, ctx);
		if (!*p)
			break;
		from = ++p + 1;
	}
}

struct needs {
	struct tc_kconfig *k;
	struct names on, off, files;
	char **added;
	size_t nr_added, alloc_added, max;
	char **queue;
	size_t nr_queue, alloc_queue;
	int ok; /* conflict(): no !SYM of a symbol on */
};

static void note_file(struct needs *n, const struct ksym *s)
{
	add(&n->files, s->file, strlen(s->file));
}

static void conflict(const char *name, size_t len, int neg, void *ctx)
{
	struct needs *n = ctx;

	if (neg && has(&n->on, name, len))
		n->ok = 0;
}

/* Whether symbol s may be turned on: bool or tristate, not kept off, nothing on against it. */
static int allowed(struct needs *n, const struct ksym *s)
{
	if (!s->boolish || has(&n->off, s->name, strlen(s->name)))
		return 0;
	n->ok = 1;
	for (size_t i = 0; i < s->nr_conds && n->ok; i++)
		conjuncts(s->conds[i], conflict, n);
	return n->ok;
}

static void turn_on(struct needs *n, const char *name, size_t len)
{
	const struct ksym *s = sym(n->k, name, len);

	if (n->nr_added >= n->max || !s || has(&n->on, name, len))
		return;
	note_file(n, s);
	if (!allowed(n, s))
		return;
	add(&n->on, name, len);
	push(&n->added, &n->nr_added, &n->alloc_added, xstrndup(name, len));
	push(&n->queue, &n->nr_queue, &n->alloc_queue, xstrndup(name, len));
}

static void depend(const char *name, size_t len, int neg, void *ctx)
{
	if (!neg)
		turn_on(ctx, name, len);
}

size_t tc_kconfig_needs(struct tc_kconfig *k, const char *config, const char *const *want,
			size_t n_want, const char *const *keep_off, size_t n_off, size_t max,
			char ***added, char ***files, size_t *n_files)
{
	struct needs n = { .k = k, .max = max };

	for (const char *l = config; l && *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *d = tc_directive(l, "define");
		if (!d || (*d != ' ' && *d != '\t'))
			continue;
		d = skip_ws(d);
		size_t len = strcspn(d, " \t\n(");
		if (len > 7 && !strncmp(d, "CONFIG_", 7)) {
			size_t m = len - 7;
			if (m > 7 && !strncmp(d + len - 7, "_MODULE", 7))
				m -= 7;
			add(&n.on, d + 7, m);
		}
	}
	for (size_t i = 0; i < n_off; i++)
		add(&n.off, keep_off[i], strlen(keep_off[i]));
	for (size_t i = 0; i < n_want; i++) {
		add(&n.on, want[i], strlen(want[i]));
		push(&n.queue, &n.nr_queue, &n.alloc_queue, xstrdup(want[i]));
	}
	/* breadth first: what want needs, then what that needs */
	for (size_t q = 0; q < n.nr_queue; q++) {
		const struct ksym *s = sym(k, n.queue[q], strlen(n.queue[q]));
		if (!s)
			continue;
		note_file(&n, s);
		for (size_t i = 0; i < s->nr_conds; i++)
			conjuncts(s->conds[i], depend, &n);
		for (size_t i = 0; i < s->nr_selects; i++) {
			const char *t = s->selects[i];
			size_t len = strcspn(t, " \t");
			const char *cond = skip_ws(t + len);
			if (word(cond, "if") && !tc_kexpr(cond + 2, in_names, &n.on))
				continue;
			turn_on(&n, t, len);
		}
	}
	free_strings(n.queue, n.nr_queue);
	free_strings(n.on.v, n.on.nr);
	free_strings(n.off.v, n.off.nr);
	*added = n.added;
	*files = n.files.v;
	*n_files = n.files.nr;
	return n.nr_added;
}
