// SPDX-License-Identifier: MIT
#include "fixrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "fix.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

/* What a finding is about, with its rule: "printk-call class:foo arg:2". */
static char *key_of(const struct tc_diag *g)
{
	char *k = tc_subject_key(&g->subj);
	char *r = xasprintf("%s %s", g->rule, k);

	free(k);
	return r;
}

/* Was finding g left by the fix (a "FILE:LINE:COL: not fixed [RULE]" line of log)? */
static int skipped(const struct tc_diag *g, const char *log)
{
	char *tag = xasprintf(":%u:%u: not fixed [%s]", g->loc.line, g->loc.col, g->rule);
	int yes = log && strstr(log, tag) != NULL;

	free(tag);
	return yes;
}

/*
 * The first repaired finding the fixed header still has (by rule and
 * subject, as many as were left alone are allowed), or NULL; malloced.
 */
static char *still_there(const struct tc_diags *before, const struct tc_diags *after,
			 const char *log)
{
	for (size_t i = 0; i < before->nr; i++) {
		const struct tc_diag *g = &before->v[i];
		if (!tc_fix_repairs(g) || skipped(g, log))
			continue;
		char *k = key_of(g);
		size_t left = 0, now = 0;
		for (size_t j = 0; j < before->nr; j++) {
			char *kj = key_of(&before->v[j]);
			/* left alone: by the fix, or never the fix's to repair */
			left += !strcmp(k, kj) &&
				(skipped(&before->v[j], log) || !tc_fix_repairs(&before->v[j]));
			free(kj);
		}
		for (size_t j = 0; j < after->nr; j++) {
			char *kj = key_of(&after->v[j]);
			now += !strcmp(k, kj);
			free(kj);
		}
		if (now > left)
			return k;
		free(k);
	}
	return NULL;
}

/*
 * The re-check of a repair, for --fix and for the reports alike: the
 * repaired text res, read as the file at path, parses, has h's events
 * and no more compiler errors, and none of the findings of d the repair
 * made (log: what it left) is there any more.  NULL, with *after and
 * *fixedp the repaired header's findings and model; else why not
 * (malloced), nothing kept.
 */
static char *recheck(struct tc_frontend *fe, const char *path, const struct tc_header *h,
		     const struct tc_diags *d, const struct tc_fix_result *res, const char *log,
		     const struct tc_settings *s, struct tc_diags *after, struct tc_header **fixedp)
{
	char *left = NULL, *why = NULL;

	/* the fixed text, read as the file */
	tc_overlay_set(path, res->text, res->len);
	struct tc_header *fixed = tc_frontend_parse(fe, path);
	if (fixed) {
		/* the same analysis as the first: --ignore RULE:EVENT included */
		fixed->userspace = h->userspace;
		tc_check_header(fixed, s, after);
		left = still_there(d, after, log);
	}
	tc_overlay_clear();
	if (!fixed)
		why = xstrdup("the fixed header does not parse");
	else if (fixed->nr_events != h->nr_events || fixed->nr_clang_errors > h->nr_clang_errors)
		why = xstrdup("the fixed header does not read as the original does (events or "
			      "compiler errors differ)");
	else if (left)
		why = xasprintf("the fixed header still has the finding %s", left);
	free(left);
	if (why) {
		tc_diags_release(after);
		if (fixed)
			tc_header_free(fixed);
		return why;
	}
	*fixedp = fixed;
	return NULL;
}

int tc_fix_header_run(struct tc_frontend *fe, const char *path, const char *text, size_t len,
		      struct tc_header **hp, struct tc_diags *d, const struct tc_settings *s,
		      const struct tc_fix_run *o)
{
	struct tc_header *h = *hp;
	struct tc_fix_options fo = { h->kernel_version };
	struct tc_fix_result res = { 0 };
	struct strbuf log = STRBUF_INIT;
	int status = 0;

	tc_fix_compute(h, text, len, d, &fo, &res, &log);
	for (const char *l = strbuf_str(&log); *l;) {
		const char *e = strchrnul(l, '\n');
		inform("%.*s", (int)(e - l), l);
		l = *e ? e + 1 : e;
	}
	if (!res.text) {
		strbuf_release(&log);
		return 0;
	}

	struct tc_diags after = { 0 };
	struct tc_header *fixed = NULL;
	char *why = recheck(fe, path, h, d, &res, strbuf_str(&log), s, &after, &fixed);
	if (why) {
		error("%s: %s; not fixed", path, why);
		free(why);
		status = 2;
	} else if (o->diff) {
		struct strbuf sb = STRBUF_INIT;
		tc_unified_diff(&sb, h->tree_path ? h->tree_path : path, text, len, res.text,
				res.len);
		fputs(strbuf_str(&sb), o->out);
		strbuf_release(&sb);
	} else if (tc_fix_write(path, text, len, res.text, res.len, o->write_flags)) {
		status = 2;
	} else if (!o->quiet) {
		inform("%s: fixed %zu finding%s%s", path, res.applied, res.applied == 1 ? "" : "s",
		       res.skipped ? " (the others: see above)" : "");
	}
	if (!status) {
		/* what is left is what the fixed header has */
		tc_diags_release(d);
		*d = after;
		tc_header_free(h);
		*hp = fixed;
	} else {
		tc_diags_release(&after);
		if (fixed)
			tc_header_free(fixed);
	}
	strbuf_release(&log);
	tc_fix_result_release(&res);
	return status;
}

