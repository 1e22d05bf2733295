// SPDX-License-Identifier: MIT
/* A state of the tree (the files the patches so far changed), and one patch applied to it. */
#include "patchmode_internal.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "overlay.h"
#include "util.h"

/* ---- a state of the tree: the files the patches so far changed ---- */

static struct sfile *state_find(const struct state *s, const char *rel)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->v[i].rel, rel))
			return &s->v[i];
	return NULL;
}

/* The file's text in state s (from the disk if s has not changed it); NULL if absent. */
char *tc_pm_state_read(const struct state *s, const char *rel, size_t *len)
{
	const struct sfile *f = state_find(s, rel);

	if (!f) {
		char *t = is_file(rel) ? read_file(rel, len) : NULL;
		return t;
	}
	if (!f->text)
		return NULL;
	*len = f->len;
	return xstrndup(f->text, f->len);
}

static void state_set(struct state *s, const char *rel, const char *text, size_t len)
{
	struct sfile *f = state_find(s, rel);

	if (!f) {
		ALLOC_GROW(s->v, s->nr + 1, s->alloc);
		f = &s->v[s->nr++];
		f->rel = xstrdup(rel);
	} else {
		free(f->text);
	}
	f->text = text ? xstrndup(text, len) : NULL;
	f->len = text ? len : 0;
}

void tc_pm_state_copy(struct state *to, const struct state *from)
{
	memset(to, 0, sizeof(*to));
	for (size_t i = 0; i < from->nr; i++)
		state_set(to, from->v[i].rel, from->v[i].text, from->v[i].len);
}

