// SPDX-License-Identifier: MIT
#include "ctok.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

static const char *const multi_ops[] = {
	"<<=", ">>=", "...", "->", "++", "--", "||", "&&", "<<", ">>", "+=", "-=",
	"*=",  "/=",  "%=",  "&=", "|=", "^=", "<=", ">=", "!=", "==", "##",
};

/* The length of the punctuator at t[i]: C's multi-character ones whole. */
static size_t punct_len(const char *t, size_t end, size_t i)
{
	for (size_t k = 0; k < ARRAY_SIZE(multi_ops); k++) {
		size_t l = strlen(multi_ops[k]);
		if (i + l <= end && !strncmp(t + i, multi_ops[k], l))
			return l;
	}
	return 1;
}

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
			s += punct_len(s, SIZE_MAX, 0);
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

int tc_cident_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

int tc_ctok_is_ident(const struct tc_ctok *t)
{
	return t->n && (isalpha((unsigned char)t->p[0]) || t->p[0] == '_');
}

/* An operand ends at t: what follows it is a binary operator, not a prefix one. */
static int ends_operand(const struct tc_ctok *t)
{
	if (!t)
		return 0;
	if (tc_ctok_is_ident(t))
		return !tc_ctok_is(t, "sizeof") && !tc_ctok_is(t, "return");
	return isdigit((unsigned char)t->p[0]) || t->p[0] == '"' || t->p[0] == '\'' ||
	       tc_ctok_is(t, ")") || tc_ctok_is(t, "]") || tc_ctok_is(t, "}");
}

/* Does t start an operand (after a cast's parenthesis)? */
static int starts_operand(const struct tc_ctok *t)
{
	static const char *const prefix[] = { "(", "!", "~", "-", "+", "*", "&", "++", "--" };

	if (tc_ctok_is_ident(t) || isdigit((unsigned char)t->p[0]) || t->p[0] == '"' ||
	    t->p[0] == '\'')
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(prefix); i++)
		if (tc_ctok_is(t, prefix[i]))
			return 1;
	return 0;
}

size_t tc_toks_bracket_depth(const struct tc_toks *ts, unsigned *line)
{
	size_t depth = 0, pp = 0, most = 0;

	*line = 0;
	for (size_t i = 0; i < ts->nr; i++) {
		const struct tc_tok *k = &ts->v[i];
		size_t *d = k->flags & TC_TOK_PP ? &pp : &depth;
		char c = k->len == 1 ? ts->text[k->off] : 0;
		if ((k->flags & TC_TOK_PP) && c == '#' && (k->flags & TC_TOK_BOL))
			pp = 0; /* a directive of its own */
		if (c == '(' || c == '[' || c == '{') {
			if (++*d > most) {
				most = *d;
				*line = k->line;
			}
		} else if ((c == ')' || c == ']' || c == '}') && *d) {
			--*d;
		}
	}
	return most;
}

