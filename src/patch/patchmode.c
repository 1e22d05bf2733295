// SPDX-License-Identifier: MIT
/* --patch: the headers a patch concerns checked before and after it; the run over the inputs. */
#include "patchmode.h"
#include "patchmode_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlay.h"
#include "patch.h"
#include "strbuf.h"
#include "util.h"

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
int tc_pm_touches_unchecked(const struct outcome *oc, const char *rel, const struct tc_rfile *f)
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
	if (!f->nc_reason || !f->nr_nc_events || f->status == 2 || tc_pm_touches_unchecked(oc, rel, f))
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
	tc_pm_overlay_load(side);
}

/* Is item i the side after the patch of a header that was there before (item i - 1)? */
static int after_of_pair(const struct check_ctx *c, size_t i)
{
	const struct item *it = &c->items[i];

	return it->after && i && !c->items[i - 1].after && !strcmp(c->items[i - 1].rel, it->rel);
}

/* Does item i's worker check the side before (item i - 1) first (prime_before)? */
static int primes(const struct check_ctx *c, size_t i)
{
	return c->o->prime_before && c->o->read_before && after_of_pair(c, i);
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
	if (primes(c, i)) {
		tc_pm_overlay_load(c->states[0]);
		c->o->prime_before(it->rel, c->o->ctx, fd);
	}
	tc_pm_overlay_load(c->states[it->after]);
	/* the side after the patch of a header that was there before: that one too */
	if (pair)
		c->o->read_before(it->rel, c->o->ctx, load_side, c->states[0], c->states[1]);
	tc_result_work(it->rel, c->o->check, c->o->ctx, fd);
}

/* The side before of a header the patch changes starts once the side after has ended. */
static size_t waits_for(size_t i, void *vctx)
{
	struct check_ctx *c = vctx;

	return primes(c, i + 1) ? i + 1 : i; /* items[n] is zeroed: no side after */
}

static size_t collect_item(size_t i, const struct tc_worker_end *end, void *vctx)
{
	struct check_ctx *c = vctx;
	struct tc_worker_end rest = *end;
	size_t n = 0, first;

	/* the side before's result, whole, ahead of the side after's (work_item()) */
	if (primes(c, i) && (first = tc_result_frame_len(end->data, end->len))) {
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
 * (tc_pm_applied_series()).
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

	tc_pm_apply_patch(p, o->reverse, cum, &after, &oc);
	tc_pm_state_copy(&before, cum);
	if (!o->reverse && !applied && !tc_pm_exactly(&oc)) {
		struct state rev;
		struct outcome roc;
		tc_pm_apply_patch(p, 1, cum, &rev, &roc);
		/*
		 * Already in the tree (applied_in()), or, when it does not
		 * apply, its reverse applies at all (with fuzz where a later
		 * patch of an applied series changed the lines around it:
		 * b4 checks each patch of one on its own): check it against
		 * the tree without it.
		 */
		if ((tc_pm_exactly(&roc) || (oc.nr_failed && !roc.nr_failed)) &&
		    tc_pm_judge_from(p, &rev, 0, &before, &after, &oc)) {
			applied = 1;
			tc_pm_fuzz_notes(&roc, 1, &fuzzy);
		} else {
			tc_pm_state_release(&rev);
		}
		tc_pm_outcome_release(&roc);
	}
	struct state parent;
	/* its commit is in HEAD's history: judged as that commit changed its parent */
	if (!o->reverse && !applied && !tc_pm_exactly(&oc) && tc_pm_parent_of_commit(p, cum, &parent))
		applied = tc_pm_judge_from(p, &parent, 1, &before, &after, &oc);
	tc_pm_fuzz_notes(&oc, o->reverse, &fuzzy);
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
	tc_pm_concerned(&oc, p, &before, &after, &hs);
	struct item *items = xcalloc(hs.nr * 2 + 1, sizeof(*items));
	size_t n = 0;
	for (size_t i = 0; i < hs.nr; i++)
		for (int s = 0; s < 2; s++)
			if (tc_pm_exists_in(s ? &after : &before, hs.v[i])) {
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
		const char *now = tc_pm_renamed(p, o->reverse, &before, &after, hs.v[i], 0);
		int judged_there = 0;
		for (size_t k = 0; now && k < hs.nr; k++)
			judged_there |= !strcmp(hs.v[k], now);
		if (judged_there)
			continue; /* judged as the header it became */
		const char *was = tc_pm_renamed(p, o->reverse, &before, &after, hs.v[i], 1);
		const char *brel = was ? was : hs.v[i];
		tc_pm_unjudged(&oc, hs.v[i], brel, &before, &after, &rb, &ra, &names);
		tc_pm_judge(o, hs.v[i], file_of(&c.reports[0], brel), file_of(&c.reports[1], hs.v[i]), &rb,
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
		tc_pm_overlay_load(&after); /* checkpatch shows the lines as the patch leaves them */
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
	tc_pm_outcome_release(&oc);
	tc_pm_state_release(cum);
	*cum = after;
	tc_pm_state_release(&before);
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
			bad = tc_pm_fix_paths(&ps[i].v[k], shown) < 0;
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
	size_t applied = o->reverse ? 0 : tc_pm_applied_series(series, nr_series, &cum);
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
	tc_pm_state_release(&cum);
	return status;
}
