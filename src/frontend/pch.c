// SPDX-License-Identifier: MIT
/*
 * The kernel prelude of a tree, precompiled (a clang PCH), kept in the
 * persistent cache.  Every header of a kernel tree read on its own
 * starts the same way -- <linux/types.h>, <linux/kdev_t.h>, then the
 * header's <linux/tracepoint.h> with the tree's own tracepoint includes
 * (rcupdate.h and the rest) -- which is about half of its parse.  That prefix is parsed once per tree,
 * configuration, flags and libclang, saved, and each header is then
 * parsed against it.
 *
 * The PCH is an entry like any other: made from its own recording of
 * dependencies (fedeps.c: every file it parsed, every place an include
 * looked), which a result that uses it imports, and used only while
 * they hold.  clang itself refuses a PCH whose inputs' size or mtime
 * changed; the unit is then parsed without it (and the PCH made again
 * next time).  --no-cache makes none and uses none: every answer can be
 * compared with one that did not use it.
 *
 * Entries: "pchdeps" (the dependencies, keyed by prelude and flags) and the
 * directory pch/KEY (prelude.h and prelude.pch), removed whole.
 */
#include <clang-c/Index.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "fe_internal.h"
#include "overlay.h"
#include "stackguard.h"
#include "strbuf.h"
#include "util.h"

#define PCH_VERSION "tracecheck-pch 2"

/*
 * No CREATE_TRACE_POINTS: only tracecheck's define_trace.h reads it (and
 * the kernel's own <linux/tracepoint.h>, which tracecheck's replaces).
 */
const char tc_pch_prelude[] = "#include <linux/types.h>\n"
			      "#include <linux/kdev_t.h>\n"
			      "#include <linux/tracepoint.h>\n";

/*
 * For a unit read in the context of the .c that instantiates the header
 * (the .c's own text up to CREATE_TRACE_POINTS, then the header): the
 * same, and the kernel headers nearly every .c includes -- which make
 * three quarters of such a unit (fs/afs/main.c for afs.h: 1.5 s parsed,
 * 0.35 s against this).  Read before the .c's text, which would read
 * them the same: feunit.c uses it only for a .c that defines nothing
 * before its last #include.
 */
const char tc_pch_prelude_big[] = "#include <linux/types.h>\n"
				  "#include <linux/kdev_t.h>\n"
				  "#include <linux/tracepoint.h>\n"
				  "#include <linux/module.h>\n"
				  "#include <linux/kernel.h>\n"
				  "#include <linux/init.h>\n"
				  "#include <linux/slab.h>\n"
				  "#include <linux/sched.h>\n"
				  "#include <linux/fs.h>\n"
				  "#include <linux/mm.h>\n"
				  "#include <linux/device.h>\n"
				  "#include <linux/interrupt.h>\n"
				  "#include <linux/workqueue.h>\n"
				  "#include <linux/netdevice.h>\n"
				  "#include <linux/skbuff.h>\n"
				  "#include <linux/pci.h>\n"
				  "#include <linux/blkdev.h>\n"
				  "#include <linux/uaccess.h>\n"
				  "#include <linux/seq_file.h>\n"
				  "#include <linux/platform_device.h>\n"
				  "#include <linux/of.h>\n"
				  "#include <linux/dma-mapping.h>\n"
				  "#include <net/sock.h>\n";

/* Does a dependency line of lines name a file --patch changes? */
static int touches_overlay(const char *lines, const char *end)
{
	for (const char *l = lines; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		if (!nl)
			break;
		if (nl - l > 2 && l[0] == 'f' && l[1] == ' ') {
			/* "f SIZE MTIME CTIME DEV INO HASH PATH": the path after 7 fields */
			const char *p = l;
			for (int k = 0; k < 7 && p < nl; k++) {
				p = memchr(p, ' ', (size_t)(nl - p));
				p = p ? p + 1 : nl;
			}
			char *path = xstrndup(p, (size_t)(nl - p));
			const char *t;
			size_t n;
			int in = tc_overlay_lookup(path, &t, &n);
			free(path);
			if (in)
				return 1;
		}
		l = nl + 1;
	}
	return 0;
}

