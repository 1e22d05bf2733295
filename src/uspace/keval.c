// SPDX-License-Identifier: MIT
/* The evaluator of a print fmt argument, with C's semantics, on a record's bytes. */
#include "keval.h"
#include "keval_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "ctypes.h"
#include "util.h"

/* ---- the evaluator ---- */

/*
 * fn(e), one level deeper: past TC_KEVAL_MAX_DEPTH calls of unary() and
 * cond_expr() under way -- the recursion every nesting goes through (a
 * parenthesis, a cast, a prefix operator, a ?: arm, a helper's
 * argument) -- the argument is not evaluated, its value unknown
 * (tc_keval_too_deep).
 */
static struct kv deeper(struct ev *e, struct kv (*fn)(struct ev *e))
{
	if (e->deep || e->depth >= TC_KEVAL_MAX_DEPTH) {
		e->deep = e->bad = 1;
		return tc_kv_unknown(tc_keval_too_deep);
	}
	e->depth++;
	struct kv x = fn(e);
	e->depth--;
	return x;
}

static const char *keep(struct ev *e, char *s)
{
	ALLOC_GROW(e->arena, e->nr_arena + 1, e->alloc_arena);
	e->arena[e->nr_arena++] = s;
	return s;
}

static int is(struct ev *e, const char *s)
{
	return e->i < e->nt && tc_ctok_is(&e->t[e->i], s);
}

static int accept(struct ev *e, const char *s)
{
	if (!is(e, s))
		return 0;
	e->i++;
	return 1;
}

static void expect(struct ev *e, const char *s)
{
	if (!accept(e, s))
		e->bad = 1;
}

static char *tok_str(const struct tc_ctok *t)
{
	return xstrndup(t->p, t->n);
}

/* One (possibly escaped) character of a C literal; *p advanced. */
static int c_char(const char **p)
{
	const char *s = *p;
	int c = (unsigned char)*s++;

	if (c == '\\' && *s) {
		c = (unsigned char)*s++;
		switch (c) {
		case 'n': c = '\n'; break;
		case 't': c = '\t'; break;
		case 'r': c = '\r'; break;
		case 'a': c = '\a'; break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'v': c = '\v'; break;
		case 'e': c = 27; break;
		case 'x': {
			/* any number of digits; a char keeps the low 8 bits */
			unsigned v = 0;
			while (isxdigit((unsigned char)*s)) {
				v = (v * 16 + (isdigit((unsigned char)*s) ? *s - '0'
									    : (tolower((unsigned char)*s) - 'a' + 10))) &
				    0xff;
				s++;
			}
			c = (int)v;
			break;
		}
		default:
			if (c >= '0' && c <= '7') {
				int v = c - '0';
				for (int k = 0; k < 2 && *s >= '0' && *s <= '7'; k++)
					v = v * 8 + (*s++ - '0');
				c = v & 0xff;
			}
			break;
		}
	}
	*p = s;
	return c;
}

static const struct tc_ff_field *kfield(const struct tc_fmtfile *ff, const char *name)
{
	/* C's REC->x is the member x, never the __data_loc_x descriptor */
	for (int dyn = 0; dyn <= 1; dyn++)
		for (size_t i = 0; i < ff->nr_fields; i++)
			if (!strcmp(ff->fields[i].name, name) && (ff->fields[i].dyn != TC_FF_STATIC) == dyn)
				return &ff->fields[i];
	return NULL;
}

