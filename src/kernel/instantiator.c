// SPDX-License-Identifier: MIT
#include "instantiator.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "ctok.h"
#include "deps.h"
#include "fskeys.h"
#include "overlay.h"
#include "strbuf.h"
#include "tpindex.h"
#include "util.h"

static int is_directive(const char *bol, const char *name)
{
	return tc_directive(bol, name) != NULL;
}

/* Is line (at bol) "#include <...base>" or "#include "...base""? */
static int includes(const char *bol, const char *base)
{
	const char *eol = strchrnul(bol, '\n');

	if (!is_directive(bol, "include"))
		return 0;
	for (const char *b = bol; (b = strstr(b, base)) && b < eol; b++)
		if ((b[strlen(base)] == '"' || b[strlen(base)] == '>') &&
		    (b[-1] == '/' || b[-1] == '"' || b[-1] == '<'))
			return 1;
	return 0;
}

/* The name of the #include line at l ("x.h" or <x.h>), its length and form; NULL if none. */
static const char *include_name(const char *l, size_t *n, int *quoted)
{
	const char *eol = strchrnul(l, '\n'), *q, *e;
	char close;

	if (!is_directive(l, "include"))
		return NULL;
	q = strstr(l, "include") + 7;
	while (*q == ' ' || *q == '\t')
		q++;
	close = *q == '"' ? '"' : *q == '<' ? '>' : 0;
	e = close && q < eol ? memchr(q + 1, close, (size_t)(eol - q - 1)) : NULL;
	if (!e)
		return NULL;
	*n = (size_t)(e - q - 1);
	*quoted = close == '"';
	return q + 1;
}

int tc_for_each_ctp_include(const char *text, tc_ctp_include_fn fn, void *ctx)
{
	for (const char *p = strstr(text, "CREATE_TRACE_POINTS"); p;
	     p = strstr(p + 1, "CREATE_TRACE_POINTS")) {
		const char *bol = p;
		while (bol > text && bol[-1] != '\n')
			bol--;
		if (!is_directive(bol, "define"))
			continue;
		for (const char *l = strchrnul(p, '\n'); *l; l = strchrnul(l, '\n')) {
			l++;
			const char *eol = strchrnul(l, '\n');
			if (is_directive(l, "undef") &&
			    memmem(l, (size_t)(eol - l), "CREATE_TRACE_POINTS", 19))
				break;
			size_t n;
			int quoted;
			const char *name = include_name(l, &n, &quoted);
			if (!name)
				continue;
			int r = fn(bol, l, name, n, quoted, ctx);
			if (r)
				return r;
		}
	}
	return 0;
}

struct ctp_find {
	const char *header; /* absolute path of the header looked for */
	const char *cdir, *root; /* the .c's directory; the tree (or NULL) */
	const char *define, *last_define;
	struct strbuf *between;
	const char *cpath; /* the .c, when known: its Makefile's -I directories count */
	/*
	 * Reached through a header the .c includes after the define
	 * (x.c: CREATE_TRACE_POINTS, "internal.h", which includes
	 * <trace/events/x.h>): the text of each header of the chain before
	 * its #include of the next, which is the header's context too.
	 */
	struct strbuf *via;
};


/*
 * Does "#include NAME" in a .c of c->cdir read c->header?  The base
 * names must agree; where NAME resolves to an existing file beside the
 * .c (quoted form) or in the tree's include directories, that file must
 * be the header: io_uring.c includes its own "net.h" after
 * CREATE_TRACE_POINTS, which is not include/trace/events/net.h.  A name
 * found in neither place is left to the Makefile's -I and trusted.
 */
