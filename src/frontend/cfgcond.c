// SPDX-License-Identifier: MIT
/*
 * The conditional structure of a header's text (cfgcond.h).
 *
 * A condition is read as the preprocessor reads it, in three values (0,
 * 1, unknown): defined(CONFIG_X), #ifdef CONFIG_X and a bare CONFIG_X
 * are the option CONFIG_X (on: defined, as autoconf.h defines an option
 * that is y); IS_ENABLED(CONFIG_X) and IS_REACHABLE() are CONFIG_X or
 * CONFIG_X_MODULE, IS_BUILTIN() is CONFIG_X, IS_MODULE() is
 * CONFIG_X_MODULE; a number is its value.  Anything else -- another
 * macro, a comparison, arithmetic, __has_include() -- is unknown: what
 * it is, only the parse knows.  !, && and || follow Kleene's logic, so
 * an unknown part decides only where the options do not.  The values
 * that put a line in are those that make no condition around it come
 * out the wrong way; an unknown one is no objection (the pass in that
 * configuration then says whether the line was read).
 */
#include "cfgcond.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

enum op { C_CONST, C_OPTION, C_UNKNOWN, C_NOT, C_AND, C_OR };

struct node {
	enum op op;
	int a, b; /* operands (nodes); C_CONST: a is the value; C_OPTION: a is the option */
};

struct branch {
	int group;
	int parent;	/* the branch the group is in, -1 at the top */
	unsigned line;	/* of its directive */
	int expr;	/* its condition (a node), -1 for #else */
	char *text;	/* the directive as written */
};

struct group {
	int *branches;
	size_t nr, alloc;
};

struct tc_conds {
	struct node *n;
	size_t nr_n, alloc_n;
	struct branch *b;
	size_t nr_b, alloc_b;
	struct group *g;
	size_t nr_g, alloc_g;
	char **opts;
	size_t nr_opts, alloc_opts;
	int *line_branch; /* [line]: the innermost branch holding it, -1: none */
	unsigned nr_lines;
};

static int node(struct tc_conds *c, enum op op, int a, int b)
{
	ALLOC_GROW(c->n, c->nr_n + 1, c->alloc_n);
	c->n[c->nr_n] = (struct node){ op, a, b };
	return (int)c->nr_n++;
}

static int option(struct tc_conds *c, const char *name, size_t len)
{
	for (size_t i = 0; i < c->nr_opts; i++)
		if (strlen(c->opts[i]) == len && !strncmp(c->opts[i], name, len))
			return (int)i;
	ALLOC_GROW(c->opts, c->nr_opts + 1, c->alloc_opts);
	c->opts[c->nr_opts] = xstrndup(name, len);
	return (int)c->nr_opts++;
}

/* ---- the parse of a condition: tokens [*i, end) of ts ---- */

struct cparse {
	struct tc_conds *c;
	const struct tc_toks *ts;
	size_t i, end;
};

static int at(const struct cparse *p, const char *s)
{
	return p->i < p->end && tc_toks_is(p->ts, p->i, s);
}

static const char *tok(const struct cparse *p, size_t *len)
{
	const struct tc_tok *t = &p->ts->v[p->i];

	*len = t->len;
	return p->ts->text + t->off;
}

/* An option, or unknown for another name. */
static int name_node(struct cparse *p, const char *name, size_t len, const char *suffix)
{
	if (len <= 7 || strncmp(name, "CONFIG_", 7))
		return node(p->c, C_UNKNOWN, 0, 0);
	if (!suffix)
		return node(p->c, C_OPTION, option(p->c, name, len), 0);
	char *s = xasprintf("%.*s%s", (int)len, name, suffix);
	int n = node(p->c, C_OPTION, option(p->c, s, strlen(s)), 0);
	free(s);
	return n;
}

/* Skip a parenthesised group at p->i (if there is one). */
static void skip_group(struct cparse *p)
{
	int depth = 0;

	if (!at(p, "("))
		return;
	for (; p->i < p->end; p->i++) {
		depth += at(p, "(") - at(p, ")");
		if (!depth) {
			p->i++;
			return;
		}
	}
}

static int parse_or(struct cparse *p);

