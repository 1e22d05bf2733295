// SPDX-License-Identifier: MIT
/*
 * --fix's writer: the fixed text takes the place of the file without
 * losing anything of it.
 *
 * The new text goes into a file beside it, unnamed (O_TMPFILE) until
 * complete, with the old file's owner, group, extended attributes (its
 * ACL among them) and mode, on disk (fsync) before it is put in place:
 * a kill at any moment leaves the old file or the new one.  What cannot
 * be kept is refused before anything is written: another owner the new
 * file cannot be given, a mode bit it would lose, an attribute; a file
 * with other hard links (a rename leaves them the old text) unless
 * TC_FIX_BREAK_LINKS; a read-only file unless TC_FIX_FORCE.
 *
 * The race with a writer.  The file is opened before the new text is
 * written and its content compared with what was read.  Then a read
 * lease is taken on it (F_SETLEASE: the kernel refuses it while another
 * process has the file open for writing -- so is the fix, unless
 * TC_FIX_FORCE -- and an open() for writing after it waits until the
 * lease is given up, and breaks it), the content is compared again, the
 * name checked to name that file still, and the new file swapped in:
 * renameat2(RENAME_EXCHANGE), which leaves the old file a name, the new
 * one's.  After it, the old file is looked at again: its name, the
 * lease, its content.  If anything changed the swap is undone, which
 * puts the user's file back whole (a write still to come through an
 * open() that waited lands in it), and that is an error.  Where the
 * file system has no RENAME_EXCHANGE the old file gets a second name
 * (link()) and the new one is renamed over it; where it has no hard
 * links either, a rename, and the old text is copied back.
 *
 * What is left: a write through an open() that found the old file
 * before the swap and got to the lease after the last look (one system
 * call straddling the 15 us or so from the swap to the last look); on a
 * file system without hard links, a write that waited for the lease
 * (the error says so); without a lease (a file system of other machines
 * too, a file that is not the caller's without CAP_LEASE, TC_FIX_FORCE
 * past a writer), a write after the last look through a descriptor
 * opened before the swap.  man/tracecheck.1 (--fix) says so.
 */
#include "fix.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "deps.h"
#include "frontend.h"
#include "util.h"

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/* The file being fixed. */
struct orig {
	const char *path;
	int fd; /* read-only: the content compared, the lease */
	struct stat st;
	const char *text; /* what it held when it was read */
	size_t len;
	int leased;
};

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* What fd holds, from its start (at most max bytes); malloced, NULL after an error. */
static char *read_all(int fd, size_t max, size_t *len)
{
	char *buf = xmalloc(max + 1);
	size_t got = 0;

	while (got <= max) {
		ssize_t n = pread(fd, buf + got, max + 1 - got, (off_t)got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if (!n)
			break;
		got += (size_t)n;
	}
	*len = got;
	return buf;
}

/* Does fd hold exactly text? */
static int holds(int fd, const char *text, size_t len)
{
	struct stat st;
	size_t n;
	char *buf;
	int same;

	if (fstat(fd, &st) || (size_t)st.st_size != len)
		return 0;
	buf = read_all(fd, len, &n);
	same = buf && n == len && !memcmp(buf, text, len);
	free(buf);
	return same;
}

static int same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Does path name the file st describes? */
static int names(const char *path, const struct stat *st)
{
	struct stat now;

	return !lstat(path, &now) && same_file(&now, st);
}

/* Has no process opened the file for writing since the lease was taken? */
static int lease_intact(const struct orig *o)
{
	return !o->leased || fcntl(o->fd, F_GETLEASE) == F_RDLCK;
}

/*
 * Is fd on a file system other machines write to too, whose writers a
 * lease does not see (and whose lease may fail with EAGAIN for none)?
 */
static int remote(int fd)
{
	static const unsigned long magic[] = {
		0x6969,	    /* NFS */
		0xff534d42, /* CIFS */
		0xfe534d42, /* SMB2 */
		0x517b,	    /* SMB */
		0x00c36400, /* Ceph */
		0x01021997, /* 9p */
		0x65735546, /* FUSE (sshfs, ...) */
		0x5346414f, /* OpenAFS */
		0x6b414653, /* kAFS */
		0x01161970, /* GFS2 */
		0x7461636f, /* OCFS2 */
		0x0bd00bd0, /* Lustre */
	};
	struct statfs sf;

	if (fstatfs(fd, &sf))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(magic); i++)
		if (((unsigned long)sf.f_type & 0xffffffffUL) == magic[i])
			return 1;
	return 0;
}

