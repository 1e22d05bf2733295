// SPDX-License-Identifier: MIT
/*
 * The integer types the tree's callers pass to its tracepoints, for
 * field-truncated: a field narrower than its TP_PROTO() parameter loses
 * nothing when every trace_NAME() call passes a value as narrow as the
 * field (balance_dirty_pages()'s unsigned long dirtied, stored in an
 * unsigned int).
 *
 * The scan (tpstr.c) gives an argument's 'A' class a type, ":TYPE"
 * after it, when the tokens show one: an identifier declared in the
 * function around the call (a parameter or a local: the nearest
 * declaration "TYPE x" or "TYPE a, b, x" before the call, back to the
 * function's start),
 * a cast "(TYPE)" of a single token or a parenthesised group, and an
 * integer constant (the smallest of u8, u16, u32 and u64 that holds
 * it).  TYPE is the words of the type, qualifiers left out; a pointer,
 * an array, a struct or anything else has none.  Each file's simple
 * typedefs ("typedef WORDS NAME;" on one line) are 'Y' lines.
 *
 * The merge (tpstr.c's sum_up()) reads a type's width: the C integer
 * types and the kernel's fixed-width names directly, a typedef through
 * the 'Y' lines (every definition of the name must agree: arch-specific
 * ones may differ), at most 8 deep; 0 when not known.
 */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

static int word_in(const char *p, size_t n, const char *const *list, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		if (strlen(list[i]) == n && !memcmp(list[i], p, n))
			return 1;
	return 0;
}

/* Words that do not change a type's width. */
static int qualifier(const char *p, size_t n)
{
	static const char *const q[] = { "const", "volatile", "register", "static", "__maybe_unused",
					 "__always_unused", "__bitwise", "__force", "__read_mostly",
					 "__unused" };

	return word_in(p, n, q, ARRAY_SIZE(q));
}

/* Words that make a declaration something else. */
static int not_a_type(const char *p, size_t n)
{
	static const char *const w[] = { "return", "goto", "case", "else", "sizeof", "do", "typeof",
					 "__typeof__", "struct", "union", "enum", "extern", "if",
					 "while", "for", "switch", "typedef" };

	return word_in(p, n, w, ARRAY_SIZE(w));
}

