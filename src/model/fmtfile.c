// SPDX-License-Identifier: MIT
#include "fmtfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "util.h"

static char *trim(const char *b, const char *e)
{
	while (b < e && isspace((unsigned char)*b))
		b++;
	while (e > b && isspace((unsigned char)e[-1]))
		e--;
	return xstrndup(b, (size_t)(e - b));
}

/*
 * Split an argument list at the commas the preprocessor splits at:
 * outside parentheses and outside string and character literals.
 */
size_t tc_split_args(const char *s, char ***out)
{
	size_t nr = 0, alloc = 0;
	char **v = NULL;
	const char *b = s, *end = s + strlen(s);
	int depth = 0;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s) {
		*out = NULL;
		return 0;
	}
	for (const char *p = b;; p++) {
		if (*p == '"' || *p == '\'') {
			p += tc_cskip_literal(p, (size_t)(end - p), 0) - 1;
			continue;
		}
		if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		if ((*p == ',' && depth == 0) || !*p) {
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr++] = trim(b, p);
			b = p + 1;
			if (!*p)
				break;
		}
	}
	*out = v;
	return nr;
}

/* "field:TYPE NAME[LEN];" -> type, name, array length. */
static int parse_decl(const char *d, size_t n, struct tc_ff_field *f)
{
	char *decl = xstrndup(d, n);
	char *end = decl + strlen(decl);
	char *br = NULL;

	while (end > decl && isspace((unsigned char)end[-1]))
		*--end = '\0';
	f->array_len = -1;
	if (end > decl && end[-1] == ']') {
		br = strrchr(decl, '[');
		if (!br) {
			free(decl);
			return -1;
		}
		f->array_len = strtol(br + 1, NULL, 0);
		end = br;
	}
	char *nb = end;
	while (nb > decl && (isalnum((unsigned char)nb[-1]) || nb[-1] == '_'))
		nb--;
	if (nb == end || nb == decl) {
		free(decl);
		return -1;
	}
	f->name = xstrndup(nb, (size_t)(end - nb));
	char *te = nb;
	while (te > decl && isspace((unsigned char)te[-1]))
		te--;
	f->type = xstrndup(decl, (size_t)(te - decl));
	if (br) { /* u8[6] as the type libtraceevent sees; we keep the element type */
		f->array_len = f->array_len > 0 ? f->array_len : 0;
	}
	if (starts_with(f->type, "__data_loc"))
		f->dyn = TC_FF_DATA_LOC;
	else if (starts_with(f->type, "__rel_loc"))
		f->dyn = TC_FF_REL_LOC;
	free(decl);
	return 0;
}

/*
 * The number after key (decimal, as the kernel writes it); *ok = 0 when
 * there is none, or it is not a number below 2^24 (a record fits in a
 * ring-buffer page).
 */
static long field_num(const char *line, const char *key, int *ok)
{
	const char *p = strstr(line, key);
	char *end;

	if (!p) {
		*ok = 0;
		return -1;
	}
	p += strlen(key);
	errno = 0;
	long v = isdigit((unsigned char)*p) || (*p == '-' && isdigit((unsigned char)p[1]))
			 ? strtol(p, &end, 10)
			 : (end = (char *)p, 0);
	if (end == p || errno || v >= 1L << 24 || v <= -(1L << 24) || (*end && *end != ';')) {
		*ok = 0;
		return -1;
	}
	return v;
}

static int parse(const char *text, struct tc_fmtfile *ff, const char **why);

/* A failed parse leaves nothing to release. */
int tc_fmtfile_parse(const char *text, struct tc_fmtfile *ff, const char **why)
{
	int rc = parse(text, ff, why);

	if (rc)
		tc_fmtfile_release(ff);
	return rc;
}

