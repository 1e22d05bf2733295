// SPDX-License-Identifier: MIT
#include "compdb.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "instantiator.h"
#include "strbuf.h"
#include "util.h"

/* ---- a small JSON reader: what compile_commands.json uses ---- */

struct js {
	const char *p;
	int bad;
};

static void ws(struct js *j)
{
	while (isspace((unsigned char)*j->p))
		j->p++;
}

static char *jstring(struct js *j)
{
	struct strbuf sb = STRBUF_INIT;

	ws(j);
	if (*j->p != '"') {
		j->bad = 1;
		return NULL;
	}
	j->p++;
	while (*j->p && *j->p != '"') {
		char c = *j->p++;
		if (c == '\\') {
			c = *j->p++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned v = 0;
				for (int k = 0; k < 4 && isxdigit((unsigned char)*j->p); k++, j->p++)
					v = v * 16 + (unsigned)(isdigit((unsigned char)*j->p)
									? *j->p - '0'
									: tolower((unsigned char)*j->p) - 'a' + 10);
				c = v < 0x80 ? (char)v : '?';
				break;
			}
			case '\0':
				j->bad = 1;
				strbuf_release(&sb);
				return NULL;
			default:
				break; /* \" \\ \/ */
			}
		}
		strbuf_addch(&sb, c);
	}
	if (*j->p != '"') {
		j->bad = 1;
		strbuf_release(&sb);
		return NULL;
	}
	j->p++;
	return strbuf_detach(&sb);
}

/* Skip any value. */
static void jskip(struct js *j)
{
	ws(j);
	if (*j->p == '"') {
		free(jstring(j));
	} else if (*j->p == '{' || *j->p == '[') {
		char open = *j->p, close = open == '{' ? '}' : ']';
		j->p++;
		ws(j);
		if (*j->p == close) {
			j->p++;
			return;
		}
		for (;;) {
			if (open == '{') {
				free(jstring(j));
				ws(j);
				if (*j->p++ != ':') {
					j->bad = 1;
					return;
				}
			}
			jskip(j);
			ws(j);
			if (*j->p == ',') {
				j->p++;
				continue;
			}
			if (*j->p == close) {
				j->p++;
				return;
			}
			j->bad = 1;
			return;
		}
	} else {
		while (*j->p && !strchr(",]} \t\r\n", *j->p))
			j->p++;
	}
}

int tc_compdb_load(const char *path, struct tc_compdb *db)
{
	char *text = read_file(path, NULL);
	struct js j;

	memset(db, 0, sizeof(*db));
	if (!text) {
		error("%s: %s", path, strerror(errno));
		return -1;
	}
	j.p = text;
	j.bad = 0;
	ws(&j);
	if (*j.p++ != '[')
		j.bad = 1;
	ws(&j);
	if (!j.bad && *j.p == ']')
		j.p++;
	else
		while (!j.bad) {
			struct tc_compdb_entry e = { 0 };
			ws(&j);
			if (*j.p++ != '{') {
				j.bad = 1;
				break;
			}
			ws(&j);
			while (!j.bad && *j.p != '}') {
				char *key = jstring(&j);
				ws(&j);
				if (!key || *j.p++ != ':') {
					free(key);
					j.bad = 1;
					break;
				}
				if (!strcmp(key, "directory"))
					e.directory = jstring(&j);
				else if (!strcmp(key, "file"))
					e.file = jstring(&j);
				else if (!strcmp(key, "command"))
					e.command = jstring(&j);
				else if (!strcmp(key, "arguments")) {
					ws(&j);
					if (*j.p++ != '[') {
						j.bad = 1;
					} else {
						size_t alloc = 0;
						ws(&j);
						while (!j.bad && *j.p != ']') {
							ALLOC_GROW(e.arguments, e.nr_arguments + 1, alloc);
							e.arguments[e.nr_arguments++] = jstring(&j);
							ws(&j);
							if (*j.p == ',')
								j.p++, ws(&j);
						}
						j.p++;
					}
				} else {
					jskip(&j);
				}
				free(key);
				ws(&j);
				if (*j.p == ',')
					j.p++, ws(&j);
			}
			j.p++;
			if (!e.directory || !e.file || (!e.command && !e.arguments))
				j.bad = j.bad ? 1 : 2;
			ALLOC_GROW(db->v, db->nr + 1, db->alloc);
			db->v[db->nr++] = e;
			ws(&j);
			if (*j.p == ',') {
				j.p++;
				continue;
			}
			if (*j.p == ']')
				break;
			j.bad = 1;
		}
	free(text);
	if (j.bad) {
		error("%s: not a compile_commands.json (%s)", path,
		      j.bad == 2 ? "an entry lacks directory, file or command" : "malformed JSON");
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
