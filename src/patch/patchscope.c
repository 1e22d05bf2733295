// SPDX-License-Identifier: MIT
/* The tree's names for a patch's paths, and the trace headers the patch concerns. */
#include "patchmode_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "discover.h"
#include "instantiator.h"
#include "util.h"

/* ---- which headers a patch concerns ---- */

/*
 * Does rel (relative to the tree, the current directory) lead outside
 * the tree once symlinks are resolved?  The longest part of it that
 * exists is resolved (a new file's directory); a symlink that does not
 * resolve counts as outside.  *link: the first symlink on the way.
 */
static int escapes_tree(const char *rel, char **link)
{
	char *top = realpath(".", NULL);
	char *path = xstrdup(rel);
	int out = 0;

	if (link)
		*link = NULL;
	if (!top)
		die("cannot resolve the current directory: %s", strerror(errno));
	for (;;) {
		struct stat st;
		char *real = realpath(path, NULL);
		if (real) {
			out = strcmp(real, top) && !path_below(real, top);
			free(real);
			break;
		}
		if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
			out = 1;
			break;
		}
		char *up = dir_name(path);
		free(path);
		path = up;
		if (!strcmp(path, "."))
			break;
	}
	free(path);
	free(top);
	if (out && link) {
		struct strbuf sb = STRBUF_INIT;
		for (const char *c = rel; *c && !*link;) {
			const char *e = strchrnul(c, '/');
			struct stat st;
			strbuf_add(&sb, c, (size_t)(e - c));
			if (!lstat(strbuf_str(&sb), &st) && S_ISLNK(st.st_mode))
				*link = xstrdup(strbuf_str(&sb));
			strbuf_addch(&sb, '/');
			c = *e ? e + 1 : e;
		}
		strbuf_release(&sb);
	}
	return out;
}

static void add_name(struct names *n, const char *s)
{
	for (size_t i = 0; i < n->nr; i++)
		if (!strcmp(n->v[i], s))
			return;
	ALLOC_GROW(n->v, n->nr + 1, n->alloc);
	n->v[n->nr++] = xstrdup(s);
}

/* dir/name normalised, relative to the tree (the current directory), or NULL outside it. */
static char *tree_rel(const char *dir, const char *name)
{
	char *joined = xasprintf("%s/%s", dir, name);
	char *abs = absolute_path(joined);
	char *top = absolute_path(".");
	const char *below = path_below(abs, top);
	char *rel = below ? xstrdup(below) : NULL;

	free(joined);
	free(abs);
	free(top);
	return rel;
}

struct ctp_ctx {
	const char *dir;
	const struct state *a, *b;
	struct names *out;
};

int tc_pm_exists_in(const struct state *s, const char *rel)
{
	size_t len;
	char *t = tc_pm_state_read(s, rel, &len);

	free(t);
	return t != NULL;
}

/* Is rel a header of trace events (it uses an event macro) in state s? */
static int trace_header_in(const struct state *s, const char *rel)
{
	size_t len;
	char *t = tc_pm_state_read(s, rel, &len);
	int yes = t && tc_is_trace_header_text(t);

	free(t);
	return yes;
}

static int ctp_header(const char *define, const char *line, const char *name, size_t n,
		      int quoted, void *vctx)
{
	struct ctp_ctx *c = vctx;
	char *nm = xstrndup(name, n);
	const char *dirs[] = { quoted ? c->dir : NULL, "include", "arch/x86/include" };

	(void)define;
	(void)line;
	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *rel = dirs[i] ? tree_rel(dirs[i], nm) : NULL;
		if (rel && (tc_pm_exists_in(c->a, rel) || tc_pm_exists_in(c->b, rel)) && !escapes_tree(rel, NULL)) {
			/*
			 * the first the name finds; a header of no events
			 * (internal.h after the define) is not one to check
			 */
			if (trace_header_in(c->a, rel) || trace_header_in(c->b, rel))
				add_name(c->out, rel);
			free(rel);
			break;
		}
		free(rel);
	}
	free(nm);
	return 0;
}

/* The trace headers the files of oc are or instantiate, in either state. */
void tc_pm_concerned(const struct outcome *oc, const struct tc_patch *p, const struct state *a,
		     const struct state *b, struct names *out)
{
	for (size_t i = 0; i < p->nr; i++) {
		const char *paths[] = { p->files[i].old_path, p->files[i].new_path };
		for (size_t k = 0; k < 2; k++) {
			const char *rel = paths[k];
			if (!rel)
				continue;
			for (int s = 0; s < 2; s++) {
				size_t len;
				char *text = tc_pm_state_read(s ? b : a, rel, &len);
				if (!text)
					continue;
				if (ends_with(rel, ".h") && tc_is_trace_header_text(text)) {
					add_name(out, rel);
				} else if (ends_with(rel, ".c")) {
					char *dir = dir_name(rel);
					struct ctp_ctx c = { dir, a, b, out };
					tc_for_each_ctp_include(text, ctp_header, &c);
					free(dir);
				}
				free(text);
			}
		}
	}
	(void)oc;
	sort_strings(out->v, out->nr);
}

/*
 * The tree's name for a path of the patch: as written, or without its
 * first directory (a plain "diff -u old/f new/f"); an error if it is
 * not safe (absolute, "..", through a symlink that leads out of the
 * tree).
 */
int tc_pm_fix_paths(struct tc_patch *p, const char *input)
{
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		char **paths[] = { &p->files[i].old_path, &p->files[i].new_path };
		for (size_t k = 0; k < 2; k++) {
			char *s = *paths[k];
			if (!s)
				continue;
			if (!tc_patch_path_ok(s))
				return error("%s: refusing the path '%s': it is outside the tree "
					     "(absolute, or with a '..' component)",
					     input, s);
			const char *slash = strchr(s, '/');
			/* a new file, or a git diff (whose names are the tree's): keep */
			if (!is_file(s) && slash && slash[1] && f->nr && f->hunks[0].old_start) {
				char *rest = xstrdup(slash + 1);
				if (is_file(rest)) {
					free(s);
					*paths[k] = s = rest;
				} else {
					free(rest);
				}
			}
			char *link;
			if (escapes_tree(s, &link)) {
				error("%s: refusing the path '%s': it leads outside the tree through the "
				      "symlink '%s'",
				      input, s, link ? link : s);
				free(link);
				return -1;
			}
		}
	}
	return 0;
}

/*
 * A header the patch renamed: if rel is the old name (to_new 0), its
 * new name; if rel is the new name (to_new 1), its old one; else NULL.
 * Only a rename that happened counts (the old name is gone, the new
 * there), and only a header: a rename's findings are compared across it.
 */
const char *tc_pm_renamed(const struct tc_patch *p, int reverse, const struct state *before,
			  const struct state *after, const char *rel, int to_new)
{
	for (size_t i = 0; i < p->nr; i++) {
		const struct tc_pfile *f = &p->files[i];
		const char *from = reverse ? f->new_path : f->old_path;
		const char *to = reverse ? f->old_path : f->new_path;
		if (!from || !to || f->copy || !strcmp(from, to) || strcmp(to_new ? to : from, rel))
			continue;
		if (tc_pm_exists_in(before, from) && !tc_pm_exists_in(after, from) && tc_pm_exists_in(after, to))
			return to_new ? from : to;
	}
	return NULL;
}
