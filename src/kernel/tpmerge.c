// SPDX-License-Identifier: MIT
/*
 * The tracepoint index of a run's files (tprec.c): their records
 * replayed in path order, then what needs several files --
 *
 *  - the kbuild options of each .c that fires a tracepoint (its
 *    directory's Kbuild or Makefile: tc_kbuild_config());
 *  - the file each CREATE_TRACE_POINTS #include names, and its own
 *    #include names;
 *  - Rust: the calls of the functions declare_trace! declares (see
 *    "Rust callers");
 *  - pass 2: the invocations of the pasting macros in their directory;
 *
 * -- each kept as a memo of the file whose text it reads, and used
 * again while that file stays as it is (and, for the kbuild options,
 * its directory's Kbuild and Makefile) -- and the sorting.
 */
#include "tpindex_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "kbuildcfg.h"
#include "strbuf.h"
#include "util.h"

/*
 * Rust fires a tracepoint through rust_do_trace_NAME(), the C function
 * DEFINE_RUST_DO_TRACE makes beside the event in the .c that defines
 * CREATE_RUST_TRACE_POINTS.  Rust code rarely calls it itself: the
 * kernel crate's declare_trace! { [pub] unsafe fn NAME(args); ... }
 * defines a Rust function NAME that tests the static key
 * bindings::__tracepoint_NAME and calls bindings::rust_do_trace_NAME,
 * and the code calls NAME().  So in .rs files: rust_do_trace_NAME (not
 * a "fn" declaring it), and a call NAME( of a function declare_trace!
 * declares (not its "fn NAME(" itself) -- in the declaring file's
 * directory or below for a private one (its module and the modules
 * under it), anywhere for a pub one.
 */
struct rs_tracer {
	char *name;
	char *dir; /* of the declaring .rs, tree-relative ("." at the top) */
	int pub;
};

struct merge {
	struct tc_tpindex *ix;
	struct tp_set *s;
	/* pass 2: the macros looked for */
	struct paste *want;
	size_t nr_want;
	/* the .rs files, and the functions their declare_trace! declares */
	struct tp_file **rs_files;
	size_t nr_rs_files, alloc_rs_files;
	struct rs_tracer *rs;
	size_t nr_rs, alloc_rs;
	/* the 'A' and 'V' lines (tpstr.c), the 'Y' lines (tpwidth.c) */
	char **strcalls, **tpstrs, **typedefs;
	size_t nr_strcalls, alloc_strcalls, nr_tpstrs, alloc_tpstrs, nr_typedefs, alloc_typedefs;
};

/* ------------------------------------------------------------------ */
/* the index's lists */

void tp_add_name(char ***v, size_t *nr, size_t *alloc, const char *s, size_t n)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = xstrndup(s, n);
}

static void add_used(struct tc_tpindex *ix, const char *s, size_t n)
{
	static const char *const tails[] = { "_enabled", "_rcuidle" };

	if (!n)
		return;
	tp_add_name(&ix->used, &ix->nr_used, &ix->alloc_used, s, n);
	for (size_t i = 0; i < ARRAY_SIZE(tails); i++) {
		size_t l = strlen(tails[i]);
		if (n > l && !memcmp(s + n - l, tails[i], l))
			tp_add_name(&ix->used, &ix->nr_used, &ix->alloc_used, s, n - l);
	}
}

static void add_paste(struct tc_tpindex *ix, const char *macro, size_t mn, int param,
		      const char *prefix, size_t pn, const char *rel)
{
	for (size_t i = 0; i < ix->nr_pastes; i++) {
		struct paste *q = &ix->pastes[i];
		if (q->param == param && strlen(q->macro) == mn && !memcmp(q->macro, macro, mn) &&
		    strlen(q->prefix) == pn && !memcmp(q->prefix, prefix, pn) &&
		    !strcmp(q->file, rel))
			return;
	}
	ALLOC_GROW(ix->pastes, ix->nr_pastes + 1, ix->alloc_pastes);
	ix->pastes[ix->nr_pastes++] = (struct paste){ xstrndup(macro, mn), param,
						      xstrndup(prefix, pn), dir_name(rel),
						      xstrdup(rel), 0 };
}

