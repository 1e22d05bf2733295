// SPDX-License-Identifier: MIT
#include "kbuild.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "discover.h"
#include "frontend.h"
#include "instantiator.h"
#include "options.h"
#include "strbuf.h"
#include "util.h"

/*
 * An argument only a compiler command line (or kbuild mode) has;
 * tracecheck's -q -v -R -h -j -p are not.
 */
static int compiler_word(const char *a)
{
	if (a[0] != '-' || !a[1])
		return 0;
	if (a[1] == '-')
		return !strcmp(a, "--fatal") || starts_with(a, "--chain=");
	return !strchr("qvRhjp", a[1]) || !strcmp(a, "-pipe") || !strcmp(a, "-pg");
}

int tc_kbuild_is_check_argv(int argc, char **argv)
{
	if (argc < 2 || !ends_with(argv[argc - 1], ".c") || argv[argc - 1][0] == '-')
		return 0;
	for (int i = 1; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--"))
			return 0;
		if (compiler_word(argv[i]))
			return 1;
	}
	return 0;
}

static void keep(struct tc_kbuild *kb, const char *a)
{
	ALLOC_GROW(kb->flags, kb->nr_flags + 1, kb->alloc_flags);
	kb->flags[kb->nr_flags++] = xstrdup(a);
}

static void drop(struct tc_kbuild *kb, const char *a)
{
	ALLOC_GROW(kb->dropped, kb->nr_dropped + 1, kb->alloc_dropped);
	kb->dropped[kb->nr_dropped++] = xstrdup(a);
}

/* Options that take the next argument as their value. */
static int takes_value(const char *a)
{
	static const char *const v[] = { "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
					 "-I", "-D", "-U", "-MF", "-MT", "-MQ", "-o", "-x" };

	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (!strcmp(a, v[i]))
			return 1;
	return 0;
}

/*
 * Drop the flags the linked libclang does not take: the front end parses
 * an empty unit with them and names the ones it complained about.
 */
void tc_kbuild_probe(struct tc_kbuild *kb)
{
	const char **flags = xcalloc(kb->nr_flags + 1, sizeof(*flags));
	unsigned char *value = xcalloc(kb->nr_flags + 1, 1);
	unsigned char *bad = xcalloc(kb->nr_flags + 1, 1);

	for (size_t i = 0; i < kb->nr_flags; i++) {
		flags[i] = kb->flags[i];
		value[i] = i > 0 && takes_value(kb->flags[i - 1]);
	}
	tc_frontend_rejected_flags(flags, value, kb->nr_flags, bad);
	size_t o = 0;
	for (size_t i = 0; i < kb->nr_flags; i++) {
		if (bad[i]) {
			drop(kb, kb->flags[i]);
			free(kb->flags[i]);
		} else {
			kb->flags[o++] = kb->flags[i];
		}
	}
	kb->nr_flags = o;
	free(bad);
	free(value);
	free(flags);
}

static void push(char ***v, size_t *nr, size_t *alloc, char *s)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = s;
}

/* The compiler's long options (clang's --target= among them), and sparse's. */
static int compiler_long_option(const char *a)
{
	static const char *const v[] = { "--target=", "--param",  "--sysroot",	  "--gcc-toolchain=",
					 "--std=",    "--include", "--driver-mode=", "--coverage",
					 "--arch=",   "--os=" };

	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (starts_with(a, v[i]))
			return 1;
	return 0;
}

