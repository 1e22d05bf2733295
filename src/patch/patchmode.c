// SPDX-License-Identifier: MIT
#include "patchmode.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "discover.h"
#include "instantiator.h"
#include "overlay.h"
#include "patch.h"
#include "strbuf.h"
#include "util.h"

/* ---- a state of the tree: the files the patches so far changed ---- */

struct sfile {
	char *rel;
	char *text; /* NULL: removed */
	size_t len;
};

struct state {
	struct sfile *v;
	size_t nr, alloc;
};

static struct sfile *state_find(const struct state *s, const char *rel)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->v[i].rel, rel))
			return &s->v[i];
	return NULL;
}

/* The file's text in state s (from the disk if s has not changed it); NULL if absent. */
static char *state_read(const struct state *s, const char *rel, size_t *len)
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

static void state_copy(struct state *to, const struct state *from)
{
	memset(to, 0, sizeof(*to));
	for (size_t i = 0; i < from->nr; i++)
		state_set(to, from->v[i].rel, from->v[i].text, from->v[i].len);
}

static void state_release(struct state *s)
{
	for (size_t i = 0; i < s->nr; i++) {
		free(s->v[i].rel);
		free(s->v[i].text);
	}
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void overlay_load(const struct state *s)
{
	tc_overlay_clear();
	for (size_t i = 0; i < s->nr; i++)
		tc_overlay_set(s->v[i].rel, s->v[i].text, s->v[i].len);
}

/* ---- applying one patch ---- */

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

/* Every hunk applied, each with all its context (at its line or at an offset). */
static int exactly(const struct outcome *oc)
{
	return !oc->nr_failed && !oc->nr_fuzzed;
}

static void outcome_release(struct outcome *oc)
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
static void apply_patch(const struct tc_patch *p, int reverse, const struct state *in,
			struct state *out, struct outcome *oc)
{
	memset(oc, 0, sizeof(*oc));
	state_copy(out, in);
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		const char *from = reverse ? f->new_path : f->old_path;
		const char *to = reverse ? f->old_path : f->new_path;
		const char *rel = to ? to : from;
		size_t len = 0;
		char *text = from ? state_read(out, from, &len) : NULL;
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
			char *there = state_read(out, to, &tlen);
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

	apply_patch(p, 1, s, without, &roc);
	applied = exactly(&roc);
	if (applied) {
		apply_patch(p, 0, s, &fwd, &foc);
		applied = !exactly(&foc) || roc.offsets < foc.offsets;
		state_release(&fwd);
		outcome_release(&foc);
	}
	outcome_release(&roc);
	if (!applied)
		state_release(without);
	return applied;
}

/*
 * How many of the patches v[0..n-1] (a series, in order) the tree has
 * already: the longest first j of them that, undone from the last to
 * the first (each at its own point: patch j is the tree's top, the ones
 * before it below), are each applied as applied_in() judges.  *base:
 * the tree without them (0: the tree as it is).
 */
static size_t applied_series(const struct tc_patch *const *v, size_t n, struct state *base)
{
	memset(base, 0, sizeof(*base));
	for (size_t j = n; j > 0; j--) {
		struct state s = { 0 };
		size_t k = j;
		for (struct state w; k && applied_in(v[k - 1], &s, &w); k--) {
			state_release(&s);
			s = w;
		}
		if (!k) {
			*base = s;
			return j;
		}
		state_release(&s);
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
static int parent_of_commit(const struct tc_patch *p, const struct state *cum,
			    struct state *before)
{
	const char *below[] = { "git", "merge-base", "--is-ancestor", p->commit, "HEAD", NULL };
	int ok = p->commit[0] && !run_git(below, NULL);

	if (!ok)
		return 0;
	state_copy(before, cum);
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
		state_release(before);
	return ok;
}

/* ---- which headers a patch concerns ---- */

/*
 * Does rel (relative to the tree, the current directory) lead outside
 * the tree once symlinks are resolved?  The longest part of it that
 * exists is resolved (a new file's directory); a symlink that does not
 * resolve counts as outside.  *link: the first symlink on the way.
 */
static int escapes_tree(const char *rel, char **link)
{
	char *top = realpath(".", NULL);
	char *path = xstrdup(rel);
	int out = 0;

	if (link)
		*link = NULL;
	if (!top)
		die("cannot resolve the current directory: %s", strerror(errno));
	for (;;) {
		struct stat st;
		char *real = realpath(path, NULL);
		if (real) {
			out = strcmp(real, top) && !path_below(real, top);
			free(real);
			break;
		}
		if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
			out = 1;
			break;
		}
		char *up = dir_name(path);
		free(path);
		path = up;
		if (!strcmp(path, "."))
			break;
	}
	free(path);
	free(top);
	if (out && link) {
		struct strbuf sb = STRBUF_INIT;
		for (const char *c = rel; *c && !*link;) {
			const char *e = strchrnul(c, '/');
			struct stat st;
			strbuf_add(&sb, c, (size_t)(e - c));
			if (!lstat(strbuf_str(&sb), &st) && S_ISLNK(st.st_mode))
				*link = xstrdup(strbuf_str(&sb));
			strbuf_addch(&sb, '/');
			c = *e ? e + 1 : e;
		}
		strbuf_release(&sb);
	}
	return out;
}


struct names {
	char **v;
	size_t nr, alloc;
};

static void add_name(struct names *n, const char *s)
{
	for (size_t i = 0; i < n->nr; i++)
		if (!strcmp(n->v[i], s))
			return;
	ALLOC_GROW(n->v, n->nr + 1, n->alloc);
	n->v[n->nr++] = xstrdup(s);
}

/* dir/name normalised, relative to the tree (the current directory), or NULL outside it. */
static char *tree_rel(const char *dir, const char *name)
{
	char *joined = xasprintf("%s/%s", dir, name);
	char *abs = absolute_path(joined);
	char *top = absolute_path(".");
	const char *below = path_below(abs, top);
	char *rel = below ? xstrdup(below) : NULL;

	free(joined);
	free(abs);
	free(top);
	return rel;
}

struct ctp_ctx {
	const char *dir;
	const struct state *a, *b;
	struct names *out;
};

static int exists_in(const struct state *s, const char *rel)
{
	size_t len;
	char *t = state_read(s, rel, &len);

	free(t);
	return t != NULL;
}

/* Is rel a header of trace events (it uses an event macro) in state s? */
static int trace_header_in(const struct state *s, const char *rel)
{
	size_t len;
	char *t = state_read(s, rel, &len);
	int yes = t && tc_is_trace_header_text(t);

	free(t);
	return yes;
}

static int ctp_header(const char *define, const char *line, const char *name, size_t n,
		      int quoted, void *vctx)
{
	struct ctp_ctx *c = vctx;
	char *nm = xstrndup(name, n);
	const char *dirs[] = { quoted ? c->dir : NULL, "include", "arch/x86/include" };

	(void)define;
	(void)line;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *rel = dirs[i] ? tree_rel(dirs[i], nm) : NULL;
		if (rel && (exists_in(c->a, rel) || exists_in(c->b, rel)) && !escapes_tree(rel, NULL)) {
			/*
			 * the first the name finds; a header of no events
			 * (internal.h after the define) is not one to check
			 */
			if (trace_header_in(c->a, rel) || trace_header_in(c->b, rel))
				add_name(c->out, rel);
			free(rel);
			break;
		}
		free(rel);
	}
	free(nm);
	return 0;
}

/* The trace headers the files of oc are or instantiate, in either state. */
static void concerned(const struct outcome *oc, const struct tc_patch *p, const struct state *a,
		      const struct state *b, struct names *out)
{
	for (size_t i = 0; i < p->nr; i++) {
		const char *paths[] = { p->files[i].old_path, p->files[i].new_path };
		for (size_t k = 0; k < 2; k++) {
			const char *rel = paths[k];
			if (!rel)
				continue;
			for (int s = 0; s < 2; s++) {
				size_t len;
				char *text = state_read(s ? b : a, rel, &len);
				if (!text)
					continue;
				if (ends_with(rel, ".h") && tc_is_trace_header_text(text)) {
					add_name(out, rel);
				} else if (ends_with(rel, ".c")) {
					char *dir = dir_name(rel);
					struct ctp_ctx c = { dir, a, b, out };
					tc_for_each_ctp_include(text, ctp_header, &c);
					free(dir);
				}
				free(text);
			}
		}
	}
	(void)oc;
	sort_strings(out->v, out->nr);
}

/* ---- checking the headers before and after ---- */

struct item {
	const char *rel;
	int after;
};

struct check_ctx {
	const struct tc_patch_run *o;
	struct item *items;
	struct tc_file_result *results;
	const struct state *states[2];
	struct tc_report reports[2];
	const struct outcome *oc;
	unsigned char *given; /* per item: its result came from the side after's worker */
};

/*
 * Whether the patch (what oc says it added) touches what f, a header
 * after it, did not check: one of its events not checked (a line the
 * patch adds or changes in the event's call); a header that was not
 * checked as a whole, always.
 */
static int touches_unchecked(const struct outcome *oc, const char *rel, const struct tc_rfile *f)
{
	if (!f->nc_reason)
		return 0;
	if (!f->nr_nc_events)
		return 1;
	for (size_t i = 0; i < oc->nr; i++) {
		if (strcmp(oc->files[i].rel, rel))
			continue;
		for (size_t k = 0; k < oc->files[i].nr; k++)
			for (size_t e = 0; e < f->nr_nc_events; e++)
				if (oc->files[i].v[k].line >= f->nc_events[e].line &&
				    oc->files[i].v[k].line <= f->nc_events[e].end)
					return 1;
	}
	return 0;
}

/* f (status 3 with events not checked) as the patch sees it: checked, when it touches none of them. */
static void untouched_checked(const struct outcome *oc, const char *rel, struct tc_rfile *f,
			      struct tc_file_result *r)
{
	if (!f->nc_reason || !f->nr_nc_events || f->status == 2 || touches_unchecked(oc, rel, f))
		return;
	char *said = xasprintf("%s: not checked: %s", f->path, f->nc_message);
	size_t k = 0;
	for (size_t j = 0; r && j < r->nr_msgs; j++) {
		if (r->msgs[j].level == TC_MSG_WARNING && !strcmp(r->msgs[j].text, said))
			free(r->msgs[j].text);
		else
			r->msgs[k++] = r->msgs[j];
	}
	if (r)
		r->nr_msgs = k;
	free(said);
	free(f->nc_reason);
	free(f->nc_message);
	f->nc_reason = f->nc_message = NULL;
	struct tc_nc_events ev = { f->nc_events, f->nr_nc_events };
	tc_nc_events_release(&ev);
	f->nc_events = NULL;
	f->nr_nc_events = 0;
	if (f->status == 3)
		f->status = 0; /* 3 is below 1: it had no finding at --fail-on */
}

static void load_side(const void *side)
{
	overlay_load(side);
}

/* Is item i the side after the patch of a header that was there before (item i - 1)? */
static int after_of_pair(const struct check_ctx *c, size_t i)
{
	const struct item *it = &c->items[i];

	return it->after && i && !c->items[i - 1].after && !strcmp(c->items[i - 1].rel, it->rel);
}

static void work_item(size_t i, void *vctx, int fd)
{
	struct check_ctx *c = vctx;
	const struct item *it = &c->items[i];
	int pair = after_of_pair(c, i) && c->o->read_before;

	/*
	 * the side before first, its result written ahead of this one's: its
	 * item starts after this one (waits_for()) and needs no worker then
	 */
	if (pair && c->o->prime_before) {
		overlay_load(c->states[0]);
		c->o->prime_before(it->rel, c->o->ctx, fd);
	}
	overlay_load(c->states[it->after]);
	/* the side after the patch of a header that was there before: that one too */
	if (pair)
		c->o->read_before(it->rel, c->o->ctx, load_side, c->states[0], c->states[1]);
	tc_result_work(it->rel, c->o->check, c->o->ctx, fd);
}

/* The side before of a header the patch changes starts once the side after has ended. */
static size_t waits_for(size_t i, void *vctx)
{
	struct check_ctx *c = vctx;

	if (c->o->prime_before && c->o->read_before && c->items[i].rel && c->items[i + 1].rel &&
	    after_of_pair(c, i + 1))
		return i + 1;
	return i;
}

static size_t collect_item(size_t i, const struct tc_worker_end *end, void *vctx)
{
	struct check_ctx *c = vctx;
	struct tc_worker_end rest = *end;
	size_t n = 0, first;

	/* the side before's result, whole, ahead of the side after's (work_item()) */
	if (c->o->prime_before && c->o->read_before && after_of_pair(c, i) &&
	    (first = tc_result_frame_len(end->data, end->len))) {
		char *data = xstrndup(end->data, first); /* a string: its JSON ends there */
		struct tc_worker_end given = { data, first, 0, 0, 0, 0 };
		n = tc_result_collect(&c->results[i - 1], &given);
		free(data);
		c->given[i - 1] = 1;
		rest.data += first;
		rest.len -= first;
	}
	return n + tc_result_collect(&c->results[i], &rest);
}

static int collected(size_t i, void *vctx)
{
	struct check_ctx *c = vctx;

	return c->given[i];
}

/*
 * What the check of a side said, on standard error; its findings are the
 * side's report's.  That the header is not checked is said once, by the
 * side after the patch (items are in pairs, before then after).
 */
static void emit_item(size_t i, void *vctx)
{
	struct check_ctx *c = vctx;
	struct tc_file_result *r = &c->results[i];

	if (!c->items[i].after && c->items[i + 1].rel && c->items[i + 1].after &&
	    !strcmp(c->items[i + 1].rel, c->items[i].rel) && r->file.nc_message) {
		char *said = xasprintf("%s: not checked: %s", r->file.path, r->file.nc_message);
		size_t k = 0;
		for (size_t j = 0; j < r->nr_msgs; j++) {
			if (r->msgs[j].level == TC_MSG_WARNING && !strcmp(r->msgs[j].text, said))
				free(r->msgs[j].text);
			else
				r->msgs[k++] = r->msgs[j];
		}
		r->nr_msgs = k;
		free(said);
	}
	/* events not checked that the patch does not touch: not its concern */
	if (c->items[i].after)
		untouched_checked(c->oc, c->items[i].rel, &r->file, r);
	tc_result_print_messages(r);
	tc_report_add(&c->reports[c->items[i].after], &c->results[i].file);
	tc_result_release(&c->results[i]);
}

static const struct tc_rfile *file_of(const struct tc_report *r, const char *rel)
{
	for (size_t i = 0; i < r->nr; i++)
		if (!strcmp(r->files[i].path, rel))
			return &r->files[i];
	return NULL;
}

/* A note of the patch's view of x: where its cause is, a locus (diag.h). */
static void add_note(struct tc_rfinding *x, const char *path, const char *msg)
{
	x->notes = xrealloc(x->notes, (x->nr_notes + 1) * sizeof(*x->notes));
	struct tc_rnote *n = &x->notes[x->nr_notes++];
	n->path = xstrdup(path);
	n->line = x->line;
	n->col = x->col;
	n->msg = xstrdup(msg);
	n->kind = TC_NOTE_LOCUS;
}

static void copy_finding(struct tc_rfinding *to, const struct tc_rfinding *x)
{
	*to = *x;
	to->rule = xstrdup(x->rule);
	to->msg = xstrdup(x->msg);
	to->fingerprint = x->fingerprint ? xstrdup(x->fingerprint) : NULL;
	to->subject = x->subject ? xstrdup(x->subject) : NULL;
	to->line_hash = x->line_hash ? xstrdup(x->line_hash) : NULL;
	to->config = x->config ? xstrdup(x->config) : NULL;
	to->fix = tc_rfix_dup(x->fix);
	to->notes = xcalloc(x->nr_notes + 1, sizeof(*to->notes));
	for (size_t k = 0; k < x->nr_notes; k++) {
		to->notes[k] = x->notes[k];
		to->notes[k].path = x->notes[k].path ? xstrdup(x->notes[k].path) : NULL;
		to->notes[k].msg = xstrdup(x->notes[k].msg);
	}
}

/* ---- comparing ---- */

/* A finding, or a note that is a finding of another rule merged into one ("... [rule]"). */
struct cmp {
	const char *rule, *fingerprint, *subject;
	char *msg;
	unsigned line, col;
	int note;
	size_t finding; /* its index in the file */
	int matched;
};

struct cmps {
	struct cmp *v;
	size_t nr, alloc;
};

struct ranges {
	unsigned (*v)[2];
	size_t nr, alloc;
};

static int in_ranges(const struct ranges *r, unsigned line)
{
	for (size_t i = 0; i < r->nr; i++)
		if (line >= r->v[i][0] && line <= r->v[i][1])
			return 1;
	return 0;
}

static void cmps_of(const struct tc_rfile *f, const struct ranges *skip, struct cmps *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; f && i < f->nr; i++) {
		const struct tc_rfinding *x = &f->v[i];
		if (in_ranges(skip, x->line))
			continue;
		ALLOC_GROW(out->v, out->nr + 1, out->alloc);
		out->v[out->nr++] = (struct cmp){ x->rule, x->fingerprint, x->subject,
						  xstrdup(x->msg), x->line, x->col, 0, i, 0 };
		for (size_t k = 0; k < x->nr_notes; k++) {
			const char *m = x->notes[k].msg;
			size_t n = strlen(m);
			const char *tag = n > 3 && m[n - 1] == ']' ? strrchr(m, '[') : NULL;
			if (!tag || tag == m || tag[-1] != ' ')
				continue;
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			/* a finding merged into this one: the same subject, its own rule */
			out->v[out->nr++] = (struct cmp){ NULL, NULL, x->subject,
							  xstrndup(m, (size_t)(tag - 1 - m)),
							  x->line, x->col, 1, i, 0 };
			/* the rule is the tag's text: keep it in the message's tail */
			out->v[out->nr - 1].rule = tag + 1;
		}
	}
}