/* The read lease (see the top); 0, or -1 after an error. */
static int take_lease(struct orig *o, int force)
{
	if (remote(o->fd))
		return 0;
	if (!fcntl(o->fd, F_SETLEASE, F_RDLCK)) {
		o->leased = 1;
		return 0;
	}
	if (errno == EAGAIN && !force)
		return error("%s: not fixed: another process has it open for writing "
			     "(--force fixes it all the same, and what that process writes "
			     "after is lost)",
			     o->path);
	/* EACCES (neither the caller's nor CAP_LEASE), EINVAL (no leases here): the checks alone */
	return 0;
}

/* "user:group" of st (numbers where there is no name); malloced. */
static char *owner_of(const struct stat *st)
{
	struct passwd *pw = getpwuid(st->st_uid);
	char *u = pw ? xstrdup(pw->pw_name) : xasprintf("%lu", (unsigned long)st->st_uid);
	struct group *gr = getgrgid(st->st_gid);
	char *s = gr ? xasprintf("%s:%s", u, gr->gr_name)
		     : xasprintf("%s:%lu", u, (unsigned long)st->st_gid);

	free(u);
	return s;
}

/* What refuses a fix of o before anything is written; 0, or -1 after an error. */
static int refused(const struct orig *o, unsigned flags)
{
	const char *p = o->path;
	unsigned mode = o->st.st_mode & 07777;

	if (o->st.st_nlink > 1 && !(flags & TC_FIX_BREAK_LINKS))
		return error("%s: not fixed: it has %lu hard links, and the others would keep the "
			     "old text (--break-hard-links fixes this name only)",
			     p, (unsigned long)o->st.st_nlink);
	if (flags & TC_FIX_FORCE)
		return 0;
	if (!(o->st.st_mode & S_IWUSR))
		return error("%s: not fixed: it is read-only (mode %04o; --force fixes it all the "
			     "same, the mode kept)",
			     p, mode);
	if (access(p, W_OK)) {
		int e = errno;
		if (e == EROFS)
			return error("%s: cannot fix: %s", p, strerror(e));
		char *own = owner_of(&o->st);
		error("%s: not fixed: it is not writable by you (%s, mode %04o; --force fixes "
		      "it all the same if the owner can be kept)",
		      p, own, mode);
		free(own);
		return -1;
	}
	return 0;
}

/* The extended attribute names of fd ("a\0b\0"), *n bytes; malloced, NULL after an error. */
static char *xattr_names(int fd, size_t *n)
{
	for (;;) {
		ssize_t sz = flistxattr(fd, NULL, 0);
		if (sz < 0 && (errno == ENOTSUP || errno == ENOSYS)) {
			*n = 0;
			return xstrdup("");
		}
		if (sz < 0)
			return NULL;
		char *v = xmalloc((size_t)sz + 1);
		ssize_t got = sz ? flistxattr(fd, v, (size_t)sz) : 0;
		if (got >= 0) {
			*n = (size_t)got;
			return v;
		}
		free(v);
		if (errno != ERANGE)
			return NULL;
	}
}

