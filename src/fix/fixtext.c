// SPDX-License-Identifier: MIT
/*
 * What the rules' repairs read and write of a header's text: a lexer
 * that knows comments, literals and directives; the TP_*() blocks of an
 * event definition; plain "__entry->F = EXPR;" assignments and the
 * rewriting of __entry->F into EXPR; new field names; lines appended at
 * the end of a block in the block's own indentation.
 */
#include "fix_internal.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "ctypes.h"
#include "kfacts.h"
#include "pconv.h"
#include "util.h"

void tc_fix_insert_appended(struct tc_fix *fx, size_t at, const char *s);
int tc_fix_appended_at(const struct tc_fix *fx, size_t at);

const char *tc_fix_text(const struct tc_fix *fx, size_t *len)
{
	if (len)
		*len = fx->len;
	return fx->text;
}

const struct tc_toks *tc_fix_toks(struct tc_fix *fx)
{
	if (!fx->have_toks++)
		tc_toks_scan(&fx->toks, fx->text, fx->len);
	return &fx->toks;
}

const struct tc_header *tc_fix_header(const struct tc_fix *fx)
{
	return fx->h;
}

const struct tc_fix_options *tc_fix_opts(const struct tc_fix *fx)
{
	return fx->o;
}

int tc_fix_loc_eq(const struct tc_loc *a, const struct tc_loc *b)
{
	return a->file && b->file && a->line == b->line && a->col == b->col &&
	       (a->file == b->file || !strcmp(a->file, b->file));
}

int tc_fix_offset(const struct tc_fix *fx, const struct tc_loc *loc, size_t *off)
{
	const struct tc_header *h = fx->h;

	if (!loc->file || !loc->line || !loc->col || loc->line > fx->nr_lines)
		return -1;
	if (strcmp(loc->file, h->path) && (!h->abs_path || strcmp(loc->file, h->abs_path)))
		return -1;
	size_t o = fx->lines[loc->line - 1] + loc->col - 1;
	size_t eol = loc->line < fx->nr_lines ? fx->lines[loc->line] : fx->len;
	if (o >= eol)
		return -1;
	*off = o;
	return 0;
}

/* ---- lexing ---- */

struct ftok {
	size_t off, n;
	char kind; /* enum tc_tk (ctok.h) */
};

/* The first position at or after i that is neither white space nor a comment. */
static size_t skip_blank(const struct tc_fix *fx, size_t i, size_t end)
{
	while (i < end) {
		char k;
		if (isspace((unsigned char)fx->text[i])) {
			i++;
			continue;
		}
		size_t e = tc_clex(fx->text, end, i, &k);
		if (k != TC_TK_COMMENT)
			break;
		i = e;
	}
	return i;
}

static size_t tokenize(const struct tc_fix *fx, size_t start, size_t end, struct ftok **out)
{
	struct ftok *v = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t i = skip_blank(fx, start, end); i < end; i = skip_blank(fx, i, end)) {
		char k;
		size_t e = tc_clex(fx->text, end, i, &k);
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].off = i;
		v[nr].n = e - i;
		v[nr].kind = k;
		nr++;
		i = e;
	}
	*out = v;
	return nr;
}

static int tok_is(const struct tc_fix *fx, const struct ftok *t, const char *s)
{
	return t->n == strlen(s) && !strncmp(fx->text + t->off, s, t->n);
}

static int is_open(const struct tc_fix *fx, const struct ftok *t)
{
	return t->kind == TC_TK_PUNCT && t->n == 1 && strchr("([{", fx->text[t->off]);
}

static int is_close(const struct tc_fix *fx, const struct ftok *t)
{
	return t->kind == TC_TK_PUNCT && t->n == 1 && strchr(")]}", fx->text[t->off]);
}

/* The bracket closing the one at open, SIZE_MAX if there is none. */
static size_t match_close(const struct tc_fix *fx, size_t open)
{
	int depth = 0;

	for (size_t i = open; i < fx->len; i = skip_blank(fx, i, fx->len)) {
		char k;
		size_t e = tc_clex(fx->text, fx->len, i, &k);
		if (k == TC_TK_PUNCT && e == i + 1) {
			if (strchr("([{", fx->text[i]))
				depth++;
			else if (strchr(")]}", fx->text[i]) && --depth == 0)
				return i;
		}
		i = e;
	}
	return SIZE_MAX;
}

