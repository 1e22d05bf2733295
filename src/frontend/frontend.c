// SPDX-License-Identifier: MIT
/*
 * Translation-unit set-up: the synthetic CREATE_TRACE_POINTS unit, the
 * compiler flags for bare headers and for kernel trees, and the parse.
 */
#include "frontend.h"

#include <ctype.h>
#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "ctok.h"
#include "discover.h"
#include "fe_internal.h"
#include "instantiator.h"
#include "kfacts.h"
#include "rebuild.h"
#include "tpindex.h"
#include "kerneltree.h"
#include "overlay.h"
#include "stackguard.h"
#include "strbuf.h"
#include "util.h"

struct tc_frontend {
	struct tc_fe_options o;
	char *own_tree, *own_build; /* a build directory's trees (tc_frontend_new()) */
	CXIndex index;
	CXIndex index_pch; /* for units read with a PCH: its declarations are not visited */
	struct tc_ktree **trees; /* prepared kernel trees, reused across headers */
	size_t nr_trees, alloc_trees;
	/* tc_frontend_context_key()'s last answer, and the tree it is for */
	char *ctx_key, *ctx_key_root;
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

static struct tc_ktree *get_tree(struct tc_frontend *fe, const char *root)
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
static int unsigned_char(const struct tc_frontend *fe, const struct tc_ktree *tree, int version)
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
	if (root && get_tree(fe, root)) {
		if (tc_cache_enabled()) {
			/* for the workers' cache look-ups */
			tc_tpindex_key(root);
			free(tc_frontend_context_key(fe, path));
		}
		tc_instantiator_warm(root);
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
		char *text = is_dir(p) ? NULL : read_file(p, &len);
		char h[33];
		if (text) {
			tc_hash_hex(text, len, h);
			strbuf_addf(sb, "gen %s %s\n", p + strlen(top), h);
		} else if (is_dir(p)) {
			hash_tree_files(p, top, sb);
		}
		free(text);
		free(p);
	}
	free_strings(names, nr);
}

