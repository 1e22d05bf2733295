/* SPDX-License-Identifier: MIT */
/*
 * --fix for one header: compute the repairs (fix.h), re-check the fixed
 * text in memory (the overlay), and only if it re-checks clean -- it
 * parses, has the same events, and none of the repaired findings is
 * there any more -- write it in place (atomically, refusing if the file
 * changed since it was read) or, with --diff, print it as a unified diff.
 */
#ifndef TC_FIXRUN_H
#define TC_FIXRUN_H

#include <stdio.h>

#include "config.h"
#include "diag.h"
#include "fix.h"
#include "frontend.h"
#include "rules.h"

struct tc_fix_run {
	int diff; /* --diff / --dry-run: print, do not write */
	int quiet;
	FILE *out;	    /* where --diff prints */
	unsigned write_flags; /* fix.h's TC_FIX_FORCE, TC_FIX_BREAK_LINKS */
};

/*
 * Fix the header at path (h, parsed from it, with the findings d; text
 * is its content, read before it was parsed: the file is not written if
 * it has changed since).  On
 * return *d holds what is left: the re-check's findings when the fix
 * was written (or would be, with --diff), else d unchanged.  Returns 0,
 * or 2 after a one-line error (not re-checking clean, changed meanwhile,
 * unwritable).  What it did and left alone goes to standard error
 * (inform()).
 */
int tc_fix_header_run(struct tc_frontend *fe, const char *path, const char *text, size_t len,
		      struct tc_header **h, struct tc_diags *d, const struct tc_settings *s,
		      const struct tc_fix_run *o);

/*
 * For the reports (JSON, SARIF, GitLab): each finding's repair on its
 * own, as one replaced region of the file, or NULL where it has none or
 * where it fails the re-check --fix applies (read with fe as the file at
 * path, checked under s); an array of d->nr, to free with
 * tc_fix_each_free().
 */
struct tc_rfix;
struct tc_rfix **tc_fix_each(struct tc_frontend *fe, const char *path, const struct tc_header *h,
			     const char *text, size_t len, const struct tc_diags *d,
			     const struct tc_settings *s);
void tc_fix_each_free(struct tc_rfix **fixes, size_t n);

#endif
