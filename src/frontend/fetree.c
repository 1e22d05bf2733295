// SPDX-License-Identifier: MIT
/* The front end made and freed, its kernel trees, the flags libclang takes, a context's key. */
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "fe_internal.h"
#include "kconfig.h"
#include "kfacts.h"
#include "rebuild.h"
#include "tpindex.h"
#include "kerneltree.h"
#include "strbuf.h"
#include "util.h"

/*
 * libclang parses on the thread that asks (stackguard.h: the parse runs
 * on a stack of its own, not on the 8 MB thread libclang would start),
 * and leaves crashes to the guard: its own recovery cannot catch a
 * stack overflow, and it would take the guard's place.
 */
static void libclang_env(void)
{
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	setenv("LIBCLANG_DISABLE_CRASH_RECOVERY", "1", 1);
}

struct tc_frontend *tc_frontend_new(const struct tc_fe_options *o)
{
	struct tc_frontend *fe = xcalloc(1, sizeof(*fe));

	fe->o = *o;
	/*
	 * A build directory named as the tree (/lib/modules/R/build, a
	 * headers package, an O= build) is the build of the tree it points
	 * to; a build directory alone names its tree too.
	 */
	if (o->kernel_tree && !o->kernel_build && (fe->own_tree = tc_ktree_source_of(o->kernel_tree))) {
		fe->own_build = absolute_path(o->kernel_tree);
		fe->o.kernel_build = fe->own_build;
		fe->o.kernel_tree = fe->own_tree;
	} else if (o->kernel_build && !o->kernel_tree && !o->no_kernel_tree && !o->kbuild_c &&
		   (fe->own_tree = tc_ktree_source_of(o->kernel_build))) {
		fe->o.kernel_tree = fe->own_tree;
	}
	libclang_env();
	fe->index = clang_createIndex(0, 0);
	fe->index_pch = clang_createIndex(1, 0);
	return fe;
}

void tc_frontend_free(struct tc_frontend *fe)
{
	if (!fe)
		return;
	for (size_t i = 0; i < fe->nr_trees; i++)
		tc_ktree_free(fe->trees[i]);
	free(fe->trees);
	clang_disposeIndex(fe->index);
	clang_disposeIndex(fe->index_pch);
	free(fe->own_tree);
	free(fe->own_build);
	free(fe->ctx_key);
	free(fe->ctx_key_root);
	free(fe);
	tc_tpindex_unshare();
}

char *tc_find_kernel_tree(const char *path)
{
	char *dir = dir_name(path);

	for (;;) {
		char *probe = xasprintf("%s/include/linux/tracepoint.h", dir);
		char *mk = xasprintf("%s/Makefile", dir);
		int found = is_file(probe) && is_file(mk);

		free(probe);
		free(mk);
		if (found)
			return dir;
		if (!strcmp(dir, "/") || !strcmp(dir, ".")) {
			free(dir);
			return NULL;
		}
		char *up = dir_name(dir);
		free(dir);
		dir = up;
	}
}

/*
 * kbuild's cc-option: does the linked libclang take flag?  Asking costs a
 * parse, which every worker would pay again for each header before it
 * knows its result is in the cache: the answer is kept there too, keyed
 * by libclang's version.
 */
static int cc_option(const char *flag)
{
	unsigned char value = 0, bad = 0;
	CXString v = clang_getClangVersion();
	char *key = xasprintf("%s\n%s", clang_getCString(v), flag);
	size_t len = 0;
	char *got = tc_cache_get("cc-option", key, &len);

	clang_disposeString(v);
	if (got && len == 1 && (*got == '0' || *got == '1')) {
		int ok = *got == '1';
		free(got);
		free(key);
		return ok;
	}
	free(got);
	tc_frontend_rejected_flags(&flag, &value, 1, &bad);
	tc_cache_put("cc-option", key, bad ? "0" : "1", 1);
	free(key);
	return !bad;
}