/* The entry's key: the prelude and the flags (the cache's identity has libclang's). */
static char *pch_key(const char *prelude, const char *const *argv, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	char h[33];

	strbuf_addf(&sb, "%s\n%s", PCH_VERSION, prelude);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "arg %s\n", argv[i]);
	tc_hash_hex(sb.buf, sb.len, h);
	strbuf_release(&sb);
	return xstrdup(h);
}

/* The files the dependency lines name ('f' lines), sorted. */
static void read_files(struct tc_pch_info *pi, const char *lines, const char *end)
{
	size_t alloc = 0;

	for (const char *l = lines; l < end;) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		if (!nl)
			break;
		if (nl - l > 2 && l[0] == 'f' && l[1] == ' ') {
			const char *p = l;
			for (int k = 0; k < 7 && p < nl; k++) {
				p = memchr(p, ' ', (size_t)(nl - p));
				p = p ? p + 1 : nl;
			}
			ALLOC_GROW(pi->files, pi->nr_files + 1, alloc);
			pi->files[pi->nr_files++] = xstrndup(p, (size_t)(nl - p));
		}
		l = nl + 1;
	}
	sort_strings(pi->files, pi->nr_files);
}

/*
 * What the entry's payload after the dependencies says ("pch", then the
 * alts), for the PCH in dir: the PCH, its dependencies imported.
 */
static struct tc_pch_info *usable_pch(const char *dir, const char *deps, const char *rest)
{
	struct tc_pch_info *pi;

	if (!starts_with(rest, "pch\n"))
		return NULL;
	pi = xcalloc(1, sizeof(*pi));
	pi->path = xasprintf("%s/prelude.pch", dir);
	if (access(pi->path, R_OK)) {
		tc_pch_info_free(pi);
		return NULL;
	}
	pi->alts = xstrdup(rest + 4);
	read_files(pi, deps, rest);
	tc_cache_touch(dir);
	tc_deps_import(deps, (size_t)(rest - deps));
	return pi;
}

/*
 * The entries this process found holding, by key: a run parses with the
 * same prelude several times (the header, a pass in another
 * configuration, each side of a patch), and the check of an entry's
 * 2,000-odd lines took 4-11 ms each time.  Within one process the first
 * check's answer is kept, as deps.c's memo keeps a check's answers; a
 * recording still imports the entry's lines, which every later run
 * checks against the file system, so nothing kept for a later run rests
 * on it.  libclang itself refuses a PCH whose inputs changed since
 * (tc_pch_failed(), then tc_pch_forget(), which drops the memo).  A
 * forked child checks again (the pid).
 */
static struct held {
	char *key;
	char *data; /* the entry */
	size_t rest; /* where its payload starts */
} *held;
static size_t nr_held, alloc_held;
static pid_t held_pid;

static struct held *held_of(const char *key)
{
	if (held_pid != getpid()) {
		for (size_t i = 0; i < nr_held; i++) {
			free(held[i].key);
			free(held[i].data);
		}
		nr_held = 0;
		held_pid = getpid();
	}
	for (size_t i = 0; i < nr_held; i++)
		if (!strcmp(held[i].key, key))
			return &held[i];
	return NULL;
}

static void hold(const char *key, char *data, size_t rest)
{
	ALLOC_GROW(held, nr_held + 1, alloc_held);
	held[nr_held++] = (struct held){ xstrdup(key), data, rest };
}

static void let_go(const char *key)
{
	struct held *h = held_of(key);

	if (!h)
		return;
	free(h->key);
	free(h->data);
	*h = held[--nr_held];
}

/*
 * The PCH of key, if its entry's dependencies hold.  An entry "-" (the
 * prelude does not compile in this configuration) gives NULL and
 * *usable 0.
 */