/* The token index closing the bracket token at i, n if none. */
static size_t tok_match(const struct tc_fix *fx, const struct ftok *t, size_t n, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < n; j++) {
		if (is_open(fx, &t[j]))
			depth++;
		else if (is_close(fx, &t[j]) && --depth == 0)
			return j;
	}
	return n;
}

/* ---- the blocks of an event definition ---- */

int tc_fix_find_class(struct tc_fix *fx, const struct tc_class *c, struct tc_fix_class *out)
{
	size_t off, n;
	char k;
	struct ftok *t;

	memset(out, 0, sizeof(*out));
	out->c = c;
	out->print.open = out->print.close = SIZE_MAX;
	if (tc_fix_offset(fx, &c->loc, &off))
		return tc_fix_skip(fx, "event class '%s' is defined in another file", c->name);
	size_t e = tc_clex(fx->text, fx->len, off, &k);
	size_t open = k == TC_TK_IDENT ? skip_blank(fx, e, fx->len) : fx->len;
	if (open >= fx->len || fx->text[open] != '(' ||
	    (out->macro.close = match_close(fx, open)) == SIZE_MAX)
		return tc_fix_skip(fx, "the definition of '%s' could not be read in the text",
				   c->name);
	out->macro.open = open;
	n = tokenize(fx, open + 1, out->macro.close, &t);
	int depth = 0;
	for (size_t i = 0; i < n; i++) {
		if (is_open(fx, &t[i]))
			depth++;
		else if (is_close(fx, &t[i]))
			depth--;
		if (depth || t[i].kind != TC_TK_IDENT || i + 1 >= n || !tok_is(fx, &t[i + 1], "("))
			continue;
		struct tc_fix_span *s = tok_is(fx, &t[i], "TP_STRUCT__entry") ? &out->entry
					: tok_is(fx, &t[i], "TP_fast_assign") ? &out->assign
					: tok_is(fx, &t[i], "TP_printk")      ? &out->print
									      : NULL;
		if (s) {
			s->open = t[i + 1].off;
			s->close = match_close(fx, s->open);
		}
	}
	free(t);
	if (!out->entry.open || !out->assign.open || out->entry.close == SIZE_MAX ||
	    out->assign.close == SIZE_MAX)
		return tc_fix_skip(fx, "the TP_STRUCT__entry() and TP_fast_assign() of '%s' "
				       "are not written in its definition",
				   c->name);
	return 0;
}

const struct tc_class *tc_fix_class_of_print(const struct tc_header *h,
					     const struct tc_printk *pk)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == pk)
			return h->classes[i];
	return NULL;
}

size_t tc_fix_call_end(const struct tc_fix *fx, size_t off)
{
	char k;
	size_t e = tc_clex(fx->text, fx->len, off, &k);

	if (k != TC_TK_IDENT)
		return 0;
	size_t open = skip_blank(fx, e, fx->len);
	if (open >= fx->len || fx->text[open] != '(')
		return 0;
	size_t close = match_close(fx, open);
	return close == SIZE_MAX ? 0 : close + 1;
}

int tc_fix_raw_arg(const struct tc_fix *fx, const struct tc_printk *pk, size_t r, size_t *start,
		   size_t *end)
{
	char k;

	if (!pk->args_located || !pk->raw_range || r >= pk->nr_raw_args)
		return -1;
	size_t s = tc_fix_from_file(fx, pk->raw_range[2 * r]);
	size_t last = tc_fix_from_file(fx, pk->raw_range[2 * r + 1]);
	if (s > last || last >= fx->len)
		return -1;
	*start = s;
	*end = tc_clex(fx->text, fx->len, last, &k);
	return 0;
}