static int names_header(const struct ctp_find *c, const char *name, size_t n, int quoted)
{
	const char *base = strrchr(c->header, '/');
	size_t bl;
	int verdict = -1;

	base = base ? base + 1 : c->header;
	bl = strlen(base);
	if (n < bl || strncmp(name + n - bl, base, bl) || (n > bl && name[n - bl - 1] != '/'))
		return 0;
	char *nm = xstrndup(name, n);
	/*
	 * Every include directory D reads D/NAME: the header's path ends
	 * with the whole NAME ("asm/trace.h" is no fs/nfsd/trace.h).
	 */
	size_t hl = strlen(c->header);
	if (n > bl && !strstr(nm, "./") &&
	    (hl <= n || c->header[hl - n - 1] != '/' || strcmp(c->header + hl - n, nm))) {
		free(nm);
		return 0;
	}
	/* a .c of arch/A/ reads arch/A/include/ first (powerpc's irq.c: <asm/trace.h>) */
	const char *below = c->root ? path_below(c->cdir, c->root) : NULL;
	char *arch = below && starts_with(below, "arch/") && strchr(below + 5, '/')
			     ? xstrndup(below, (size_t)(strchr(below + 5, '/') - below))
			     : NULL;
	char *cands[4] = { quoted ? xasprintf("%s/%s", c->cdir, nm) : NULL,
			   arch ? xasprintf("%s/%s/include/%s", c->root, arch, nm) : NULL,
			   c->root ? xasprintf("%s/include/%s", c->root, nm) : NULL,
			   c->root ? xasprintf("%s/arch/x86/include/%s", c->root, nm) : NULL };
	free(arch);
	for (size_t i = 0; i < ARRAY_SIZE(cands); i++) {
		if (verdict < 0 && cands[i] && tc_deps_is_file(cands[i]))
			verdict = tc_deps_same_file(cands[i], c->header);
		free(cands[i]);
	}
	/*
	 * A header of a global include directory (include/, arch/A/include/)
	 * is read by its name below it: no Makefile adds -I
	 * include/trace/events, so atomisp_cmd.c's "irq.h" is not
	 * include/trace/events/irq.h.
	 */
	const char *hrel = verdict < 0 && c->root ? path_below(c->header, c->root) : NULL;
	if (hrel && starts_with(hrel, "arch/") && strchr(hrel + 5, '/') &&
	    starts_with(strchr(hrel + 5, '/'), "/include/"))
		hrel = strchr(hrel + 5, '/') + 1;
	if (hrel && starts_with(hrel, "include/"))
		verdict = !strcmp(hrel + 8, nm);
	/*
	 * Else the -I directories of the .c's Makefile: atomisp_cmd.c's
	 * "irq.h" (after CREATE_TRACE_POINTS) is its
	 * hive_isp_css_include/irq.h, not include/trace/events/irq.h.
	 */
	if (verdict < 0 && c->cpath && c->root) {
		struct tc_instantiator *mk = tc_makefile_context(c->cpath, c->root);
		for (size_t i = 0; i < mk->nr_flags && verdict < 0; i++) {
			if (!starts_with(mk->flags[i], "-I"))
				continue;
			char *cand = xasprintf("%s/%s", mk->flags[i] + 2, nm);
			if (tc_deps_is_file(cand))
				verdict = tc_deps_same_file(cand, c->header);
			free(cand);
		}
		tc_instantiator_free(mk);
	}
	free(nm);
	return verdict != 0;
}

int tc_ctp_names_header(const char *header, const char *c_path, const char *root,
			const char *name, size_t n, int quoted)
{
	char *cdir = dir_name(c_path);
	struct ctp_find c = { header, cdir, root, NULL, NULL, NULL, c_path, NULL };
	int yes = names_header(&c, name, n, quoted);

	free(cdir);
	return yes;
}

/*
 * Where "#include NAME" in a file of dir reads from in the tree, or
 * NULL; *tried (if not NULL): then the path looked for (malloced), or
 * NULL.
 */
static char *resolve_include(const struct ctp_find *c, const char *dir, const char *name,
			     size_t n, int quoted, char **tried)
{
	char *cand = quoted ? xasprintf("%s/%.*s", dir, (int)n, name)
			    : c->root ? xasprintf("%s/include/%.*s", c->root, (int)n, name) : NULL;

	if (tried)
		*tried = NULL;
	if (cand && is_file(cand))
		return cand;
	if (tried)
		*tried = cand;
	else
		free(cand);
	return NULL;
}

