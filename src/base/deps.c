// SPDX-License-Identifier: MIT
/* The dependency recorder (deps.h). */
#include "deps.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "overlay.h"
#include "statmemo.h"
#include "strbuf.h"
#include "util.h"

/* What stat() says of a file: the fast check that it is unchanged. */
struct ident {
	long long size, mtime, ctime, dev, ino; /* mtime -1: none, compare the content */
};

struct dep {
	/* 'f' file, 'a' absent, 'e' unreadable, 'd' directory, 'p' probe, 'v' env, 'k' key */
	char type;
	char *path; /* or the key's or variable's name */
	char *arg, *value;
	struct ident id;
	int err; /* 'e' */
	char hash[33];
};

static struct {
	int on, paused, broken;
	long long start; /* ns, CLOCK_REALTIME */
	struct dep *v;
	size_t nr, alloc;
	char **ignore;
	size_t nr_ignore, alloc_ignore;
} rec;

static int verbose;

/*
 * How deep in tc_deps_check() (a resolver checks dependencies of its
 * own): while it is not 0, what the file system says of a path is asked
 * once per process (statmemo.h).
 *
 * Why that is sound.  An entry is (D, R): R is what a fresh run gives on
 * any file system of which every line of D holds, each line describing
 * the very state that R was computed from (tc_deps_file() hashes the
 * bytes it read, a key records the value the computation used).  The
 * check asks, line by line, whether D holds; a line's answer from the
 * memo is the file system's answer at the first time this process asked
 * (after the last tc_statmemo_clear()), not now.  So an entry is taken
 * when every line held at the moment its path was first looked at.  That
 * is what the check without the memo does too, over a shorter window: it
 * looks at one path after another, and a file changed between two of
 * its looks is seen in one state at one and another state at the other.
 * A run during which nothing changes gives the same answers with and
 * without the memo, byte for byte; a run during which a file changes
 * gives, for each entry, the answer of a fresh run that saw every file
 * in a state it really had during the run -- as a fresh run started at
 * a slightly different moment would.
 *
 * Nothing kept for a later run is made from the memo's answers.  A
 * recording never reads the memo: the memo is used only while no
 * recording is on (a check within a computation, of a precompiled
 * header's entry, asks the file system; pch.c keeps the first such
 * check's answer for the process's later parses with the same prelude,
 * and libclang refuses a PCH whose inputs changed since), so what
 * tc_deps_file(), tc_deps_passed_over(), a key and the front end record
 * is what the file system says then, and a file changed during the run
 * is seen as changed (compared by content, racy(), or the recording
 * spoiled).  The lines of an entry that a computation imports (a
 * precompiled header's) are checked again, against the file system
 * then, by every later run: a stale answer can only make a later check
 * fail, never make it hold.
 *
 * The memo is forgotten when a recording starts (tc_deps_start(): the
 * computation may write files a later check looks at, a precompiled
 * header, the generated headers) and by tc_deps_forget() (a fixed
 * header).
 */
static int checking;

/* The memo of path while dependencies are checked and nothing is recorded, else NULL. */
static struct tc_statmemo *memo(const char *path)
{
	return checking && !rec.on ? tc_statmemo_of(path) : NULL; /* paused or not */
}

void tc_deps_forget(void)
{
	tc_statmemo_clear();
}

/* stat(), or lstat() if nofollow, from the memo while dependencies are checked. */
static int memo_stat(const char *path, struct stat *st, int nofollow)
{
	struct tc_statmemo *m = memo(path);

	if (!m)
		return nofollow ? lstat(path, st) : stat(path, st);
	unsigned bit = nofollow ? TC_SM_LSTAT : TC_SM_STAT;
	struct stat *was = nofollow ? &m->lst : &m->st;
	int *err = nofollow ? &m->lstat_err : &m->stat_err;
	if (!(m->have & bit)) {
		*err = (nofollow ? lstat(path, was) : stat(path, was)) ? errno : 0;
		m->have |= bit;
	}
	if (*err) {
		errno = *err;
		return -1;
	}
	*st = *was;
	return 0;
}

int tc_deps_stat(const char *path, struct stat *st)
{
	return memo_stat(path, st, 0);
}

/* 0 if path opens for reading, else open()'s errno. */
static int open_error(const char *path)
{
	struct tc_statmemo *m = memo(path);

	if (m && (m->have & TC_SM_OPEN))
		return m->open_err;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), err = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	if (m) {
		m->open_err = err;
		m->have |= TC_SM_OPEN;
	}
	return err;
}

/*
 * what tc_deps_push() set aside, innermost last: --patch's parse of the
 * side before, then a precompiled header made during it
 */
