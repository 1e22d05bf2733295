/* SPDX-License-Identifier: MIT */
/*
 * Inside --patch (patchmode.h), shared by its files:
 *   patchapply.c  a state of the tree, and one patch applied to it in memory
 *   patchscope.c  the tree's paths of a patch, and the trace headers it concerns
 *   patchjudge.c  a header's findings before and after a patch compared
 *   patchmode.c   the headers checked before and after, and the run
 */
#ifndef TC_PATCHMODE_INTERNAL_H
#define TC_PATCHMODE_INTERNAL_H

#include <stdio.h>

#include "patch.h"
#include "patchmode.h"
#include "report.h"
#include "strbuf.h"

/* a state of the tree: the files the patches so far changed */

struct sfile {
	char *rel;
	char *text; /* NULL: removed */
	size_t len;
};

struct state {
	struct sfile *v;
	size_t nr, alloc;
};

struct added {
	unsigned line;	/* in the file after the patch, from 1 */
	unsigned pline; /* in the patch */
};

struct tfile {
	char *rel; /* as the patch leaves it */
	struct added *v;
	size_t nr, alloc;
	size_t hunks, failed;
};

struct fhunk {
	char *rel;
	size_t hunk; /* from 1, in its file; 0: the file as a whole */
	unsigned pline, at;
	unsigned from, to; /* the lines it would change in the file before the patch, from 1 */
	char *why;
};

/* A hunk that applied only with some of its context ignored. */
struct fuzzed {
	char *rel;
	size_t hunk; /* from 1, in its file */
	int fuzz;    /* the lines of context ignored at either end: 1 or 2 */
};

struct outcome {
	struct tfile *files;
	size_t nr, alloc;
	struct fhunk *failed;
	size_t nr_failed, alloc_failed;
	struct fuzzed *fuzzed;
	size_t nr_fuzzed, alloc_fuzzed;
	size_t hunks;
	size_t offsets; /* the lines the applied hunks were from where they say, in all */
};

struct names {
	char **v;
	size_t nr, alloc;
};

struct ranges {
	unsigned (*v)[2];
	size_t nr, alloc;
};

struct verdict {
	size_t introduced, fixed, left, failing; /* failing: introduced at or above --fail-on */
	int broken;				  /* a header failed to parse after the patch */
	int not_checked;			  /* a header was not checked after it */
	struct strbuf fixed_lines;
};

/* patchapply.c */
/* The file's text in state s (from the disk if s has not changed it); NULL if absent. */
char *tc_pm_state_read(const struct state *s, const char *rel, size_t *len);
void tc_pm_state_copy(struct state *to, const struct state *from);
void tc_pm_state_release(struct state *s);
void tc_pm_overlay_load(const struct state *s);
/* Every hunk applied, each with all its context (at its line or at an offset). */
int tc_pm_exactly(const struct outcome *oc);
void tc_pm_outcome_release(struct outcome *oc);
/* Apply p to in (as a copy in out), in reverse if reverse. */
void tc_pm_apply_patch(const struct tc_patch *p, int reverse, const struct state *in,
		       struct state *out, struct outcome *oc);
size_t tc_pm_applied_series(const struct tc_patch *const *v, size_t n, struct state *base);
int tc_pm_parent_of_commit(const struct tc_patch *p, const struct state *cum,
			   struct state *before);
/* The hunks of oc that applied only with fuzz, a line each. */
void tc_pm_fuzz_notes(const struct outcome *oc, int reverse, struct strbuf *out);
int tc_pm_judge_from(const struct tc_patch *p, struct state *without, int exact,
		     struct state *before, struct state *after, struct outcome *oc);

/* patchscope.c */
int tc_pm_exists_in(const struct state *s, const char *rel);
/* The trace headers the files of oc are or instantiate, in either state. */
void tc_pm_concerned(const struct outcome *oc, const struct tc_patch *p, const struct state *a,
		     const struct state *b, struct names *out);
int tc_pm_fix_paths(struct tc_patch *p, const char *input);
const char *tc_pm_renamed(const struct tc_patch *p, int reverse, const struct state *before,
			  const struct state *after, const char *rel, int to_new);

/* patchjudge.c */
void tc_pm_judge(const struct tc_patch_run *o, const char *rel, const struct tc_rfile *b,
		 const struct tc_rfile *a, const struct ranges *skip_b, const struct ranges *skip_a,
		 const struct outcome *oc, struct tc_report *out, struct verdict *v);
void tc_pm_unjudged(const struct outcome *oc, const char *rel, const char *brel,
		    const struct state *before, const struct state *after, struct ranges *rb,
		    struct ranges *ra, struct strbuf *names);

/* patchmode.c */
int tc_pm_touches_unchecked(const struct outcome *oc, const char *rel, const struct tc_rfile *f);

#endif