/* Line and column (from 1) of offset off of text. */
static void line_col(const char *text, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

struct tc_rfix **tc_fix_each(struct tc_frontend *fe, const char *path, const struct tc_header *h,
			     const char *text, size_t len, const struct tc_diags *d,
			     const struct tc_settings *s)
{
	struct tc_rfix **v = xcalloc(d->nr + 1, sizeof(*v));
	struct tc_fix_options fo = { h->kernel_version };
	struct strbuf all_log = STRBUF_INIT;
	int all_ok = 0;

	/*
	 * First what --fix would write, all repairs at once: when it passes
	 * the re-check, each repair it made passed it; only the others
	 * (none, or one it left) are re-checked on their own.
	 */
	int any = 0;
	for (size_t i = 0; i < d->nr; i++)
		any |= tc_fix_repairs(&d->v[i]);
	if (text && fe && any) {
		struct tc_fix_result res = { 0 };
		struct tc_diags after = { 0 };
		struct tc_header *fixed = NULL;
		tc_fix_compute(h, text, len, d, &fo, &res, &all_log);
		char *why = res.text ? recheck(fe, path, h, d, &res, strbuf_str(&all_log), s,
					       &after, &fixed)
				     : xstrdup("nothing repaired");
		all_ok = !why;
		free(why);
		tc_diags_release(&after);
		if (fixed)
			tc_header_free(fixed);
		tc_fix_result_release(&res);
	}
	for (size_t i = 0; text && i < d->nr; i++) {
		const struct tc_diag *g = &d->v[i];
		if (!tc_fix_repairs(g))
			continue;
		struct tc_diags one = { .v = (struct tc_diag *)g, .nr = 1, .alloc = 1 };
		struct tc_fix_result res = { 0 };
		struct strbuf log = STRBUF_INIT;
		struct tc_diags after = { 0 };
		struct tc_header *fixed = NULL;
		char *why = NULL;
		tc_fix_compute(h, text, len, &one, &fo, &res, &log);
		/* only a repair --fix would write: the same re-check */
		if (res.text && res.applied == 1 && fe &&
		    (!all_ok || skipped(g, strbuf_str(&all_log))) &&
		    (why = recheck(fe, path, h, &one, &res, strbuf_str(&log), s, &after, &fixed)))
			res.applied = 0;
		free(why);
		tc_diags_release(&after);
		if (fixed)
			tc_header_free(fixed);
		strbuf_release(&log);
		if (res.text && res.applied == 1) {
			/* the one region that differs */
			size_t p = 0, q = 0;
			while (p < len && p < res.len && text[p] == res.text[p])
				p++;
			while (q < len - p && q < res.len - p &&
			       text[len - 1 - q] == res.text[res.len - 1 - q])
				q++;
			struct tc_rfix *x = xcalloc(1, sizeof(*x));
			int ri = tc_rule_index(g->rule);
			x->desc = xasprintf("tracecheck --fix: the repair of %s", tc_rules[ri]->name);
			line_col(text, p, &x->start_line, &x->start_col);
			line_col(text, len - q, &x->end_line, &x->end_col);
			x->text = xstrndup(res.text + p, res.len - q - p);
			v[i] = x;
		}
		tc_fix_result_release(&res);
	}
	strbuf_release(&all_log);
	return v;
}

void tc_fix_each_free(struct tc_rfix **fixes, size_t n)
{
	for (size_t i = 0; fixes && i < n; i++)
		tc_rfix_free(fixes[i]);
	free(fixes);
}

struct tc_rfix *tc_rfix_dup(const struct tc_rfix *fix)
{
	if (!fix)
		return NULL;
	struct tc_rfix *c = xmalloc(sizeof(*c));
	*c = *fix;
	c->desc = xstrdup(fix->desc);
	c->text = xstrdup(fix->text);
	return c;
}

void tc_rfix_free(struct tc_rfix *fix)
{
	if (!fix)
		return;
	free(fix->desc);
	free(fix->text);
	free(fix);
}