/*
 * The #include lines of the files reaches() follows, each with the file
 * it resolves to, read once per process: a header is looked for through
 * the same local headers of every .c of the tree (search_tree()), and
 * tc_instantiator_warm() reads them before the workers fork.  A result
 * that uses one depends on what was read (inc_depend()).
 */
struct inc_line {
	char *name;
	int quoted;
	char *next;   /* resolve_include()'s answer, or NULL */
	char *absent; /* else the path it looked for, or NULL */
};

struct inc_file {
	char *path;
	struct inc_line *v;
	size_t nr;
	int err; /* read_file()'s errno: it could not be read */
	struct stat st; /* before it was read */
	int have_st;
	char hash[33]; /* of its text */
	int overlaid;  /* read from --patch's overlay */
};

static struct {
	char *root;
	struct inc_file *v;
	size_t nr, alloc;
	size_t *slots; /* open addressing: index + 1, 0 empty */
	size_t nr_slots;
} memo;

static void memo_rehash(void)
{
	size_t n = memo.nr_slots ? memo.nr_slots * 2 : 1024;

	free(memo.slots);
	memo.slots = xcalloc(n, sizeof(*memo.slots));
	memo.nr_slots = n;
	for (size_t i = 0; i < memo.nr; i++) {
		size_t k = tc_str_hash(memo.v[i].path) & (n - 1);
		while (memo.slots[k])
			k = (k + 1) & (n - 1);
		memo.slots[k] = i + 1;
	}
}

static void inc_file_release(struct inc_file *f)
{
	for (size_t j = 0; j < f->nr; j++) {
		free(f->v[j].name);
		free(f->v[j].next);
		free(f->v[j].absent);
	}
	free(f->v);
	free(f->path);
}

/*
 * Is f still what its file says?  Only a file --patch's overlay has, now
 * or when f was read, can say otherwise within a run (a worker checks
 * both sides of a patch).
 */
static int memo_holds(const struct inc_file *f)
{
	const char *h;

	if (!tc_overlay_hash(f->path, &h))
		return !f->overlaid;
	if (!h)
		return f->overlaid && f->err;
	return f->overlaid && !f->err && !strcmp(h, f->hash);
}

static void memo_reset(const char *root)
{
	for (size_t i = 0; i < memo.nr; i++)
		inc_file_release(&memo.v[i]);
	free(memo.v);
	free(memo.slots);
	free(memo.root);
	memset(&memo, 0, sizeof(memo));
	memo.root = root ? xstrdup(root) : NULL;
}

/* What a result that used f's #include lines depends on: f's text, the names not found. */
static void inc_depend(const struct inc_file *f)
{
	if (!tc_deps_recording())
		return;
	if (!f->err)
		tc_deps_file_as_read(f->path, f->hash, f->have_st ? &f->st : NULL);
	else if (f->err == ENOENT || f->err == ENOTDIR)
		tc_deps_absent(f->path);
	else
		tc_deps_unreadable(f->path, f->err);
	for (size_t i = 0; i < f->nr; i++)
		if (f->v[i].absent)
			tc_deps_absent(f->v[i].absent);
}

/*
 * The #include lines of path, with where each leads (c->root's tree):
 * memo.v[the index returned] (an index: memo.v moves as it grows).
 */