int tc_fix_conversion(const struct tc_printk *pk, size_t k, char *length, size_t lsize,
		      char *conv)
{
	struct tc_pconv c;
	size_t pos = 0, arg = 0;

	if (!pk->fmt)
		return -1;
	while (tc_pconv_next(pk->fmt, &pos, TC_PCONV_GNU, &c)) {
		if (c.width_star && arg++ == k)
			return -1;
		if (c.prec_star && arg++ == k)
			return -1;
		if (!c.conv)
			return -1;
		if (arg++ == k) {
			if (c.len_n >= lsize)
				return -1;
			memcpy(length, pk->fmt + c.len, c.len_n);
			length[c.len_n] = '\0';
			*conv = c.conv;
			return 0;
		}
	}
	return -1;
}

int tc_fix_field_element(struct tc_fix *fx, const struct tc_fix_class *fc,
			 const struct tc_field *f, size_t *start, size_t *end)
{
	struct ftok *t;
	size_t n = tokenize(fx, fc->entry.open + 1, fc->entry.close, &t), off;
	int found = -1;

	if (tc_fix_offset(fx, &f->loc, &off)) {
		free(t);
		return tc_fix_skip(fx, "field '%s' is not declared in the header's text", f->name);
	}
	for (size_t i = 0; i + 1 < n && found < 0; i++) {
		if (t[i].kind != TC_TK_IDENT || !tok_is(fx, &t[i + 1], "("))
			continue;
		size_t j = tok_match(fx, t, n, i + 1);
		if (j >= n)
			break;
		if (t[i].off <= off && off < t[j].off + 1) {
			*start = t[i].off;
			*end = t[j].off + 1;
			found = 0;
		}
		i = j;
	}
	free(t);
	if (found)
		return tc_fix_skip(fx, "the element declaring field '%s' was not found in "
				       "TP_STRUCT__entry()",
				   f->name);
	return 0;
}

/* ---- assignments ---- */

static int is_entry_ref(const struct tc_fix *fx, const struct ftok *t, size_t n, size_t i,
			const char *name)
{
	return i + 2 < n && tok_is(fx, &t[i], "__entry") && tok_is(fx, &t[i + 1], "->") &&
	       t[i + 2].kind == TC_TK_IDENT && (!name || tok_is(fx, &t[i + 2], name));
}

size_t tc_fix_count_entry_refs(const struct tc_fix *fx, size_t start, size_t end,
			       const char *name)
{
	struct ftok *t;
	size_t n = tokenize(fx, start, end, &t), count = 0;

	for (size_t i = 0; i < n; i++)
		count += is_entry_ref(fx, t, n, i, name);
	free(t);
	return count;
}

static int is_assign_op(const struct tc_fix *fx, const struct ftok *t)
{
	static const char *const ops[] = { "=",	 "+=", "-=", "*=", "/=", "%=", "&=",
					   "|=", "^=", "<<=", ">>=", "++", "--" };

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (t->kind == TC_TK_PUNCT && tok_is(fx, t, ops[i]))
			return 1;
	return 0;
}

