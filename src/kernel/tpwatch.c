// SPDX-License-Identifier: MIT
/*
 * The watcher's client (--watch): the walk of the tracepoint index
 * (tpwalk.c) asked of the tree's watcher (tpwatchd.c) instead of made by
 * a stat() of every file, and the watcher started when there is none.
 *
 * Its socket is the cache's watch/NAME, NAME the first 16 hex digits of
 * the hash of the top's real path: one watcher per tree and tracecheck
 * build (each build has a cache directory of its own).  It is reached
 * through /proc/self/fd/N/NAME, so that a long cache path does not
 * matter.  No watcher, one that answers wrongly or too late, no cache
 * (--no-cache): the walk is made as without --watch.  A watcher that
 * cannot run writes why into watch/NAME-failed, and none is started
 * again for the tree while it is there (-v says so).
 *
 * TRACECHECK_WATCH_VERIFY=1 makes the walk as well and dies if the
 * watcher's differs from it (the tests' check); TRACECHECK_NO_WATCH=1
 * turns --watch off.
 */
#include "tpindex_int.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "strbuf.h"
#include "util.h"

static int watch_on;
static int verbose;

void tc_tp_watch(int on, int v)
{
	watch_on = on;
	verbose = v;
}

static int enabled(void)
{
	const char *off = getenv("TRACECHECK_NO_WATCH");

	return watch_on && !(off && *off && strcmp(off, "0")) && tc_cache_enabled();
}

struct wsock {
	char *root; /* the top's real path */
	char *dir;  /* the socket's directory */
	char name[17];
};

static void wsock_release(struct wsock *ws)
{
	free(ws->root);
	free(ws->dir);
}

static int where(const char *root, struct wsock *ws)
{
	char h[33];

	memset(ws, 0, sizeof(*ws));
	ws->root = realpath(root, NULL);
	if (!ws->root)
		return -1;
	tc_hash_hex(ws->root, strlen(ws->root), h);
	memcpy(ws->name, h, 16);
	char *p = tc_cache_path("watch", ws->name);
	if (!p) {
		wsock_release(ws);
		return -1;
	}
	ws->dir = dir_name(p);
	free(p);
	return 0;
}

static int64_t get64(const char *p)
{
	int64_t v;
	memcpy(&v, p, sizeof(v));
	return v;
}

static void drop_entries(struct tp_walk *w)
{
	for (size_t i = 0; i < w->nr; i++)
		free(w->v[i].rel);
	free(w->v);
	w->v = NULL;
	w->nr = w->alloc = 0;
}

/* The answer's records into w: 0, or -1 if it is not one. */
static int parse(struct tp_walk *w, const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl = memchr(buf, '\n', len);
	size_t n;
	const char *prev = NULL;

	if (!nl || sscanf(buf, "ok %zu\n", &n) != 1)
		return -1;
	p = nl + 1;
	for (size_t i = 0; i < n; i++) {
		const char *z = memchr(p, '\0', (size_t)(end - p));
		if (!z || z == p || z + 2 > end || (z[1] != 0 && z[1] != 1) ||
		    (z[1] && z + 2 + 32 > end) || (prev && strcmp(prev, p) >= 0))
			goto bad;
		struct tp_entry *f;
		ALLOC_GROW_RAW(w->v, w->nr + 1, w->alloc);
		f = &w->v[w->nr++];
		memset(f, 0, sizeof(*f));
		f->rel = xstrdup(p);
		prev = p;
		if (z[1]) {
			f->id.size = get64(z + 2);
			f->id.mtime = get64(z + 10);
			f->id.ctime = get64(z + 18);
			f->id.ino = (unsigned long long)get64(z + 26);
			f->racy = tp_ident_racy(&f->id, w->start);
			p = z + 2 + 32;
		} else {
			f->id.size = -1;
			p = z + 2;
		}
	}
	if (p == end)
		return 0;
bad:
	drop_entries(w);
	return -1;
}