/* The value of fd's attribute name (*n bytes, malloced), NULL if it has none or after an error. */
static char *xattr_value(int fd, const char *name, size_t *n)
{
	for (;;) {
		ssize_t sz = fgetxattr(fd, name, NULL, 0);
		if (sz < 0)
			return NULL;
		char *v = xmalloc((size_t)sz + 1);
		ssize_t got = sz ? fgetxattr(fd, name, v, (size_t)sz) : 0;
		if (got >= 0) {
			*n = (size_t)got;
			return v;
		}
		free(v);
		if (errno != ERANGE)
			return NULL;
	}
}

static int has_name(const char *list, size_t n, const char *name)
{
	for (const char *p = list; p < list + n; p += strlen(p) + 1)
		if (!strcmp(p, name))
			return 1;
	return 0;
}

/*
 * The extended attributes of o on fd, those fd has besides (an ACL of
 * the directory's default ACL) removed; 0, or -1 after an error.
 */
static int copy_xattrs(const struct orig *o, int fd)
{
	size_t n_old, n_new;
	char *old = xattr_names(o->fd, &n_old), *new = old ? xattr_names(fd, &n_new) : NULL;
	int rc = 0;

	if (!old || !new) {
		rc = error("%s: cannot fix: listing its extended attributes: %s", o->path,
			   strerror(errno));
		goto out;
	}
	for (const char *p = old; p < old + n_old && !rc; p += strlen(p) + 1) {
		size_t a = 0, b = 0;
		char *va = xattr_value(o->fd, p, &a);
		int e = errno;
		char *vb = xattr_value(fd, p, &b);
		if (!va && e != ENODATA)
			rc = error("%s: cannot fix: reading its extended attribute %s: %s",
				   o->path, p, strerror(e));
		else if (va && (!vb || a != b || memcmp(va, vb, a)) && fsetxattr(fd, p, va, a, 0))
			rc = error("%s: not fixed: the new file cannot have its extended "
				   "attribute %s: %s",
				   o->path, p, strerror(errno));
		free(va);
		free(vb);
	}
	for (const char *p = new; p < new + n_new && !rc; p += strlen(p) + 1)
		if (!has_name(old, n_old, p) && fremovexattr(fd, p) && errno != ENODATA &&
		    !starts_with(p, "security."))
			rc = error("%s: not fixed: the new file would have an extended "
				   "attribute %s the file has not (removing it: %s)",
				   o->path, p, strerror(errno));
out:
	free(old);
	free(new);
	return rc;
}

/* Give fd o's owner, group, extended attributes and mode; 0, or -1 after an error. */
static int keep_metadata(const struct orig *o, int fd)
{
	struct stat st;
	unsigned want = o->st.st_mode & 07777;

	if (fstat(fd, &st))
		return error("%s: cannot fix: %s", o->path, strerror(errno));
	/* the owner first: a change of owner drops the set-user-ID and set-group-ID bits */
	if ((st.st_uid != o->st.st_uid || st.st_gid != o->st.st_gid) &&
	    fchown(fd, o->st.st_uid, o->st.st_gid)) {
		int e = errno;
		char *own = owner_of(&o->st);
		error("%s: not fixed: the new file cannot have its owner and group %s: %s", o->path,
		      own, strerror(e));
		free(own);
		return -1;
	}
	/* then the attributes, an ACL among them, and the mode (an ACL's mask: its group bits) */
	if (copy_xattrs(o, fd))
		return -1;
	if (fchmod(fd, want) || fstat(fd, &st))
		return error("%s: not fixed: the new file cannot have its mode %04o: %s", o->path,
			     want, strerror(errno));
	if ((st.st_mode & 07777) != want)
		return error("%s: not fixed: the new file cannot have its mode %04o (it gets %04o)",
			     o->path, want, (unsigned)(st.st_mode & 07777));
	return 0;
}

/*
 * A new name for the file from (a /proc/self/fd/N link: AT_SYMLINK_FOLLOW
 * in flags), tmpl's last six characters filled in; 0, or -1 with errno.
 * link() where flags is 0 (so that a test can tell the two apart).
 */
