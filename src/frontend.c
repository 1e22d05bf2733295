// SPDX-License-Identifier: MIT
/*
 * Translation-unit set-up: the synthetic CREATE_TRACE_POINTS unit, the
 * compiler flags for bare headers and for kernel trees, and the parse.
 */
#include "frontend.h"

#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "instantiator.h"
#include "kerneltree.h"
#include "strbuf.h"
#include "util.h"

struct tc_frontend {
	struct tc_fe_options o;
	CXIndex index;
	struct tc_ktree **trees; /* prepared kernel trees, reused across headers */
	size_t nr_trees, alloc_trees;
};

struct argv {
	char **v;
	size_t nr, alloc;
};

static void argv_push(struct argv *a, const char *s)
{
	ALLOC_GROW(a->v, a->nr + 1, a->alloc);
	a->v[a->nr++] = xstrdup(s);
}

static void argv_pushf(struct argv *a, const char *fmt, const char *arg)
{
	char *s = xasprintf(fmt, arg);

	ALLOC_GROW(a->v, a->nr + 1, a->alloc);
	a->v[a->nr++] = s;
}

static void argv_release(struct argv *a)
{
	for (size_t i = 0; i < a->nr; i++)
		free(a->v[i]);
	free(a->v);
}

struct tc_frontend *tc_frontend_new(const struct tc_fe_options *o)
{
	struct tc_frontend *fe = xcalloc(1, sizeof(*fe));

	fe->o = *o;
	fe->index = clang_createIndex(0, 0);
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
	free(fe);
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

static struct tc_ktree *get_tree(struct tc_frontend *fe, const char *root)
{
	for (size_t i = 0; i < fe->nr_trees; i++)
		if (!strcmp(tc_ktree_root(fe->trees[i]), root))
			return fe->trees[i];
	struct tc_ktree *t = tc_ktree_prepare(root, fe->o.target, fe->o.kconfig, fe->o.kernel_build);
	if (!t)
		return NULL;
	ALLOC_GROW(fe->trees, fe->nr_trees + 1, fe->alloc_trees);
	fe->trees[fe->nr_trees++] = t;
	return t;
}

/* The kernel tree a header (absolute path) is checked in, or NULL. */
static char *tree_root_of(const struct tc_frontend *fe, const char *abs_path)
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
	char *root = tree_root_of(fe, abs);

	free(abs);
	if (root && get_tree(fe, root))
		tc_instantiator_warm(root);
	free(root);
}

static void collect_clang_diags(struct tc_tu *t)
{
	unsigned n = clang_getNumDiagnostics(t->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);

		if (s >= CXDiagnostic_Error) {
			struct tc_header *h = t->h;
			h->nr_clang_errors++;
			ALLOC_GROW(h->clang_messages, h->nr_clang_messages + 1,
				   h->alloc_clang_messages);
			h->clang_messages[h->nr_clang_messages++] = tc_cx_str(clang_formatDiagnostic(
				d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn));
		}
		clang_disposeDiagnostic(d);
	}
}

static const char *parse_error_name(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed:
		return "libclang crashed";
	case CXError_InvalidArguments:
		return "libclang rejected the arguments";
	case CXError_ASTReadError:
		return "libclang could not read the AST";
	default:
		return "libclang failed";
	}
}

/*
 * For benchmarks and bug reports: the unit and its arguments, so that
 * clang -fsyntax-only $(cat DIR/args) DIR/tu.c parses what tracecheck
 * parses (the unit's quoted includes resolve through -iquote).
 */
static const char *copy_to;
static size_t copy_from_len;

static int copy_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *to = xasprintf("%s%s", copy_to, path + copy_from_len);

	(void)ftw;
	if (flag == FTW_D) {
		mkdir(to, 0700);
	} else if (flag == FTW_F) {
		size_t n;
		char *body = read_file(path, &n);
		FILE *f = body ? fopen(to, "w") : NULL;
		if (f) {
			fwrite(body, 1, n, f);
			fclose(f);
		}
		free(body);
	}
	(void)st;
	free(to);
	return 0;
}

static void save_tu(const char *dir, const struct argv *args, const char *tu_name,
		    const char *tu_text, const char *gen)
{
	char *a = xasprintf("%s/args", dir), *t = xasprintf("%s/tu.c", dir);
	char *udir = dir_name(tu_name);
	char *gen_copy = gen ? xasprintf("%s/gen", dir) : NULL;
	FILE *f;

	/* the tree's generated headers live in a directory removed at exit: copy them */
	if (gen) {
		copy_to = gen_copy;
		copy_from_len = strlen(gen);
		nftw(gen, copy_entry, 16, FTW_PHYS);
	}
	f = fopen(a, "w");
	if (f) {
		for (size_t i = 0; i < args->nr; i++) {
			const char *v = args->v[i], *at = gen ? strstr(v, gen) : NULL;
			if (at)
				fprintf(f, "%.*s%s%s\n", (int)(at - v), v, gen_copy, at + strlen(gen));
			else
				fprintf(f, "%s\n", v);
		}
		fprintf(f, "-iquote\n%s\n", udir);
		fclose(f);
	}
	f = fopen(t, "w");
	if (f) {
		fputs(tu_text, f);
		fclose(f);
	}
	if (!f)
		error("--save-tu %s: %s", dir, strerror(errno));
	free(udir);
	free(gen_copy);
	free(a);
	free(t);
}