/* IS_ENABLED(CONFIG_X) and its kind */
static int kconfig_macro(struct cparse *p, const char *m)
{
	size_t len;

	p->i++;
	if (!at(p, "("))
		return node(p->c, C_UNKNOWN, 0, 0);
	p->i++;
	const char *name = p->i < p->end ? tok(p, &len) : NULL;
	if (!name || p->ts->v[p->i].kind != TC_TK_IDENT) {
		p->i--;
		skip_group(p);
		return node(p->c, C_UNKNOWN, 0, 0);
	}
	p->i++;
	if (at(p, ")"))
		p->i++;
	if (!strcmp(m, "IS_MODULE"))
		return name_node(p, name, len, "_MODULE");
	int builtin = name_node(p, name, len, NULL);
	if (!strcmp(m, "IS_BUILTIN") || p->c->n[builtin].op != C_OPTION)
		return builtin;
	return node(p->c, C_OR, builtin, name_node(p, name, len, "_MODULE"));
}

static int parse_primary(struct cparse *p)
{
	static const char *const kmacros[] = { "IS_ENABLED", "IS_BUILTIN", "IS_MODULE",
					       "IS_REACHABLE" };
	size_t len;

	if (p->i >= p->end)
		return node(p->c, C_UNKNOWN, 0, 0);
	if (at(p, "(")) {
		p->i++;
		int e = parse_or(p);
		if (at(p, ")"))
			p->i++;
		return e;
	}
	const char *s = tok(p, &len);
	char kind = p->ts->v[p->i].kind;
	if (kind == TC_TK_NUMBER) {
		p->i++;
		return node(p->c, C_CONST, strtol(s, NULL, 0) != 0, 0);
	}
	if (kind != TC_TK_IDENT) {
		p->i++;
		return node(p->c, C_UNKNOWN, 0, 0);
	}
	if (len == 7 && !strncmp(s, "defined", 7)) {
		p->i++;
		int paren = at(p, "(");
		p->i += paren;
		if (p->i >= p->end)
			return node(p->c, C_UNKNOWN, 0, 0);
		const char *name = tok(p, &len);
		p->i++;
		if (paren && at(p, ")"))
			p->i++;
		return name_node(p, name, len, NULL);
	}
	for (size_t k = 0; k < ARRAY_SIZE(kmacros); k++)
		if (strlen(kmacros[k]) == len && !strncmp(s, kmacros[k], len))
			return kconfig_macro(p, kmacros[k]);
	p->i++;
	if (at(p, "(")) { /* a function-like macro: __has_include(), KERNEL_VERSION() ... */
		skip_group(p);
		return node(p->c, C_UNKNOWN, 0, 0);
	}
	return name_node(p, s, len, NULL);
}

/* The end of an operand of && or ||: one of them, or a ')' that closes more than it opened. */
static int operand_end(const struct cparse *p)
{
	return at(p, "&&") || at(p, "||") || at(p, ")");
}

static int parse_unary(struct cparse *p)
{
	if (at(p, "!")) {
		p->i++;
		return node(p->c, C_NOT, parse_unary(p), 0);
	}
	int e = parse_primary(p);
	if (p->i >= p->end || operand_end(p))
		return e;
	/* a comparison or arithmetic: unknown, to the end of the operand */
	for (int depth = 0; p->i < p->end; p->i++) {
		if (!depth && operand_end(p))
			break;
		depth += at(p, "(") - at(p, ")");
	}
	return node(p->c, C_UNKNOWN, 0, 0);
}

static int parse_and(struct cparse *p)
{
	int e = parse_unary(p);

	while (at(p, "&&")) {
		p->i++;
		e = node(p->c, C_AND, e, parse_unary(p));
	}
	return e;
}

static int parse_or(struct cparse *p)
{
	int e = parse_and(p);

	while (at(p, "||")) {
		p->i++;
		e = node(p->c, C_OR, e, parse_and(p));
	}
	return e;
}

static int parse_cond(struct tc_conds *c, const struct tc_toks *ts, size_t from, size_t end)
{
	struct cparse p = { c, ts, from, end };

	for (size_t i = from; i < end; i++)
		if (tc_toks_is(ts, i, "?"))
			return node(c, C_UNKNOWN, 0, 0); /* a conditional: not read */
	return from < end ? parse_or(&p) : node(c, C_UNKNOWN, 0, 0);
}