static int parse(const char *text, struct tc_fmtfile *ff, const char **why)
{
	int lineno = 0, blank = 0;
	const char *l = text;

	memset(ff, 0, sizeof(*ff));
	ff->id = -1;
	while (*l) {
		const char *eol = strchrnul(l, '\n');
		size_t n = (size_t)(eol - l);
		char *line = xstrndup(l, n);
		lineno++;
		if (starts_with(line, "name: ")) {
			free(ff->name);
			ff->name = xstrdup(line + 6);
		} else if (starts_with(line, "ID: ")) {
			ff->id = strtol(line + 4, NULL, 10);
		} else if (!strcmp(line, "format:")) {
			;
		} else if (!*line) {
			blank++;
		} else if (starts_with(line, "\tfield:")) {
			struct tc_ff_field f = { 0 };
			const char *semi = strchr(line + 7, ';');
			int ok = 1;
			if (!semi || parse_decl(line + 7, (size_t)(semi - line - 7), &f)) {
				free(line);
				*why = "a field line is malformed";
				return -1;
			}
			f.offset = field_num(semi, "offset:", &ok);
			f.size = field_num(semi, "size:", &ok);
			int sok = 1;
			f.is_signed = (int)field_num(semi, "signed:", &sok);
			if (!sok)
				f.is_signed = 0;
			if (!ok || f.offset < 0 || f.size < 0) {
				free(f.name);
				free(f.type);
				free(line);
				*why = "a field's offset or size is missing or not a number of bytes "
				       "(below 16777216)";
				return -1;
			}
			f.common = blank == 0;
			f.line = lineno;
			if (f.offset + f.size > ff->record_size)
				ff->record_size = f.offset + f.size;
			ALLOC_GROW(ff->fields, ff->nr_fields + 1, ff->alloc_fields);
			ff->fields[ff->nr_fields++] = f;
		} else if (starts_with(line, "print fmt: ")) {
			ff->print_fmt = xstrdup(l + 11);
			ff->print_line = lineno;
			free(line);
			break;
		}
		free(line);
		l = *eol ? eol + 1 : eol;
	}
	if (!ff->name) {
		*why = "it has no 'name:' line";
		return -1;
	}
	if (!ff->print_fmt) {
		*why = "it has no 'print fmt:' line";
		return -1;
	}
	/* the print fmt runs to the end of the text, less the final newline */
	size_t pl = strlen(ff->print_fmt);
	if (pl && ff->print_fmt[pl - 1] == '\n')
		ff->print_fmt[pl - 1] = '\0';
	const char *p = ff->print_fmt;
	if (*p != '"') {
		ff->fmt = xstrdup(p); /* a bare string, as applespi_irq_received's */
		return 0;
	}
	/*
	 * The file has the string as the compiler decoded it: no escapes,
	 * and a '"' of the format (from \" in C) stands there as it is.  The
	 * closing quote is the first one followed by ", " or the end.
	 */
	const char *q = p + 1;
	while (*q && !(*q == '"' && (!q[1] || !strncmp(q + 1, ", ", 2))))
		q++;
	if (!*q) {
		*why = "its print fmt string is not terminated";
		return -1;
	}
	ff->fmt = xstrndup(p + 1, (size_t)(q - p - 1));
	q++;
	while (*q == ' ')
		q++;
	if (*q == ',')
		ff->nr_args = tc_split_args(q + 1, &ff->args);
	return 0;
}

void tc_fmtfile_release(struct tc_fmtfile *ff)
{
	for (size_t i = 0; i < ff->nr_fields; i++) {
		free(ff->fields[i].type);
		free(ff->fields[i].name);
	}
	free(ff->fields);
	for (size_t i = 0; i < ff->nr_args; i++)
		free(ff->args[i]);
	free(ff->args);
	free(ff->name);
	free(ff->print_fmt);
	free(ff->fmt);
	memset(ff, 0, sizeof(*ff));
}

const struct tc_ff_field *tc_fmtfile_field(const struct tc_fmtfile *ff, const char *name)
{
	/* libtraceevent looks up common fields first */
	for (int common = 1; common >= 0; common--)
		for (size_t i = 0; i < ff->nr_fields; i++)
			if (ff->fields[i].common == common && !strcmp(ff->fields[i].name, name))
				return &ff->fields[i];
	return NULL;
}
