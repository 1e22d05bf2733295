// SPDX-License-Identifier: MIT
/*
 * --patch's changes that change nothing the index reads.  The index is
 * made from each file's record (tpscan.c) and from a few reads of the
 * text beside it (tpmerge.c): the #include names of the headers a
 * CREATE_TRACE_POINTS .c includes, pass 2's invocations of the pasting
 * macros in the files below their directory, the calls of Rust's
 * declare_trace! functions in .rs files, and the kbuild options of a
 * .c's directory.  When --patch changes .c, .h and .S files of the tree
 * only, and for each of them the record and the #include names of its
 * new text are those of its text on the disk, and pass 2 finds the same
 * in both (for every directory and list of macros the disk's index
 * looked for below it), the merge of the patched tree reads exactly
 * what the merge of the disk's reads: its index is the disk's.  A
 * comment line added to a header, a new TRACE_EVENT() in it (an event
 * header's record is empty) or a comment line added to a .c (its
 * record has no line numbers unless a call passes NULL) are such
 * changes: the disk's index, kept whole in the cache, serves them
 * instead of a merge of every file's record again.
 *
 * Anything else falls back to the merge with the overlay: a file
 * added, removed or not in the walk, a .rs file, a Kbuild or Makefile
 * (their options), a file out of the walk's scope (read_file() and
 * is_file() see the overlay), a disk file whose identity is not the
 * walk's (it changed since, or is too recent to trust by its stat).
 */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "overlay.h"
#include "strbuf.h"
#include "util.h"

struct inert_file {
	const char *rel;
	const char *text; /* the overlay's */
	size_t len;
	char *disk; /* the disk's */
	size_t disk_len;
	/* the 'N' lines of the overlay's record, when they are not the disk's */
	struct strbuf calls;
	int calls_differ;
};

struct tp_inert {
	struct inert_file *v;
	size_t nr, alloc;
};

void tp_inert_free(struct tp_inert *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr; i++) {
		free(c->v[i].disk);
		strbuf_release(&c->v[i].calls);
	}
	free(c->v);
	free(c);
}

static void toks_release(struct toks *t)
{
	free(t->v);
	free(t->defs);
	free(t->cs);
	memset(t, 0, sizeof(*t));
}

/*
 * What the merge reads of text alone: its record, the 'N' lines (calls
 * passing NULL, with their line numbers) into calls and the others
 * into out, then its #include names into out.
 */
static void own_reads(struct toks *t, const char *rel, const char *text, size_t len,
		      struct strbuf *out, struct strbuf *calls)
{
	struct strbuf rec = STRBUF_INIT;

	tp_scan(t, rel, text, len, &rec);
	for (const char *p = rec.buf, *end = p + rec.len, *nl; p && p < end; p = nl) {
		nl = memchr(p, '\n', (size_t)(end - p));
		nl = nl ? nl + 1 : end;
		strbuf_add(*p == 'N' ? calls : out, p, (size_t)(nl - p));
	}
	strbuf_release(&rec);
	strbuf_addch(out, '\0');
	tp_collect_includes(text, out);
}

static int same_buf(const struct strbuf *a, const struct strbuf *b)
{
	return a->len == b->len && (!a->len || !memcmp(a->buf, b->buf, a->len));
}

/* The walk's entry of rel, or NULL. */
static const struct tp_entry *walk_entry(const struct tp_walk *w, const char *rel)
{
	size_t lo = 0, hi = w->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(w->v[mid].rel, rel);
		if (!c)
			return &w->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * The disk's text of e (malloced), if it is the text whose record the
 * disk's index has: a racy file's (its identity holds the hash of the
 * content the walk read) by its content, another's by its stat, as the
 * walk's key tells them apart.  NULL otherwise.
 */
static char *disk_text(const struct tp_walk *w, const struct tp_entry *e, size_t *len)
{
	struct tp_ident id;
	char *text = tp_read(w->root, e->rel, len, &id);
	char hash[33];
	int same;

	if (!text)
		return NULL;
	if (e->racy || *e->id.hash) {
		tp_hash_content(text, *len, hash);
		same = *e->id.hash && !strcmp(hash, e->id.hash);
	} else {
		same = tp_ident_same_stat(&id, &e->id);
	}
	if (!same) {
		free(text);
		return NULL;
	}
	return text;
}

/* Is the overlay's file (rel, text) one whose change the merge does not see? */
static int inert(const struct tp_walk *w, struct toks *t, struct inert_file *f)
{
	const struct tp_entry *e;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int same;

	if (!f->text || !tp_in_scope(f->rel) || !tp_scanned_name(f->rel) ||
	    ends_with(f->rel, ".rs"))
		return 0;
	e = walk_entry(w, f->rel);
	if (!e || !(f->disk = disk_text(w, e, &f->disk_len)))
		return 0;
	struct strbuf dcalls = STRBUF_INIT;
	own_reads(t, f->rel, f->text, f->len, &a, &f->calls);
	own_reads(t, f->rel, f->disk, f->disk_len, &b, &dcalls);
	same = same_buf(&a, &b);
	f->calls_differ = !same_buf(&f->calls, &dcalls);
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&dcalls);
	return same;
}

