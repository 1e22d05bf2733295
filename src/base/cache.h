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
 * the entries used least recently, none used within the last hour.
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
#include <stdint.h>

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
	uint64_t h1, h2, len;
	unsigned char tail[16]; /* the bytes of a block not yet whole */
	unsigned nr_tail;
};
void tc_hasher_init(struct tc_hasher *hs);
void tc_hasher_add(struct tc_hasher *hs, const void *data, size_t len);
void tc_hasher_hex(const struct tc_hasher *hs, char out[33]);

/*
 * What a walk of the tree below dir would read, for a key: the names of
 * its directories (to max_depth levels; no link to a directory followed,
 * as no walk of tracecheck's follows one; hidden ones and, at the top,
 * the names in skip_top left out) and the name, size, mtime, ctime and
 * inode of each file wanted() takes, into hs.  In directory order: the
 * same while the directories are the same.
 */
void tc_hash_tree_stat(const char *dir, const char *const *skip_top, int max_depth,
		       int (*wanted)(const char *name), struct tc_hasher *hs);

/*
 * The build's identity: its version, its binary's size/mtime/inode, and
 * what tc_cache_identity() added (static string).  Entries of another
 * identity are not read: an upgrade of tracecheck, of libclang or of
 * libtraceevent starts a cache of its own.
 */
const char *tc_cache_build_id(void);
/* Part of the identity: the libraries loaded and their versions (before any look-up). */
void tc_cache_identity(const char *what);

/*
 * Entry key (any string: it is hashed) of kind: its payload, malloced,
 * *len its length; NULL if there is none or it is corrupt.
 */
char *tc_cache_get(const char *kind, const char *key, size_t *len);
/* Under -v: the entry of kind for key is corrupt, and ignored. */
void tc_cache_note_corrupt(const char *kind, const char *key);
/*
 * The path of the cache's entry kind/name, for what is a directory or a
 * file another program reads (a tree's generated headers, a precompiled
 * header): its parent exists, it may not (malloced; NULL without a
 * cache).  Its content names it, or an entry of its own says what it was
 * made from.  Trimming removes it whole, and not while it was used
 * within the hour: tc_cache_touch() it when it is used.
 */
char *tc_cache_path(const char *kind, const char *name);
void tc_cache_touch(const char *path);
/* Store it (errors ignored: a cache is an optimisation). */
void tc_cache_put(const char *kind, const char *key, const char *data, size_t len);
/*
 * Keep this build's cache under max bytes (TC_CACHE_MAX_BYTES): past it,
 * the entries used least recently go until it is under three quarters.
 */
void tc_cache_trim(unsigned long long max);

#include "deps.h"

#endif