/* Rust fires it: used, and fired as make UT=1 counts (rust_do_trace_NAME() calls __do_trace_NAME()) */
static void add_rust(struct tc_tpindex *ix, const char *s, size_t n, const char *rel)
{
	if (!n)
		return;
	add_used(ix, s, n);
	ALLOC_GROW(ix->fired, ix->nr_fired + 1, ix->alloc_fired);
	ix->fired[ix->nr_fired++] = xasprintf("%.*s\t\t%s", (int)n, s, rel);
}

static void add_maybe(struct tc_tpindex *ix, const struct paste *q)
{
	ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
	ix->maybe[ix->nr_maybe++] = xasprintf("%s\t%s\t%s", q->prefix, q->dir, q->file);
}

/* ------------------------------------------------------------------ */
/* lines and fields */

struct line {
	const char *p, *end; /* what is left of it */
};

/* The next line of [*p, end) into l (its tag skipped); 0 at the end. */
static int next_line(const char **p, const char *end, struct line *l, char *tag)
{
	const char *nl;

	if (*p >= end)
		return 0;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	if (!nl)
		nl = end;
	*tag = **p;
	l->p = nl - *p >= 2 ? *p + 2 : nl;
	l->end = nl;
	*p = nl < end ? nl + 1 : end;
	return 1;
}

/* The next tab-separated field of l (the rest for the last one). */
static size_t field(struct line *l, const char **s, int last)
{
	const char *tab = last ? NULL : memchr(l->p, '\t', (size_t)(l->end - l->p));
	const char *e = tab ? tab : l->end;
	size_t n = (size_t)(e - l->p);

	*s = l->p;
	l->p = tab ? tab + 1 : l->end;
	return n;
}

static unsigned ufield(struct line *l)
{
	const char *s;
	size_t n = field(l, &s, 0);
	unsigned v = 0;

	for (size_t i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	return v;
}

/* ------------------------------------------------------------------ */
/* kbuild */

/* The kbuild options of f (a .c), from its memo or its Makefile; malloced, NULL: none. */
static char *kbuild_of(struct merge *m, struct tp_file *f)
{
	int patched = tp_set_kbuild_patched(m->s, f->rel);
	const struct tp_memo *k = patched ? NULL : tp_memo_find(f, 'K', NULL);
	char *opts;

	if (!ends_with(f->rel, ".c"))
		return NULL;
	if (k)
		return k->len ? xstrndup(k->text, k->len) : NULL;
	opts = tc_kbuild_config(m->s->root, f->rel);
	tp_memo_set(m->s, f, 'K', NULL, xstrdup(opts ? opts : ""), opts ? strlen(opts) : 0,
		    patched);
	return opts;
}

/* ------------------------------------------------------------------ */
/* CREATE_TRACE_POINTS */

void tp_collect_includes(const char *text, struct strbuf *sb)
{
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *p = tc_directive(l, "include");
		if (!p)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
		const char *e = close ? strchr(p + 1, close) : NULL;
		const char *eol = strchrnul(p, '\n');
		if (e && e < eol) {
			strbuf_add(sb, p + 1, (size_t)(e - p - 1));
			strbuf_addch(sb, '\n');
		}
	}
}

static char *resolve_include(const char *root, const char *cdir, const char *name, int quoted)
{
	char *c[3] = { quoted ? xasprintf("%s/%s", cdir, name) : NULL,
		       xasprintf("%s/include/%s", root, name),
		       xasprintf("%s/arch/x86/include/%s", root, name) };
	char *found = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
		if (!found && c[i] && is_file(c[i]))
			found = c[i];
		else
			free(c[i]);
	}
	return found;
}

