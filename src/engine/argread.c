// SPDX-License-Identifier: MIT
/*
 * Where an event reads through a TP_PROTO() argument, and where the
 * tree's callers of its tracepoint are: what tracepoint-null-arg and
 * tracepoint-after-free share.  The header side is read from the code
 * as written: p->m, p[i], *p, and p passed whole to strlen(), strcpy(),
 * strscpy(), strscpy_pad() or dev_name(), in a statement of
 * TP_fast_assign() at its top level (not in an if, a loop or a switch,
 * nothing that leaves it early) with no ?:, && or || before it, or in a
 * field's __string() source or length expression the same way.
 */
#include "argread.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

static int is_tok(const struct tc_ctok *t, size_t n, size_t i, const char *s)
{
	return i < n && tc_ctok_is(&t[i], s);
}

static int same(const struct tc_ctok *t, const char *x)
{
	return strlen(x) == t->n && !strncmp(t->p, x, t->n);
}

/* Functions that read what their whole-argument pointer points to. */
static int reading_call(const struct tc_ctok *t)
{
	static const char *const f[] = { "strlen", "strcpy", "strscpy", "strscpy_pad", "dev_name" };

	for (size_t i = 0; i < ARRAY_SIZE(f); i++)
		if (tc_ctok_is(&t[0], f[i]))
			return 1;
	return 0;
}

/* Does t[i] (the parameter) get dereferenced there?  The form, or NULL. */
static const char *deref_at(const struct tc_ctok *t, size_t n, size_t i)
{
	if (i && (tc_ctok_is(&t[i - 1], "->") || tc_ctok_is(&t[i - 1], ".")))
		return NULL; /* a member of that name */
	if (is_tok(t, n, i + 1, "->"))
		return "->";
	if (is_tok(t, n, i + 1, "["))
		return "[";
	if (i && tc_ctok_is(&t[i - 1], "*") &&
	    (i == 1 || tc_ctok_is(&t[i - 2], "(") || tc_ctok_is(&t[i - 2], ",") ||
	     tc_ctok_is(&t[i - 2], "=") || tc_ctok_is(&t[i - 2], ";") ||
	     tc_ctok_is(&t[i - 2], "{") || tc_ctok_is(&t[i - 2], "}")))
		return "*";
	if (!i || (!is_tok(t, n, i + 1, ")") && !is_tok(t, n, i + 1, ",")) ||
	    (!tc_ctok_is(&t[i - 1], "(") && !tc_ctok_is(&t[i - 1], ",")))
		return NULL;
	/* a whole argument: of which call? */
	int depth = 0;
	for (size_t j = i; j-- > 0;) {
		if (tc_ctok_is(&t[j], ")")) {
			depth++;
		} else if (tc_ctok_is(&t[j], "(") && !depth--) {
			return j && reading_call(&t[j - 1]) ? "()" : NULL;
		}
	}
	return NULL;
}

/*
 * Is t[i] inside the parentheses of what may not evaluate it: a macro
 * (an all-capitals name: TP_STORE_ADDRS()), an __assign_*() (6.10's
 * __assign_str() ignores a second argument), sizeof, typeof, offsetof?
 */
static int unevaluated(const struct tc_ctok *t, size_t i)
{
	int depth = 0;

	for (size_t j = i; j-- > 0;) {
		if (tc_ctok_is(&t[j], ")")) {
			depth++;
			continue;
		}
		if (!tc_ctok_is(&t[j], "(") || depth--)
			continue;
		depth = 0;
		if (!j || !tc_ctok_is_ident(&t[j - 1]))
			continue;
		const struct tc_ctok *f = &t[j - 1];
		int lower = 0;
		for (size_t k = 0; k < f->n; k++)
			lower |= f->p[k] >= 'a' && f->p[k] <= 'z';
		if (!lower || (f->n > 8 && !strncmp(f->p, "__assign", 8)) ||
		    tc_ctok_is(f, "sizeof") || tc_ctok_is(f, "typeof") ||
		    tc_ctok_is(f, "__typeof__") || tc_ctok_is(f, "offsetof"))
			return 1;
	}
	return 0;
}

/* Before t[i] in its statement (from s): nothing that makes it conditional. */
static int plain_before(const struct tc_ctok *t, size_t s, size_t i)
{
	static const char *const cond[] = { "?", ":", "&&", "||", "if", "else", "while", "for",
					    "switch", "case", "default", "do" };

	for (size_t j = s; j < i; j++)
		for (size_t k = 0; k < ARRAY_SIZE(cond); k++)
			if (tc_ctok_is(&t[j], cond[k]))
				return 0;
	return 1;
}

/* The text of t[s, e) as written. */
static char *span_text(const struct tc_ctok *t, size_t s, size_t e)
{
	return xstrndup(t[s].p, (size_t)(t[e - 1].p + t[e - 1].n - t[s].p));
}

/*
 * The first unconditional dereference of x in code (statements: the
 * assign code; else one expression).  Fills *d; 1 if found.
 */