int tc_fix_plain_assign(struct tc_fix *fx, const struct tc_fix_class *fc,
			const struct tc_field *f, size_t *start, size_t *end, size_t *expr,
			size_t *expr_end)
{
	size_t nw = 0;
	const struct tc_write *w = NULL;

	for (size_t i = 0; i < f->nr_writes; i++) {
		if (f->writes[i].kind == TC_W_TEXT)
			continue;
		nw++;
		w = &f->writes[i];
	}
	if (nw != 1 || w->kind != TC_W_ASSIGN || w->conditional || w->in_loop ||
	    f->written != TC_WRITTEN_ALWAYS)
		return tc_fix_skip(fx, "what field '%s' holds is not known: TP_fast_assign() does "
				       "not set it with one plain '__entry->%s = ...;'",
				   f->name, f->name);

	struct ftok *t;
	size_t n = tokenize(fx, fc->assign.open + 1, fc->assign.close, &t), at = n, refs = 0;
	int depth = 0, ok = 0;
	for (size_t i = 0; i < n; i++) {
		if (is_entry_ref(fx, t, n, i, f->name)) {
			refs++;
			if (!depth && (!i || tok_is(fx, &t[i - 1], ";") || tok_is(fx, &t[i - 1], "}")))
				at = i;
		}
		if (is_open(fx, &t[i]))
			depth++;
		else if (is_close(fx, &t[i]))
			depth--;
	}
	if (refs == 1 && at < n && at + 4 < n && tok_is(fx, &t[at + 3], "=")) {
		size_t j = at + 4, semi = n;
		int d = 0;
		ok = 1;
		for (; j < n && semi == n; j++) {
			if (is_open(fx, &t[j]))
				d++;
			else if (is_close(fx, &t[j]))
				d--;
			if (!d && tok_is(fx, &t[j], ";"))
				semi = j;
			else if (d < 0 || is_assign_op(fx, &t[j]) || t[j].kind == TC_TK_DIRECTIVE ||
				 tok_is(fx, &t[j], "__entry") || (!d && tok_is(fx, &t[j], ",")))
				ok = 0;
		}
		if (semi == n || semi == at + 4)
			ok = 0;
		if (ok) {
			*start = t[at].off;
			*end = t[semi].off + 1;
			*expr = t[at + 4].off;
			*expr_end = t[semi - 1].off + t[semi - 1].n;
		}
	}
	free(t);
	if (!ok)
		return tc_fix_skip(fx, "what field '%s' holds is not known: TP_fast_assign() does "
				       "not set it with one plain '__entry->%s = ...;'",
				   f->name, f->name);
	return 0;
}

static int is_type_word(const char *s, size_t n)
{
	static const char *const words[] = {
		"sizeof", "typeof", "__typeof__", "unsigned", "signed", "void", "const",
		"volatile", "struct", "union", "enum", "true", "false", "NULL",
	};

	if (tc_ctype_findn(s, n))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(words); i++)
		if (strlen(words[i]) == n && !strncmp(words[i], s, n))
			return 1;
	for (size_t i = 0; i < n; i++)
		if (islower((unsigned char)s[i]))
			return 0;
	return 1; /* an upper-case name: a constant */
}

/* Does EXPR text[s, e) use only TP_PROTO's arguments?  -1 after tc_fix_skip(). */
static int check_proto_only(struct tc_fix *fx, const struct tc_class *c,
			    const struct tc_field *f, size_t s, size_t e)
{
	char **params;
	size_t np = tc_proto_params(c->proto, &params);
	struct ftok *t;
	size_t n = tokenize(fx, s, e, &t);
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++) {
		const char *p = fx->text + t[i].off;
		int found = 0;
		if (t[i].kind != TC_TK_IDENT || is_type_word(p, t[i].n))
			continue;
		if (i && (tok_is(fx, &t[i - 1], "->") || tok_is(fx, &t[i - 1], ".") ||
			  tok_is(fx, &t[i - 1], "struct") || tok_is(fx, &t[i - 1], "union") ||
			  tok_is(fx, &t[i - 1], "enum")))
			continue;
		if (i + 1 < n && tok_is(fx, &t[i + 1], "("))
			continue;
		for (size_t j = 0; j < np && !found; j++)
			found = strlen(params[j]) == t[i].n && !strncmp(params[j], p, t[i].n);
		if (!found)
			ret = tc_fix_skip(fx, "what TP_fast_assign() assigns to field '%s' uses "
					      "'%.*s', which is not an argument of TP_PROTO() (the "
					      "__string() value is computed before TP_fast_assign() runs)",
					  f->name, (int)t[i].n, p);
	}
	free(t);
	free_strings(params, np);
	return ret;
}

/* ident, then any of ->ident .ident (...) [...]: needs no parentheses anywhere */
static int is_postfix_expr(const struct tc_fix *fx, size_t s, size_t e)
{
	struct ftok *t;
	size_t n = tokenize(fx, s, e, &t), i = 1;
	int ok = n && t[0].kind == TC_TK_IDENT;

	while (ok && i < n) {
		if ((tok_is(fx, &t[i], "->") || tok_is(fx, &t[i], ".")) && i + 1 < n &&
		    t[i + 1].kind == TC_TK_IDENT) {
			i += 2;
		} else if (tok_is(fx, &t[i], "(") || tok_is(fx, &t[i], "[")) {
			size_t j = tok_match(fx, t, n, i);
			ok = j < n;
			i = j + 1;
		} else {
			ok = 0;
		}
	}
	free(t);
	return ok;
}

