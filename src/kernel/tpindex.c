// SPDX-License-Identifier: MIT
/*
 * The tree's tracepoint index.  The scan tokenizes each file that
 * mentions "trace" or "TRACEPOINT" (comments, strings and the lines of
 * other directives than #define left out) and records:
 *
 *  - names used: an identifier trace_NAME, trace_NAME_enabled,
 *    trace_NAME_rcuidle, trace_call__NAME, __trace_NAME_enabled,
 *    register_trace_[prio_]NAME, unregister_trace_NAME,
 *    check_trace_callback_type_NAME, __tracepoint_NAME, __traceiter_NAME,
 *    __SCK__tp_func_NAME, event_NAME (the event's trace_event_call, which
 *    code may use directly), and the argument of tracepoint_enabled() and
 *    DECLARE_TRACEPOINT() -- not a #define of that name, nor a function
 *    of that name being defined (the empty stubs of a !CONFIG_TRACING
 *    branch);
 *  - names Rust code fires (.rs files): rust_do_trace_NAME, and the calls
 *    of a function NAME that declare_trace! declares (see "Rust callers");
 *  - exports: EXPORT_TRACEPOINT_SYMBOL[_GPL](NAME);
 *  - pasting: a #define whose body pastes trace_PREFIX ## param (mm's
 *    TRACE_MMAP_LOCK_EVENT, bcachefs's trace_and_count(), cgroup's
 *    TRACE_CGROUP_PATH()).  Its invocations in its directory give the
 *    names (PREFIX + the argument); one whose argument is a parameter
 *    of another #define makes that one a pasting macro in turn; where
 *    that leads nowhere the PREFIX stays "maybe used".  The
 *    tracepoint machinery itself (include/linux/tracepoint.h,
 *    include/trace/ but events/) and the macros that define events or
 *    stubs (TRACE_EVENT redefined as static inline void trace_##name)
 *    are not uses;
 *  - instantiations: per .c, the #include names after each #define
 *    CREATE_TRACE_POINTS (instantiator.c's walk), and for each of those
 *    that resolves to a file, that file's own #include names.
 */
#include "tpindex.h"
#include "tpindex_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cache.h"
#include "ctok.h"
#include "instantiator.h"
#include "kbuildcfg.h"
#include "overlay.h"
#include "strbuf.h"
#include "util.h"

struct paste {
	char *macro;  /* the #define */
	int param;    /* the pasted parameter's index */
	char *prefix; /* the literal text pasted before it, after trace_ */
	char *dir;    /* tree-relative directory of its file */
	char *file;
	int done;
};

struct ctp_inc {
	char *cfile;	/* tree-relative */
	char *name;	/* as written */
	int quoted;
	char *resolved; /* the file it names, if found (absolute) */
	char **subs;	/* that file's #include names */
	size_t nr_subs, alloc_subs;
};

struct tc_tpindex {
	char *root;
	char **used;	 /* sorted */
	size_t nr_used, alloc_used;
	char **exported; /* sorted */
	size_t nr_exported, alloc_exported;
	struct paste *pastes;
	size_t nr_pastes, alloc_pastes;
	/* pasted names: "NAME\tFILE", sorted */
	char **pasted;
	size_t nr_pasted, alloc_pasted;
	/* unresolved prefixes: "PREFIX\tDIR\tFILE" */
	char **maybe;
	size_t nr_maybe, alloc_maybe;
	struct ctp_inc *incs;
	size_t nr_incs, alloc_incs;
	/*
	 * names fired by a spelling make UT=1 counts (trace_NAME(),
	 * trace_call__NAME(), Rust): "NAME\tCONFIG_X\tFILE" when the call is
	 * built only with CONFIG_X, "NAME\t\tFILE" otherwise; sorted
	 */
	char **fired;
	size_t nr_fired, alloc_fired;
	double secs;
	size_t files;
	/* calls passing NULL, sorted by name */
	struct tc_tp_badarg *badcalls;
	size_t nr_badcalls, alloc_badcalls;
};

static struct tc_tpindex *the_index;
static char *share_dir;
static pid_t share_owner;

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

static void tokenize(const char *text, size_t len, struct toks *t)
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
static int param_of(const struct toks *t, const struct tok *k)
{
	if (k->def < 0 || k->kind != T_IDENT)
		return -1;
	const struct def *d = &t->defs[k->def];
	for (int i = 0; i < d->nr_params; i++)
		if (d->plen[i] == k->n && !memcmp(d->params[i], k->p, k->n))
			return i;
	return -1;
}

/* ------------------------------------------------------------------ */
/* names */

static const struct lead {
	const char *lead;
	const char *tail; /* that the identifier must end in (dropped), or NULL */
} leads[] = {
	{ "register_trace_prio_", NULL }, { "register_trace_", NULL }, { "unregister_trace_", NULL },
	{ "check_trace_callback_type_", NULL }, { "__tracepoint_", NULL }, { "__traceiter_", NULL },
	{ "__SCK__tp_func_", NULL },
	/* after 6.12 (7.2): the call without the static-key test, under trace_NAME_enabled() */
	{ "trace_call__", NULL },
	/* after 6.12 (7.2): the static-key test that trace_NAME_enabled() returns */
	{ "__trace_", "_enabled" },
	{ "trace_", NULL },
	/* the event's trace_event_call: the filter self-test's &event_ftrace_test_filter */
	{ "event_", NULL },
};

/* The tracepoint name in identifier s (n bytes), or NULL; *rest its length. */
static const char *strip_lead(const char *s, size_t n, size_t *rest)
{
	for (size_t i = 0; i < ARRAY_SIZE(leads); i++) {
		size_t l = strlen(leads[i].lead), tl = leads[i].tail ? strlen(leads[i].tail) : 0;
		if (n < l + tl || memcmp(s, leads[i].lead, l))
			continue;
		if (tl && (n == l + tl || memcmp(s + n - tl, leads[i].tail, tl)))
			continue;
		*rest = n - l - tl;
		return s + l;
	}
	return NULL;
}

static void add_name(char ***v, size_t *nr, size_t *alloc, const char *s, size_t n)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = xstrndup(s, n);
}

static void add_used(struct tc_tpindex *ix, const char *s, size_t n)
{
	static const char *const tails[] = { "_enabled", "_rcuidle" };

	if (!n)
		return;
	add_name(&ix->used, &ix->nr_used, &ix->alloc_used, s, n);
	for (size_t i = 0; i < ARRAY_SIZE(tails); i++) {
		size_t l = strlen(tails[i]);
		if (n > l && !memcmp(s + n - l, tails[i], l))
			add_name(&ix->used, &ix->nr_used, &ix->alloc_used, s, n - l);
	}
}

/*
 * A name fired the way make UT=1 counts (trace_NAME(), trace_call__NAME():
 * not trace_NAME_enabled()), by the identifier k of file rel: under the
 * option of the #if around it and those of rel's kbuild lines (*fcfg,
 * looked up once per file: *fdone).
 */
