// SPDX-License-Identifier: MIT
#include "compdb.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "instantiator.h"
#include "json.h"
#include "strbuf.h"
#include "util.h"

static char *dup_str(const struct tc_json *v)
{
	const char *s = tc_json_str(v);

	return s ? xstrdup(s) : NULL;
}

int tc_compdb_load(const char *path, struct tc_compdb *db)
{
	char *text = read_file(path, NULL);
	const char *why = NULL;
	unsigned line = 0;
	int bad = 0;

	memset(db, 0, sizeof(*db));
	if (!text) {
		error("%s: %s", path, strerror(errno));
		return -1;
	}
	struct tc_json *doc = tc_json_parse(text, &why, &line);
	free(text);
	if (!doc) {
		error_at(path, line, 0, "not a compile_commands.json (malformed JSON: %s)", why);
		return -1;
	}
	if (doc->type != TC_JSON_ARRAY)
		bad = 1;
	for (size_t i = 0; !bad && i < doc->nr; i++) {
		const struct tc_json *o = doc->items[i];
		const struct tc_json *args = tc_json_get(o, "arguments");
		struct tc_compdb_entry e = { 0 };

		e.directory = dup_str(tc_json_get(o, "directory"));
		e.file = dup_str(tc_json_get(o, "file"));
		e.command = dup_str(tc_json_get(o, "command"));
		if (args && args->type == TC_JSON_ARRAY) {
			e.arguments = xcalloc(args->nr + 1, sizeof(*e.arguments));
			for (size_t k = 0; k < args->nr; k++)
				if (tc_json_str(args->items[k]))
					e.arguments[e.nr_arguments++] = dup_str(args->items[k]);
		}
		if (!e.directory || !e.file || (!e.command && !e.arguments))
			bad = 2;
		ALLOC_GROW(db->v, db->nr + 1, db->alloc);
		db->v[db->nr++] = e;
	}
	tc_json_free(doc);
	if (bad) {
		error("%s: not a compile_commands.json (%s)", path,
		      bad == 2 ? "an entry lacks directory, file or command" : "not an array of entries");
		tc_compdb_release(db);
		return -1;
	}
	return 0;
}

void tc_compdb_release(struct tc_compdb *db)
{
	for (size_t i = 0; i < db->nr; i++) {
		struct tc_compdb_entry *e = &db->v[i];
		free(e->directory);
		free(e->file);
		free(e->command);
		for (size_t k = 0; k < e->nr_arguments; k++)
			free(e->arguments[k]);
		free(e->arguments);
	}
	free(db->v);
	memset(db, 0, sizeof(*db));
}

const struct tc_compdb_entry *tc_compdb_instantiator(const struct tc_compdb *db,
						      const char *header)
{
	for (size_t i = 0; i < db->nr; i++) {
		const struct tc_compdb_entry *e = &db->v[i];
		if (!ends_with(e->file, ".c"))
			continue;
		char *file = e->file[0] == '/' ? xstrdup(e->file)
					       : xasprintf("%s/%s", e->directory, e->file);
		struct tc_instantiator *in = tc_instantiator_of(file, header);
		free(file);
		if (in) {
			tc_instantiator_free(in);
			return e;
		}
	}
	return NULL;
}

/* Split a shell command line as sh would (quotes, backslashes; no expansion). */
static size_t shell_split(const char *s, char ***out)
{
	char **v = NULL;
	size_t nr = 0, alloc = 0;

	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		struct strbuf w = STRBUF_INIT;
		strbuf_addstr(&w, "");
		while (*s && !isspace((unsigned char)*s)) {
			if (*s == '\'') {
				for (s++; *s && *s != '\''; s++)
					strbuf_addch(&w, *s);
				if (*s)
					s++;
			} else if (*s == '"') {
				for (s++; *s && *s != '"'; s++) {
					if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
						s++;
					strbuf_addch(&w, *s);
				}
				if (*s)
					s++;
			} else if (*s == '\\' && s[1]) {
				strbuf_addch(&w, s[1]);
				s += 2;
			} else {
				strbuf_addch(&w, *s++);
			}
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = strbuf_detach(&w);
	}
	*out = v;
	return nr;
}

static char *absolute_in(const char *dir, const char *p)
{
	return p[0] == '/' ? xstrdup(p) : xasprintf("%s/%s", dir, p);
}

size_t tc_compdb_argv(const struct tc_compdb_entry *e, const char *progname, char ***argv)
{
	char **words = NULL;
	size_t nw;
	char **v = NULL;
	size_t nr = 0, alloc = 0;
	char *file = absolute_in(e->directory, e->file);

	if (e->command) {
		nw = shell_split(e->command, &words);
	} else {
		nw = e->nr_arguments;
		words = xcalloc(nw + 1, sizeof(*words));
		for (size_t i = 0; i < nw; i++)
			words[i] = xstrdup(e->arguments[i]);
	}
	ALLOC_GROW(v, nr + 1, alloc);
	v[nr++] = xstrdup(progname);
	for (size_t i = 1; i < nw; i++) { /* words[0] is the compiler */
		const char *a = words[i];
		char *real = NULL;
		if (!strcmp(a, "-c"))
			continue;
		if (!strcmp(a, "-o") && i + 1 < nw) {
			i++;
			continue;
		}
		/* the source file itself goes last */
		char *abs = absolute_in(e->directory, a);
		int is_src = !strcmp(abs, file) || !strcmp(a, e->file);
		free(abs);
		if (is_src)
			continue;
		if ((!strcmp(a, "-I") || !strcmp(a, "-include") || !strcmp(a, "-isystem") ||
		     !strcmp(a, "-iquote")) &&
		    i + 1 < nw) {
			ALLOC_GROW(v, nr + 2, alloc);
			v[nr++] = xstrdup(a);
			v[nr++] = absolute_in(e->directory, words[++i]);
			continue;
		}
		if (starts_with(a, "-I") && a[2])
			real = a[2] == '/' ? xstrdup(a) : xasprintf("-I%s/%s", e->directory, a + 2);
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = real ? real : xstrdup(a);
	}
	ALLOC_GROW(v, nr + 2, alloc);
	v[nr++] = file;
	v[nr] = NULL;
	for (size_t i = 0; i < nw; i++)
		free(words[i]);
	free(words);
	*argv = v;
	return nr;
}