static void cmps_release(struct cmps *c)
{
	for (size_t i = 0; i < c->nr; i++)
		free(c->v[i].msg);
	free(c->v);
}

static size_t rule_len(const char *rule)
{
	return strcspn(rule, "]");
}

/*
 * Both sides are judged by the same tracecheck, so the same defect has
 * the same words on both.  Pass 0: the same rule, subject and message
 * (the fingerprint too, where both have one: the same occurrence).
 * Pass 1: the same rule, subject and message, another occurrence.
 * Pass 2: the same rule and subject, reworded by what changed (a
 * record's padding, now 11 bytes, was 9) but about the same quoted thing
 * (the same conversion, field or call), or a finding merged into another
 * one's notes before.  Another defect of the same field or argument is
 * another finding.
 */
static int same(const struct cmp *x, const struct cmp *y, int pass)
{
	const char *a, *b;
	size_t n, m;

	if (rule_len(x->rule) != rule_len(y->rule) || strncmp(x->rule, y->rule, rule_len(x->rule)))
		return 0;
	if (x->subject && y->subject && strcmp(x->subject, y->subject))
		return 0;
	if (pass == 0 && x->fingerprint && y->fingerprint && !x->note && !y->note &&
	    strcmp(x->fingerprint, y->fingerprint))
		return 0;
	if (pass < 2)
		return !strcmp(x->msg, y->msg);
	n = tc_first_quoted(x->msg, &a);
	m = tc_first_quoted(y->msg, &b);
	return n == m && (!n || !strncmp(a, b, n));
}

