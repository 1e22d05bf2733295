// SPDX-License-Identifier: MIT
#include "pconv.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static long digits(const char *fmt, size_t *i)
{
	long v = 0;

	if (!isdigit((unsigned char)fmt[*i]))
		return -1;
	while (isdigit((unsigned char)fmt[*i])) {
		if (v < 100000000L)
			v = v * 10 + (fmt[*i] - '0');
		(*i)++;
	}
	return v;
}

/* format_decode()'s qualifier: one of h l L z t, hh and ll doubled. */
static void kernel_qual(const char *fmt, size_t *i, struct tc_pconv *c)
{
	char q = fmt[*i];

	if (q != 'h' && q != 'l' && q != 'L' && q != 'z' && q != 't')
		return;
	c->qual = q;
	(*i)++;
	if (fmt[*i] == q && q == 'l')
		c->qual = 'L', (*i)++;
	else if (fmt[*i] == q && q == 'h')
		c->qual = 'H', (*i)++;
}

/* -Wformat's and libtraceevent's: any run of h l L q j z Z t. */
static void gnu_qual(const char *fmt, size_t *i, struct tc_pconv *c)
{
	size_t n = strspn(fmt + *i, "hlLqjzZt");
	const char *m = fmt + *i;

	if (!n)
		return;
	if (n == 2 && m[0] == 'h' && m[1] == 'h')
		c->qual = 'H';
	else if ((n == 2 && m[0] == 'l' && m[1] == 'l') || m[0] == 'L' || m[0] == 'q')
		c->qual = 'L';
	else if (m[0] == 'Z')
		c->qual = 'z';
	else
		c->qual = m[0];
	*i += n;
}

int tc_pconv_next(const char *fmt, size_t *pos, enum tc_pconv_dialect d, struct tc_pconv *c)
{
	size_t i = *pos;

	for (;;) {
		const char *p = strchr(fmt + i, '%');
		if (!p)
			return 0;
		i = (size_t)(p - fmt);
		memset(c, 0, sizeof(*c));
		c->start = i++;
		if (fmt[i] == '%') {
			i++;
			continue;
		}
		i += strspn(fmt + i, "-+ #0");
		if (fmt[i] == '*') {
			c->width_star = 1, i++;
			c->width = -1;
		} else {
			c->width = digits(fmt, &i);
		}
		c->prec = -1;
		if (fmt[i] == '.') {
			i++;
			if (fmt[i] == '*')
				c->prec_star = 1, i++;
			else if ((c->prec = digits(fmt, &i)) < 0)
				c->prec = 0;
		}
		c->len = i;
		if (d == TC_PCONV_KERNEL)
			kernel_qual(fmt, &i, c);
		else
			gnu_qual(fmt, &i, c);
		c->len_n = i - c->len;
		if (d == TC_PCONV_KERNEL && fmt[i] == '%') {
			i++; /* format_decode(): FORMAT_TYPE_PERCENT_CHAR */
			continue;
		}
		c->conv = fmt[i];
		if (d == TC_PCONV_KERNEL)
			c->invalid = !c->conv || !strchr("cspoxXdiu", c->conv);
		else
			c->invalid = !c->conv || !strchr("diouxXcspneEfgGaA", c->conv);
		if (fmt[i])
			i++;
		if (c->conv == 'p') {
			c->ext = i;
			while (isalnum((unsigned char)fmt[i]))
				i++;
			c->ext_n = i - c->ext;
		}
		c->end = i;
		c->nr_args = (size_t)(c->width_star + c->prec_star) + (c->conv ? 1 : 0);
		*pos = i;
		return 1;
	}
}

size_t tc_pconvs(const char *fmt, enum tc_pconv_dialect d, struct tc_pconv **out)
{
	struct tc_pconv *v = NULL, c;
	size_t nr = 0, alloc = 0, pos = 0, arg = 0;

	while (tc_pconv_next(fmt, &pos, d, &c)) {
		c.first_arg = arg;
		arg += c.nr_args;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = c;
	}
	*out = v;
	return nr;
}

size_t tc_pconv_nr_args(const char *fmt)
{
	struct tc_pconv c;
	size_t pos = 0, n = 0;

	while (tc_pconv_next(fmt, &pos, TC_PCONV_GNU, &c))
		n += (size_t)(c.width_star + c.prec_star) + !c.invalid;
	return n;
}

const char *tc_pconv_int_type(const char *len, char conv)
{
	static const struct {
		const char *len, *sig, *uns;
	} types[] = {
		{ "", "int", "unsigned int" },
		{ "hh", "signed char", "unsigned char" },
		{ "h", "short", "unsigned short" },
		{ "l", "long", "unsigned long" },
		{ "ll", "long long", "unsigned long long" },
		{ "z", "ssize_t", "size_t" },
	};

	if (conv == 'c')
		return len[0] ? NULL : "char";
	for (size_t i = 0; i < ARRAY_SIZE(types); i++) {
		if (strcmp(types[i].len, len))
			continue;
		if (conv == 'd' || conv == 'i')
			return types[i].sig;
		if (strchr("uxXo", conv))
			return types[i].uns;
	}
	return NULL;
}