static int is_word(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* The width of a single name the kernel gives a fixed width, 0 if none. */
static int named_width(const char *p, size_t n)
{
	static const char *const w1[] = { "bool", "_Bool", "u8", "s8", "__u8", "__s8", "uint8_t",
					  "int8_t" };
	static const char *const w2[] = { "u16", "s16", "__u16", "__s16", "uint16_t", "int16_t",
					  "__le16", "__be16" };
	static const char *const w4[] = { "u32", "s32", "__u32", "__s32", "uint32_t", "int32_t",
					  "__le32", "__be32", "uint" };
	static const char *const w8[] = { "u64", "s64", "__u64", "__s64", "uint64_t", "int64_t",
					  "__le64", "__be64", "size_t", "ssize_t", "loff_t",
					  "uintptr_t", "intptr_t", "ptrdiff_t", "ulong" };

	if (word_in(p, n, w1, ARRAY_SIZE(w1)))
		return 1;
	if (word_in(p, n, w2, ARRAY_SIZE(w2)))
		return 2;
	if (word_in(p, n, w4, ARRAY_SIZE(w4)))
		return 4;
	if (word_in(p, n, w8, ARRAY_SIZE(w8)))
		return 8;
	return 0;
}

size_t tp_first_line(char *const *defs, size_t nr, const char *name, size_t n)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(defs[mid], name, n);
		if (!c)
			c = defs[mid][n] == '\t' ? 0 : (unsigned char)defs[mid][n] < '\t' ? -1 : 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int tp_type_width(const char *type, size_t len, char *const *defs, size_t nr_defs, int depth)
{
	static const char *const base[] = { "unsigned", "signed", "int", "char", "short", "long" };
	const char *p = type, *end = type + len;
	int words = 0, all_base = 1, chr = 0, shrt = 0, lng = 0;
	const char *w = NULL;
	size_t wn = 0;

	while (p < end) {
		while (p < end && *p == ' ')
			p++;
		const char *s = p;
		while (p < end && *p != ' ')
			p++;
		if (p == s)
			break;
		words++;
		w = s;
		wn = (size_t)(p - s);
		if (!word_in(s, wn, base, ARRAY_SIZE(base)))
			all_base = 0;
		chr |= wn == 4 && !memcmp(s, "char", 4);
		shrt |= wn == 5 && !memcmp(s, "short", 5);
		lng |= wn == 4 && !memcmp(s, "long", 4);
	}
	if (!words)
		return 0;
	if (all_base)
		return chr ? 1 : shrt ? 2 : lng ? 8 : 4;
	if (words > 1)
		return 0;
	int fixed = named_width(w, wn);
	if (fixed || depth >= 8)
		return fixed;
	int width = 0;
	for (size_t i = tp_first_line(defs, nr_defs, w, wn);
	     i < nr_defs && !strncmp(defs[i], w, wn) && defs[i][wn] == '\t'; i++) {
		const char *t = defs[i] + wn + 1;
		int x = tp_type_width(t, strlen(t), defs, nr_defs, depth + 1);
		if (!x || (width && x != width))
			return 0;
		width = x;
	}
	return width;
}

/* Append the words of v[s, e) but the qualifiers to rec, ' ' between them; 0 if none. */
static int add_words(struct strbuf *rec, const struct toks *t, size_t s, size_t e)
{
	int any = 0;

	for (size_t j = s; j < e; j++) {
		const struct tok *k = &t->v[j];
		if (k->kind != T_IDENT || not_a_type(k->p, k->n))
			return 0;
	}
	strbuf_addch(rec, ':');
	for (size_t j = s; j < e; j++) {
		const struct tok *k = &t->v[j];
		if (qualifier(k->p, k->n))
			continue;
		if (any++)
			strbuf_addch(rec, ' ');
		strbuf_add(rec, k->p, k->n);
	}
	if (!any)
		strbuf_addch(rec, '?');
	return 1;
}

/* The type identifier x at v[call ...] is declared with in the function around the call. */
static void declared_type(struct strbuf *rec, const struct toks *t, size_t call,
			  const struct tok *x)
{
	const int *depth = tp_brace_depths(t);

	for (size_t j = call; j-- > 0;) {
		const struct tok *k = &t->v[j];
		if (k->def >= 0 || k->defname)
			continue;
		if (depth[j] == 0 && (tok_ch(k, ';') || tok_ch(k, '}')))
			return;
		if (k->kind != T_IDENT || !tok_same(k, x) || tp_is_member(t, j) || j + 1 >= t->nr)
			continue;
		const struct tok *nx = &t->v[j + 1];
		if (!tok_ch(nx, ';') && !tok_ch(nx, '=') && nx->kind != T_COMMA && nx->kind != T_RP)
			continue;
		/* TYPE a, b, x: back to the first declarator */
		size_t q = j, b;
		if (q && t->v[q - 1].kind != T_IDENT)
			while (q >= 3 && t->v[q - 1].kind == T_COMMA && t->v[q - 2].kind == T_IDENT &&
			       t->v[q - 3].kind == T_IDENT)
				q -= 2;
		for (b = q; b > 0 && t->v[b - 1].kind == T_IDENT && t->v[b - 1].def < 0; b--)
			;
		if (b == q)
			continue;
		const struct tok *pb = b ? &t->v[b - 1] : NULL;
		if (pb && pb->kind != T_LP && pb->kind != T_COMMA && !tok_ch(pb, ';') &&
		    !tok_ch(pb, '{') && !tok_ch(pb, '}'))
			continue;
		add_words(rec, t, b, q);
		return;
	}
}

/*
 * The struct tag x (at v[j], not a member) is declared with there:
 * "struct TAG [*...] x" then ';', '=', ',' or ')'; NULL when v[j] is
 * not such a declaration, *other set when it is one of something else.
 */
static const struct tok *struct_decl(const struct toks *t, size_t j, int *other)
{
	const struct tok *nx = j + 1 < t->nr ? &t->v[j + 1] : NULL;
	size_t k = j;

	*other = 0;
	if (!nx ||
	    (!tok_ch(nx, ';') && !tok_ch(nx, '=') && nx->kind != T_COMMA && nx->kind != T_RP))
		return NULL;
	while (k && (tok_ch(&t->v[k - 1], '*') ||
		     (t->v[k - 1].kind == T_IDENT && qualifier(t->v[k - 1].p, t->v[k - 1].n))))
		k--;
	if (!k || t->v[k - 1].kind != T_IDENT || not_a_type(t->v[k - 1].p, t->v[k - 1].n))
		return NULL;
	if (k >= 2 && (tok_is(&t->v[k - 2], "struct") || tok_is(&t->v[k - 2], "union")))
		return &t->v[k - 1];
	*other = 1; /* a typedef's name, an integer type */
	return NULL;
}

/*
 * The tag of the struct identifier x (at v[s]) is, in the function
 * around the call at v[call], else at the file's top level (every
 * declaration there naming one tag); `current` is the running
 * struct task_struct.  Into rec; '?' when not known.
 */
static void base_struct(struct strbuf *rec, const struct toks *t, size_t call, const struct tok *x)
{
	const int *depth = tp_brace_depths(t);
	const struct tok *tag = NULL;
	int other = 0;
	/* the lowest depth after j up to the call: a block closed in between hides j's names */
	int lowest = depth[call];

	for (size_t j = call; j-- > 0 && !tag && !other;) {
		const struct tok *k = &t->v[j];
		int seen = depth[j] <= lowest;
		if (depth[j] < lowest)
			lowest = depth[j];
		if (k->def >= 0 || k->defname)
			continue;
		if (depth[j] == 0 && (tok_ch(k, ';') || tok_ch(k, '}')))
			break;
		if (seen && k->kind == T_IDENT && tok_same(k, x) && !tp_is_member(t, j))
			tag = struct_decl(t, j, &other);
	}
	for (size_t j = 0; j < t->nr && !tag && !other; j++) {
		const struct tok *k = &t->v[j];
		if (depth[j] || k->def >= 0 || k->defname || !tok_same(k, x) || tp_is_member(t, j))
			continue;
		const struct tok *g = struct_decl(t, j, &other);
		for (size_t i = j + 1; g && i < t->nr && !other; i++) {
			const struct tok *h = &t->v[i];
			int o = 0;
			if (!depth[i] && h->def < 0 && !h->defname && tok_same(h, x) &&
			    !tp_is_member(t, i)) {
				const struct tok *g2 = struct_decl(t, i, &o);
				other = o || (g2 && !tok_same(g, g2));
			}
		}
		tag = other ? NULL : g;
	}
	if (tag)
		strbuf_add(rec, tag->p, tag->n);
	else if (!other && tok_is(x, "current"))
		strbuf_addstr(rec, "task_struct");
	else
		strbuf_addch(rec, '?');
}

/* v[s, e) is "x", then ".m" or "->m" once or more: ":&BASE m1 ... mk" into rec. */
static int member_path(struct strbuf *rec, const struct toks *t, size_t call, size_t s, size_t e)
{
	size_t j = s + 1;

	if (t->v[s].kind != T_IDENT || e < s + 3)
		return 0;
	while (j < e) {
		if (tok_ch(&t->v[j], '.'))
			j++;
		else if (j + 1 < e && tok_ch(&t->v[j], '-') && tok_ch(&t->v[j + 1], '>'))
			j += 2;
		else
			return 0;
		if (j >= e || t->v[j].kind != T_IDENT)
			return 0;
		j++;
	}
	strbuf_addstr(rec, ":&");
	base_struct(rec, t, call, &t->v[s]);
	for (j = s + 1; j < e; j++)
		if (t->v[j].kind == T_IDENT)
			strbuf_addf(rec, " %.*s", (int)t->v[j].n, t->v[j].p);
	return 1;
}

void tp_arg_type(struct strbuf *rec, const struct toks *t, size_t call, size_t s, size_t e)
{
	const struct tok *x = &t->v[s];

	if (member_path(rec, t, call, s, e))
		return;
	if (e == s + 1 && x->kind == T_IDENT) {
		declared_type(rec, t, call, x);
	} else if (e == s + 1 && x->kind == T_NUM) {
		char *num = xstrndup(x->p, x->n), *end;
		unsigned long long v = strtoull(num, &end, 0);
		int lng = strchr(end, 'l') || strchr(end, 'L');
		if (end != num && !lng)
			strbuf_addstr(rec, v <= 0xff ? ":u8" : v <= 0xffff ? ":u16" :
					   v <= 0xffffffffULL ? ":u32" : ":u64");
		free(num);
	} else if (e > s + 3 && x->kind == T_LP) {
		size_t c = tp_close_of(t, s);
		/* (TYPE) of one token or of a parenthesised group */
		if (c == (size_t)-1 || c + 1 >= e || c == s + 1)
			return;
		if (c + 2 != e && !(t->v[c + 1].kind == T_LP && tp_close_of(t, c + 1) == e - 1))
			return;
		add_words(rec, t, s + 1, c);
	}
}

void tp_scan_typedefs(struct strbuf *rec, const char *text, size_t len)
{
	const char *p = text, *end = text + len;

	while ((p = memmem(p, (size_t)(end - p), "typedef", 7))) {
		const char *q = p + 7, *bol = p;
		p = q;
		while (bol > text && (bol[-1] == ' ' || bol[-1] == '\t'))
			bol--;
		if ((bol > text && bol[-1] != '\n') || q >= end || (*q != ' ' && *q != '\t'))
			continue;
		/* words up to ';' on this line, nothing else */
		const char *w[16];
		size_t wn[16], nw = 0;
		int ok = 1;
		while (q < end && *q != ';' && ok) {
			if (*q == ' ' || *q == '\t') {
				q++;
			} else if (is_word((unsigned char)*q)) {
				const char *s = q;
				while (q < end && is_word((unsigned char)*q))
					q++;
				if (nw == ARRAY_SIZE(w))
					ok = 0;
				else if (!qualifier(s, (size_t)(q - s))) {
					w[nw] = s;
					wn[nw++] = (size_t)(q - s);
				}
			} else {
				ok = 0;
			}
		}
		if (!ok || q >= end || nw < 2 || not_a_type(w[0], wn[0]))
			continue;
		strbuf_addf(rec, "Y %.*s\t", (int)wn[nw - 1], w[nw - 1]);
		for (size_t i = 0; i + 1 < nw; i++)
			strbuf_addf(rec, "%s%.*s", i ? " " : "", (int)wn[i], w[i]);
		strbuf_addch(rec, '\n');
	}
}