struct verdict {
	size_t introduced, fixed, left, failing; /* failing: introduced at or above --fail-on */
	int broken;				  /* a header failed to parse after the patch */
	int not_checked;			  /* a header was not checked after it */
	struct strbuf fixed_lines;
};

static unsigned patch_line_of(const struct outcome *oc, const char *rel, unsigned line)
{
	for (size_t i = 0; i < oc->nr; i++)
		if (!strcmp(oc->files[i].rel, rel))
			for (size_t k = 0; k < oc->files[i].nr; k++)
				if (oc->files[i].v[k].line == line)
					return oc->files[i].v[k].pline;
	return 0;
}

/*
 * Compare header rel's findings before (b) and after (a), leaving out
 * the lines of skip_b / skip_a (events a failed hunk would change);
 * what to report goes into out.
 */
static void judge(const struct tc_patch_run *o, const char *rel, const struct tc_rfile *b,
		  const struct tc_rfile *a, const struct ranges *skip_b, const struct ranges *skip_a,
		  const struct outcome *oc, struct tc_report *out, struct verdict *v)
{
	enum tc_severity fail_on = o->fail_on(rel, o->ctx);
	struct cmps cb, ca;

	cmps_of(b, skip_b, &cb);
	cmps_of(a, skip_a, &ca);
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < ca.nr; i++)
			for (size_t k = 0; k < cb.nr && !ca.v[i].matched; k++)
				if (!cb.v[k].matched && same(&ca.v[i], &cb.v[k], pass))
					ca.v[i].matched = cb.v[k].matched = 1;
	if (a && a->status == 2)
		v->broken = 1;
	/* not checked: the header, or an event of it the patch touches (findings or not) */
	if (a && a->status != 2 && touches_unchecked(oc, rel, a))
		v->not_checked = 1;
	if (a) {
		ALLOC_GROW(out->files, out->nr + 1, out->alloc);
		struct tc_rfile *f = &out->files[out->nr++];
		memset(f, 0, sizeof(*f));
		f->path = xstrdup(a->path);
		f->events = a->events;
		f->status = a->status == 2 || a->status == 3 ? a->status : 0;
		f->error = a->error ? xstrdup(a->error) : NULL;
		f->nc_reason = a->nc_reason ? xstrdup(a->nc_reason) : NULL;
		f->nc_message = a->nc_message ? xstrdup(a->nc_message) : NULL;
		f->fail_on = fail_on;
		f->v = xcalloc(a->nr + 1, sizeof(*f->v));
		for (size_t i = 0; i < ca.nr; i++) {
			if (ca.v[i].note)
				continue;
			const struct tc_rfinding *x = &a->v[ca.v[i].finding];
			int was = ca.v[i].matched;
			if (was) {
				v->left++;
				if (!o->all)
					continue;
			} else {
				v->introduced++;
				if (x->severity >= fail_on && x->severity != TC_SEV_NOTE)
					v->failing++;
			}
			struct tc_rfinding *y = &f->v[f->nr++];
			copy_finding(y, x);
			if (was) {
				add_note(y, f->path, "(already there before this patch)");
				continue;
			}
			y->patch_line = patch_line_of(oc, rel, x->line);
			if (!y->patch_line)
				add_note(y, f->path,
					 "the patch does not add this line; what it changes elsewhere "
					 "causes the finding");
			if (x->severity >= fail_on && x->severity != TC_SEV_NOTE)
				f->status = tc_status_worse(f->status, 1);
		}
	}
	for (size_t k = 0; k < cb.nr; k++) {
		if (cb.v[k].matched || cb.v[k].note)
			continue; /* a note goes with its finding */
		v->fixed++;
		strbuf_addf(&v->fixed_lines, "  fixes %s:%u:%u: %s [%.*s]\n", b->path, cb.v[k].line,
			    cb.v[k].col, cb.v[k].msg, (int)rule_len(cb.v[k].rule), cb.v[k].rule);
	}
	cmps_release(&cb);
	cmps_release(&ca);
}