static void add_fired(struct tc_tpindex *ix, const char *s, size_t n, const struct tok *k,
		      const char *rel, char **fcfg, int *fdone)
{
	static const char tail[] = "_rcuidle";
	size_t tl = sizeof(tail) - 1;

	if (!n)
		return;
	if (n > tl && !memcmp(s + n - tl, tail, tl))
		n -= tl;
	if (!*fdone) {
		*fcfg = ends_with(rel, ".c") ? tc_kbuild_config(ix->root, rel) : NULL;
		*fdone = 1;
	}
	ALLOC_GROW(ix->fired, ix->nr_fired + 1, ix->alloc_fired);
	ix->fired[ix->nr_fired++] =
		xasprintf("%.*s\t%.*s%s%s\t%s", (int)n, s, (int)k->cfgn, k->cfg ? k->cfg : "",
			  k->cfg && *fcfg ? " " : "", *fcfg ? *fcfg : "", rel);
}

/* Does identifier k (n bytes from s) fire its tracepoint for make UT=1? */
static int fires(const char *s, size_t n)
{
	return n > 6 && !memcmp(s, "trace_", 6) && !(n > 8 && !memcmp(s + n - 8, "_enabled", 8));
}

/* The macros that define events or tracepoints: their pasting is no use. */
static int defining_macro(const char *s, size_t n)
{
	static const char *const pre[] = { "TRACE_EVENT", "DEFINE_EVENT", "DECLARE_EVENT_CLASS",
					   "DECLARE_TRACE", "__DECLARE_TRACE", "DEFINE_TRACE",
					   "__DEFINE_TRACE", "TRACE_CUSTOM_EVENT",
					   "DECLARE_CUSTOM_EVENT_CLASS", "DEFINE_CUSTOM_EVENT" };

	for (size_t i = 0; i < ARRAY_SIZE(pre); i++) {
		size_t l = strlen(pre[i]);
		if (n >= l && !memcmp(s, pre[i], l))
			return 1;
	}
	return 0;
}

/* The tracepoint machinery, whose pasting makes every tracepoint. */
static int machinery(const char *rel)
{
	return !strcmp(rel, "include/linux/tracepoint.h") ||
	       !strcmp(rel, "include/linux/tracepoint-defs.h") ||
	       !strcmp(rel, "include/linux/trace_events.h") ||
	       (starts_with(rel, "include/trace/") && !starts_with(rel, "include/trace/events/"));
}

static int type_word(const struct tok *k)
{
	static const char *const w[] = { "void", "bool", "int", "inline", "static", "__always_inline" };

	for (size_t i = 0; i < ARRAY_SIZE(w); i++)
		if (tok_is(k, w[i]))
			return 1;
	return 0;
}

static void add_paste(struct tc_tpindex *ix, const struct def *d, int param, const char *prefix,
		      const char *rel)
{
	for (size_t i = 0; i < ix->nr_pastes; i++) {
		struct paste *q = &ix->pastes[i];
		if (q->param == param && strlen(q->macro) == d->n &&
		    !memcmp(q->macro, d->name, d->n) && !strcmp(q->prefix, prefix) &&
		    !strcmp(q->file, rel))
			return;
	}
	ALLOC_GROW(ix->pastes, ix->nr_pastes + 1, ix->alloc_pastes);
	ix->pastes[ix->nr_pastes++] = (struct paste){ xstrndup(d->name, d->n), param,
						      xstrdup(prefix), dir_name(rel), xstrdup(rel), 0 };
}

/* The argument after '(' at v[i]: the single token it is, or NULL. */
static const struct tok *sole_arg(const struct toks *t, size_t i, size_t argno)
{
	size_t k = i + 1, a = 0;
	int depth = 0;
	const struct tok *only = NULL;
	size_t count = 0;

	if (k >= t->nr || t->v[k].kind != T_LP)
		return NULL;
	for (k++; k < t->nr; k++) {
		const struct tok *x = &t->v[k];
		if (x->kind == T_LP) {
			depth++;
		} else if (x->kind == T_RP) {
			if (!depth--)
				break;
		} else if (x->kind == T_COMMA && !depth) {
			if (a == argno)
				break;
			a++;
			continue;
		}
		if (a == argno) {
			only = x;
			count++;
		}
	}
	return count == 1 && (only->kind == T_IDENT || only->kind == T_NUM) ? only : NULL;
}

static void scan_uses(struct tc_tpindex *ix, const struct toks *t, const char *rel)
{
	int mach = machinery(rel), fdone = 0;
	char *fcfg = NULL;

	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		const struct tok *next = i + 1 < t->nr ? &t->v[i + 1] : NULL;
		const struct tok *prev = i ? &t->v[i - 1] : NULL;

		if (k->kind != T_IDENT || k->defname)
			continue;
		if (tok_is(k, "tracepoint_enabled") || tok_is(k, "DECLARE_TRACEPOINT")) {
			const struct tok *a = sole_arg(t, i, 0);
			if (a && param_of(t, a) < 0)
				add_used(ix, a->p, a->n);
			continue;
		}
		if (tok_is(k, "EXPORT_TRACEPOINT_SYMBOL") || tok_is(k, "EXPORT_TRACEPOINT_SYMBOL_GPL")) {
			const struct tok *a = sole_arg(t, i, 0);
			if (a && param_of(t, a) < 0)
				add_name(&ix->exported, &ix->nr_exported, &ix->alloc_exported, a->p,
					 a->n);
			continue;
		}
		size_t rest;
		const char *name = strip_lead(k->p, k->n, &rest);
		if (!name || (prev && prev->kind == T_PASTE) || param_of(t, k) >= 0)
			continue;
		if (!next || next->kind != T_PASTE) {
			/* a stub being defined: static inline void trace_foo(...) {} */
			if (prev && type_word(prev) && next && next->kind == T_LP)
				continue;
			if (!mach)
				add_used(ix, name, rest);
			if (!mach && fires(k->p, k->n))
				add_fired(ix, name, rest, k, rel, &fcfg, &fdone);
			continue;
		}
		/* trace_PREFIX ## ... (event_ ## x is the machinery's, never a call) */
		if (k->def < 0 || mach || (k->n >= 6 && !memcmp(k->p, "event_", 6)) ||
		    defining_macro(t->defs[k->def].name, t->defs[k->def].n) ||
		    (prev && type_word(prev)))
			continue;
		struct strbuf sb = STRBUF_INIT;
		strbuf_add(&sb, name, rest);
		size_t j = i;
		int param = -1;
		while (j + 2 < t->nr && t->v[j + 1].kind == T_PASTE &&
		       (t->v[j + 2].kind == T_IDENT || t->v[j + 2].kind == T_NUM)) {
			param = param_of(t, &t->v[j + 2]);
			if (param >= 0)
				break;
			strbuf_add(&sb, t->v[j + 2].p, t->v[j + 2].n);
			j += 2;
		}
		if (param >= 0) {
			add_paste(ix, &t->defs[k->def], param, strbuf_str(&sb), rel);
		} else {
			add_used(ix, strbuf_str(&sb), sb.len);
			if (fires(k->p, k->n) && !ends_with(strbuf_str(&sb), "_enabled"))
				add_fired(ix, strbuf_str(&sb), sb.len, k, rel, &fcfg, &fdone);
		}
		strbuf_release(&sb);
	}
	free(fcfg);
}

/* ------------------------------------------------------------------ */
/* NULL arguments */