/* The #include names of the file at path (absolute): one a line, malloced. */
static char *includes_of(struct merge *m, const char *path)
{
	const char *rel = path_below(path, m->s->root);
	struct tp_file *f = rel ? tp_set_find(m->s, rel) : NULL;
	const struct tp_memo *memo = f ? tp_memo_find(f, 'I', NULL) : NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *text;

	if (memo)
		return xstrndup(memo->text, memo->len);
	text = f ? tp_set_text(m->s, f, &len) : read_file(path, &len);
	if (text)
		tp_collect_includes(text, &sb);
	free(text);
	if (f)
		tp_memo_set(m->s, f, 'I', NULL, xstrndup(sb.buf ? sb.buf : "", sb.len), sb.len, 0);
	if (!sb.buf)
		return xstrdup("");
	return strbuf_detach(&sb);
}

static void add_ctp(struct merge *m, const struct tp_file *f, int quoted, const char *name,
		    size_t n)
{
	struct tc_tpindex *ix = m->ix;
	char *abs = xasprintf("%s/%s", m->s->root, f->rel), *cdir = dir_name(abs);

	ALLOC_GROW(ix->incs, ix->nr_incs + 1, ix->alloc_incs);
	struct ctp_inc *in = &ix->incs[ix->nr_incs++];
	memset(in, 0, sizeof(*in));
	in->cfile = xstrdup(f->rel);
	in->name = xstrndup(name, n);
	in->quoted = quoted;
	in->resolved = resolve_include(m->s->root, cdir, in->name, quoted);
	if (in->resolved) {
		char *subs = includes_of(m, in->resolved);
		for (const char *p = subs, *nl; (nl = strchr(p, '\n')); p = nl + 1)
			tp_add_name(&in->subs, &in->nr_subs, &in->alloc_subs, p, (size_t)(nl - p));
		free(subs);
	}
	free(cdir);
	free(abs);
}

/* ------------------------------------------------------------------ */
/* a file's record */

static void merge_badcall(struct tc_tpindex *ix, struct line *l, const char *rel)
{
	const char *s;
	size_t n = field(l, &s, 0);

	ALLOC_GROW(ix->badcalls, ix->nr_badcalls + 1, ix->alloc_badcalls);
	struct tc_tp_badarg *c = &ix->badcalls[ix->nr_badcalls++];
	c->name = xstrndup(s, n);
	c->file = xstrdup(rel);
	c->line = ufield(l);
	c->col = ufield(l);
	c->nargs = ufield(l);
	c->arg = ufield(l);
	n = field(l, &s, 0);
	c->kind = n ? *s : '?';
	c->test_line = ufield(l);
	n = field(l, &s, 1);
	c->text = xstrndup(s, n);
}

static void replay(struct merge *m, struct tp_file *f)
{
	struct tc_tpindex *ix = m->ix;
	const char *p = f->rec, *end = p + f->rec_len, *s, *s2;
	char *opts = NULL, tag;
	int opts_done = 0;
	struct line l;
	size_t n, n2;

	while (next_line(&p, end, &l, &tag)) {
		switch (tag) {
		case 'U':
			add_used(ix, l.p, (size_t)(l.end - l.p));
			break;
		case 'A':
			tp_add_name(&m->strcalls, &m->nr_strcalls, &m->alloc_strcalls, l.p,
				    (size_t)(l.end - l.p));
			break;
		case 'V':
			tp_add_name(&m->tpstrs, &m->nr_tpstrs, &m->alloc_tpstrs, l.p,
				    (size_t)(l.end - l.p));
			break;
		case 'Y':
			tp_add_name(&m->typedefs, &m->nr_typedefs, &m->alloc_typedefs, l.p,
				    (size_t)(l.end - l.p));
			break;
		case 'X':
			tp_add_name(&ix->exported, &ix->nr_exported, &ix->alloc_exported, l.p,
				    (size_t)(l.end - l.p));
			break;
		case 'F':
			n = field(&l, &s, 0);
			n2 = field(&l, &s2, 1);
			if (!n)
				break;
			if (!opts_done) {
				opts = kbuild_of(m, f);
				opts_done = 1;
			}
			ALLOC_GROW(ix->fired, ix->nr_fired + 1, ix->alloc_fired);
			ix->fired[ix->nr_fired++] =
				xasprintf("%.*s\t%.*s%s%s\t%s", (int)n, s, (int)n2, s2,
					  n2 && opts ? " " : "", opts ? opts : "", f->rel);
			break;
		case 'D': {
			int param = (int)ufield(&l);
			n = field(&l, &s, 0);
			n2 = field(&l, &s2, 1);
			add_paste(ix, s2, n2, param, s, n, f->rel);
			break;
		}
		case 'N':
			merge_badcall(ix, &l, f->rel);
			break;
		case 'C': {
			int quoted = (int)ufield(&l);
			n = field(&l, &s, 1);
			add_ctp(m, f, quoted, s, n);
			break;
		}
		case 'R':
			add_rust(ix, l.p, (size_t)(l.end - l.p), f->rel);
			break;
		case 'Q':
			tp_add_name(&ix->ctp, &ix->nr_ctp, &ix->alloc_ctp, f->rel, strlen(f->rel));
			break;
		case 'T': {
			int pub = (int)ufield(&l);
			n = field(&l, &s, 1);
			ALLOC_GROW(m->rs, m->nr_rs + 1, m->alloc_rs);
			m->rs[m->nr_rs++] =
				(struct rs_tracer){ xstrndup(s, n), dir_name(f->rel), pub };
			break;
		}
		}
	}
	free(opts);
}