static struct tc_pch_info *lookup(const char *key, const char *dir, int *usable)
{
	struct held *h = held_of(key);
	size_t len;
	char *data = h ? NULL : tc_cache_get("pchdeps", key, &len);
	const char *p = data;
	struct tc_pch_info *pi = NULL;

	*usable = 1;
	if (h) {
		p = h->data + h->rest;
		if (touches_overlay(h->data, p))
			return NULL;
		if (!strcmp(p, "-\n"))
			*usable = 0;
		else
			pi = usable_pch(dir, h->data, p);
		return pi;
	}
	if (!data)
		return NULL;
	if (tc_deps_check(&p, data + len) == 1 && !touches_overlay(data, p)) {
		if (!strcmp(p, "-\n"))
			*usable = 0;
		else
			pi = usable_pch(dir, data, p);
		if (!*usable || pi) {
			hold(key, data, (size_t)(p - data));
			return pi;
		}
	}
	free(data);
	return pi;
}

/* Does the unit have an error (the prelude does not compile here)? */
static int has_errors(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int bad = 0;

	for (unsigned i = 0; i < n && !bad; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		bad = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		clang_disposeDiagnostic(d);
	}
	return bad;
}

static int write_prelude(const char *path, const char *prelude)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(prelude, f);
	return fclose(f);
}

/* Make the PCH in dir (a recording of its own). */
static struct tc_pch_info *make(CXIndex idx, const char *prelude, const char *key,
				const char *dir, const char *const *argv, size_t n)
{
	char *h = xasprintf("%s/prelude.h", dir), *pch = xasprintf("%s/prelude.pch", dir);
	char *tmp = xasprintf("%s.%d", pch, (int)getpid());
	const char **args = xcalloc(n + 2, sizeof(*args));
	CXTranslationUnit tu = NULL;
	struct strbuf deps = STRBUF_INIT;
	struct tc_pch_info *pi = NULL;
	int ok = 0;

	mkdir_p(dir, 0700);
	if (write_prelude(h, prelude)) {
		tc_deps_spoil("the precompiled prelude cannot be written");
		goto out;
	}
	args[0] = "-x";
	args[1] = "c-header";
	for (size_t i = 0; i < n; i++)
		args[i + 2] = argv[i];
	tc_deps_push();
	tc_guard_foreign(1);
	clang_parseTranslationUnit2(idx, h, args, (int)n + 2, NULL, 0,
				    CXTranslationUnit_DetailedPreprocessingRecord |
					    CXTranslationUnit_KeepGoing |
					    CXTranslationUnit_SkipFunctionBodies |
					    CXTranslationUnit_ForSerialization |
					    CXTranslationUnit_Incomplete,
				    &tu);
	tc_guard_foreign(0);
	int errors = !tu || has_errors(tu);
	char *alts = NULL;
	if (tu) {
		tc_fe_record_deps(tu, h, args, n + 2, NULL);
		if (!errors) {
			alts = tc_cfg_alts(tu);
			tc_guard_foreign(1);
			ok = clang_saveTranslationUnit(tu, tmp, clang_defaultSaveOptions(tu)) ==
				     CXSaveError_None;
			tc_guard_foreign(0);
			ok = ok && !rename(tmp, pch);
		}
	}
	int kept = !tc_deps_finish(&deps);
	tc_deps_pop();
	if (tu)
		clang_disposeTranslationUnit(tu);
	unlink(tmp);
	size_t dlen = deps.len;
	if (kept && (ok || errors)) {
		/* a prelude that does not compile here is said once, not tried again */
		if (ok)
			strbuf_addf(&deps, "pch\n%s", alts);
		else
			strbuf_addstr(&deps, "-\n");
		tc_cache_put("pchdeps", key, deps.buf, deps.len);
	}
	/* made from the files on the disk: not for a unit that --patch changes them for */
	if (ok && !touches_overlay(deps.buf, deps.buf + dlen)) {
		strbuf_setlen(&deps, dlen);
		strbuf_addf(&deps, "pch\n%s", alts);
		pi = usable_pch(dir, deps.buf, deps.buf + dlen);
	}
	free(alts);
out:
	strbuf_release(&deps);
	free(args);
	free(tmp);
	free(h);
	free(pch);
	return pi;
}