/* ---- the events a failed hunk would have changed ---- */

struct block {
	char *name;
	unsigned first, last;
};

static size_t ident(const char *p)
{
	size_t n = 0;

	while (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') ||
	       (n && p[n] >= '0' && p[n] <= '9'))
		n++;
	return n;
}

static const char *skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\\')
		p++;
	return p;
}

/* The event macro invocations of text (at the start of a line), with their names and lines. */
static size_t event_blocks(const char *text, struct block **out)
{
	struct block *v = NULL;
	size_t nr = 0, alloc = 0;
	unsigned line = 1;

	for (const char *l = text; *l; line++) {
		size_t n = ident(l);
		if (n && l[0] >= 'A' && l[0] <= 'Z' &&
		    (memmem(l, n, "EVENT", 5) || memmem(l, n, "TRACE", 5))) {
			const char *p = skip_space(l + n);
			if (*p == '(') {
				p = skip_space(p + 1);
				if (!strncmp(l, "DEFINE_EVENT", 12)) {
					p += ident(p); /* the class */
					p = skip_space(p);
					if (*p == ',')
						p = skip_space(p + 1);
				}
				size_t m = ident(p);
				if (m) {
					if (nr)
						v[nr - 1].last = line - 1;
					ALLOC_GROW(v, nr + 1, alloc);
					v[nr++] = (struct block){ xstrndup(p, m), line, ~0u };
				}
			}
		}
		l = strchrnul(l, '\n');
		if (*l)
			l++;
	}
	if (nr)
		v[nr - 1].last = line - 1; /* a hunk past the end changes none */
	*out = v;
	return nr;
}