struct tp_inert *tp_inert_check(const char *root)
{
	struct tp_inert *c = xcalloc(1, sizeof(*c));
	const struct tp_walk *w = tp_walk_get(root, 1);
	struct toks t = { 0 };
	int ok = 1;

	for (size_t i = 0; i < tc_overlay_count() && ok; i++) {
		const char *text;
		size_t len;
		const char *rel = path_below(tc_overlay_entry(i, &text, &len), root);
		if (!rel)
			continue;
		ALLOC_GROW(c->v, c->nr + 1, c->alloc);
		struct inert_file *f = &c->v[c->nr++];
		*f = (struct inert_file){ rel, text, len, NULL, 0, STRBUF_INIT, 0 };
		ok = inert(w, &t, f);
	}
	toks_release(&t);
	if (!ok || !c->nr) {
		tp_inert_free(c);
		return NULL;
	}
	return c;
}

/* The macros of a pass-2 line ("DIR\tMACRO PARAM\t..."), after its directory at p. */
static size_t parse_want(const char *p, struct paste **want)
{
	size_t nr = 0, alloc = 0;

	*want = NULL;
	while (*p == '\t') {
		const char *s = p + 1, *sp = strchr(s, ' ');
		if (!sp)
			break;
		ALLOC_GROW(*want, nr + 1, alloc);
		memset(&(*want)[nr], 0, sizeof(**want));
		(*want)[nr].macro = xstrndup(s, (size_t)(sp - s));
		(*want)[nr].param = atoi(sp + 1);
		nr++;
		p = strchrnul(sp, '\t');
	}
	return nr;
}

/* Does pass 2 find the same in f's two texts, looking for want? */
static int pass2_same(struct toks *t, const struct inert_file *f, const struct paste *want,
		      size_t nr_want)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int same;

	tp_pass2_find(t, want, nr_want, f->text, f->len, &a);
	tp_pass2_find(t, want, nr_want, f->disk, f->disk_len, &b);
	same = same_buf(&a, &b);
	strbuf_release(&a);
	strbuf_release(&b);
	return same;
}

int tp_inert_holds(const struct tp_inert *c, const struct tc_tpindex *ix)
{
	struct toks t = { 0 };
	int ok = !ix->reads_unknown;

	for (size_t i = 0; i < ix->nr_pass2 && ok; i++) {
		const char *line = ix->pass2[i], *tab = strchrnul(line, '\t');
		size_t dl = (size_t)(tab - line);
		struct paste *want = NULL;
		size_t nr_want = (size_t)-1;
		for (size_t j = 0; j < c->nr && ok; j++) {
			const char *rel = c->v[j].rel;
			/* pass2_dir(): the files below the directory */
			if (strncmp(rel, line, dl) || rel[dl] != '/')
				continue;
			if (nr_want == (size_t)-1)
				nr_want = parse_want(tab, &want);
			ok = pass2_same(&t, &c->v[j], want, nr_want);
		}
		for (size_t k = 0; want && k < nr_want; k++)
			free(want[k].macro);
		free(want);
	}
	toks_release(&t);
	return ok;
}

struct tc_tpindex *tp_inert_index(const struct tp_inert *c, const struct tc_tpindex *ix)
{
	struct tc_tpindex *a = NULL;

	for (size_t i = 0; i < c->nr; i++) {
		const struct inert_file *f = &c->v[i];
		if (!f->calls_differ)
			continue;
		struct tc_tpindex *next =
			tp_with_badcalls(a ? a : ix, f->rel, f->calls.buf ? f->calls.buf : "",
					 f->calls.len);
		if (a) {
			/* its entries are next's now */
			free(a->badcalls);
			free(a);
		}
		if (!next)
			return NULL;
		a = next;
		a->how = 'n';
	}
	if (!a) {
		a = xmalloc(sizeof(*a));
		*a = *ix;
		a->how = 'd';
	}
	return a;
}