static size_t includes_of(const struct ctp_find *c, const char *path)
{
	if ((memo.root || c->root) && (!memo.root || !c->root || strcmp(memo.root, c->root)))
		memo_reset(c->root);
	size_t again = (size_t)-1; /* the entry to read again */
	if (memo.nr_slots) {
		size_t k = tc_str_hash(path) & (memo.nr_slots - 1);
		for (; memo.slots[k]; k = (k + 1) & (memo.nr_slots - 1)) {
			struct inc_file *e = &memo.v[memo.slots[k] - 1];
			if (strcmp(e->path, path))
				continue;
			if (memo_holds(e)) {
				inc_depend(e);
				return memo.slots[k] - 1;
			}
			again = memo.slots[k] - 1;
			break;
		}
	}
	const char *otext;
	size_t olen;
	struct inc_file f = { xstrdup(path), NULL, 0, 0, { 0 }, 0, "",
			      tc_overlay_lookup(path, &otext, &olen) };
	size_t alloc = 0, len = 0;

	tc_deps_pause(); /* recorded as for a memo's (inc_depend()) */
	/* stat first: a change after it moves its times */
	f.have_st = !stat(path, &f.st);
	char *text = read_file(path, &len);
	char *dir = dir_name(path);
	if (text)
		tc_hash_hex(text, len, f.hash);
	else
		f.err = errno ? errno : EIO;
	for (const char *l = text; l && *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		size_t n;
		int quoted;
		const char *name = include_name(l, &n, &quoted);
		if (!name)
			continue;
		ALLOC_GROW(f.v, f.nr + 1, alloc);
		struct inc_line *il = &f.v[f.nr++];
		il->name = xstrndup(name, n);
		il->quoted = quoted;
		il->next = resolve_include(c, dir, name, n, quoted, &il->absent);
	}
	tc_deps_resume();
	free(dir);
	free(text);
	inc_depend(&f);
	if (again != (size_t)-1) {
		inc_file_release(&memo.v[again]);
		memo.v[again] = f;
		return again;
	}
	ALLOC_GROW(memo.v, memo.nr + 1, memo.alloc);
	memo.v[memo.nr++] = f;
	if (memo.nr * 2 > memo.nr_slots)
		memo_rehash();
	else {
		size_t k = tc_str_hash(path) & (memo.nr_slots - 1);
		while (memo.slots[k])
			k = (k + 1) & (memo.nr_slots - 1);
		memo.slots[k] = memo.nr;
	}
	return memo.nr - 1;
}

/* The files reaches(c, path, depth) would read, whatever the header: into the memo. */
static void warm_closure(const struct ctp_find *c, const char *path, int depth)
{
	if (depth > 3)
		return;
	size_t f = includes_of(c, path);
	for (size_t i = 0; i < memo.v[f].nr; i++) {
		const char *next = memo.v[f].v[i].next;
		if (next && strcmp(next, path))
			warm_closure(c, next, depth + 1);
	}
}

/*
 * Does the file at path (depth headers below the .c) include c->header,
 * itself or through its own local headers?
 */
static int reaches(const struct ctp_find *c, const char *path, int depth)
{
	size_t f = depth <= 3 ? includes_of(c, path) : (size_t)-1;
	char *dir = dir_name(path);
	struct ctp_find sub = *c;
	int found = 0;

	sub.cdir = dir;
	for (size_t i = 0; f != (size_t)-1 && i < memo.v[f].nr && !found; i++) {
		const struct inc_line *l = &memo.v[f].v[i];
		found = names_header(&sub, l->name, strlen(l->name), l->quoted);
		/* l may move meanwhile: its fields are read before */
		const char *next = l->next;
		found = found || (next && strcmp(next, path) && reaches(c, next, depth + 1));
	}
	free(dir);
	return found;
}

static int ctp_find_one(const char *define, const char *line, const char *name, size_t n,
			int quoted, void *vctx)
{
	struct ctp_find *c = vctx;

	if (define != c->last_define) {
		strbuf_reset(c->between);
		c->last_define = define;
	}
	if (names_header(c, name, n, quoted)) {
		c->define = define;
		return 1;
	}
	/*
	 * The chain is part of the context as the preprocessor reads it:
	 * the header is read once through it, its guard set, before
	 * CREATE_TRACE_POINTS reads it again, as in the kernel's build.
	 */
	char *next = c->via ? resolve_include(c, c->cdir, name, n, quoted, NULL) : NULL;
	int found = next && reaches(c, next, 1);
	if (found) {
		strbuf_addf(c->via, "#include \"%s\"\n", next);
		c->define = define;
	}
	free(next);
	if (found)
		return 1;
	strbuf_addf(c->between, "%.*s\n", (int)(strchrnul(line, '\n') - line), line);
	return 0;
}