static int link_unique(const char *from, char *tmpl, int flags)
{
	size_t n = strlen(tmpl);

	for (int tries = 0; tries < 100; tries++) {
		static const char chars[] =
			"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
		unsigned long r = (unsigned long)random() ^ ((unsigned long)getpid() << 16);
		for (size_t i = n - 6; i < n; i++, r /= 62)
			tmpl[i] = chars[r % 62];
		if (!(flags ? linkat(AT_FDCWD, from, AT_FDCWD, tmpl, flags) : link(from, tmpl)))
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* ".NAME.tracecheck-XXXXXX" beside path; malloced. */
static char *temp_name(const char *path)
{
	char *dir = dir_name(path);
	const char *base = strrchr(path, '/');
	char *t = xasprintf("%s/.%s.tracecheck-XXXXXX", dir, base ? base + 1 : path);

	free(dir);
	return t;
}

/* Give the unnamed file fd the name tmp (its last six characters filled in); 0, or -1. */
static int name_temp(const struct orig *o, int fd, char *tmp, int *named)
{
	char proc[64];

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (link_unique(proc, tmp, AT_SYMLINK_FOLLOW))
		return error("%s: cannot fix: naming the temporary file: %s", o->path,
			     strerror(errno));
	*named = 1;
	return 0;
}

/*
 * A new file beside o holding text, with o's metadata, on disk: its fd
 * (kept open), named *tmp (malloced) -- only when name is set where
 * O_TMPFILE gives a file without a name, the name to give it in *tmp.
 * *named says which.  -1 after an error, nothing left.
 */
static int make_temp(const struct orig *o, const char *text, size_t len, int name, char **tmp,
		     int *named)
{
	char *dir = dir_name(o->path);
	int fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);

	free(dir);
	*tmp = temp_name(o->path);
	*named = fd < 0;
	if (fd < 0)
		fd = mkostemp(*tmp, O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		free(*tmp);
		*tmp = NULL;
		return error("%s: cannot fix: cannot create a temporary file beside it: %s",
			     o->path, strerror(e));
	}
	if (write_all(fd, text, len)) {
		int e = errno;
		error("%s: cannot fix: writing the temporary file: %s", o->path, strerror(e));
		goto fail;
	}
	if (keep_metadata(o, fd))
		goto fail;
	if (fsync(fd)) {
		error("%s: cannot fix: writing the temporary file: %s", o->path, strerror(errno));
		goto fail;
	}
	if (name && !*named && name_temp(o, fd, *tmp, named))
		goto fail;
	return fd;
fail:
	close(fd);
	if (*named)
		unlink(*tmp);
	free(*tmp);
	*tmp = NULL;
	return -1;
}

/*
 * The real file a path names is inside the tree it names it in: the
 * kernel tree it is in, else the current directory if the path is below
 * it, else its own directory.  A symbolic link of a directory on the way
 * that leads out of it (drivers/foo -> /elsewhere) is refused, as --patch
 * refuses one.  0, or -1 after an error naming the path.
 */
static int outside_tree(const char *path)
{
	char *abs = absolute_path(path), *cwd = absolute_path(".");
	char *root = tc_find_kernel_tree(abs);
	int rc = 0;

	if (!root)
		root = path_below(abs, cwd) ? xstrdup(cwd) : dir_name(abs);
	char *real = realpath(path, NULL), *real_root = realpath(root, NULL);
	if (!real || !real_root) {
		rc = error("%s: cannot fix: %s", path, strerror(errno));
	} else if (!path_below(real, real_root)) {
		const char *shown = path_below(root, cwd);
		rc = error("%s: not fixed: it is %s, outside %s, through a symbolic link (fix the "
			   "file there)",
			   path, real, shown && *shown ? shown : root);
	}
	free(real);
	free(real_root);
	free(root);
	free(cwd);
	free(abs);
	return rc;
}

/* How the new file took the old one's place. */
enum swap {
	EXCHANGED, /* renameat2(RENAME_EXCHANGE): the old file has the temporary name */
	LINKED,	   /* link(), rename(): the old file has a second temporary name */
	RENAMED,   /* rename(): the old file has no name, only o->fd */
};

/*
 * Put the new file (named tmp) in o's place: how (enum swap), the old
 * file's name in *bak (malloced; NULL when RENAMED).  -1 after an error,
 * the new file removed and the old one in place.
 */
static int swap_in(const struct orig *o, const char *tmp, char **bak)
{
	int e;

	*bak = NULL;
	if (!renameat2(AT_FDCWD, tmp, AT_FDCWD, o->path, RENAME_EXCHANGE)) {
		*bak = xstrdup(tmp);
		return EXCHANGED;
	}
	e = errno;
	if (e == EINVAL || e == ENOSYS || e == EOPNOTSUPP) {
		char *b = temp_name(o->path);
		if (!link_unique(o->path, b, 0)) {
			if (!names(b, &o->st)) {
				/* replaced since the last look */
				unlink(b);
				free(b);
				unlink(tmp);
				return error("%s: not fixed: the file changed since it was read",
					     o->path);
			}
			if (!rename(tmp, o->path)) {
				*bak = b;
				return LINKED;
			}
			e = errno;
			unlink(b);
		} else if (!rename(tmp, o->path)) {
			free(b);
			return RENAMED;
		} else {
			e = errno;
		}
		free(b);
	}
	unlink(tmp);
	return error("%s: cannot fix: %s", o->path, strerror(e));
}

/* What happened to the old file since the last look before the swap, or NULL. */
static const char *disturbed(const struct orig *o, enum swap how, const char *bak)
{
	if (how == EXCHANGED && !names(bak, &o->st))
		return "it was replaced";
	if (!lease_intact(o))
		return "another process opened it for writing";
	if (!holds(o->fd, o->text, o->len))
		return "it was written to";
	return NULL;
}

/*
 * The swap undone after why: the old file, with what was written to it,
 * back at o->path; the new one (fd, text) removed -- or kept and named,
 * if it was written to as well.  Returns -1 after the error that says so.
 */
static int put_back(const struct orig *o, enum swap how, const char *bak, int fd,
		    const char *text, size_t len, const char *why)
{
	const char *p = o->path;
	char *copy = NULL, *old = NULL;
	int back = 0, new_written = 0, e = 0;

	if (how == EXCHANGED) {
		back = !renameat2(AT_FDCWD, bak, AT_FDCWD, p, RENAME_EXCHANGE);
		e = errno;
		new_written = back && !holds(fd, text, len);
		if (back && !new_written)
			unlink(bak);
		if (!back)
			old = xstrdup(bak);
	} else if (how == LINKED) {
		new_written = !holds(fd, text, len);
		back = !new_written && !rename(bak, p);
		e = errno;
		if (!back)
			old = xstrdup(bak);
	} else {
		/* no name to give the old file back: its content, in a new file */
		struct stat st;
		size_t n = 0;
		char *buf = fstat(o->fd, &st) ? NULL : read_all(o->fd, (size_t)st.st_size, &n);
		int named, cfd = buf ? make_temp(o, buf, n, 1, &copy, &named) : -1;
		e = errno;
		free(buf);
		if (cfd >= 0) {
			close(cfd);
			new_written = !holds(fd, text, len);
			back = !new_written && !rename(copy, p);
			e = errno;
			if (!back)
				old = xstrdup(copy);
		}
	}
	if (back && how == RENAMED && !lease_intact(o))
		/* it waits for the lease on the old file, which has no name to give back */
		error("%s: not fixed: %s while the fix was put in place; the fix is undone, "
		      "but what that process writes goes to the replaced file (this file "
		      "system has no hard links): check the file",
		      p, why);
	else if (back && !new_written)
		error("%s: not fixed: %s while the fix was put in place; the fix is undone, "
		      "the file is as that left it",
		      p, why);
	else if (back)
		error("%s: not fixed: %s while the fix was put in place; the fix is undone, "
		      "the file is as that left it, and %s is the fixed file, written to after",
		      p, why, bak);
	else if (old && new_written)
		error("%s: %s while the fix was put in place, and the fixed file was written to "
		      "after: both are kept, the fixed one here, the other as %s",
		      p, why, old);
	else if (old)
		error("%s: %s while the fix was put in place, and the fix cannot be undone "
		      "(%s): the file as that left it is %s",
		      p, why, strerror(e), old);
	else
		error("%s: %s while the fix was put in place, and the fix cannot be undone: %s", p,
		      why, strerror(e));
	free(old);
	free(copy);
	return -1;
}

static void sync_dir(const char *path)
{
	char *dir = dir_name(path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int tc_fix_write(const char *path, const char *expect, size_t expect_len, const char *text,
		 size_t len, unsigned flags)
{
	struct orig o = { .path = path, .fd = -1, .text = expect, .len = expect_len };
	struct sigaction ign = { .sa_handler = SIG_IGN }, old_sigio;
	struct stat st;
	char *tmp = NULL, *bak = NULL;
	const char *why;
	int fd = -1, rc = -1, named = 0, ignoring = 0, how;

	if (lstat(path, &st))
		return error("%s: cannot fix: %s", path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return error("%s: not fixed: it is a symbolic link (fix the file it points to)",
			     path);
	if (!S_ISREG(st.st_mode))
		return error("%s: not fixed: not a regular file", path);
	if (outside_tree(path))
		return -1;
	o.fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (o.fd < 0 || fstat(o.fd, &o.st)) {
		error("%s: cannot fix: %s", path, strerror(errno));
		goto out;
	}
	if (!same_file(&st, &o.st) || !holds(o.fd, expect, expect_len)) {
		error("%s: not fixed: the file changed since it was read", path);
		goto out;
	}
	if (refused(&o, flags))
		goto out;
	fd = make_temp(&o, text, len, 0, &tmp, &named);
	if (fd < 0)
		goto out;
	/* a broken lease sends SIGIO, which would end the process */
	ignoring = !sigaction(SIGIO, &ign, &old_sigio);
	if (take_lease(&o, flags & TC_FIX_FORCE))
		goto out;
	/* the last look before the swap */
	if (!lease_intact(&o) || !holds(o.fd, expect, expect_len) || !names(path, &o.st)) {
		error("%s: not fixed: the file changed since it was read", path);
		goto out;
	}
	if (!named && name_temp(&o, fd, tmp, &named))
		goto out;
	how = swap_in(&o, tmp, &bak);
	named = 0; /* the temporary name is the old file's now, or gone */
	if (how < 0)
		goto out;
	why = disturbed(&o, (enum swap)how, bak);
	if (why) {
		put_back(&o, (enum swap)how, bak, fd, text, len, why);
	} else if (bak && unlink(bak)) {
		error("%s: fixed, but the old file stays as %s: %s", path, bak, strerror(errno));
	} else if (!lease_intact(&o)) {
		/* an open() that found the old file before the swap, past the lease now */
		error("%s: fixed, but another process opened the old file for writing as it was "
		      "replaced: what it writes there is lost",
		      path);
	} else {
		rc = 0;
	}
	/* the header was replaced: a check of a cached entry after this looks at it again */
	tc_deps_forget();
	sync_dir(path);
out:
	if (fd >= 0)
		close(fd);
	if (named)
		unlink(tmp);
	if (o.fd >= 0)
		close(o.fd); /* the lease given up: an open() that waited goes on */
	if (ignoring)
		sigaction(SIGIO, &old_sigio, NULL);
	free(tmp);
	free(bak);
	return rc;
}
