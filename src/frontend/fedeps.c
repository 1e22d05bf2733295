// SPDX-License-Identifier: MIT
/*
 * What a unit libclang parsed depends on, for the persistent cache
 * (deps.h): every file it read, with the bytes it parsed (not the file
 * as it is after the parse), and every place an #include looked in
 * before the file it found, or in vain -- so that a header that comes to
 * shadow an include along the search path, one that appears where none
 * was found, or one that becomes readable again changes the answer.
 *
 * The search is clang's (GCC's): a quoted name in the includer's own
 * directory, then the -iquote directories; then, for both, the -I
 * directories, -isystem, -idirafter, in command-line order; #include_next
 * from after the directory the includer was found in.  A candidate the
 * model says was passed over must be no file that opens: if one is
 * (it appeared during the parse, or the model is wrong), the result is
 * not kept.
 */
#include <clang-c/Index.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

enum { D_QUOTE, D_ANGLED, D_AFTER };

/* define_trace.h, whose computed __has_include() waits for tc_fe_record_rereads() */
static char *pending;

struct sdir {
	char *path; /* absolute, normalised */
	int kind;
};

struct search {
	CXTranslationUnit tu;
	const char *tu_name;
	struct sdir *v;
	size_t nr, alloc;
	CXFile includer;
	char *includer_name;
	const char *text; /* the includer's contents */
	size_t len;
};

static void add_dir(struct search *s, const char *d, int kind)
{
	char *abs = absolute_path(d);

	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->v[i].path, abs) && s->v[i].kind != D_QUOTE) {
			free(abs); /* clang keeps the first */
			return;
		}
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	s->v[s->nr++] = (struct sdir){ abs, kind };
}

/* The directory of an option (-IDIR or -I DIR), or NULL. */
static const char *opt_dir(const char *const *argv, size_t n, size_t *i, const char *opt)
{
	size_t l = strlen(opt);
	const char *a = argv[*i];

	if (strncmp(a, opt, l))
		return NULL;
	if (a[l])
		return a + l;
	if (*i + 1 < n)
		return argv[++*i];
	return NULL;
}

static void read_search_path(struct search *s, const char *const *argv, size_t n)
{
	/* clang's order: -iquote; then -I with -isystem after them; then -idirafter */
	for (int pass = 0; pass < 4; pass++) {
		for (size_t i = 0; i < n; i++) {
			const char *d;
			if ((d = opt_dir(argv, n, &i, "-iquote"))) {
				if (pass == 0)
					add_dir(s, d, D_QUOTE);
			} else if ((d = opt_dir(argv, n, &i, "-isystem"))) {
				if (pass == 2)
					add_dir(s, d, D_ANGLED);
			} else if ((d = opt_dir(argv, n, &i, "-idirafter"))) {
				if (pass == 3)
					add_dir(s, d, D_AFTER);
			} else if (!strcmp(argv[i], "-include") || !strcmp(argv[i], "-imacros") ||
				   !strcmp(argv[i], "-D") || !strcmp(argv[i], "-U") ||
				   !strcmp(argv[i], "-x") || !strcmp(argv[i], "-o")) {
				i++; /* its argument is no directory */
			} else if ((d = opt_dir(argv, n, &i, "-I"))) {
				if (pass == 1)
					add_dir(s, d, D_ANGLED);
			}
		}
	}
}

/* How the directive at off of the includer is written: *next for #include_next. */
static int directive_kind(const struct search *s, unsigned off, int *next)
{
	const char *p, *bol;

	*next = 0;
	if (!s->text || off > s->len)
		return '"';
	for (bol = s->text + off; bol > s->text && bol[-1] != '\n'; bol--)
		;
	p = bol;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p != '#')
		return '"';
	p++;
	while (*p == ' ' || *p == '\t')
		p++;
	if (starts_with(p, "include_next"))
		*next = 1;
	while (*p && *p != ' ' && *p != '\t' && *p != '<' && *p != '"' && *p != '\n')
		p++;
	while (*p == ' ' || *p == '\t')
		p++;
	/* a computed name: quoted is the wider search */
	return *p == '<' ? '<' : '"';
}