void tc_pm_state_release(struct state *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		free(s->v[i].rel);
		free(s->v[i].text);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

void tc_pm_overlay_load(const struct state *s)
{
	tc_overlay_clear();
	for (size_t i = 0; i < s->nr; i++)
		tc_overlay_set(s->v[i].rel, s->v[i].text, s->v[i].len);
}

/* ---- applying one patch ---- */

/* Every hunk applied, each with all its context (at its line or at an offset). */
int tc_pm_exactly(const struct outcome *oc)
{
	return !oc->nr_failed && !oc->nr_fuzzed;
}

void tc_pm_outcome_release(struct outcome *oc)
{
	for (size_t i = 0; i < oc->nr; i++) {
		free(oc->files[i].rel);
		free(oc->files[i].v);
	}
	free(oc->files);
	for (size_t i = 0; i < oc->nr_failed; i++) {
		free(oc->failed[i].rel);
		free(oc->failed[i].why);
	}
	free(oc->failed);
	for (size_t i = 0; i < oc->nr_fuzzed; i++)
		free(oc->fuzzed[i].rel);
	free(oc->fuzzed);
	memset(oc, 0, sizeof(*oc));
}

static void add_failed(struct outcome *oc, const char *rel, size_t hunk, const struct tc_hunk *h,
		       int reverse, const char *why)
{
	ALLOC_GROW(oc->failed, oc->nr_failed + 1, oc->alloc_failed);
	struct fhunk *f = &oc->failed[oc->nr_failed++];
	f->rel = xstrdup(rel);
	f->hunk = hunk;
	f->pline = h->line;
	f->at = reverse ? h->new_start : h->old_start;
	f->from = f->to = 0;
	f->why = xstrdup(why);
}

/*
 * The patch cannot do what it says to file f (rel) at all: none of its
 * hunks count as applied, none of the file's events are judged.
 */
static void file_failed(struct outcome *oc, struct tfile *t, const char *rel,
			const struct tc_pfile *f, char *why)
{
	ALLOC_GROW(oc->failed, oc->nr_failed + 1, oc->alloc_failed);
	struct fhunk *x = &oc->failed[oc->nr_failed++];
	memset(x, 0, sizeof(*x));
	x->rel = xstrdup(rel);
	x->pline = f->line;
	x->from = 1;
	x->to = UINT_MAX;
	x->why = why;
	t->failed = f->nr;
}

/* A file whose text matters to the checks (a binary change to it cannot be applied). */
static int is_source(const char *path)
{
	return path && (ends_with(path, ".h") || ends_with(path, ".c"));
}

/* Record the lines hunk h added at base (0-based line of its new side) in t. */
static void record_added(struct tfile *t, const struct tc_hunk *h, int reverse, long base)
{
	char del = reverse ? '+' : '-', add = reverse ? '-' : '+';
	long nf = 0, nt = 0;

	for (size_t i = 0; i < h->nr; i++) {
		nf += h->lines[i][0] != add;
		nt += h->lines[i][0] != del;
	}
	/* what the earlier hunks added below this one moved */
	for (size_t i = 0; i < t->nr; i++)
		if ((long)t->v[i].line - 1 >= base + nf)
			t->v[i].line = (unsigned)((long)t->v[i].line + nt - nf);
	long j = 0;
	for (size_t i = 0; i < h->nr; i++) {
		char k = h->lines[i][0];
		if (k == del)
			continue;
		if (k == add && base + j >= 0) {
			ALLOC_GROW(t->v, t->nr + 1, t->alloc);
			t->v[t->nr].line = (unsigned)(base + j + 1);
			t->v[t->nr++].pline = h->line + 1 + (unsigned)i;
		}
		j++;
	}
}

/* Apply p to in (as a copy in out), in reverse if reverse. */
void tc_pm_apply_patch(const struct tc_patch *p, int reverse, const struct state *in,
		       struct state *out, struct outcome *oc)
{
	memset(oc, 0, sizeof(*oc));
	tc_pm_state_copy(out, in);
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		const char *from = reverse ? f->new_path : f->old_path;
		const char *to = reverse ? f->old_path : f->new_path;
		const char *rel = to ? to : from;
		size_t len = 0;
		char *text = from ? tc_pm_state_read(out, from, &len) : NULL;
		char *missing = NULL;

		ALLOC_GROW(oc->files, oc->nr + 1, oc->alloc);
		struct tfile *t = &oc->files[oc->nr++];
		memset(t, 0, sizeof(*t));
		t->rel = xstrdup(rel);
		t->hunks = f->nr;
		oc->hunks += f->nr;
		if (from && !text && to && strcmp(from, to)) {
			missing = xasprintf("the patch %s '%s' to it, but the tree does not have '%s'",
					    f->copy ? "copies" : "renames", from, from);
		} else if (from && !text) {
			missing = xstrdup("the file is not in the tree");
		} else if (!from || (to && strcmp(from, to))) {
			/* a new file may replace an empty one; a rename or copy, nothing */
			size_t tlen = 0;
			char *there = tc_pm_state_read(out, to, &tlen);
			if (there && (from || tlen))
				missing = !from ? xstrdup("the patch creates the file, but the tree has it "
							  "already")
						: xasprintf("the patch %s '%s' to it, but the tree has it "
							    "already",
							    f->copy ? "copies" : "renames", from);
			free(there);
		}
		if (!missing && f->binary && (is_source(from) || is_source(to)))
			missing = xstrdup("a binary change, which cannot be applied to the text");
		if (missing) {
			file_failed(oc, t, rel, f, missing);
			free(text);
			continue;
		}
		struct strbuf sb = STRBUF_INIT;
		strbuf_add(&sb, text ? text : "", len);
		free(text);
		long last_off = 0, delta = 0; /* delta: the lines the applied hunks added */
		for (size_t k = 0; k < f->nr; k++) {
			int failed = 0, fuzz = 0;
			long base = 0;
			long off = tc_hunk_apply_at(&f->hunks[k], &sb, reverse, &failed, &fuzz, &base);
			if (failed) {
				add_failed(oc, rel, k + 1, &f->hunks[k], reverse,
					   reverse ? "its context and added lines are not in the file "
						     "(-R undoes a patch the tree has)"
						   : "its context and removed lines are not in the file");
				t->failed++;
				/* where it would be: at the offset of the hunk before it */
				struct fhunk *fh = &oc->failed[oc->nr_failed - 1];
				long at = (long)fh->at + last_off;
				long cnt = reverse ? f->hunks[k].new_count : f->hunks[k].old_count;
				fh->from = at > 0 ? (unsigned)at : 1;
				fh->to = fh->from + (unsigned)(cnt ? cnt - 1 : 0);
			} else {
				if (fuzz) {
					ALLOC_GROW(oc->fuzzed, oc->nr_fuzzed + 1, oc->alloc_fuzzed);
					oc->fuzzed[oc->nr_fuzzed++] =
						(struct fuzzed){ xstrdup(rel), k + 1, fuzz };
				}
				record_added(t, &f->hunks[k], reverse, base);
				last_off = off - delta; /* in the lines of the file before */
				oc->offsets += (size_t)labs(last_off);
				delta += (long)(reverse ? f->hunks[k].old_count : f->hunks[k].new_count) -
					 (long)(reverse ? f->hunks[k].new_count : f->hunks[k].old_count);
			}
		}
		if (!to && !t->failed && sb.len && !f->binary)
			file_failed(oc, t, rel, f,
				    xstrdup("the patch deletes the file, but its hunks do not remove "
					    "all of its lines"));
		if (from && to && strcmp(from, to) && !f->copy)
			state_set(out, from, NULL, 0); /* renamed */
		if (to)
			state_set(out, to, strbuf_str(&sb), sb.len);
		else if (!t->failed)
			state_set(out, from, NULL, 0);
		strbuf_release(&sb);
	}
}

/*
 * Is p already applied in s, as patch(1) judges it ("Reversed (or
 * previously applied) patch detected"): every hunk applies in reverse
 * with all its context, and forward not (a hunk fails, or applies only
 * with fuzz: a new event added next to others applies again with its
 * context's ends ignored), or forward too but further from the lines
 * the hunks name (a DEFINE_EVENT added after one of the same shape
 * applies again below it, a whole event lower)?  If so, s without it in
 * *without.
 */
