// SPDX-License-Identifier: MIT
#include "util.h"

#include "cache.h"
#include "overlay.h"
#include "strbuf.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *tc_progname = "tracecheck";

static const char *const level_names[] = {
	[TC_MSG_PLAIN] = "",
	[TC_MSG_NOTE] = "note",
	[TC_MSG_WARNING] = "warning",
	[TC_MSG_ERROR] = "error",
	[TC_MSG_FATAL] = "fatal",
};

static tc_msg_sink msg_sink;
static void *msg_sink_ctx;

void tc_set_msg_sink(tc_msg_sink sink, void *ctx)
{
	msg_sink = sink;
	msg_sink_ctx = ctx;
}

tc_msg_sink tc_get_msg_sink(void **ctx)
{
	*ctx = msg_sink_ctx;
	return msg_sink;
}

const char *tc_msg_level_name(enum tc_msg_level level)
{
	return level_names[level];
}

int tc_msg_level_parse(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(level_names); i++)
		if (!strcmp(name, level_names[i]))
			return (int)i;
	return -1;
}

/* A placed message's place and text (TC_MSG_AT PLACE TC_MSG_AT TEXT); 0 if it is not one. */
static int placed(const char *text, size_t *place_len, const char **rest)
{
	const char *end = text[0] == TC_MSG_AT ? strchr(text + 1, TC_MSG_AT) : NULL;

	if (!end)
		return 0;
	*place_len = (size_t)(end - text - 1);
	*rest = end + 1;
	return 1;
}

void tc_msg_print(enum tc_msg_level level, const char *text)
{
	size_t n;
	const char *rest;

	fflush(stdout);
	if (level == TC_MSG_PLAIN)
		fprintf(stderr, "%s\n", text);
	else if (placed(text, &n, &rest))
		fprintf(stderr, "%.*s: %s: %s\n", (int)n, text + 1, level_names[level], rest);
	else
		fprintf(stderr, "%s: %s: %s\n", tc_progname, level_names[level], text);
}

char *tc_msg_text(const char *text)
{
	size_t n;
	const char *rest;

	return placed(text, &n, &rest) ? xasprintf("%.*s: %s", (int)n, text + 1, rest)
				       : xstrdup(text);
}

static void vreport(enum tc_msg_level level, const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	char *text = malloc(n < 0 ? 1 : (size_t)n + 1);

	if (!text) {
		/* no memory for the message: say it as it is */
		tc_msg_print(level, fmt);
		return;
	}
	vsnprintf(text, n < 0 ? 1 : (size_t)n + 1, fmt, ap);
	if (n < 0)
		*text = '\0';
	if (msg_sink)
		msg_sink(level, text, msg_sink_ctx);
	else
		tc_msg_print(level, text);
	free(text);
}

