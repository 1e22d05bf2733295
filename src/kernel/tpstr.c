// SPDX-License-Identifier: MIT
/*
 * The strings the tree's callers pass to its tracepoints, for
 * printk-unsafe-deref: a const char * a record keeps and prints with %s
 * is only readable by user space when its address is one the kernel
 * lists in printk_formats -- a string registered with
 * tracepoint_string() (rcu's TPS()) or a pointer variable declared
 * __tracepoint_string.  A string literal is in rodata: the kernel
 * prints it, user space has only its address.
 *
 * The scan (tpscan.c) records each call of trace_NAME() outside #if 0
 * as an 'A' line with one class per argument (a call in a static
 * wrapper that passes its own parameters on, as a line per call of the
 * wrapper, those arguments the wrapper's callers': tpwrap.c): '"' a string literal
 * (the tokens leave literals out: an argument with no token), 'T'
 * TPS(...) or tracepoint_string(...), an identifier I (or I[...]) by
 * its name, '?' anything else; a call in a #define body, whose
 * arguments the macro's invocations give, is "*" (unknown).  Each
 * declaration of a variable __tracepoint_string is a 'V' line with the
 * variable's name, and with the identifier it is initialised with (rcu's
 * tp_rcu_varname = rcu_name registers rcu_name's address too).
 *
 * The merge (tpmerge.c) sums up the calls of each name: per argument
 * 'r' when every call passes a registered string (T, or a 'V' name),
 * 'l' when every call passes one or a string literal and one at least
 * a literal, '.' otherwise; "*" when a call is unknown or the calls
 * disagree on the argument count.  After it, each argument's width
 * (tpwidth.c): the widest type the calls pass it with, in bytes, '?'
 * when one call's type is not known.
 */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

/*
 * The class of the argument v[s, e) of the call at v[call] (see above),
 * into rec, with ":TYPE" after it when the tokens show its type (tpwidth.c).
 */
static void add_class(struct strbuf *rec, const struct toks *t, size_t call, size_t s, size_t e)
{
	const struct tok *x = &t->v[s];

	if (e == s) {
		strbuf_addch(rec, '"');
		return;
	}
	if (x->kind == T_IDENT && e == s + 1)
		strbuf_add(rec, x->p, x->n);
	else if (x->kind == T_IDENT && e > s + 2 &&
		 (tok_is(x, "TPS") || tok_is(x, "tracepoint_string")) &&
		 t->v[s + 1].kind == T_LP && open_of(t, e - 1, '(', ')') == s + 1)
		strbuf_addch(rec, 'T');
	else if (x->kind == T_IDENT && e > s + 2 && tok_ch(&t->v[s + 1], '[') &&
		 tok_ch(&t->v[e - 1], ']') && open_of(t, e - 1, '[', ']') == s + 1)
		strbuf_add(rec, x->p, x->n);
	else
		strbuf_addch(rec, '?');
	tp_arg_type(rec, t, call, s, e);
}

void tp_scan_strargs(struct strbuf *rec, const struct toks *t, const char *text, size_t len,
		     const struct tok *name, size_t nl, const size_t *starts, const size_t *ends,
		     size_t na)
{
	long param[64];
	struct tp_wcall *w = NULL;
	size_t nw = starts && na && na <= 64 ? tp_wrapper(t, text, len, starts[0] - 2, starts, ends,
							  na, param, &w)
					     : 0;

	/* from a static wrapper: a line per call of the wrapper (tpwrap.c) */
	for (size_t c = 0; c < nw; c++) {
		strbuf_addf(rec, "A %.*s\t%zu", (int)(name->n - nl), name->p + nl, na);
		for (size_t a = 0; a < na; a++) {
			strbuf_addch(rec, '\t');
			if (param[a] >= 0)
				add_class(rec, t, w[c].at, w[c].s[param[a]], w[c].e[param[a]]);
			else
				add_class(rec, t, starts[0] - 2, starts[a], ends[a]);
		}
		strbuf_addch(rec, '\n');
	}
	free(w);
	if (nw)
		return;
	strbuf_addf(rec, "A %.*s\t", (int)(name->n - nl), name->p + nl);
	if (!starts) {
		strbuf_addstr(rec, "*\n");
		return;
	}
	strbuf_addf(rec, "%zu", na);
	for (size_t a = 0; a < na; a++) {
		strbuf_addch(rec, '\t');
		add_class(rec, t, starts[0] - 2, starts[a], ends[a]);
	}
	strbuf_addch(rec, '\n');
}

void tp_scan_tpstrings(struct strbuf *rec, const struct toks *t)
{
	for (size_t i = 1; i < t->nr; i++) {
		const struct tok *k = &t->v[i], *v = NULL;
		if (k->def >= 0 || k->defname || !tok_is(k, "__tracepoint_string"))
			continue;
		/*
		 * The declared name: the last identifier before it, past an
		 * array's size (ipi_types[NR_IPI]) and attributes (__used).
		 */
		for (size_t j = i; j-- > 0;) {
			const struct tok *x = &t->v[j];
			if (x->def >= 0 || tok_ch(x, ';') || tok_ch(x, '{') || tok_ch(x, '}') ||
			    tok_ch(x, '=') || tok_ch(x, ','))
				break;
			if (tok_ch(x, ']')) {
				size_t o = open_of(t, j, '[', ']');
				if (o == (size_t)-1)
					break;
				j = o;
			} else if (x->kind == T_IDENT && (x->n < 2 || memcmp(x->p, "__", 2))) {
				v = x;
				break;
			}
		}
		if (!v)
			continue;
		strbuf_addf(rec, "V %.*s\n", (int)v->n, v->p);
		/* = IDENT; */
		if (i + 3 < t->nr && tok_ch(&t->v[i + 1], '=') && t->v[i + 2].kind == T_IDENT &&
		    tok_ch(&t->v[i + 3], ';'))
			strbuf_addf(rec, "V %.*s\n", (int)t->v[i + 2].n, t->v[i + 2].p);
	}
}

