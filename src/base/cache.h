/* SPDX-License-Identifier: MIT */
/*
 * The persistent cache: $XDG_CACHE_HOME/tracecheck (~/.cache/tracecheck),
 * one directory per tracecheck build (its version, and the size, mtime
 * and inode of its binary), removed when another build makes its own.
 * Entries are files kind/XX/HASH, written to a temporary file and
 * renamed (concurrent writers race harmlessly: the last rename wins,
 * a reader sees one whole entry or none), each with the length and hash
 * of its payload: a corrupt one is ignored (with a note under -v).  The
 * directory is kept under TC_CACHE_MAX_BYTES: tc_cache_trim() removes
 * the entries used least recently.
 *
 * What an entry depends on is recorded while it is computed (the
 * dependency recorder below): read_file() notes the files it reads
 * (their content hash, size, mtime, inode), is_file() the files it finds
 * absent, the front end the files libclang read, and the tracepoint
 * index its own key.  An entry is used only when every dependency is as
 * it was: the same size, mtime and inode, or else the same content
 * hash; an absent file still absent; a named key still the same.
 */
#ifndef TC_CACHE_H
#define TC_CACHE_H

#include <stddef.h>

struct strbuf;

#define TC_CACHE_MAX_BYTES (512UL << 20)

/* --no-cache: nothing read or written. */
void tc_cache_disable(void);
int tc_cache_enabled(void);
/* -v: say why an entry is ignored. */
void tc_cache_set_verbose(int verbose);

/* A 128-bit hash of data, as 32 hex digits into out[33]. */
void tc_hash_hex(const void *data, size_t len, char out[33]);
/* The same, fed in pieces. */
struct tc_hasher {
	unsigned __int128 h;
};
void tc_hasher_init(struct tc_hasher *hs);
void tc_hasher_add(struct tc_hasher *hs, const void *data, size_t len);
void tc_hasher_hex(const struct tc_hasher *hs, char out[33]);

/*
 * What a walk of the tree below dir would read, for a key: the names of
 * its directories (to max_depth levels, symbolic links followed; hidden
 * ones and, at the top, the names in skip_top left out) and the name,
 * size, mtime and inode of each file wanted() takes, into hs.  In
 * directory order: the same while the directories are the same.
 */
void tc_hash_tree_stat(const char *dir, const char *const *skip_top, int max_depth,
		       int (*wanted)(const char *name), struct tc_hasher *hs);

/* The build's identity: version, binary's size/mtime/inode (static string). */
const char *tc_cache_build_id(void);

/*
 * Entry key (any string: it is hashed) of kind: its payload, malloced,
 * *len its length; NULL if there is none or it is corrupt.
 */
char *tc_cache_get(const char *kind, const char *key, size_t *len);
/* Under -v: the entry of kind for key is corrupt, and ignored. */
void tc_cache_note_corrupt(const char *kind, const char *key);
/* Store it (errors ignored: a cache is an optimisation). */
void tc_cache_put(const char *kind, const char *key, const char *data, size_t len);
/*
 * Keep this build's cache under max bytes (TC_CACHE_MAX_BYTES): past it,
 * the entries used least recently go until it is under three quarters.
 */
void tc_cache_trim(unsigned long long max);

/* ---- the dependency recorder ---- */

/* Start recording (drops what was recorded). */
void tc_deps_start(void);
/* Stop, and append the dependencies to sb as lines; -1 if one could not be recorded. */
int tc_deps_finish(struct strbuf *sb);
/* Not recording meanwhile (nested): a walk whose whole is a key of its own. */
void tc_deps_pause(void);
void tc_deps_resume(void);
int tc_deps_recording(void);

/*
 * What is being recorded must not be kept: it depends on something no
 * dependency describes (a helper killed from outside, a timeout).  why
 * is said under -v.
 */
void tc_deps_spoil(const char *why);

/* A file read (text, len: what was read; NULL: read it again). */
void tc_deps_file(const char *path, const char *text, size_t len);
/* A directory listed: its entries (its mtime). */
void tc_deps_dir(const char *path);
/* A file looked for and not found. */
void tc_deps_absent(const char *path);
/* A named key: name's resolver must give value again (arg: what it needs, no spaces). */
void tc_deps_key(const char *name, const char *arg, const char *value);
/* Skip files below dir (whose content is a key of the entry already). */
void tc_deps_ignore_below(const char *dir);

/* How name's current value is made from arg (malloced; NULL: unknown). */
typedef char *(*tc_deps_resolver)(const char *arg);
void tc_deps_set_resolver(const char *name, tc_deps_resolver fn);

/*
 * The dependency lines at *p (up to a line "R"), checked: 1 if all hold,
 * with *p after the "R" line; 0 if one changed; -1 if they are malformed.
 */
int tc_deps_check(const char **p, const char *end);

#endif