int tc_kbuild_parse(int argc, char **argv, int own_options, struct tc_kbuild *kb)
{
	memset(kb, 0, sizeof(*kb));
	kb->c_file = argv[argc - 1];
	kb->chain = getenv("TRACECHECK_CHAIN") && *getenv("TRACECHECK_CHAIN")
			    ? getenv("TRACECHECK_CHAIN")
			    : NULL;
	for (int i = 1; i < argc - 1; i++) {
		const char *a = argv[i];
		int own = !own_options || compiler_long_option(a)
				  ? 0
				  : tc_cmdline_option_words(argc - 1, argv, i);
		if (own) {
			/* CHECK="tracecheck --disable R", CHECKFLAGS, CF: tracecheck's own */
			while (own--)
				push(&kb->opts, &kb->nr_opts, &kb->alloc_opts, argv[i++]);
			i--;
			continue;
		}
		if (strcmp(a, "--fatal") && !starts_with(a, "--chain="))
			push(&kb->rest, &kb->nr_rest, &kb->alloc_rest, argv[i]);
		if (!strcmp(a, "--fatal")) {
			kb->fatal = 1;
		} else if (starts_with(a, "--chain=")) {
			kb->chain = a + 8;
		} else if (own_options && starts_with(a, "--") && !compiler_long_option(a)) {
			error("%s: unknown option '%s': neither tracecheck's nor the compiler's "
			      "(tracecheck --help lists tracecheck's)",
			      kb->c_file, a);
			return -2;
		} else if (starts_with(a, "-fdiagnostic-prefix")) {
			kb->prefix = a[19] == '=' ? a + 20 : "tracecheck";
		} else if (starts_with(a, "-Wp,")) {
			/* -Wp,-MMD,dep: libclang would write the build's dependency file */
			if (starts_with(a, "-Wp,-D") || starts_with(a, "-Wp,-U"))
				keep(kb, a + 4);
			else
				drop(kb, a);
		} else if (starts_with(a, "-W")) {
			drop(kb, a); /* warnings are not tracecheck's business; -Werror least of all */
		} else if (!strcmp(a, "-MD") || !strcmp(a, "-MMD") || !strcmp(a, "-MP") ||
			   !strcmp(a, "-M") || !strcmp(a, "-MM") || !strcmp(a, "-MG")) {
			drop(kb, a);
		} else if (!strcmp(a, "-MF") || !strcmp(a, "-MT") || !strcmp(a, "-MQ") ||
			   !strcmp(a, "-o")) {
			drop(kb, a);
			if (i + 1 < argc - 1) {
				drop(kb, argv[++i]);
				push(&kb->rest, &kb->nr_rest, &kb->alloc_rest, argv[i]);
			}
		} else if (starts_with(a, "--arch=") || !strcmp(a, "-mlittle-endian") ||
			   !strcmp(a, "-mbig-endian") || !strcmp(a, "-c")) {
			drop(kb, a); /* sparse's, or not for a parse */
		} else if (!strcmp(a, "-D__CHECKER__") || starts_with(a, "-D__CHECKER__=")) {
			drop(kb, a); /* sparse's; clang cannot parse the kernel under it */
		} else if (takes_value(a) && i + 1 < argc - 1) {
			keep(kb, a);
			keep(kb, argv[++i]);
			push(&kb->rest, &kb->nr_rest, &kb->alloc_rest, argv[i]);
		} else {
			keep(kb, a);
		}
	}
	push(&kb->rest, &kb->nr_rest, &kb->alloc_rest, argv[argc - 1]);
	if (!is_file(kb->c_file)) {
		error("%s: no such file", kb->c_file);
		return -1;
	}
	return 0;
}

/* Resolve an #include name as the compiler would. */
static char *resolve(const struct tc_kbuild *kb, const char *name, int quoted)
{
	if (quoted) {
		char *dir = dir_name(kb->c_file);
		char *p = xasprintf("%s/%s", dir, name);
		free(dir);
		if (is_file(p))
			return p;
		free(p);
	}
	for (size_t i = 0; i < kb->nr_flags; i++) {
		const char *d = NULL;
		if (!strcmp(kb->flags[i], "-I") && i + 1 < kb->nr_flags)
			d = kb->flags[i + 1];
		else if (starts_with(kb->flags[i], "-I") && kb->flags[i][2])
			d = kb->flags[i] + 2;
		if (!d)
			continue;
		char *p = xasprintf("%s/%s", d, name);
		if (is_file(p))
			return p;
		free(p);
	}
	return NULL;
}

struct headers_ctx {
	const struct tc_kbuild *kb;
	char **v;
	size_t nr, alloc;
};

static int add_header(const char *define, const char *line, const char *name, size_t n,
		      int quoted, void *vctx)
{
	struct headers_ctx *c = vctx;
	char *nm = xstrndup(name, n);
	char *path = resolve(c->kb, nm, quoted);
	char *htext = path ? read_file(path, NULL) : NULL;

	(void)define;
	(void)line;
	if (htext && tc_is_trace_header_text(htext)) {
		ALLOC_GROW(c->v, c->nr + 1, c->alloc);
		c->v[c->nr++] = path;
		path = NULL;
	}
	free(htext);
	free(path);
	free(nm);
	return 0;
}

size_t tc_kbuild_headers(const struct tc_kbuild *kb, char ***out)
{
	char *text = read_file(kb->c_file, NULL);
	struct headers_ctx c = { kb, NULL, 0, 0 };

	if (text)
		tc_for_each_ctp_include(text, add_header, &c);
	free(text);
	*out = c.v;
	return c.nr;
}

void tc_kbuild_release(struct tc_kbuild *kb)
{
	for (size_t i = 0; i < kb->nr_flags; i++)
		free(kb->flags[i]);
	free(kb->flags);
	for (size_t i = 0; i < kb->nr_dropped; i++)
		free(kb->dropped[i]);
	free(kb->dropped);
	free(kb->opts);
	free(kb->rest);
	memset(kb, 0, sizeof(*kb));
}

/* ---- a .c named on the command line, outside kbuild ---- */

struct c_headers {
	struct tc_kbuild kb; /* its path, and the -I directories to resolve in */
	const char *text;    /* the .c's */
	char **v;
	size_t nr, alloc;
	int includes;	/* #include lines after CREATE_TRACE_POINTS */
	int missing;	/* of them not found: said (the first) */
};