static unsigned long long rd(const unsigned char *p, long n)
{
	unsigned long long v = 0;

	for (long i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* A field's value in C: integers, arrays (decay to their bytes), or unknown. */
static struct kv field_value(struct ev *e, const struct tc_ff_field *f)
{
	const struct tc_krecord *r = e->r;

	if (f->offset + f->size > (long)r->size)
		return tc_kv_unknown("the field lies beyond the record");
	if (f->dyn != TC_FF_STATIC)
		return tc_kv_unknown("a __data_loc descriptor is read through its helper");
	if (f->array_len >= 0) {
		struct kv b = { .k = KV_BUF, .p = r->data + f->offset, .len = f->size };
		const struct tc_ctype *ct = tc_kv_field_ctype(f->type);
		long es = f->array_len > 0 ? f->size / f->array_len : 0;
		b.elbits = es == 1 || es == 2 || es == 4 || es == 8 ? (int)es * 8 : ct ? ct->bits : 8;
		b.elsgn = ct ? ct->sgn : f->is_signed;
		return b;
	}
	if (strchr(f->type, '*'))
		return tc_kv_unknown("a pointer field: the kernel reads what it points to");
	const struct tc_ctype *ct = tc_kv_field_ctype(f->type);
	if (!ct) {
		if (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)
			return tc_kv_mkint(rd(r->data + f->offset, f->size), (int)f->size * 8, f->is_signed);
		return tc_kv_unknown("the field is not an integer");
	}
	if (f->size < 1 || f->size > 8)
		return tc_kv_unknown("the field's size is not that of an integer");
	int bits = ct->bits == 1 ? 1 : (int)f->size * 8;
	return tc_kv_mkint(rd(r->data + f->offset, f->size), bits, ct->bits == 1 ? 0 : f->is_signed);
}

/* The dynamic data of a __data_loc/__rel_loc field. */
static struct kv dyn_value(struct ev *e, const char *name)
{
	const struct tc_krecord *r = e->r;
	const struct tc_ff_field *f = NULL;

	for (size_t i = 0; i < r->ff->nr_fields; i++)
		if (!strcmp(r->ff->fields[i].name, name) && r->ff->fields[i].dyn != TC_FF_STATIC)
			f = &r->ff->fields[i];
	if (!f || f->offset + 4 > (long)r->size)
		return tc_kv_unknown("no such dynamic field");
	unsigned long long d = rd(r->data + f->offset, 4);
	long off = (long)(d & 0xffff), len = (long)(d >> 16);
	if (f->dyn == TC_FF_REL_LOC)
		off += f->offset + 4;
	if (off + len > (long)r->size)
		return tc_kv_unknown("the dynamic data lies beyond the record");
	struct kv b = { .k = KV_BUF, .p = r->data + off, .len = len, .elbits = 8 };
	return b;
}

static struct kv expr(struct ev *e);
static struct kv cond_expr(struct ev *e);
static struct kv unary(struct ev *e);

/* After '(': a type name?  Returns it (malloced) and skips it, else NULL. */
static char *type_name(struct ev *e, int *is_ptr)
{
	size_t j = e->i;
	struct strbuf sb = STRBUF_INIT;
	int known = 0;

	*is_ptr = 0;
	while (j < e->nt && tc_ctok_is_ident(&e->t[j])) {
		char *w = tok_str(&e->t[j]);
		if (!strcmp(w, "struct") || !strcmp(w, "union") || !strcmp(w, "enum"))
			known = 1;
		if (tc_ctype_find(w))
			known = 1;
		if (strcmp(w, "const") && strcmp(w, "volatile")) {
			if (sb.len)
				strbuf_addch(&sb, ' ');
			strbuf_addstr(&sb, w);
		}
		free(w);
		j++;
	}
	while (j < e->nt && tc_ctok_is(&e->t[j], "*"))
		*is_ptr = 1, j++;
	while (j < e->nt && (tc_ctok_is(&e->t[j], "const") || tc_ctok_is(&e->t[j], "*")))
		*is_ptr |= tc_ctok_is(&e->t[j], "*"), j++;
	if (!sb.len || j >= e->nt || !tc_ctok_is(&e->t[j], ")")) {
		strbuf_release(&sb);
		return NULL;
	}
	/* "(x)" with x no known type: an expression, or a typedef we do not know */
	if (!known && !*is_ptr) {
		/* a cast if an operand follows: (foo_t)REC->x */
		if (j + 1 < e->nt && (tc_ctok_is_ident(&e->t[j + 1]) || tc_ctok_is(&e->t[j + 1], "(") ||
				      isdigit((unsigned char)e->t[j + 1].p[0]))) {
			e->i = j + 1;
			char *s = xasprintf("?%s", sb.buf);
			strbuf_release(&sb);
			return s;
		}
		strbuf_release(&sb);
		return NULL;
	}
	e->i = j + 1;
	return strbuf_detach(&sb);
}

static struct kv do_cast(const char *type, int is_ptr, struct kv x)
{
	if (x.k == KV_UNKNOWN)
		return x;
	if (type[0] == '?')
		return tc_kv_unknown("a cast to a type tracecheck does not know");
	if (is_ptr) {
		if (x.k == KV_BUF || x.k == KV_STR) {
			const struct tc_ctype *ct;
			char *base = xstrdup(type);
			ct = tc_ctype_find(base);
			free(base);
			if (x.k == KV_BUF && ct) {
				x.elbits = ct->bits;
				x.elsgn = ct->sgn;
			}
			return x;
		}
		return tc_kv_unknown("a cast of a number to a pointer");
	}
	if (starts_with(type, "struct") || starts_with(type, "union"))
		return tc_kv_unknown("a cast to a struct");
	if (starts_with(type, "enum"))
		return tc_kv_conv_to(x, 32, 0);
	const struct tc_ctype *ct = tc_ctype_find(type);
	if (!ct)
		return tc_kv_unknown("a cast to a type tracecheck does not know");
	if (x.k != KV_INT)
		return tc_kv_unknown("a pointer cast to a number");
	if (ct->bits == 1)
		return tc_kv_mkint(x.v != 0, 1, 0);
	return tc_kv_conv_to(x, ct->bits, ct->sgn);
}

static struct kv number(const struct tc_ctok *t)
{
	char *s = tok_str(t), *end;
	unsigned long long v = strtoull(s, &end, 0);
	int u = 0, l = 0;

	for (; *end; end++) {
		if (*end == 'u' || *end == 'U')
			u = 1;
		else if (*end == 'l' || *end == 'L')
			l++;
		else {
			free(s);
			return tc_kv_unknown("a floating or malformed constant");
		}
	}
	int hex = s[0] == '0' && s[1] != '\0';
	free(s);
	if (!l && !u && v <= 0x7fffffffULL)
		return tc_kv_mkint(v, 32, 1);
	if (!l && (u || hex) && v <= 0xffffffffULL)
		return tc_kv_mkint(v, 32, 0);
	if (!u && v <= 0x7fffffffffffffffULL)
		return tc_kv_mkint(v, 64, 1);
	return tc_kv_mkint(v, 64, 0);
}

/* { mask, "name" } lists of __print_flags() / __print_symbolic(). */
struct sym {
	struct kv mask;
	const char *name;
};

static size_t sym_list(struct ev *e, struct sym **out)
{
	size_t nr = 0, alloc = 0;
	struct sym *v = NULL;

	while (accept(e, ",")) {
		if (!accept(e, "{")) {
			e->bad = 1;
			break;
		}
		struct sym s = { 0 };
		s.mask = cond_expr(e);
		expect(e, ",");
		struct kv n = cond_expr(e);
		expect(e, "}");
		s.name = n.k == KV_STR ? n.s : NULL;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = s;
	}
	*out = v;
	return nr;
}

static struct kv strv(struct ev *e, char *s)
{
	struct kv r = { .k = KV_STR };

	r.s = keep(e, s);
	return r;
}

/* HELPER(field): the field's dynamic data. */
static struct kv dyn_arg(struct ev *e)
{
	char *f = e->i < e->nt ? tok_str(&e->t[e->i++]) : xstrdup("");
	struct kv b;

	expect(e, ")");
	b = dyn_value(e, f);
	free(f);
	return b;
}

static struct kv helper(struct ev *e, const char *name)
{
	if (!strcmp(name, "__get_str") || !strcmp(name, "__get_rel_str")) {
		struct kv b = dyn_arg(e);
		if (b.k != KV_BUF)
			return b;
		return strv(e, xstrndup((const char *)b.p, (size_t)b.len));
	}
	if (!strcmp(name, "__get_dynamic_array") || !strcmp(name, "__get_rel_dynamic_array") ||
	    !strcmp(name, "__get_dynamic_array_len") || !strcmp(name, "__get_rel_dynamic_array_len") ||
	    !strcmp(name, "__get_bitmask") || !strcmp(name, "__get_rel_bitmask") ||
	    !strcmp(name, "__get_cpumask") || !strcmp(name, "__get_rel_cpumask") ||
	    !strcmp(name, "__get_sockaddr") || !strcmp(name, "__get_rel_sockaddr")) {
		struct kv b = dyn_arg(e);
		if (b.k != KV_BUF)
			return b;
		if (strstr(name, "_len"))
			return tc_kv_mkint((unsigned long long)b.len, 32, 1);
		if (strstr(name, "mask")) {
			/* "%*pb": 32-bit chunks, most significant first, zero-padded hex */
			struct strbuf sb = STRBUF_INIT;
			long nbits = b.len * 8;
			for (long chunk = (nbits - 1) / 32; chunk >= 0; chunk--) {
				unsigned long long w = 0;
				for (int k = 3; k >= 0; k--) {
					long byte = chunk * 4 + k;
					w = w << 8 | (byte < b.len ? b.p[byte] : 0);
				}
				long cb = nbits - chunk * 32 < 32 ? nbits - chunk * 32 : 32;
				strbuf_addf(&sb, "%s%0*llx", sb.len ? "," : "", (int)((cb + 3) / 4), w);
			}
			return strv(e, strbuf_detach(&sb));
		}
		return b;
	}
	if (!strcmp(name, "__print_symbolic") || !strcmp(name, "__print_flags")) {
		int flags = name[8] == 'f';
		struct kv v = cond_expr(e);
		const char *delim = "";
		if (flags) {
			expect(e, ",");
			struct kv d = cond_expr(e);
			delim = d.k == KV_STR ? d.s : NULL;
		}
		struct sym *syms = NULL;
		size_t n = sym_list(e, &syms);
		expect(e, ")");
		struct kv res = tc_kv_unknown(v.why ? v.why : "a value tracecheck cannot evaluate");
		int ok = v.k == KV_INT && delim;
		for (size_t i = 0; i < n; i++)
			ok &= syms[i].mask.k == KV_INT && syms[i].name != NULL;
		if (ok) {
			/* trace_print_{flags,symbols}_seq(): unsigned long */
			unsigned long long val = tc_kv_conv_to(v, 64, 0).v;
			struct strbuf sb = STRBUF_INIT;
			if (flags) {
				int first = 1;
				for (size_t i = 0; i < n && val; i++) {
					unsigned long long m = tc_kv_conv_to(syms[i].mask, 64, 0).v;
					if ((val & m) != m)
						continue;
					val &= ~m;
					if (!first && *delim)
						strbuf_addstr(&sb, delim);
					first = 0;
					strbuf_addstr(&sb, syms[i].name);
				}
				if (val) {
					if (!first && *delim)
						strbuf_addstr(&sb, delim);
					strbuf_addf(&sb, "0x%llx", val);
				}
			} else {
				size_t i;
				for (i = 0; i < n; i++)
					if (tc_kv_conv_to(syms[i].mask, 64, 0).v == val)
						break;
				if (i < n) {
					strbuf_addstr(&sb, syms[i].name);
				} else {
					strbuf_addf(&sb, "0x%llx", val);
					if (e->r->sym_unmatched)
						*e->r->sym_unmatched = 1;
				}
			}
			res = strv(e, strbuf_detach(&sb));
		} else if (v.k == KV_INT) {
			res = tc_kv_unknown("a flag or symbol list tracecheck cannot evaluate");
		}
		free(syms);
		return res;
	}
	if (!strcmp(name, "__print_hex") || !strcmp(name, "__print_hex_str")) {
		struct kv b = cond_expr(e);
		expect(e, ",");
		struct kv l = cond_expr(e);
		expect(e, ")");
		if (b.k != KV_BUF || l.k != KV_INT)
			return tc_kv_unknown(b.why ? b.why : "a buffer tracecheck cannot evaluate");
		long n = (long)tc_kv_conv_to(l, 64, 1).v;
		if (n < 0 || n > b.len)
			return tc_kv_unknown("a length beyond the buffer");
		struct strbuf sb = STRBUF_INIT;
		for (long i = 0; i < n; i++)
			strbuf_addf(&sb, "%s%2.2x", name[11] == '_' || i == 0 ? "" : " ", b.p[i]);
		return strv(e, strbuf_detach(&sb));
	}
	if (!strcmp(name, "__print_array")) {
		struct kv b = cond_expr(e);
		expect(e, ",");
		struct kv c = cond_expr(e);
		expect(e, ",");
		struct kv s = cond_expr(e);
		expect(e, ")");
		if (b.k != KV_BUF || c.k != KV_INT || s.k != KV_INT)
			return tc_kv_unknown("an array tracecheck cannot evaluate");
		long cnt = (long)tc_kv_conv_to(c, 64, 1).v, es = (long)tc_kv_conv_to(s, 64, 1).v;
		if (es != 1 && es != 2 && es != 4 && es != 8)
			return tc_kv_unknown("an element size the kernel rejects");
		if (cnt < 0 || cnt * es > b.len)
			return tc_kv_unknown("a count beyond the buffer");
		struct strbuf sb = STRBUF_INIT;
		strbuf_addch(&sb, '{');
		for (long i = 0; i < cnt; i++)
			strbuf_addf(&sb, "%s0x%llx", i ? "," : "",
				    rd(b.p + i * es, es));
		strbuf_addch(&sb, '}');
		return strv(e, strbuf_detach(&sb));
	}
	if (!strcmp(name, "__builtin_expect")) {
		struct kv v = cond_expr(e);
		expect(e, ",");
		cond_expr(e);
		expect(e, ")");
		return v;
	}
	/* a function: only the kernel can call it */
	int depth = 1;
	while (e->i < e->nt && depth) {
		if (is(e, "("))
			depth++;
		else if (is(e, ")"))
			depth--;
		e->i++;
	}
	return tc_kv_unknown("a function only the kernel can call");
}

static struct kv primary(struct ev *e)
{
	if (e->i >= e->nt) {
		e->bad = 1;
		return tc_kv_unknown("end of expression");
	}
	const struct tc_ctok *t = &e->t[e->i];
	if (t->p[0] == '"') {
		struct strbuf sb = STRBUF_INIT;
		while (e->i < e->nt && e->t[e->i].p[0] == '"') {
			const struct tc_ctok *s = &e->t[e->i++];
			const char *p = s->p + 1, *end = s->p + s->n - 1;
			while (p < end)
				strbuf_addch(&sb, c_char(&p));
		}
		return strv(e, strbuf_detach(&sb));
	}
	if (t->p[0] == '\'') {
		const char *p = t->p + 1;
		int c = c_char(&p);
		e->i++;
		/* a char constant is an int; with -funsigned-char its value is 0..255 */
		return tc_kv_mkint((unsigned long long)c, 32, 1);
	}
	if (isdigit((unsigned char)t->p[0])) {
		e->i++;
		return number(t);
	}
	if (accept(e, "(")) {
		int is_ptr;
		char *type = type_name(e, &is_ptr);
		if (type) {
			struct kv x = unary(e);
			struct kv r = do_cast(type, is_ptr, x);
			free(type);
			return r;
		}
		if (is(e, "{")) {
			e->bad = 1;
			return tc_kv_unknown("a statement expression");
		}
		struct kv x = expr(e);
		expect(e, ")");
		return x;
	}
	if (tc_ctok_is_ident(t)) {
		char *name = tok_str(t);
		e->i++;
		struct kv r;
		if (!strcmp(name, "REC")) {
			r = tc_kv_unknown("the record itself");
			if (accept(e, "->") && e->i < e->nt) {
				char *f = tok_str(&e->t[e->i++]);
				const struct tc_ff_field *ff = kfield(e->r->ff, f);
				r = ff ? field_value(e, ff) : tc_kv_unknown("no such field");
				free(f);
			}
		} else if (!strcmp(name, "sizeof")) {
			r = tc_kv_unknown("sizeof of something tracecheck does not know");
			if (accept(e, "(")) {
				int is_ptr;
				char *type = type_name(e, &is_ptr);
				if (type) {
					const struct tc_ctype *ct = tc_ctype_find(type);
					if (is_ptr)
						r = tc_kv_mkint(8, 64, 0);
					else if (ct)
						r = tc_kv_mkint(ct->bits == 1 ? 1 : ct->bits / 8, 64,
								0);
					free(type);
				} else {
					/* sizeof(REC->f) */
					size_t save = e->i;
					if (accept(e, "REC") && accept(e, "->") && e->i < e->nt) {
						char *f = tok_str(&e->t[e->i++]);
						const struct tc_ff_field *ff = kfield(e->r->ff, f);
						if (ff)
							r = tc_kv_mkint((unsigned long long)ff->size, 64, 0);
						free(f);
					} else {
						e->i = save;
						expr(e);
					}
					expect(e, ")");
				}
			}
		} else if (is(e, "(")) {
			e->i++;
			r = helper(e, name);
		} else if (!strcmp(name, "true") || !strcmp(name, "false")) {
			r = tc_kv_mkint(name[0] == 't', 32, 1);
		} else if (!strcmp(name, "NULL")) {
			r = tc_kv_unknown("NULL");
		} else {
			r = tc_kv_unknown("a name only the kernel knows (an enum constant?)");
		}
		free(name);
		return r;
	}
	e->bad = 1;
	e->i++;
	return tc_kv_unknown("syntax tracecheck does not follow");
}

static struct kv postfix(struct ev *e)
{
	struct kv x = primary(e);

	for (;;) {
		if (accept(e, "[")) {
			struct kv idx = expr(e);
			expect(e, "]");
			if (x.k == KV_UNKNOWN)
				continue;
			if (idx.k != KV_INT) {
				x = idx.k == KV_UNKNOWN ? idx : tc_kv_unknown("an index that is not a number");
				continue;
			}
			long i = (long)tc_kv_sval(&idx), es = x.k == KV_BUF ? x.elbits / 8 : 1;
			if (x.k == KV_STR) {
				long n = (long)strlen(x.s);
				x = i >= 0 && i <= n ? tc_kv_mkint((unsigned char)x.s[i], 8, 0)
						     : tc_kv_unknown("an index beyond the string");
			} else if (x.k == KV_BUF && es > 0 && i >= 0 && (i + 1) * es <= x.len) {
				x = tc_kv_mkint(rd(x.p + i * es, es), x.elbits, x.elsgn);
			} else {
				x = tc_kv_unknown("an index beyond the array");
			}
		} else if (is(e, "->") || is(e, ".") || is(e, "++") || is(e, "--")) {
			e->i++;
			if (e->i < e->nt && tc_ctok_is_ident(&e->t[e->i]))
				e->i++;
			x = tc_kv_unknown("a member of something that is not in the record");
		} else {
			return x;
		}
	}
}

static struct kv unary_in(struct ev *e);

static struct kv unary(struct ev *e)
{
	return deeper(e, unary_in);
}

static struct kv unary_in(struct ev *e)
{
	if (accept(e, "-") || accept(e, "+") || accept(e, "!") || accept(e, "~")) {
		char op = e->t[e->i - 1].p[0];
		struct kv x = unary(e);
		if (x.k != KV_INT)
			return x.k == KV_UNKNOWN ? x : tc_kv_unknown("arithmetic on a string");
		if (op == '!')
			return tc_kv_mkint(x.v == 0, 32, 1);
		x = tc_kv_promote(x);
		if (op == '-')
			return tc_kv_mkint(-x.v, x.bits, x.sgn);
		if (op == '~')
			return tc_kv_mkint(~x.v, x.bits, x.sgn);
		return x;
	}
	if (accept(e, "&") || accept(e, "*")) {
		struct kv x = unary(e);
		if (e->t[e->i - 1].p[0] == '&' && x.k == KV_BUF)
			return x;
		return tc_kv_unknown("an address or a dereference");
	}
	return postfix(e);
}

static int prec(struct ev *e, char *op)
{
	static const struct {
		const char *op;
		int prec;
	} ops[] = { { "*", 10 }, { "/", 10 }, { "%", 10 }, { "+", 9 },	 { "-", 9 },
		    { "<<", 8 }, { ">>", 8 }, { "<", 7 },  { ">", 7 },	 { "<=", 7 },
		    { ">=", 7 }, { "==", 6 }, { "!=", 6 }, { "&", 5 },	 { "^", 4 },
		    { "|", 3 },	 { "&&", 2 }, { "||", 1 } };

	if (e->i >= e->nt)
		return -1;
	for (size_t k = 0; k < ARRAY_SIZE(ops); k++)
		if (tc_ctok_is(&e->t[e->i], ops[k].op)) {
			strcpy(op, ops[k].op);
			return ops[k].prec;
		}
	return -1;
}

static struct kv binop(const char *op, struct kv a, struct kv b)
{
	if (!strcmp(op, "&&") || !strcmp(op, "||")) {
		int av = a.k == KV_STR || a.k == KV_BUF || (a.k == KV_INT && a.v);
		if (a.k == KV_UNKNOWN)
			return a;
		if (op[0] == '&' && !av)
			return tc_kv_mkint(0, 32, 1);
		if (op[0] == '|' && av)
			return tc_kv_mkint(1, 32, 1);
		if (b.k == KV_UNKNOWN)
			return b;
		return tc_kv_mkint(b.k != KV_INT || b.v, 32, 1);
	}
	if (a.k == KV_UNKNOWN)
		return a;
	if (b.k == KV_UNKNOWN)
		return b;
	if (a.k != KV_INT || b.k != KV_INT)
		return tc_kv_unknown("arithmetic on a string or an array");
	a = tc_kv_promote(a);
	b = tc_kv_promote(b);
	if (!strcmp(op, "<<") || !strcmp(op, ">>")) {
		long long n = tc_kv_sval(&b);
		if (n < 0 || n >= a.bits)
			return tc_kv_unknown("a shift by more than the width");
		if (op[0] == '<')
			return tc_kv_mkint(a.v << n, a.bits, a.sgn);
		return a.sgn ? tc_kv_mkint((unsigned long long)(tc_kv_sval(&a) >> n), a.bits, 1)
			     : tc_kv_mkint(a.v >> n, a.bits, 0);
	}
	/* the usual arithmetic conversions */
	int bits = a.bits > b.bits ? a.bits : b.bits;
	int sgn = a.bits == b.bits ? (a.sgn && b.sgn) : (a.bits > b.bits ? a.sgn : b.sgn);
	a = tc_kv_conv_to(a, bits, sgn);
	b = tc_kv_conv_to(b, bits, sgn);
	long long sa = tc_kv_sval(&a), sb = tc_kv_sval(&b);
	unsigned long long ua = a.v, ub = b.v;
	switch (op[0]) {
	case '*':
		return tc_kv_mkint(ua * ub, bits, sgn);
	case '/':
	case '%':
		if (!ub)
			return tc_kv_unknown("a division by zero");
		if (sgn)
			return tc_kv_mkint((unsigned long long)(op[0] == '/' ? sa / sb : sa % sb), bits, 1);
		return tc_kv_mkint(op[0] == '/' ? ua / ub : ua % ub, bits, 0);
	case '+':
		return tc_kv_mkint(ua + ub, bits, sgn);
	case '-':
		return tc_kv_mkint(ua - ub, bits, sgn);
	case '&':
		return tc_kv_mkint(ua & ub, bits, sgn);
	case '^':
		return tc_kv_mkint(ua ^ ub, bits, sgn);
	case '|':
		return tc_kv_mkint(ua | ub, bits, sgn);
	}
	int r;
	if (!strcmp(op, "==") || !strcmp(op, "!="))
		r = (ua == ub) == (op[0] == '=');
	else if (sgn)
		r = !strcmp(op, "<") ? sa < sb : !strcmp(op, ">") ? sa > sb : !strcmp(op, "<=") ? sa <= sb : sa >= sb;
	else
		r = !strcmp(op, "<") ? ua < ub : !strcmp(op, ">") ? ua > ub : !strcmp(op, "<=") ? ua <= ub : ua >= ub;
	return tc_kv_mkint((unsigned long long)r, 32, 1);
}

static struct kv binary(struct ev *e, int min)
{
	struct kv a = unary(e);
	char op[4];
	int p;

	while ((p = prec(e, op)) >= min) {
		e->i++;
		struct kv b = binary(e, p + 1);
		a = binop(op, a, b);
	}
	return a;
}

static struct kv cond_expr_in(struct ev *e);

static struct kv cond_expr(struct ev *e)
{
	return deeper(e, cond_expr_in);
}

static struct kv cond_expr_in(struct ev *e)
{
	struct kv c = binary(e, 1);

	if (!accept(e, "?"))
		return c;
	struct kv a = expr(e);
	expect(e, ":");
	struct kv b = cond_expr(e);
	if (c.k == KV_UNKNOWN)
		return c;
	int t = c.k != KV_INT || c.v;
	struct kv r = t ? a : b;
	/* both arms numbers: the result has their common type */
	if (a.k == KV_INT && b.k == KV_INT && r.k == KV_INT) {
		struct kv pa = tc_kv_promote(a), pb = tc_kv_promote(b);
		int bits = pa.bits > pb.bits ? pa.bits : pb.bits;
		int sgn = pa.bits == pb.bits ? (pa.sgn && pb.sgn) : (pa.bits > pb.bits ? pa.sgn : pb.sgn);
		r = tc_kv_conv_to(tc_kv_promote(r), bits, sgn);
	}
	return r;
}

/* An argument: no comma operator (libtraceevent rejects it; so does the split). */
static struct kv expr(struct ev *e)
{
	return cond_expr(e);
}

/* Evaluate one print fmt argument. */
struct kv tc_keval_eval_arg(struct ev *e, const char *text)
{
	free(e->t);
	e->nt = tc_ctokenize(text, &e->t);
	e->i = 0;
	e->bad = 0;
	e->depth = 0;
	e->deep = tc_ctok_nesting(e->t, e->nt) > TC_MAX_NESTING;
	struct kv x = e->deep ? tc_kv_unknown(tc_keval_too_deep) : expr(e);
	if (e->deep)
		return tc_kv_unknown(tc_keval_too_deep);
	if (e->bad || e->i != e->nt)
		return tc_kv_unknown("syntax tracecheck does not follow");
	return x;
}

void tc_keval_ev_release(struct ev *e)
{
	for (size_t i = 0; i < e->nr_arena; i++)
		free(e->arena[i]);
	free(e->arena);
	free(e->t);
}

const char tc_keval_too_deep[] = "nested too deeply";

int tc_karg_too_deep(const char *arg)
{
	static const struct tc_fmtfile none; /* no field: every field name is unknown */
	const struct tc_krecord r = { .ff = &none };
	struct ev e = { .r = &r };

	tc_keval_eval_arg(&e, arg);
	tc_keval_ev_release(&e);
	return e.deep;
}
