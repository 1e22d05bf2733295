// SPDX-License-Identifier: MIT
#include "patch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

/* ---- reading ---- */

struct reader {
	const char *p;
	unsigned line;
	const char *l; /* the current line, len bytes without its newline */
	size_t len;
};

static int next_line(struct reader *r)
{
	if (!*r->p)
		return 0;
	r->l = r->p;
	r->len = strcspn(r->p, "\n");
	r->p += r->len + (r->p[r->len] == '\n');
	if (r->len && r->l[r->len - 1] == '\r')
		r->len--; /* a mail saved with CRLF */
	r->line++;
	return 1;
}

static int is(const struct reader *r, const char *prefix)
{
	size_t n = strlen(prefix);

	return r->len >= n && !strncmp(r->l, prefix, n);
}

/* A path of a ---/+++ or diff --git line: no timestamp, no a/ b/; NULL for /dev/null. */
static char *clean_path(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && s[k] != '\t')
		k++;
	while (k && s[k - 1] == ' ')
		k--;
	if (k == 9 && !strncmp(s, "/dev/null", 9))
		return NULL;
	if (k > 2 && (s[0] == 'a' || s[0] == 'b') && s[1] == '/')
		s += 2, k -= 2;
	return xstrndup(s, k);
}

static struct tc_patch *new_patch(struct tc_patches *out, unsigned line)
{
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	struct tc_patch *p = &out->v[out->nr++];
	memset(p, 0, sizeof(*p));
	p->line = line;
	return p;
}

static struct tc_pfile *new_file(struct tc_patch *p)
{
	ALLOC_GROW(p->files, p->nr + 1, p->alloc);
	struct tc_pfile *f = &p->files[p->nr++];
	memset(f, 0, sizeof(*f));
	return f;
}

static int fail(char **why, unsigned line, const char *msg)
{
	*why = xasprintf("line %u: %s", line, msg);
	return -1;
}

/* The lines of the hunk whose @@ line is current; -1 if malformed. */
static int read_hunk(struct reader *r, struct tc_pfile *f, char **why)
{
	struct tc_hunk h = { 0 };
	unsigned a, b = 1, c, d = 1;
	char *line = xstrndup(r->l, r->len);

	if (sscanf(line, "@@ -%u,%u +%u,%u @@", &a, &b, &c, &d) != 4 &&
	    sscanf(line, "@@ -%u +%u,%u @@", &a, &c, &d) != 3 &&
	    sscanf(line, "@@ -%u,%u +%u @@", &a, &b, &c) != 3 &&
	    sscanf(line, "@@ -%u +%u @@", &a, &c) != 2) {
		free(line);
		return fail(why, r->line, "malformed hunk header");
	}
	free(line);
	h.old_start = a, h.old_count = b, h.new_start = c, h.new_count = d;
	h.line = r->line;
	unsigned olds = 0, news = 0;
	while ((olds < b || news < d) && next_line(r)) {
		char kind = r->len ? r->l[0] : ' '; /* mailers drop a lone space */
		if (kind == '\\') {
			if (h.nr && h.lines[h.nr - 1][0] != '+')
				h.no_newline_old = 1;
			if (h.nr && h.lines[h.nr - 1][0] != '-')
				h.no_newline_new = 1;
			continue;
		}
		if (kind != ' ' && kind != '-' && kind != '+')
			break;
		olds += kind != '+';
		news += kind != '-';
		ALLOC_GROW(h.lines, h.nr + 1, h.alloc);
		h.lines[h.nr++] = r->len ? xstrndup(r->l, r->len) : xstrdup(" ");
	}
	if (olds != b || news != d) {
		char *m = xasprintf("the hunk at line %u ends early (it says %u old and %u new "
				    "lines, it has %u and %u)",
				    h.line, b, d, olds, news);
		fail(why, r->line, m);
		free(m);
		for (size_t i = 0; i < h.nr; i++)
			free(h.lines[i]);
		free(h.lines);
		return -1;
	}
	/* a "\ No newline" right after the last line */
	const char *save = r->p;
	unsigned save_line = r->line;
	if (next_line(r) && r->len && r->l[0] == '\\') {
		char last = h.nr ? h.lines[h.nr - 1][0] : ' ';
		h.no_newline_old |= last != '+';
		h.no_newline_new |= last != '-';
	} else {
		r->p = save;
		r->line = save_line;
	}
	ALLOC_GROW(f->hunks, f->nr + 1, f->alloc);
	f->hunks[f->nr++] = h;
	return 0;
}

