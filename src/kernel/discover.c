// SPDX-License-Identifier: MIT
#include "discover.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cache.h"
#include "ctok.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

static const char *const event_macros[] = {
	"TRACE_EVENT",	       "TRACE_EVENT_FN",	 "TRACE_EVENT_FN_COND",
	"TRACE_EVENT_CONDITION", "DECLARE_EVENT_CLASS", "DEFINE_EVENT",
	"DEFINE_EVENT_FN",     "DEFINE_EVENT_PRINT",	 "DEFINE_EVENT_CONDITION",
	"TRACE_EVENT_NOP",     "DECLARE_EVENT_CLASS_NOP", "DEFINE_EVENT_NOP",
	"DECLARE_TRACE",       "DECLARE_TRACE_CONDITION",
	/* 6.1x-7.x: syscall tracepoints, DECLARE_TRACE()'s old meaning renamed */
	"TRACE_EVENT_SYSCALL", "DECLARE_EVENT_SYSCALL_CLASS", "DECLARE_TRACE_SYSCALL",
	"DECLARE_TRACE_EVENT", "DECLARE_TRACE_EVENT_CONDITION", "DECLARE_TRACE_EVENT_SYSCALL",
	/* 7.x trace remotes (see remote_macros) */
	"REMOTE_EVENT",	       "HYP_EVENT",
};

/* The macros of trace remotes, whose headers are read as <trace/tc_remote.h> says. */
static const char *const remote_macros[] = { "REMOTE_EVENT", "HYP_EVENT" };

/* The event macro a line starts with ("NAME("), or NULL. */
static const char *macro_at(const char *p)
{
	/* each starts with one of these: most lines of a tree's headers are none (discovery) */
	if (*p != 'T' && *p != 'D' && *p != 'R' && *p != 'H')
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(event_macros); i++) {
		size_t n = strlen(event_macros[i]);
		const char *q = p + n;
		if (strncmp(p, event_macros[i], n))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '(')
			return event_macros[i];
	}
	return NULL;
}

const char *tc_event_macro_at(const char *p)
{
	return macro_at(p);
}

int tc_is_event_defining_macro(const char *name, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(event_macros); i++) {
		const char *m = event_macros[i];
		if (strlen(m) == len && !strncmp(m, name, len))
			return !starts_with(m, "DECLARE_") && !ends_with(m, "_NOP");
	}
	return 0;
}

char *tc_event_name_at(const char *m, const char *p)
{
	if (starts_with(m, "DECLARE_") || ends_with(m, "_NOP"))
		return NULL;
	size_t arg = starts_with(m, "DEFINE_EVENT") ? 1 : 0; /* (class, name, ...) */
	char *text = xstrndup(p, strcspn(p, ";")), *name = NULL;
	struct tc_ctok *t;
	size_t n = tc_ctokenize(text, &t), at = 2 + 2 * arg;

	if (at + 1 < n && tc_ctok_is(&t[1], "(") && tc_ctok_is_ident(&t[at]) &&
	    (tc_ctok_is(&t[at + 1], ",") || tc_ctok_is(&t[at + 1], ")")))
		name = xstrndup(t[at].p, t[at].n);
	free(t);
	free(text);
	return name;
}

enum tc_trace_header_kind tc_trace_header_kind(const char *text)
{
	enum tc_trace_header_kind uses = TC_NOT_TRACE_HEADER;
	int defines_macro = 0, defines_system = 0;

	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *p = l;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#') {
			/* "#define TRACE_EVENT(": the infrastructure */
			p++;
			while (*p == ' ' || *p == '\t')
				p++;
			if (!strncmp(p, "define", 6) && isspace((unsigned char)p[6])) {
				p += 6;
				while (*p == ' ' || *p == '\t')
					p++;
				if (macro_at(p))
					defines_macro = 1;
				else if (!strncmp(p, "TRACE_SYSTEM", 12) &&
					 (p[12] == ' ' || p[12] == '\t'))
					defines_system = 1;
			}
			continue;
		}
		const char *m = macro_at(p);
		if (!m)
			continue;
		int remote = 0;
		for (size_t i = 0; i < ARRAY_SIZE(remote_macros); i++)
			remote |= !strcmp(m, remote_macros[i]);
		if (remote)
			uses = TC_REMOTE_EVENT_HEADER;
		else if (uses == TC_NOT_TRACE_HEADER)
			uses = TC_TRACE_HEADER;
	}
	/*
	 * The infrastructure never names a TRACE_SYSTEM; a header that does
	 * and also #defines TRACE_EVENT() does so for a configuration without
	 * its tracing (wil6210's trace.h: #if !defined(CONFIG_WIL6210_TRACING)
	 * ... #define TRACE_EVENT(name, proto, ...) static inline ...)
	 */
	return defines_macro && !defines_system ? TC_NOT_TRACE_HEADER : uses;
}

