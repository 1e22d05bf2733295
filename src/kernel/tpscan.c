// SPDX-License-Identifier: MIT
/*
 * What one file of the tree gives the tracepoint index on its own: its
 * record (tpindex_int.h), a line per fact, in the order of the text.
 * The scan tokenizes each file that mentions "trace" or "TRACEPOINT"
 * (comments, strings and the lines of other directives than #define
 * left out) and records:
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
 *    CREATE_TRACE_POINTS, and whether its text says CREATE_TRACE_POINTS
 *    at all (the files instantiator.c's last resort tries);
 *  - the calls that pass NULL (here, and tpnull.c: a pointer the path
 *    to the call leaves NULL) or an object just freed (tpfree.c);
 *  - what each call passes for a string, and the __tracepoint_string
 *    variables (tpstr.c).
 *
 * What needs other files -- where a pasting macro is invoked, Rust's
 * calls of what declare_trace! declares, a .c's kbuild lines, the file
 * an #include names -- is tpmerge.c's.
 */
#include "tpindex_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "instantiator.h"
#include "strbuf.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* names */

#define LEAD(l, t) { l, t, sizeof(l) - 1, sizeof(t) - 1 }
static const struct lead {
	const char *lead;
	const char *tail; /* that the identifier must end in (dropped), "" none */
	size_t l, tl;	  /* their lengths (strip_lead() runs for every identifier) */
} leads[] = {
	LEAD("register_trace_prio_", ""), LEAD("register_trace_", ""),
	LEAD("unregister_trace_", ""), LEAD("check_trace_callback_type_", ""),
	LEAD("__tracepoint_", ""), LEAD("__traceiter_", ""), LEAD("__SCK__tp_func_", ""),
	/* after 6.12 (7.2): the call without the static-key test, under trace_NAME_enabled() */
	LEAD("trace_call__", ""),
	/* after 6.12 (7.2): the static-key test that trace_NAME_enabled() returns */
	LEAD("__trace_", "_enabled"),
	LEAD("trace_", ""),
	/* the event's trace_event_call: the filter self-test's &event_ftrace_test_filter */
	LEAD("event_", ""),
};

/* The tracepoint name in identifier s (n bytes), or NULL; *rest its length. */
static const char *strip_lead(const char *s, size_t n, size_t *rest)
{
	/* every lead begins with one of these */
	if (!n || !strchr("_certu", s[0]))
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(leads); i++) {
		size_t l = leads[i].l, tl = leads[i].tl;
		if (n < l + tl || s[0] != leads[i].lead[0] || memcmp(s, leads[i].lead, l))
			continue;
		if (tl && (n == l + tl || memcmp(s + n - tl, leads[i].tail, tl)))
			continue;
		*rest = n - l - tl;
		return s + l;
	}
	return NULL;
}

/* A line of the record: the tag, a blank, the fields. */
static void rec_line(struct strbuf *rec, char tag, const char *s, size_t n)
{
	strbuf_addch(rec, tag);
	strbuf_addch(rec, ' ');
	strbuf_add(rec, s, n);
	strbuf_addch(rec, '\n');
}

static void add_used(struct strbuf *rec, const char *s, size_t n)
{
	if (n)
		rec_line(rec, 'U', s, n);
}

/*
 * A name fired the way make UT=1 counts (trace_NAME(), trace_call__NAME():
 * not trace_NAME_enabled()), by the identifier k: under the option of
 * the #if around it (and of the kbuild lines of its .c: tpmerge.c's).
 */