static void free_blocks(struct block *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

/*
 * The events of rel that the failed hunks would have changed: their
 * lines before (rb; in brel, its name before the patch) and after (ra)
 * the patch; their names in *names.
 */
static void unjudged(const struct outcome *oc, const char *rel, const char *brel,
		     const struct state *before, const struct state *after, struct ranges *rb,
		     struct ranges *ra, struct strbuf *names)
{
	size_t lb = 0, la = 0;
	char *tb = state_read(before, brel, &lb), *ta = state_read(after, rel, &la);
	struct block *bb = NULL, *ba = NULL;
	size_t nb = tb ? event_blocks(tb, &bb) : 0, na = ta ? event_blocks(ta, &ba) : 0;

	memset(rb, 0, sizeof(*rb));
	memset(ra, 0, sizeof(*ra));
	for (size_t i = 0; i < oc->nr_failed; i++) {
		const struct fhunk *f = &oc->failed[i];
		if (strcmp(f->rel, rel))
			continue;
		for (size_t k = 0; k < nb; k++) {
			if (bb[k].last < f->from || bb[k].first > f->to)
				continue;
			int known = 0;
			for (size_t j = 0; j < rb->nr; j++)
				known |= rb->v[j][0] == bb[k].first;
			if (known)
				continue;
			ALLOC_GROW(rb->v, rb->nr + 1, rb->alloc);
			rb->v[rb->nr][0] = bb[k].first;
			rb->v[rb->nr++][1] = bb[k].last;
			strbuf_addf(names, "%s%s", names->len ? ", " : "", bb[k].name);
			for (size_t j = 0; j < na; j++)
				if (!strcmp(ba[j].name, bb[k].name)) {
					ALLOC_GROW(ra->v, ra->nr + 1, ra->alloc);
					ra->v[ra->nr][0] = ba[j].first;
					ra->v[ra->nr++][1] = ba[j].last;
				}
		}
	}
	free_blocks(bb, nb);
	free_blocks(ba, na);
	free(tb);
	free(ta);
}

/* ---- the run ---- */

static int read_input(const char *origin, const char *name, char **text)
{
	size_t len = 0;

	if (!strcmp(name, "-")) {
		struct strbuf sb = STRBUF_INIT;
		char buf[65536];
		size_t r;
		while ((r = fread(buf, 1, sizeof(buf), stdin)) > 0)
			strbuf_add(&sb, buf, r);
		if (ferror(stdin)) {
			strbuf_release(&sb);
			return error("standard input: %s", strerror(errno));
		}
		len = sb.len;
		*text = strbuf_detach(&sb);
	} else {
		char *path = name[0] == '/' ? xstrdup(name) : xasprintf("%s/%s", origin, name);
		if (is_dir(path)) {
			free(path);
			return error("%s: is a directory, not a patch", name);
		}
		*text = read_file(path, &len);
		free(path);
		if (!*text)
			return error("%s: %s", name, strerror(errno));
	}
	if (memchr(*text, '\0', len)) {
		free(*text);
		return error("%s: not a patch (it contains NUL bytes)",
			     strcmp(name, "-") ? name : "standard input");
	}
	return 0;
}

/*
 * The tree's name for a path of the patch: as written, or without its
 * first directory (a plain "diff -u old/f new/f"); an error if it is
 * not safe (absolute, "..", through a symlink that leads out of the
 * tree).
 */
static int fix_paths(struct tc_patch *p, const char *input)
{
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		char **paths[] = { &p->files[i].old_path, &p->files[i].new_path };
		for (size_t k = 0; k < 2; k++) {
			char *s = *paths[k];
			if (!s)
				continue;
			if (!tc_patch_path_ok(s))
				return error("%s: refusing the path '%s': it is outside the tree "
					     "(absolute, or with a '..' component)",
					     input, s);
			const char *slash = strchr(s, '/');
			/* a new file, or a git diff (whose names are the tree's): keep */
			if (!is_file(s) && slash && slash[1] && f->nr && f->hunks[0].old_start) {
				char *rest = xstrdup(slash + 1);
				if (is_file(rest)) {
					free(s);
					*paths[k] = s = rest;
				} else {
					free(rest);
				}
			}
			char *link;
			if (escapes_tree(s, &link)) {
				error("%s: refusing the path '%s': it leads outside the tree through the "
				      "symlink '%s'",
				      input, s, link ? link : s);
				free(link);
				return -1;
			}
		}
	}
	return 0;
}