static void report_text(enum tc_msg_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void report_text(enum tc_msg_level level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(level, fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(TC_MSG_FATAL, fmt, ap);
	va_end(ap);
	exit(2);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(TC_MSG_ERROR, fmt, ap);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(TC_MSG_WARNING, fmt, ap);
	va_end(ap);
}

void advise(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(TC_MSG_NOTE, fmt, ap);
	va_end(ap);
}

void inform(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(TC_MSG_PLAIN, fmt, ap);
	va_end(ap);
}

static void vreport_place(enum tc_msg_level level, const char *place, const char *fmt, va_list ap)
{
	char *msg = xvasprintf(fmt, ap);

	report_text(level, "%c%s%c%s", TC_MSG_AT, place, TC_MSG_AT, msg);
	free(msg);
}

static void vreport_at(enum tc_msg_level level, const char *file, unsigned line, unsigned col,
		       const char *fmt, va_list ap)
{
	char *place = !line ? xstrdup(file)
		      : !col ? xasprintf("%s:%u", file, line)
			     : xasprintf("%s:%u:%u", file, line, col);

	vreport_place(level, place, fmt, ap);
	free(place);
}

int error_place(const char *place, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_place(TC_MSG_ERROR, place, fmt, ap);
	va_end(ap);
	return -1;
}

void warning_place(const char *place, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_place(TC_MSG_WARNING, place, fmt, ap);
	va_end(ap);
}

void advise_place(const char *place, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_place(TC_MSG_NOTE, place, fmt, ap);
	va_end(ap);
}

int error_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_at(TC_MSG_ERROR, file, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

void warning_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_at(TC_MSG_WARNING, file, line, col, fmt, ap);
	va_end(ap);
}

void advise_at(const char *file, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport_at(TC_MSG_NOTE, file, line, col, fmt, ap);
	va_end(ap);
}

double tc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

void *xcalloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		die("out of memory allocating %zu bytes", nmemb * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory allocating %zu bytes", n);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list again;
	char *p;
	int n;

	va_copy(again, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	if (n < 0)
		die("vsnprintf failed");
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, again);
	va_end(again);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void *grow_array_raw(void *arr, size_t *alloc, size_t n, size_t elsize)
{
	if (n <= *alloc)
		return arr;
	size_t na = *alloc ? *alloc * 2 : 8;
	while (na < n)
		na *= 2;
	arr = xrealloc(arr, na * elsize);
	*alloc = na;
	return arr;
}

void *grow_array(void *arr, size_t *alloc, size_t n, size_t elsize)
{
	size_t was = *alloc;

	arr = grow_array_raw(arr, alloc, n, elsize);
	if (*alloc > was)
		memset((char *)arr + was * elsize, 0, (*alloc - was) * elsize);
	return arr;
}

size_t tc_first_quoted(const char *s, const char **at)
{
	const char *q = strchr(s, '\'');
	const char *e = q ? strchr(q + 1, '\'') : NULL;

	*at = e ? q + 1 : NULL;
	return e ? (size_t)(e - q - 1) : 0;
}

int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

int ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

char *absolute_path(const char *path)
{
	char cwd[PATH_MAX];
	char *joined, *out, *o;
	const char *p;

	if (path[0] == '/') {
		joined = xstrdup(path);
	} else {
		if (!getcwd(cwd, sizeof(cwd)))
			die("cannot get the current directory: %s", strerror(errno));
		joined = xasprintf("%s/%s", cwd, path);
	}
	/* Normalise: collapse "//", "/./" and "/../" textually. */
	out = xmalloc(strlen(joined) + 2);
	o = out;
	p = joined;
	while (*p) {
		while (*p == '/')
			p++;
		if (!*p)
			break;
		const char *end = strchr(p, '/');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n == 1 && p[0] == '.') {
			/* skip */
		} else if (n == 2 && p[0] == '.' && p[1] == '.') {
			while (o > out && *--o != '/')
				;
		} else {
			*o++ = '/';
			memcpy(o, p, n);
			o += n;
		}
		p += n;
	}
	if (o == out)
		*o++ = '/';
	*o = '\0';
	free(joined);
	return out;
}

char *dir_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

const char *path_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return n && !strncmp(path, dir, n) && path[n] == '/' && path[n + 1] ? path + n + 1 : NULL;
}

char *path_below_resolved(const char *path, const char *dir)
{
	const char *rel = path_below(path, dir);
	char *rpath, *rdir, *out = NULL;

	if (rel)
		return xstrdup(rel);
	rpath = realpath(path, NULL);
	rdir = realpath(dir, NULL);
	if (rpath && rdir && (rel = path_below(rpath, rdir)))
		out = xstrdup(rel);
	free(rpath);
	free(rdir);
	return out;
}

char *tc_shown_path(const char *path)
{
	/* the last directory resolved: a unit's locations come file by file */
	static char *last_dir, *last_real;
	char *abs = absolute_path(path), *cwd = absolute_path(".");
	const char *rel = path_below(abs, cwd);
	char *out = rel ? xstrdup(rel) : NULL;

	if (!out) {
		char *dir = dir_name(abs);
		if (!last_dir || strcmp(dir, last_dir)) {
			free(last_dir);
			free(last_real);
			last_dir = xstrdup(dir);
			last_real = realpath(dir, NULL);
		}
		/* getcwd() names the real directory */
		if (last_real && strcmp(last_real, dir)) {
			char *r = xasprintf("%s/%s", last_real, abs + strlen(dir) + 1);
			rel = path_below(r, cwd);
			out = rel ? xstrdup(rel) : NULL;
			free(r);
		}
		free(dir);
	}
	if (!out)
		out = xstrdup(abs);
	free(abs);
	free(cwd);
	return out;
}

int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int is_real_dir(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int tc_signal_is_crash(int sig)
{
	static const int crash[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS };

	for (size_t i = 0; i < ARRAY_SIZE(crash); i++)
		if (sig == crash[i])
			return 1;
	return 0;
}

int is_file(const char *path)
{
	struct stat st;
	const char *text;
	size_t len;

	if (tc_overlay_lookup(path, &text, &len))
		return text != NULL;
	int found = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	if (!found)
		tc_deps_absent(path);
	return found;
}

char *read_file(const char *path, size_t *len)
{
	const char *text;
	size_t tlen;

	if (tc_overlay_lookup(path, &text, &tlen)) {
		if (!text) {
			tc_deps_absent(path);
			errno = ENOENT;
			return NULL;
		}
		char *copy = xmalloc(tlen + 1);
		memcpy(copy, text, tlen + 1);
		if (len)
			*len = tlen;
		tc_deps_file(path, copy, tlen);
		return copy;
	}

	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, alloc = 0;

	if (!f) {
		int e = errno;
		if (e == ENOENT || e == ENOTDIR)
			tc_deps_absent(path);
		else
			tc_deps_unreadable(path, e);
		errno = e;
		return NULL;
	}
	/* the size fstat() gives, and a byte more to see the end: one read, no copy */
	struct stat st;
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (unsigned long long)st.st_size < SIZE_MAX / 2) {
		alloc = (size_t)st.st_size + 2;
		buf = xmalloc(alloc);
	}
	for (;;) {
		if (alloc - n < 2)
			ALLOC_GROW_RAW(buf, n + 65536 + 1, alloc);
		size_t want = alloc - n - 1;
		size_t r = fread(buf + n, 1, want, f);
		n += r;
		if (r < want) {
			if (ferror(f)) {
				int e = errno;
				tc_deps_unreadable(path, e ? e : EIO);
				fclose(f);
				free(buf);
				errno = e ? e : EIO;
				return NULL;
			}
			break;
		}
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	tc_deps_file(path, buf, n);
	return buf;
}

char *file_identity(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return xasprintf("%s -", path);
	return xasprintf("%s %lld %lld.%09ld %llu", path, (long long)st.st_size,
			 (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
			 (unsigned long long)st.st_ino);
}

char *library_identity(const void *sym)
{
	Dl_info info;

	if (!dladdr(sym, &info) || !info.dli_fname)
		return xstrdup("?");
	char *real = realpath(info.dli_fname, NULL);
	char *id = file_identity(real ? real : info.dli_fname);
	free(real);
	return id;
}

int mkdir_p(const char *path, int mode)
{
	/* mostly there already, or only its last part missing: one call */
	if (!mkdir(path, (mode_t)mode) || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -1;
	char *p = xstrdup(path);

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, (mode_t)mode) && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	int rc = mkdir(p, (mode_t)mode) && errno != EEXIST ? -1 : 0;
	free(p);
	return rc;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sort_strings(char **v, size_t n)
{
	if (n)
		QSORT(v, n, cmp_names);
}

/* Is name (an entry of dir) in the overlay: 1 there, -1 removed, 0 not in it? */
static int overlaid(const char *dir, const char *name)
{
	const char *text;
	size_t len;
	char *p = xasprintf("%s/%s", dir, name);
	int in = tc_overlay_lookup(p, &text, &len);

	free(p);
	return in ? (text ? 1 : -1) : 0;
}

size_t list_dir(const char *dir, char ***names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t nr = 0, alloc = 0;

	*names = NULL;
	if (d)
		tc_deps_dir(dir);
	if (!d && !tc_overlay_count())
		return 0;
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.' || overlaid(dir, e->d_name))
			continue;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = xstrdup(e->d_name);
	}
	if (d)
		closedir(d);
	/* files the overlay has in dir (added or changed), less the removed ones */
	if (tc_overlay_count()) {
		char *abs = absolute_path(dir);
		for (size_t i = 0; i < tc_overlay_count(); i++) {
			const char *text;
			size_t len;
			const char *path = tc_overlay_entry(i, &text, &len);
			const char *rest = path_below(path, abs);
			if (text && rest && !strchr(rest, '/')) {
				ALLOC_GROW(v, nr + 1, alloc);
				v[nr++] = xstrdup(rest);
			}
		}
		free(abs);
	}
	sort_strings(v, nr);
	*names = v;
	return nr;
}

void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

const char *tc_directive(const char *bol, const char *name)
{
	size_t n = strlen(name);

	while (*bol == ' ' || *bol == '\t')
		bol++;
	if (*bol++ != '#')
		return NULL;
	while (*bol == ' ' || *bol == '\t')
		bol++;
	return strncmp(bol, name, n) ? NULL : bol + n;
}

/* The #define of name at the line starting at l, from the name on; NULL if it is not one. */
static char *define_at(const char *l, const char *name)
{
	const char *p = tc_directive(l, "define");
	size_t n = strlen(name);
	struct strbuf sb = STRBUF_INIT;

	if (!p || (*p != ' ' && *p != '\t'))
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	if (strncmp(p, name, n) || isalnum((unsigned char)p[n]) || p[n] == '_')
		return NULL;
	for (;;) { /* the logical line */
		const char *e = strchrnul(p, '\n');
		int cont = e > p && e[-1] == '\\' && *e;
		strbuf_add(&sb, p, (size_t)(e - p - cont));
		if (!cont)
			break;
		p = e + 1;
	}
	return strbuf_detach(&sb);
}

char *tc_define_text(const char *text, const char *name, unsigned line, unsigned *at)
{
	const char *l = text;

	for (unsigned i = 1; l && *l; i++) {
		if (!line || i == line) {
			char *d = define_at(l, name);
			if (d && at)
				*at = i;
			if (d || line)
				return d;
		}
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	return NULL;
}

char *tc_squeezed(const char *s, size_t n)
{
	char *r = xmalloc(n + 1);
	size_t l = 0;

	for (size_t i = 0; i < n && s[i]; i++)
		if (!isspace((unsigned char)s[i]))
			r[l++] = s[i];
	r[l] = '\0';
	while (l >= 2 && r[0] == '(' && r[l - 1] == ')') {
		int depth = 0, whole = 1;
		for (size_t i = 0; i < l - 1 && whole; i++) {
			depth += r[i] == '(' ? 1 : r[i] == ')' ? -1 : 0;
			whole = depth > 0;
		}
		if (!whole)
			break;
		memmove(r, r + 1, l - 2);
		r[l -= 2] = '\0';
	}
	return r;
}

int tc_split_ternary(const char *s, char **c, char **t, char **e)
{
	const char *q = NULL, *colon = NULL;
	int depth = 0, nested = 0;

	for (const char *p = s; *p; p++) {
		depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
		if (depth)
			continue;
		if (*p == '?' && !q)
			q = p;
		else if (*p == '?')
			nested++;
		else if (*p == ':' && q && nested)
			nested--;
		else if (*p == ':' && q && !colon)
			colon = p;
	}
	if (!q || !colon || q == s)
		return 0;
	*c = xstrndup(s, (size_t)(q - s));
	*t = xstrndup(q + 1, (size_t)(colon - q - 1));
	*e = xstrdup(colon + 1);
	return 1;
}

size_t tc_str_hash(const char *s)
{
	unsigned long long h = 0xcbf29ce484222325ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (size_t)h;
}

long long tc_timespec_ns(const struct timespec *ts)
{
	return (long long)ts->tv_sec * 1000000000LL + ts->tv_nsec;
}
