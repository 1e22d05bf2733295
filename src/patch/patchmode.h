/* SPDX-License-Identifier: MIT */
/*
 * --patch: check what a patch does to the trace events of a tree.
 *
 * Each patch (of a format-patch file, an mbox series or a plain diff)
 * is applied in memory to the tree as the patches before it left it
 * (patch.c; the tree is never written), the trace headers it touches,
 * and the ones a .c it touches instantiates, are checked before and
 * after it (with the overlay: overlay.h), and their findings compared
 * by fingerprint: those only after are introduced (and decide the exit
 * status), those only before are fixed, the rest are left in place.
 *
 * A patch already applied is recognised first, as patch(1) does: every
 * hunk applies in reverse with all its context and forward not (a hunk
 * fails, or needs fuzz, as a new event added next to others does); the
 * tree is then the after, its reverse the before.  A series is undone
 * from its last patch to the first, each at its own point.  b4, the
 * pre-commit hook and `git format-patch -1 --stdout | tracecheck
 * --patch` check patches that are already in the work tree.
 */
#ifndef TC_PATCHMODE_H
#define TC_PATCHMODE_H

#include <stddef.h>

#include "diag.h"
#include "report.h"
#include "result.h"

struct tc_patch_run {
	int reverse; /* -R */
	int all;     /* --all: also the findings the patch leaves in place */
	unsigned detail; /* of the gcc shape (diag.h) */
	int quiet, verbose;
	enum tc_format format;
	int jobs, timeout;
	const char *origin; /* the directory relative patch names are in */
	/*
	 * Check the header at path (relative to the tree, which is the
	 * current directory) as the overlay has the tree, into its result;
	 * return its exit status.  It runs in a worker.
	 */
	tc_check_path_fn check;
	/*
	 * Before check runs on the side after a patch: the header at path
	 * was there before it, for that check to give its rules as it was
	 * (ctx->before).  load(before) sets the overlay to the tree before
	 * the patch, load(after) back; the check parses it only if it runs
	 * (not for a result the cache has).  It runs in the worker.  NULL:
	 * the rules get no before.
	 */
	void (*read_before)(const char *path, void *ctx, void (*load)(const void *side),
			    const void *before, const void *after);
	/*
	 * If set, the worker of the side after checks the side before first,
	 * as the overlay has that side, and writes its result to fd ahead of
	 * its own (the side before needs no worker then); what it read serves
	 * read_before without a second parse.  It runs in the worker.  NULL
	 * (--fix and the modes that write files): each side is checked in its
	 * own worker, at the same time.
	 */
	void (*prime_before)(const char *path, void *ctx, int fd);
	/* The --fail-on severity of the header at path. */
	enum tc_severity (*fail_on)(const char *path, void *ctx);
	void *ctx;
	/* if set: called once before the headers are checked (in workers) */
	void (*warm)(void *ctx);
};

/*
 * Check the patches in the files (names[i], "-" for standard input);
 * the current directory is the tree.  Returns the exit status: 2 when a
 * patch cannot be read, does not apply (in part) or a header fails to
 * parse; 1 when a patch introduces findings at or above --fail-on; 0.
 */
int tc_patch_check(const char *const *names, size_t n, const struct tc_patch_run *o);

#endif