/*
 * A call trace_NAME(...) (or trace_call__NAME, trace_NAME_rcuidle) of
 * code outside a #define passes, as argument arg of nargs, NULL: the
 * literal NULL or 0 ('L'), or a plain identifier that the code around it
 * has just tested for NULL ('T': the call is in the block, or is the
 * statement, of an if whose condition is !x, x == NULL or NULL == x, or
 * in the else block of an if whose condition is x, x != NULL or
 * NULL != x; likely()/unlikely() and parentheses around the condition
 * allowed; x not written anywhere between the condition and the call).
 */
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

/*
 * Condition tokens [a, b): 1 when it says x is NULL, 2 when it says x
 * is not NULL, 0 otherwise.
 */
static int null_cond(const struct toks *t, size_t a, size_t b, const struct tok *x)
{
	const struct tok *v = t->v;

	/* unlikely(...), likely(...), (...) around the whole */
	while (b - a >= 3 && tok_ch(&v[b - 1], ')')) {
		size_t s = a;
		if (v[a].kind == T_IDENT && (tok_is(&v[a], "unlikely") || tok_is(&v[a], "likely")))
			s++;
		if (!tok_ch(&v[s], '(') || open_of(t, b - 1, '(', ')') != s)
			break;
		a = s + 1;
		b--;
	}
	if (b - a == 2 && tok_ch(&v[a], '!') && tok_same(&v[a + 1], x))
		return 1;
	if (b - a == 1 && tok_same(&v[a], x))
		return 2;
	if (b - a == 4 && tok_ch(&v[a + 2], '=') &&
	    ((tok_same(&v[a], x) && tok_is(&v[a + 3], "NULL")) ||
	     (tok_is(&v[a], "NULL") && tok_same(&v[a + 3], x)))) {
		if (tok_ch(&v[a + 1], '='))
			return 1;
		if (tok_ch(&v[a + 1], '!'))
			return 2;
	}
	return 0;
}

/* The if (COND) whose ')' is at rp: the index of its '(' if it is one. */
static size_t if_cond_at(const struct toks *t, size_t rp)
{
	if (!rp || !tok_ch(&t->v[rp], ')'))
		return (size_t)-1;
	size_t lp = open_of(t, rp, '(', ')');
	if (lp == (size_t)-1 || !lp || !tok_is(&t->v[lp - 1], "if"))
		return (size_t)-1;
	return lp;
}

/* Is x (an argument of the call whose name is at c) NULL there?  *test: the if. */
static int tested_null(const struct toks *t, size_t c, const struct tok *x, const char **test)
{
	const struct tok *v = t->v;
	size_t lp = (size_t)-1, rp, from = 0;
	int want = 1;

	if (!c)
		return 0;
	if (tok_ch(&v[c - 1], ')')) {
		/* if (!x) trace_foo(x); */
		rp = c - 1;
		lp = if_cond_at(t, rp);
	} else {
		/* the innermost block around the call */
		size_t j = c, depth = 0;
		while (j-- > 0) {
			if (tok_ch(&v[j], '}'))
				depth++;
			else if (tok_ch(&v[j], '{') && !depth--)
				break;
		}
		if (j == (size_t)-1 || !j)
			return 0;
		if (tok_ch(&v[j - 1], ')')) {
			rp = j - 1;
			lp = if_cond_at(t, rp);
		} else if (tok_is(&v[j - 1], "else") && j >= 2 && tok_ch(&v[j - 2], '}')) {
			size_t ob = open_of(t, j - 2, '{', '}');
			if (ob != (size_t)-1 && ob) {
				rp = ob - 1;
				lp = if_cond_at(t, rp);
				want = 2;
				from = j; /* the then block does not matter */
			}
		}
	}
	if (lp == (size_t)-1 || null_cond(t, lp + 1, rp, x) != want)
		return 0;
	/* x not written (nor mentioned at all) between the condition and the call */
	for (size_t j = from ? from : rp + 1; j < c; j++)
		if (tok_same(&v[j], x))
			return 0;
	*test = v[lp - 1].p;
	return 1;
}

/* Is off of text inside an #if 0 (or the #else of an #if 1)? */
int in_if0(const char *text, size_t off)
{
	int depth = 0, dead = 0; /* dead: depth of the outermost dead #if, 0 none */

	for (const char *l = text; l < text + off; l = strchrnul(l, '\n'), l += *l == '\n') {
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

/* The line of p in text, from 1; *bol the start of that line. */
static unsigned line_of(const char *text, const char *p, const char **bol)
{
	unsigned line = 1;

	*bol = text;
	for (const char *q = text; q < p; q++)
		if (*q == '\n') {
			line++;
			*bol = q + 1;
		}
	return line;
}

void add_badcall(struct tc_tpindex *ix, const struct tok *name, size_t nl, const char *rel,
		 const char *text, unsigned nargs, unsigned arg, const struct tok *a, char kind,
		 const char *at, const char *what, size_t what_len)
{
	const char *bol;
	unsigned line = line_of(text, name->p, &bol), col = (unsigned)(name->p - bol) + 1;
	unsigned tline = at ? line_of(text, at, &bol) : 0;
	struct strbuf sb = STRBUF_INIT;

	/* what is written, its white space one blank (the index is a line per call) */
	if (!what) {
		what = a->p;
		what_len = a->n;
	}
	for (size_t k = 0; k < what_len; k++) {
		char c = what[k];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\\') {
			if (sb.len && sb.buf[sb.len - 1] != ' ')
				strbuf_addch(&sb, ' ');
			continue;
		}
		strbuf_addch(&sb, c);
	}
	ALLOC_GROW(ix->badcalls, ix->nr_badcalls + 1, ix->alloc_badcalls);
	ix->badcalls[ix->nr_badcalls++] = (struct tc_tp_badarg){
		xstrndup(name->p + nl, name->n - nl), xstrdup(rel), strbuf_detach(&sb),
		line, col, nargs, arg, tline, kind };
}

static void scan_badcalls(struct tc_tpindex *ix, const struct toks *t, const char *rel,
			   const char *text)
{
	if (machinery(rel))
		return;
	scan_freed_file();
	for (size_t i = 0; i + 1 < t->nr; i++) {
		const struct tok *k = &t->v[i];
		size_t nl;
		if (k->kind != T_IDENT || k->def >= 0 || k->defname || t->v[i + 1].kind != T_LP)
			continue;
		if (k->n > 12 && !memcmp(k->p, "trace_call__", 12))
			nl = 12;
		else if (k->n > 6 && !memcmp(k->p, "trace_", 6))
			nl = 6;
		else
			continue;
		/* a declaration, a member, an address */
		const struct tok *prev = i ? &t->v[i - 1] : NULL;
		if (prev && (type_word(prev) || tok_ch(prev, '.') || tok_ch(prev, '>') ||
			     tok_ch(prev, '&') ||
			     (prev->kind == T_IDENT && !tok_is(prev, "else"))))
			continue;
		/* the arguments: each one token or more */
		size_t starts[64], ends[64], na = 0, j = i + 2, s = i + 2;
		int depth = 0, ok = 1;
		for (; j < t->nr; j++) {
			const struct tok *x = &t->v[j];
			if (x->kind == T_LP) {
				depth++;
			} else if (x->kind == T_RP && depth) {
				depth--;
			} else if ((x->kind == T_RP || x->kind == T_COMMA) && !depth) {
				if (na == 64) {
					ok = 0;
					break;
				}
				starts[na] = s;
				ends[na++] = j;
				s = j + 1;
				if (x->kind == T_RP)
					break;
			}
		}
		if (!ok || j >= t->nr || (na == 1 && starts[0] == ends[0]))
			continue;
		size_t n = k->n;
		if (n - nl > 8 && !memcmp(k->p + n - 8, "_rcuidle", 8))
			n -= 8;
		struct tok name = *k;
		name.n = (unsigned)n;
		for (size_t a = 0; a < na; a++) {
			const struct tok *x = &t->v[starts[a]];
			const char *test = NULL;
			char kind = 0;
			if (ends[a] != starts[a] + 1)
				continue;
			if (tok_is(x, "NULL") || tok_is(x, "0"))
				kind = 'L';
			else if (x->kind == T_IDENT && tested_null(t, i, x, &test))
				kind = 'T';
			if (!kind || in_if0(text, (size_t)(k->p - text)))
				continue;
			add_badcall(ix, &name, nl, rel, text, (unsigned)na, (unsigned)a, x, kind,
				    test, NULL, 0);
		}
		if (!in_if0(text, (size_t)(k->p - text)))
			scan_freed_args(ix, t, rel, text, i, &name, nl, starts, ends, na);
	}
}

/* ------------------------------------------------------------------ */
/* CREATE_TRACE_POINTS */

struct inc_ctx {
	struct tc_tpindex *ix;
	const char *rel, *abs;
};

static void collect_includes(const char *text, char ***v, size_t *nr, size_t *alloc)
{
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *p = tc_directive(l, "include");
		if (!p)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		char close = *p == '"' ? '"' : *p == '<' ? '>' : 0;
		const char *e = close ? strchr(p + 1, close) : NULL;
		const char *eol = strchrnul(p, '\n');
		if (e && e < eol)
			add_name(v, nr, alloc, p + 1, (size_t)(e - p - 1));
	}
}

