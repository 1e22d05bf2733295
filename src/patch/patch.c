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
	const char *l; /* the current line, len bytes without its newline (and CR) */
	size_t len;
	int cr;	  /* the line ended in CR LF */
	int crlf; /* the input is a mail saved with CRLF: its first line ends in CR LF */
};

static int next_line(struct reader *r)
{
	if (!*r->p)
		return 0;
	r->l = r->p;
	r->len = strcspn(r->p, "\n");
	r->p += r->len + (r->p[r->len] == '\n');
	r->cr = r->len && r->l[r->len - 1] == '\r';
	r->len -= (size_t)r->cr;
	r->line++;
	return 1;
}

static int is(const struct reader *r, const char *prefix)
{
	size_t n = strlen(prefix);

	return r->len >= n && !strncmp(r->l, prefix, n);
}

/*
 * A path git C-quoted ("a/x\ty", s[0] is the quote): its text, and in
 * *used the length of the quoted form; NULL if malformed or with a NUL.
 */
static char *unquote(const char *s, size_t n, size_t *used)
{
	static const char esc[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"";
	struct strbuf sb = STRBUF_INIT;
	size_t i = 1;
	int ok = 1;

	while (ok && i < n && s[i] != '"') {
		char c = s[i++];
		if (c == '\\') {
			if (i >= n) {
				ok = 0;
				break;
			}
			c = s[i++];
			const char *e = strchr(esc, c);
			if (c && e && (e - esc) % 2 == 0) {
				c = e[1];
			} else if (c >= '0' && c <= '3' && i + 1 < n && s[i] >= '0' && s[i] <= '7' &&
				   s[i + 1] >= '0' && s[i + 1] <= '7') {
				c = (char)(((c - '0') << 6) | ((s[i] - '0') << 3) | (s[i + 1] - '0'));
				i += 2;
			} else {
				ok = 0;
				break;
			}
			if (!c) {
				ok = 0; /* a NUL: no name has one */
				break;
			}
		}
		strbuf_addch(&sb, c);
	}
	if (!ok || i >= n || s[i] != '"') {
		strbuf_release(&sb);
		return NULL;
	}
	*used = i + 1;
	return strbuf_detach(&sb);
}

/*
 * A path of a ---/+++, diff --git or rename line: unquoted, without a
 * timestamp and (strip) a/ or b/; NULL for /dev/null.  *bad: a quoted
 * path is malformed.
 */
static char *clean_path(const char *s, size_t n, int strip, int *bad)
{
	char *q = NULL, *out = NULL;
	size_t k = 0;

	if (n && s[0] == '"') {
		size_t used;
		q = unquote(s, n, &used);
		if (!q) {
			*bad = 1;
			return NULL;
		}
		s = q;
		k = strlen(q);
	} else {
		while (k < n && s[k] != '\t')
			k++;
		while (k && s[k - 1] == ' ')
			k--;
	}
	if (!(k == 9 && !strncmp(s, "/dev/null", 9))) {
		if (strip && k > 2 && (s[0] == 'a' || s[0] == 'b') && s[1] == '/')
			s += 2, k -= 2;
		out = xstrndup(s, k);
	}
	free(q);
	return out;
}

/* Without a leading a/ or b/. */
static const char *unprefixed(const char *s, size_t *n)
{
	if (*n > 2 && (s[0] == 'a' || s[0] == 'b') && s[1] == '/') {
		*n -= 2;
		return s + 2;
	}
	return s;
}

/*
 * The two paths of "diff --git A B" (s: A B, n bytes).  Unquoted names
 * may have spaces: the split is where both sides name the same file (a
 * rename has "rename from/to" lines, which win), else at " b/".
 */
static void git_paths(const char *s, size_t n, struct tc_pfile *f, int *bad)
{
	size_t used, split = 0;

	if (n && s[0] == '"') {
		char *a = unquote(s, n, &used);
		if (!a || used + 1 >= n || s[used] != ' ') {
			free(a);
			*bad = 1;
			return;
		}
		size_t na = strlen(a);
		const char *name = unprefixed(a, &na);
		f->old_path = xstrndup(name, na);
		free(a);
		f->new_path = clean_path(s + used + 1, n - used - 1, 1, bad);
		return;
	}
	for (size_t i = 1; i + 1 < n && !split; i++) {
		if (s[i] != ' ')
			continue;
		if (s[i + 1] == '"') {
			split = i;
			break;
		}
		size_t na = i, nb = n - i - 1;
		const char *a = unprefixed(s, &na), *b = unprefixed(s + i + 1, &nb);
		if (na == nb && !memcmp(a, b, na))
			split = i;
	}
	if (!split) {
		const char *b = memmem(s, n, " b/", 3);
		split = b ? (size_t)(b - s) : 0;
	}
	if (!split)
		return; /* the ---/+++ or rename lines may name them */
	f->old_path = clean_path(s, split, 1, bad);
	f->new_path = clean_path(s + split + 1, n - split - 1, 1, bad);
}

static struct tc_patch *new_patch(struct tc_patches *out, unsigned line)
{
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	struct tc_patch *p = &out->v[out->nr++];
	memset(p, 0, sizeof(*p));
	p->line = line;
	return p;
}

static struct tc_pfile *new_file(struct tc_patch *p, unsigned line)
{
	ALLOC_GROW(p->files, p->nr + 1, p->alloc);
	struct tc_pfile *f = &p->files[p->nr++];
	memset(f, 0, sizeof(*f));
	f->line = line;
	return f;
}

static int fail(char **why, unsigned line, const char *msg)
{
	*why = xasprintf("line %u: %s", line, msg);
	return -1;
}

/* A line number or count of a hunk header: at most INT_MAX. */
static int hunk_number(const char **p, unsigned *v, int *big)
{
	unsigned long long n = 0;
	const char *c = *p;

	if (*c < '0' || *c > '9')
		return -1;
	for (; *c >= '0' && *c <= '9'; c++) {
		n = n * 10 + (unsigned)(*c - '0');
		if (n > 0x7fffffff) {
			*big = 1;
			n = 0x7fffffff;
		}
	}
	*v = (unsigned)n;
	*p = c;
	return 0;
}

/* "-START[,COUNT]" (or +) of a hunk header; COUNT defaults to 1. */
static int hunk_range(const char **p, char sign, unsigned *start, unsigned *count, int *big)
{
	if (**p != sign)
		return -1;
	(*p)++;
	if (hunk_number(p, start, big))
		return -1;
	*count = 1;
	if (**p == ',') {
		(*p)++;
		if (hunk_number(p, count, big))
			return -1;
	}
	return 0;
}

/* The lines of the hunk whose @@ line is current; -1 if malformed. */
static int read_hunk(struct reader *r, struct tc_pfile *f, char **why)
{
	struct tc_hunk h = { 0 };
	unsigned a, b, c, d;
	int big = 0;
	char *line = xstrndup(r->l, r->len);
	const char *q = line + 3;

	if (hunk_range(&q, '-', &a, &b, &big) || *q++ != ' ' ||
	    hunk_range(&q, '+', &c, &d, &big) || strncmp(q, " @@", 3)) {
		free(line);
		return fail(why, r->line, "malformed hunk header");
	}
	free(line);
	if (big)
		return fail(why, r->line, "malformed hunk header (a line number or count over 2147483647)");
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
		/* a CR of the file's own (CRLF lines in an LF mail) is content */
		size_t len = r->len + (size_t)(r->cr && !r->crlf);
		if (!r->len) /* an empty context line, maybe with its CR */
			h.lines[h.nr++] = r->cr && !r->crlf ? xstrdup(" \r") : xstrdup(" ");
		else
			h.lines[h.nr++] = xstrndup(r->l, len);
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

/* An extended header line of git's ("rename from X"): X, or NULL. */
static const char *git_header(const struct reader *r, const char *prefix, size_t *n)
{
	size_t k = strlen(prefix);

	if (!is(r, prefix))
		return NULL;
	*n = r->len - k;
	return r->l + k;
}

int tc_patches_parse(const char *text, struct tc_patches *out, char **why)
{
	struct reader r = { text, 0, NULL, 0, 0, 0 };
	struct tc_patch *p = NULL;
	struct tc_pfile *f = NULL;
	int in_headers = 0, git = 0; /* git: in the extended headers of a diff --git */
	int bad = 0;
	unsigned at = 0; /* where the line just read started */

	memset(out, 0, sizeof(*out));
	*why = NULL;
	const char *nl = strchr(text, '\n');
	r.crlf = nl && nl > text && nl[-1] == '\r';
	while (next_line(&r)) {
		const char *arg;
		size_t n;

		if (bad)
			break;
		at = r.line;
		if (is(&r, "From ") && (!p || p->nr || p->subject)) {
			/* an mbox separator: the next mail */
			p = new_patch(out, r.line);
			size_t hex = strspn(r.l + 5, "0123456789abcdef");
			if (hex == 40 && r.len > 45 && r.l[45] == ' ')
				memcpy(p->commit, r.l + 5, 40);
			f = NULL;
			in_headers = 1;
			git = 0;
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
			f = new_file(p, r.line);
			git_paths(r.l + 11, r.len - 11, f, &bad);
			git = 1;
			continue;
		}
		if (git && f) {
			static const struct {
				const char *prefix;
				int to, copy;
			} names[] = { { "rename from ", 0, 0 },
				      { "rename to ", 1, 0 },
				      { "copy from ", 0, 1 },
				      { "copy to ", 1, 1 } };
			size_t k = 0;
			while (k < ARRAY_SIZE(names) && !(arg = git_header(&r, names[k].prefix, &n)))
				k++;
			if (k < ARRAY_SIZE(names)) {
				char **path = names[k].to ? &f->new_path : &f->old_path;
				free(*path);
				*path = clean_path(arg, n, 0, &bad); /* git writes these without a/ b/ */
				f->copy |= names[k].copy;
				continue;
			}
			if (is(&r, "new file mode ")) {
				free(f->old_path);
				f->old_path = NULL;
				continue;
			}
			if (is(&r, "deleted file mode ")) {
				free(f->new_path);
				f->new_path = NULL;
				continue;
			}
			if (is(&r, "GIT binary patch") || (is(&r, "Binary files ") && r.len > 20 &&
							       !memcmp(r.l + r.len - 7, " differ", 7))) {
				f->binary = 1;
				continue;
			}
		}
		if (is(&r, "--- ") && !strncmp(r.p, "+++ ", 4)) {
			if (!p)
				p = new_patch(out, r.line);
			if (!f || f->nr || !git || f->binary)
				f = new_file(p, r.line);
			git = 0;
			free(f->old_path);
			f->old_path = clean_path(r.l + 4, r.len - 4, 1, &bad);
			next_line(&r);
			free(f->new_path);
			f->new_path = clean_path(r.l + 4, r.len - 4, 1, &bad);
			continue;
		}
		if (is(&r, "@@ ")) {
			git = 0;
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
	if (bad) {
		tc_patches_release(out);
		return fail(why, at, "malformed quoted path");
	}
	size_t files = 0;
	for (size_t i = 0; i < out->nr; i++) {
		for (size_t k = 0; k < out->v[i].nr; k++) {
			const struct tc_pfile *g = &out->v[i].files[k];
			if ((!g->old_path && !g->new_path) || (g->old_path && !*g->old_path) ||
			    (g->new_path && !*g->new_path)) {
				unsigned line = g->line;
				tc_patches_release(out);
				return fail(why, line, "a file without a name (or /dev/null on both sides)");
			}
		}
		files += out->v[i].nr;
	}
	if (!files) {
		tc_patches_release(out);
		*why = xstrdup(*text ? "no diff in it" : "it is empty");
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
	 * As patch(1): at the line the hunk names or the nearest offset
	 * (anywhere in the file, also when the hunk names a line past its
	 * end), with all its context; failing that, with up to 2 lines of
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
		/* the nearest line to want that is in the file: the search's origin */
		long o = want < 0 ? 0 : want > (long)ls.nr ? (long)ls.nr : want;
		for (long d = 0; at < 0 && d <= (long)ls.nr + 1; d++) {
			if (o + d <= (long)ls.nr && matches(&ls, (size_t)(o + d), f, n))
				at = o + d;
			else if (d && o - d >= 0 && matches(&ls, (size_t)(o - d), f, n))
				at = o - d;
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
