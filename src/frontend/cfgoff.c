// SPDX-License-Identifier: MIT
/*
 * The header's regions this configuration leaves out under an #if of a
 * CONFIG_ option (#ifdef CONFIG_X, #if IS_ENABLED(CONFIG_X),
 * IS_BUILTIN(), IS_REACHABLE(), defined() and their combinations), and
 * what the region would expand that is not in its text: the bodies of
 * the macros it uses (xfs scrub's XG_TYPE_STRINGS, defined in
 * xfs_types.h, names XG_TYPE_AG and XG_TYPE_RTG).  Rules read them
 * through tc_header_cfg_off() and tc_header_name_cfg_off().
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

/* The CONFIG_ option line (1-based) of text names, malloced; NULL if none. */
char *tc_config_option(const char *text, unsigned line)
{
	const char *l = text;

	for (unsigned i = 1; i < line && l; i++) {
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	if (!l || (!tc_directive(l, "if") && !tc_directive(l, "elif")))
		return NULL;
	const char *eol = strchrnul(l, '\n'), *c = strstr(l, "CONFIG_");
	if (!c || c >= eol)
		return NULL;
	size_t n = 7;
	while (isalnum((unsigned char)c[n]) || c[n] == '_')
		n++;
	return xstrndup(c, n);
}

/* The text of lines [first, last] of text. */
static char *lines_of(const char *text, unsigned first, unsigned last)
{
	const char *b = text, *e;

	for (unsigned i = 1; i < first && b; i++) {
		b = strchr(b, '\n');
		b = b ? b + 1 : NULL;
	}
	if (!b)
		return xstrdup("");
	e = b;
	for (unsigned i = first; i <= last && *e; i++) {
		e = strchrnul(e, '\n');
		e += *e == '\n';
	}
	return xstrndup(b, (size_t)(e - b));
}

struct names {
	char **v;
	size_t nr, alloc;
};

static int has(const struct names *s, const char *p, size_t n)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strncmp(s->v[i], p, n) && !s->v[i][n])
			return 1;
	return 0;
}

/* The identifiers of text into s; 1 if one was new. */
static int add_idents(struct names *s, const char *text)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(text, &t);
	int added = 0;

	for (size_t i = 0; i < n; i++)
		if (tc_ctok_is_ident(&t[i]) && !has(s, t[i].p, t[i].n)) {
			ALLOC_GROW(s->v, s->nr + 1, s->alloc);
			s->v[s->nr++] = xstrndup(t[i].p, t[i].n);
			added = 1;
		}
	free(t);
	return added;
}

struct bodies {
	struct tc_tu *t;
	const struct names *wanted;
	struct names name; /* the macros found, each once */
	char **body;	   /* their bodies: their tokens after the name, space-separated */
	size_t alloc_body;
};

/* A macro definition of a wanted name: its body into b. */
static enum CXChildVisitResult macro_body(CXCursor c, CXCursor parent, CXClientData data)
{
	struct bodies *b = data;
	(void)parent;

	if (clang_getCursorKind(c) != CXCursor_MacroDefinition)
		return CXChildVisit_Continue;
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	if (!has(b->wanted, name, strlen(name)) || has(&b->name, name, strlen(name))) {
		free(name);
		return CXChildVisit_Continue;
	}
	struct strbuf sb = STRBUF_INIT;
	CXToken *toks = NULL;
	unsigned n = 0;
	clang_tokenize(b->t->tu, clang_getCursorExtent(c), &toks, &n);
	for (unsigned i = 1; i < n; i++) {
		char *sp = tc_cx_str(clang_getTokenSpelling(b->t->tu, toks[i]));
		strbuf_addf(&sb, " %s", sp);
		free(sp);
	}
	clang_disposeTokens(b->t->tu, toks, n);
	ALLOC_GROW(b->name.v, b->name.nr + 1, b->name.alloc);
	ALLOC_GROW(b->body, b->name.nr + 1, b->alloc_body);
	b->body[b->name.nr] = strbuf_detach(&sb);
	b->name.v[b->name.nr++] = name;
	return CXChildVisit_Continue;
}

/*
 * The bodies of the unit's macros that text uses, and of those their
 * bodies use, three levels deep: one walk of the unit per level.
 */
static void find_bodies(struct bodies *b, const char *text)
{
	struct names wanted = { 0 };
	size_t done = 0;

	b->wanted = &wanted;
	add_idents(&wanted, text);
	for (int level = 0; level < 3; level++) {
		clang_visitChildren(clang_getTranslationUnitCursor(b->t->tu), macro_body, b);
		int more = 0;
		for (; done < b->name.nr; done++)
			more |= add_idents(&wanted, b->body[done]);
		if (!more)
			break;
	}
	b->wanted = NULL;
	free_strings(wanted.v, wanted.nr);
}

/* What region names once its macros are expanded: their bodies, one a line. */
static char *expansion_of(const struct bodies *b, const char *region)
{
	struct names wanted = { 0 }, used = { 0 };
	struct strbuf sb = STRBUF_INIT;

	add_idents(&wanted, region);
	for (int level = 0, more = 1; level < 3 && more; level++) {
		more = 0;
		for (size_t i = 0; i < b->name.nr; i++) {
			const char *nm = b->name.v[i];
			if (!has(&wanted, nm, strlen(nm)) || has(&used, nm, strlen(nm)))
				continue;
			ALLOC_GROW(used.v, used.nr + 1, used.alloc);
			used.v[used.nr++] = xstrdup(nm);
			strbuf_addf(&sb, "%s\n", b->body[i]);
			more |= add_idents(&wanted, b->body[i]);
		}
	}
	free_strings(wanted.v, wanted.nr);
	free_strings(used.v, used.nr);
	return strbuf_detach(&sb);
}

void tc_collect_cfg_off(struct tc_tu *t, const char *text)
{
	struct tc_header *h = t->h;
	CXSourceRangeList *rl = t->header_file ? clang_getSkippedRanges(t->tu, t->header_file) : NULL;
	struct strbuf all = STRBUF_INIT;
	size_t from = h->nr_cfg_off;

	for (unsigned i = 0; rl && i < rl->count; i++) {
		unsigned first, last;
		clang_getFileLocation(clang_getRangeStart(rl->ranges[i]), NULL, &first, NULL, NULL);
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]), NULL, &last, NULL, NULL);
		char *opt = tc_config_option(text, first);
		int dup = 0;
		for (size_t k = 0; k < h->nr_cfg_off && !dup; k++)
			dup = h->cfg_off[k].first == first && h->cfg_off[k].last == last;
		if (!opt || dup) {
			free(opt);
			continue;
		}
		ALLOC_GROW(h->cfg_off, h->nr_cfg_off + 1, h->alloc_cfg_off);
		h->cfg_off[h->nr_cfg_off++] = (struct tc_cfg_off){ first, last, opt, NULL };
		char *l = lines_of(text, first, last);
		strbuf_addstr(&all, l);
		free(l);
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
	/* the unit's macros walked for all the regions at once, then each region's */
	if (h->nr_cfg_off > from) {
		struct bodies b = { .t = t };
		find_bodies(&b, strbuf_str(&all));
		for (size_t k = from; k < h->nr_cfg_off; k++) {
			char *l = lines_of(text, h->cfg_off[k].first, h->cfg_off[k].last);
			h->cfg_off[k].expansion = expansion_of(&b, l);
			free(l);
		}
		free_strings(b.name.v, b.name.nr);
		free_strings(b.body, b.name.nr);
	}
	strbuf_release(&all);
}