static char *resolve_include(const char *root, const char *cdir, const char *name, int quoted)
{
	char *c[3] = { quoted ? xasprintf("%s/%s", cdir, name) : NULL,
		       xasprintf("%s/include/%s", root, name),
		       xasprintf("%s/arch/x86/include/%s", root, name) };
	char *found = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(c); i++) {
		if (!found && c[i] && is_file(c[i]))
			found = c[i];
		else
			free(c[i]);
	}
	return found;
}

static int ctp_one(const char *define, const char *line, const char *name, size_t n, int quoted,
		   void *vctx)
{
	struct inc_ctx *c = vctx;
	struct tc_tpindex *ix = c->ix;

	(void)define;
	(void)line;
	ALLOC_GROW(ix->incs, ix->nr_incs + 1, ix->alloc_incs);
	struct ctp_inc *in = &ix->incs[ix->nr_incs++];
	memset(in, 0, sizeof(*in));
	in->cfile = xstrdup(c->rel);
	in->name = xstrndup(name, n);
	in->quoted = quoted;
	char *cdir = dir_name(c->abs);
	in->resolved = resolve_include(ix->root, cdir, in->name, quoted);
	free(cdir);
	if (in->resolved) {
		char *text = read_file(in->resolved, NULL);
		if (text)
			collect_includes(text, &in->subs, &in->nr_subs, &in->alloc_subs);
		free(text);
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* the walk */

struct walk {
	struct tc_tpindex *ix;
	struct toks t;
	/* pass 2: the macros looked for */
	struct paste **want;
	size_t nr_want;
	int rust; /* pass 1: .rs files too */
	/* the .rs files, and the functions their declare_trace! declares */
	char **rs_files;
	size_t nr_rs_files, alloc_rs_files;
	struct rs_tracer *rs;
	size_t nr_rs, alloc_rs;
};

/* ------------------------------------------------------------------ */
/* Rust callers */

/*
 * Rust fires a tracepoint through rust_do_trace_NAME(), the C function
 * DEFINE_RUST_DO_TRACE makes beside the event in the .c that defines
 * CREATE_RUST_TRACE_POINTS.  Rust code rarely calls it itself: the
 * kernel crate's declare_trace! { [pub] unsafe fn NAME(args); ... }
 * defines a Rust function NAME that tests the static key
 * bindings::__tracepoint_NAME and calls bindings::rust_do_trace_NAME,
 * and the code calls NAME().  So in .rs files: rust_do_trace_NAME (not
 * a "fn" declaring it), and a call NAME( of a function declare_trace!
 * declares (not its "fn NAME(" itself) -- in the declaring file's
 * directory or below for a private one (its module and the modules
 * under it), anywhere for a pub one.
 */
struct rs_tracer {
	char *name;
	char *dir; /* of the declaring .rs, tree-relative ("" at the top) */
	int pub;
};

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
static void rs_tokenize(const char *text, size_t len, struct toks *t)
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

static int rs_punct(const struct tok *k, char c)
{
	return k->kind != T_IDENT && k->kind != T_NUM && *k->p == c;
}

/* Rust fires it: used, and fired as make UT=1 counts (rust_do_trace_NAME() calls __do_trace_NAME()) */
static void add_rust(struct tc_tpindex *ix, const char *s, size_t n, const char *rel)
{
	if (!n)
		return;
	add_used(ix, s, n);
	ALLOC_GROW(ix->fired, ix->nr_fired + 1, ix->alloc_fired);
	ix->fired[ix->nr_fired++] = xasprintf("%.*s\t\t%s", (int)n, s, rel);
}

/* The functions declare_trace! declares; rust_do_trace_NAME written out. */
static void rs_scan_decls(struct walk *w, const struct toks *t, const char *rel)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT)
			continue;
		if (k->n > 14 && !memcmp(k->p, "rust_do_trace_", 14)) {
			if (!i || !tok_is(&t->v[i - 1], "fn"))
				add_rust(w->ix, k->p + 14, k->n - 14, rel);
			continue;
		}
		/* declare_trace! { ... }: not macro_rules! declare_trace { ... } */
		if (!tok_is(k, "declare_trace") || i + 2 >= t->nr || !rs_punct(&t->v[i + 1], '!') ||
		    !(rs_punct(&t->v[i + 2], '{') || rs_punct(&t->v[i + 2], '(') ||
		      rs_punct(&t->v[i + 2], '[')))
			continue;
		int depth = 0, pub = 0;
		size_t j;
		for (j = i + 2; j < t->nr; j++) {
			const struct tok *x = &t->v[j];
			if (x->kind == T_IDENT) {
				if (depth != 1)
					continue;
				if (tok_is(x, "pub"))
					pub = 1;
				else if (tok_is(x, "fn") && j + 1 < t->nr &&
					 t->v[j + 1].kind == T_IDENT && t->v[j + 1].p[0] != '$') {
					ALLOC_GROW(w->rs, w->nr_rs + 1, w->alloc_rs);
					w->rs[w->nr_rs++] = (struct rs_tracer){
						xstrndup(t->v[j + 1].p, t->v[j + 1].n), dir_name(rel), pub
					};
				}
			} else if (rs_punct(x, '{') || rs_punct(x, '(') || rs_punct(x, '[')) {
				depth++;
			} else if (rs_punct(x, '}') || rs_punct(x, ')') || rs_punct(x, ']')) {
				if (!--depth)
					break;
			} else if (rs_punct(x, ';') && depth == 1) {
				pub = 0;
			}
		}
		i = j;
	}
}

