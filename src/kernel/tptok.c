// SPDX-License-Identifier: MIT
/*
 * The tracepoint index's tokens (tpindex_int.h): C's, with the #define
 * each token is in and the CONFIG_ option of the #if around it
 * (comments, strings and the lines of other directives left out), and
 * Rust's.
 */
#include "tpindex_int.h"

#include <string.h>

#include "ctok.h"
#include "kbuildcfg.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* tokens */

static int ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int ident_char(int c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static void push_tok(struct toks *t, const char *p, unsigned n, int kind, int def)
{
	const struct cframe *c = NULL;

	for (size_t i = t->nr_cs; i-- > 0 && !c;)
		if (t->cs[i].p)
			c = &t->cs[i];
	ALLOC_GROW(t->v, t->nr + 1, t->alloc);
	t->v[t->nr++] = (struct tok){ p, n, (unsigned char)kind, 0, def, c ? c->p : NULL,
				      c ? c->n : 0 };
}

/*
 * Skip white space, comments and backslash-newlines; stop at a newline
 * if in_dir, else set *nl when one is passed.
 */
static const char *skip_space_nl(const char *p, const char *end, int in_dir, int *nl)
{
	while (p < end) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') {
			p++;
		} else if (*p == '\\' && p + 1 < end && (p[1] == '\n' || p[1] == '\r')) {
			p += 2;
			if (p < end && p[-1] == '\r' && *p == '\n')
				p++;
		} else if (*p == '\n') {
			if (in_dir)
				return p;
			if (nl)
				*nl = 1;
			p++;
		} else {
			size_t n = tc_cskip_comment(p, (size_t)(end - p), 0);
			if (!n)
				break;
			p += n;
		}
	}
	return p;
}

static const char *skip_space(const char *p, const char *end, int in_dir)
{
	return skip_space_nl(p, end, in_dir, NULL);
}

/* The end of the directive line starting at p. */
static const char *line_end(const char *p, const char *end)
{
	while (p < end && *p != '\n') {
		if (*p == '\\' && p + 1 < end && p[1] == '\n')
			p++;
		else if (*p == '/' && p + 1 < end && p[1] == '*') {
			p += tc_cskip_comment(p, (size_t)(end - p), 0);
			continue;
		}
		p++;
	}
	return p;
}

/* #if, #ifdef, #ifndef, #elif, #else, #endif: the option each line is under */
static void cond_directive(struct toks *t, const char *d, const char *e, const char *end)
{
	size_t dn = (size_t)(e - d), n = 0;
	const char *body = skip_space(e, end, 1), *le = line_end(body, end), *c = NULL;

	if ((dn == 2 && !memcmp(d, "if", 2)) || (dn == 5 && !memcmp(d, "ifdef", 5))) {
		c = tc_kbuild_cond(body, (size_t)(le - body), &n);
		/* built whenever there are tracepoints at all */
		if (c && tc_kbuild_tracing_option(c, n))
			c = NULL;
	} else if (dn == 6 && !memcmp(d, "ifndef", 6)) {
		c = NULL;
	} else if ((dn == 4 && (!memcmp(d, "elif", 4) || !memcmp(d, "else", 4))) ||
		   (dn == 7 && !memcmp(d, "elifdef", 7)) || (dn == 8 && !memcmp(d, "elifndef", 8))) {
		/* the other branch: under no option that can be named */
		if (t->nr_cs)
			t->cs[t->nr_cs - 1] = (struct cframe){ NULL, 0 };
		return;
	} else if (dn == 5 && !memcmp(d, "endif", 5)) {
		if (t->nr_cs)
			t->nr_cs--;
		return;
	} else {
		return;
	}
	ALLOC_GROW(t->cs, t->nr_cs + 1, t->alloc_cs);
	t->cs[t->nr_cs++] = (struct cframe){ c, (unsigned)n };
}

