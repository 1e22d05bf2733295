/* SPDX-License-Identifier: MIT */
/*
 * The overlay: file contents that stand in for files of the disk, so
 * that --patch can check a tree as a patch would leave it without
 * touching the tree.  read_file(), is_file() and list_dir() see the
 * overlay; the front end hands it to libclang as unsaved files.  Paths
 * are absolute and normalised (absolute_path()).
 */
#ifndef TC_OVERLAY_H
#define TC_OVERLAY_H

#include <stddef.h>

/* path's content is text (copied); text NULL: path is removed. */
void tc_overlay_set(const char *path, const char *text, size_t len);
void tc_overlay_clear(void);
size_t tc_overlay_count(void);
/* Entry i: its path, and its text (NULL if removed). */
const char *tc_overlay_entry(size_t i, const char **text, size_t *len);
/*
 * Look path up: 1 with text and len (NULL for removed) if the overlay has
 * it, 0 if the disk decides.
 */
int tc_overlay_lookup(const char *path, const char **text, size_t *len);
/*
 * The hash (tc_hash_hex()) of entry i's text, or of path's if the overlay
 * has it (1; 0 if the disk decides): made once per text; NULL if removed.
 */
const char *tc_overlay_entry_hash(size_t i);
int tc_overlay_hash(const char *path, const char **hash);

#endif
