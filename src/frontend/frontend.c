// SPDX-License-Identifier: MIT
/*
 * Translation-unit set-up: the synthetic CREATE_TRACE_POINTS unit, the
 * compiler flags for bare headers and for kernel trees, and the parse.
 * The trees: fetree.c; the unit parsed: feunit.c; libclang's
 * diagnostics: fediag.c.
 */
#include "frontend.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "ctok.h"
#include "discover.h"
#include "fe_internal.h"
#include "rebuild.h"
#include "kerneltree.h"
#include "stackguard.h"
#include "strbuf.h"
#include "util.h"

void tc_fe_argv_push(struct argv *a, const char *s)
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

void tc_fe_argv_release(struct argv *a)
{
	for (size_t i = 0; i < a->nr; i++)
		free(a->v[i]);
	free(a->v);
}

/*
 * kbuild's -I directories among args[from..] (the tree's, then the
 * instantiator's) into h->include_dirs, the scratch directory gen of
 * an unconfigured tree's generated headers named as the tree root's.
 */
static void record_include_dirs(struct tc_header *h, const struct argv *args, size_t from,
				const char *gen, const char *root)
{
	size_t alloc = 0;

	for (size_t i = from; i < args->nr; i++) {
		const char *d = args->v[i];
		if (!strcmp(d, "-I") && i + 1 < args->nr)
			d = args->v[++i];
		else if (starts_with(d, "-I") && d[2])
			d += 2;
		else
			continue;
		const char *below = gen && root ? path_below(d, gen) : NULL;
		ALLOC_GROW(h->include_dirs, h->nr_include_dirs + 1, alloc);
		h->include_dirs[h->nr_include_dirs++] =
			below ? xasprintf("%s/%s", root, below) : absolute_path(d);
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
 * The k-th other build of inst (rebuild.h; k from 1) in its place, in the
 * tree at root: 0, or -1 when there is none such.
 */
static int use_rebuild(struct tc_instantiator **inst, const char *root, size_t k)
{
	struct tc_instantiator **v;
	size_t n = tc_rebuilds(*inst, root, &v);

	for (size_t i = 0; i < n; i++) {
		if (i + 1 == k) {
			tc_instantiator_free(*inst);
			*inst = v[i];
		} else {
			tc_instantiator_free(v[i]);
		}
	}
	free(v);
	return k <= n ? 0 : -1;
}

/*
 * Another configuration's autoconf.h (cfgpass.c): the unit finds it
 * first, and where the flags name the tree's with -include, they name it
 * instead; force: included first of all (a bare header has none).
 */
static void use_variant(struct argv *args, size_t at, const struct tc_fe_variant *v)
{
	if (v->incdir) {
		ALLOC_GROW(args->v, args->nr + 1, args->alloc);
		memmove(args->v + at + 1, args->v + at, (args->nr - at) * sizeof(*args->v));
		args->v[at] = xasprintf("-I%s", v->incdir);
		args->nr++;
	}
	for (size_t i = 0; i + 1 < args->nr; i++)
		if (!strcmp(args->v[i], "-include") &&
		    ends_with(args->v[i + 1], "/generated/autoconf.h")) {
			free(args->v[++i]);
			args->v[i] = xstrdup(v->autoconf);
		}
	if (v->force) {
		tc_fe_argv_push(args, "-include");
		tc_fe_argv_push(args, v->autoconf);
	}
}

/*
 * Brackets nested deeper than libclang reads (TC_MAX_NESTING, as its
 * -fbracket-depth): why the header is not parsed, malloced; else NULL.
 * What is nested so deep is hostile or generated, and the preprocessing
 * of 10,000 nested macro calls takes libclang minutes.
 */
static char *too_deep(const char *text, size_t len)
{
	struct tc_toks ts;
	unsigned line;
	char *why = NULL;

	tc_toks_scan(&ts, text, len);
	if (tc_toks_bracket_depth(&ts, &line) > TC_MAX_NESTING)
		why = xasprintf("brackets nested more than %d levels deep (line %u): libclang "
				"reads no deeper",
				TC_MAX_NESTING, line);
	tc_toks_release(&ts);
	return why;
}

static struct tc_header *guarded_parse(struct tc_frontend *fe, const char *path, size_t rebuild);

struct tc_header *tc_frontend_parse(struct tc_frontend *fe, const char *path)
{
	return guarded_parse(fe, path, 0);
}

struct tc_header *tc_frontend_parse_rebuild(struct tc_frontend *fe, const char *path, size_t k)
{
	return k ? guarded_parse(fe, path, k) : NULL;
}

size_t tc_frontend_rebuilds(struct tc_frontend *fe, const struct tc_header *h)
{
	struct tc_instantiator *in;
	struct tc_instantiator **v;
	size_t n;

	(void)fe;
	if (!h->instantiator || !h->tree_root)
		return 0;
	in = xcalloc(1, sizeof(*in));
	in->path = xasprintf("%s/%s", h->tree_root, h->instantiator);
	in->prelude = xstrdup("");
	n = tc_rebuilds(in, h->tree_root, &v);
	for (size_t i = 0; i < n; i++)
		tc_instantiator_free(v[i]);
	free(v);
	tc_instantiator_free(in);
	return n;
}

/*
 * The header at path parsed: in another configuration (variant, or NULL:
 * the one of its tree or flags), with the rebuild-th other build of its
 * instantiating .c (rebuild.h; 0: its own).
 */
static struct tc_header *parse_header(struct tc_frontend *fe, const char *path,
				      const struct tc_fe_variant *variant, size_t rebuild)
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

	h = tc_header_new(path);
	h->too_deep = too_deep(content, len);
	if (h->too_deep) {
		h->text = content;
		h->text_len = len;
		return h;
	}
	hdir = dir_name(h->abs_path);
	h->abi = tc_abi_of(fe->o.target);

	tree_root = tc_fe_tree_root_of(fe, h->abs_path);
	if (tree_root) {
		tree = tc_fe_get_tree(fe, tree_root);
		/* its generated headers: in the result's key (tc_frontend_context_key()) */
		if (tree)
			tc_deps_ignore_below(tc_ktree_gen_dir(tree));
		if (!tree) {
			char *cwd = absolute_path(".");
			const char *shown = path_below(tree_root, cwd);
			error("%s: cannot use kernel tree %s", path, shown ? shown : tree_root);
			free(cwd);
			free(tree_root);
			free(hdir);
			free(content);
			tc_header_free(h);
			return NULL;
		}
	}
	h->bare = tree == NULL && !fe->o.kbuild_c;
	/* the kernel it is built against: the tree's, or the kbuild command line's */
	if (fe->o.kernel_version)
		h->kernel_version = fe->o.kernel_version;
	else if (tree)
		h->kernel_version = tc_ktree_version_code(tree);
	else if (fe->o.kbuild_c)
		h->kernel_version = tc_kernel_version_of_flags(fe->o.cflags, fe->o.nr_cflags);
	/* the header as the tree spells it: the tree or the header may be named through a link */
	char *in_tree = NULL;
	if (tree) {
		h->tree_path = path_below_resolved(h->abs_path, tc_ktree_root(tree));
		if (h->tree_path) {
			h->tree_root = xstrdup(tc_ktree_root(tree));
			in_tree = xasprintf("%s/%s", h->tree_root, h->tree_path);
		}
	}

	tc_fe_argv_push(&args, "-x");
	tc_fe_argv_push(&args, "c");
	tc_fe_argv_push(&args, "-std=gnu11");
	/*
	 * The parse skips function bodies (half the time of a kernel unit
	 * goes into the static inline functions of its headers); the
	 * stages put the event's assign and print code in blocks, whose
	 * bodies are kept.
	 */
	tc_fe_argv_push(&args, "-fblocks");
	tc_fe_argv_push(&args, "-U__block"); /* a kernel identifier (fs/hfs/hfs_fs.h) */
	argv_pushf(&args, "--target=%s", fe->o.target ? fe->o.target : "x86_64-linux-gnu");
	tc_fe_argv_push(&args, "-ferror-limit=0");
	int uchar = tc_fe_unsigned_char(fe, tree, h->kernel_version);
	if (!fe->o.kbuild_c && uchar)
		tc_fe_argv_push(&args, "-funsigned-char"); /* kbuild's flags say for themselves */
	h->char_signed = !uchar && tc_abi_char_signed(h->abi);
	h->array_len_as_text = tree && !tc_ktree_numeric_array_len(tree);
	tc_fe_argv_push(&args, "-fno-strict-aliasing");
	tc_fe_argv_push(&args, "-nostdinc");
	tc_fe_argv_push(&args, "-Wno-everything");
	size_t first_dir = args.nr;
	argv_pushf(&args, "-I%s", fe->o.datadir);
	for (size_t i = 0; i < fe->o.nr_cflags; i++)
		tc_fe_argv_push(&args, fe->o.cflags[i]);
	size_t kbuild_flags = args.nr;
	if (tree) {
		const char *const *tv = tc_ktree_cflags(tree);
		for (size_t i = 0; tv[i]; i++)
			tc_fe_argv_push(&args, tv[i]);
	} else if (!fe->o.kbuild_c) {
		tc_fe_argv_push(&args, "-D__TRACECHECK_BARE__");
		tc_fe_argv_push(&args, "-include");
		argv_pushf(&args, "%s/tracecheck/bare.h", fe->o.datadir);
	}
	size_t common = args.nr; /* the flags every header of the tree is read with */
	struct tc_instantiator *inst = NULL;
	/* a remote's events are no tracepoints: no .c instantiates them with CREATE_TRACE_POINTS */
	h->remote = tc_trace_header_kind(content) == TC_REMOTE_EVENT_HEADER;
	if (fe->o.kbuild_c)
		inst = tc_instantiator_of(fe->o.kbuild_c, h->abs_path);
	else if (tree && !fe->o.no_instantiator && !h->remote)
		inst = tc_find_instantiator(in_tree ? in_tree : h->abs_path, tc_ktree_root(tree));
	free(in_tree);
	if (rebuild && (!inst || !tree || use_rebuild(&inst, tc_ktree_root(tree), rebuild))) {
		error("%s: its instantiating .c has no build %zu other than its own", path,
		      rebuild);
		tc_instantiator_free(inst);
		tc_header_free(h);
		h = NULL;
		tu_name = tu_text = NULL;
		goto out;
	}
	if (inst) {
		if (inst->built_by) {
			const char *rel = path_below(inst->built_by, tc_ktree_root(tree));
			h->built_by = xstrdup(rel ? rel : inst->built_by);
		}
		for (size_t i = 0; i < inst->nr_flags; i++)
			tc_fe_argv_push(&args, inst->flags[i]);
		const char *rel = tree ? path_below(inst->path, tc_ktree_root(tree)) : NULL;
		free(h->instantiator);
		h->instantiator = xstrdup(rel ? rel : inst->path);
	}
	record_include_dirs(h, &args, kbuild_flags, tree ? tc_ktree_gen_dir(tree) : NULL,
			    tree ? tc_ktree_root(tree) : NULL);
	argv_pushf(&args, "-I%s", hdir);
	argv_pushf(&args, "-D__TRACECHECK_SELF=\"%s\"", h->abs_path);
	if (variant) {
		/*
		 * Its -I goes among the common flags, so the precompiled
		 * prelude is keyed by it: one made for another configuration
		 * is not this one's
		 */
		use_variant(&args, first_dir, variant);
		common += variant->incdir != NULL;
	}

	/* the unit lives beside its instantiator, so its quoted includes resolve */
	char *udir = inst ? dir_name(inst->path) : xstrdup(hdir);
	tu_name = xasprintf("%s/.tracecheck-tu.c", udir);
	free(udir);
	/*
	 * The .c file that instantiates a header has included the kernel's
	 * basic headers before it; headers rely on that for MAJOR()/MINOR()
	 * and the basic types, so a kernel-tree unit starts with those two.
	 */
	const char *basics = tree && !fe->o.kbuild_c ? "#include <linux/types.h>\n"
						      "#include <linux/kdev_t.h>\n"
						    : "";
	struct tc_tu t = { .h = h };
	enum CXErrorCode rc = CXError_Success;
	tu_text = NULL;
	if (inst && tree && !fe->o.kbuild_c && !fe->o.full_context) {
		/*
		 * First the header with only those two before it: most
		 * headers need nothing else, and the instantiating .c's own
		 * includes are three quarters of the parse (sched.h: 0.24 s
		 * instead of 0.94 s).  An error in the header, or in a
		 * header of its directory, or a call of an undeclared
		 * function (a macro of the .c's context) means it needs the
		 * .c's context: parse again with it.
		 */
		tu_text = tc_fe_unit_text(basics, "", h->abs_path, h->remote);
		tc_fe_argv_push(&args, "-Wimplicit-function-declaration");
		rc = tc_fe_parse_with_prelude(fe, tu_name, tu_text, &t, &args, common, inst, NULL,
					      content, hdir);
		free(args.v[--args.nr]);
		if (rc != CXError_Success || !t.tu ||
		    tc_fe_lacks_context(t.tu, h->abs_path, path, hdir, content, len, &h->context_why)) {
			if (t.tu)
				clang_disposeTranslationUnit(t.tu);
			t.tu = NULL;
			tc_cx_file_texts_free(&t);
			tc_pch_info_free((struct tc_pch_info *)t.pch);
			t.pch = NULL;
			free(tu_text);
			tu_text = NULL;
		} else {
			h->minimal_context = 1;
		}
	}
	if (!tu_text) {
		tu_text = tc_fe_unit_text(basics, inst ? inst->prelude : "", h->abs_path,
					  h->remote);
		rc = tc_fe_parse_with_prelude(fe, tu_name, tu_text, &t, &args, common, inst,
					      inst && inst->prelude[0] ? inst->prelude : NULL, content,
					      hdir);
	}
	if (t.tu && !h->minimal_context && inst && inst->prelude[0]) {
		/* the .c's text starts after the basics, unless the PCH has them */
		t.unit_file = clang_getFile(t.tu, tu_name);
		t.unit_source = xstrdup(inst->path);
		for (const char *b = t.pch ? "" : basics; *b; b++)
			t.unit_line0 += *b == '\n';
	}
	tc_instantiator_free(inst);
	if (fe->o.save_tu && !variant)
		tc_fe_save_tu(fe->o.save_tu, &args, tu_name, tu_text,
			      tree ? tc_ktree_gen_dir(tree) : NULL);
	if (rc != CXError_Success || !t.tu) {
		error("%s: %s", path, parse_error_name(rc));
		tc_header_free(h);
		h = NULL;
		goto out;
	}
	t.header_file = clang_getFile(t.tu, h->abs_path);
	tc_fe_collect_clang_diags(&t);
	tc_collect_cfg_off(&t, content);
	if (tc_fe_broken_input(&t, path)) {
		clang_disposeTranslationUnit(t.tu);
		tc_header_free(h);
		h = NULL;
		goto out;
	}
	tc_extract(&t);
	tc_fe_record_rereads(&t, (const char *const *)args.v, args.nr);
	free_strings(t.rereads, t.nr_rereads);
	tc_mark_cfg_tables(&t);
	/* what this configuration leaves out, other configurations may read */
	struct tc_cfgpass_plan *plan =
		variant || fe->o.no_cfg_passes
			? NULL
			: tc_cfgpass_plan(&t, content, (const char *const *)args.v, args.nr,
					  tree ? tc_ktree_root(tree) : NULL,
					  tree ? tc_ktree_arch(tree) : NULL);
	clang_disposeTranslationUnit(t.tu);
	/* the rules read it from the header (rules.h's context): not again from the disk */
	h->text = content;
	h->text_len = len;
	content = NULL;
	tc_cfgpass_run(fe, h, plan, rebuild);
out:
	tc_pch_info_free((struct tc_pch_info *)t.pch);
	free(t.unit_source);
	tc_cx_file_texts_free(&t);
	free(content);
	free(tu_name);
	free(tu_text);
	free(hdir);
	free(tree_root);
	tc_fe_argv_release(&args);
	return h;
}

struct parse_call {
	struct tc_frontend *fe;
	const char *path;
	size_t rebuild;
	struct tc_header *h;
};

static void parse_guarded(void *v)
{
	struct parse_call *c = v;

	c->h = parse_header(c->fe, c->path, NULL, c->rebuild);
}

static struct tc_header *guarded_parse(struct tc_frontend *fe, const char *path, size_t rebuild)
{
	struct parse_call c = { fe, path, rebuild, NULL };

	enum tc_guard_end end = tc_guard_run(parse_guarded, &c);

	if (end == TC_GUARD_DONE)
		return c.h;
	/*
	 * What the parse had made is left as it was (the guard jumped out
	 * of it), its record of dependencies too: nothing of it is kept
	 */
	tc_deps_spoil("the parse was cut short");
	if (end == TC_GUARD_CRASH) {
		error("%s: %s", path, parse_error_name(CXError_Crashed));
		return NULL;
	}
	/* the header is not checked: nested too deeply */
	struct tc_header *h = tc_header_new(path);
	h->too_deep = xasprintf("its parse ran out of %zu MB of stack: it nests too deeply for "
				"libclang (casts, operators, macro calls or statements nested "
				"thousands of levels deep)",
				TC_GUARD_STACK >> 20);
	return h;
}

/* Within tc_frontend_parse()'s guard: a pass is part of the header's parse. */
struct tc_header *tc_fe_parse_variant(struct tc_frontend *fe, const char *path,
				      const struct tc_fe_variant *v)
{
	return parse_header(fe, path, v, v->rebuild);
}
