// SPDX-License-Identifier: MIT
/*
 * The compiler flags a kbuild Makefile (or Kbuild) gives an object: its
 * -I and -D words of ccflags-y, subdir-ccflags-y and CFLAGS_x.o, with
 * kbuild's $(src), $(obj) and $(srctree) spelled out (instantiator.h).
 */
#include "instantiator.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static void add_flag(struct tc_instantiator *in, char *f)
{
	ALLOC_GROW(in->flags, in->nr_flags + 2, in->alloc_flags);
	in->flags[in->nr_flags++] = f;
	in->flags[in->nr_flags] = NULL;
}

/*
 * $(src)/x, $(srctree)/x, $(obj)/x to paths.  Up to 6.9 kbuild's $(src)
 * and $(obj) are the directory relative to the tree's top, so Makefiles
 * write $(srctree)/$(src) (88 of them in 6.1); from 6.10 $(src) has the
 * tree's path in it and $(src) alone is the usual spelling.  Both name
 * the Makefile's directory.
 */
static char *expand_make_path(const char *w, const char *dir, const char *root)
{
	static const struct {
		const char *var;
		int is_root;
	} vars[] = { { "$(srctree)/$(src)", 0 }, { "$(srctree)/$(obj)", 0 },
		     { "$(objtree)/$(obj)", 0 }, { "$(srctree)", 1 },
		     { "$(src)", 0 }, { "$(obj)", 0 } };

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

/* Join a Makefile's continued lines ("\\" at the end of a line) in place. */
static void join_continuations(char *text)
{
	for (char *p = text; (p = strchr(p, '\n')); p++)
		if (p > text && p[-1] == '\\')
			p[-1] = p[0] = ' ';
}

void tc_makefile_flags(struct tc_instantiator *in, const char *dir, const char *root,
		       const char *cbase, int any_config)
{
	static const char *const names[] = { "Makefile", "Kbuild" };

	for (size_t k = 0; k < ARRAY_SIZE(names); k++) {
		char *mk = xasprintf("%s/%s", dir, names[k]);
		char *text = read_file(mk, NULL);
		free(mk);
		if (!text)
			continue;
		join_continuations(text);
		char *obj = xstrndup(cbase, strlen(cbase) - 2);
		char *cflags_key = xasprintf("CFLAGS_%s.o", obj);
		for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
			char *hash = strchr(line, '#');
			if (hash)
				*hash = '\0';
			while (*line == ' ' || *line == '\t')
				line++;
			if (!starts_with(line, "ccflags-y") && !starts_with(line, "subdir-ccflags-y") &&
			    !starts_with(line, cflags_key) &&
			    (!any_config || (!starts_with(line, "ccflags-$(CONFIG_") &&
					     !starts_with(line, "subdir-ccflags-$(CONFIG_"))))
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

int tc_has_makefile(const char *dir)
{
	char *a = xasprintf("%s/Makefile", dir), *b = xasprintf("%s/Kbuild", dir);
	int yes = is_file(a) || is_file(b);

	free(a);
	free(b);
	return yes;
}

struct tc_instantiator *tc_makefile_context(const char *path, const char *root)
{
	struct tc_instantiator *in = xcalloc(1, sizeof(*in));
	char *dir = dir_name(path);

	while (strlen(dir) > strlen(root) && !tc_has_makefile(dir)) {
		char *up = dir_name(dir);
		free(dir);
		dir = up;
	}
	tc_makefile_flags(in, dir, root, path + strlen(dir) + (path[strlen(dir)] == '/'), 0);
	free(dir);
	return in;
}