/*
 * The offset of the "#define CREATE_TRACE_POINTS" line after which
 * header is included, before any #undef of it.  The other headers
 * included in between (net-traces.c reads sock.h, which defines
 * show_family_name(), before udp.h, which uses it; applespi.c reads
 * applespi.h first) are part of its context: their #include lines go to
 * *between.
 */
static const char *ctp_line(const char *text, const char *path, const char *header,
			    const char *root, struct strbuf *between, struct strbuf *via)
{
	char *cdir = dir_name(path);
	struct ctp_find c = { header, cdir, root, NULL, NULL, between, path, via };

	tc_for_each_ctp_include(text, ctp_find_one, &c);
	free(cdir);
	return c.define;
}

/*
 * The prelude stops inside the conditionals that enclose
 * CREATE_TRACE_POINTS (pcm_lib.c: #ifdef CONFIG_SND_PCM_XRUN_DEBUG):
 * those are the instantiation's own condition, not context.  Blank the
 * #if lines still open at the end, and with them a branch before an
 * #else of theirs, so that the header is read whatever the
 * configuration.
 */
static void open_conditionals_out(char *pre)
{
	struct open {
		char *if_line, *else_end;
	} stack[64];
	int depth = 0;

	for (char *l = pre; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		if (is_directive(l, "if")) { /* #if, #ifdef, #ifndef */
			if (depth < 64)
				stack[depth].if_line = l, stack[depth].else_end = NULL;
			depth++;
		} else if (is_directive(l, "endif")) {
			if (depth > 0)
				depth--;
		} else if ((is_directive(l, "else") || is_directive(l, "elif")) && depth > 0 &&
			   depth <= 64) {
			stack[depth - 1].else_end = strchrnul(l, '\n');
		}
	}
	for (int k = 0; k < depth && k < 64; k++) {
		char *b = stack[k].if_line;
		char *e = stack[k].else_end ? stack[k].else_end : strchrnul(b, '\n');
		for (char *p = b; p < e; p++)
			if (*p != '\n')
				*p = ' ';
	}
}

/*
 * path instantiates header: its context, else NULL.  With a tree root the
 * flags of the Makefile that builds path come with it; without one
 * (kbuild mode, which passes the flags itself) none do.
 */
static char *ctp_text(const char *path);

static struct tc_instantiator *try_file(const char *path, const char *header, const char *root)
{
	char *text = ctp_text(path);
	struct strbuf between = STRBUF_INIT, via = STRBUF_INIT;
	const char *at = text && strstr(text, "CREATE_TRACE_POINTS")
				 ? ctp_line(text, path, header, root, &between, &via)
				 : NULL;
	struct tc_instantiator *in = NULL;

	if (at) {
		in = xcalloc(1, sizeof(*in));
		in->path = xstrdup(path);
		in->prelude = xasprintf("%.*s%s%s", (int)(at - text), text, strbuf_str(&between),
					strbuf_str(&via));
		open_conditionals_out(in->prelude);
	}
	if (at && root) {
		/*
		 * Objects in a directory without a Makefile of its own
		 * (arch/x86/kvm/mmu/mmu.o) are built by the parent's, with
		 * its ccflags-y.
		 */
		char *dir = dir_name(path);
		while (strlen(dir) > strlen(root) && !tc_has_makefile(dir)) {
			char *up = dir_name(dir);
			free(dir);
			dir = up;
		}
		const char *rel = path + strlen(dir) + (path[strlen(dir)] == '/');
		tc_makefile_flags(in, dir, root, rel, 0);
		free(dir);
	}
	strbuf_release(&between);
	strbuf_release(&via);
	free(text);
	return in;
}

struct tc_instantiator *tc_instantiator_of(const char *c_path, const char *header)
{
	return try_file(c_path, header, NULL);
}