#define MAX_ASIDE 2
static struct aside {
	int on, paused, broken;
	long long start;
	struct dep *v;
	size_t nr, alloc;
	char **ignore;
	size_t nr_ignore, alloc_ignore;
	struct strbuf imported;
} asides[MAX_ASIDE];
static int nr_asides;

/* lines tc_deps_import() took, written out as they are */
static struct strbuf imported = STRBUF_INIT;

static struct resolver {
	char *name;
	tc_deps_resolver fn;
} *resolvers;
static size_t nr_resolvers, alloc_resolvers;

void tc_deps_set_verbose(int v)
{
	verbose = v;
}

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
	strbuf_reset(&imported);
}

void tc_deps_push(void)
{
	if (nr_asides == MAX_ASIDE)
		die("tc_deps_push(): pushed %d times already", MAX_ASIDE);
	struct aside *aside = &asides[nr_asides++];
	aside->on = rec.on;
	aside->paused = rec.paused;
	aside->broken = rec.broken;
	aside->start = rec.start;
	aside->v = rec.v;
	aside->nr = rec.nr;
	aside->alloc = rec.alloc;
	aside->ignore = rec.ignore;
	aside->nr_ignore = rec.nr_ignore;
	aside->alloc_ignore = rec.alloc_ignore;
	aside->imported = imported;
	strbuf_init(&imported);
	rec.v = NULL;
	rec.nr = rec.alloc = 0;
	rec.ignore = NULL;
	rec.nr_ignore = rec.alloc_ignore = 0;
	tc_deps_start();
}

void tc_deps_pop(void)
{
	if (!nr_asides)
		die("tc_deps_pop(): nothing pushed");
	struct aside *aside = &asides[--nr_asides];
	reset();
	free(rec.v);
	free(rec.ignore);
	strbuf_release(&imported);
	rec.on = aside->on;
	rec.paused = aside->paused;
	rec.broken = aside->broken;
	rec.start = aside->start;
	rec.v = aside->v;
	rec.nr = aside->nr;
	rec.alloc = aside->alloc;
	rec.ignore = aside->ignore;
	rec.nr_ignore = aside->nr_ignore;
	rec.alloc_ignore = aside->alloc_ignore;
	imported = aside->imported;
}

void tc_deps_import(const char *lines, size_t len)
{
	if (!tc_deps_recording())
		return;
	const char *end = memmem(lines, len, "\nR\n", 3);
	if (starts_with(lines, "R\n"))
		return;
	if (!end) {
		tc_deps_spoil("imported dependencies are malformed");
		return;
	}
	strbuf_add(&imported, lines, (size_t)(end - lines) + 1);
}