/* Is path (normalised) below dir? */
static int under(const char *path, const char *dir)
{
	size_t l = strlen(dir);

	return !strncmp(path, dir, l) && path[l] == '/';
}

/* The places name is looked for, in order (malloced, absolute). */
static size_t candidates(const struct search *s, const char *name, int kind, int next,
			 char ***out)
{
	char **v = NULL;
	size_t nr = 0, alloc = 0, from = 0;

	if (next) {
		/* after the directory the includer was found in */
		char *inc = absolute_path(s->includer_name);
		for (size_t i = 0; i < s->nr; i++)
			if (under(inc, s->v[i].path)) {
				from = i + 1;
				break;
			}
		free(inc);
	} else if (kind == '"') {
		char *d = dir_name(s->includer_name);
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = xasprintf("%s/%s", d, name);
		free(d);
	}
	for (size_t i = from; i < s->nr; i++) {
		if (kind == '<' && s->v[i].kind == D_QUOTE)
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = xasprintf("%s/%s", s->v[i].path, name);
	}
	for (size_t i = 0; i < nr; i++) {
		char *a = absolute_path(v[i]);
		free(v[i]);
		v[i] = a;
	}
	*out = v;
	return nr;
}

static void look_up(struct search *s, const char *name, CXFile found, unsigned off)
{
	char *found_name = found ? tc_cx_str(clang_getFileName(found)) : NULL;
	char *want = found_name ? absolute_path(found_name) : NULL;
	int next, kind = directive_kind(s, off, &next);
	char **cand;
	size_t nr, i;

	free(found_name);
	if (name[0] == '/') {
		if (!found)
			tc_deps_passed_over(name);
		free(want);
		return;
	}
	nr = candidates(s, name, kind, next, &cand);
	for (i = 0; i < nr; i++) {
		if (want && !strcmp(cand[i], want))
			break; /* the file found: a dependency of its own */
		/* a file that opens there: it appeared since, or the search is not clang's */
		if (tc_deps_passed_over(cand[i]) && !next) {
			char *why = xasprintf("%s is a file that an #include passed over", cand[i]);
			tc_deps_spoil(why);
			free(why);
		}
	}
	if (want && i == nr) {
		char *why = xasprintf("%s was found where tracecheck does not model the search",
				      want);
		tc_deps_spoil(why);
		free(why);
	}
	free_strings(cand, nr);
	free(want);
}

static enum CXVisitorResult inclusion(void *ctx, CXCursor c, CXSourceRange range)
{
	struct search *s = ctx;
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	unsigned off = 0;

	clang_getFileLocation(clang_getRangeStart(range), NULL, NULL, NULL, &off);
	if (name && *name)
		look_up(s, name, clang_getIncludedFile(c), off);
	free(name);
	return CXVisit_Continue;
}

/* The literal names of __has_include() in text: a lookup each. */
static void has_include(struct search *s)
{
	static const char key[] = "__has_include";

	for (const char *p = s->text; p && (p = memmem(p, s->len - (size_t)(p - s->text), key,
						       sizeof(key) - 1));
	     p++) {
		const char *q = p + sizeof(key) - 1;
		int next = starts_with(q, "_next");
		q += next ? 5 : 0;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '(')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		char close = *q == '<' ? '>' : *q == '"' ? '"' : 0;
		const char *e = close ? strchr(q + 1, close) : NULL;
		if (!e || memchr(q, '\n', (size_t)(e - q))) {
			if (close)
				continue;
			/* define_trace.h's: what it looked for is known after the parse */
			if (ends_with(s->includer_name, "/trace/define_trace.h") && !pending)
				pending = xstrdup(s->includer_name);
			else if (!pending || strcmp(pending, s->includer_name))
				tc_deps_spoil("a __has_include() of a computed name");
			continue;
		}
		char *name = xstrndup(q + 1, (size_t)(e - q - 1));
		char **cand;
		size_t nr = candidates(s, name, close == '>' ? '<' : '"', next, &cand);
		/* what is there up to the first file: its content stands for its being there */
		for (size_t i = 0; i < nr; i++)
			if (tc_deps_passed_over(cand[i])) {
				tc_deps_file(cand[i], NULL, 0);
				break;
			}
		free_strings(cand, nr);
		free(name);
	}
}