static struct tc_instantiator *search_dir(const char *dir, const char *header, const char *root)
{
	char **names;
	size_t nr = list_dir(dir, &names);
	struct tc_instantiator *in = NULL;

	/* deterministic: the first in name order */
	for (size_t i = 0; i < nr && !in; i++) {
		if (!ends_with(names[i], ".c"))
			continue;
		char *path = xasprintf("%s/%s", dir, names[i]);
		in = try_file(path, header, root);
		free(path);
	}
	free_strings(names, nr);
	return in;
}

static void walk(const char *dir, int depth, tc_walk_fn fn, void *ctx)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d || depth > 16) {
		if (d)
			closedir(d);
		return;
	}
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		if (n[0] == '.' || (depth == 0 && (!strcmp(n, "Documentation") ||
						   !strcmp(n, "tools") || !strcmp(n, "scripts"))))
			continue;
		char *path = xasprintf("%s/%s", dir, n);
		/* a link to a directory is not followed (out/source -> .. of make O=out) */
		if (e->d_type == DT_DIR || (e->d_type == DT_UNKNOWN && is_real_dir(path)))
			walk(path, depth + 1, fn, ctx);
		else
			fn(dir, n, path, ctx);
		free(path);
	}
	closedir(d);
}

void tc_walk_sources(const char *root, tc_walk_fn fn, void *ctx)
{
	walk(root, 0, fn, ctx);
}

/*
 * The last resort: every .c of the tree whose text says
 * CREATE_TRACE_POINTS (the tree index's list, in path order), for
 * headers such as rpcgss.h whose instantiator
 * (net/sunrpc/auth_gss/trace.c) no naming rule finds.  The list and
 * the files' texts are read once per process, with what stat() said of
 * each just before (tc_instantiator_warm(), before the workers fork): a
 * result that reads one depends on that text (tc_deps_file_as_read()).
 */
struct ctp_file {
	char *path; /* absolute */
	char *text; /* NULL: it could not be read (err) */
	int err;
	struct stat st;
	int have_st;
	char hash[33];
};

static struct {
	const struct tc_tpindex *ix; /* the index the list is from */
	char *root;
	struct ctp_file *v;
	size_t nr;
} ctp;

/* What a result that read f's text depends on. */
static void ctp_depend(const struct ctp_file *f)
{
	if (f->text)
		tc_deps_file_as_read(f->path, f->hash, f->have_st ? &f->st : NULL);
	else if (f->err == ENOENT || f->err == ENOTDIR)
		tc_deps_absent(f->path);
	else
		tc_deps_unreadable(f->path, f->err);
}

static int cmp_ctp_path(const void *key, const void *elt)
{
	return strcmp(key, ((const struct ctp_file *)elt)->path);
}

/* path's text: from the texts read once when it is one of the list, else read now (malloced). */
static char *ctp_text(const char *path)
{
	const struct ctp_file *f =
		ctp.nr ? BSEARCH(path, ctp.v, ctp.nr, cmp_ctp_path) : NULL;

	if (!f)
		return read_file(path, NULL);
	ctp_depend(f);
	if (!f->text)
		errno = f->err;
	return f->text ? xstrdup(f->text) : NULL;
}

/* What search_tree() reads for any header: read once, shared by the workers. */
static int warm_one(const char *define, const char *line, const char *name, size_t n, int quoted,
		    void *vctx)
{
	const struct ctp_find *c = vctx;
	char *next = resolve_include(c, c->cdir, name, n, quoted, NULL);

	(void)define;
	(void)line;
	if (next) {
		/* reaches(c, next, 1) looks at these, whatever the header */
		warm_closure(c, next, 1);
	}
	free(next);
	return 0;
}

static void ctp_release(void)
{
	for (size_t i = 0; i < ctp.nr; i++) {
		free(ctp.v[i].path);
		free(ctp.v[i].text);
	}
	free(ctp.v);
	free(ctp.root);
	memset(&ctp, 0, sizeof(ctp));
}