void tp_tokenize(const char *text, size_t len, struct toks *t)
{
	const char *p = text, *end = text + len;
	int bol = 1, def = -1, in_dir = 0;

	t->nr = t->nr_defs = t->nr_cs = 0;
	while (p < end) {
		p = skip_space_nl(p, end, in_dir, &bol);
		if (p >= end)
			break;
		if (*p == '\n') { /* the end of a #define */
			in_dir = 0;
			def = -1;
			bol = 1;
			p++;
			continue;
		}
		if (*p == '#' && bol && !in_dir) {
			const char *d = skip_space(p + 1, end, 1);
			const char *e = d;
			while (e < end && ident_char((unsigned char)*e))
				e++;
			if (e - d == 6 && !memcmp(d, "define", 6)) {
				const char *n = skip_space(e, end, 1);
				const char *ne = n;
				while (ne < end && ident_char((unsigned char)*ne))
					ne++;
				if (ne == n) {
					p = line_end(e, end);
					continue;
				}
				ALLOC_GROW(t->defs, t->nr_defs + 1, t->alloc_defs);
				struct def *df = &t->defs[t->nr_defs];
				df->name = n;
				df->n = (unsigned)(ne - n);
				df->nr_params = -1;
				push_tok(t, n, df->n, T_IDENT, (int)t->nr_defs);
				t->v[t->nr - 1].defname = 1;
				p = ne;
				if (p < end && *p == '(') {
					df->nr_params = 0;
					p++;
					for (;;) {
						p = skip_space(p, end, 1);
						if (p >= end || *p == '\n' || *p == ')')
							break;
						const char *a = p;
						while (p < end && (ident_char((unsigned char)*p) || *p == '.'))
							p++;
						if (p > a && df->nr_params < 32) {
							df->params[df->nr_params] = a;
							df->plen[df->nr_params++] = (unsigned)(p - a);
						}
						p = skip_space(p, end, 1);
						if (p < end && *p == ',')
							p++;
						else if (p == a)
							p++;
					}
					if (p < end && *p == ')')
						p++;
				}
				def = (int)t->nr_defs++;
				in_dir = 1;
				bol = 0;
				continue;
			}
			/* other directives: only the conditions */
			cond_directive(t, d, e, end);
			p = line_end(e, end);
			continue;
		}
		bol = 0;
		const char *s = p;
		if (ident_start((unsigned char)*p)) {
			while (p < end && ident_char((unsigned char)*p))
				p++;
			/* L"..." and u8'...' are literals */
			if (p < end && (*p == '"' || *p == '\'')) {
				p += tc_cskip_literal(p, (size_t)(end - p), 0);
				continue;
			}
			push_tok(t, s, (unsigned)(p - s), T_IDENT, def);
		} else if (*p >= '0' && *p <= '9') {
			while (p < end && (ident_char((unsigned char)*p) || *p == '.'))
				p++;
			push_tok(t, s, (unsigned)(p - s), T_NUM, def);
		} else if (*p == '"' || *p == '\'') {
			p += tc_cskip_literal(p, (size_t)(end - p), 0);
		} else if (*p == '#' && p + 1 < end && p[1] == '#') {
			p += 2;
			push_tok(t, s, 2, T_PASTE, def);
		} else {
			int k = *p == '(' ? T_LP : *p == ')' ? T_RP : *p == ',' ? T_COMMA : T_OTHER;
			p++;
			push_tok(t, s, 1, k, def);
		}
	}
}

int tok_is(const struct tok *k, const char *s)
{
	return k->n && k->p[0] == s[0] && strlen(s) == k->n && !memcmp(k->p, s, k->n);
}

/* Index of the parameter of def d that token k is, or -1. */
int tp_param_of(const struct toks *t, const struct tok *k)
{
	if (k->def < 0 || k->kind != T_IDENT)
		return -1;
	const struct def *d = &t->defs[k->def];
	for (int i = 0; i < d->nr_params; i++)
		if (d->plen[i] == k->n && !memcmp(d->params[i], k->p, k->n))
			return i;
	return -1;
}

int tok_ch(const struct tok *k, char c)
{
	return k->n == 1 && k->p[0] == c;
}

int tok_same(const struct tok *a, const struct tok *b)
{
	return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

/* The '(' that the ')' at rp closes, or (size_t)-1. */
size_t open_of(const struct toks *t, size_t rp, char open, char close)
{
	int depth = 0;

	for (size_t j = rp + 1; j-- > 0;) {
		if (tok_ch(&t->v[j], close))
			depth++;
		else if (tok_ch(&t->v[j], open) && !--depth)
			return j;
	}
	return (size_t)-1;
}

/* Is off of text inside an #if 0 (or the #else of an #if 1)? */
int in_if0(const char *text, size_t off)
{
	int depth = 0, dead = 0; /* dead: depth of the outermost dead #if, 0 none */

	/* past a line's '\n', or past a NUL byte within the text (strchrnul() stops there) */
	for (const char *l = text; l < text + off; l = strchrnul(l, '\n') + 1) {
		const char *p = l;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '#')
			continue;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (starts_with(p, "if")) {
			depth++;
			const char *q = p + 2;
			if (!dead && (*q == ' ' || *q == '\t')) {
				while (*q == ' ' || *q == '\t')
					q++;
				if (*q == '0' && !ident_char((unsigned char)q[1]))
					dead = depth;
			}
		} else if (starts_with(p, "endif")) {
			if (dead == depth)
				dead = 0;
			depth--;
		} else if ((starts_with(p, "else") || starts_with(p, "elif")) && dead == depth) {
			dead = 0;
		}
	}
	return dead != 0;
}


