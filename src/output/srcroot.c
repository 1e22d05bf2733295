// SPDX-License-Identifier: MIT
/*
 * The paths of the machine-readable reports (JSON, SARIF, GitLab,
 * GitHub): relative to the root of the source the header is in, so that
 * CI maps them to its checkout whatever directory tracecheck ran in and
 * however the header was named.
 */
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "report.h"
#include "util.h"

/* Is dir one of $GIT_CEILING_DIRECTORIES (which the search for .git does not enter)? */
static int ceiling(const char *dir)
{
	const char *env = getenv("GIT_CEILING_DIRECTORIES");
	int hit = 0;

	tc_deps_env("GIT_CEILING_DIRECTORIES");
	if (!env || !*env)
		return 0;
	char *list = xstrdup(env), *save = NULL;
	for (char *d = strtok_r(list, ":", &save); d && !hit; d = strtok_r(NULL, ":", &save)) {
		if (!*d)
			continue;
		char *abs = absolute_path(d);
		hit = !strcmp(abs, dir);
		free(abs);
	}
	free(list);
	return hit;
}

/* The top of the git work tree dir (absolute, normalised) is in, as git finds it; NULL if none. */
static char *git_toplevel(const char *dir)
{
	char *d = xstrdup(dir);

	for (;;) {
		if (ceiling(d))
			break;
		char *git = xasprintf("%s/.git", strcmp(d, "/") ? d : "");
		int kind = tc_deps_probe(git); /* a result's paths depend on it */
		int found = kind == 'd' || kind == 'f';
		free(git);
		if (found)
			return d;
		char *slash = strrchr(d, '/');
		if (!slash || !strcmp(d, "/"))
			break;
		slash[slash == d] = '\0';
	}
	free(d);
	return NULL;
}

char *tc_source_root(const char *path, const char *tree_root)
{
	char *abs = absolute_path(path);
	char *root = NULL;

	if (tree_root) {
		root = absolute_path(tree_root);
	} else {
		char *dir = dir_name(abs);
		root = git_toplevel(dir);
		free(dir);
		if (!root) {
			char *cwd = absolute_path(".");
			if (path_below(abs, cwd) || !strcmp(abs, cwd))
				root = cwd;
			else
				free(cwd);
		}
	}
	free(abs);
	return root;
}

/* path relative to root, normalised; absolute when it is outside root. */
static void relocate(char **path, const char *root)
{
	if (!*path)
		return;
	char *abs = absolute_path(*path);
	char *rel = root ? path_below_resolved(abs, root) : NULL;

	free(*path);
	if (rel) {
		*path = rel;
		free(abs);
	} else {
		*path = abs;
	}
}

static void relocate_finding(struct tc_rfinding *x, const char *root)
{
	relocate(&x->path, root);
	for (size_t n = 0; n < x->nr_notes; n++)
		relocate(&x->notes[n].path, root);
}

static void rfile_relocate(struct tc_rfile *f, const char *root)
{
	relocate(&f->path, root);
	for (size_t k = 0; k < f->nr; k++)
		relocate_finding(&f->v[k], root);
	for (size_t k = 0; k < f->nr_supp; k++)
		relocate_finding(&f->supp[k], root);
}

void tc_report_add_root(struct tc_report *r, const char *root)
{
	if (!root)
		return;
	for (size_t i = 0; i < r->nr_roots; i++)
		if (!strcmp(r->roots[i], root))
			return;
	r->roots = xrealloc(r->roots, (r->nr_roots + 1) * sizeof(*r->roots));
	r->roots[r->nr_roots++] = xstrdup(root);
}

/* Does root hold every file of r? */
static int holds_all(const struct tc_report *r, const char *root)
{
	int all = 1;

	for (size_t i = 0; i < r->nr && all; i++) {
		char *abs = absolute_path(r->files[i].path);
		char *rel = path_below_resolved(abs, root);
		all = rel != NULL;
		free(rel);
		free(abs);
	}
	return all;
}

void tc_report_relocate(struct tc_report *r)
{
	if (!r->nr_roots)
		return;
	const char *root = r->roots[0];
	for (size_t i = 0; i < r->nr_roots; i++)
		if (holds_all(r, r->roots[i])) {
			root = r->roots[i];
			break;
		}
	free(r->srcroot);
	r->srcroot = xstrdup(root);
	for (size_t i = 0; i < r->nr; i++)
		rfile_relocate(&r->files[i], root);
}
