// SPDX-License-Identifier: MIT
/*
 * The index kept: whole in the persistent cache under tc_tpindex_key()
 * (an unchanged tree's index is read back, not merged again), its
 * files' records under the tree's root (tprec.c: a changed tree's index
 * is merged from them, only the files that changed read again), and in
 * the file the workers of one run share (tc_tpindex_share()).
 */
#include "tpindex_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

/* the indexes made in this process: one per tree and state of --patch's overlay */
static struct made {
	char *root;
	char okey[33];
	struct tc_tpindex *ix;
} *made;
static size_t nr_made, alloc_made;
static char *share_dir;
static pid_t share_owner;

/* ------------------------------------------------------------------ */
/* the shared file */

static void write_list(struct strbuf *sb, char tag, char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(sb, "%c %s\n", tag, v[i]);
}

static void serialise(const struct tc_tpindex *ix, struct strbuf *sb)
{
	strbuf_addf(sb, "R %s\nT %f %zu %zu %c\n", ix->root, ix->secs, ix->files, ix->fresh,
		    ix->how ? ix->how : 'b');
	write_list(sb, 'U', ix->used, ix->nr_used);
	write_list(sb, 'X', ix->exported, ix->nr_exported);
	write_list(sb, 'P', ix->pasted, ix->nr_pasted);
	write_list(sb, 'M', ix->maybe, ix->nr_maybe);
	write_list(sb, 'F', ix->fired, ix->nr_fired);
	write_list(sb, 'Q', ix->ctp, ix->nr_ctp);
	write_list(sb, 'A', ix->strargs, ix->nr_strargs);
	write_list(sb, 'W', ix->pass2, ix->nr_pass2);
	if (ix->reads_unknown)
		strbuf_addstr(sb, "O 1\n");
	for (size_t i = 0; i < ix->nr_incs; i++) {
		const struct ctp_inc *in = &ix->incs[i];
		strbuf_addf(sb, "C %s\t%s\t%d\t%s\n", in->cfile, in->name, in->quoted,
			    in->resolved ? in->resolved : "");
		for (size_t j = 0; j < in->nr_subs; j++)
			strbuf_addf(sb, "S %s\n", in->subs[j]);
	}
	for (size_t i = 0; i < ix->nr_badcalls; i++) {
		const struct tc_tp_badarg *c = &ix->badcalls[i];
		strbuf_addf(sb, "N %s\t%s\t%u\t%u\t%u\t%u\t%c\t%u\t%s\n", c->name, c->file,
			    c->line, c->col, c->nargs, c->arg, c->kind, c->test_line, c->text);
	}
}

void tc_tpindex_dump(const struct tc_tpindex *ix, struct strbuf *sb)
{
	struct strbuf all = STRBUF_INIT;
	const char *t, *nl;

	serialise(ix, &all);
	/* all but the T line (what the build took) */
	t = strstr(all.buf, "\nT ");
	nl = t ? strchr(t + 1, '\n') : NULL;
	if (nl) {
		strbuf_add(sb, all.buf, (size_t)(t + 1 - all.buf));
		strbuf_addstr(sb, nl + 1);
	} else {
		strbuf_add(sb, all.buf, all.len);
	}
	strbuf_release(&all);
}

static int save(const struct tc_tpindex *ix, const char *path)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	if (!f) {
		free(tmp);
		return -1;
	}
	serialise(ix, &sb);
	if (fwrite(sb.buf, 1, sb.len, f) != sb.len)
		rc = -1;
	if (fclose(f) || rc || rename(tmp, path))
		rc = -1;
	strbuf_release(&sb);
	free(tmp);
	return rc;
}

static char *field(char **s)
{
	char *f = *s, *t = strchr(f, '\t');

	if (t) {
		*t = '\0';
		*s = t + 1;
	} else {
		*s = f + strlen(f);
	}
	return f;
}

/* The index in text (serialise()'s; freed), NULL if it is not root's. */
static struct tc_tpindex *parse(char *text, const char *root)
{
	struct tc_tpindex *ix = xcalloc(1, sizeof(*ix));