struct tc_ktree *tc_fe_get_tree(struct tc_frontend *fe, const char *root)
{
	for (size_t i = 0; i < fe->nr_trees; i++)
		if (!strcmp(tc_ktree_root(fe->trees[i]), root))
			return fe->trees[i];
	struct tc_ktree *t = tc_ktree_prepare(root, fe->o.target, fe->o.kconfig, fe->o.kernel_build,
					      cc_option);
	if (!t)
		return NULL;
	ALLOC_GROW(fe->trees, fe->nr_trees + 1, fe->alloc_trees);
	fe->trees[fe->nr_trees++] = t;
	return t;
}

/*
 * Is plain char unsigned in the build (-funsigned-char)?  kbuild's own
 * flags say (the last of -funsigned-char and -fsigned-char); a tree's
 * Makefile says; else the kernel version (kfacts.h: 6.2 on), and without
 * one the newest kernels' way.
 */
int tc_fe_unsigned_char(const struct tc_frontend *fe, const struct tc_ktree *tree, int version)
{
	if (fe->o.kbuild_c) {
		int u = 0;
		for (size_t i = 0; i < fe->o.nr_cflags; i++) {
			if (!strcmp(fe->o.cflags[i], "-funsigned-char"))
				u = 1;
			else if (!strcmp(fe->o.cflags[i], "-fsigned-char"))
				u = 0;
		}
		return u;
	}
	if (tree)
		return tc_ktree_unsigned_char(tree);
	return tc_kf_in(tc_kf_semantics("char is unsigned (-funsigned-char)"), version);
}

/* The kernel tree a header (absolute path) is checked in, or NULL. */
char *tc_fe_tree_root_of(const struct tc_frontend *fe, const char *abs_path)
{
	if (fe->o.no_kernel_tree || fe->o.kbuild_c)
		return NULL;
	if (fe->o.kernel_tree)
		return absolute_path(fe->o.kernel_tree);
	return tc_find_kernel_tree(abs_path);
}

void tc_frontend_warm(struct tc_frontend *fe, const char *path)
{
	char *abs = absolute_path(path);
	char *root = tc_fe_tree_root_of(fe, abs);

	free(abs);
	struct tc_ktree *t = root ? tc_fe_get_tree(fe, root) : NULL;
	if (t) {
		if (tc_cache_enabled()) {
			/* for the workers' cache look-ups */
			tc_tpindex_key(root);
			free(tc_frontend_context_key(fe, path));
		}
		tc_instantiator_warm(root);
		/*
		 * The tree's Kconfig, which the passes in other configurations
		 * and the look-ups of their results read (kept per process,
		 * tc_kconfig_of()): read once here, not in each worker again.
		 */
		if (!fe->o.no_cfg_passes && tc_ktree_arch(t))
			tc_kconfig_of(root, tc_ktree_arch(t));
		tc_tpindex_share(); /* the workers' tracepoint index, made when needed */
	}
	free(root);
}

char *tc_frontend_identity(void)
{
	CXString v = clang_getClangVersion();
	char *lib = library_identity((const void *)clang_getClangVersion);
	char *id = xasprintf("%s %s", clang_getCString(v), lib);

	clang_disposeString(v);
	free(lib);
	return id;
}

/* The files below dir (named below top), each with its content's hash. */
static void hash_tree_files(const char *dir, const char *top, struct strbuf *sb)
{
	char **names;
	size_t nr = list_dir(dir, &names);

	for (size_t i = 0; i < nr; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		size_t len;
		int is_sub = is_dir(p); /* one stat() of it */
		char *text = is_sub ? NULL : read_file(p, &len);
		char h[33];
		if (text) {
			tc_hash_hex(text, len, h);
			strbuf_addf(sb, "gen %s %s\n", p + strlen(top), h);
		} else if (is_sub) {
			hash_tree_files(p, top, sb);
		}
		free(text);
		free(p);
	}
	free_strings(names, nr);
}