/* Past the comment at p (block comments nest), or p itself. */
static const char *rs_skip_comment(const char *p, const char *end)
{
	int depth = 0;

	if (end - p < 2 || p[0] != '/' || (p[1] != '/' && p[1] != '*'))
		return p;
	if (p[1] == '/') {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		return nl ? nl + 1 : end;
	}
	while (p < end) {
		if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			depth++;
			p += 2;
		} else if (p + 1 < end && p[0] == '*' && p[1] == '/') {
			p += 2;
			if (!--depth)
				return p;
		} else {
			p++;
		}
	}
	return end;
}

/* Past the string whose opening quote is at p. */
static const char *rs_skip_string(const char *p, const char *end)
{
	for (p++; p < end; p++) {
		if (*p == '\\')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return end;
}

/* Past the raw string whose hashes (or quote) start at p; NULL if none. */
static const char *rs_skip_raw(const char *p, const char *end)
{
	size_t h = 0;

	while (p < end && *p == '#') {
		h++;
		p++;
	}
	if (p >= end || *p != '"')
		return NULL;
	for (p++; p < end; p++) {
		size_t k = 0;
		if (*p != '"')
			continue;
		while (k < h && p + 1 + k < end && p[1 + k] == '#')
			k++;
		if (k == h)
			return p + 1 + h;
	}
	return end;
}

/* Past the character literal at p ('x', '\n', '\u{..}'); NULL for a lifetime 'a. */
static const char *rs_skip_char(const char *p, const char *end)
{
	const char *q = p + 1;

	if (q < end && *q == '\\') {
		for (q += 2; q < end && *q != '\'' && *q != '\n'; q++)
			;
		return q < end && *q == '\'' ? q + 1 : q;
	}
	if (q < end)
		q++;
	while (q < end && ((unsigned char)*q & 0xc0) == 0x80) /* the rest of a UTF-8 character */
		q++;
	return q < end && *q == '\'' ? q + 1 : NULL;
}

/* Rust's tokens: identifiers ($name too), numbers and single punctuation. */
void tp_rs_tokenize(const char *text, size_t len, struct toks *t)
{
	const char *p = text, *end = text + len, *q;

	t->nr = t->nr_defs = t->nr_cs = 0;
	while (p < end) {
		const char *s = p;
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;
		} else if ((q = rs_skip_comment(p, end)) != p) {
			p = q;
		} else if (*p == '"') {
			p = rs_skip_string(p, end);
		} else if (*p == '\'') {
			q = rs_skip_char(p, end);
			p = q ? q : p + 1;
		} else if (ident_start((unsigned char)*p)) {
			while (p < end && ident_char((unsigned char)*p))
				p++;
			size_t n = (size_t)(p - s);
			int raw = n <= 2 && s[n - 1] == 'r' && (n == 1 || *s == 'b' || *s == 'c');
			/* b"..", c"..", r"..", r#".."#, br#".."#, b'x', r#ident */
			if (p < end && *p == '"' && (raw || (n == 1 && (*s == 'b' || *s == 'c')))) {
				p = raw ? rs_skip_raw(p, end) : rs_skip_string(p, end);
			} else if (p < end && *p == '#' && raw && (q = rs_skip_raw(p, end))) {
				p = q;
			} else if (p < end && *p == '\'' && n == 1 && *s == 'b') {
				q = rs_skip_char(p, end);
				p = q ? q : p + 1;
			} else if (p + 1 < end && *p == '#' && n == 1 && *s == 'r' &&
				   ident_start((unsigned char)p[1])) {
				for (s = ++p; p < end && ident_char((unsigned char)*p); p++)
					;
				push_tok(t, s, (unsigned)(p - s), T_IDENT, -1);
			} else {
				push_tok(t, s, (unsigned)n, T_IDENT, -1);
			}
		} else if (*p >= '0' && *p <= '9') {
			while (p < end && ident_char((unsigned char)*p))
				p++;
			push_tok(t, s, (unsigned)(p - s), T_NUM, -1);
		} else {
			int k = *p == '(' ? T_LP : *p == ')' ? T_RP : *p == ',' ? T_COMMA : T_OTHER;
			p++;
			push_tok(t, s, 1, k, -1);
		}
	}
}

int tp_rs_punct(const struct tok *k, char c)
{
	return k->kind != T_IDENT && k->kind != T_NUM && *k->p == c;
}