	for (char *l = text, *next; *l; l = next) {
		char *nl = strchr(l, '\n');
		next = nl ? nl + 1 : l + strlen(l);
		if (nl)
			*nl = '\0';
		if (strlen(l) < 2)
			continue;
		char *v = l + 2;
		switch (l[0]) {
		case 'R':
			ix->root = xstrdup(v);
			break;
		case 'T':
			if (sscanf(v, "%lf %zu %zu %c", &ix->secs, &ix->files, &ix->fresh, &ix->how) < 4)
				ix->how = 'b';
			break;
		case 'U':
			tp_add_name(&ix->used, &ix->nr_used, &ix->alloc_used, v, strlen(v));
			break;
		case 'X':
			tp_add_name(&ix->exported, &ix->nr_exported, &ix->alloc_exported, v, strlen(v));
			break;
		case 'P':
			tp_add_name(&ix->pasted, &ix->nr_pasted, &ix->alloc_pasted, v, strlen(v));
			break;
		case 'M':
			tp_add_name(&ix->maybe, &ix->nr_maybe, &ix->alloc_maybe, v, strlen(v));
			break;
		case 'F':
			tp_add_name(&ix->fired, &ix->nr_fired, &ix->alloc_fired, v, strlen(v));
			break;
		case 'Q':
			tp_add_name(&ix->ctp, &ix->nr_ctp, &ix->alloc_ctp, v, strlen(v));
			break;
		case 'A':
			tp_add_name(&ix->strargs, &ix->nr_strargs, &ix->alloc_strargs, v, strlen(v));
			break;
		case 'W':
			tp_add_name(&ix->pass2, &ix->nr_pass2, &ix->alloc_pass2, v, strlen(v));
			break;
		case 'O':
			ix->reads_unknown = 1;
			break;
		case 'C': {
			ALLOC_GROW(ix->incs, ix->nr_incs + 1, ix->alloc_incs);
			struct ctp_inc *in = &ix->incs[ix->nr_incs++];
			memset(in, 0, sizeof(*in));
			in->cfile = xstrdup(field(&v));
			in->name = xstrdup(field(&v));
			in->quoted = atoi(field(&v));
			char *r = field(&v);
			in->resolved = *r ? xstrdup(r) : NULL;
			break;
		}
		case 'N': {
			ALLOC_GROW(ix->badcalls, ix->nr_badcalls + 1, ix->alloc_badcalls);
			struct tc_tp_badarg *c = &ix->badcalls[ix->nr_badcalls++];
			c->name = xstrdup(field(&v));
			c->file = xstrdup(field(&v));
			c->line = (unsigned)atoi(field(&v));
			c->col = (unsigned)atoi(field(&v));
			c->nargs = (unsigned)atoi(field(&v));
			c->arg = (unsigned)atoi(field(&v));
			c->kind = *field(&v);
			c->test_line = (unsigned)atoi(field(&v));
			c->text = xstrdup(field(&v));
			break;
		}
		case 'S':
			if (ix->nr_incs) {
				struct ctp_inc *in = &ix->incs[ix->nr_incs - 1];
				tp_add_name(&in->subs, &in->nr_subs, &in->alloc_subs, v, strlen(v));
			}
			break;
		}
	}
	free(text);
	if (!ix->root || strcmp(ix->root, root)) {
		/* not this tree's: build anew (leaks nothing that matters) */
		free(ix);
		return NULL;
	}
	return ix;
}

static struct tc_tpindex *load(const char *path, const char *root)
{
	char *text;

	tc_deps_pause();
	text = read_file(path, NULL);
	tc_deps_resume();
	return text ? parse(text, root) : NULL;
}

/* ------------------------------------------------------------------ */
/* the persistent cache */

/* What --patch's overlay changes below root, hashed into out. */
static void overlay_key(const char *root, char out[33])
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		char h[33];
		const char *path = tc_overlay_entry(i, &text, &len);
		if (!path_below(path, root))
			continue;
		if (text)
			tc_hash_hex(text, len, h);
		strbuf_addf(&sb, "overlay %s %s\n", path, text ? h : "removed");
	}
	tc_hash_hex(sb.buf ? sb.buf : "", sb.len, out);
	strbuf_release(&sb);
}

/* The key of root's index with --patch's changes below it hashed as ok. */
static const char *key_with(const char *root, const char *ok)
{
	/* the walk's hash, once per process; what --patch changes, each time (workers differ) */
	static char key[33];
	struct tc_hasher hs;

	tc_deps_pause();
	hs = tp_walk_get(root, 1)->key;
	tc_deps_resume();
	tc_hasher_add(&hs, ok, 32);
	tc_hasher_hex(&hs, key);
	return key;
}

const char *tc_tpindex_key(const char *root)
{
	char ok[33];

	overlay_key(root, ok);
	return key_with(root, ok);
}

/* The index made in this process for root and the state ok of the overlay, or NULL. */
static struct tc_tpindex *made_find(const char *root, const char *ok)
{
	for (size_t i = 0; i < nr_made; i++)
		if (!strcmp(made[i].root, root) && !strcmp(made[i].okey, ok))
			return made[i].ix;
	return NULL;
}

static void made_add(const char *root, const char *ok, struct tc_tpindex *ix)
{
	ALLOC_GROW(made, nr_made + 1, alloc_made);
	made[nr_made].root = xstrdup(root);
	memcpy(made[nr_made].okey, ok, 33);
	made[nr_made++].ix = ix;
}

/* The index kept under key (slot: root's, one per key), or NULL. */
static struct tc_tpindex *cache_find(const char *root, const char *key, const char *slot)
{
	size_t len;
	char *text = tc_cache_get("index", slot, &len);