int tc_patches_parse(const char *text, struct tc_patches *out, char **why)
{
	struct reader r = { text, 0, NULL, 0 };
	struct tc_patch *p = NULL;
	struct tc_pfile *f = NULL;
	int in_headers = 0;

	memset(out, 0, sizeof(*out));
	*why = NULL;
	while (next_line(&r)) {
		if (is(&r, "From ") && (!p || p->nr || p->subject)) {
			/* an mbox separator: the next mail */
			p = new_patch(out, r.line);
			f = NULL;
			in_headers = 1;
			continue;
		}
		if (in_headers && is(&r, "Subject: ") && p && !p->subject) {
			struct strbuf s = STRBUF_INIT;
			strbuf_add(&s, r.l + 9, r.len - 9);
			while (*r.p == ' ' || *r.p == '\t') { /* folded */
				next_line(&r);
				strbuf_add(&s, r.l, r.len);
			}
			p->subject = strbuf_detach(&s);
			continue;
		}
		if (in_headers && !r.len)
			in_headers = 0;
		if (is(&r, "diff --git ")) {
			if (!p)
				p = new_patch(out, r.line);
			f = new_file(p);
			const char *b = strstr(r.l, " b/");
			if (b && b < r.l + r.len && r.len > 13) {
				f->old_path = clean_path(r.l + 11, (size_t)(b - r.l - 11));
				f->new_path = clean_path(b + 1, (size_t)(r.l + r.len - b - 1));
			}
			continue;
		}
		if (is(&r, "--- ") && !strncmp(r.p, "+++ ", 4)) {
			if (!p)
				p = new_patch(out, r.line);
			if (!f || f->nr)
				f = new_file(p);
			free(f->old_path);
			f->old_path = clean_path(r.l + 4, r.len - 4);
			next_line(&r);
			free(f->new_path);
			f->new_path = clean_path(r.l + 4, r.len - 4);
			continue;
		}
		if (is(&r, "@@ ")) {
			if (!f) {
				tc_patches_release(out);
				return fail(why, r.line, "a hunk outside a file (no ---/+++ lines before it)");
			}
			if (read_hunk(&r, f, why)) {
				tc_patches_release(out);
				return -1;
			}
		}
	}
	size_t files = 0;
	for (size_t i = 0; i < out->nr; i++)
		files += out->v[i].nr;
	if (!files) {
		tc_patches_release(out);
		*why = xstrdup("no diff in it");
		return -1;
	}
	return 0;
}

void tc_patches_release(struct tc_patches *ps)
{
	for (size_t i = 0; i < ps->nr; i++) {
		struct tc_patch *p = &ps->v[i];
		for (size_t k = 0; k < p->nr; k++) {
			struct tc_pfile *f = &p->files[k];
			for (size_t h = 0; h < f->nr; h++) {
				for (size_t l = 0; l < f->hunks[h].nr; l++)
					free(f->hunks[h].lines[l]);
				free(f->hunks[h].lines);
			}
			free(f->hunks);
			free(f->old_path);
			free(f->new_path);
		}
		free(p->files);
		free(p->subject);
	}
	free(ps->v);
	memset(ps, 0, sizeof(*ps));
}

int tc_patch_path_ok(const char *path)
{
	if (!path || !*path || path[0] == '/')
		return 0;
	for (const char *c = path; c; c = strchr(c, '/')) {
		if (*c == '/')
			c++;
		if (!strncmp(c, "..", 2) && (c[2] == '/' || !c[2]))
			return 0;
	}
	return 1;
}

/* ---- applying ---- */

struct lines {
	char **v;
	size_t nr, alloc;
	int final_newline;
};

static void split(const char *text, size_t len, struct lines *ls)
{
	memset(ls, 0, sizeof(*ls));
	ls->final_newline = !len || text[len - 1] == '\n';
	for (size_t i = 0; i < len;) {
		size_t n = 0;
		while (i + n < len && text[i + n] != '\n')
			n++;
		ALLOC_GROW(ls->v, ls->nr + 1, ls->alloc);
		ls->v[ls->nr++] = xstrndup(text + i, n);
		i += n + 1;
	}
}