struct tc_pch_info *tc_pch_get(CXIndex idx, const char *prelude, const char *const *argv,
			       size_t n)
{
	if (!tc_cache_enabled())
		return NULL;
	char *key = pch_key(prelude, argv, n);
	char *dir = tc_cache_path("pch", key);
	int usable;
	struct tc_pch_info *pi = dir ? lookup(key, dir, &usable) : NULL;

	if (dir && !pi && usable)
		pi = make(idx, prelude, key, dir, argv, n);
	free(dir);
	free(key);
	return pi;
}

void tc_pch_info_free(struct tc_pch_info *pi)
{
	if (!pi)
		return;
	free(pi->path);
	free_strings(pi->files, pi->nr_files);
	free(pi->alts);
	free(pi);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int tc_pch_has_file(const struct tc_pch_info *pi, CXFile file)
{
	char *name = tc_cx_str(clang_getFileName(file));
	int in = name && pi->nr_files &&
		 BSEARCH(&name, pi->files, pi->nr_files, cmp_name);

	free(name);
	return in;
}

int tc_pch_failed(CXTranslationUnit tu)
{
	unsigned n = clang_getNumDiagnostics(tu);
	int failed = 0;

	for (unsigned i = 0; i < n && !failed; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString c = clang_getDiagnosticCategoryText(d);
		const char *ct = clang_getCString(c);
		failed = ct && strstr(ct, "AST Deserialization") != NULL;
		clang_disposeString(c);
		clang_disposeDiagnostic(d);
	}
	return failed;
}

void tc_pch_forget(const char *prelude, const char *const *argv, size_t n)
{
	char *key = pch_key(prelude, argv, n);
	char *dir = tc_cache_path("pch", key);

	let_go(key);
	if (dir) {
		char *pch = xasprintf("%s/prelude.pch", dir);
		unlink(pch);
		free(pch);
	}
	free(dir);
	free(key);
}

/* The name of the macro a line "#if !defined(X) || ..." or "#ifndef X" tests, or NULL. */
static char *guard_of(const char *l)
{
	const char *p = strstr(l, "defined");
	size_t n = 0;

	if (tc_directive(l, "ifndef"))
		p = tc_directive(l, "ifndef");
	else if (p)
		p += 7;
	else
		return NULL;
	while (*p == ' ' || *p == '\t' || *p == '(')
		p++;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	return n ? xstrndup(p, n) : NULL;
}

/* Is the macro #defined at l one a trace header sets before its includes? */
static int protocol_define(const char *l, const char *guard)
{
	static const char *const ok[] = { "TRACE_SYSTEM", "TRACE_SYSTEM_VAR", "TRACE_INCLUDE_PATH",
					  "TRACE_INCLUDE_FILE" };
	const char *p = tc_directive(l, "define");

	if (!p)
		p = tc_directive(l, "undef");
	while (*p == ' ' || *p == '\t')
		p++;
	size_t n = 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	for (size_t i = 0; i < ARRAY_SIZE(ok); i++)
		if (n == strlen(ok[i]) && !strncmp(p, ok[i], n))
			return 1;
	return guard && n == strlen(guard) && !strncmp(p, guard, n);
}

/* Is the file at path a trace header (it reads define_trace.h, or is read again)? */
static int is_trace_header(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	int yes = !text || memmem(text, len, "define_trace.h", 14) ||
		  memmem(text, len, "TRACE_HEADER_MULTI_READ", 23);

	free(text);
	return yes;
}

/* Where a quoted #include of the header reads name: beside it, then -iquote, -I (malloced). */
static char *quoted_path(const char *name, const char *hdir, const char *const *argv, size_t n)
{
	char *p = xasprintf("%s/%s", hdir, name);

	for (size_t i = 0; i < n && !is_file(p); i++) {
		const char *a = argv[i], *d = NULL;
		if (starts_with(a, "-iquote"))
			d = a[7] ? a + 7 : i + 1 < n ? argv[++i] : NULL;
		else if (starts_with(a, "-I"))
			d = a[2] ? a + 2 : i + 1 < n ? argv[++i] : NULL;
		else if (!strcmp(a, "-include") || !strcmp(a, "-D") || !strcmp(a, "-U"))
			i++;
		if (!d)
			continue;
		free(p);
		p = xasprintf("%s/%s", d, name);
	}
	if (is_file(p)) {
		char *abs = absolute_path(p);
		free(p);
		return abs;
	}
	free(p);
	return NULL;
}

char *tc_pch_header_prelude(const char *text, const char *hdir, const char *const *argv, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	char *guard = NULL;
	int depth = 0, any = 0, cond = 0;

	strbuf_addstr(&sb, tc_pch_prelude);
	/*
	 * The head: comments, the header's guard, the #defines of the trace
	 * protocol (also in a condition that holds nothing else: a
	 * TRACE_SYSTEM per driver, #ifdef I915) and #include lines.
	 * Anything else ends it (a #define of the header's own, an #include
	 * under a condition of its own, a trace header included, the first
	 * event): the rest is read as it is, after.
	 */
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *p = l, *eol = strchrnul(l, '\n');
		while (*p == ' ' || *p == '\t')
			p++;
		if (p == eol || starts_with(p, "//") || starts_with(p, "/*") || *p == '*')
			continue; /* (a comment's inner lines start with '*') */
		if (*p != '#')
			break;
		if (tc_directive(l, "if")) {
			/* the multi-read guard, or a condition of protocol #defines only */
			if (cond || depth || guard ||
			    !memmem(l, (size_t)(eol - l), "TRACE_HEADER_MULTI_READ", 23)) {
				cond++;
			} else {
				guard = guard_of(l);
				depth++;
			}
			continue;
		}
		if (tc_directive(l, "el") || tc_directive(l, "endif")) {
			if (!cond)
				break;
			cond -= !!tc_directive(l, "endif");
			continue;
		}
		if (tc_directive(l, "define") || tc_directive(l, "undef")) {
			if (!protocol_define(l, guard))
				break;
			continue;
		}
		const char *q = tc_directive(l, "include");
		if (!q || cond)
			break;
		while (*q == ' ' || *q == '\t')
			q++;
		char close = *q == '<' ? '>' : *q == '"' ? '"' : 0;
		const char *e = close ? memchr(q + 1, close, (size_t)(eol - q - 1)) : NULL;
		if (!e)
			break; /* #include_next, a computed name */
		char *name = xstrndup(q + 1, (size_t)(e - q - 1));
		/* where the header reads it, by its path: the prelude is elsewhere */
		char *path = close == '"' ? quoted_path(name, hdir, argv, n) : NULL;
		int stop = close == '"' ? !path || is_trace_header(path) : !!strstr(name, "trace");
		if (!strcmp(name, "linux/tracepoint.h"))
			stop = 0;
		else if (!stop && path)
			strbuf_addf(&sb, "#include \"%s\"\n", path);
		else if (!stop)
			strbuf_addf(&sb, "#include <%s>\n", name);
		any |= !stop && strcmp(name, "linux/tracepoint.h");
		free(path);
		free(name);
		if (stop)
			break; /* a trace header: its own instantiation is not a prelude's */
	}
	free(guard);
	if (!any) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

int tc_pch_seen_again(const char *header, const char *const *argv, size_t n)
{
	char *key = pch_key(header, argv, n);
	size_t len;
	char *got = tc_cache_get("hdrseen", key, &len);

	if (!got)
		tc_cache_put("hdrseen", key, "1", 1);
	free(key);
	free(got);
	return got != NULL;
}