void tc_deps_start(void)
{
	struct timespec now;

	reset();
	tc_statmemo_clear();
	clock_gettime(CLOCK_REALTIME, &now);
	rec.start = tc_timespec_ns(&now);
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
		tc_deps_spoil("a path holds a line break");
	ALLOC_GROW(rec.v, rec.nr + 1, rec.alloc);
	struct dep *d = &rec.v[rec.nr++];
	memset(d, 0, sizeof(*d));
	d->type = type;
	d->path = xstrdup(path);
	d->id.mtime = -1;
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

static void ident_of(const struct stat *st, struct ident *id)
{
	id->size = (long long)st->st_size;
	id->mtime = tc_timespec_ns(&st->st_mtim);
	id->ctime = tc_timespec_ns(&st->st_ctim);
	id->dev = (long long)st->st_dev;
	id->ino = (long long)st->st_ino;
}

static int same_ident(const struct stat *st, const struct ident *id)
{
	struct ident now;

	ident_of(st, &now);
	return id->mtime >= 0 && now.size == id->size && now.mtime == id->mtime &&
	       now.ctime == id->ctime && now.dev == id->dev && now.ino == id->ino;
}

/*
 * Changed too near the start (or since) for stat() to tell a later
 * change: within the timestamps' granularity, or while it was read.
 */
static int racy(const struct stat *st)
{
	long long limit = rec.start - TC_DEPS_RACY_SECS * 1000000000LL;

	return tc_timespec_ns(&st->st_mtim) >= limit || tc_timespec_ns(&st->st_ctim) >= limit;
}

int tc_deps_racy(const struct stat *st)
{
	return racy(st);
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
		tc_deps_spoil("a file read cannot be read again");
	if (tc_overlay_lookup(path, &ot, &ol) || stat(path, &st))
		return; /* compared by content */
	if (!racy(&st)) {
		ident_of(&st, &d->id);
		return;
	}
	/* changed lately: compared by content; changed since it was read: not kept */
	char now[33];
	if (text && (content_hash(path, now) || strcmp(now, d->hash))) {
		char *why = xasprintf("%s changed while it was read", path);
		tc_deps_spoil(why);
		free(why);
	}
}

void tc_deps_file_as_read(const char *path, const char hash[33], const struct stat *st)
{
	const char *ot;
	size_t ol;

	if (!tc_deps_recording() || ignored(path))
		return;
	struct dep *d = add('f', path);
	memcpy(d->hash, hash, sizeof(d->hash));
	d->hash[32] = '\0';
	/* its stat then, if old enough to tell a later change; else compared by content */
	if (st && !tc_overlay_lookup(path, &ot, &ol) && !racy(st))
		ident_of(st, &d->id);
}

void tc_deps_unreadable(const char *path, int err)
{
	if (!tc_deps_recording() || ignored(path))
		return;
	add('e', path)->err = err;
}

void tc_deps_absent(const char *path)
{
	if (tc_deps_recording() && !ignored(path))
		add('a', path);
}

/* What path is now: 0 absent or no regular file, 1 a file that opens, else the errno. */
static int path_state(const char *path)
{
	const char *ot;
	size_t ol;
	struct stat st;

	if (tc_overlay_lookup(path, &ot, &ol))
		return ot ? 1 : 0;
	if (tc_deps_stat(path, &st))
		return errno == ENOENT || errno == ENOTDIR ? 0 : errno;
	if (!S_ISREG(st.st_mode))
		return 0;
	int err = open_error(path);
	return err ? err : 1;
}

int tc_deps_passed_over(const char *path)
{
	if (!tc_deps_recording() || ignored(path))
		return 0;
	int s = path_state(path);
	if (s == 1)
		return 1;
	if (!s)
		add('a', path);
	else
		add('e', path)->err = s;
	return 0;
}

static int probe_kind(const char *path)
{
	struct stat st;

	if (memo_stat(path, &st, 1))
		return 0;
	return S_ISREG(st.st_mode) ? 'f' : S_ISDIR(st.st_mode) ? 'd' : 'o';
}

int tc_deps_probe(const char *path)
{
	int k = probe_kind(path);

	if (tc_deps_recording() && !ignored(path))
		add('p', path)->err = k;
	return k;
}

void tc_deps_env(const char *name)
{
	if (!tc_deps_recording())
		return;
	const char *v = getenv(name);
	struct dep *d = add('v', name);
	if (v)
		tc_hash_hex(v, strlen(v), d->hash);
	else
		strcpy(d->hash, "-");
}

void tc_deps_key(const char *name, const char *arg, const char *value)
{
	if (!tc_deps_recording())
		return;
	struct dep *d = add('k', name);
	d->arg = xstrdup(arg);
	d->value = xstrdup(value ? value : "-");
	if (strchr(arg, ' ') || strchr(arg, '\n') || strchr(d->value, '\n'))
		tc_deps_spoil("a key cannot be written down");
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
	/* stat first: a change after it moves its times */
	int have = !stat(path, &st) && !racy(&st);
	if (dir_hash(path, d->hash))
		tc_deps_spoil("a directory listed cannot be listed again");
	else if (have)
		ident_of(&st, &d->id);
}

static int dep_cmp(const void *a, const void *b)
{
	const struct dep *x = a, *y = b;

	if (x->type != y->type)
		return x->type - y->type;
	int c = strcmp(x->path, y->path);
	return c ? c : strcmp(x->arg ? x->arg : "", y->arg ? y->arg : "");
}

static void add_ident(struct strbuf *sb, const struct ident *id)
{
	if (id->mtime < 0)
		strbuf_addstr(sb, "- - - - -");
	else
		strbuf_addf(sb, "%lld %lld %lld %lld %lld", id->size, id->mtime, id->ctime, id->dev,
			    id->ino);
}

int tc_deps_finish(struct strbuf *sb)
{
	rec.on = 0;
	if (rec.nr)
		QSORT(rec.v, rec.nr, dep_cmp);
	for (size_t i = 0; i < rec.nr; i++) {
		const struct dep *d = &rec.v[i];
		if (i && !dep_cmp(d, &rec.v[i - 1])) {
			const struct dep *p = &rec.v[i - 1];
			/* read twice, two contents: it changed during the run */
			if (d->type == 'f' && strcmp(d->hash, p->hash))
				rec.broken = 1;
			continue;
		}
		switch (d->type) {
		case 'f':
			strbuf_addstr(sb, "f ");
			add_ident(sb, &d->id);
			strbuf_addf(sb, " %s %s\n", d->hash, d->path);
			break;
		case 'a':
			strbuf_addf(sb, "a %s\n", d->path);
			break;
		case 'e':
			strbuf_addf(sb, "e %d %s\n", d->err, d->path);
			break;
		case 'd':
			strbuf_addstr(sb, "d ");
			add_ident(sb, &d->id);
			strbuf_addf(sb, " %s %s\n", d->hash, d->path);
			break;
		case 'p':
			strbuf_addf(sb, "p %c %s\n", d->err ? d->err : '-', d->path);
			break;
		case 'v':
			strbuf_addf(sb, "v %s %s\n", d->path, d->hash);
			break;
		default:
			strbuf_addf(sb, "k %s %s %s\n", d->path, d->arg, d->value);
		}
	}
	/* a precompiled header's, say: checked like the others, duplicates and all */
	strbuf_add(sb, imported.buf ? imported.buf : "", imported.len);
	strbuf_addstr(sb, "R\n");
	int rc = rec.broken ? -1 : 0;
	reset();
	return rc;
}

/* ---- checking ---- */

/* "SIZE MTIME CTIME DEV INO" (or five '-') at l into id; the rest at *rest; -1: malformed. */
static int parse_ident(const char *l, struct ident *id, const char **rest)
{
	int at = 0;

	if (!strncmp(l, "- - - - - ", 10)) {
		id->mtime = -1;
		*rest = l + 10;
		return 0;
	}
	if (sscanf(l, "%lld %lld %lld %lld %lld %n", &id->size, &id->mtime, &id->ctime, &id->dev,
		   &id->ino, &at) != 5 ||
	    !at)
		return -1;
	*rest = l + at;
	return 0;
}

/* "HASH PATH" at l: into hash, *path. */
static int parse_hash_path(const char *l, char hash[33], const char **path)
{
	int at = 0;

	if (sscanf(l, "%32s %n", hash, &at) != 1 || !at)
		return -1;
	*path = l + at;
	return 0;
}

/* content_hash(), from the memo while dependencies are checked (not the overlay's texts). */
static int checked_hash(const char *path, char out[33])
{
	const char *ot;
	size_t ol;
	struct tc_statmemo *m = tc_overlay_lookup(path, &ot, &ol) ? NULL : memo(path);

	if (!m)
		return content_hash(path, out);
	if (!(m->have & TC_SM_HASH)) {
		m->hash_err = content_hash(path, m->hash);
		m->have |= TC_SM_HASH;
	}
	if (!m->hash_err)
		memcpy(out, m->hash, sizeof(m->hash));
	return m->hash_err;
}

/* Does the file dependency (l, after "f ") still hold? -1: malformed. */
static int file_holds(const char *l)
{
	struct ident id;
	char hash[33], now[33];
	const char *rest, *path, *ot;
	size_t ol;
	struct stat st;

	if (parse_ident(l, &id, &rest) || parse_hash_path(rest, hash, &path))
		return -1;
	if (!tc_overlay_lookup(path, &ot, &ol) && !tc_deps_stat(path, &st) && same_ident(&st, &id))
		return 1;
	return !checked_hash(path, now) && !strcmp(now, hash);
}

static int dir_holds(const char *l)
{
	struct ident id;
	char hash[33], now[33];
	const char *rest, *path;
	struct stat st;

	if (parse_ident(l, &id, &rest) || parse_hash_path(rest, hash, &path))
		return -1;
	if (!tc_deps_stat(path, &st) && same_ident(&st, &id))
		return 1;
	return !dir_hash(path, now) && !strcmp(now, hash);
}

static int env_holds(const char *l)
{
	const char *sp = strchr(l, ' ');
	char now[33];

	if (!sp)
		return -1;
	char *name = xstrndup(l, (size_t)(sp - l));
	const char *v = getenv(name);
	free(name);
	if (v)
		tc_hash_hex(v, strlen(v), now);
	else
		strcpy(now, "-");
	return !strcmp(now, sp + 1);
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

static int line_holds(const char *l)
{
	if (!l[0] || l[1] != ' ')
		return -1;
	const char *a = l + 2;
	switch (l[0]) {
	case 'f':
		return file_holds(a);
	case 'a':
		return path_state(a) == 0;
	case 'e': {
		int err, at = 0;
		if (sscanf(a, "%d %n", &err, &at) != 1 || !at)
			return -1;
		return path_state(a + at) == err;
	}
	case 'd':
		return dir_holds(a);
	case 'p':
		if (!a[0] || a[1] != ' ')
			return -1;
		return probe_kind(a + 2) == (a[0] == '-' ? 0 : a[0]);
	case 'v':
		return env_holds(a);
	case 'k':
		return key_holds(a);
	}
	return -1;
}

static int check_lines(const char **pp, const char *end)
{
	const char *p = *pp;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		char *l = xstrndup(p, (size_t)(nl - p));
		p = nl + 1;
		if (!strcmp(l, "R")) {
			free(l);
			*pp = p;
			return 1;
		}
		int ok = line_holds(l);
		free(l);
		if (ok != 1)
			return ok;
	}
	return -1;
}

int tc_deps_check(const char **pp, const char *end)
{
	checking++;
	int rc = check_lines(pp, end);
	checking--;
	return rc;
}