static int matches(const struct lines *ls, size_t at, char **want, size_t n)
{
	if (at + n > ls->nr)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (strcmp(ls->v[at + i], want[i]))
			return 0;
	return 1;
}

long tc_hunk_apply(const struct tc_hunk *h, struct strbuf *text, int reverse, int *failed,
		   int *fuzz_used)
{
	return tc_hunk_apply_at(h, text, reverse, failed, fuzz_used, NULL);
}

long tc_hunk_apply_at(const struct tc_hunk *h, struct strbuf *text, int reverse, int *failed,
		      int *fuzz_used, long *base)
{
	char del = reverse ? '+' : '-', add = reverse ? '-' : '+';
	char **from = xcalloc(h->nr + 1, sizeof(*from)), **to = xcalloc(h->nr + 1, sizeof(*to));
	size_t nf = 0, nt = 0, lead = 0, trail = 0;
	struct lines ls;
	long offset = 0, at = -1;
	int fuzz;

	*failed = 0;
	for (size_t i = 0; i < h->nr; i++) {
		char k = h->lines[i][0];
		if (k != add)
			from[nf++] = h->lines[i] + 1;
		if (k != del)
			to[nt++] = h->lines[i] + 1;
	}
	while (lead < h->nr && h->lines[lead][0] == ' ')
		lead++;
	while (trail < h->nr - lead && h->lines[h->nr - 1 - trail][0] == ' ')
		trail++;
	split(strbuf_str(text), text->len, &ls);
	unsigned start = reverse ? h->new_start : h->old_start;
	unsigned count = reverse ? h->new_count : h->old_count;
	/* where the old lines begin: an empty side inserts after line start */
	long want0 = count ? (long)start - 1 : (long)start, want = want0;
	size_t pre = 0, post = 0;
	/*
	 * As patch(1): at the line the hunk names or the nearest offset,
	 * with all its context; failing that, with up to 2 lines of
	 * context at either end ignored (its default fuzz factor).
	 */
	for (fuzz = 0; at < 0 && fuzz <= 2; fuzz++) {
		pre = lead < (size_t)fuzz ? lead : (size_t)fuzz;
		post = trail < (size_t)fuzz ? trail : (size_t)fuzz;
		if (fuzz && !pre && !post)
			continue;
		if (pre + post >= nf && nf)
			break;
		want = want0 + (long)pre;
		char **f = from + pre;
		size_t n = nf - pre - post;
		for (long d = 0; at < 0 && d <= (long)ls.nr + 1; d++) {
			if (want + d >= 0 && want + d <= (long)ls.nr && matches(&ls, (size_t)(want + d), f, n))
				at = want + d;
			else if (d && want - d >= 0 && want - d <= (long)ls.nr &&
				 matches(&ls, (size_t)(want - d), f, n))
				at = want - d;
		}
	}
	if (fuzz_used)
		*fuzz_used = at < 0 ? 0 : fuzz - 1;
	if (at < 0) {
		*failed = 1;
	} else {
		size_t n = nf - pre - post;
		char **t = to + pre;
		size_t tn = nt - pre - post;
		offset = at - want;
		if (base)
			*base = at - (long)pre;
		int at_end = (size_t)at + n == ls.nr;
		int newline = at_end && !post ? !(reverse ? h->no_newline_old : h->no_newline_new)
					      : ls.final_newline;
		if (at_end && !post && !(reverse ? h->no_newline_new : h->no_newline_old) &&
		    !ls.final_newline)
			newline = 0; /* the hunk did not say the file has no newline */
		struct strbuf out = STRBUF_INIT;
		size_t total = ls.nr - n + tn;
		size_t k = 0;
		for (size_t i = 0; i < (size_t)at; i++, k++)
			strbuf_addf(&out, "%s%s", ls.v[i], k + 1 < total || newline ? "\n" : "");
		for (size_t i = 0; i < tn; i++, k++)
			strbuf_addf(&out, "%s%s", t[i], k + 1 < total || newline ? "\n" : "");
		for (size_t i = (size_t)at + n; i < ls.nr; i++, k++)
			strbuf_addf(&out, "%s%s", ls.v[i], k + 1 < total || newline ? "\n" : "");
		strbuf_release(text);
		*text = out;
	}
	free_strings(ls.v, ls.nr);
	free(from);
	free(to);
	return offset;
}
