// SPDX-License-Identifier: MIT
/* A header's findings before and after a patch compared: introduced, fixed, left in place. */
#include "patchmode_internal.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

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
void tc_pm_judge(const struct tc_patch_run *o, const char *rel, const struct tc_rfile *b,
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
	if (a && a->status != 2 && tc_pm_touches_unchecked(oc, rel, a))
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
void tc_pm_unjudged(const struct outcome *oc, const char *rel, const char *brel,
		    const struct state *before, const struct state *after, struct ranges *rb,
		    struct ranges *ra, struct strbuf *names)
{
	size_t lb = 0, la = 0;
	char *tb = tc_pm_state_read(before, brel, &lb), *ta = tc_pm_state_read(after, rel, &la);
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