struct files {
	CXFile *v;
	size_t nr, alloc;
};

static void collect(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct files *fs = data;

	(void)stack;
	(void)n;
	ALLOC_GROW(fs->v, fs->nr + 1, fs->alloc);
	fs->v[fs->nr++] = f;
}

static int by_id(const void *a, const void *b)
{
	CXFileUniqueID x, y;

	clang_getFileUniqueID(*(CXFile const *)a, &x);
	clang_getFileUniqueID(*(CXFile const *)b, &y);
	return memcmp(&x, &y, sizeof(x));
}

/* Each file once (a header read again and again by the stages is one file). */
static void unique_files(struct files *fs)
{
	size_t o = 0;

	if (fs->nr)
		qsort(fs->v, fs->nr, sizeof(*fs->v), by_id);
	for (size_t i = 0; i < fs->nr; i++)
		if (!o || by_id(&fs->v[o - 1], &fs->v[i]))
			fs->v[o++] = fs->v[i];
	fs->nr = o;
}

void tc_fe_record_deps(CXTranslationUnit tu, const char *tu_name, const char *const *argv,
		       size_t argc, const struct tc_pch_info *pch)
{
	struct search s = { .tu = tu, .tu_name = tu_name };
	struct files fs = { 0 };

	if (!tu || !tc_deps_recording())
		return;
	read_search_path(&s, argv, argc);
	clang_getInclusions(tu, collect, &fs);
	unique_files(&fs);
	for (size_t i = 0; i < fs.nr; i++) {
		CXFile f = fs.v[i];
		size_t size = 0;
		if (pch && tc_pch_has_file(pch, f))
			continue; /* the PCH's: its dependencies are imported */
		s.includer = f;
		s.includer_name = tc_cx_str(clang_getFileName(f));
		s.text = clang_getFileContents(tu, f, &size);
		s.len = size;
		/* what was parsed (the unit itself is made here, from the key's inputs) */
		if (s.includer_name && strcmp(s.includer_name, tu_name)) {
			if (s.text)
				tc_deps_file(s.includer_name, s.text, size);
			else
				tc_deps_spoil("libclang kept no text of a file it read");
		}
		clang_findIncludesInFile(tu, f, (CXCursorAndRangeVisitor){ &s, inclusion });
		if (s.text && memmem(s.text, s.len, "__has_include", 13))
			has_include(&s);
		free(s.includer_name);
	}
	free(fs.v);
	for (size_t i = 0; i < s.nr; i++)
		free(s.v[i].path);
	free(s.v);
}

void tc_fe_record_rereads(const struct tc_tu *t, const char *const *argv, size_t argc)
{
	struct search s = { .tu = t->tu };

	if (!pending)
		return;
	if (tc_deps_recording()) {
		read_search_path(&s, argv, argc);
		s.includer_name = pending;
		for (size_t i = 0; i < t->nr_rereads; i++) {
			const char *n = t->rereads[i];
			size_t l = strlen(n);
			if (l < 3 || (n[0] != '"' && n[0] != '<')) {
				tc_deps_spoil("define_trace.h looked for a name tracecheck cannot read");
				continue;
			}
			char *name = xstrndup(n + 1, l - 2), **cand;
			size_t nr = candidates(&s, name, n[0], 0, &cand);
			for (size_t k = 0; k < nr; k++)
				if (tc_deps_passed_over(cand[k])) {
					tc_deps_file(cand[k], NULL, 0);
					break;
				}
			free_strings(cand, nr);
			free(name);
		}
		if (!t->nr_rereads)
			tc_deps_spoil("define_trace.h's look-up is unknown");
		for (size_t i = 0; i < s.nr; i++)
			free(s.v[i].path);
		free(s.v);
	}
	free(pending);
	pending = NULL;
}