/* ------------------------------------------------------------------ */
/* Rust callers */

/* dir_name()'s "." for a top-level file: "" here, below which is everything */
static int rs_below(const char *rel, const char *dir)
{
	size_t n = strlen(dir);

	return !strcmp(dir, ".") || (!strncmp(rel, dir, n) && rel[n] == '/');
}

/* The calls in text of functions named in names (one a line): their names, one a line. */
static void rs_calls(struct merge *m, const char *text, size_t len, const char *names,
		     struct strbuf *out)
{
	struct toks *t = &m->s->t;
	int any = 0;

	for (size_t i = 0; i < m->nr_rs && !any; i++)
		any = memmem(text, len, m->rs[i].name, strlen(m->rs[i].name)) != NULL;
	if (!any)
		return;
	tp_rs_tokenize(text, len, t);
	for (size_t i = 0; i + 1 < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT || t->v[i + 1].kind != T_LP ||
		    (i && tok_is(&t->v[i - 1], "fn")))
			continue;
		for (const char *p = names, *nl; (nl = strchr(p, '\n')); p = nl + 1)
			if ((size_t)(nl - p) == k->n && !memcmp(p, k->p, k->n)) {
				strbuf_add(out, k->p, k->n);
				strbuf_addch(out, '\n');
				break;
			}
	}
}

static void rs_resolve(struct merge *m)
{
	char **names = NULL, key[33];
	size_t nr = 0, alloc = 0;
	struct strbuf all = STRBUF_INIT;

	for (size_t i = 0; i < m->nr_rs; i++)
		tp_add_name(&names, &nr, &alloc, m->rs[i].name, strlen(m->rs[i].name));
	sort_strings(names, nr);
	for (size_t i = 0; i < nr; i++)
		if (!i || strcmp(names[i - 1], names[i]))
			strbuf_addf(&all, "%s\n", names[i]);
	tc_hash_hex(all.buf ? all.buf : "", all.len, key);
	for (size_t i = 0; i < m->nr_rs_files && m->nr_rs; i++) {
		struct tp_file *f = m->rs_files[i];
		const struct tp_memo *memo = tp_memo_find(f, 'Z', key);
		char *calls;
		if (memo) {
			calls = xstrndup(memo->text, memo->len);
		} else {
			struct strbuf sb = STRBUF_INIT;
			size_t len;
			char *text = tp_set_text(m->s, f, &len);
			if (text)
				rs_calls(m, text, len, all.buf, &sb);
			free(text);
			len = sb.len;
			calls = xstrndup(sb.buf ? sb.buf : "", len);
			tp_memo_set(m->s, f, 'Z', key, strbuf_detach(&sb), len, 0);
		}
		for (const char *p = calls, *nl; (nl = strchr(p, '\n')); p = nl + 1)
			for (size_t r = 0; r < m->nr_rs; r++)
				if (strlen(m->rs[r].name) == (size_t)(nl - p) &&
				    !memcmp(m->rs[r].name, p, (size_t)(nl - p)) &&
				    (m->rs[r].pub || rs_below(f->rel, m->rs[r].dir)))
					add_rust(m->ix, p, (size_t)(nl - p), f->rel);
		free(calls);
	}
	for (size_t i = 0; i < m->nr_rs; i++) {
		free(m->rs[i].name);
		free(m->rs[i].dir);
	}
	free_strings(names, nr);
	strbuf_release(&all);
	free(m->rs);
	free(m->rs_files);
}

