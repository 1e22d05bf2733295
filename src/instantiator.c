// SPDX-License-Identifier: MIT
#include "instantiator.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "util.h"

/* The offset of the "#define CREATE_TRACE_POINTS" line whose next include names base. */
static const char *ctp_line(const char *text, const char *base)
{
	for (const char *p = strstr(text, "CREATE_TRACE_POINTS"); p;
	     p = strstr(p + 1, "CREATE_TRACE_POINTS")) {
		const char *bol = p;
		while (bol > text && bol[-1] != '\n')
			bol--;
		const char *q = bol;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '#')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		if (strncmp(q, "define", 6))
			continue;
		/* the next #include line */
		const char *inc = strstr(p, "#include");
		if (!inc)
			return NULL;
		const char *eol = strchr(inc, '\n');
		size_t n = eol ? (size_t)(eol - inc) : strlen(inc);
		char *line = xstrndup(inc, n);
		char *b = strstr(line, base);
		int hit = b && (b[strlen(base)] == '"' || b[strlen(base)] == '>') &&
			  (b[-1] == '/' || b[-1] == '"' || b[-1] == '<');
		free(line);
		if (hit)
			return bol;
	}
	return NULL;
}

static void add_flag(struct tc_instantiator *in, char *f)
{
	ALLOC_GROW(in->flags, in->nr_flags + 2, in->alloc_flags);
	in->flags[in->nr_flags++] = f;
	in->flags[in->nr_flags] = NULL;
}

/* $(src)/x, $(srctree)/x, $(obj)/x to paths. */
static char *expand_make_path(const char *w, const char *dir, const char *root)
{
	static const struct {
		const char *var;
		int is_root;
	} vars[] = { { "$(srctree)", 1 }, { "$(src)", 0 }, { "$(obj)", 0 } };

	for (size_t i = 0; i < ARRAY_SIZE(vars); i++) {
		size_t n = strlen(vars[i].var);
		if (!strncmp(w, vars[i].var, n))
			return xasprintf("%s%s", vars[i].is_root ? root : dir, w + n);
	}
	if (strchr(w, '$'))
		return NULL;
	if (w[0] == '/')
		return xstrdup(w);
	return xasprintf("%s/%s", root, w); /* kbuild runs in the tree's top */
}

static void makefile_flags(struct tc_instantiator *in, const char *dir, const char *root,
			   const char *cbase)
{
	static const char *const names[] = { "Makefile", "Kbuild" };

	for (size_t k = 0; k < ARRAY_SIZE(names); k++) {
		char *mk = xasprintf("%s/%s", dir, names[k]);
		char *text = read_file(mk, NULL);
		free(mk);
		if (!text)
			continue;
		char *obj = xstrndup(cbase, strlen(cbase) - 2);
		char *cflags_key = xasprintf("CFLAGS_%s.o", obj);
		for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
			char *hash = strchr(line, '#');
			if (hash)
				*hash = '\0';
			while (*line == ' ' || *line == '\t')
				line++;
			if (!starts_with(line, "ccflags-y") && !starts_with(line, "subdir-ccflags-y") &&
			    !starts_with(line, cflags_key))
				continue;
			char *eq = strchr(line, '=');
			if (!eq)
				continue;
			char *save = NULL;
			int want_i = 0;
			for (char *w = strtok_r(eq + 1, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
				const char *path = NULL;
				if (want_i) {
					path = w;
					want_i = 0;
				} else if (!strcmp(w, "-I")) {
					want_i = 1;
					continue;
				} else if (starts_with(w, "-I")) {
					path = w + 2;
				} else if (starts_with(w, "-D") && !strchr(w, '$')) {
					add_flag(in, xstrdup(w));
					continue;
				}
				if (path) {
					char *p = expand_make_path(path, dir, root);
					if (p) {
						add_flag(in, xasprintf("-I%s", p));
						free(p);
					}
				}
			}
		}
		free(obj);
		free(cflags_key);
		free(text);
	}
}

static struct tc_instantiator *search_dir(const char *dir, const char *base, const char *root)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t nr = 0, alloc = 0;
	struct tc_instantiator *in = NULL;

	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (!ends_with(e->d_name, ".c"))
			continue;
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = xstrdup(e->d_name);
	}
	closedir(d);
	/* deterministic: the first in name order */
	sort_strings(names, nr);
	for (size_t i = 0; i < nr && !in; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *text = read_file(path, NULL);
		const char *at = text && strstr(text, "CREATE_TRACE_POINTS") ? ctp_line(text, base)
									 : NULL;
		if (at) {
			in = xcalloc(1, sizeof(*in));
			in->path = path;
			in->prelude = xstrndup(text, (size_t)(at - text));
			makefile_flags(in, dir, root, names[i]);
			path = NULL;
		}
		free(path);
		free(text);
	}
	for (size_t i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	return in;
}