static void add_fired(struct strbuf *rec, const char *s, size_t n, const struct tok *k)
{
	static const char tail[] = "_rcuidle";
	size_t tl = sizeof(tail) - 1;

	if (!n)
		return;
	if (n > tl && !memcmp(s + n - tl, tail, tl))
		n -= tl;
	strbuf_addf(rec, "F %.*s\t%.*s\n", (int)n, s, (int)k->cfgn, k->cfg ? k->cfg : "");
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


/* The argument after '(' at v[i]: the single token it is, or NULL. */
const struct tok *tp_sole_arg(const struct toks *t, size_t i, size_t argno)
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

static void scan_uses(struct strbuf *rec, const struct toks *t, const char *rel)
{
	int mach = machinery(rel);

	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		const struct tok *next = i + 1 < t->nr ? &t->v[i + 1] : NULL;
		const struct tok *prev = i ? &t->v[i - 1] : NULL;

		if (k->kind != T_IDENT || k->defname)
			continue;
		if (tok_is(k, "tracepoint_enabled") || tok_is(k, "DECLARE_TRACEPOINT")) {
			const struct tok *a = tp_sole_arg(t, i, 0);
			if (a && tp_param_of(t, a) < 0)
				add_used(rec, a->p, a->n);
			continue;
		}
		if (tok_is(k, "EXPORT_TRACEPOINT_SYMBOL") || tok_is(k, "EXPORT_TRACEPOINT_SYMBOL_GPL")) {
			const struct tok *a = tp_sole_arg(t, i, 0);
			if (a && tp_param_of(t, a) < 0)
				rec_line(rec, 'X', a->p, a->n);
			continue;
		}
		size_t rest;
		const char *name = strip_lead(k->p, k->n, &rest);
		if (!name || (prev && prev->kind == T_PASTE) || tp_param_of(t, k) >= 0)
			continue;
		if (!next || next->kind != T_PASTE) {
			/* a stub being defined: static inline void trace_foo(...) {} */
			if (prev && type_word(prev) && next && next->kind == T_LP)
				continue;
			if (!mach)
				add_used(rec, name, rest);
			if (!mach && fires(k->p, k->n))
				add_fired(rec, name, rest, k);
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
			param = tp_param_of(t, &t->v[j + 2]);
			if (param >= 0)
				break;
			strbuf_add(&sb, t->v[j + 2].p, t->v[j + 2].n);
			j += 2;
		}
		if (param >= 0) {
			strbuf_addf(rec, "D %d\t%s\t%.*s\n", param, strbuf_str(&sb),
				    (int)t->defs[k->def].n, t->defs[k->def].name);
		} else {
			add_used(rec, strbuf_str(&sb), sb.len);
			if (fires(k->p, k->n) && !ends_with(strbuf_str(&sb), "_enabled"))
				add_fired(rec, strbuf_str(&sb), sb.len, k);
		}
		strbuf_release(&sb);
	}
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

/*
 * Condition tokens [a, b): 1 when it says x is NULL, 2 when it says x
 * is not NULL, 0 otherwise.
 */
int tp_null_cond(const struct toks *t, size_t a, size_t b, const struct tok *x)
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
	if (lp == (size_t)-1 || tp_null_cond(t, lp + 1, rp, x) != want)
		return 0;
	/* x not written (nor mentioned at all) between the condition and the call */
	for (size_t j = from ? from : rp + 1; j < c; j++)
		if (tok_same(&v[j], x))
			return 0;
	*test = v[lp - 1].p;
	return 1;
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

void add_badcall(struct strbuf *rec, const struct tok *name, size_t nl, const char *text, unsigned nargs, unsigned arg, const struct tok *a, char kind,
		 const char *at, const char *what, size_t what_len)
{
	const char *bol;
	unsigned line = line_of(text, name->p, &bol), col = (unsigned)(name->p - bol) + 1;
	unsigned tline = at ? line_of(text, at, &bol) : 0;
	size_t start;

	strbuf_addf(rec, "N %.*s\t%u\t%u\t%u\t%u\t%c\t%u\t", (int)(name->n - nl),
		    name->p + nl, line, col, nargs, arg, kind, tline);
	start = rec->len;
	/* what is written, its white space one blank (the index is a line per call) */
	if (!what) {
		what = a->p;
		what_len = a->n;
	}
	for (size_t k = 0; k < what_len; k++) {
		char c = what[k];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\\') {
			if (rec->len > start && rec->buf[rec->len - 1] != ' ')
				strbuf_addch(rec, ' ');
			continue;
		}
		strbuf_addch(rec, c);
	}
	strbuf_addch(rec, '\n');
}