static int find_deref(const char *code, int statements, const char *x, struct tc_argread *d)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(code, &t);
	int found = 0, braces = 0;
	size_t start = 0;

	for (size_t i = 0; i < n && !found; i++) {
		if (statements && (tc_ctok_is(&t[i], "return") || tc_ctok_is(&t[i], "goto") ||
				   tc_ctok_is(&t[i], "break") || tc_ctok_is(&t[i], "continue")))
			break; /* something may leave early: not followed */
		if (statements && (tc_ctok_is(&t[i], ";") || tc_ctok_is(&t[i], "{") ||
				   tc_ctok_is(&t[i], "}"))) {
			braces += tc_ctok_is(&t[i], "{") - tc_ctok_is(&t[i], "}");
			start = i + 1;
			continue;
		}
		if (braces || !same(&t[i], x))
			continue;
		if (is_tok(t, n, i + 1, "=") && !(i && (tc_ctok_is(&t[i - 1], "->") ||
							 tc_ctok_is(&t[i - 1], "."))))
			break; /* written (or declared again): not followed */
		const char *how = deref_at(t, n, i);
		if (!how || !plain_before(t, start, i) || unevaluated(t, i))
			continue;
		size_t e = i + 1;
		if (!strcmp(how, "->") && e + 1 < n)
			e += 2;
		else if (!strcmp(how, "()") && e < n)
			e++;
		size_t s = i;
		if (!strcmp(how, "*"))
			s = i - 1;
		else if (!strcmp(how, "()"))
			s = i - 2;
		d->what = how;
		d->text = span_text(t, s, e);
		found = 1;
	}
	free(t);
	return found;
}

/* Where the header dereferences parameter x of class c, unconditionally. */
int tc_class_reads_arg(const struct tc_class *c, const char *x, struct tc_argread *d,
		       const char **where)
{
	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		if ((f->extra && find_deref(f->extra, 0, x, d)) ||
		    (f->len_text && find_deref(f->len_text, 0, x, d))) {
			*where = "TP_STRUCT__entry()";
			return 1;
		}
	}
	char *raw = tc_class_assign_raw(c);
	if (!raw)
		return 0;
	int found = find_deref(raw, 1, x, d);
	free(raw);
	*where = "TP_fast_assign()";
	return found;
}

/*
 * The caller is this header's: an include/ header's anywhere, else under
 * the parent of the header's directory and at least in its first two
 * directories (another driver may have a function of the same name).
 */
int tc_caller_near(const struct tc_header *h, const char *file)
{
	const char *hp = h->tree_path;

	if (!hp || starts_with(hp, "include/") || strstr(hp, "/include/"))
		return 1;
	const char *two = strchr(hp, '/');
	two = two ? strchr(two + 1, '/') : NULL;
	if (!two)
		return 1;
	/* the parent of the directory: the second last '/' */
	const char *last = strrchr(hp, '/'), *parent = last;
	while (parent > hp && parent[-1] != '/')
		parent--;
	parent = parent > hp ? parent - 1 : hp;
	size_t l = (size_t)((parent > two ? parent : two) - hp) + 1;
	return !strncmp(file, hp, l);
}

int tc_event_conditional(const struct tc_event *e)
{
	return (e->macro && strstr(e->macro, "CONDITION")) ||
	       (e->cls->macro && strstr(e->cls->macro, "CONDITION"));
}

struct tc_loc tc_caller_loc(struct tc_check *ck, const struct tc_tp_badarg *c)
{
	char *abs = xasprintf("%s/%s", ck->ctx->root, c->file);
	char *shown = tc_shown_path(abs);
	struct tc_loc l = { tc_header_intern((struct tc_header *)ck->h, shown), c->line, c->col };

	free(shown);
	free(abs);
	return l;
}

void tc_check_bad_args(struct tc_check *ck, const struct tc_header *h, const char *kinds,
		       tc_bad_arg_report report)
{
	const struct tc_context *ctx = ck->ctx;

	if (!ctx->have_index || !ctx->nr_inst || !ctx->bad_args)
		return;
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		const struct tc_tp_badarg *calls = ctx->bad_args[i];
		size_t nr = ctx->nr_bad_args[i];
		if (!nr || !e->name || !e->cls || !e->instantiated || e->remote ||
		    tc_event_conditional(e))
			continue;
		char **params;
		size_t np = tc_proto_params(e->cls->proto, &params);
		size_t *idx = xcalloc(nr, sizeof(*idx));
		for (size_t p = 0; p < np; p++) {
			size_t m = 0;
			for (size_t k = 0; k < nr; k++)
				if (strchr(kinds, calls[k].kind) && calls[k].nargs == np &&
				    calls[k].arg == p && tc_caller_near(h, calls[k].file))
					idx[m++] = k;
			struct tc_argread d;
			const char *where;
			if (!m || !tc_class_reads_arg(e->cls, params[p], &d, &where))
				continue;
			report(ck, e, params[p], &d, where, calls, idx, m);
			free(d.text);
		}
		free(idx);
		free_strings(params, np);
	}
}