/* ---- the structure ---- */

static int new_branch(struct tc_conds *c, int group, int parent, unsigned line, int expr,
		      char *text)
{
	ALLOC_GROW(c->b, c->nr_b + 1, c->alloc_b);
	c->b[c->nr_b] = (struct branch){ group, parent, line, expr, text };
	struct group *g = &c->g[group];
	ALLOC_GROW(g->branches, g->nr + 1, g->alloc);
	g->branches[g->nr++] = (int)c->nr_b;
	return (int)c->nr_b++;
}

static int new_group(struct tc_conds *c)
{
	ALLOC_GROW(c->g, c->nr_g + 1, c->alloc_g);
	memset(&c->g[c->nr_g], 0, sizeof(c->g[0]));
	return (int)c->nr_g++;
}

static void fill_lines(struct tc_conds *c, unsigned *done, unsigned upto, int branch)
{
	for (; *done < upto && *done < c->nr_lines; (*done)++)
		c->line_branch[*done + 1] = branch;
}

/* One directive, tokens [from, end) of ts ('#' first): the branch after it. */
static int directive(struct tc_conds *c, const struct tc_toks *ts, size_t from, size_t end, int cur)
{
	size_t k = from + 1;
	unsigned line = ts->v[from].line;

	if (k >= end || ts->v[k].kind != TC_TK_IDENT)
		return cur;
	int is_if = tc_toks_is(ts, k, "if"), is_ifdef = tc_toks_is(ts, k, "ifdef");
	int is_ifndef = tc_toks_is(ts, k, "ifndef"), is_elif = tc_toks_is(ts, k, "elif");
	int is_else = tc_toks_is(ts, k, "else"), is_endif = tc_toks_is(ts, k, "endif");
	if (is_endif)
		return cur < 0 ? cur : c->b[cur].parent;
	if (!is_if && !is_ifdef && !is_ifndef && !is_elif && !is_else)
		return cur;
	struct strbuf sb = STRBUF_INIT;
	tc_toks_spell(ts, from, end, &sb);
	char *text = strbuf_detach(&sb);
	int expr = -1;
	if (is_ifdef || is_ifndef) {
		size_t len = k + 1 < end ? ts->v[k + 1].len : 0;
		struct cparse p = { c, ts, k + 1, end };
		expr = len ? name_node(&p, ts->text + ts->v[k + 1].off, len, NULL)
			   : node(c, C_UNKNOWN, 0, 0);
		if (is_ifndef)
			expr = node(c, C_NOT, expr, 0);
	} else if (!is_else) {
		expr = parse_cond(c, ts, k + 1, end);
	}
	if (is_elif || is_else) {
		if (cur < 0) { /* an #else without an #if: not read */
			free(text);
			return cur;
		}
		return new_branch(c, c->b[cur].group, c->b[cur].parent, line, expr, text);
	}
	return new_branch(c, new_group(c), cur, line, expr, text);
}

struct tc_conds *tc_conds_read(const struct tc_toks *ts)
{
	struct tc_conds *c = xcalloc(1, sizeof(*c));
	unsigned done = 0;
	int cur = -1;

	c->nr_lines = 1;
	for (size_t i = 0; i < ts->len; i++)
		c->nr_lines += ts->text[i] == '\n';
	c->line_branch = xcalloc(c->nr_lines + 2, sizeof(*c->line_branch));
	c->line_branch[0] = -1;
	for (size_t i = 0; i < ts->nr; i++) {
		const struct tc_tok *t = &ts->v[i];
		if (!(t->flags & TC_TOK_PP) || !(t->flags & TC_TOK_BOL) || !tc_toks_is(ts, i, "#"))
			continue;
		size_t end = i + 1;
		while (end < ts->nr && (ts->v[end].flags & TC_TOK_PP) &&
		       !(ts->v[end].flags & TC_TOK_BOL))
			end++;
		/* the lines before the directive, and the directive's own, are in cur */
		fill_lines(c, &done, ts->v[end - 1].line, cur);
		cur = directive(c, ts, i, end, cur);
		i = end - 1;
	}
	fill_lines(c, &done, c->nr_lines, cur);
	return c;
}

