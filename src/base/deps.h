/* SPDX-License-Identifier: MIT */
/*
 * The dependency recorder: what a cached result was computed from, so
 * that the cache gives it again only while all of that is as it was
 * (cache.h).  Recorded while the result is computed, each as it was
 * *read*:
 *
 *   f  a file read: the hash of the bytes actually read (by tracecheck,
 *      or parsed by libclang), and its size, mtime, ctime, device and
 *      inode as stat() gives them -- a stat that is trusted later only
 *      when mtime and ctime were older than the recording's start by
 *      TC_DEPS_RACY_SECS: a file changed in that window, or during the
 *      run, is compared by content every time (git's and ccache's
 *      "racy" files), and one whose content is no longer what was read
 *      spoils the recording (a result is not kept when its inputs
 *      changed while it was computed);
 *   a  a path looked for and not found (or not a regular file): an
 *      include looked up along the search path, a file probed;
 *   e  a path that could not be read, with the errno (EACCES): it must
 *      fail the same way again;
 *   d  a directory listed: the names in it;
 *   p  what lstat() finds at a path: nothing, a file, a directory or
 *      something else (the search for a .git);
 *   v  an environment variable's value;
 *   k  a named key, whose resolver must give the same value again (the
 *      tree index).
 *
 * The lines are sorted, so the same inputs give the same entry.
 */
#ifndef TC_DEPS_H
#define TC_DEPS_H

#include <stddef.h>

struct stat;
struct strbuf;

/* A file whose mtime or ctime is this close to the start is compared by content. */
#define TC_DEPS_RACY_SECS 2

/* Start recording (drops what was recorded); now is the start. */
void tc_deps_start(void);
/* Stop, and append the dependencies to sb as lines; -1 if the result must not be kept. */
int tc_deps_finish(struct strbuf *sb);
/* Not recording meanwhile (nested): a walk whose whole is a key of its own. */
void tc_deps_pause(void);
void tc_deps_resume(void);
int tc_deps_recording(void);

/*
 * What is being recorded must not be kept: it depends on something no
 * dependency describes (a helper killed from outside, a timeout, an
 * input that changed while it was read).  why is said under -v.
 */
void tc_deps_spoil(const char *why);
/* -v: say why a recording is spoiled. */
void tc_deps_set_verbose(int verbose);

/*
 * Was st's file changed too recently for its stat() to tell a later
 * change from the content read now (TC_DEPS_RACY_SECS before the
 * recording's start, or since)?
 */
int tc_deps_racy(const struct stat *st);

/* A file read (text, len: the bytes read; NULL: read it now). */
void tc_deps_file(const char *path, const char *text, size_t len);
/*
 * A file read earlier, whose text is kept for several results (a memo
 * of the process): hash, tc_hash_hex() of what was read, and st, what
 * stat() said of it just before it was read (NULL: compared by content).
 */
void tc_deps_file_as_read(const char *path, const char hash[33], const struct stat *st);
/* A file that could not be opened or read: errno err (not ENOENT/ENOTDIR: absent). */
void tc_deps_unreadable(const char *path, int err);
/* A directory listed: its entries (its mtime). */
void tc_deps_dir(const char *path);
/* A path looked for and not found, or not a regular file. */
void tc_deps_absent(const char *path);
/*
 * A candidate of a search (an #include along the search path) that the
 * search passed over: what it is now is recorded -- absent, or unreadable
 * with its errno.  Returns 0 then; 1 if it is a regular file that can be
 * read (nothing recorded: the search should have stopped there).
 */
int tc_deps_passed_over(const char *path);
/*
 * A path probed with lstat(): what is there (nothing, a regular file, a
 * directory, something else) must be there again.  Returns lstat()'s
 * kind: 0 nothing, 'f', 'd' or 'o'.
 */
int tc_deps_probe(const char *path);
/* The environment variable name's value (unset is a value too). */
void tc_deps_env(const char *name);
/* A named key: name's resolver must give value again (arg: what it needs, no spaces). */
void tc_deps_key(const char *name, const char *arg, const char *value);
/*
 * Record something of its own meanwhile (a precompiled header that a
 * result uses: its dependencies are its entry's, then the result's):
 * tc_deps_push() sets what is being recorded aside and starts afresh,
 * tc_deps_pop() takes it back.  Two levels (--patch's side before, and a
 * precompiled header made while it is parsed).
 */
void tc_deps_push(void);
void tc_deps_pop(void);
/* Dependency lines as tc_deps_finish() wrote them (up to "R"): recorded as such. */
void tc_deps_import(const char *lines, size_t len);
/* Skip files below dir (whose content is a key of the entry already). */
void tc_deps_ignore_below(const char *dir);

/* How name's current value is made from arg (malloced; NULL: unknown). */
typedef char *(*tc_deps_resolver)(const char *arg);
void tc_deps_set_resolver(const char *name, tc_deps_resolver fn);

/*
 * The dependency lines at *p (up to a line "R"), checked: 1 if all hold,
 * with *p after the "R" line; 0 if one changed; -1 if they are malformed.
 * What the file system says of a path is asked once per process while
 * dependencies are checked and nothing is recorded (statmemo.h; deps.c
 * says why that is sound), until a recording starts or tc_deps_forget().
 */
int tc_deps_check(const char **p, const char *end);
/* stat(), from that memo while it is used (a resolver's question). */
int tc_deps_stat(const char *path, struct stat *st);
/* This process changed files a check may look at: ask the file system again. */
void tc_deps_forget(void);

#endif
