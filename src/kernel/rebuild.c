// SPDX-License-Identifier: MIT
#include "rebuild.h"

#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "util.h"

/* A pattern rule "$(obj)/SUB/%.o: $(srctree)/DIR/%.c" of the Makefile in mkdir. */
struct rule {
	char *mkdir; /* the Makefile's directory (absolute) */
	char *sub;   /* SUB */
	char *src;   /* DIR, absolute */
	char *text;  /* the Makefile's text, continued lines joined */
};

static struct rule *rules;
static size_t nr_rules, alloc_rules;
static char *rules_root;

/* "$(obj)/SUB/%.o: $(srctree)/DIR/%.c ..." at line: 1 and SUB, DIR (malloced). */
static int pattern_rule(const char *line, char **sub, char **src)
{
	static const char obj[] = "$(obj)/", srctree[] = "$(srctree)/";
	const char *p = line, *s, *e;

	if (!starts_with(p, obj))
		return 0;
	s = p + strlen(obj);
	e = strstr(s, "/%.o");
	if (!e || e == s || memchr(s, ' ', (size_t)(e - s)) || memchr(s, ':', (size_t)(e - s)))
		return 0;
	p = e + 4;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p++ != ':')
		return 0;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!starts_with(p, srctree))
		return 0;
	const char *d = p + strlen(srctree);
	const char *de = strstr(d, "/%.c");
	if (!de || de == d || memchr(d, ' ', (size_t)(de - d)) || strchr("\t \n", de[4]) == NULL)
		return 0;
	*sub = xstrndup(s, (size_t)(e - s));
	*src = xstrndup(d, (size_t)(de - d));
	return 1;
}

static void read_makefile(const char *dir, const char *path, const char *root)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text || !memmem(text, len, "%.o", 3) || !memmem(text, len, "$(srctree)/", 11)) {
		free(text);
		return;
	}
	for (char *p = strchr(text, '\n'); p; p = strchr(p + 1, '\n'))
		if (p > text && p[-1] == '\\')
			p[-1] = p[0] = ' ';
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		char *sub, *src;
		if (!pattern_rule(l, &sub, &src))
			continue;
		ALLOC_GROW(rules, nr_rules + 1, alloc_rules);
		struct rule *r = &rules[nr_rules++];
		r->mkdir = xstrdup(dir);
		r->sub = sub;
		r->src = xasprintf("%s/%s", root, src);
		free(src);
		r->text = xstrdup(text);
	}
	free(text);
}

static void makefile(const char *dir, const char *name, const char *path, void *root)
{
	if (!strcmp(name, "Makefile") || !strcmp(name, "Kbuild"))
		read_makefile(dir, path, root);
}

static int by_dir(const void *a, const void *b)
{
	const struct rule *x = a, *y = b;
	int c = strcmp(x->mkdir, y->mkdir);

	return c ? c : strcmp(x->sub, y->sub);
}

static void load(const char *root)
{
	if (rules_root && !strcmp(rules_root, root))
		return;
	for (size_t i = 0; i < nr_rules; i++) {
		free(rules[i].mkdir);
		free(rules[i].sub);
		free(rules[i].src);
		free(rules[i].text);
	}
	nr_rules = 0;
	free(rules_root);
	rules_root = xstrdup(root);
	tc_deps_pause(); /* read for --emit-format, which keeps no results */
	tc_walk_sources(root, makefile, (void *)root);
	QSORT(rules, nr_rules, by_dir);
	tc_deps_resume();
}

/* Does text name the object obj ("sub/name.o") as a word? */
static int lists_object(const char *text, const char *obj)
{
	size_t n = strlen(obj);

	for (const char *p = strstr(text, obj); p; p = strstr(p + 1, obj)) {
		int before = p == text || strchr(" \t=+\n", p[-1]);
		int after = !p[n] || strchr(" \t\n\\", p[n]);
		if (before && after)
			return 1;
	}
	return 0;
}

size_t tc_rebuilds(const struct tc_instantiator *in, const char *root,
		   struct tc_instantiator ***out)
{
	char *dir = dir_name(in->path);
	const char *base = strrchr(in->path, '/');
	size_t n = 0;

	*out = NULL;
	base = base ? base + 1 : in->path;
	if (!ends_with(base, ".c")) {
		free(dir);
		return 0;
	}
	load(root);
	for (size_t i = 0; i < nr_rules; i++) {
		const struct rule *r = &rules[i];
		if (strcmp(r->src, dir))
			continue;
		char *obj = xasprintf("%s/%.*s.o", r->sub, (int)(strlen(base) - 2), base);
		char *cbase = xasprintf("%s/%s", r->sub, base);
		if (lists_object(r->text, obj)) {
			struct tc_instantiator *b = xcalloc(1, sizeof(*b));
			b->path = xstrdup(in->path);
			b->prelude = xstrdup(in->prelude);
			b->built_by = xstrdup(r->mkdir);
			tc_makefile_flags(b, r->mkdir, root, cbase, 1);
			*out = xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n++] = b;
		}
		free(obj);
		free(cbase);
	}
	free(dir);
	return n;
}