int tc_frontend_context_ready(const struct tc_frontend *fe, const char *path)
{
	char *abs = absolute_path(path);
	char *root = tc_fe_tree_root_of(fe, abs);
	int ready = !root;

	for (size_t i = 0; root && i < fe->nr_trees && !ready; i++)
		ready = !strcmp(tc_ktree_root(fe->trees[i]), root);
	free(abs);
	free(root);
	return ready;
}

char *tc_frontend_context_key(struct tc_frontend *fe, const char *path)
{
	char *abs = absolute_path(path);
	char *root = tc_fe_tree_root_of(fe, abs);
	struct strbuf sb = STRBUF_INIT;

	free(abs);
	/* the same for every header of the tree: made once (before the workers fork) */
	if (fe->ctx_key && !strcmp(fe->ctx_key_root, root ? root : "")) {
		free(root);
		return xstrdup(fe->ctx_key);
	}
	struct tc_ktree *t = root ? tc_fe_get_tree(fe, root) : NULL;
	if (root && !t) {
		free(root);
		return NULL; /* the parse says why */
	}
	tc_deps_pause();
	strbuf_addf(&sb, "datadir %s\ntree %s\n", fe->o.datadir, root ? root : "-");
	if (t) {
		const char *const *tv = tc_ktree_cflags(t);
		const char *gen = tc_ktree_gen_dir(t);
		/* the generated headers' directory is another in each run */
		for (size_t i = 0; tv[i]; i++) {
			const char *at = gen ? strstr(tv[i], gen) : NULL;
			if (at)
				strbuf_addf(&sb, "cflag %.*s@gen%s\n", (int)(at - tv[i]), tv[i],
					    at + strlen(gen));
			else
				strbuf_addf(&sb, "cflag %s\n", tv[i]);
		}
		strbuf_addf(&sb, "version %d %d %d\n", tc_ktree_version_code(t),
			    tc_ktree_unsigned_char(t), tc_ktree_numeric_array_len(t));
		/* its generated headers (made anew in each run): their content */
		if (gen)
			hash_tree_files(gen, gen, &sb);
	}
	tc_deps_resume();
	free(fe->ctx_key);
	free(fe->ctx_key_root);
	fe->ctx_key = xstrdup(strbuf_str(&sb));
	fe->ctx_key_root = root ? root : xstrdup("");
	return strbuf_detach(&sb);
}

void tc_frontend_rejected_flags(const char *const *flags, const unsigned char *value, size_t n,
				unsigned char *bad)
{
	libclang_env();
	CXIndex idx = clang_createIndex(0, 0);
	struct CXUnsavedFile f = { "/tracecheck-probe.c", "", 0 };
	const char **args = xcalloc(n + 4, sizeof(*args));
	int nargs = 0;

	args[nargs++] = "-fsyntax-only";
	/* the flags only: no forced includes, nothing to read */
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(flags[i], "-include") || !strcmp(flags[i], "-imacros")) {
			i++;
			continue;
		}
		args[nargs++] = flags[i];
	}
	CXTranslationUnit tu = NULL;
	clang_parseTranslationUnit2(idx, "/tracecheck-probe.c", args, nargs, &f, 1, 0, &tu);
	for (unsigned d = 0; tu && d < clang_getNumDiagnostics(tu); d++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, d);
		char *msg = tc_cx_str(clang_getDiagnosticSpelling(dg));
		/* a driver's complaint about a flag quotes it, whatever the words */
		for (size_t i = 0; i < n; i++) {
			if (value[i])
				continue;
			char *q = xasprintf("'%s'", flags[i]);
			char *q2 = xasprintf("'%.*s'", (int)strcspn(flags[i], "="), flags[i]);
			if (strstr(msg, q) || (strchr(flags[i], '=') && strstr(msg, q2)))
				bad[i] = 1;
			free(q);
			free(q2);
		}
		free(msg);
		clang_disposeDiagnostic(dg);
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	free(args);
	clang_disposeIndex(idx);
}