static int applied_in(const struct tc_patch *p, const struct state *s, struct state *without)
{
	struct state fwd;
	struct outcome foc, roc;
	int applied;

	tc_pm_apply_patch(p, 1, s, without, &roc);
	applied = tc_pm_exactly(&roc);
	if (applied) {
		tc_pm_apply_patch(p, 0, s, &fwd, &foc);
		applied = !tc_pm_exactly(&foc) || roc.offsets < foc.offsets;
		tc_pm_state_release(&fwd);
		tc_pm_outcome_release(&foc);
	}
	tc_pm_outcome_release(&roc);
	if (!applied)
		tc_pm_state_release(without);
	return applied;
}

/*
 * How many of the patches v[0..n-1] (a series, in order) the tree has
 * already: the longest first j of them that, undone from the last to
 * the first (each at its own point: patch j is the tree's top, the ones
 * before it below), are each applied as applied_in() judges.  *base:
 * the tree without them (0: the tree as it is).
 */
size_t tc_pm_applied_series(const struct tc_patch *const *v, size_t n, struct state *base)
{
	memset(base, 0, sizeof(*base));
	for (size_t j = n; j > 0; j--) {
		struct state s = { 0 };
		size_t k = j;
		for (struct state w; k && applied_in(v[k - 1], &s, &w); k--) {
			tc_pm_state_release(&s);
			s = w;
		}
		if (!k) {
			*base = s;
			return j;
		}
		tc_pm_state_release(&s);
	}
	return 0;
}

/*
 * Run git with args (NULL-terminated) in the current directory, its
 * standard output into out (may be NULL), standard error dropped; its
 * exit status, or -1.
 */
static int run_git(const char *const *args, struct strbuf *out)
{
	int fds[2];
	char buf[65536];
	ssize_t r;
	int st;

	if (pipe(fds))
		return -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (!pid) {
		int null = open("/dev/null", O_RDWR);
		dup2(fds[1], 1);
		if (null >= 0)
			dup2(null, 2);
		close(fds[0]);
		close(fds[1]);
		execvp("git", (char *const *)args);
		_exit(127);
	}
	close(fds[1]);
	while ((r = read(fds[0], buf, sizeof(buf))) > 0 || (r < 0 && errno == EINTR))
		if (r > 0 && out)
			strbuf_add(out, buf, (size_t)r);
	close(fds[0]);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/*
 * The tree as the parent of the commit a git format-patch mail names
 * (p->commit) had p's files, over cum, in *before: when that commit is
 * in the history of the current directory's HEAD (a commit elsewhere in
 * the repository is not the tree being checked).  b4 checks each patch of an
 * applied series on its own, and a later patch of it may have changed
 * the lines around this one's, so that neither direction applies as it
 * should to the tree.
 */
int tc_pm_parent_of_commit(const struct tc_patch *p, const struct state *cum,
			   struct state *before)
{
	const char *below[] = { "git", "merge-base", "--is-ancestor", p->commit, "HEAD", NULL };
	int ok = p->commit[0] && !run_git(below, NULL);

	if (!ok)
		return 0;
	tc_pm_state_copy(before, cum);
	for (size_t i = 0; ok && i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		if (f->new_path && (!f->old_path || strcmp(f->new_path, f->old_path)))
			state_set(before, f->new_path, NULL, 0); /* not there before it */
		if (!f->old_path)
			continue;
		struct strbuf sb = STRBUF_INIT;
		char *spec = xasprintf("%s^:./%s", p->commit, f->old_path);
		const char *show[] = { "git", "cat-file", "blob", spec, NULL };
		ok = !run_git(show, &sb);
		if (ok)
			state_set(before, f->old_path, strbuf_str(&sb), sb.len);
		strbuf_release(&sb);
		free(spec);
	}
	if (!ok)
		tc_pm_state_release(before);
	return ok;
}

/* The hunks of oc that applied only with fuzz, a line each. */
void tc_pm_fuzz_notes(const struct outcome *oc, int reverse, struct strbuf *out)
{
	for (size_t i = 0; i < oc->nr_fuzzed; i++) {
		const struct fuzzed *f = &oc->fuzzed[i];
		strbuf_addf(out,
			    "%s: hunk #%zu applied %sonly with fuzz %d (up to %d line%s of its "
			    "context at either end did not match)\n",
			    f->rel, f->hunk, reverse ? "in reverse " : "", f->fuzz, f->fuzz,
			    f->fuzz == 1 ? "" : "s");
	}
}

/*
 * Judge p as applied to without (taken over): if it applies to it (exact:
 * every hunk with all its context), without and p applied to it are the
 * before and after, and that application the outcome.
 */
int tc_pm_judge_from(const struct tc_patch *p, struct state *without, int exact,
		     struct state *before, struct state *after, struct outcome *oc)
{
	struct outcome foc;
	struct state fwd;

	tc_pm_apply_patch(p, 0, without, &fwd, &foc);
	if (exact ? !tc_pm_exactly(&foc) : foc.nr_failed != 0) {
		tc_pm_state_release(without);
		tc_pm_state_release(&fwd);
		tc_pm_outcome_release(&foc);
		return 0;
	}
	tc_pm_state_release(before);
	tc_pm_state_release(after);
	tc_pm_outcome_release(oc);
	*before = *without;
	*after = fwd;
	*oc = foc;
	return 1;
}