void tc_conds_free(struct tc_conds *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr_b; i++)
		free(c->b[i].text);
	for (size_t i = 0; i < c->nr_g; i++)
		free(c->g[i].branches);
	free_strings(c->opts, c->nr_opts);
	free(c->n);
	free(c->b);
	free(c->g);
	free(c->line_branch);
	free(c);
}

size_t tc_conds_nr_options(const struct tc_conds *c)
{
	return c->nr_opts;
}

const char *tc_conds_option(const struct tc_conds *c, size_t i)
{
	return c->opts[i];
}

/* ---- values ---- */

void tc_cfgreq_release(struct tc_cfgreq *r)
{
	free(r->opt);
	free(r->val);
	memset(r, 0, sizeof(*r));
}

int tc_cfgreq_get(const struct tc_cfgreq *r, size_t i)
{
	for (size_t k = 0; k < r->nr; k++)
		if (r->opt[k] == i)
			return r->val[k];
	return -1;
}

static void req_set(struct tc_cfgreq *r, size_t i, unsigned char v)
{
	for (size_t k = 0; k < r->nr; k++)
		if (r->opt[k] == i) {
			r->val[k] = v;
			return;
		}
	r->opt = xrealloc(r->opt, (r->nr + 1) * sizeof(*r->opt));
	r->val = xrealloc(r->val, r->nr + 1);
	r->opt[r->nr] = i;
	r->val[r->nr++] = v;
}

int tc_cfgreq_agree(const struct tc_cfgreq *a, const struct tc_cfgreq *b)
{
	for (size_t k = 0; k < b->nr; k++) {
		int v = tc_cfgreq_get(a, b->opt[k]);
		if (v >= 0 && v != b->val[k])
			return 0;
	}
	return 1;
}

void tc_cfgreq_merge(struct tc_cfgreq *a, const struct tc_cfgreq *b)
{
	for (size_t k = 0; k < b->nr; k++)
		req_set(a, b->opt[k], b->val[k]);
}

/* ---- solving ---- */

enum { F = 0, T = 1, U = 2 };

static int eval(const struct tc_conds *c, int n, const unsigned char *v)
{
	const struct node *x = &c->n[n];
	int a, b;

	switch (x->op) {
	case C_CONST:
		return x->a ? T : F;
	case C_OPTION:
		return v[x->a] ? T : F;
	case C_NOT:
		a = eval(c, x->a, v);
		return a == U ? U : !a;
	case C_AND:
		a = eval(c, x->a, v);
		b = eval(c, x->b, v);
		return a == F || b == F ? F : a == T && b == T ? T : U;
	case C_OR:
		a = eval(c, x->a, v);
		b = eval(c, x->b, v);
		return a == T || b == T ? T : a == F && b == F ? F : U;
	default:
		return U;
	}
}

static void options_of(const struct tc_conds *c, int n, struct tc_cfgreq *seen)
{
	const struct node *x = &c->n[n];

	if (x->op == C_OPTION) {
		if (tc_cfgreq_get(seen, (size_t)x->a) < 0)
			req_set(seen, (size_t)x->a, 0);
	} else if (x->op == C_NOT) {
		options_of(c, x->a, seen);
	} else if (x->op == C_AND || x->op == C_OR) {
		options_of(c, x->a, seen);
		options_of(c, x->b, seen);
	}
}

/* A condition and the value it must not have. */
struct want {
	int expr;
	int not;
};

struct wants {
	struct want *v;
	size_t nr, alloc;
};

/* What holds line in: each branch around it not false, the ones before it in its group not true. */
static void wants_of(const struct tc_conds *c, unsigned line, struct wants *w)
{
	int b = line < c->nr_lines + 1 ? c->line_branch[line] : -1;

	for (; b >= 0; b = c->b[b].parent) {
		const struct branch *br = &c->b[b];
		const struct group *g = &c->g[br->group];
		if (br->expr >= 0) {
			ALLOC_GROW(w->v, w->nr + 1, w->alloc);
			w->v[w->nr++] = (struct want){ br->expr, F };
		}
		for (size_t k = 0; k < g->nr && g->branches[k] != b; k++) {
			int e = c->b[g->branches[k]].expr;
			if (e < 0)
				continue;
			ALLOC_GROW(w->v, w->nr + 1, w->alloc);
			w->v[w->nr++] = (struct want){ e, T };
		}
	}
}