static void scan_badcalls(struct strbuf *rec, const struct toks *t, const char *rel,
			  const char *text, size_t len)
{
	if (machinery(rel))
		return;
	scan_freed_file();
	for (size_t i = 0; i + 1 < t->nr; i++) {
		const struct tok *k = &t->v[i];
		size_t nl;
		if (k->kind != T_IDENT || k->defname || t->v[i + 1].kind != T_LP)
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
			     (prev->kind == T_IDENT && !tok_is(prev, "else") &&
			      !tok_is(prev, "return"))))
			continue;
		/* return trace_foo(...): only its strings (no NULL looked for there) */
		int ret = prev && tok_is(prev, "return");
		size_t n = k->n;
		if (n - nl > 8 && !memcmp(k->p + n - 8, "_rcuidle", 8))
			n -= 8;
		struct tok name = *k;
		name.n = (unsigned)n;
		int strs = fires(k->p, k->n), dead = -1;
		if (k->def >= 0) {
			/* in a macro's body: its invocations give the arguments */
			if (strs && !in_if0(text, (size_t)(k->p - text)))
				tp_scan_strargs(rec, t, text, len, &name, nl, NULL, NULL, 0);
			continue;
		}
		/* the arguments: each one token or more */
		size_t starts[64], ends[64];
		long got = tp_split_args(t, i + 1, starts, ends, 64);
		size_t na = got < 0 ? 0 : (size_t)got;
		if (strs && !(dead = in_if0(text, (size_t)(k->p - text))))
			tp_scan_strargs(rec, t, text, len, &name, nl, got < 0 ? NULL : starts, ends,
					na);
		if (got < 0 || ret || (na == 1 && starts[0] == ends[0]))
			continue;
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
			else if (x->kind == T_IDENT)
				kind = tp_null_on_path(t, i, x, &test);
			if (!kind)
				continue;
			if (dead < 0)
				dead = in_if0(text, (size_t)(k->p - text));
			if (dead)
				continue;
			add_badcall(rec, &name, nl, text, (unsigned)na, (unsigned)a, x, kind, test,
				    NULL, 0);
		}
		if (dead < 0)
			dead = in_if0(text, (size_t)(k->p - text));
		if (!dead)
			scan_freed_args(rec, t, text, i, &name, nl, starts, ends, na);
	}
}

/* ------------------------------------------------------------------ */
/* CREATE_TRACE_POINTS */

static int ctp_one(const char *define, const char *line, const char *name, size_t n, int quoted,
		   void *vrec)
{
	(void)define;
	(void)line;
	strbuf_addf(vrec, "C %d\t%.*s\n", quoted, (int)n, name);
	return 0;
}

/* ------------------------------------------------------------------ */
/* Rust */

/* The functions declare_trace! declares; rust_do_trace_NAME written out. */
static void rs_scan_decls(struct strbuf *rec, const struct toks *t)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct tok *k = &t->v[i];
		if (k->kind != T_IDENT)
			continue;
		if (k->n > 14 && !memcmp(k->p, "rust_do_trace_", 14)) {
			if (!i || !tok_is(&t->v[i - 1], "fn"))
				rec_line(rec, 'R', k->p + 14, k->n - 14);
			continue;
		}
		/* declare_trace! { ... }: not macro_rules! declare_trace { ... } */
		if (!tok_is(k, "declare_trace") || i + 2 >= t->nr || !tp_rs_punct(&t->v[i + 1], '!') ||
		    !(tp_rs_punct(&t->v[i + 2], '{') || tp_rs_punct(&t->v[i + 2], '(') ||
		      tp_rs_punct(&t->v[i + 2], '[')))
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
					strbuf_addf(rec, "T %d\t%.*s\n", pub, (int)t->v[j + 1].n,
						    t->v[j + 1].p);
				}
			} else if (tp_rs_punct(x, '{') || tp_rs_punct(x, '(') || tp_rs_punct(x, '[')) {
				depth++;
			} else if (tp_rs_punct(x, '}') || tp_rs_punct(x, ')') || tp_rs_punct(x, ']')) {
				if (!--depth)
					break;
			} else if (tp_rs_punct(x, ';') && depth == 1) {
				pub = 0;
			}
		}
		i = j;
	}
}

/* ------------------------------------------------------------------ */
/* the files */

/* What tp_scan() looks for in a text (lower_words(), upper_words()). */
enum {
	W_TRACE = 1,	  /* "trace" */
	W_TRACE_ = 2,	  /* "trace_" */
	W_TPSTRING = 4,	  /* "__tracepoint_string" */
	W_TRACEPOINT = 8, /* "TRACEPOINT" */
	W_CTP = 16,	  /* "CREATE_TRACE_POINTS" */
};