static int c_header(const char *define, const char *line, const char *name, size_t n,
		    int quoted, void *vctx)
{
	struct c_headers *c = vctx;
	char *nm = xstrndup(name, n);
	char *path = resolve(&c->kb, nm, quoted);
	char *htext = path ? read_file(path, NULL) : NULL;

	(void)define;
	c->includes++;
	if (!path && !c->missing++) {
		unsigned l = 1;
		for (const char *p = c->text; p < line; p++)
			l += *p == '\n';
		error_at(c->kb.c_file, l, (unsigned)(name - line),
			 "cannot find %c%s%c, which it includes after #define CREATE_TRACE_POINTS: "
			 "not beside it, nor in its kernel tree's include directories; check the "
			 "header by its path",
			 quoted ? '"' : '<', nm, quoted ? '"' : '>');
	} else if (htext && tc_is_trace_header_text(htext)) {
		ALLOC_GROW(c->v, c->nr + 1, c->alloc);
		/* in the tree the current directory is: as a path below it */
		c->v[c->nr++] = xstrdup(path + (starts_with(path, "./") ? 2 : 0));
	}
	free(htext);
	free(path);
	free(nm);
	return 0;
}

int tc_c_file_headers(const char *c_path, const char *const *cflags, size_t nr_cflags,
		      const char *tree, char ***out)
{
	struct c_headers c = { 0 };
	char *text = read_file(c_path, NULL);
	char *root = tree ? xstrdup(tree) : tc_find_kernel_tree(c_path);

	*out = NULL;
	if (!text) {
		free(root);
		return error("%s: %s", c_path, strerror(errno));
	}
	c.kb.c_file = c_path;
	c.text = text;
	for (size_t i = 0; i < nr_cflags; i++)
		if (starts_with(cflags[i], "-I") && cflags[i][2])
			keep(&c.kb, cflags[i]);
	if (root) {
		/* the tree's include/, and its architecture's: the .c's, else x86's */
		char *abs = absolute_path(c_path), *arch = xasprintf("%s/arch/", root);
		const char *a = starts_with(abs, arch) ? abs + strlen(arch) : "x86/";
		char *inc = xasprintf("-I%s/include", root);
		keep(&c.kb, inc);
		free(inc);
		inc = xasprintf("-I%s/arch/%.*s/include", root, (int)strcspn(a, "/"), a);
		keep(&c.kb, inc);
		free(inc);
		free(arch);
		free(abs);
	}
	tc_for_each_ctp_include(text, c_header, &c);
	int rc = (int)c.nr;
	if (c.missing) {
		rc = -1;
	} else if (!c.includes) {
		rc = error("%s: a .c file that instantiates no trace header (no #include after "
			   "#define CREATE_TRACE_POINTS): check the trace headers it includes by "
			   "their paths, or the headers of every .c as the kernel builds them, "
			   "with make C=1 CHECK=tracecheck",
			   c_path);
	} else if (!c.nr) {
		rc = error("%s: what it includes after #define CREATE_TRACE_POINTS is no trace "
			   "header (no TRACE_EVENT() or the like, no <trace/define_trace.h>)",
			   c_path);
	}
	if (rc < 0) {
		for (size_t i = 0; i < c.nr; i++)
			free(c.v[i]);
		free(c.v);
	} else {
		*out = c.v;
	}
	tc_kbuild_release(&c.kb);
	free(root);
	free(text);
	return rc;
}

int tc_expand_c_files(struct cmdline *cl)
{
	const char **files = NULL;
	size_t nr = 0, alloc = 0;
	int bad = 0;

	for (size_t i = 0; i < cl->nr_files; i++) {
		const char *f = cl->files[i];
		char **hs;
		if (!ends_with(f, ".c") || !is_file(f)) {
			tc_strv_push(&files, &nr, &alloc, f);
			continue;
		}
		int n = tc_c_file_headers(f, cl->cflags, cl->nr_cflags, cl->kernel_tree, &hs);
		if (n < 0) {
			bad = 1;
			continue;
		}
		struct strbuf names = STRBUF_INIT;
		for (int k = 0; k < n; k++) {
			tc_strv_push(&files, &nr, &alloc, tc_cmdline_own(cl, hs[k]));
			strbuf_addf(&names, "%s%s", k ? ", " : "", hs[k]);
		}
		if (!cl->quiet)
			advise("%s: checking the trace header%s it instantiates: %s", f,
			       n == 1 ? "" : "s", strbuf_str(&names));
		strbuf_release(&names);
		free(hs);
	}
	free(cl->files);
	cl->files = files;
	cl->nr_files = nr;
	cl->alloc_files = alloc;
	return bad ? -1 : 0;
}