/* -1 if a condition comes out the wrong way; else how many are certain. */
static int score(const struct tc_conds *c, const struct wants *w, const unsigned char *v)
{
	int certain = 0;

	for (size_t i = 0; i < w->nr; i++) {
		int r = eval(c, w->v[i].expr, v);
		if (r == w->v[i].not)
			return -1;
		certain += r != U;
	}
	return certain;
}

/* The next combination of k of n (idx ascending); 0 after the last. */
static int next_comb(size_t *idx, size_t k, size_t n)
{
	size_t i = k;

	while (i > 0 && idx[i - 1] == n - k + i - 1)
		i--;
	if (!i)
		return 0;
	idx[i - 1]++;
	for (size_t j = i; j < k; j++)
		idx[j] = idx[j - 1] + 1;
	return 1;
}

enum tc_cond_answer tc_conds_solve(const struct tc_conds *c, unsigned line,
				   const unsigned char *base, struct tc_cfgreq *out)
{
	struct wants w = { 0 };
	struct tc_cfgreq names = { 0 };
	enum tc_cond_answer answer = TC_COND_NONE;

	memset(out, 0, sizeof(*out));
	wants_of(c, line, &w);
	for (size_t i = 0; i < w.nr; i++)
		options_of(c, w.v[i].expr, &names);
	if (names.nr > TC_COND_MAX_OPTIONS) {
		free(w.v);
		tc_cfgreq_release(&names);
		return TC_COND_TOO_MANY;
	}
	unsigned char *v = xcalloc(c->nr_opts + 1, 1);
	memcpy(v, base, c->nr_opts);
	if (score(c, &w, v) >= 0) {
		answer = TC_COND_ALREADY;
		goto done;
	}
	size_t idx[TC_COND_MAX_FLIPS];
	for (size_t k = 1; k <= TC_COND_MAX_FLIPS && k <= names.nr && answer == TC_COND_NONE; k++) {
		int best = -1;
		size_t best_idx[TC_COND_MAX_FLIPS];
		for (size_t j = 0; j < k; j++)
			idx[j] = j;
		do {
			for (size_t j = 0; j < k; j++)
				v[names.opt[idx[j]]] = !base[names.opt[idx[j]]];
			int s = score(c, &w, v);
			if (s > best) {
				best = s;
				memcpy(best_idx, idx, sizeof(idx));
			}
			for (size_t j = 0; j < k; j++)
				v[names.opt[idx[j]]] = base[names.opt[idx[j]]];
		} while (next_comb(idx, k, names.nr));
		if (best < 0)
			continue;
		for (size_t j = 0; j < k; j++)
			v[names.opt[best_idx[j]]] = !base[names.opt[best_idx[j]]];
		for (size_t i = 0; i < names.nr; i++)
			req_set(out, names.opt[i], v[names.opt[i]]);
		answer = TC_COND_SOLVED;
	}
done:
	free(v);
	free(w.v);
	tc_cfgreq_release(&names);
	return answer;
}

static int has_unknown(const struct tc_conds *c, int n)
{
	const struct node *x = &c->n[n];

	if (x->op == C_UNKNOWN)
		return 1;
	if (x->op == C_NOT)
		return has_unknown(c, x->a);
	if (x->op == C_AND || x->op == C_OR)
		return has_unknown(c, x->a) || has_unknown(c, x->b);
	return 0;
}

char *tc_conds_other(const struct tc_conds *c, unsigned line)
{
	int b = line < c->nr_lines + 1 ? c->line_branch[line] : -1;

	for (; b >= 0; b = c->b[b].parent) {
		const struct group *g = &c->g[c->b[b].group];
		for (size_t k = 0; k < g->nr; k++) {
			const struct branch *br = &c->b[g->branches[k]];
			/* the multi-read protocol's guard lets the first read in */
			if (br->expr >= 0 && has_unknown(c, br->expr) &&
			    !strstr(br->text, "TRACE_HEADER_MULTI_READ"))
				return xasprintf("line %u's %s", br->line, br->text);
			if (g->branches[k] == b)
				break;
		}
	}
	return NULL;
}