struct tc_header *tc_frontend_parse(struct tc_frontend *fe, const char *path)
{
	struct tc_header *h;
	struct argv args = { 0 };
	struct tc_ktree *tree = NULL;
	char *tree_root = NULL;
	char *hdir, *tu_name, *tu_text;
	size_t len;
	char *content;

	if (is_dir(path)) {
		error("%s: is a directory", path);
		return NULL;
	}
	content = read_file(path, &len);
	if (!content) {
		error("%s: %s", path, strerror(errno));
		return NULL;
	}
	if (memchr(content, '\0', len)) {
		free(content);
		error("%s: not a text file (it contains NUL bytes)", path);
		return NULL;
	}
	free(content);

	h = tc_header_new(path);
	hdir = dir_name(h->abs_path);

	tree_root = tree_root_of(fe, h->abs_path);
	if (tree_root) {
		tree = get_tree(fe, tree_root);
		if (!tree) {
			char *cwd = absolute_path(".");
			size_t n = strlen(cwd);
			const char *shown = !strncmp(tree_root, cwd, n) && tree_root[n] == '/'
						    ? tree_root + n + 1
						    : tree_root;
			error("%s: cannot use kernel tree %s", path, shown);
			free(cwd);
			free(tree_root);
			free(hdir);
			tc_header_free(h);
			return NULL;
		}
	}
	h->bare = tree == NULL && !fe->o.kbuild_c;
	if (tree) {
		const char *root = tc_ktree_root(tree);
		size_t n = strlen(root);
		if (!strncmp(h->abs_path, root, n) && h->abs_path[n] == '/')
			h->tree_path = xstrdup(h->abs_path + n + 1);
	}

	argv_push(&args, "-x");
	argv_push(&args, "c");
	argv_push(&args, "-std=gnu11");
	argv_pushf(&args, "--target=%s", fe->o.target ? fe->o.target : "x86_64-linux-gnu");
	argv_push(&args, "-ferror-limit=0");
	if (!fe->o.kbuild_c && (!tree || tc_ktree_unsigned_char(tree)))
		argv_push(&args, "-funsigned-char"); /* kbuild's flags say for themselves */
	h->array_len_as_text = tree && !tc_ktree_numeric_array_len(tree);
	argv_push(&args, "-fno-strict-aliasing");
	argv_push(&args, "-nostdinc");
	argv_push(&args, "-Wno-everything");
	argv_pushf(&args, "-I%s", fe->o.datadir);
	for (size_t i = 0; i < fe->o.nr_cflags; i++)
		argv_push(&args, fe->o.cflags[i]);
	if (tree) {
		const char *const *tv = tc_ktree_cflags(tree);
		for (size_t i = 0; tv[i]; i++)
			argv_push(&args, tv[i]);
	} else if (!fe->o.kbuild_c) {
		argv_push(&args, "-D__TRACECHECK_BARE__");
		argv_push(&args, "-include");
		argv_pushf(&args, "%s/tracecheck/bare.h", fe->o.datadir);
	}
	struct tc_instantiator *inst = NULL;
	if (fe->o.kbuild_c)
		inst = tc_instantiator_of(fe->o.kbuild_c, h->abs_path);
	else if (tree && !fe->o.no_instantiator)
		inst = tc_find_instantiator(h->abs_path, tc_ktree_root(tree));
	if (inst) {
		for (size_t i = 0; i < inst->nr_flags; i++)
			argv_push(&args, inst->flags[i]);
		free(h->instantiator);
		h->instantiator = xstrdup(inst->path);
	}
	argv_pushf(&args, "-I%s", hdir);
	argv_pushf(&args, "-D__TRACECHECK_SELF=\"%s\"", h->abs_path);

	/* the unit lives beside its instantiator, so its quoted includes resolve */
	char *udir = inst ? dir_name(inst->path) : xstrdup(hdir);
	tu_name = xasprintf("%s/.tracecheck-tu.c", udir);
	free(udir);
	/*
	 * The .c file that instantiates a header has included the kernel's
	 * basic headers before it; headers rely on that for MAJOR()/MINOR()
	 * and the basic types, so a kernel-tree unit starts with those two.
	 */
	tu_text = xasprintf("%s%s\n#define CREATE_TRACE_POINTS\n#include \"%s\"\n",
			    tree && !fe->o.kbuild_c ? "#include <linux/types.h>\n#include <linux/kdev_t.h>\n"
						    : "",
			    inst ? inst->prelude : "", h->abs_path);
	tc_instantiator_free(inst);
	if (fe->o.save_tu)
		save_tu(fe->o.save_tu, &args, tu_name, tu_text, tree ? tc_ktree_gen_dir(tree) : NULL);
	struct CXUnsavedFile unsaved = {
		.Filename = tu_name,
		.Contents = tu_text,
		.Length = strlen(tu_text),
	};
	struct tc_tu t = { .h = h };
	enum CXErrorCode rc = clang_parseTranslationUnit2(
		fe->index, tu_name, (const char *const *)args.v, (int)args.nr, &unsaved, 1,
		CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing,
		&t.tu);
	if (rc != CXError_Success || !t.tu) {
		error("%s: %s", path, parse_error_name(rc));
		tc_header_free(h);
		h = NULL;
		goto out;
	}
	t.header_file = clang_getFile(t.tu, h->abs_path);
	collect_clang_diags(&t);
	tc_extract(&t);
	clang_disposeTranslationUnit(t.tu);
out:
	free(tu_name);
	free(tu_text);
	free(hdir);
	free(tree_root);
	argv_release(&args);
	return h;
}
