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
#include <sys/stat.h>

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
	const char *includer_name;
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

/*
 * How the directive at off of the includer is written: '<' or '"' for a
 * literal name, 'c' for a computed one, 0 for no #include; *next for
 * #include_next.
 */
static int directive_kind(const struct search *s, unsigned off, int *next)
{
	const char *p, *bol, *end = s->text + s->len;

	*next = 0;
	if (!s->text || off > s->len)
		return 0;
	for (bol = s->text + off; bol > s->text && bol[-1] != '\n'; bol--)
		;
	p = bol;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end || *p != '#')
		return 0;
	p++;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	size_t rest = (size_t)(end - p);
	if (rest >= 12 && !strncmp(p, "include_next", 12)) {
		*next = 1;
		p += 12;
	} else if (rest >= 7 && !strncmp(p, "include", 7)) {
		p += 7;
	} else if (rest >= 6 && !strncmp(p, "import", 6)) {
		p += 6;
	} else {
		return 0;
	}
	if (p < end && *p != ' ' && *p != '\t' && *p != '<' && *p != '"')
		return 0; /* #includes, #include_nextX */
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p < end && (*p == '<' || *p == '"'))
		return *p;
	return 'c';
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

/* The names of search s, for the include of name (kind '<' or '"') found at want (or NULL). */
static void look_up(struct search *s, const char *name, int kind, int next, const char *want)
{
	char **cand;
	size_t nr, i;

	if (name[0] == '/') {
		if (!want)
			tc_deps_passed_over(name);
		return;
	}
	nr = candidates(s, name, kind, next, &cand);
	for (i = 0; i < nr; i++) {
		if (want && !strcmp(cand[i], want))
			break; /* the file found: a dependency of its own */
		if (!tc_deps_passed_over(cand[i]))
			continue;
		if (!want) {
			/*
			 * Not entered (a header read before, its guard set; a
			 * branch not taken): what a look-up finds now.  One
			 * made since the run began may not be what it found.
			 */
			struct stat st;
			if (stat(cand[i], &st) || tc_deps_racy(&st))
				tc_deps_spoil("an #include names a file made during the run");
			tc_deps_probe(cand[i]);
			break;
		}
		if (!next) {
			/* a file that opens there: it appeared since, or the search is not clang's */
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

/*
 * Which file: libclang's unique ID (device, inode, mtime), then the name.
 * The ID alone does not tell files apart that are not on the disk: the
 * unit and every file --patch adds are libclang's "virtual" files, whose
 * IDs are all the same (0, 0, 0), so a new header would be taken for the
 * unit and its #includes never looked at.
 */
struct fid {
	CXFileUniqueID id;
	char *name;
};

static void fid_of(CXFile f, struct fid *out)
{
	memset(&out->id, 0, sizeof(out->id));
	if (clang_getFileUniqueID(f, &out->id))
		memset(&out->id, 0, sizeof(out->id));
	out->name = tc_cx_str(clang_getFileName(f)); /* "" if it has none */
}

static int fid_cmp(const struct fid *x, const struct fid *y)
{
	int c = memcmp(&x->id, &y->id, sizeof(x->id));

	return c ? c : strcmp(x->name, y->name);
}

/* A file libclang read. */
struct read {
	struct fid fid;
	CXFile file;
};

/* An #include clang entered: the file it found, at a line of its includer. */
struct entered {
	struct fid by;
	unsigned line;
	CXFile file;
};

struct files {
	struct read *v;
	size_t nr, alloc;
	struct entered *in;
	size_t nr_in, alloc_in;
};

static void collect(CXFile f, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct files *fs = data;
	CXFile by = NULL;
	unsigned line = 0;

	ALLOC_GROW(fs->v, fs->nr + 1, fs->alloc);
	fs->v[fs->nr].file = f;
	fid_of(f, &fs->v[fs->nr++].fid);
	if (!n)
		return;
	clang_getFileLocation(stack[0], &by, &line, NULL, NULL);
	if (!by)
		return; /* -include: the command line's */
	ALLOC_GROW(fs->in, fs->nr_in + 1, fs->alloc_in);
	struct entered *e = &fs->in[fs->nr_in++];
	fid_of(by, &e->by);
	e->line = line;
	e->file = f;
}

static int by_id(const void *a, const void *b)
{
	return fid_cmp(&((const struct read *)a)->fid, &((const struct read *)b)->fid);
}

static int by_site(const void *a, const void *b)
{
	const struct entered *x = a, *y = b;
	int c = fid_cmp(&x->by, &y->by);

	return c ? c : x->line < y->line ? -1 : x->line > y->line;
}

/* Each file once (a header read again and again by the stages is one file). */
static void unique_files(struct files *fs)
{
	size_t o = 0;

	if (fs->nr)
		QSORT(fs->v, fs->nr, by_id);
	for (size_t i = 0; i < fs->nr; i++) {
		if (!o || by_id(&fs->v[o - 1], &fs->v[i]))
			fs->v[o++] = fs->v[i];
		else
			free(fs->v[i].fid.name);
	}
	fs->nr = o;
	if (fs->nr_in)
		QSORT(fs->in, fs->nr_in, by_site);
}

static void files_release(struct files *fs)
{
	for (size_t i = 0; i < fs->nr; i++)
		free(fs->v[i].fid.name);
	for (size_t i = 0; i < fs->nr_in; i++)
		free(fs->in[i].by.name);
	free(fs->v);
	free(fs->in);
}

/* What the #include at line of the file by entered, or NULL. */
static CXFile entered_at(const struct files *fs, const struct fid *by, unsigned line)
{
	struct entered key = { *by, line, NULL };
	const struct entered *e = BSEARCH(&key, fs->in, fs->nr_in, by_site);

	return e ? e->file : NULL;
}

/* For the directives whose name is computed: what libclang's cursors say. */
static enum CXVisitorResult computed(void *ctx, CXCursor c, CXSourceRange range)
{
	struct search *s = ctx;
	unsigned off = 0;
	int next;

	clang_getFileLocation(clang_getRangeStart(range), NULL, NULL, NULL, &off);
	int kind = directive_kind(s, off, &next);
	if (kind != 'c')
		return CXVisit_Continue; /* a literal name: read from the text */
	char *name = tc_cx_str(clang_getCursorSpelling(c));
	CXFile f = clang_getIncludedFile(c);
	char *fname = f ? tc_cx_str(clang_getFileName(f)) : NULL;
	char *want = fname ? absolute_path(fname) : NULL;
	if (name && *name)
		look_up(s, name, '"', next, want);
	free(want);
	free(fname);
	free(name);
	return CXVisit_Continue;
}

/*
 * The #include lines of the includer's text, each looked up as clang
 * looks it up.  A name a macro makes is read from libclang's cursors.
 */
static void directives(struct search *s, const struct files *fs, const struct read *r)
{
	int any_computed = 0;
	unsigned line = 1;

	for (const char *l = s->text, *end = s->text + s->len; l < end; line++) {
		const char *eol = memchr(l, '\n', (size_t)(end - l));
		if (!eol)
			eol = end;
		const char *p = l;
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p < eol && *p == '#') {
			int next;
			int kind = directive_kind(s, (unsigned)(p - s->text), &next);
			if (kind == 'c') {
				any_computed = 1;
			} else if (kind) {
				const char *q = memchr(p, kind, (size_t)(eol - p));
				char close = kind == '<' ? '>' : '"';
				const char *e = q ? memchr(q + 1, close, (size_t)(eol - q - 1)) : NULL;
				if (e && e > q + 1) {
					char *name = xstrndup(q + 1, (size_t)(e - q - 1));
					CXFile in = entered_at(fs, &r->fid, line);
					char *fname = in ? tc_cx_str(clang_getFileName(in)) : NULL;
					char *want = fname ? absolute_path(fname) : NULL;
					look_up(s, name, kind, next, want);
					free(want);
					free(fname);
					free(name);
				}
			}
		}
		l = eol + 1;
	}
	if (any_computed)
		clang_findIncludesInFile(s->tu, r->file, (CXCursorAndRangeVisitor){ s, computed });
}

/* The text of f as parsed: from the disk when it has not changed since the start, recorded. */
static const char *parsed_text(CXTranslationUnit tu, CXFile f, const char *path, size_t *len,
			       char **own)
{
	struct stat st;

	*own = NULL;
	if (!stat(path, &st) && !tc_deps_racy(&st)) {
		/* unchanged since before the parse: what is there is what was read */
		*own = read_file(path, len);
		if (*own)
			return *own;
	}
	const char *text = clang_getFileContents(tu, f, len);
	if (text)
		tc_deps_file(path, text, *len);
	else
		tc_deps_spoil("libclang kept no text of a file it read");
	return text;
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
		CXFile f = fs.v[i].file;
		size_t size = 0;
		char *own = NULL;
		if (pch && tc_pch_has_file(pch, f))
			continue; /* the PCH's: its dependencies are imported */
		s.includer = f;
		s.includer_name = fs.v[i].fid.name;
		if (!*s.includer_name) {
			tc_deps_spoil("libclang read a file without a name");
			continue;
		}
		/* the unit itself is made here, from the key's inputs: no dependency */
		if (strcmp(s.includer_name, tu_name))
			s.text = parsed_text(tu, f, s.includer_name, &size, &own);
		else
			s.text = clang_getFileContents(tu, f, &size);
		s.len = size;
		if (s.text) {
			directives(&s, &fs, &fs.v[i]);
			if (memmem(s.text, s.len, "__has_include", 13))
				has_include(&s);
		}
		free(own);
	}
	files_release(&fs);
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