/* dir_name()'s "." for a top-level file: "" here, below which is everything */
static int rs_below(const char *rel, const char *dir)
{
	size_t n = strlen(dir);

	return !strcmp(dir, ".") || (!strncmp(rel, dir, n) && rel[n] == '/');
}

/* The calls of the functions declare_trace! declared: their names are fired. */
static void rs_scan_calls(struct walk *w, const char *path, const char *rel)
{
	size_t len;
	char *text = read_file(path, &len);
	int any = 0;

	if (!text)
		return;
	for (size_t i = 0; i < w->nr_rs && !any; i++)
		any = memmem(text, len, w->rs[i].name, strlen(w->rs[i].name)) != NULL;
	if (any) {
		rs_tokenize(text, len, &w->t);
		const struct toks *t = &w->t;
		for (size_t i = 0; i + 1 < t->nr; i++) {
			const struct tok *k = &t->v[i];
			if (k->kind != T_IDENT || t->v[i + 1].kind != T_LP ||
			    (i && tok_is(&t->v[i - 1], "fn")))
				continue;
			for (size_t r = 0; r < w->nr_rs; r++)
				if (tok_is(k, w->rs[r].name) && (w->rs[r].pub || rs_below(rel, w->rs[r].dir)))
					add_rust(w->ix, k->p, k->n, rel);
		}
	}
	free(text);
}

static void rs_resolve(struct walk *w)
{
	for (size_t i = 0; i < w->nr_rs_files && w->nr_rs; i++) {
		char *path = xasprintf("%s/%s", w->ix->root, w->rs_files[i]);
		rs_scan_calls(w, path, w->rs_files[i]);
		free(path);
	}
	for (size_t i = 0; i < w->nr_rs; i++) {
		free(w->rs[i].name);
		free(w->rs[i].dir);
	}
	for (size_t i = 0; i < w->nr_rs_files; i++)
		free(w->rs_files[i]);
	free(w->rs);
	free(w->rs_files);
}

/* ------------------------------------------------------------------ */
/* the files */

/* C, and Rust if rust */
static int wanted_ext(const char *n, int rust)
{
	return ends_with(n, ".c") || ends_with(n, ".h") || ends_with(n, ".S") ||
	       (rust && ends_with(n, ".rs"));
}

static void scan_file(struct walk *w, const char *path, const char *rel)
{
	size_t len;
	char *text = read_file(path, &len);

	if (!text)
		return;
	w->ix->files++;
	if (ends_with(rel, ".rs")) {
		add_name(&w->rs_files, &w->nr_rs_files, &w->alloc_rs_files, rel, strlen(rel));
		if (memmem(text, len, "declare_trace", 13) || memmem(text, len, "rust_do_trace_", 14)) {
			rs_tokenize(text, len, &w->t);
			rs_scan_decls(w, &w->t, rel);
		}
		free(text);
		return;
	}
	if (memmem(text, len, "trace", 5) || memmem(text, len, "TRACEPOINT", 10)) {
		tokenize(text, len, &w->t);
		scan_uses(w->ix, &w->t, rel);
		if (memmem(text, len, "trace_", 6))
			scan_badcalls(w->ix, &w->t, rel, text);
	}
	if (ends_with(rel, ".c") && memmem(text, len, "CREATE_TRACE_POINTS", 19)) {
		struct inc_ctx c = { w->ix, rel, path };
		tc_for_each_ctp_include(text, ctp_one, &c);
	}
	free(text);
}

static void resolve_file(struct walk *w, const char *path, const char *rel);

static void walk_dir(struct walk *w, const char *dir, const char *rel, int depth,
		     void (*fn)(struct walk *, const char *, const char *))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t nr = 0, alloc = 0;

	if (!d)
		return;
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		if (n[0] == '.')
			continue;
		if (depth == 0 && (!strcmp(n, "Documentation") || !strcmp(n, "tools") ||
				   !strcmp(n, "scripts")))
			continue;
		add_name(&names, &nr, &alloc, n, strlen(n));
		/* mark directories with a trailing '/' */
		if (e->d_type == DT_DIR) {
			char *m = xasprintf("%s/", n);
			free(names[nr - 1]);
			names[nr - 1] = m;
		} else if (e->d_type == DT_UNKNOWN) {
			/* a link to a directory is not followed, as for DT_LNK */
			char *p = xasprintf("%s/%s", dir, n);
			if (is_real_dir(p)) {
				char *m = xasprintf("%s/", n);
				free(names[nr - 1]);
				names[nr - 1] = m;
			}
			free(p);
		}
	}
	closedir(d);
	sort_strings(names, nr);
	for (size_t i = 0; i < nr; i++) {
		size_t l = strlen(names[i]);
		int sub = names[i][l - 1] == '/';
		if (sub)
			names[i][l - 1] = '\0';
		char *p = xasprintf("%s/%s", dir, names[i]);
		char *r = *rel ? xasprintf("%s/%s", rel, names[i]) : xstrdup(names[i]);
		if (sub && depth < 24)
			walk_dir(w, p, r, depth + 1, fn);
		else if (!sub && wanted_ext(names[i], w->rust))
			fn(w, p, r);
		free(p);
		free(r);
		free(names[i]);
	}
	free(names);
}

/* Pass 2: the invocations of the pasting macros in w->want. */
static void resolve_file(struct walk *w, const char *path, const char *rel)
{
	size_t len;
	char *text = read_file(path, &len);
	struct tc_tpindex *ix = w->ix;

	if (!text)
		return;
	int any = 0;
	for (size_t i = 0; i < w->nr_want && !any; i++)
		any = memmem(text, len, w->want[i]->macro, strlen(w->want[i]->macro)) != NULL;
	if (!any) {
		free(text);
		return;
	}
	tokenize(text, len, &w->t);
	const struct toks *t = &w->t;
	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT || k->defname || i + 1 >= t->nr || t->v[i + 1].kind != T_LP)
			continue;
		for (size_t m = 0; m < w->nr_want; m++) {
			struct paste *q = w->want[m];
			if (!tok_is(k, q->macro))
				continue;
			const struct tok *a = sole_arg(t, i, (size_t)q->param);
			int pp = a ? param_of(t, a) : -1;
			char *file = xstrdup(q->file), *prefix = xstrdup(q->prefix);
			if (!a) {
				/* not a plain name: whatever the prefix starts */
				ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
				ix->maybe[ix->nr_maybe++] = xasprintf("%s\t%s\t%s", prefix, q->dir, file);
			} else if (pp >= 0) {
				/* passed on from another macro's parameter: follow that one */
				add_paste(ix, &t->defs[a->def], pp, prefix, rel);
				/* add_paste may move q: w->want points into the array */
			} else {
				ALLOC_GROW(ix->pasted, ix->nr_pasted + 1, ix->alloc_pasted);
				ix->pasted[ix->nr_pasted++] =
					xasprintf("%s%.*s\t%s", prefix, (int)a->n, a->p, file);
			}
			free(file);
			free(prefix);
			break;
		}
	}
	free(text);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void sort_unique(char **v, size_t *nr)
{
	size_t o = 0;

	if (!*nr)
		return; /* v may be NULL: qsort() wants an array */
	qsort(v, *nr, sizeof(*v), cmp_str);
	for (size_t i = 0; i < *nr; i++) {
		if (o && !strcmp(v[o - 1], v[i])) {
			free(v[i]);
			continue;
		}
		v[o++] = v[i];
	}
	*nr = o;
}