char *tc_frontend_context_key(struct tc_frontend *fe, const char *path)
{
	char *abs = absolute_path(path);
	char *root = tree_root_of(fe, abs);
	struct strbuf sb = STRBUF_INIT;

	free(abs);
	/* the same for every header of the tree: made once (before the workers fork) */
	if (fe->ctx_key && !strcmp(fe->ctx_key_root, root ? root : "")) {
		free(root);
		return xstrdup(fe->ctx_key);
	}
	struct tc_ktree *t = root ? get_tree(fe, root) : NULL;
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

/*
 * "FILE:LINE:COL: error: TEXT" at the diagnostic's file location (where
 * a macro was used, not where it is defined), the same with every
 * libclang: clang_formatDiagnostic() names the definition from 19 on.
 */
/*
 * The file of f (malloced), *line changed to the .c's own line where f
 * is the unit's file and the line is the .c's text (tc_tu's unit_source):
 * not the synthetic unit's, whose lines depend on how it was read.
 */
static char *file_name_of(const struct tc_tu *t, CXFile f, unsigned *line)
{
	if (t->unit_source && t->unit_file && clang_File_isEqual(f, t->unit_file) &&
	    *line > t->unit_line0) {
		*line -= t->unit_line0;
		return xstrdup(t->unit_source);
	}
	return tc_cx_str(clang_getFileName(f));
}

static char *diag_message(const struct tc_tu *t, CXDiagnostic d)
{
	CXFile f;
	unsigned line = 0, col = 0;
	char *text = tc_cx_str(clang_getDiagnosticSpelling(d)), *msg;

	tc_cx_file_pos(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
	char *name = f ? file_name_of(t, f, &line) : NULL;
	/* relative to the current directory when below it, as the findings' paths */
	char *file = name ? tc_shown_path(name) : NULL;
	free(name);
	if (file)
		msg = xasprintf("%s:%u:%u: %s: %s", file, line, col,
				clang_getDiagnosticSeverity(d) >= CXDiagnostic_Fatal ? "fatal error"
										     : "error",
				text);
	else
		msg = xasprintf("error: %s", text);
	free(file);
	free(text);
	return msg;
}

/*
 * A redefinition in the header itself of a function it defines: the
 * re-reads of the multi-read section define it again, in the kernel's
 * build as here (compile-error).  Kept once per place.  Of other
 * entities (a struct or enum re-read), and of what other files define,
 * nothing is said: the context explains them.
 */
static void function_redefined(struct tc_tu *t, CXDiagnostic d, const struct tc_cx_diag *cd)
{
	struct tc_header *h = t->h;
	CXSourceLocation l = clang_getDiagnosticLocation(d);
	CXCursor c = clang_getCursor(t->tu, l);

	/* a function's redefinition is one of a definition: a prototype may be repeated */
	if (!tc_cx_in_header(t, l) || clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return;
	struct tc_loc at = tc_cx_file_loc(t, l);
	for (size_t i = 0; i < h->nr_compile_errors; i++)
		if (h->compile_errors[i].loc.line == at.line &&
		    h->compile_errors[i].loc.col == at.col)
			return;
	ALLOC_GROW(h->compile_errors, h->nr_compile_errors + 1, h->alloc_compile_errors);
	h->compile_errors[h->nr_compile_errors++] =
		(struct tc_compile_error){ at, xstrdup(cd->clang_text), xstrdup(cd->name) };
}

static void collect_clang_diags(struct tc_tu *t)
{
	unsigned n = clang_getNumDiagnostics(t->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);

		struct tc_cx_diag cd;
		tc_cx_diag_classify(d, &cd);
		if (cd.kind == TC_CXD_UNDECLARED) {
			struct tc_header *h = t->h;
			ALLOC_GROW(h->undeclared, h->nr_undeclared + 1, h->alloc_undeclared);
			h->undeclared[h->nr_undeclared++] = xstrdup(cd.name);
		}
		if (cd.kind == TC_CXD_REDEFINITION)
			function_redefined(t, d, &cd);
		tc_cx_diag_release(&cd);
		if (s >= CXDiagnostic_Error) {
			struct tc_header *h = t->h;
			h->nr_clang_errors++;
			ALLOC_GROW(h->clang_messages, h->nr_clang_messages + 1,
				   h->alloc_clang_messages);
			h->clang_messages[h->nr_clang_messages++] = diag_message(t, d);
		}
		clang_disposeDiagnostic(d);
	}
}

/* "FILE:LINE:COL" of a location, FILE relative to the current directory when below it. */
static char *place_of(const struct tc_tu *t, CXSourceLocation l, char **abs_file)
{
	CXFile f;
	unsigned line = 0, col = 0;

	tc_cx_file_pos(l, &f, &line, &col, NULL);
	char *file = f ? file_name_of(t, f, &line) : xstrdup("?");
	char *shown = tc_shown_path(file);
	char *place = xasprintf("%s:%u:%u", shown, line, col);

	free(shown);
	*abs_file = absolute_path(file);
	free(file);
	return place;
}

/*
 * Input the analysis cannot stand on, as the compiler found it: a header
 * that includes itself, directly or through another, without a guard
 * (the preprocessor stops at its nesting limit; what it read is
 * nonsense), and in the header itself an event macro that is never
 * closed or has too few or too many arguments (the header does not
 * compile; the event is silently missing).  1 after a one-line error
 * naming where, else 0.  The diagnostics are recognised by kind
 * (tc_cx_diag_classify()), never by clang's wording.
 */
static int broken_input(struct tc_tu *t, const char *path)
{
	static const char *const what[] = {
		[TC_CXD_MACRO_UNTERMINATED] = "unterminated function-like macro invocation",
		[TC_CXD_MACRO_TOO_FEW] = "too few arguments provided to function-like macro invocation",
		[TC_CXD_MACRO_TOO_MANY] = "too many arguments provided to function-like macro invocation",
	};
	unsigned n = clang_getNumDiagnostics(t->tu);
	int broken = 0;

	for (unsigned i = 0; i < n && !broken; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		struct tc_cx_diag cd;
		char *abs = NULL, *place = NULL;

		tc_cx_diag_classify(d, &cd);
		if (cd.kind == TC_CXD_INCLUDE_TOO_DEEP) {
			place = place_of(t, clang_getDiagnosticLocation(d), &abs);
			error_place(place, "#include nested too deeply: a header includes itself, "
					   "directly or through another, without an include guard; %s "
					   "not checked",
				    path);
			broken = 1;
		} else if (cd.kind == TC_CXD_MACRO_UNTERMINATED || cd.kind == TC_CXD_MACRO_TOO_FEW ||
			   cd.kind == TC_CXD_MACRO_TOO_MANY) {
			place = place_of(t, clang_getDiagnosticLocation(d), &abs);
			if (!strcmp(abs, t->h->abs_path)) {
				error_place(place, "%s: the header does not compile; not checked",
					    what[cd.kind]);
				broken = 1;
			}
		}
		free(place);
		free(abs);
		tc_cx_diag_release(&cd);
		clang_disposeDiagnostic(d);
	}
	return broken;
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

/*
 * The synthetic unit: basics, the instantiator's text, then the header
 * instantiated; a trace remote's header through <trace/tc_remote.h>,
 * which reads __TRACECHECK_SELF.
 */
static char *unit_text(const char *basics, const char *prelude, const char *header, int remote)
{
	if (remote)
		return xasprintf("%s%s\n#include <trace/tc_remote.h>\n", basics, prelude);
	return xasprintf("%s%s\n#define CREATE_TRACE_POINTS\n#include \"%s\"\n", basics, prelude,
			 header);
}

static int parse_unit_with(CXIndex idx, const char *tu_name, const char *tu_text,
			   const struct argv *args, CXTranslationUnit *tu)
{
	/* the unit, and the files --patch changed (a removed one stays on the disk) */
	size_t n = 1 + tc_overlay_count();
	struct CXUnsavedFile *unsaved = xcalloc(n, sizeof(*unsaved));

	unsaved[0].Filename = tu_name;
	unsaved[0].Contents = tu_text;
	unsaved[0].Length = strlen(tu_text);
	n = 1;
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		const char *path = tc_overlay_entry(i, &text, &len);
		if (text) {
			unsaved[n].Filename = path;
			unsaved[n].Contents = text;
			unsaved[n++].Length = len;
		}
	}
	*tu = NULL;
	tc_guard_foreign(1);
	int rc = clang_parseTranslationUnit2(idx, tu_name, (const char *const *)args->v,
					     (int)args->nr, unsaved, (unsigned)n,
					     CXTranslationUnit_DetailedPreprocessingRecord |
						     CXTranslationUnit_KeepGoing |
						     CXTranslationUnit_SkipFunctionBodies,
					     tu);
	tc_guard_foreign(0);
	free(unsaved);
	return rc;
}

static int parse_unit(struct tc_frontend *fe, const char *tu_name, const char *tu_text,
		      const struct argv *args, CXTranslationUnit *tu)
{
	return parse_unit_with(fe->index, tu_name, tu_text, args, tu);
}

/*
 * Does the .c's text up to CREATE_TRACE_POINTS define nothing before
 * its last #include?  Then the kernel headers it includes read the same
 * when a precompiled prelude has read them before it.
 */
static int defines_nothing_first(const char *pre)
{
	const char *last_define = NULL, *last_include = NULL;

	for (const char *l = pre; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		if (tc_directive(l, "include"))
			last_include = l;
		else if (tc_directive(l, "define") || tc_directive(l, "undef") ||
			 tc_directive(l, "pragma"))
			last_define = l;
	}
	return !last_define || !last_include || last_define > last_include;
}

/*
 * A unit in a kernel tree -- basics, the .c's text (or none: the header
 * alone), then the header instantiated (tu_text) -- read against a
 * precompiled prelude (pch.c) when there is one: the header alone with
 * the tree's basics and <linux/tracepoint.h>, a .c's context with the
 * kernel headers most .c files read.  The instantiator's -I directories
 * come after every directory of the prelude's and change none of its
 * look-ups; its -D flags are the prelude's too (a PCH of their own).
 * Whatever clang refuses of the PCH, the unit is read as it is.  The
 * dependencies are recorded.
 */
static enum CXErrorCode parse_with_prelude(struct tc_frontend *fe, const char *tu_name,
					   const char *tu_text, struct tc_tu *t, struct argv *args,
					   size_t common, const struct tc_instantiator *inst,
					   const char *cprelude, const char *htext, const char *hdir)
{
	const struct tc_header *h = t->h;
	const char *prelude = cprelude ? tc_pch_prelude_big : tc_pch_prelude;
	char *own = NULL;
	enum CXErrorCode rc;

	tc_pch_info_free((struct tc_pch_info *)t->pch);
	t->pch = NULL;
	if (!h->bare && !fe->o.kbuild_c && !fe->o.save_tu && !h->remote &&
	    (!cprelude || defines_nothing_first(cprelude))) {
		struct argv pa = { 0 };
		for (size_t i = 0; i < common; i++)
			argv_push(&pa, args->v[i]);
		for (size_t i = 0; inst && i < inst->nr_flags; i++)
			if (starts_with(inst->flags[i], "-D"))
				argv_push(&pa, inst->flags[i]);
		/*
		 * A header checked again as it is edited: a prelude of its own
		 * includes too, with every flag the header is read with
		 * (its instantiator's -I directories, its own) but its name.
		 */
		if (!cprelude && fe->o.few && htext) {
			struct argv ha = { 0 };
			for (size_t i = 0; i < args->nr; i++)
				if (!starts_with(args->v[i], "-D__TRACECHECK_SELF=") &&
				    strcmp(args->v[i], "-Wimplicit-function-declaration"))
					argv_push(&ha, args->v[i]);
			own = tc_pch_header_prelude(htext, hdir, (const char *const *)ha.v, ha.nr);
			if (own && tc_pch_seen_again(h->abs_path, (const char *const *)ha.v, ha.nr)) {
				prelude = own;
				argv_release(&pa);
				pa = ha;
			} else {
				argv_release(&ha);
			}
		}
		struct tc_pch_info *pch =
			tc_pch_get(fe->index_pch, prelude, (const char *const *)pa.v, pa.nr);
		if (pch) {
			char *text = unit_text("", cprelude ? cprelude : "", h->abs_path, 0);
			argv_push(args, "-include-pch");
			argv_push(args, pch->path);
			rc = parse_unit_with(fe->index_pch, tu_name, text, args, &t->tu);
			tc_fe_record_deps(t->tu, tu_name, (const char *const *)args->v, args->nr, pch);
			free(args->v[--args->nr]);
			free(args->v[--args->nr]);
			free(text);
			if (rc == CXError_Success && t->tu && !tc_pch_failed(t->tu)) {
				argv_release(&pa);
				free(own);
				t->pch = pch;
				return rc;
			}
			/* refused (an input touched since): read without, made anew next time */
			if (t->tu)
				clang_disposeTranslationUnit(t->tu);
			t->tu = NULL;
			tc_pch_forget(prelude, (const char *const *)pa.v, pa.nr);
			tc_pch_info_free(pch);
		}
		argv_release(&pa);
	}
	free(own);
	rc = parse_unit(fe, tu_name, tu_text, args, &t->tu);
	tc_fe_record_deps(t->tu, tu_name, (const char *const *)args->v, args->nr, NULL);
	return rc;
}

/* Is offset inside the arguments of a TP_printk() of text? */
static int in_tp_printk(const char *text, size_t len, size_t offset)
{
	const char *last = NULL;

	if (offset > len)
		return 0;
	for (const char *p = text; (p = memmem(p, (size_t)(text + offset - p), "TP_printk", 9));
	     p += 9)
		last = p;
	if (!last)
		return 0;
	int depth = 0;
	for (const char *p = last + 9; p < text + offset; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return 0;
	}
	return depth > 0;
}

/*
 * Does the unit say that the header needs more context than it gave?
 * An error in the header, or in a header beside it (the driver's own,
 * which it includes), or a call of an undeclared function in a
 * TP_printk(): in the .c's context that is likely a macro (net.h's
 * show_family_name()), which user space may well be able to read.  An
 * undeclared function elsewhere (sched.h's pid_nr() in TP_fast_assign)
 * changes nothing tracecheck looks at.
 */
static int lacks_context(CXTranslationUnit tu, const char *abs_path, const char *shown,
			 const char *hdir, const char *text, size_t len, char **why)
{
	unsigned n = clang_getNumDiagnostics(tu);
	CXFile hf = clang_getFile(tu, abs_path);
	int lacks = 0;

	for (unsigned i = 0; i < n && !lacks; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile f = NULL, sf = NULL;
		unsigned line = 0, col = 0, sline = 0, scol = 0, off = 0;

		clang_getExpansionLocation(loc, &f, &line, &col, NULL);
		tc_cx_file_pos(loc, &sf, &sline, &scol, &off);
		if (sev >= CXDiagnostic_Error) {
			if (f && hf && clang_File_isEqual(f, hf)) {
				lacks = 1;
			} else if (f) {
				char *name = tc_cx_str(clang_File_tryGetRealPathName(f));
				const char *rel = name ? path_below(name, hdir) : NULL;
				lacks = rel && !strchr(rel, '/');
				free(name);
			}
		} else if (sev == CXDiagnostic_Warning && f && hf && clang_File_isEqual(f, hf)) {
			/* -Wimplicit-function-declaration, the only warning enabled */
			lacks = !sf || !clang_File_isEqual(sf, hf) || in_tp_printk(text, len, off);
		}
		if (lacks) {
			struct tc_cx_diag cd;
			tc_cx_diag_classify(d, &cd);
			char *msg = tc_cx_diag_text(&cd);
			char *fname = NULL;
			tc_cx_diag_release(&cd);
			if (sf && hf && clang_File_isEqual(sf, hf)) {
				f = sf; /* the argument itself, not the TRACE_EVENT() */
				line = sline;
				col = scol;
			}
			if (!f || !hf || !clang_File_isEqual(f, hf))
				fname = tc_cx_str(clang_getFileName(f));
			*why = xasprintf("%s:%u:%u: %s", fname ? fname : shown, line, col, msg);
			free(fname);
			free(msg);
		}
		clang_disposeDiagnostic(d);
	}
	return lacks;
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
		argv_push(args, "-include");
		argv_push(args, v->autoconf);
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

	tree_root = tree_root_of(fe, h->abs_path);
	if (tree_root) {
		tree = get_tree(fe, tree_root);
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

	argv_push(&args, "-x");
	argv_push(&args, "c");
	argv_push(&args, "-std=gnu11");
	/*
	 * The parse skips function bodies (half the time of a kernel unit
	 * goes into the static inline functions of its headers); the
	 * stages put the event's assign and print code in blocks, whose
	 * bodies are kept.
	 */
	argv_push(&args, "-fblocks");
	argv_push(&args, "-U__block"); /* a kernel identifier (fs/hfs/hfs_fs.h) */
	argv_pushf(&args, "--target=%s", fe->o.target ? fe->o.target : "x86_64-linux-gnu");
	argv_push(&args, "-ferror-limit=0");
	int uchar = unsigned_char(fe, tree, h->kernel_version);
	if (!fe->o.kbuild_c && uchar)
		argv_push(&args, "-funsigned-char"); /* kbuild's flags say for themselves */
	h->char_signed = !uchar && tc_abi_char_signed(h->abi);
	h->array_len_as_text = tree && !tc_ktree_numeric_array_len(tree);
	argv_push(&args, "-fno-strict-aliasing");
	argv_push(&args, "-nostdinc");
	argv_push(&args, "-Wno-everything");
	size_t first_dir = args.nr;
	argv_pushf(&args, "-I%s", fe->o.datadir);
	for (size_t i = 0; i < fe->o.nr_cflags; i++)
		argv_push(&args, fe->o.cflags[i]);
	size_t kbuild_flags = args.nr;
	if (tree) {
		const char *const *tv = tc_ktree_cflags(tree);
		for (size_t i = 0; tv[i]; i++)
			argv_push(&args, tv[i]);
	} else if (!fe->o.kbuild_c) {
		argv_push(&args, "-D__TRACECHECK_BARE__");
		argv_push(&args, "-include");
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
			argv_push(&args, inst->flags[i]);
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
		tu_text = unit_text(basics, "", h->abs_path, h->remote);
		argv_push(&args, "-Wimplicit-function-declaration");
		rc = parse_with_prelude(fe, tu_name, tu_text, &t, &args, common, inst, NULL, content,
					hdir);
		free(args.v[--args.nr]);
		if (rc != CXError_Success || !t.tu || lacks_context(t.tu, h->abs_path, path, hdir, content, len, &h->context_why)) {
			if (t.tu)
				clang_disposeTranslationUnit(t.tu);
			t.tu = NULL;
			tc_pch_info_free((struct tc_pch_info *)t.pch);
			t.pch = NULL;
			free(tu_text);
			tu_text = NULL;
		} else {
			h->minimal_context = 1;
		}
	}
	if (!tu_text) {
		tu_text = unit_text(basics, inst ? inst->prelude : "", h->abs_path, h->remote);
		rc = parse_with_prelude(fe, tu_name, tu_text, &t, &args, common, inst,
					inst && inst->prelude[0] ? inst->prelude : NULL, content, hdir);
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
		save_tu(fe->o.save_tu, &args, tu_name, tu_text, tree ? tc_ktree_gen_dir(tree) : NULL);
	if (rc != CXError_Success || !t.tu) {
		error("%s: %s", path, parse_error_name(rc));
		tc_header_free(h);
		h = NULL;
		goto out;
	}
	t.header_file = clang_getFile(t.tu, h->abs_path);
	collect_clang_diags(&t);
	tc_collect_cfg_off(&t, content);
	if (broken_input(&t, path)) {
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
	free(content);
	free(tu_name);
	free(tu_text);
	free(hdir);
	free(tree_root);
	argv_release(&args);
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
