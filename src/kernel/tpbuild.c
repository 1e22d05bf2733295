// SPDX-License-Identifier: MIT
/*
 * The tracepoint index of a tree: its walk (tpscan.c's scan of each
 * file), then the passes over the whole -- the calls of the functions
 * Rust's declare_trace! declares, the invocations of the pasting macros
 * (pass 2) -- and the sorting.
 */
#include "tpindex_int.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "overlay.h"
#include "strbuf.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* Rust callers */

/* dir_name()'s "." for a top-level file: "" here, below which is everything */
static int rs_below(const char *rel, const char *dir)
{
	size_t n = strlen(dir);

	return !strcmp(dir, ".") || (!strncmp(rel, dir, n) && rel[n] == '/');
}

/* The calls of the functions declare_trace! declared: their names are fired. */
static void rs_scan_calls(struct walk *w, const char *path, const char *rel)
{
	size_t len;
	char *text = read_file(path, &len);
	int any = 0;

	if (!text)
		return;
	for (size_t i = 0; i < w->nr_rs && !any; i++)
		any = memmem(text, len, w->rs[i].name, strlen(w->rs[i].name)) != NULL;
	if (any) {
		tp_rs_tokenize(text, len, &w->t);
		const struct toks *t = &w->t;
		for (size_t i = 0; i + 1 < t->nr; i++) {
			const struct tok *k = &t->v[i];
			if (k->kind != T_IDENT || t->v[i + 1].kind != T_LP ||
			    (i && tok_is(&t->v[i - 1], "fn")))
				continue;
			for (size_t r = 0; r < w->nr_rs; r++)
				if (tok_is(k, w->rs[r].name) && (w->rs[r].pub || rs_below(rel, w->rs[r].dir)))
					tp_add_rust(w->ix, k->p, k->n, rel);
		}
	}
	free(text);
}

static void rs_resolve(struct walk *w)
{
	for (size_t i = 0; i < w->nr_rs_files && w->nr_rs; i++) {
		char *path = xasprintf("%s/%s", w->ix->root, w->rs_files[i]);
		rs_scan_calls(w, path, w->rs_files[i]);
		free(path);
	}
	for (size_t i = 0; i < w->nr_rs; i++) {
		free(w->rs[i].name);
		free(w->rs[i].dir);
	}
	for (size_t i = 0; i < w->nr_rs_files; i++)
		free(w->rs_files[i]);
	free(w->rs);
	free(w->rs_files);
}


static void resolve_file(struct walk *w, const char *path, const char *rel);

static void walk_dir(struct walk *w, const char *dir, const char *rel, int depth,
		     void (*fn)(struct walk *, const char *, const char *))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t nr = 0, alloc = 0;

	if (!d)
		return;
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		if (n[0] == '.')
			continue;
		if (depth == 0 && (!strcmp(n, "Documentation") || !strcmp(n, "tools") ||
				   !strcmp(n, "scripts")))
			continue;
		tp_add_name(&names, &nr, &alloc, n, strlen(n));
		/* mark directories with a trailing '/' */
		if (e->d_type == DT_DIR) {
			char *m = xasprintf("%s/", n);
			free(names[nr - 1]);
			names[nr - 1] = m;
		} else if (e->d_type == DT_UNKNOWN) {
			char *p = xasprintf("%s/%s", dir, n);
			if (is_dir(p)) {
				char *m = xasprintf("%s/", n);
				free(names[nr - 1]);
				names[nr - 1] = m;
			}
			free(p);
		}
	}
	closedir(d);
	sort_strings(names, nr);
	for (size_t i = 0; i < nr; i++) {
		size_t l = strlen(names[i]);
		int sub = names[i][l - 1] == '/';
		if (sub)
			names[i][l - 1] = '\0';
		char *p = xasprintf("%s/%s", dir, names[i]);
		char *r = *rel ? xasprintf("%s/%s", rel, names[i]) : xstrdup(names[i]);
		if (sub && depth < 24)
			walk_dir(w, p, r, depth + 1, fn);
		else if (!sub && tp_wanted_ext(names[i], w->rust))
			fn(w, p, r);
		free(p);
		free(r);
		free(names[i]);
	}
	free(names);
}

/* Pass 2: the invocations of the pasting macros in w->want. */
static void resolve_file(struct walk *w, const char *path, const char *rel)
{
	size_t len;
	char *text = read_file(path, &len);
	struct tc_tpindex *ix = w->ix;

	if (!text)
		return;
	int any = 0;
	for (size_t i = 0; i < w->nr_want && !any; i++)
		any = memmem(text, len, w->want[i]->macro, strlen(w->want[i]->macro)) != NULL;
	if (!any) {
		free(text);
		return;
	}
	tp_tokenize(text, len, &w->t);
	const struct toks *t = &w->t;
	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT || k->defname || i + 1 >= t->nr || t->v[i + 1].kind != T_LP)
			continue;
		for (size_t m = 0; m < w->nr_want; m++) {
			struct paste *q = w->want[m];
			if (!tok_is(k, q->macro))
				continue;
			const struct tok *a = tp_sole_arg(t, i, (size_t)q->param);
			int pp = a ? tp_param_of(t, a) : -1;
			char *file = xstrdup(q->file), *prefix = xstrdup(q->prefix);
			if (!a) {
				/* not a plain name: whatever the prefix starts */
				ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
				ix->maybe[ix->nr_maybe++] = xasprintf("%s\t%s\t%s", prefix, q->dir, file);
			} else if (pp >= 0) {
				/* passed on from another macro's parameter: follow that one */
				tp_add_paste(ix, &t->defs[a->def], pp, prefix, rel);
				/* tp_add_paste may move q: w->want points into the array */
			} else {
				ALLOC_GROW(ix->pasted, ix->nr_pasted + 1, ix->alloc_pasted);
				ix->pasted[ix->nr_pasted++] =
					xasprintf("%s%.*s\t%s", prefix, (int)a->n, a->p, file);
			}
			free(file);
			free(prefix);
			break;
		}
	}
	free(text);
}

