// SPDX-License-Identifier: MIT
/*
 * The watcher (tracecheck --watch): a process of its own per kernel tree
 * that keeps the walk of the tracepoint index (tpwalk.c) current from
 * inotify's events, so that a run asks it rather than stat() every file
 * of the tree to prove its index current.  tpwatch.c starts it and asks.
 *
 * It watches each directory the walk descends, then lists it as the walk
 * does (tp_list_dir(), the same code): the watch comes first, so that no
 * change after the listing goes unseen.  An answer equals a walk made
 * when the question came:
 *  - a change of a directory's entries or of a file in it (a write, a
 *    truncation, chmod or utimes, a creation, a removal, a rename) queues
 *    an event on the directory's watch before the system call returns;
 *    before it answers, the watcher reads every event queued and lists
 *    each directory that had one again (its files stat()ed again, a new
 *    subdirectory watched and listed, a gone one forgotten);
 *  - what can change without an event in its directory is looked at
 *    again at every question: a directory holding a symbolic link with a
 *    name the walk takes (its target may be anywhere), a file with more
 *    than one link, a file that could not be stat()ed;
 *  - a lost event (inotify's queue overflowed), the top removed or moved,
 *    its socket removed (the cache emptied), an hour without a question:
 *    the watcher ends, and the next run walks the tree itself (and starts
 *    a new one).
 * What inotify does not report, it cannot see: a write through mmap(), a
 * change made on another machine (it refuses network file systems), a
 * write through a hard link made after the file was listed.
 *
 * The question, on a Unix socket in the cache (tpwatch.c):
 *     tracecheck-watch 1 ROOT\n
 * the answer: "ok N\n" and N records, in the walk's order: the path
 * relative to the top, '\0', then 1 and the size, mtime, ctime (ns) and
 * inode (4 native 64-bit integers), or 0 (it could not be stat()ed).
 */
#include "tpindex_int.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "strbuf.h"
#include "util.h"