static size_t count_lines(const char *text, unsigned from, unsigned to)
{
	size_t n = 0, line = 1;

	for (const char *c = text; *c; c++) {
		if (line >= from && (!to || line < to))
			n += *c == '\n' || !c[1];
		line += *c == '\n';
	}
	return n;
}

static const char *patch_name(const struct tc_patch *p, const char *input)
{
	return p->subject ? p->subject : strcmp(input, "-") ? input : "standard input";
}

/* Add f (taken over) to r: a header several patches change is one entry. */
static void combine(struct tc_report *r, struct tc_rfile *f)
{
	for (size_t i = 0; i < r->nr; i++) {
		struct tc_rfile *g = &r->files[i];
		if (strcmp(g->path, f->path))
			continue;
		g->v = xrealloc(g->v, (g->nr + f->nr + 1) * sizeof(*g->v));
		memcpy(g->v + g->nr, f->v, f->nr * sizeof(*f->v));
		g->nr += f->nr;
		g->events = f->events;
		if (f->status != g->status && tc_status_worse(g->status, f->status) == f->status) {
			/* f's status and why are g's now, g's go with f */
			struct tc_rfile was = *g;
			g->status = f->status;
			g->error = f->error;
			g->nc_reason = f->nc_reason;
			g->nc_message = f->nc_message;
			f->error = was.error;
			f->nc_reason = was.nc_reason;
			f->nc_message = was.nc_message;
		}
		f->nr = 0; /* the findings are g's */
		tc_rfile_release(f);
		return;
	}
	ALLOC_GROW(r->files, r->nr + 1, r->alloc);
	r->files[r->nr++] = *f;
}

/*
 * A header the patch renamed: if rel is the old name (to_new 0), its
 * new name; if rel is the new name (to_new 1), its old one; else NULL.
 * Only a rename that happened counts (the old name is gone, the new
 * there), and only a header: a rename's findings are compared across it.
 */
static const char *renamed(const struct tc_patch *p, int reverse, const struct state *before,
			   const struct state *after, const char *rel, int to_new)
{
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		const char *from = reverse ? f->new_path : f->old_path;
		const char *to = reverse ? f->old_path : f->new_path;
		if (!from || !to || f->copy || !strcmp(from, to) || strcmp(to_new ? to : from, rel))
			continue;
		if (exists_in(before, from) && !exists_in(after, from) && exists_in(after, to))
			return to_new ? from : to;
	}
	return NULL;
}

/* The hunks of oc that applied only with fuzz, a line each. */
static void fuzz_notes(const struct outcome *oc, int reverse, struct strbuf *out)
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
static int judge_from(const struct tc_patch *p, struct state *without, int exact,
		      struct state *before, struct state *after, struct outcome *oc)
{
	struct outcome foc;
	struct state fwd;

	apply_patch(p, 0, without, &fwd, &foc);
	if (exact ? !exactly(&foc) : foc.nr_failed != 0) {
		state_release(without);
		state_release(&fwd);
		outcome_release(&foc);
		return 0;
	}
	state_release(before);
	state_release(after);
	outcome_release(oc);
	*before = *without;
	*after = fwd;
	*oc = foc;
	return 1;
}

