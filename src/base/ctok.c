// SPDX-License-Identifier: MIT
#include "ctok.h"

#include <ctype.h>
#include <string.h>

#include "util.h"

static const char *const multi_ops[] = {
	"<<=", ">>=", "...", "->", "++", "--", "||", "&&", "<<", ">>", "+=", "-=",
	"*=",  "/=",  "%=",  "&=", "|=", "^=", "<=", ">=", "!=", "==", "##",
};

size_t tc_ctokenize(const char *s, struct tc_ctok **out)
{
	size_t nr = 0, alloc = 0;
	struct tc_ctok *v = NULL;

	while (*s) {
		const char *b = s;
		if (isspace((unsigned char)*s)) {
			s++;
			continue;
		}
		if (isdigit((unsigned char)*s)) {
			while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
				s++;
		} else if (isalpha((unsigned char)*s) || *s == '_') {
			while (isalnum((unsigned char)*s) || *s == '_')
				s++;
		} else if (*s == '"' || *s == '\'') {
			char q = *s++;
			while (*s && *s != q) {
				if (*s == '\\' && s[1])
					s++;
				s++;
			}
			if (*s)
				s++;
		} else {
			size_t n = 1;
			for (size_t i = 0; i < ARRAY_SIZE(multi_ops); i++) {
				size_t l = strlen(multi_ops[i]);
				if (!strncmp(s, multi_ops[i], l)) {
					n = l;
					break;
				}
			}
			s += n;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].p = b;
		v[nr].n = (size_t)(s - b);
		nr++;
	}
	*out = v;
	return nr;
}

int tc_ctok_is(const struct tc_ctok *t, const char *s)
{
	return t->n == strlen(s) && !strncmp(t->p, s, t->n);
}

int tc_ctok_is_ident(const struct tc_ctok *t)
{
	return t->n && (isalpha((unsigned char)t->p[0]) || t->p[0] == '_');
}

size_t tc_cskip_comment(const char *t, size_t end, size_t i)
{
	if (i + 1 >= end || t[i] != '/')
		return i;
	if (t[i + 1] == '*') {
		const char *e = memmem(t + i + 2, end - i - 2, "*/", 2);
		return e ? (size_t)(e - t) + 2 : end;
	}
	if (t[i + 1] != '/')
		return i;
	while (i < end && t[i] != '\n') {
		if (t[i] == '\\' && i + 1 < end && t[i + 1] == '\n')
			i++;
		i++;
	}
	return i;
}

size_t tc_cskip_literal(const char *t, size_t end, size_t i)
{
	char q;
	size_t j = i + 1;

	if (i >= end || (t[i] != '"' && t[i] != '\''))
		return i;
	q = t[i];
	while (j < end && t[j] != q && t[j] != '\n') {
		if (t[j] == '\\' && j + 1 < end)
			j++;
		j++;
	}
	return j < end ? j + 1 : end;
}

size_t tc_cskip(const char *t, size_t end, size_t i)
{
	size_t e = tc_cskip_comment(t, end, i);

	return e != i ? e : tc_cskip_literal(t, end, i);
}