/*
 * What try_file() can read of a .c's text (len bytes, malloced): up to
 * the end of its last line that says CREATE_TRACE_POINTS or include --
 * after that there is no define and no #include for
 * tc_for_each_ctp_include() to find, and the prelude ends at a define.
 * The rest goes: every worker forked would carry the whole texts of the
 * tree's CREATE_TRACE_POINTS files (61 MB in 6.12) for a few lines each.
 */
static char *ctp_needed(char *text, size_t len)
{
	static const char *const words[] = { "include", "CREATE_TRACE_POINTS" };
	size_t keep = 0;

	for (size_t k = 0; k < ARRAY_SIZE(words); k++) {
		size_t n = strlen(words[k]);
		for (const char *p = text; (p = memmem(p, len - (size_t)(p - text), words[k], n));
		     p += n) {
			const char *eol = memchr(p, '\n', len - (size_t)(p - text));
			size_t end = eol ? (size_t)(eol - text) + 1 : len;
			if (end > keep)
				keep = end;
		}
	}
	if (keep == len)
		return text;
	char *kept = xstrndup(text, keep);
	free(text);
	return kept;
}

void tc_instantiator_warm(const char *root)
{
	const struct tc_tpindex *ix = tc_tpindex_get(root);
	const char *const *files;

	if (ix == ctp.ix && ctp.root && !strcmp(ctp.root, root))
		return;
	ctp_release();
	ctp.ix = ix;
	ctp.root = xstrdup(root);
	if (!ix)
		return;
	ctp.nr = tc_tpindex_ctp_files(ix, &files);
	ctp.v = xcalloc(ctp.nr + 1, sizeof(*ctp.v));
	tc_deps_pause(); /* each result that reads one records it (ctp_depend()) */
	for (size_t i = 0; i < ctp.nr; i++) {
		struct ctp_file *f = &ctp.v[i];
		size_t len;
		f->path = xasprintf("%s/%s", root, files[i]);
		/* stat first: a change after it moves its times */
		f->have_st = !stat(f->path, &f->st);
		f->text = read_file(f->path, &len);
		f->err = f->text ? 0 : errno;
		if (!f->text)
			continue;
		tc_hash_hex(f->text, len, f->hash);
		char *cdir = dir_name(f->path);
		struct ctp_find c = { "", cdir, root, NULL, NULL, NULL, f->path, NULL };
		tc_for_each_ctp_include(f->text, warm_one, &c);
		free(cdir);
		f->text = ctp_needed(f->text, len);
	}
	tc_deps_resume();
}

static struct tc_instantiator *search_tree(const char *header, const char *root)
{
	struct tc_instantiator *in = NULL;

	tc_instantiator_warm(root);
	/* the files tried, and their order: the index's list (with --patch's files) */
	tc_tpindex_depend_ctp(ctp.ix, root);
	for (size_t i = 0; i < ctp.nr && !in; i++)
		in = try_file(ctp.v[i].path, header, root);
	return in;
}

/*
 * A header of include/trace/events/ (or arch/.../include/) is
 * instantiated somewhere else in the tree; look where its subsystem
 * lives: TOP/NAME and TOP/x/NAME for the tree's top directories, and
 * TOP and TOP/x when NAME is one (block, net).
 */