/*
 * A header of include/trace/events/ (or arch/.../include/) is
 * instantiated somewhere else in the tree; look where its subsystem
 * lives: TOP/NAME and TOP/x/NAME for the tree's top directories, and
 * TOP itself when NAME is one (block).
 */
static struct tc_instantiator *search_subsystem(const char *name, const char *base,
						const char *root)
{
	static const char *const tops[] = { "kernel", "fs",     "mm",	  "net",  "block",
					     "drivers", "sound", "security", "lib", "crypto",
					     "io_uring", "virt", "arch/x86/kvm" };
	struct tc_instantiator *in = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(tops) && !in; i++) {
		char *top = xasprintf("%s/%s", root, tops[i]);
		char *d = xasprintf("%s/%s", top, name);
		if (!strcmp(tops[i], name))
			in = search_dir(top, base, root);
		if (!in && is_dir(d))
			in = search_dir(d, base, root);
		free(d);
		DIR *td = in ? NULL : opendir(top);
		struct dirent *e;
		char **subs = NULL;
		size_t nr = 0, alloc = 0;
		while (td && (e = readdir(td))) {
			if (e->d_name[0] == '.')
				continue;
			char *sd = xasprintf("%s/%s/%s", top, e->d_name, name);
			if (is_dir(sd)) {
				ALLOC_GROW(subs, nr + 1, alloc);
				subs[nr++] = sd;
			} else {
				free(sd);
			}
		}
		if (td)
			closedir(td);
		sort_strings(subs, nr);
		for (size_t j = 0; j < nr; j++) {
			if (!in)
				in = search_dir(subs[j], base, root);
			free(subs[j]);
		}
		free(subs);
		free(top);
	}
	return in;
}

/* Does text #include a file named base? The offset of that line, or NULL. */
static const char *include_line(const char *text, const char *base)
{
	for (const char *p = strstr(text, base); p; p = strstr(p + 1, base)) {
		const char *bol = p;
		while (bol > text && bol[-1] != '\n')
			bol--;
		const char *q = bol;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '#')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		if (!strncmp(q, "include", 7) && (p[-1] == '"' || p[-1] == '/' || p[-1] == '<') &&
		    (p[strlen(base)] == '"' || p[strlen(base)] == '>'))
			return bol;
	}
	return NULL;
}

/*
 * rdmavt's trace.h defines RDI_DEV_ENTRY() and includes trace_qp.h; the
 * .c instantiates trace.h.  For such a header the context is the .c's
 * text before CREATE_TRACE_POINTS and the collecting header's text
 * before its #include of this one.
 */
static struct tc_instantiator *via_sibling(const char *dir, const char *base, const char *root)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct tc_instantiator *in = NULL;
	char **names = NULL;
	size_t nr = 0, alloc = 0;

	if (!d)
		return NULL;
	while ((e = readdir(d)))
		if (ends_with(e->d_name, ".h") && strcmp(e->d_name, base)) {
			ALLOC_GROW(names, nr + 1, alloc);
			names[nr++] = xstrdup(e->d_name);
		}
	closedir(d);
	sort_strings(names, nr);
	for (size_t i = 0; i < nr && !in; i++) {
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *text = read_file(path, NULL);
		const char *at = text ? include_line(text, base) : NULL;
		if (at && !strstr(text, "TRACE_SYSTEM")) {
			in = search_dir(dir, names[i], root);
			if (in) {
				char *pre = xasprintf("%s%.*s", in->prelude, (int)(at - text), text);
				free(in->prelude);
				in->prelude = pre;
			}
		}
		free(path);
		free(text);
	}
	for (size_t i = 0; i < nr; i++)
		free(names[i]);
	free(names);
	return in;
}

struct tc_instantiator *tc_find_instantiator(const char *header, const char *tree_root)
{
	const char *base = strrchr(header, '/');
	char *dir = dir_name(header);
	struct tc_instantiator *in;

	base = base ? base + 1 : header;
	if (strstr(dir, "/include/trace/events") || strstr(dir, "/include/asm/trace")) {
		char *name = xstrndup(base, strlen(base) - (ends_with(base, ".h") ? 2 : 0));
		in = search_subsystem(name, base, tree_root);
		free(name);
		free(dir);
		return in;
	}
	in = search_dir(dir, base, tree_root);
	if (!in)
		in = via_sibling(dir, base, tree_root);
	if (!in && strcmp(dir, tree_root)) {
		char *up = dir_name(dir);
		if (strlen(up) > strlen(tree_root))
			in = search_dir(up, base, tree_root);
		free(up);
	}
	free(dir);
	return in;
}

void tc_instantiator_free(struct tc_instantiator *in)
{
	if (!in)
		return;
	free(in->path);
	free(in->prelude);
	for (size_t i = 0; i < in->nr_flags; i++)
		free(in->flags[i]);
	free(in->flags);
	free(in);
}