int tc_is_trace_header_text(const char *text)
{
	return tc_trace_header_kind(text) != TC_NOT_TRACE_HEADER;
}

static int is_kernel_top(const char *dir)
{
	char *probe = xasprintf("%s/include/linux/tracepoint.h", dir);
	int yes = is_file(probe);

	free(probe);
	return yes;
}

/* How deep walk() goes below the directory named. */
#define WALK_MAX_DEPTH 32

/* The directories walk() is in, the named one first: a bind mount of one below itself ends */
struct walk_stack {
	dev_t dev[WALK_MAX_DEPTH + 1];
	ino_t ino[WALK_MAX_DEPTH + 1];
};

/*
 * The trace headers below dir.  A link to a directory below the one
 * named is not followed (out/source -> .. of `make O=out`, links to
 * "."), and a directory that is one of those the walk is in is not
 * entered again.
 */
static void walk(const char *dir, int top, char ***v, size_t *nr, size_t *alloc, int depth,
		 struct walk_stack *in)
{
	char **names;
	size_t n = list_dir(dir, &names);

	for (size_t i = 0; i < n; i++) {
		if (top && (!strcmp(names[i], "tools") || !strcmp(names[i], "Documentation")))
			continue;
		char *path = strcmp(dir, ".") ? xasprintf("%s/%s", dir, names[i]) : xstrdup(names[i]);
		struct stat st;
		if (!lstat(path, &st) && S_ISDIR(st.st_mode)) {
			int again = 0;
			for (int k = 0; k <= depth; k++)
				again |= in->dev[k] == st.st_dev && in->ino[k] == st.st_ino;
			if (depth < WALK_MAX_DEPTH && !again) {
				in->dev[depth + 1] = st.st_dev;
				in->ino[depth + 1] = st.st_ino;
				walk(path, 0, v, nr, alloc, depth + 1, in);
			}
		} else if (ends_with(names[i], ".h")) {
			char *text = read_file(path, NULL);
			if (text && tc_is_trace_header_text(text)) {
				ALLOC_GROW(*v, *nr + 1, *alloc);
				(*v)[(*nr)++] = path;
				path = NULL;
			}
			free(text);
		}
		free(path);
	}
	free_strings(names, n);
}

static int header_name(const char *name)
{
	return ends_with(name, ".h");
}

size_t tc_find_trace_headers(const char *dir, char ***v, size_t *nr, size_t *alloc)
{
	size_t before = *nr;
	int top = is_kernel_top(dir);
	char *slot = NULL;

	/* the list from the persistent cache while the .h files below dir are as they were */
	if (tc_cache_enabled() && !tc_overlay_count()) {
		struct tc_hasher hs;
		char key[33];
		static const char *const skip[] = { "tools", "Documentation", NULL };
		char *abs = absolute_path(dir);
		/* what walk() reads: the .h files, WALK_MAX_DEPTH levels down */
		tc_hasher_init(&hs);
		tc_hash_tree_stat(dir, top ? skip : NULL, WALK_MAX_DEPTH, header_name, &hs);
		tc_hasher_hex(&hs, key);
		slot = xasprintf("%s\n%s\n%d\n%s", abs, dir, top, key);
		free(abs);
		size_t len;
		char *text = tc_cache_get("discover", slot, &len);
		if (text && starts_with(text, "headers\n")) {
			for (char *l = text + 8, *nl; (nl = strchr(l, '\n')); l = nl + 1) {
				ALLOC_GROW(*v, *nr + 1, *alloc);
				(*v)[(*nr)++] = xstrndup(l, (size_t)(nl - l));
			}
			free(text);
			free(slot);
			return *nr - before;
		}
		free(text);
	}
	struct walk_stack in = { 0 };
	struct stat st;
	/* the directory named is followed if it is a link (.../build of /lib/modules) */
	if (!stat(dir, &st)) {
		in.dev[0] = st.st_dev;
		in.ino[0] = st.st_ino;
	}
	walk(dir, top, v, nr, alloc, 0, &in);
	if (slot) {
		struct strbuf sb = STRBUF_INIT;
		int ok = 1;
		strbuf_addstr(&sb, "headers\n");
		for (size_t i = before; i < *nr; i++) {
			ok &= !strchr((*v)[i], '\n');
			strbuf_addf(&sb, "%s\n", (*v)[i]);
		}
		if (ok)
			tc_cache_put("discover", slot, sb.buf, sb.len);
		strbuf_release(&sb);
		free(slot);
	}
	return *nr - before;
}