/* ------------------------------------------------------------------ */
/* pass 2 */

void tp_pass2_find(struct toks *t, const struct paste *want, size_t nr_want, const char *text,
		   size_t len, struct strbuf *out)
{
	int any = 0;

	for (size_t i = 0; i < nr_want && !any; i++)
		any = memmem(text, len, want[i].macro, strlen(want[i].macro)) != NULL;
	if (!any)
		return;
	tp_tokenize(text, len, t);
	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT || k->defname || i + 1 >= t->nr || t->v[i + 1].kind != T_LP)
			continue;
		for (size_t w = 0; w < nr_want; w++) {
			const struct paste *q = &want[w];
			if (!tok_is(k, q->macro))
				continue;
			const struct tok *a = tp_sole_arg(t, i, (size_t)q->param);
			int pp = a ? tp_param_of(t, a) : -1;
			/*
			 * not a plain name: whatever the prefix starts; a
			 * parameter of another macro: follow that one
			 */
			if (!a)
				strbuf_addf(out, "m %zu\n", w);
			else if (pp >= 0)
				strbuf_addf(out, "p %zu\t%d\t%.*s\n", w, pp, (int)t->defs[a->def].n,
					    t->defs[a->def].name);
			else
				strbuf_addf(out, "n %zu\t%.*s\n", w, (int)a->n, a->p);
			break;
		}
	}
}

static void pass2_file(struct merge *m, struct tp_file *f, const char *key)
{
	const struct tp_memo *memo = tp_memo_find(f, 'W', key);
	struct tc_tpindex *ix = m->ix;
	struct strbuf sb = STRBUF_INIT;
	const char *p, *end, *s;
	struct line l;
	char tag;
	size_t n;

	if (memo) {
		strbuf_add(&sb, memo->text, memo->len);
	} else {
		size_t len;
		char *text = tp_set_text(m->s, f, &len);
		if (text)
			tp_pass2_find(&m->s->t, m->want, m->nr_want, text, len, &sb);
		free(text);
		tp_memo_set(m->s, f, 'W', key, xstrndup(sb.buf ? sb.buf : "", sb.len), sb.len, 0);
	}
	p = sb.buf;
	end = p + sb.len;
	while (next_line(&p, end, &l, &tag)) {
		size_t w = ufield(&l);
		if (w >= m->nr_want)
			continue;
		const struct paste *q = &m->want[w];
		if (tag == 'm') {
			add_maybe(ix, q);
		} else if (tag == 'p') {
			int pp = (int)ufield(&l);
			n = field(&l, &s, 1);
			add_paste(ix, s, n, pp, q->prefix, strlen(q->prefix), f->rel);
		} else if (tag == 'n') {
			n = field(&l, &s, 1);
			ALLOC_GROW(ix->pasted, ix->nr_pasted + 1, ix->alloc_pasted);
			ix->pasted[ix->nr_pasted++] =
				xasprintf("%s%.*s\t%s", q->prefix, (int)n, s, q->file);
		}
	}
	strbuf_release(&sb);
}

