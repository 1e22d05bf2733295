// SPDX-License-Identifier: MIT
/*
 * Print tables this configuration shrank: a TP_printk() argument whose
 * macros (or the macros their bodies name, one level down) have another
 * definition in a region the preprocessor skipped under an #if of a
 * CONFIG_ option.  include/trace/events/mmflags.h's ZONE_TYPE is the
 * example: its entries are IFDEF_ZONE_DMA(EM(ZONE_DMA, "DMA")) and the
 * like, and IFDEF_ZONE_DMA(X) is X under #ifdef CONFIG_ZONE_DMA and
 * nothing else, so without the option the __print_symbolic() table of
 * compaction.h, oom.h and vmscan.h has no DMA entry and a value
 * tracecheck tries (3) is not in it, where a configured kernel's is.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

struct alt {
	char *name, *option;
};

struct alts {
	struct alt *v;
	size_t nr, alloc;
};

static const char *alt_option(const struct alts *a, const char *s, size_t n)
{
	for (size_t i = 0; i < a->nr; i++)
		if (strlen(a->v[i].name) == n && !strncmp(a->v[i].name, s, n))
			return a->v[i].option;
	return NULL;
}

/* The #defines of text[start, end), a region skipped under option, into a. */
static void add_defines(struct alts *a, const char *text, size_t start, size_t end,
			const char *option)
{
	for (size_t i = start; i < end;) {
		const char *l = text + i, *eol = strchrnul(l, '\n');
		const char *p = tc_directive(l, "define");
		if (p && p < eol) {
			size_t n = 0;
			while (*p == ' ' || *p == '\t')
				p++;
			while (isalnum((unsigned char)p[n]) || p[n] == '_')
				n++;
			if (n && !alt_option(a, p, n)) {
				ALLOC_GROW(a->v, a->nr + 1, a->alloc);
				a->v[a->nr++] = (struct alt){ xstrndup(p, n), xstrdup(option) };
			}
		}
		if (!*eol)
			break;
		i = (size_t)(eol - text) + 1;
	}
}

/*
 * Every macro some file defines in a region skipped under a CONFIG_
 * option; those of a precompiled prelude's files as it kept them.
 */
static void collect_alts(CXTranslationUnit tu, const struct tc_pch_info *pch, struct alts *a)
{
	CXSourceRangeList *rl = clang_getAllSkippedRanges(tu);

	for (const char *l = pch ? pch->alts : NULL; l && *l;) {
		const char *sp = strchr(l, ' '), *nl = strchrnul(l, '\n');
		if (sp && sp < nl) {
			ALLOC_GROW(a->v, a->nr + 1, a->alloc);
			a->v[a->nr++] = (struct alt){ xstrndup(l, (size_t)(sp - l)),
						      xstrndup(sp + 1, (size_t)(nl - sp - 1)) };
		}
		l = *nl ? nl + 1 : nl;
	}
	/* the ranges come file by file: each file's name is looked up once */
	CXFile last = NULL;
	int last_in_pch = 0;
	for (unsigned i = 0; rl && i < rl->count; i++) {
		CXFile f;
		unsigned first, start, end;
		clang_getFileLocation(clang_getRangeStart(rl->ranges[i]), &f, &first, NULL, &start);
		if (pch && f && f != last) {
			last = f;
			last_in_pch = tc_pch_has_file(pch, f);
		}
		if (pch && f && last_in_pch)
			continue;
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]), NULL, NULL, NULL, &end);
		size_t size = 0;
		const char *text = f ? clang_getFileContents(tu, f, &size) : NULL;
		if (!text || end > size || start >= end)
			continue;
		char *region = xstrndup(text + start, end - start);
		char *opt = tc_config_option(region, 1);
		if (opt)
			add_defines(a, region, 0, end - start, opt);
		free(opt);
		free(region);
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
}

/* The #define of name at line of file, malloced; NULL if not found there. */
static char *macro_body(const char *file, unsigned line, const char *name)
{
	char *text = file ? read_file(file, NULL) : NULL;
	char *body = text && line ? tc_define_text(text, name, line, NULL) : NULL;

	free(text);
	return body;
}

/* The option of the first identifier of text with a skipped definition, or NULL. */
static const char *text_alt(const struct alts *a, const char *text)
{
	struct tc_ctok *tk;
	size_t n = tc_ctokenize(text, &tk);
	const char *opt = NULL;

	for (size_t i = 0; i < n && !opt; i++)
		if (tc_ctok_is_ident(&tk[i]))
			opt = alt_option(a, tk[i].p, tk[i].n);
	free(tk);
	return opt;
}

static void mark_arg(const struct alts *a, struct tc_printk_arg *arg)
{
	const char *opt = NULL;

	if (!strstr(arg->expanded ? arg->expanded : "", "__print_"))
		return;
	for (size_t i = 0; i < arg->nr_macros && !opt; i++) {
		const struct tc_macro_use *m = &arg->macros[i];
		opt = alt_option(a, m->name, strlen(m->name));
		if (!opt) {
			char *body = macro_body(m->def_loc.file, m->def_loc.line, m->name);
			opt = body ? text_alt(a, body) : NULL;
			free(body);
		}
	}
	if (opt)
		arg->table_cfg = xstrdup(opt);
}

static void mark_printk(const struct alts *a, struct tc_printk *pk)
{
	for (size_t i = 0; i < pk->nr_args; i++)
		mark_arg(a, &pk->args[i]);
}

void tc_mark_cfg_tables(struct tc_tu *t)
{
	struct tc_header *h = t->h;
	struct alts a = { 0 };

	collect_alts(t->tu, t->pch, &a);
	for (size_t i = 0; a.nr && i < h->nr_classes; i++)
		mark_printk(&a, &h->classes[i]->print);
	for (size_t i = 0; a.nr && i < h->nr_events; i++)
		if (h->events[i]->own_print.present)
			mark_printk(&a, &h->events[i]->own_print);
	for (size_t i = 0; i < a.nr; i++) {
		free(a.v[i].name);
		free(a.v[i].option);
	}
	free(a.v);
}

char *tc_cfg_alts(CXTranslationUnit tu)
{
	struct alts a = { 0 };
	struct strbuf sb = STRBUF_INIT;

	collect_alts(tu, NULL, &a);
	for (size_t i = 0; i < a.nr; i++) {
		strbuf_addf(&sb, "%s %s\n", a.v[i].name, a.v[i].option);
		free(a.v[i].name);
		free(a.v[i].option);
	}
	free(a.v);
	return strbuf_detach(&sb);
}