static int ask(const struct wsock *ws, struct strbuf *out)
{
	int dfd = open(ws->dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timeval tv = { 30, 0 };
	int ret = -1;

	if (dfd < 0 || s < 0)
		goto out;
	snprintf(sa.sun_path, sizeof(sa.sun_path), "/proc/self/fd/%d/%s", dfd, ws->name);
	/* before connect(): it waits on a watcher whose queue is full as long as a send */
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (connect(s, (struct sockaddr *)&sa, sizeof(sa)))
		goto out;
	char *q = xasprintf("tracecheck-watch 1 %s\n", ws->root);
	/* a watcher gone meanwhile: the walk is made, no SIGPIPE */
	ssize_t wr = send(s, q, strlen(q), MSG_NOSIGNAL);
	int whole = wr == (ssize_t)strlen(q);
	free(q);
	if (!whole)
		goto out;
	for (;;) {
		strbuf_grow(out, 1 << 20);
		ssize_t r = read(s, out->buf + out->len, out->alloc - out->len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			goto out; /* too late: the walk is made */
		if (!r)
			break;
		out->len += (size_t)r;
		out->buf[out->len] = '\0';
	}
	ret = 0;
out:
	if (s >= 0)
		close(s);
	if (dfd >= 0)
		close(dfd);
	return ret;
}

static void verify(const struct tp_walk *w)
{
	struct tp_walk full;

	memset(&full, 0, sizeof(full));
	full.root = w->root;
	full.stat = 1;
	full.start = w->start;
	tp_walk_tree(&full);
	for (size_t i = 0; i < full.nr || i < w->nr; i++) {
		const struct tp_entry *a = i < w->nr ? &w->v[i] : NULL;
		const struct tp_entry *b = i < full.nr ? &full.v[i] : NULL;
		if (!a || !b || strcmp(a->rel, b->rel) ||
		    (a->id.size != b->id.size || (a->id.size >= 0 && !tp_ident_same_stat(&a->id, &b->id))))
			die("--watch: the watcher's walk of %s differs from the tree at %s", w->root,
			    a ? a->rel : b->rel);
	}
	full.root = NULL;
	drop_entries(&full);
}

int tp_watch_fill(struct tp_walk *w)
{
	struct wsock ws;
	struct strbuf out = STRBUF_INIT;
	int ret = -1;

	if (!enabled() || where(w->root, &ws))
		return -1;
	if (!ask(&ws, &out) && !parse(w, out.buf, out.len)) {
		ret = 0;
		if (verbose)
			fprintf(stderr, "tracecheck: --watch: %zu files of %s from its watcher\n",
				w->nr, ws.root);
		const char *v = getenv("TRACECHECK_WATCH_VERIFY");
		if (v && *v && strcmp(v, "0"))
			verify(w);
	}
	strbuf_release(&out);
	wsock_release(&ws);
	return ret;
}

void tp_watch_start(const char *root)
{
	struct wsock ws;

	if (!enabled() || where(root, &ws))
		return;
	char *failed = xasprintf("%s/%s-failed", ws.dir, ws.name);
	size_t len;
	char *why = is_file(failed) ? read_file(failed, &len) : NULL;
	if (why) {
		if (verbose)
			fprintf(stderr, "tracecheck: --watch: no watcher for %s: %s", ws.root, why);
		free(why);
		free(failed);
		wsock_release(&ws);
		return;
	}
	free(failed);
	if (verbose)
		fprintf(stderr, "tracecheck: --watch: starting a watcher of %s\n", ws.root);
	fflush(NULL);
	pid_t pid = fork();
	if (!pid) {
		/* a grandchild in a session of its own: nobody waits for it */
		setsid();
		if (fork())
			_exit(0);
		int nul = open("/dev/null", O_RDWR);
		if (nul >= 0) {
			dup2(nul, 0);
			dup2(nul, 1);
			dup2(nul, 2);
		}
		closefrom(3);
		execl("/proc/self/exe", "tracecheck", "--watch-daemon", ws.root, ws.dir, ws.name,
		      (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
	wsock_release(&ws);
}