/* The run's .c, .h and .S files below dir, in path order. */
static void pass2_dir(struct merge *m, const char *dir)
{
	const struct tp_set *s = m->s;
	size_t dl = strlen(dir), lo = 0, hi = s->nr;
	struct strbuf want = STRBUF_INIT, read = STRBUF_INIT;
	char key[33];

	for (size_t i = 0; i < m->nr_want; i++)
		strbuf_addf(&want, "%s\t%d\n", m->want[i].macro, m->want[i].param);
	tc_hash_hex(want.buf, want.len, key);
	strbuf_release(&want);
	/* what it reads, for an overlay's look at the disk's index (tpreuse.c) */
	strbuf_addstr(&read, dir);
	for (size_t i = 0; i < m->nr_want; i++)
		strbuf_addf(&read, "\t%s %d", m->want[i].macro, m->want[i].param);
	if (strchr(dir, '\t') || strchr(read.buf, '\n'))
		m->ix->reads_unknown = 1;
	tp_add_name(&m->ix->pass2, &m->ix->nr_pass2, &m->ix->alloc_pass2, read.buf, read.len);
	strbuf_release(&read);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(s->v[mid]->rel, dir, dl);
		if (c < 0 || (!c && s->v[mid]->rel[dl] < '/'))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < s->nr && !strncmp(s->v[lo]->rel, dir, dl) && s->v[lo]->rel[dl] == '/'; lo++) {
		struct tp_file *f = s->v[lo];
		if (f->read && !ends_with(f->rel, ".rs"))
			pass2_file(m, f, key);
	}
}

static void resolve_pastes(struct merge *m)
{
	struct tc_tpindex *ix = m->ix;

	for (int round = 0; round < 4; round++) {
		size_t end = ix->nr_pastes;
		int any = 0;
		/* one pass per directory that has pending macros */
		for (size_t i = 0; i < end; i++) {
			if (ix->pastes[i].done)
				continue;
			any = 1;
			char *dir = xstrdup(ix->pastes[i].dir);
			/* copies: pass 2 may grow ix->pastes */
			m->want = xcalloc(end - i, sizeof(*m->want));
			m->nr_want = 0;
			for (size_t j = i; j < end; j++)
				if (!ix->pastes[j].done && !strcmp(ix->pastes[j].dir, dir)) {
					ix->pastes[j].done = 1;
					m->want[m->nr_want++] = ix->pastes[j];
				}
			if (starts_with(dir, "include/") || strstr(dir, "/include/") ||
			    !strcmp(dir, ".")) {
				/* a shared header: its users are anywhere; keep the prefixes */
				for (size_t j = 0; j < m->nr_want; j++)
					add_maybe(ix, &m->want[j]);
			} else {
				pass2_dir(m, dir);
			}
			free(m->want);
			m->want = NULL;
			free(dir);
		}
		if (!any)
			break;
	}
	/* still pending after the rounds: maybe */
	for (size_t i = 0; i < ix->nr_pastes; i++)
		if (!ix->pastes[i].done)
			add_maybe(ix, &ix->pastes[i]);
}

/* ------------------------------------------------------------------ */
/* the whole */

int tp_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_unique(char **v, size_t *nr)
{
	size_t o = 0;

	if (!*nr)
		return;
	QSORT(v, *nr, tp_cmp_str);
	for (size_t i = 0; i < *nr; i++) {
		if (o && !strcmp(v[o - 1], v[i])) {
			free(v[i]);
			continue;
		}
		v[o++] = v[i];
	}
	*nr = o;
}

static int cmp_badarg(const void *va, const void *vb)
{
	const struct tc_tp_badarg *a = va, *b = vb;
	int c = strcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->file, b->file);
	if (!c)
		c = a->line < b->line ? -1 : a->line > b->line;
	if (!c)
		c = a->col < b->col ? -1 : a->col > b->col;
	if (!c)
		c = a->arg < b->arg ? -1 : a->arg > b->arg;
	return c;
}