/* Each line of text, after prefix, to fp. */
static void put_lines(const char *prefix, const char *text, FILE *fp)
{
	for (const char *l = text; *l;) {
		const char *e = strchrnul(l, '\n');
		fprintf(fp, "%s%.*s\n", prefix, (int)(e - l), l);
		l = *e ? e + 1 : e;
	}
}

/*
 * Check patch k of ps (from input); cum is the tree as the patches before
 * left it; applied: cum is the tree without the patch, which is applied
 * (applied_series()).
 */
static int check_patch(const struct tc_patch_run *o, const char *input, const char *text,
		       const struct tc_patches *ps, size_t k, struct state *cum, int applied,
		       struct tc_report *combined)
{
	const struct tc_patch *p = &ps->v[k];
	struct state before, after;
	struct outcome oc;
	int status = 0;
	struct strbuf fuzzy = STRBUF_INIT;

	apply_patch(p, o->reverse, cum, &after, &oc);
	state_copy(&before, cum);
	if (!o->reverse && !applied && !exactly(&oc)) {
		struct state rev;
		struct outcome roc;
		apply_patch(p, 1, cum, &rev, &roc);
		/*
		 * Already in the tree (applied_in()), or, when it does not
		 * apply, its reverse applies at all (with fuzz where a later
		 * patch of an applied series changed the lines around it:
		 * b4 checks each patch of one on its own): check it against
		 * the tree without it.
		 */
		if ((exactly(&roc) || (oc.nr_failed && !roc.nr_failed)) &&
		    judge_from(p, &rev, 0, &before, &after, &oc)) {
			applied = 1;
			fuzz_notes(&roc, 1, &fuzzy);
		} else {
			state_release(&rev);
		}
		outcome_release(&roc);
	}
	struct state parent;
	/* its commit is in HEAD's history: judged as that commit changed its parent */
	if (!o->reverse && !applied && !exactly(&oc) && parent_of_commit(p, cum, &parent))
		applied = judge_from(p, &parent, 1, &before, &after, &oc);
	fuzz_notes(&oc, o->reverse, &fuzzy);
	if (o->verbose && applied)
		fprintf(stderr, "%s: %s: already applied to the tree; checked against the tree "
				"without it\n",
			tc_progname, patch_name(p, input));
	for (size_t i = 0; i < oc.nr_failed; i++) {
		const struct fhunk *f = &oc.failed[i];
		const char *in = strcmp(input, "-") ? input : "<stdin>";
		if (f->hunk)
			error_at(in, f->pline, 1, "hunk #%zu of %s does not apply at line %u: %s",
				 f->hunk, f->rel, f->at, f->why);
		else
			error_at(in, f->pline, 1, "%s: %s", f->rel, f->why);
		status = 2;
	}

	struct names hs = { 0 };
	concerned(&oc, p, &before, &after, &hs);
	struct item *items = xcalloc(hs.nr * 2 + 1, sizeof(*items));
	size_t n = 0;
	for (size_t i = 0; i < hs.nr; i++)
		for (int s = 0; s < 2; s++)
			if (exists_in(s ? &after : &before, hs.v[i])) {
				items[n].rel = hs.v[i];
				items[n++].after = s;
			}
	struct check_ctx c = { o, items, xcalloc(n + 1, sizeof(*c.results)), { &before, &after },
			       { { 0 }, { 0 } }, &oc, xcalloc(n + 1, 1) };
	for (size_t i = 0; i < n; i++)
		tc_result_init(&c.results[i], items[i].rel);
	if (n) {
		struct tc_run_options ro = {
			.jobs = o->jobs,
			.timeout = o->timeout,
			.work = work_item,
			.collect = collect_item,
			.emit = emit_item,
			.waits_for = waits_for,
			.collected = collected,
			.ctx = &c,
		};
		if (o->warm)
			o->warm(o->ctx);
		tc_run_files(n, &ro);
	}
	free(c.results);
	free(c.given);

	struct tc_report out = { 0 };
	struct verdict v = { 0 };
	strbuf_init(&v.fixed_lines);
	struct strbuf skipped = STRBUF_INIT;
	for (size_t i = 0; i < hs.nr; i++) {
		struct ranges rb, ra;
		struct strbuf names = STRBUF_INIT;
		const char *now = renamed(p, o->reverse, &before, &after, hs.v[i], 0);
		int judged_there = 0;
		for (size_t k = 0; now && k < hs.nr; k++)
			judged_there |= !strcmp(hs.v[k], now);
		if (judged_there)
			continue; /* judged as the header it became */
		const char *was = renamed(p, o->reverse, &before, &after, hs.v[i], 1);
		const char *brel = was ? was : hs.v[i];
		unjudged(&oc, hs.v[i], brel, &before, &after, &rb, &ra, &names);
		judge(o, hs.v[i], file_of(&c.reports[0], brel), file_of(&c.reports[1], hs.v[i]), &rb,
		      &ra, &oc, &out, &v);
		int whole = 0; /* the patch cannot do what it says to the file at all */
		for (size_t k = 0; k < oc.nr_failed; k++)
			whole |= !oc.failed[k].hunk && !strcmp(oc.failed[k].rel, hs.v[i]);
		if (names.len)
			strbuf_addf(&skipped, "  %s: not judged, as %s: %s\n", hs.v[i],
				    whole ? "the patch does not apply to the file"
					  : "hunks that change them failed",
				    names.buf);
		strbuf_release(&names);
		free(rb.v);
		free(ra.v);
	}
	if (v.broken)
		status = 2;
	else if (v.failing)
		status = tc_status_worse(status, 1);
	else if (v.not_checked)
		status = tc_status_worse(status, 3);