#define WATCH_MASK                                                                       \
	(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | \
	 IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

struct wdir {
	char *rel; /* "" the top, else "a/b/" */
	int depth, wd, parent;
	struct tp_dent *v;
	int *sub; /* each directory entry's watch, -1 none */
	size_t nr;
	int dirty, volatile_; /* listed again at every question */
};

static int ifd = -1, rootfd = -1, sockdir = -1, sockdir_wd = -1;
static const char *root, *sockname;
static struct wdir **by_wd;
static size_t nr_wd;

static void end(const char *why)
{
	(void)why; /* nobody reads it: the next run walks the tree itself */
	exit(0);
}

/* Say why the watcher cannot run, in NAME-failed beside its socket (tpwatch.c reads it). */
static void failed(const char *why)
{
	char *n = xasprintf("%s-failed", sockname);
	int fd = openat(sockdir, n, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd >= 0) {
		if (write(fd, why, strlen(why)) < 0 || write(fd, "\n", 1) < 0)
			(void)0;
		close(fd);
	}
	free(n);
	exit(1);
}

static struct wdir *lookup(int wd)
{
	return wd >= 0 && (size_t)wd < nr_wd ? by_wd[wd] : NULL;
}

static void drop_dir(int wd);

/* Its entries forgotten, its subdirectories' watches removed. */
static void forget_entries(struct wdir *d)
{
	for (size_t i = 0; i < d->nr; i++)
		if (d->v[i].type == 'd')
			drop_dir(d->sub[i]);
	tp_dents_free(d->v, d->nr);
	free(d->sub);
	d->v = NULL;
	d->sub = NULL;
	d->nr = 0;
}

static void drop_dir(int wd)
{
	struct wdir *d = lookup(wd);

	if (!d)
		return;
	forget_entries(d);
	inotify_rm_watch(ifd, wd);
	by_wd[wd] = NULL;
	free(d->rel);
	free(d);
}

static int open_rel(const char *rel)
{
	size_t n = strlen(rel);

	if (!n)
		return openat(rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	/* without its '/': O_NOFOLLOW would follow a link */
	char *r = xstrndup(rel, n - 1);
	int fd = openat(rootfd, r, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	free(r);
	return fd;
}

static int is_volatile(const struct tp_dent *v, size_t nr, int links)
{
	if (links)
		return 1;
	for (size_t i = 0; i < nr; i++)
		if (v[i].type == 'f' && (!v[i].have_st || v[i].st.st_nlink > 1))
			return 1;
	return 0;
}

static int add_dir(const char *rel, int depth, int parent);

/* Its entries, listed again; its subdirectories kept, watched or forgotten. */
static void list(struct wdir *d, int fd)
{
	struct tp_dent *v;
	int links = 0;
	size_t nr = tp_list_dir(fd, d->depth, 1, &v, &links);
	int *sub = xmalloc((nr ? nr : 1) * sizeof(*sub));
	size_t k = 0;

	for (size_t i = 0; i < nr; i++) {
		sub[i] = -1;
		if (v[i].type != 'd')
			continue;
		/* the same directory: the same name and inode, still watched */
		for (; k < d->nr && strcmp(d->v[k].name, v[i].name) < 0; k++)
			;
		if (k < d->nr && !strcmp(d->v[k].name, v[i].name) && d->v[k].type == 'd' &&
		    d->v[k].ino == v[i].ino && lookup(d->sub[k])) {
			sub[i] = d->sub[k];
			d->sub[k] = -1;
		}
	}
	forget_entries(d);
	d->v = v;
	d->sub = sub;
	d->nr = nr;
	d->volatile_ = is_volatile(v, nr, links);
	d->dirty = 0;
	for (size_t i = 0; i < nr; i++) {
		if (v[i].type != 'd' || sub[i] >= 0)
			continue;
		char *r = xasprintf("%s%s", d->rel, v[i].name);
		int wd = add_dir(r, d->depth + 1, d->wd);
		free(r);
		/* add_dir() may have grown by_wd: d itself does not move */
		d->sub[i] = wd;
	}
}

/* Watch rel (with its '/'), then list it: its watch, -1 if it cannot be opened. */
static int add_dir(const char *rel, int depth, int parent)
{
	int fd = open_rel(rel);
	char p[64];

	if (fd < 0)
		return -1;
	snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
	int wd = inotify_add_watch(ifd, p, WATCH_MASK);
	if (wd < 0) {
		close(fd);
		if (errno == ENOSPC)
			failed("no more inotify watches (fs.inotify.max_user_watches)");
		if (errno == ENOMEM)
			end("out of memory");
		return -1;
	}
	if (lookup(wd))
		end("a directory seen twice"); /* moved meanwhile: start again */
	struct wdir *d = xcalloc(1, sizeof(*d));
	d->rel = xstrdup(rel);
	d->depth = depth;
	d->wd = wd;
	d->parent = parent;
	if ((size_t)wd >= nr_wd) {
		size_t n = (size_t)wd + 1024;
		by_wd = xrealloc(by_wd, n * sizeof(*by_wd));
		memset(by_wd + nr_wd, 0, (n - nr_wd) * sizeof(*by_wd));
		nr_wd = n;
	}
	by_wd[wd] = d;
	list(d, fd);
	close(fd);
	return wd;
}

static void mark_dirty(struct wdir *d)
{
	if (d)
		d->dirty = 1;
}

/* Every event queued now: what it touched is listed again at the question. */
static void read_events(int top_wd)
{
	char buf[65536] __attribute__((aligned(__alignof__(struct inotify_event))));

	for (;;) {
		ssize_t n = read(ifd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return;
		for (char *p = buf; p < buf + n;) {
			const struct inotify_event *e = (const void *)p;
			p += sizeof(*e) + e->len;
			if (e->mask & IN_Q_OVERFLOW)
				end("inotify's queue overflowed");
			if (e->wd == sockdir_wd) {
				if (!e->len || !strcmp(e->name, sockname))
					end("the socket is gone");
				continue;
			}
			struct wdir *d = lookup(e->wd);
			if (!d)
				continue;
			if (e->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)) {
				if (e->wd == top_wd)
					end("the top is gone");
				mark_dirty(lookup(d->parent));
				drop_dir(e->wd);
				continue;
			}
			d->dirty = 1;
		}
	}
}

/*
 * It cannot be opened now (its mode, or gone: then its parent's event
 * drops it): no entries, as the walk finds it, and looked at again at
 * every question.
 */
static void unlisted(struct wdir *d)
{
	forget_entries(d);
	d->dirty = 0;
	d->volatile_ = 1;
}

static void refresh(struct wdir *d)
{
	if (d->dirty || d->volatile_) {
		int fd = open_rel(d->rel);
		if (fd >= 0) {
			list(d, fd);
			close(fd);
		} else {
			unlisted(d);
		}
	}
	for (size_t i = 0; i < d->nr; i++) {
		struct wdir *s = d->v[i].type == 'd' ? lookup(d->sub[i]) : NULL;
		if (s)
			refresh(s);
	}
}

static void put64(struct strbuf *sb, long long v)
{
	int64_t x = v;
	strbuf_add(sb, &x, sizeof(x));
}

static void emit(struct strbuf *sb, const struct wdir *d, size_t *count)
{
	for (size_t i = 0; i < d->nr; i++) {
		const struct tp_dent *x = &d->v[i];
		if (x->type == 'd') {
			const struct wdir *s = lookup(d->sub[i]);
			if (s)
				emit(sb, s, count);
			continue;
		}
		strbuf_addstr(sb, d->rel);
		strbuf_add(sb, x->name, strlen(x->name) + 1);
		if (x->have_st) {
			struct tp_ident id;
			tp_ident_of(&x->st, &id);
			strbuf_addch(sb, 1);
			put64(sb, id.size);
			put64(sb, id.mtime);
			put64(sb, id.ctime);
			put64(sb, (long long)id.ino);
		} else {
			strbuf_addch(sb, 0);
		}
		(*count)++;
	}
}

static void answer(int c, int top_wd)
{
	struct timeval tv = { 5, 0 };
	char req[4096];
	size_t n = 0;
	char *want = xasprintf("tracecheck-watch 1 %s\n", root);

	setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	tv.tv_sec = 30;
	setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	while (n < sizeof(req) - 1 && !memchr(req, '\n', n)) {
		ssize_t r = read(c, req + n, sizeof(req) - 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		n += (size_t)r;
	}
	req[n] = '\0';
	if (strcmp(req, want)) {
		if (write(c, "no\n", 3) < 0)
			(void)0;
		free(want);
		return;
	}
	free(want);
	/*
	 * The top named by its path is still the directory watched: a
	 * directory above it renamed or replaced, or a mount over it, sends
	 * no event here, and another tree would be answered for.
	 */
	struct stat now, was;
	if (stat(root, &now) || fstat(rootfd, &was) || now.st_dev != was.st_dev ||
	    now.st_ino != was.st_ino)
		end("the top's path names another directory");
	read_events(top_wd);
	struct wdir *top = lookup(top_wd);
	struct strbuf body = STRBUF_INIT, head = STRBUF_INIT;
	size_t count = 0;
	refresh(top);
	/* listing may have queued nothing of ours; a change meanwhile is the run's racy case */
	emit(&body, top, &count);
	strbuf_addf(&head, "ok %zu\n", count);
	strbuf_add(&head, body.buf, body.len);
	for (size_t off = 0; off < head.len;) {
		ssize_t w = write(c, head.buf + off, head.len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	strbuf_release(&body);
	strbuf_release(&head);
}

static int network_fs(int fd)
{
	static const long magic[] = {
		0x6969,	     /* NFS */
		0x517b,	     /* SMB */
		(long)0xff534d42, /* CIFS */
		(long)0xfe534d42, /* SMB2 */
		0x65735546,  /* FUSE */
		0x01021997,  /* 9P */
		0x00c36400,  /* Ceph */
		0x5346414f,  /* AFS */
		0x73757245,  /* Coda */
	};
	struct statfs sf;

	if (fstatfs(fd, &sf))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(magic); i++)
		if ((long)sf.f_type == magic[i] ||
		    (unsigned long)(unsigned)sf.f_type == (unsigned long)magic[i])
			return 1;
	return 0;
}

int tc_tp_watchd_main(const char *top, const char *sockdir_path, const char *name)
{
	char *lock = xasprintf("%s-lock", name);
	long idle = 3600;
	const char *e = getenv("TRACECHECK_WATCH_IDLE");

	if (e && atol(e) > 0)
		idle = atol(e);
	root = top;
	sockname = name;
	signal(SIGPIPE, SIG_IGN);
	if (chdir("/"))
		return 1; /* holds no directory busy but those it watches */
	sockdir = open(sockdir_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (sockdir < 0)
		return 1;
	int lfd = openat(sockdir, lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(lock);
	if (lfd < 0 || flock(lfd, LOCK_EX | LOCK_NB))
		return 0; /* another watcher has it */
	rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0)
		failed("the top cannot be opened");
	if (network_fs(rootfd))
		failed("a network file system: inotify does not see other machines' changes");
	ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (ifd < 0)
		failed("no inotify instance (fs.inotify.max_user_instances)");
	int top_wd = add_dir("", 0, -1);
	if (top_wd < 0)
		failed("the top cannot be watched");

	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	snprintf(sa.sun_path, sizeof(sa.sun_path), "/proc/self/fd/%d/%s", sockdir, name);
	unlinkat(sockdir, name, 0);
	if (s < 0 || bind(s, (struct sockaddr *)&sa, sizeof(sa)) || listen(s, 16))
		failed("its socket cannot be made");
	/* then the socket's directory: the socket removed, the watcher ends */
	char p[64];
	snprintf(p, sizeof(p), "/proc/self/fd/%d", sockdir);
	sockdir_wd = inotify_add_watch(ifd, p,
				       IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF |
					       IN_ONLYDIR);
	time_t last = time(NULL);
	for (;;) {
		struct pollfd pf[2] = { { ifd, POLLIN, 0 }, { s, POLLIN, 0 } };
		long left = idle - (long)(time(NULL) - last);
		if (left <= 0)
			end("idle");
		int r = poll(pf, 2, (int)(left > 60 ? 60000 : left * 1000));
		if (r < 0 && errno != EINTR)
			end("poll");
		if (r <= 0)
			continue;
		if (pf[0].revents)
			read_events(top_wd);
		if (pf[1].revents & POLLIN) {
			int c = accept4(s, NULL, NULL, SOCK_CLOEXEC);
			if (c >= 0) {
				answer(c, top_wd);
				close(c);
				last = time(NULL);
			}
		}
	}
}