	if (text && starts_with(text, "K ") && !strncmp(text + 2, key, 32) && text[34] == '\n') {
		memmove(text, text + 35, len - 35 + 1);
		struct tc_tpindex *ix = parse(text, root);
		if (ix)
			ix->how = 'c';
		return ix;
	}
	free(text);
	return NULL;
}

static void cache_keep(const struct tc_tpindex *ix, const char *key, const char *slot)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "K %s\n", key);
	serialise(ix, &sb);
	tc_cache_put("index", slot, sb.buf, sb.len);
	strbuf_release(&sb);
}

/*
 * The disk's index of root, for --patch's changes c (tpreuse.c), if it
 * reads nothing of them that differs from the disk's: made in this
 * process, kept in the cache, or made and kept now (they change no
 * record, so its merge costs what the overlay's would).
 */
static struct tc_tpindex *disk_index_for(const char *root, const struct tp_inert *c)
{
	char ok[33], dkey[33];
	struct tc_tpindex *ix;

	tc_hash_hex("", 0, ok);
	ix = made_find(root, ok);
	if (!ix) {
		memcpy(dkey, key_with(root, ok), sizeof(dkey));
		char *slot = xasprintf("%s\n%s", root, dkey);
		ix = cache_find(root, dkey, slot);
		if (!ix) {
			ix = tp_build(root, 1, 0);
			cache_keep(ix, dkey, slot);
		}
		free(slot);
		made_add(root, ok, ix);
	}
	return tp_inert_holds(c, ix) ? ix : NULL;
}

/* The index of root: from the cache if its files are as they were, else made (and kept). */
static struct tc_tpindex *build_cached(const char *root)
{
	struct tc_tpindex *ix;
	struct tp_inert *c;

	if (!tc_cache_enabled())
		return tp_build(root, 0, 1);
	tc_deps_pause();
	char ok[33], key[33];
	overlay_key(root, ok);
	memcpy(key, key_with(root, ok), sizeof(key));
	/* one entry per state of the tree (--patch's before and after): trimmed when old */
	char *slot = xasprintf("%s\n%s", root, key);
	ix = cache_find(root, key, slot);
	if (!ix && (c = tp_inert_check(root))) {
		/* --patch's changes that the index does not see: the disk's index, not kept again */
		struct tc_tpindex *d = disk_index_for(root, c);
		if (d)
			ix = tp_inert_index(c, d);
		tp_inert_free(c);
	}
	if (!ix) {
		ix = tp_build(root, 1, 1);
		cache_keep(ix, key, slot);
	}
	free(slot);
	tc_deps_resume();
	return ix;
}

void tc_tpindex_share(void)
{
	if (share_dir)
		return;
	const char *tmp = getenv("TMPDIR");
	char *t = xasprintf("%s/tracecheck-tp.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t)) {
		free(t);
		return;
	}
	share_dir = t;
	share_owner = getpid();
}

void tc_tpindex_unshare(void)
{
	if (!share_dir || share_owner != getpid())
		return;
	DIR *d = opendir(share_dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		char *p = xasprintf("%s/%s", share_dir, e->d_name);
		unlink(p);
		free(p);
	}
	if (d)
		closedir(d);
	rmdir(share_dir);
	free(share_dir);
	share_dir = NULL;
}

/* The index of root as the share directory has it (made there by a process of its own). */
static struct tc_tpindex *shared(const char *root, const char *okey)
{
	char *lock = xasprintf("%s/lock", share_dir);
	char *path = xasprintf("%s/index-%s", share_dir, okey);
	int fd = open(lock, O_RDWR | O_CREAT, 0600);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) && errno == EINTR)
			;
	struct tc_tpindex *ix = is_file(path) ? load(path, root) : NULL;
	if (!ix) {
		/*
		 * Built by a process of its own, which keeps the lock (its
		 * copy of fd) until the file is written: when the runner
		 * kills this worker for its --timeout, the others still
		 * wait for the index and get it.
		 */
		fflush(NULL);
		pid_t pid = fork();
		if (pid == 0) {
			save(build_cached(root), path);
			_exit(0);
		}
		if (pid > 0)
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
		ix = is_file(path) ? load(path, root) : NULL;
		if (!ix)
			ix = build_cached(root);
	}
	if (fd >= 0)
		close(fd);
	free(lock);
	free(path);
	return ix;
}

const struct tc_tpindex *tc_tpindex_get(const char *root)
{
	char ok[33];
	struct tc_tpindex *ix;

	overlay_key(root, ok);
	ix = made_find(root, ok);
	if (ix)
		return ix;
	tc_deps_pause(); /* its inputs are what a result asks of it (tpdeps.c) */
	ix = share_dir ? shared(root, ok) : build_cached(root);
	tc_deps_resume();
	made_add(root, ok, ix);
	return ix;
}