int tc_fix_unentry(struct tc_fix *fx, const struct tc_fix_class *fc, size_t start, size_t end,
		   int proto_only, struct strbuf *out, size_t *nfields,
		   const struct tc_field **first)
{
	struct ftok *t;
	size_t n = tokenize(fx, start, end, &t), last = start;
	const struct tc_field **seen = NULL;
	size_t nseen = 0, aseen = 0;
	int ret = 0;

	*first = NULL;
	for (size_t i = 0; i < n && !ret; i++) {
		const char *p = fx->text + t[i].off;
		if (t[i].kind == TC_TK_IDENT && t[i].n > 6 &&
		    (!strncmp(p, "__get_", 6) || !strncmp(p, "__print_", 8))) {
			ret = tc_fix_skip(fx, "the expression uses %.*s(), which reads the record",
					  (int)t[i].n, p);
			break;
		}
		if (!tok_is(fx, &t[i], "__entry"))
			continue;
		if (!is_entry_ref(fx, t, n, i, NULL)) {
			ret = tc_fix_skip(fx, "the expression uses __entry other than as __entry->FIELD");
			break;
		}
		char *name = xstrndup(fx->text + t[i + 2].off, t[i + 2].n);
		const struct tc_field *f = tc_class_field((struct tc_class *)fc->c, name);
		size_t s, e, xs = 0, xe = 0;
		if (!f)
			ret = tc_fix_skip(fx, "'%s' is not a field of '%s'", name, fc->c->name);
		else if (f->kind != TC_F_FIELD && f->kind != TC_F_FIELD_EXT)
			ret = tc_fix_skip(fx, "field '%s' is declared with %s(), not __field()", name,
					  tc_field_kind_name(f->kind));
		else if (tc_fix_plain_assign(fx, fc, f, &s, &e, &xs, &xe) ||
			 (proto_only && check_proto_only(fx, fc->c, f, xs, xe)))
			ret = -1;
		free(name);
		if (ret)
			break;
		int whole = i > 0 && i + 3 < n &&
			    (tok_is(fx, &t[i - 1], "(") || tok_is(fx, &t[i - 1], ",")) &&
			    (tok_is(fx, &t[i + 3], ")") || tok_is(fx, &t[i + 3], ","));
		int parens = !whole && !is_postfix_expr(fx, xs, xe);
		strbuf_add(out, fx->text + last, t[i].off - last);
		if (parens)
			strbuf_addch(out, '(');
		strbuf_add(out, fx->text + xs, xe - xs);
		if (parens)
			strbuf_addch(out, ')');
		last = t[i + 2].off + t[i + 2].n;
		int dup = 0;
		for (size_t j = 0; j < nseen; j++)
			dup |= seen[j] == f;
		if (!dup) {
			ALLOC_GROW(seen, nseen + 1, aseen);
			seen[nseen++] = f;
		}
		i += 2;
	}
	if (!ret)
		strbuf_add(out, fx->text + last, end - last);
	*nfields = nseen;
	*first = nseen ? seen[0] : NULL;
	free(seen);
	free(t);
	return ret;
}

/* ---- writing ---- */

char *tc_fix_new_name(struct tc_fix *fx, const struct tc_class *c, const char *base)
{
	char *name = xstrdup(base);

	for (unsigned k = 2;; k++) {
		int taken = tc_class_field((struct tc_class *)c, name) != NULL;
		for (size_t i = 0; i < fx->nr_names && !taken; i++)
			taken = fx->names[i].c == c && !strcmp(fx->names[i].name, name);
		if (!taken)
			break;
		free(name);
		name = xasprintf("%s%u", base, k);
	}
	ALLOC_GROW(fx->names, fx->nr_names + 1, fx->alloc_names);
	fx->names[fx->nr_names].c = c;
	fx->names[fx->nr_names].name = xstrdup(name);
	fx->nr_names++;
	return name;
}

