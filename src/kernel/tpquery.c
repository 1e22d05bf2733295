// SPDX-License-Identifier: MIT
/* The tracepoint index's queries (tpindex.h). */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "instantiator.h"
#include "strbuf.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* queries */

static int has(char *const *v, size_t nr, const char *s)
{
	if (!nr)
		return 0; /* v may be NULL */
	return BSEARCH(&s, v, nr, tp_cmp_str) != NULL;
}

/* In sorted entries "NAME\t...": the index of the first not below "NAME\t" (n: NAME's length). */
static size_t first_entry(char *const *v, size_t nr, const char *name, size_t n)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(v[mid], name, n);
		if (c < 0 || (c == 0 && v[mid][n] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

enum tc_tp_use tc_tpindex_use(const struct tc_tpindex *ix, const char *name,
			      const char *header_rel, const char **where)
{
	size_t n = strlen(name);
	int used = has(ix->used, ix->nr_used, name);

	int fired = 0;
	if (used)
		free(tc_tpindex_fired(ix, name, &fired, NULL));
	if (used && (fired || has(ix->exported, ix->nr_exported, name)))
		return TC_TP_CALLED;
	size_t lo = first_entry(ix->pasted, ix->nr_pasted, name, n);
	if (lo < ix->nr_pasted && !strncmp(ix->pasted[lo], name, n) && ix->pasted[lo][n] == '\t') {
		if (where)
			*where = ix->pasted[lo] + n + 1;
		return TC_TP_PASTED;
	}
	for (size_t i = 0; i < ix->nr_maybe; i++) {
		const char *m = ix->maybe[i], *t1 = strchr(m, '\t');
		const char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		size_t pl = (size_t)(t1 - m), dl = (size_t)(t2 - t1 - 1);
		int covers;
		if (pl)
			covers = n >= pl && !strncmp(name, m, pl);
		else /* any name: the headers of the macro's directory */
			covers = header_rel && !strncmp(header_rel, t1 + 1, dl) &&
				 header_rel[dl] == '/';
		if (covers) {
			if (where)
				*where = t2 + 1;
			return TC_TP_MAYBE;
		}
	}
	if (used)
		return TC_TP_ATTACHED;
	if (has(ix->exported, ix->nr_exported, name))
		return TC_TP_EXPORTED;
	return TC_TP_UNUSED;
}

int tc_tpindex_exported(const struct tc_tpindex *ix, const char *name)
{
	return has(ix->exported, ix->nr_exported, name);
}

/* Does the space-separated list l (n bytes) hold option o (on bytes)? */
static int has_option(const char *l, size_t n, const char *o, size_t on)
{
	for (const char *p = l, *end = l + n; p < end;) {
		const char *sp = memchr(p, ' ', (size_t)(end - p));
		size_t len = sp ? (size_t)(sp - p) : (size_t)(end - p);
		if (len == on && !memcmp(p, o, on))
			return 1;
		p += len + 1;
	}
	return 0;
}

char *tc_tpindex_fired(const struct tc_tpindex *ix, const char *name, int *fired,
		       const char **file)
{
	size_t n = strlen(name), lo = first_entry(ix->fired, ix->nr_fired, name, n);
	struct strbuf common = STRBUF_INIT;
	int first = 1;

	*fired = 0;
	for (; lo < ix->nr_fired && !strncmp(ix->fired[lo], name, n) && ix->fired[lo][n] == '\t';
	     lo++) {
		const char *c = ix->fired[lo] + n + 1, *t = strchr(c, '\t');
		if (!t)
			continue;
		*fired = 1;
		if (first) {
			strbuf_add(&common, c, (size_t)(t - c));
			if (file)
				*file = t + 1;
			first = 0;
			continue;
		}
		/* keep the options this call needs too */
		struct strbuf keep = STRBUF_INIT;
		const char *p = strbuf_str(&common), *end = p + common.len;
		while (p < end) {
			const char *sp = memchr(p, ' ', (size_t)(end - p));
			size_t len = sp ? (size_t)(sp - p) : (size_t)(end - p);
			if (has_option(c, (size_t)(t - c), p, len)) {
				if (keep.len)
					strbuf_addch(&keep, ' ');
				strbuf_add(&keep, p, len);
			}
			p += len + 1;
		}
		strbuf_release(&common);
		common = keep;
	}
	if (!common.len) {
		strbuf_release(&common);
		return NULL;
	}
	return strbuf_detach(&common);
}

int tc_tpindex_options_have(const char *list, const char *o, size_t on)
{
	return list && has_option(list, strlen(list), o, on);
}

size_t tc_tpindex_instantiators(const struct tc_tpindex *ix, const char *header,
				const char ***files, int **direct)
{
	size_t nr = 0;

	*files = NULL;
	*direct = NULL;
	for (size_t i = 0; i < ix->nr_incs; i++) {
		const struct ctp_inc *in = &ix->incs[i];
		char *c = xasprintf("%s/%s", ix->root, in->cfile);
		int d = tc_ctp_names_header(header, c, ix->root, in->name, strlen(in->name),
					    in->quoted);
		int via = 0;
		if (!d && in->resolved && strcmp(in->resolved, header)) {
			for (size_t j = 0; j < in->nr_subs && !via; j++)
				via = tc_ctp_names_header(header, in->resolved, ix->root, in->subs[j],
							  strlen(in->subs[j]), 1);
		}
		free(c);
		if (!d && !via)
			continue;
		/* one entry per .c: direct wins */
		size_t k = 0;
		while (k < nr && strcmp((*files)[k], in->cfile))
			k++;
		if (k == nr) {
			*files = xrealloc(*files, (nr + 1) * sizeof(**files));
			*direct = xrealloc(*direct, (nr + 1) * sizeof(**direct));
			(*files)[nr] = in->cfile;
			(*direct)[nr++] = d;
		} else if (d) {
			(*direct)[k] = 1;
		}
	}
	return nr;
}

double tc_tpindex_build_seconds(const struct tc_tpindex *ix)
{
	return ix->secs;
}

size_t tc_tpindex_files(const struct tc_tpindex *ix)
{
	return ix->files;
}

size_t tc_tpindex_bad_args(const struct tc_tpindex *ix, const char *name,
			    const struct tc_tp_badarg **calls)
{
	size_t lo = 0, hi = ix->nr_badcalls, n = 0;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(ix->badcalls[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo + n < ix->nr_badcalls && !strcmp(ix->badcalls[lo + n].name, name))
		n++;
	*calls = n ? &ix->badcalls[lo] : NULL;
	return n;
}

static const char *const use_names[] = { "unused", "called", "pasted", "maybe", "exported",
					 "attached" };

char *tc_tpindex_answers(const struct tc_tpindex *ix, const char *header, const char *header_rel,
			 const char *const *names, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;
	const char **files;
	int *direct;
	size_t n = tc_tpindex_instantiators(ix, header, &files, &direct);

	strbuf_addf(&sb, "header %s\n", header_rel ? header_rel : "");
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "instantiator %s %d\n", files[i], direct[i]);
	free(files);
	free(direct);
	for (size_t i = 0; i < nr; i++) {
		const char *where = NULL, *file = NULL;
		const struct tc_tp_badarg *c;
		int fired;
		enum tc_tp_use use = tc_tpindex_use(ix, names[i], header_rel, &where);
		char *opts = tc_tpindex_fired(ix, names[i], &fired, &file);

		strbuf_addf(&sb, "name %s\nuse %s %s\nfired %d %s %s\nexported %d\n", names[i],
			    use_names[use], where && (use == TC_TP_PASTED || use == TC_TP_MAYBE)
						    ? where : "-",
			    fired, opts ? opts : "-", file ? file : "-",
			    tc_tpindex_exported(ix, names[i]));
		free(opts);
		const char *sa = tc_tpindex_string_args(ix, names[i]);
		if (sa)
			strbuf_addf(&sb, "strings %s\n", sa);
		n = tc_tpindex_bad_args(ix, names[i], &c);
		for (size_t j = 0; j < n; j++)
			strbuf_addf(&sb, "badarg %s %u %u %u %u %c %u %s\n", c[j].file, c[j].line,
				    c[j].col, c[j].nargs, c[j].arg, c[j].kind, c[j].test_line,
				    c[j].text);
	}
	return strbuf_detach(&sb);
}

size_t tc_tpindex_ctp_files(const struct tc_tpindex *ix, const char *const **files)
{
	*files = (const char *const *)ix->ctp;
	return ix->nr_ctp;
}
