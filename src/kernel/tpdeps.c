// SPDX-License-Identifier: MIT
/*
 * What a cached result depends on of the tree's tracepoint index
 * (tpindex.h): not the whole tree, but what the index answered.
 *
 *   k tpanswers ARG HASH   ARG: the tree, the header (absolute and
 *                          tree-relative) and the names asked about;
 *                          HASH: of tc_tpindex_answers() for them
 *   k tpctp ROOT HASH      the list of CREATE_TRACE_POINTS .c files the
 *                          instantiator search tried, in order
 *
 * Checking one makes (or reads back) the index of the tree as it is now
 * -- a changed tree scans again only its changed files (tprec.c) -- and
 * asks it again: an edit that changes no answer about a header keeps
 * the header's result.  ARG is the fields, each with '%', ',' and the
 * blanks and controls written %XX, separated by ','.
 */
#include "tpindex_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "deps.h"
#include "strbuf.h"
#include "util.h"

static void add_field(struct strbuf *sb, const char *s)
{
	if (sb->len)
		strbuf_addch(sb, ',');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c <= ' ' || c == 0x7f || c == '%' || c == ',')
			strbuf_addf(sb, "%%%02X", c);
		else
			strbuf_addch(sb, (char)c);
	}
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The fields of arg (malloced, each decoded); -1 if it is malformed. */
static int split_fields(const char *arg, char ***out, size_t *nr)
{
	char **v = NULL;
	size_t n = 0, alloc = 0;
	struct strbuf f = STRBUF_INIT;

	for (const char *p = arg;; p++) {
		if (!*p || *p == ',') {
			ALLOC_GROW(v, n + 1, alloc);
			v[n++] = xstrndup(f.buf ? f.buf : "", f.len);
			strbuf_reset(&f);
			if (!*p)
				break;
		} else if (*p == '%') {
			int hi = hex_digit(p[1]), lo = hi < 0 ? -1 : hex_digit(p[2]);
			if (lo < 0) {
				strbuf_release(&f);
				free_strings(v, n);
				return -1;
			}
			strbuf_addch(&f, (char)(hi << 4 | lo));
			p += 2;
		} else {
			strbuf_addch(&f, *p);
		}
	}
	strbuf_release(&f);
	*out = v;
	*nr = n;
	return 0;
}

/* The hash of ix's answers (malloced), NULL without an index. */
static char *answers_hash(const struct tc_tpindex *ix, const char *header, const char *header_rel,
			  const char *const *names, size_t nr)
{
	char h[33];

	if (!ix)
		return NULL;
	/* what the answers read (a Makefile's -I) is in them: not a dependency of its own */
	tc_deps_pause();
	char *text = tc_tpindex_answers(ix, header, header_rel, names, nr);
	tc_deps_resume();
	tc_hash_hex(text, strlen(text), h);
	free(text);
	return xstrdup(h);
}

void tc_tpindex_depend(const struct tc_tpindex *ix, const char *root, const char *header,
		       const char *header_rel, const char *const *names, size_t nr)
{
	struct strbuf arg = STRBUF_INIT;

	if (!tc_deps_recording())
		return;
	add_field(&arg, "1"); /* the form of what follows */
	add_field(&arg, root);
	add_field(&arg, header);
	add_field(&arg, header_rel ? header_rel : "");
	for (size_t i = 0; i < nr; i++)
		add_field(&arg, names[i]);
	char *v = answers_hash(ix, header, header_rel, names, nr);
	tc_deps_key("tpanswers", arg.buf, v);
	free(v);
	strbuf_release(&arg);
}

char *tc_tpindex_answers_now(const char *arg)
{
	char **f;
	size_t nr;
	char *v = NULL;

	if (split_fields(arg, &f, &nr))
		return xstrdup("malformed");
	if (nr >= 4 && !strcmp(f[0], "1")) {
		tc_deps_pause();
		const struct tc_tpindex *ix = tc_tpindex_get(f[1]);
		tc_deps_resume();
		v = answers_hash(ix, f[2], *f[3] ? f[3] : NULL, (const char *const *)f + 4, nr - 4);
	} else {
		v = xstrdup("malformed");
	}
	free_strings(f, nr);
	return v;
}

static char *ctp_hash(const struct tc_tpindex *ix)
{
	const char *const *files;
	size_t n = ix ? tc_tpindex_ctp_files(ix, &files) : 0;
	struct tc_hasher hs;
	char h[33];

	if (!ix)
		return NULL;
	tc_hasher_init(&hs);
	for (size_t i = 0; i < n; i++)
		tc_hasher_add(&hs, files[i], strlen(files[i]) + 1);
	tc_hasher_hex(&hs, h);
	return xstrdup(h);
}

void tc_tpindex_depend_ctp(const struct tc_tpindex *ix, const char *root)
{
	struct strbuf arg = STRBUF_INIT;

	if (!tc_deps_recording())
		return;
	add_field(&arg, root);
	char *v = ctp_hash(ix);
	tc_deps_key("tpctp", arg.buf, v);
	free(v);
	strbuf_release(&arg);
}

char *tc_tpindex_ctp_now(const char *arg)
{
	char **f;
	size_t nr;

	if (split_fields(arg, &f, &nr))
		return xstrdup("malformed");
	if (nr != 1) {
		free_strings(f, nr);
		return xstrdup("malformed");
	}
	tc_deps_pause();
	const struct tc_tpindex *ix = tc_tpindex_get(f[0]);
	tc_deps_resume();
	free_strings(f, nr);
	return ctp_hash(ix);
}