struct tc_tpindex *tp_with_badcalls(const struct tc_tpindex *ix, const char *rel, const char *rec,
				    size_t len)
{
	struct tc_tpindex *a = xcalloc(1, sizeof(*a)), *mine = xcalloc(1, sizeof(*mine));
	const char *p = rec, *end = rec + len;
	struct line l;
	char tag;
	size_t o = 0, m = 0;

	while (next_line(&p, end, &l, &tag))
		if (tag == 'N')
			merge_badcall(mine, &l, rel);
	if (mine->nr_badcalls)
		QSORT(mine->badcalls, mine->nr_badcalls, cmp_badarg);
	for (size_t i = 1; i < mine->nr_badcalls; i++) {
		if (cmp_badarg(&mine->badcalls[i - 1], &mine->badcalls[i]))
			continue;
		/* two that sort the same: their order would be the merge's input's */
		for (size_t j = 0; j < mine->nr_badcalls; j++) {
			free(mine->badcalls[j].name);
			free(mine->badcalls[j].file);
			free(mine->badcalls[j].text);
		}
		free(mine->badcalls);
		free(mine);
		free(a);
		return NULL;
	}
	*a = *ix;
	a->badcalls = NULL;
	a->nr_badcalls = a->alloc_badcalls = 0;
	/*
	 * the others' in ix's order (sorted, ties as the merge left them),
	 * rel's among them where they sort (never the same as another
	 * file's: the file is compared)
	 */
	while (o < ix->nr_badcalls || m < mine->nr_badcalls) {
		const struct tc_tp_badarg *x;
		if (o < ix->nr_badcalls && !strcmp(ix->badcalls[o].file, rel)) {
			o++;
			continue;
		}
		if (m < mine->nr_badcalls &&
		    (o == ix->nr_badcalls || cmp_badarg(&mine->badcalls[m], &ix->badcalls[o]) < 0))
			x = &mine->badcalls[m++];
		else
			x = &ix->badcalls[o++];
		ALLOC_GROW(a->badcalls, a->nr_badcalls + 1, a->alloc_badcalls);
		a->badcalls[a->nr_badcalls++] = *x;
	}
	free(mine->badcalls);
	free(mine);
	return a;
}

static struct tc_tpindex *merge(struct tp_set *s)
{
	struct tc_tpindex *ix = xcalloc(1, sizeof(*ix));
	struct merge m = { .ix = ix, .s = s };

	ix->root = xstrdup(s->root);
	for (size_t i = 0; i < s->nr; i++) {
		struct tp_file *f = s->v[i];
		if (!f->read)
			continue;
		ix->files++;
		if (ends_with(f->rel, ".rs")) {
			ALLOC_GROW(m.rs_files, m.nr_rs_files + 1, m.alloc_rs_files);
			m.rs_files[m.nr_rs_files++] = f;
		}
		replay(&m, f);
	}
	rs_resolve(&m);
	resolve_pastes(&m);
	sort_unique(ix->used, &ix->nr_used);
	sort_unique(ix->exported, &ix->nr_exported);
	sort_unique(ix->pasted, &ix->nr_pasted);
	sort_unique(ix->maybe, &ix->nr_maybe);
	if (ix->nr_badcalls)
		QSORT(ix->badcalls, ix->nr_badcalls, cmp_badarg);
	sort_unique(ix->fired, &ix->nr_fired);
	sort_unique(ix->pass2, &ix->nr_pass2);
	char **mem;
	size_t nr_mem = tp_members_collect(s, m.strcalls, m.nr_strcalls, &mem);
	tp_strargs_merge(ix, m.strcalls, m.nr_strcalls, m.tpstrs, m.nr_tpstrs, m.typedefs,
			 m.nr_typedefs, mem, nr_mem);
	return ix;
}

struct tc_tpindex *tp_build(const char *root, int keep, int overlay)
{
	double t0 = tc_now();
	struct tc_tpindex *ix;
	struct tp_set s;

	tc_deps_pause(); /* the index's inputs are its key */
	tp_set_make(&s, root, keep, overlay);
	ix = merge(&s);
	ix->how = 'b';
	ix->fresh = s.scanned;
	tp_set_finish(&s);
	tc_deps_resume();
	ix->secs = tc_now() - t0;
	return ix;
}