	char *note_prefix = xasprintf("%s: %s: ", tc_progname, patch_name(p, input));
	unsigned next = k + 1 < ps->nr ? ps->v[k + 1].line : 0;
	out.patch_lines = count_lines(text, p->line ? p->line : 1, next);
	if (o->format == TC_FMT_GCC || o->format == TC_FMT_CHECKPATCH) {
		struct strbuf sb = STRBUF_INIT;
		overlay_load(&after); /* checkpatch shows the lines as the patch leaves them */
		tc_report_print(&out, o->format, o->detail, &sb);
		tc_overlay_clear();
		fputs(strbuf_str(&sb), stdout);
		strbuf_release(&sb);
		if (!o->quiet && !(o->detail & TC_DETAIL_TERSE) && o->format == TC_FMT_GCC) {
			printf("%s: %zu trace header%s checked: introduces %zu finding%s, fixes %zu, "
			       "leaves %zu\n",
			       patch_name(p, input), hs.nr, hs.nr == 1 ? "" : "s", v.introduced,
			       v.introduced == 1 ? "" : "s", v.fixed, v.left);
			for (size_t i = 0; i < oc.nr; i++)
				if (oc.files[i].failed)
					printf("  %s: judged on the %zu of its %zu hunks that applied\n",
					       oc.files[i].rel, oc.files[i].hunks - oc.files[i].failed,
					       oc.files[i].hunks);
			put_lines("  ", strbuf_str(&fuzzy), stdout);
			fputs(strbuf_str(&skipped), stdout);
			fputs(strbuf_str(&v.fixed_lines), stdout);
		} else if (o->verbose) {
			put_lines(note_prefix, strbuf_str(&fuzzy), stderr);
		}
	} else {
		if (o->verbose)
			put_lines(note_prefix, strbuf_str(&fuzzy), stderr);
		for (size_t i = 0; i < out.nr; i++)
			combine(combined, &out.files[i]);
		out.nr = 0;
	}
	fflush(stdout);

	strbuf_release(&v.fixed_lines);
	strbuf_release(&skipped);
	strbuf_release(&fuzzy);
	free(note_prefix);
	tc_report_release(&out);
	tc_report_release(&c.reports[0]);
	tc_report_release(&c.reports[1]);
	free(items);
	free_strings(hs.v, hs.nr);
	outcome_release(&oc);
	state_release(cum);
	*cum = after;
	state_release(&before);
	return status;
}

int tc_patch_check(const char *const *inputs, size_t n, const struct tc_patch_run *o)
{
	struct state cum = { 0 };
	struct tc_report combined = { 0 };
	int status = 0;
	char **texts = xcalloc(n + 1, sizeof(*texts));
	struct tc_patches *ps = xcalloc(n + 1, sizeof(*ps));
	const struct tc_patch **series = NULL;
	size_t nr_series = 0, alloc_series = 0;

	/* every input first: a series across them is applied or not as a whole */
	for (size_t i = 0; i < n; i++) {
		char *why = NULL;
		const char *shown = strcmp(inputs[i], "-") ? inputs[i] : "standard input";
		if (read_input(o->origin, inputs[i], &texts[i])) {
			texts[i] = NULL; /* freed, if read */
			status = 2;
			continue;
		}
		if (tc_patches_parse(texts[i], &ps[i], &why)) {
			error("%s: not a patch I can read: %s", shown, why);
			free(why);
			free(texts[i]);
			texts[i] = NULL;
			status = 2;
			continue;
		}
		int bad = 0;
		for (size_t k = 0; k < ps[i].nr && !bad; k++)
			bad = fix_paths(&ps[i].v[k], shown) < 0;
		if (bad) {
			tc_patches_release(&ps[i]);
			free(texts[i]);
			texts[i] = NULL;
			status = 2;
			continue;
		}
		for (size_t k = 0; k < ps[i].nr; k++) {
			if (!ps[i].v[k].nr)
				continue; /* a cover letter */
			ALLOC_GROW(series, nr_series + 1, alloc_series);
			series[nr_series++] = &ps[i].v[k];
		}
	}
	size_t applied = o->reverse ? 0 : applied_series(series, nr_series, &cum);
	size_t at = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; texts[i] && k < ps[i].nr; k++) {
			if (!ps[i].v[k].nr)
				continue;
			int s = check_patch(o, inputs[i], texts[i], &ps[i], k, &cum, at < applied,
					    &combined);
			at++;
			status = tc_status_worse(status, s);
		}
		tc_patches_release(&ps[i]);
		free(texts[i]);
	}
	free(series);
	free(ps);
	free(texts);
	if (o->format != TC_FMT_GCC && o->format != TC_FMT_CHECKPATCH) {
		struct strbuf sb = STRBUF_INIT;
		/* its paths are the tree's, the current directory: SARIF's %SRCROOT% */
		combined.srcroot = absolute_path(".");
		tc_report_print(&combined, o->format, o->detail, &sb);
		fputs(strbuf_str(&sb), stdout);
		strbuf_release(&sb);
	}
	tc_report_release(&combined);
	state_release(&cum);
	return status;
}