static void resolve_pastes(struct walk *w)
{
	struct tc_tpindex *ix = w->ix;

	for (int round = 0; round < 4; round++) {
		size_t end = ix->nr_pastes;
		int any = 0;
		/* one walk per directory that has pending macros */
		for (size_t i = 0; i < end; i++) {
			if (ix->pastes[i].done)
				continue;
			any = 1;
			char *dir = xstrdup(ix->pastes[i].dir);
			w->nr_want = 0;
			size_t *idx = NULL, nidx = 0, aidx = 0;
			for (size_t j = i; j < end; j++)
				if (!ix->pastes[j].done && !strcmp(ix->pastes[j].dir, dir)) {
					ALLOC_GROW(idx, nidx + 1, aidx);
					idx[nidx++] = j;
				}
			/* copies: resolve_file may grow ix->pastes */
			struct paste *copies = xcalloc(nidx, sizeof(*copies));
			w->want = xcalloc(nidx, sizeof(*w->want));
			for (size_t j = 0; j < nidx; j++) {
				ix->pastes[idx[j]].done = 1;
				copies[j] = ix->pastes[idx[j]];
				w->want[j] = &copies[j];
			}
			w->nr_want = nidx;
			if (starts_with(dir, "include/") || strstr(dir, "/include/") || !strcmp(dir, ".")) {
				/* a shared header: its users are anywhere; keep the prefixes */
				for (size_t j = 0; j < nidx; j++) {
					ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
					ix->maybe[ix->nr_maybe++] = xasprintf(
						"%s\t%s\t%s", copies[j].prefix, copies[j].dir, copies[j].file);
				}
			} else {
				char *abs = xasprintf("%s/%s", ix->root, dir);
				walk_dir(w, abs, dir, 1, resolve_file);
				free(abs);
			}
			free(w->want);
			w->want = NULL;
			free(copies);
			free(idx);
			free(dir);
		}
		if (!any)
			break;
	}
	/* still pending after the rounds: maybe */
	for (size_t i = 0; i < ix->nr_pastes; i++) {
		if (ix->pastes[i].done)
			continue;
		ALLOC_GROW(ix->maybe, ix->nr_maybe + 1, ix->alloc_maybe);
		ix->maybe[ix->nr_maybe++] = xasprintf("%s\t%s\t%s", ix->pastes[i].prefix,
						      ix->pastes[i].dir, ix->pastes[i].file);
	}
}

static int cmp_badarg(const void *va, const void *vb)
{
	const struct tc_tp_badarg *a = va, *b = vb;
	int c = strcmp(a->name, b->name);

	if (!c)
		c = strcmp(a->file, b->file);
	if (!c)
		c = a->line < b->line ? -1 : a->line > b->line;
	if (!c)
		c = a->col < b->col ? -1 : a->col > b->col;
	if (!c)
		c = a->arg < b->arg ? -1 : a->arg > b->arg;
	return c;
}

static double now_secs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static struct tc_tpindex *build(const char *root)
{
	struct tc_tpindex *ix = xcalloc(1, sizeof(*ix));
	struct walk w = { .ix = ix, .rust = 1 };
	double t0 = now_secs();

	ix->root = xstrdup(root);
	walk_dir(&w, root, "", 0, scan_file);
	/* files only --patch adds (read_file() already sees the ones it changes) */
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		struct stat st;
		const char *path = tc_overlay_entry(i, &text, &len);
		const char *rel = path_below(path, root);
		if (text && rel && wanted_ext(rel, 1) && stat(path, &st) &&
		    !starts_with(rel, "Documentation/") && !starts_with(rel, "tools/") &&
		    !starts_with(rel, "scripts/"))
			scan_file(&w, path, rel);
	}
	w.rust = 0;
	rs_resolve(&w);
	resolve_pastes(&w);
	sort_unique(ix->used, &ix->nr_used);
	sort_unique(ix->exported, &ix->nr_exported);
	sort_unique(ix->pasted, &ix->nr_pasted);
	sort_unique(ix->maybe, &ix->nr_maybe);
	if (ix->nr_badcalls)
		qsort(ix->badcalls, ix->nr_badcalls, sizeof(*ix->badcalls), cmp_badarg);
	sort_unique(ix->fired, &ix->nr_fired);
	free(w.t.v);
	free(w.t.defs);
	free(w.t.cs);
	ix->secs = now_secs() - t0;
	return ix;
}

/* ------------------------------------------------------------------ */
/* the shared file */

static void write_list(struct strbuf *sb, char tag, char **v, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(sb, "%c %s\n", tag, v[i]);
}

static void serialise(const struct tc_tpindex *ix, struct strbuf *sb)
{
	strbuf_addf(sb, "R %s\nT %f %zu\n", ix->root, ix->secs, ix->files);
	write_list(sb, 'U', ix->used, ix->nr_used);
	write_list(sb, 'X', ix->exported, ix->nr_exported);
	write_list(sb, 'P', ix->pasted, ix->nr_pasted);
	write_list(sb, 'M', ix->maybe, ix->nr_maybe);
	write_list(sb, 'F', ix->fired, ix->nr_fired);
	for (size_t i = 0; i < ix->nr_incs; i++) {
		const struct ctp_inc *in = &ix->incs[i];
		strbuf_addf(sb, "C %s\t%s\t%d\t%s\n", in->cfile, in->name, in->quoted,
			    in->resolved ? in->resolved : "");
		for (size_t j = 0; j < in->nr_subs; j++)
			strbuf_addf(sb, "S %s\n", in->subs[j]);
	}
	for (size_t i = 0; i < ix->nr_badcalls; i++) {
		const struct tc_tp_badarg *c = &ix->badcalls[i];
		strbuf_addf(sb, "N %s\t%s\t%u\t%u\t%u\t%u\t%c\t%u\t%s\n", c->name, c->file,
			    c->line, c->col, c->nargs, c->arg, c->kind, c->test_line, c->text);
	}
}

static int save(const struct tc_tpindex *ix, const char *path)
{
	char *tmp = xasprintf("%s.tmp", path);
	FILE *f = fopen(tmp, "w");
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	if (!f) {
		free(tmp);
		return -1;
	}
	serialise(ix, &sb);
	if (fwrite(sb.buf, 1, sb.len, f) != sb.len)
		rc = -1;
	if (fclose(f) || rc || rename(tmp, path))
		rc = -1;
	strbuf_release(&sb);
	free(tmp);
	return rc;
}

