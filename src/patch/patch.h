/* SPDX-License-Identifier: MIT */
/*
 * Patches as --patch will read them: a git format-patch file, an mbox
 * series of them, or a plain unified diff, split into patches, files
 * and hunks; and a hunk applied to a file's text in memory as patch(1)
 * applies it (at its line or at the nearest offset where its context
 * and removed lines match, else with up to two lines of context at
 * either end ignored: patch(1)'s default fuzz), optionally in reverse.
 * Paths are untrusted: absolute ones and ones with a ".." component are
 * refused.  git's extended headers are read: a rename or copy (with no
 * hunks when the content is the same), a new or deleted file (with no
 * hunks when it is empty), a mode change (nothing to apply), a binary
 * change (marked; its data is not read); a quoted path ("a/x\ty") is
 * unquoted.
 */
#ifndef TC_PATCH_H
#define TC_PATCH_H

#include <stddef.h>

struct strbuf;

struct tc_hunk {
	unsigned old_start, old_count, new_start, new_count;
	unsigned line; /* of its @@ line in the input */
	char **lines;  /* each starts with ' ', '-' or '+'; no newline */
	size_t nr, alloc;
	int no_newline_old, no_newline_new; /* "\ No newline at end of file" */
};

struct tc_pfile {
	char *old_path, *new_path; /* without a/ b/; NULL for /dev/null */
	unsigned line;		   /* of its diff --git (or ---) line in the input */
	int binary;		   /* "Binary files ... differ", "GIT binary patch" */
	int copy;		   /* "copy from/to": the old file stays */
	struct tc_hunk *hunks;
	size_t nr, alloc;
};

struct tc_patch {
	char *subject; /* of the mail, or NULL */
	char commit[41]; /* git format-patch's "From <commit> Mon Sep 17 ...", or "" */
	unsigned line; /* where it starts in the input */
	struct tc_pfile *files;
	size_t nr, alloc;
};

struct tc_patches {
	struct tc_patch *v;
	size_t nr, alloc;
};

/*
 * Split text into patches (one per mail of an mbox; one for a plain
 * diff).  0, or -1 with *why (malloced, naming the input line).
 */
int tc_patches_parse(const char *text, struct tc_patches *out, char **why);
void tc_patches_release(struct tc_patches *p);

/* Is path safe to join to a tree: relative, no "..", not empty? */
int tc_patch_path_ok(const char *path);

/*
 * Apply hunk h to text (the file's content), in reverse if reverse;
 * the result replaces *text.  Returns the offset it applied at (lines
 * from where it says) and the fuzz it needed (0-2; fuzz may be NULL),
 * or sets *failed and leaves *text alone.
 */
long tc_hunk_apply(const struct tc_hunk *h, struct strbuf *text, int reverse, int *failed,
		   int *fuzz);
/*
 * The same, and *base: the line (0-based) of the result where the
 * hunk's first line of the new side is (lines before it are context).
 */
long tc_hunk_apply_at(const struct tc_hunk *h, struct strbuf *text, int reverse, int *failed,
		      int *fuzz, long *base);

#endif