/* The class c (n bytes, its ":TYPE" left out): 'r' registered, 'l' a literal, '.' neither. */
static char judge(const char *c, size_t n, char *const *regs, size_t nr_regs)
{
	const char *colon = memchr(c, ':', n);

	if (colon)
		n = (size_t)(colon - c);
	if (n == 1 && *c == 'T')
		return 'r';
	if (n == 1 && *c == '"')
		return 'l';
	if (n == 1 && *c == '?')
		return '.';
	char *s = xstrndup(c, n);
	int found = BSEARCH(&s, regs, nr_regs, tp_cmp_str) != NULL;
	free(s);
	return found ? 'r' : '.';
}

/* The typedefs and the members the widths are read through. */
struct widths {
	char *const *defs, *const *mem;
	size_t nr_defs, nr_mem;
};

/* The width of class c's type (n bytes; tpwidth.c, a member's tpmember.c), '?' when not known. */
static char width_of(const char *c, size_t n, const struct widths *wd)
{
	const char *colon = memchr(c, ':', n);
	size_t tn = colon ? (size_t)(c + n - colon - 1) : 0;
	int w = !colon ? 0
		: colon[1] == '&' ? tp_member_width(colon + 1, tn, wd->mem, wd->nr_mem, wd->defs,
						    wd->nr_defs)
				  : tp_type_width(colon + 1, tn, wd->defs, wd->nr_defs, 0);

	return w ? (char)('0' + w) : '?';
}

/*
 * Sum the calls of one name, calls[0..nr) ("NAME\tNARGS\tCLASS..."), up:
 * "NAME\tSUM\tWIDTHS", WIDTHS the widest type each argument is passed
 * with, '?' when a call's is not known.
 */
static char *sum_up(char *const *calls, size_t nr, char *const *regs, size_t nr_regs,
		    const struct widths *wd)
{
	struct strbuf sb = STRBUF_INIT;
	char *sum = NULL, *wid = NULL;
	size_t nargs = 0;

	for (size_t i = 0; i < nr; i++) {
		const char *p = strchr(calls[i], '\t') + 1;
		if (*p == '*')
			goto unknown;
		char *end;
		size_t na = strtoul(p, &end, 10);
		if (!i) {
			nargs = na;
			sum = xcalloc(na + 1, 1);
			memset(sum, 'r', na);
			wid = xcalloc(na + 1, 1);
			memset(wid, '0', na);
		} else if (na != nargs) {
			goto unknown;
		}
		p = end;
		for (size_t a = 0; a < na && *p == '\t'; a++) {
			p++;
			size_t n = strcspn(p, "\t");
			char j = judge(p, n, regs, nr_regs), w = width_of(p, n, wd);
			if (j == '.' || sum[a] == '.')
				sum[a] = '.';
			else if (j == 'l')
				sum[a] = 'l';
			if (w == '?' || wid[a] == '?')
				wid[a] = '?';
			else if (w > wid[a])
				wid[a] = w;
			p += n;
		}
	}
	strbuf_addf(&sb, "%.*s\t%s\t%s", (int)strcspn(calls[0], "\t"), calls[0], sum ? sum : "",
		    wid ? wid : "");
	free(sum);
	free(wid);
	return strbuf_detach(&sb);
unknown:
	free(sum);
	free(wid);
	strbuf_addf(&sb, "%.*s\t*", (int)strcspn(calls[0], "\t"), calls[0]);
	return strbuf_detach(&sb);
}

static int same_name(const char *a, const char *b)
{
	size_t n = strcspn(a, "\t");

	return strcspn(b, "\t") == n && !memcmp(a, b, n);
}

void tp_strargs_merge(struct tc_tpindex *ix, char **calls, size_t nr, char **regs, size_t nr_regs,
		      char **defs, size_t nr_defs, char **mem, size_t nr_mem)
{
	const struct widths wd = { defs, mem, nr_defs, nr_mem };

	if (nr_regs)
		QSORT(regs, nr_regs, tp_cmp_str);
	if (nr_defs)
		QSORT(defs, nr_defs, tp_cmp_str);
	if (nr)
		QSORT(calls, nr, tp_cmp_str);
	for (size_t i = 0, j; i < nr; i = j) {
		for (j = i + 1; j < nr && same_name(calls[i], calls[j]); j++)
			;
		ALLOC_GROW(ix->strargs, ix->nr_strargs + 1, ix->alloc_strargs);
		ix->strargs[ix->nr_strargs++] = sum_up(calls + i, j - i, regs, nr_regs, &wd);
	}
	for (size_t i = 0; i < nr; i++)
		free(calls[i]);
	for (size_t i = 0; i < nr_regs; i++)
		free(regs[i]);
	for (size_t i = 0; i < nr_defs; i++)
		free(defs[i]);
	for (size_t i = 0; i < nr_mem; i++)
		free(mem[i]);
	free(mem);
	free(calls);
	free(regs);
	free(defs);
}

const char *tc_tpindex_string_args(const struct tc_tpindex *ix, const char *name)
{
	size_t lo = 0, hi = ix->nr_strargs, n = strlen(name);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const char *s = ix->strargs[mid];
		int c = strncmp(s, name, n);
		if (!c)
			c = s[n] == '\t' ? 0 : (unsigned char)s[n] < '\t' ? -1 : 1;
		if (!c)
			return s + n + 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