size_t tc_ctok_nesting(const struct tc_ctok *t, size_t n)
{
	/* per open bracket: the enclosing level's state; whether it opened in prefix position */
	struct level {
		size_t base, q, run;
		int prefix;
	} cur = { 0, 0, 0, 0 }, *stack = NULL;
	size_t nr = 0, alloc = 0, most = 0;
	int cast = 0; /* t[i - 1] closes a cast: an operand follows */

	for (size_t i = 0; i < n; i++) {
		const struct tc_ctok *k = &t[i];
		int prefix_pos = cast || !ends_operand(i ? &t[i - 1] : NULL);
		cast = 0;
		if (tc_ctok_is(k, "(") || tc_ctok_is(k, "[") || tc_ctok_is(k, "{")) {
			ALLOC_GROW(stack, nr + 1, alloc);
			stack[nr] = cur;
			stack[nr++].prefix = prefix_pos && tc_ctok_is(k, "(");
			cur.base = cur.base + cur.q + cur.run + 1;
			cur.q = cur.run = 0;
		} else if (tc_ctok_is(k, ")") || tc_ctok_is(k, "]") || tc_ctok_is(k, "}")) {
			if (!nr)
				continue;
			cur = stack[--nr];
			/* "(type)" before an operand: a cast, one more level for what follows */
			if (cur.prefix && i + 1 < n && starts_operand(&t[i + 1])) {
				cur.run++;
				cast = 1;
			}
		} else if (tc_ctok_is(k, ",") || tc_ctok_is(k, ";")) {
			cur.q = cur.run = 0;
		} else if (tc_ctok_is(k, "?")) {
			cur.q++;
			cur.run = 0;
		} else if (prefix_pos && !tc_ctok_is_ident(k) && !ends_operand(k)) {
			cur.run++; /* a prefix operator */
		} else if (tc_ctok_is(k, "sizeof")) {
			cur.run++;
		} else if (!prefix_pos && !ends_operand(k)) {
			cur.run = 0; /* a binary operator */
		}
		if (cur.base + cur.q + cur.run > most)
			most = cur.base + cur.q + cur.run;
	}
	free(stack);
	return most;
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

/* tc_clex() but for directives: a '#' is a punctuator. */
static size_t lex_token(const char *t, size_t end, size_t i, char *kind)
{
	unsigned char c = (unsigned char)t[i];
	size_t e = tc_cskip_comment(t, end, i);

	if (e != i) {
		*kind = TC_TK_COMMENT;
		return e;
	}
	if (c == '"' || c == '\'') {
		*kind = TC_TK_LITERAL;
		return tc_cskip_literal(t, end, i);
	}
	if (isalpha(c) || c == '_') {
		while (i < end && (isalnum((unsigned char)t[i]) || t[i] == '_'))
			i++;
		*kind = TC_TK_IDENT;
		return i;
	}
	if (isdigit(c)) {
		while (i < end && (isalnum((unsigned char)t[i]) || t[i] == '_' || t[i] == '.'))
			i++;
		*kind = TC_TK_NUMBER;
		return i;
	}
	*kind = TC_TK_PUNCT;
	return i + punct_len(t, end, i);
}

static int at_line_start(const char *t, size_t i)
{
	while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t'))
		i--;
	return i == 0 || t[i - 1] == '\n';
}

size_t tc_clex(const char *t, size_t end, size_t i, char *kind)
{
	if (t[i] == '#' && at_line_start(t, i)) {
		while (i < end && t[i] != '\n') {
			if (t[i] == '\\' && i + 1 < end && t[i + 1] == '\n')
				i++;
			i++;
		}
		*kind = TC_TK_DIRECTIVE;
		return i;
	}
	return lex_token(t, end, i, kind);
}

/* A backslash-newline (or backslash-CR-LF) at t[i]: its length, else 0. */
static size_t continuation(const char *t, size_t end, size_t i)
{
	if (t[i] != '\\' || i + 1 >= end)
		return 0;
	if (t[i + 1] == '\n')
		return 2;
	return t[i + 1] == '\r' && i + 2 < end && t[i + 2] == '\n' ? 3 : 0;
}

void tc_toks_scan(struct tc_toks *ts, const char *t, size_t len)
{
	unsigned line = 1;
	size_t bol_off = 0; /* where the physical line starts */
	int bol = 1, pp = 0;

	memset(ts, 0, sizeof(*ts));
	ts->text = t;
	ts->len = len;
	for (size_t i = 0; i < len;) {
		char c = t[i], kind;
		size_t e;

		if (c == '\n') {
			line++;
			bol_off = ++i;
			bol = 1;
			pp = 0;
			continue;
		}
		if ((e = continuation(t, len, i))) {
			i += e;
			line++;
			bol_off = i;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		e = lex_token(t, len, i, &kind);
		/* an unclosed literal: its newline ends the line */
		if (kind == TC_TK_LITERAL && e > i + 1 && t[e - 1] == '\n')
			e--;
		struct tc_tok k = { i, e - i, line, (unsigned)(i - bol_off) + 1, kind, 0 };
		if (kind == TC_TK_COMMENT) {
			ALLOC_GROW(ts->comments, ts->nr_comments + 1, ts->alloc_comments);
			ts->comments[ts->nr_comments++] = k;
		} else {
			if (bol && c == '#')
				pp = 1;
			k.flags = (bol ? TC_TOK_BOL : 0) | (pp ? TC_TOK_PP : 0);
			bol = 0;
			ALLOC_GROW(ts->v, ts->nr + 1, ts->alloc);
			ts->v[ts->nr++] = k;
		}
		for (; i < e; i++)
			if (t[i] == '\n') {
				line++;
				bol_off = i + 1;
			}
	}
}

void tc_toks_release(struct tc_toks *ts)
{
	free(ts->v);
	free(ts->comments);
	memset(ts, 0, sizeof(*ts));
}

int tc_toks_is(const struct tc_toks *ts, size_t t, const char *s)
{
	return t < ts->nr && ts->v[t].len == strlen(s) &&
	       !memcmp(ts->text + ts->v[t].off, s, ts->v[t].len);
}

size_t tc_toks_at(const struct tc_toks *ts, size_t off)
{
	size_t lo = 0, hi = ts->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ts->v[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t tc_toks_at_loc(const struct tc_toks *ts, unsigned line, unsigned col)
{
	size_t lo = 0, hi = ts->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct tc_tok *k = &ts->v[mid];
		if (k->line < line || (k->line == line && k->col < col))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct tc_tok *tc_toks_comment_at(const struct tc_toks *ts, size_t off)
{
	size_t lo = 0, hi = ts->nr_comments;

	/* the last comment that starts at or before off */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ts->comments[mid].off <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	const struct tc_tok *k = &ts->comments[lo - 1];
	return off < k->off + k->len ? k : NULL;
}

size_t tc_toks_close(const struct tc_toks *ts, size_t open)
{
	static const char pairs[] = "()[]{}";
	const char *p = NULL;
	int depth = 0;

	if (open < ts->nr && ts->v[open].len == 1)
		p = strchr(pairs, ts->text[ts->v[open].off]);
	if (!p || !*p || (p - pairs) % 2)
		return TC_TOK_NONE;
	for (size_t j = open; j < ts->nr; j++) {
		const struct tc_tok *k = &ts->v[j];
		if (k->kind != TC_TK_PUNCT || k->len != 1)
			continue;
		if (ts->text[k->off] == p[0])
			depth++;
		else if (ts->text[k->off] == p[1] && --depth == 0)
			return j;
	}
	return TC_TOK_NONE;
}

void tc_toks_loc(const struct tc_toks *ts, size_t off, unsigned *line, unsigned *col)
{
	size_t k = tc_toks_at(ts, off + 1), from = 0;
	unsigned l = 1, c = 1;

	/* from the last token that starts at or before off */
	if (k) {
		from = ts->v[k - 1].off;
		l = ts->v[k - 1].line;
		c = ts->v[k - 1].col;
	}
	for (size_t i = from; i < off && i < ts->len; i++) {
		if (ts->text[i] == '\n') {
			l++;
			c = 1;
		} else {
			c++;
		}
	}
	*line = l;
	*col = c;
}

void tc_toks_spell(const struct tc_toks *ts, size_t from, size_t to, struct strbuf *sb)
{
	const char *t = ts->text;

	if (from >= to || to > ts->nr)
		return;
	size_t end = ts->v[to - 1].off + ts->v[to - 1].len;
	for (size_t k = from, i = ts->v[from].off; i < end;) {
		size_t e;
		while (k < to && ts->v[k].off + ts->v[k].len <= i)
			k++;
		int in_token = k < to && ts->v[k].off <= i;
		if ((e = continuation(t, end, i))) {
			i += e;
		} else if (!in_token && (e = tc_cskip_comment(t, end, i)) != i) {
			strbuf_addch(sb, ' ');
			i = e;
		} else {
			strbuf_addch(sb, t[i++]);
		}
	}
}

/* The names of TP_PROTO's arguments. */
size_t tc_proto_params(const char *proto, char ***out)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(proto ? proto : "", &t), nr = 0, alloc = 0;
	char **v = NULL;
	int depth = 0;
	const struct tc_ctok *last = NULL, *fnptr = NULL;

	for (size_t i = 0; i <= n; i++) {
		if (i == n || (!depth && tc_ctok_is(&t[i], ","))) {
			const struct tc_ctok *name = fnptr ? fnptr : last;
			if (name) {
				ALLOC_GROW(v, nr + 1, alloc);
				v[nr++] = xstrndup(name->p, name->n);
			}
			last = fnptr = NULL;
			continue;
		}
		if (tc_ctok_is(&t[i], "(") || tc_ctok_is(&t[i], "["))
			depth++;
		else if (tc_ctok_is(&t[i], ")") || tc_ctok_is(&t[i], "]"))
			depth--;
		else if (tc_ctok_is_ident(&t[i]) && !depth)
			last = &t[i];
		else if (tc_ctok_is_ident(&t[i]) && depth == 1 && i >= 2 &&
			 tc_ctok_is(&t[i - 1], "*") && tc_ctok_is(&t[i - 2], "(") && !fnptr)
			fnptr = &t[i];
	}
	free(t);
	*out = v;
	return nr;
}