int tp_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_unique(char **v, size_t *nr)
{
	size_t o = 0;

	if (!*nr)
		return; /* v may be NULL: qsort() wants an array */
	qsort(v, *nr, sizeof(*v), tp_cmp_str);
	for (size_t i = 0; i < *nr; i++) {
		if (o && !strcmp(v[o - 1], v[i])) {
			free(v[i]);
			continue;
		}
		v[o++] = v[i];
	}
	*nr = o;
}

static void resolve_pastes(struct walk *w)
{
	struct tc_tpindex *ix = w->ix;

	for (int round = 0; round < 4; round++) {
		size_t end = ix->nr_pastes;
		int any = 0;
		/* one walk per directory that has pending macros */
		for (size_t i = 0; i < end; i++) {
			if (ix->pastes[i].done)
				continue;
			any = 1;
			char *dir = xstrdup(ix->pastes[i].dir);
			w->nr_want = 0;
			size_t *idx = NULL, nidx = 0, aidx = 0;
			for (size_t j = i; j < end; j++)
				if (!ix->pastes[j].done && !strcmp(ix->pastes[j].dir, dir)) {
					ALLOC_GROW(idx, nidx + 1, aidx);
					idx[nidx++] = j;
				}
			/* copies: resolve_file may grow ix->pastes */
			struct paste *copies = xcalloc(nidx, sizeof(*copies));
			w->want = xcalloc(nidx, sizeof(*w->want));
			for (size_t j = 0; j < nidx; j++) {
				ix->pastes[idx[j]].done = 1;
				copies[j] = ix->pastes[idx[j]];
				w->want[j] = &copies[j];
			}
			w->nr_want = nidx;
			if (starts_with(dir, "include/") || strstr(dir, "/include/") || !strcmp(dir, ".")) {
				/* a shared header: its users are anywhere; keep the prefixes */
				for (size_t j = 0; j < nidx; j++) {
					ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
					ix->maybe[ix->nr_maybe++] = xasprintf(
						"%s\t%s\t%s", copies[j].prefix, copies[j].dir, copies[j].file);
				}
			} else {
				char *abs = xasprintf("%s/%s", ix->root, dir);
				walk_dir(w, abs, dir, 1, resolve_file);
				free(abs);
			}
			free(w->want);
			w->want = NULL;
			free(copies);
			free(idx);
			free(dir);
		}
		if (!any)
			break;
	}
	/* still pending after the rounds: maybe */
	for (size_t i = 0; i < ix->nr_pastes; i++) {
		if (ix->pastes[i].done)
			continue;
		ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
		ix->maybe[ix->nr_maybe++] = xasprintf("%s\t%s\t%s", ix->pastes[i].prefix,
						      ix->pastes[i].dir, ix->pastes[i].file);
	}
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

static double now_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

struct tc_tpindex *tp_build(const char *root)
{
	struct tc_tpindex *ix = xcalloc(1, sizeof(*ix));
	struct walk w = { .ix = ix, .rust = 1 };
	double t0 = now_secs();

	ix->root = xstrdup(root);
	walk_dir(&w, root, "", 0, tp_scan_file);
	/* files only --patch adds (read_file() already sees the ones it changes) */
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		struct stat st;
		const char *path = tc_overlay_entry(i, &text, &len);
		const char *rel = path_below(path, root);
		if (text && rel && tp_wanted_ext(rel, 1) && stat(path, &st) &&
		    !starts_with(rel, "Documentation/") && !starts_with(rel, "tools/") &&
		    !starts_with(rel, "scripts/"))
			tp_scan_file(&w, path, rel);
	}
	w.rust = 0;
	rs_resolve(&w);
	resolve_pastes(&w);
	sort_unique(ix->used, &ix->nr_used);
	sort_unique(ix->exported, &ix->nr_exported);
	sort_unique(ix->pasted, &ix->nr_pasted);
	sort_unique(ix->maybe, &ix->nr_maybe);
	if (ix->nr_badcalls)
		qsort(ix->badcalls, ix->nr_badcalls, sizeof(*ix->badcalls), cmp_badarg);
	sort_unique(ix->fired, &ix->nr_fired);
	free(w.t.v);
	free(w.t.defs);
	free(w.t.cs);
	ix->secs = now_secs() - t0;
	return ix;
}