static char *field(char **s)
{
	char *f = *s, *t = strchr(f, '\t');

	if (t) {
		*t = '\0';
		*s = t + 1;
	} else {
		*s = f + strlen(f);
	}
	return f;
}

/* The index in text (serialise()'s; freed), NULL if it is not root's. */
static struct tc_tpindex *parse(char *text, const char *root)
{
	struct tc_tpindex *ix = xcalloc(1, sizeof(*ix));

	for (char *l = text, *next; *l; l = next) {
		char *nl = strchr(l, '\n');
		next = nl ? nl + 1 : l + strlen(l);
		if (nl)
			*nl = '\0';
		if (strlen(l) < 2)
			continue;
		char *v = l + 2;
		switch (l[0]) {
		case 'R':
			ix->root = xstrdup(v);
			break;
		case 'T':
			sscanf(v, "%lf %zu", &ix->secs, &ix->files);
			break;
		case 'U':
			add_name(&ix->used, &ix->nr_used, &ix->alloc_used, v, strlen(v));
			break;
		case 'X':
			add_name(&ix->exported, &ix->nr_exported, &ix->alloc_exported, v, strlen(v));
			break;
		case 'P':
			add_name(&ix->pasted, &ix->nr_pasted, &ix->alloc_pasted, v, strlen(v));
			break;
		case 'M':
			add_name(&ix->maybe, &ix->nr_maybe, &ix->alloc_maybe, v, strlen(v));
			break;
		case 'F':
			add_name(&ix->fired, &ix->nr_fired, &ix->alloc_fired, v, strlen(v));
			break;
		case 'C': {
			ALLOC_GROW(ix->incs, ix->nr_incs + 1, ix->alloc_incs);
			struct ctp_inc *in = &ix->incs[ix->nr_incs++];
			memset(in, 0, sizeof(*in));
			in->cfile = xstrdup(field(&v));
			in->name = xstrdup(field(&v));
			in->quoted = atoi(field(&v));
			char *r = field(&v);
			in->resolved = *r ? xstrdup(r) : NULL;
			break;
		}
		case 'N': {
			ALLOC_GROW(ix->badcalls, ix->nr_badcalls + 1, ix->alloc_badcalls);
			struct tc_tp_badarg *c = &ix->badcalls[ix->nr_badcalls++];
			c->name = xstrdup(field(&v));
			c->file = xstrdup(field(&v));
			c->line = (unsigned)atoi(field(&v));
			c->col = (unsigned)atoi(field(&v));
			c->nargs = (unsigned)atoi(field(&v));
			c->arg = (unsigned)atoi(field(&v));
			c->kind = *field(&v);
			c->test_line = (unsigned)atoi(field(&v));
			c->text = xstrdup(field(&v));
			break;
		}
		case 'S':
			if (ix->nr_incs) {
				struct ctp_inc *in = &ix->incs[ix->nr_incs - 1];
				add_name(&in->subs, &in->nr_subs, &in->alloc_subs, v, strlen(v));
			}
			break;
		}
	}
	free(text);
	if (!ix->root || strcmp(ix->root, root)) {
		/* not this tree's: build anew (leaks nothing that matters) */
		free(ix);
		return NULL;
	}
	return ix;
}

static struct tc_tpindex *load(const char *path, const char *root)
{
	char *text;

	tc_deps_pause();
	text = read_file(path, NULL);
	tc_deps_resume();
	return text ? parse(text, root) : NULL;
}

/* ------------------------------------------------------------------ */
/* the persistent cache */

static int scanned_name(const char *name)
{
	return wanted_ext(name, 1);
}

const char *tc_tpindex_key(const char *root)
{
	/* the walk's hash, once per process; what --patch changes, each time (workers differ) */
	static char *walk_root;
	static struct tc_hasher walked;
	static char key[33];
	struct strbuf sb = STRBUF_INIT;
	struct tc_hasher hs;

	if (!walk_root || strcmp(walk_root, root)) {
		static const char *const skip[] = { "Documentation", "tools", "scripts", NULL };
		/* what walk_dir() reads (it follows no link to a directory: a superset) */
		tc_hasher_init(&walked);
		tc_hash_tree_stat(root, skip, 24, scanned_name, &walked);
		free(walk_root);
		walk_root = xstrdup(root);
	}
	hs = walked;
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		char h[33];
		const char *path = tc_overlay_entry(i, &text, &len);
		if (!path_below(path, root))
			continue;
		if (text)
			tc_hash_hex(text, len, h);
		strbuf_addf(&sb, "overlay %s %s\n", path, text ? h : "removed");
	}
	tc_hasher_add(&hs, sb.buf ? sb.buf : "", sb.len);
	tc_hasher_hex(&hs, key);
	strbuf_release(&sb);
	return key;
}

char *tc_tpindex_current_key(const char *root)
{
	return xstrdup(tc_tpindex_key(root));
}

/* The index of root: from the cache if its files are as they were, else made (and kept). */
static struct tc_tpindex *build_cached(const char *root)
{
	struct tc_tpindex *ix;
	size_t len;
	char *text;

	if (!tc_cache_enabled())
		return build(root);
	tc_deps_pause();
	const char *key = tc_tpindex_key(root);
	/* one entry per state of the tree (--patch's before and after): trimmed when old */
	char *slot = xasprintf("%s\n%s", root, key);
	text = tc_cache_get("index", slot, &len);
	if (text && starts_with(text, "K ") && !strncmp(text + 2, key, 32) && text[34] == '\n') {
		memmove(text, text + 35, len - 35 + 1);
		ix = parse(text, root);
		if (ix) {
			tc_deps_resume();
			free(slot);
			return ix;
		}
	} else {
		free(text);
	}
	ix = build(root);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "K %s\n", key);
	serialise(ix, &sb);
	tc_cache_put("index", slot, sb.buf, sb.len);
	strbuf_release(&sb);
	free(slot);
	tc_deps_resume();
	return ix;
}

void tc_tpindex_share(void)
{
	if (share_dir)
		return;
	const char *tmp = getenv("TMPDIR");
	char *t = xasprintf("%s/tracecheck-tp.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(t)) {
		free(t);
		return;
	}
	share_dir = t;
	share_owner = getpid();
}

void tc_tpindex_unshare(void)
{
	if (!share_dir || share_owner != getpid())
		return;
	char *names[] = { xasprintf("%s/index", share_dir), xasprintf("%s/index.tmp", share_dir),
			  xasprintf("%s/lock", share_dir) };
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		unlink(names[i]);
		free(names[i]);
	}
	rmdir(share_dir);
	free(share_dir);
	share_dir = NULL;
}

