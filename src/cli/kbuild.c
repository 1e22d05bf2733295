// SPDX-License-Identifier: MIT
#include "kbuild.h"

#include <stdlib.h>
#include <string.h>

#include "discover.h"
#include "frontend.h"
#include "instantiator.h"
#include "options.h"
#include "strbuf.h"
#include "util.h"

int tc_kbuild_is_check_argv(int argc, char **argv)
{
	return argc > 1 && ends_with(argv[argc - 1], ".c") && argv[argc - 1][0] != '-';
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