/*
 * Does text have word at or after from, whose place in it is at before
 * bytes before what was searched for (all before from is looked at)?
 */
static int word_from(const char *text, const char *end, const char *from, size_t before,
		     const char *word)
{
	from = (size_t)(from - text) > before ? from - before : text;
	return memmem(from, (size_t)(end - from), word, strlen(word)) != NULL;
}

/*
 * Which of W_TRACE, W_TRACE_ and W_TPSTRING text has: all are found at
 * a "trace", so one pass over the text (a memmem() for each took up to
 * three), stopped once all are found; the rest of it searched for the
 * longer word once that is all that is left to find.
 */
static unsigned lower_words(const char *text, size_t len)
{
	const char *end = text + len, *p = text;
	const unsigned all = W_TRACE | W_TRACE_ | W_TPSTRING;
	unsigned got = 0;

	while (got != all) {
		if (got == (W_TRACE | W_TRACE_))
			return got | (word_from(text, end, p, 2, "__tracepoint_string") ? W_TPSTRING : 0);
		if (!(p = memmem(p, (size_t)(end - p), "trace", 5)))
			break;
		got |= W_TRACE;
		if (end - p > 5 && p[5] == '_')
			got |= W_TRACE_;
		if (p - text >= 2 && end - p >= 17 && !memcmp(p - 2, "__", 2) &&
		    !memcmp(p + 5, "point_string", 12))
			got |= W_TPSTRING;
		p++;
	}
	return got;
}

/* Which of W_TRACEPOINT and W_CTP in want text has: both at a "TRACE", the same way. */
static unsigned upper_words(const char *text, size_t len, unsigned want)
{
	const char *end = text + len, *p = text;
	unsigned got = 0;

	while (got != want) {
		if ((want & ~got) == W_CTP)
			return got | (word_from(text, end, p, 7, "CREATE_TRACE_POINTS") ? W_CTP : 0);
		if ((want & ~got) == W_TRACEPOINT)
			return got | (word_from(text, end, p, 0, "TRACEPOINT") ? W_TRACEPOINT : 0);
		if (!(p = memmem(p, (size_t)(end - p), "TRACE", 5)))
			break;
		if (end - p >= 10 && !memcmp(p + 5, "POINT", 5))
			got |= W_TRACEPOINT;
		if (p - text >= 7 && end - p >= 12 && !memcmp(p - 7, "CREATE_", 7) &&
		    !memcmp(p + 5, "_POINTS", 7))
			got |= W_CTP;
		p++;
	}
	return got;
}

void tp_scan(struct toks *t, const char *rel, const char *text, size_t len, struct strbuf *rec)
{
	if (ends_with(rel, ".rs")) {
		if (memmem(text, len, "declare_trace", 13) || memmem(text, len, "rust_do_trace_", 14)) {
			tp_rs_tokenize(text, len, t);
			rs_scan_decls(rec, t);
		}
		return;
	}
	/* at most two passes over the text: "TRACEPOINT" matters only where "trace" is not */
	int c = ends_with(rel, ".c");
	unsigned w = lower_words(text, len);
	unsigned upper = (c ? W_CTP : 0) | (w & W_TRACE ? 0 : W_TRACEPOINT);
	if (upper)
		w |= upper_words(text, len, upper);
	if (w & (W_TRACE | W_TRACEPOINT)) {
		tp_tokenize(text, len, t);
		scan_uses(rec, t, rel);
		if (w & W_TPSTRING)
			tp_scan_tpstrings(rec, t);
		if (w & W_TRACE_)
			scan_badcalls(rec, t, rel, text, len);
	}
	/*
	 * The typedefs (tpwidth.c) and struct members (tpmember.c) the
	 * calls' arguments may name: those of a header, or of a .c that
	 * may fire a tracepoint.  A .c's own are seen by that .c alone, so
	 * one that names no tracepoint adds nothing a call can see (half
	 * of a cold index build's time, and 14 MB of its records, was
	 * theirs).
	 */
	if (!c || (w & (W_TRACE | W_TRACEPOINT))) {
		tp_scan_typedefs(rec, text, len);
		tp_scan_members(rec, text, len);
	}
	if (c && (w & W_CTP)) {
		strbuf_addstr(rec, "Q\n");
		tc_for_each_ctp_include(text, ctp_one, rec);
	}
}