const struct tc_tpindex *tc_tpindex_get(const char *root)
{
	if (the_index && !strcmp(the_index->root, root))
		return the_index;
	if (!share_dir) {
		the_index = build_cached(root);
		return the_index;
	}
	char *lock = xasprintf("%s/lock", share_dir), *path = xasprintf("%s/index", share_dir);
	int fd = open(lock, O_RDWR | O_CREAT, 0600);
	if (fd >= 0)
		while (flock(fd, LOCK_EX) && errno == EINTR)
			;
	struct tc_tpindex *ix = is_file(path) ? load(path, root) : NULL;
	if (!ix) {
		/*
		 * Built by a process of its own, which keeps the lock (its
		 * copy of fd) until the file is written: when the runner
		 * kills this worker for its --timeout, the others still
		 * wait for the index and get it.
		 */
		fflush(NULL);
		pid_t pid = fork();
		if (pid == 0) {
			the_index = build_cached(root);
			save(the_index, path);
			free(lock);
			free(path);
			_exit(0);
		}
		if (pid > 0)
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
		ix = is_file(path) ? load(path, root) : NULL;
		if (!ix)
			ix = build_cached(root);
	}
	if (fd >= 0)
		close(fd);
	free(lock);
	free(path);
	the_index = ix;
	return ix;
}

/* ------------------------------------------------------------------ */
/* queries */

static int has(char *const *v, size_t nr, const char *s)
{
	if (!nr)
		return 0; /* v may be NULL */
	return bsearch(&s, v, nr, sizeof(*v), cmp_str) != NULL;
}

/* In sorted entries "NAME\t...": the index of the first not below "NAME\t" (n: NAME's length). */
static size_t first_entry(char *const *v, size_t nr, const char *name, size_t n)
{
	size_t lo = 0, hi = nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(v[mid], name, n);
		if (c < 0 || (c == 0 && v[mid][n] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

enum tc_tp_use tc_tpindex_use(const struct tc_tpindex *ix, const char *name,
			      const char *header_rel, const char **where)
{
	size_t n = strlen(name);
	int used = has(ix->used, ix->nr_used, name);

	int fired = 0;
	if (used)
		free(tc_tpindex_fired(ix, name, &fired, NULL));
	if (used && (fired || has(ix->exported, ix->nr_exported, name)))
		return TC_TP_CALLED;
	size_t lo = first_entry(ix->pasted, ix->nr_pasted, name, n);
	if (lo < ix->nr_pasted && !strncmp(ix->pasted[lo], name, n) && ix->pasted[lo][n] == '\t') {
		if (where)
			*where = ix->pasted[lo] + n + 1;
		return TC_TP_PASTED;
	}
	for (size_t i = 0; i < ix->nr_maybe; i++) {
		const char *m = ix->maybe[i], *t1 = strchr(m, '\t');
		const char *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		size_t pl = (size_t)(t1 - m), dl = (size_t)(t2 - t1 - 1);
		int covers;
		if (pl)
			covers = n >= pl && !strncmp(name, m, pl);
		else /* any name: the headers of the macro's directory */
			covers = header_rel && !strncmp(header_rel, t1 + 1, dl) &&
				 header_rel[dl] == '/';
		if (covers) {
			if (where)
				*where = t2 + 1;
			return TC_TP_MAYBE;
		}
	}
	if (used)
		return TC_TP_ATTACHED;
	if (has(ix->exported, ix->nr_exported, name))
		return TC_TP_EXPORTED;
	return TC_TP_UNUSED;
}

int tc_tpindex_exported(const struct tc_tpindex *ix, const char *name)
{
	return has(ix->exported, ix->nr_exported, name);
}

/* Does the space-separated list l (n bytes) hold option o (on bytes)? */
static int has_option(const char *l, size_t n, const char *o, size_t on)
{
	for (const char *p = l, *end = l + n; p < end;) {
		const char *sp = memchr(p, ' ', (size_t)(end - p));
		size_t len = sp ? (size_t)(sp - p) : (size_t)(end - p);
		if (len == on && !memcmp(p, o, on))
			return 1;
		p += len + 1;
	}
	return 0;
}

char *tc_tpindex_fired(const struct tc_tpindex *ix, const char *name, int *fired,
		       const char **file)
{
	size_t n = strlen(name), lo = first_entry(ix->fired, ix->nr_fired, name, n);
	struct strbuf common = STRBUF_INIT;
	int first = 1;

	*fired = 0;
	for (; lo < ix->nr_fired && !strncmp(ix->fired[lo], name, n) && ix->fired[lo][n] == '\t';
	     lo++) {
		const char *c = ix->fired[lo] + n + 1, *t = strchr(c, '\t');
		if (!t)
			continue;
		*fired = 1;
		if (first) {
			strbuf_add(&common, c, (size_t)(t - c));
			if (file)
				*file = t + 1;
			first = 0;
			continue;
		}
		/* keep the options this call needs too */
		struct strbuf keep = STRBUF_INIT;
		const char *p = strbuf_str(&common), *end = p + common.len;
		while (p < end) {
			const char *sp = memchr(p, ' ', (size_t)(end - p));
			size_t len = sp ? (size_t)(sp - p) : (size_t)(end - p);
			if (has_option(c, (size_t)(t - c), p, len)) {
				if (keep.len)
					strbuf_addch(&keep, ' ');
				strbuf_add(&keep, p, len);
			}
			p += len + 1;
		}
		strbuf_release(&common);
		common = keep;
	}
	if (!common.len) {
		strbuf_release(&common);
		return NULL;
	}
	return strbuf_detach(&common);
}

int tc_tpindex_options_have(const char *list, const char *o, size_t on)
{
	return list && has_option(list, strlen(list), o, on);
}

size_t tc_tpindex_instantiators(const struct tc_tpindex *ix, const char *header,
				const char ***files, int **direct)
{
	size_t nr = 0;

	*files = NULL;
	*direct = NULL;
	for (size_t i = 0; i < ix->nr_incs; i++) {
		const struct ctp_inc *in = &ix->incs[i];
		char *c = xasprintf("%s/%s", ix->root, in->cfile);
		int d = tc_ctp_names_header(header, c, ix->root, in->name, strlen(in->name),
					    in->quoted);
		int via = 0;
		if (!d && in->resolved && strcmp(in->resolved, header)) {
			for (size_t j = 0; j < in->nr_subs && !via; j++)
				via = tc_ctp_names_header(header, in->resolved, ix->root, in->subs[j],
							  strlen(in->subs[j]), 1);
		}
		free(c);
		if (!d && !via)
			continue;
		/* one entry per .c: direct wins */
		size_t k = 0;
		while (k < nr && strcmp((*files)[k], in->cfile))
			k++;
		if (k == nr) {
			*files = xrealloc(*files, (nr + 1) * sizeof(**files));
			*direct = xrealloc(*direct, (nr + 1) * sizeof(**direct));
			(*files)[nr] = in->cfile;
			(*direct)[nr++] = d;
		} else if (d) {
			(*direct)[k] = 1;
		}
	}
	return nr;
}

double tc_tpindex_build_seconds(const struct tc_tpindex *ix)
{
	return ix->secs;
}

size_t tc_tpindex_files(const struct tc_tpindex *ix)
{
	return ix->files;
}

size_t tc_tpindex_bad_args(const struct tc_tpindex *ix, const char *name,
			    const struct tc_tp_badarg **calls)
{
	size_t lo = 0, hi = ix->nr_badcalls, n = 0;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (strcmp(ix->badcalls[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	while (lo + n < ix->nr_badcalls && !strcmp(ix->badcalls[lo + n].name, name))
		n++;
	*calls = n ? &ix->badcalls[lo] : NULL;
	return n;
}