static size_t line_of(const struct tc_fix *fx, size_t off)
{
	size_t lo = 0, hi = fx->nr_lines;

	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (fx->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void tc_fix_append(struct tc_fix *fx, const struct tc_fix_span *b, const char *line, int blank)
{
	size_t at = b->close;
	struct strbuf s = STRBUF_INIT;

	while (at > b->open + 1 && isspace((unsigned char)fx->text[at - 1]))
		at--;
	size_t ln = line_of(fx, at - 1);
	if (ln == line_of(fx, b->open)) {
		strbuf_addf(&s, " %s", line);
	} else {
		/* the indentation of the block's last line that is not a directive */
		size_t l = ln, i;
		for (;; l--) {
			i = fx->lines[l];
			while (fx->text[i] == ' ' || fx->text[i] == '\t')
				i++;
			if (fx->text[i] != '#' || l <= line_of(fx, b->open) + 1)
				break;
		}
		strbuf_addstr(&s, blank && !tc_fix_appended_at(fx, at) ? "\n\n" : "\n");
		strbuf_add(&s, fx->text + fx->lines[l], i - fx->lines[l]);
		strbuf_addstr(&s, line);
	}
	tc_fix_insert_appended(fx, at, s.buf);
	strbuf_release(&s);
}

/* A string's field name from a name: "opcode" -> "op_str" (a code's name names the op). */
static char *string_name(const char *name)
{
	const char *w = name;
	size_t n = strlen(w);

	if (n > 4 && !strcmp(w + n - 4, "code"))
		n -= 4;
	while (n > 1 && w[n - 1] == '_')
		n--;
	return xasprintf("%.*s_str", (int)n, w);
}

int tc_fix_record_string(struct tc_fix *fx, const struct tc_fix_class *fc, size_t expr,
			 size_t expr_end, const char *base, size_t start, size_t end)
{
	struct strbuf src = STRBUF_INIT, line = STRBUF_INIT;
	size_t nf;
	const struct tc_field *f;

	if (tc_fix_unentry(fx, fc, expr, expr_end, 1, &src, &nf, &f)) {
		strbuf_release(&src);
		return -1;
	}
	const char *word = strrchr(base, '_');
	char *want = string_name(nf == 1 ? f->name : word && word[1] ? word + 1 : base);
	char *name = tc_fix_new_name(fx, fc->c, want);

	strbuf_addf(&line, "__string(%s, %s)", name, src.buf);
	tc_fix_append(fx, &fc->entry, line.buf, 1);
	strbuf_reset(&line);
	if (tc_kf_arity("__assign_str", fx->o->kernel_version) == 2)
		strbuf_addf(&line, "__assign_str(%s, %s);", name, src.buf);
	else
		strbuf_addf(&line, "__assign_str(%s);", name);
	tc_fix_append(fx, &fc->assign, line.buf, 1);
	strbuf_reset(&line);
	strbuf_addf(&line, "__get_str(%s)", name);
	tc_fix_replace(fx, start, end, line.buf);
	strbuf_release(&line);
	strbuf_release(&src);
	free(want);
	free(name);
	return 0;
}

/* ---- the arguments of a macro call ---- */

size_t tc_fix_macro_args(const struct tc_fix *fx, const struct tc_fix_span *m, size_t **bounds)
{
	struct ftok *t;
	size_t n = tokenize(fx, m->open + 1, m->close, &t), nr = 0, alloc = 0;
	size_t *v = NULL, first = 0;
	int depth = 0;

	for (size_t i = 0; i <= n; i++) {
		if (i < n && is_open(fx, &t[i]))
			depth++;
		else if (i < n && is_close(fx, &t[i]))
			depth--;
		if (i < n && (depth || !tok_is(fx, &t[i], ",")))
			continue;
		if (i == n && !n)
			break;
		ALLOC_GROW(v, 2 * nr + 2, alloc);
		v[2 * nr] = first < i ? t[first].off : (i < n ? t[i].off : m->close);
		v[2 * nr + 1] = first < i ? t[i - 1].off + t[i - 1].n : v[2 * nr];
		nr++;
		first = i + 1;
	}
	free(t);
	*bounds = v;
	return nr;
}