static struct tc_instantiator *search_subsystem(const char *name, const char *header,
						const char *root)
{
	static const char *const tops[] = { "kernel", "fs",     "mm",	  "net",  "block",
					     "drivers", "sound", "security", "lib", "crypto",
					     "io_uring", "virt", "arch/x86/kvm" };
	struct tc_instantiator *in = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(tops) && !in; i++) {
		char *top = xasprintf("%s/%s", root, tops[i]);
		char *d = xasprintf("%s/%s", top, name);
		if (!strcmp(tops[i], name))
			in = search_dir(top, header, root);
		if (!in && tc_deps_is_dir(d))
			in = search_dir(d, header, root);
		free(d);
		DIR *td = in ? NULL : opendir(top);
		if (td)
			tc_deps_dir(top);
		struct dirent *e;
		char **subs = NULL;
		size_t nr = 0, alloc = 0;
		while (td && (e = readdir(td))) {
			if (e->d_name[0] == '.')
				continue;
			if (e->d_type == DT_LNK) {
				/* passed over as a link: it must stay one */
				char *lp = xasprintf("%s/%s", top, e->d_name);
				tc_deps_probe(lp);
				free(lp);
				continue;
			}
			/* net.h: net/core/net-traces.c, one level below net/ */
			char *sd = !strcmp(tops[i], name) ? xasprintf("%s/%s", top, e->d_name)
							  : xasprintf("%s/%s/%s", top, e->d_name, name);
			if (tc_deps_is_dir(sd)) {
				ALLOC_GROW(subs, nr + 1, alloc);
				subs[nr++] = sd;
			} else {
				free(sd);
			}
		}
		if (td)
			closedir(td);
		sort_strings(subs, nr);
		for (size_t j = 0; j < nr; j++) {
			if (!in)
				in = search_dir(subs[j], header, root);
			free(subs[j]);
		}
		free(subs);
		free(top);
	}
	return in;
}

/* Does text #include a file named base? The offset of that line, or NULL. */
static const char *include_line(const char *text, const char *base)
{
	for (const char *p = strstr(text, base); p; p = strstr(p + 1, base)) {
		const char *bol = p;
		while (bol > text && bol[-1] != '\n')
			bol--;
		if (includes(bol, base))
			return bol;
	}
	return NULL;
}

/*
 * rdmavt's trace.h defines RDI_DEV_ENTRY() and includes trace_qp.h; the
 * .c instantiates trace.h.  For such a header the context is the .c's
 * text before CREATE_TRACE_POINTS and the collecting header's text
 * before its #include of this one.
 */
static struct tc_instantiator *via_sibling(const char *dir, const char *base, const char *root)
{
	char **names;
	size_t nr = list_dir(dir, &names);
	struct tc_instantiator *in = NULL;

	for (size_t i = 0; i < nr && !in; i++) {
		if (!ends_with(names[i], ".h") || !strcmp(names[i], base))
			continue;
		char *path = xasprintf("%s/%s", dir, names[i]);
		char *text = read_file(path, NULL);
		const char *at = text ? include_line(text, base) : NULL;
		if (at && !strstr(text, "TRACE_SYSTEM")) {
			in = search_dir(dir, path, root);
			if (in) {
				char *pre = xasprintf("%s%.*s", in->prelude, (int)(at - text), text);
				free(in->prelude);
				in->prelude = pre;
			}
		}
		free(path);
		free(text);
	}
	free_strings(names, nr);
	return in;
}

struct tc_instantiator *tc_find_instantiator(const char *header, const char *tree_root)
{
	const char *base = strrchr(header, '/');
	char *dir = dir_name(header);
	struct tc_instantiator *in;

	base = base ? base + 1 : header;
	if (strstr(dir, "/include/trace/events") || strstr(dir, "/include/asm/trace")) {
		char *name = xstrndup(base, strlen(base) - (ends_with(base, ".h") ? 2 : 0));
		in = search_subsystem(name, header, tree_root);
		if (!in)
			in = search_tree(header, tree_root);
		free(name);
		free(dir);
		return in;
	}
	in = search_dir(dir, header, tree_root);
	if (!in)
		in = via_sibling(dir, base, tree_root);
	if (!in && strcmp(dir, tree_root)) {
		char *up = dir_name(dir);
		if (strlen(up) > strlen(tree_root))
			in = search_dir(up, header, tree_root);
		free(up);
	}
	if (!in)
		in = search_tree(header, tree_root);
	free(dir);
	return in;
}

void tc_instantiator_free(struct tc_instantiator *in)
{
	if (!in)
		return;
	free(in->path);
	free(in->prelude);
	free(in->built_by);
	for (size_t i = 0; i < in->nr_flags; i++)
		free(in->flags[i]);
	free(in->flags);
	free(in);
}
