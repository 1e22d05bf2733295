// SPDX-License-Identifier: MIT
/*
 * tracepoint-null-arg: an event whose TP_fast_assign() (or whose
 * TP_STRUCT__entry()'s __string() source, dynamic array length ...)
 * dereferences a TP_PROTO() argument unconditionally, while some caller
 * in the kernel tree passes NULL for it.  The probe runs only while the
 * event is enabled: the kernel works until someone enables the event,
 * then oopses.
 *
 * Tree mode only: the callers come from the tree's tracepoint index
 * (tpindex.c), which records the calls trace_NAME(), trace_call__NAME()
 * and trace_NAME_rcuidle() outside #define bodies and #if 0 that pass
 * the literal NULL or 0, or a plain identifier that the code around the
 * call has just tested for NULL (the call is in the branch of an if
 * where it is NULL, with nothing between writing it).  The argument's
 * position is mapped to the class's TP_PROTO() parameter; a call with
 * another count of arguments is not this tracepoint's.  The header side
 * is read from the code as written: p->m, p[i], *p, and p passed whole
 * to strlen(), strcpy(), strscpy(), strscpy_pad() or dev_name(), in a
 * statement of TP_fast_assign() at its top level (not in an if, a loop
 * or a switch, nothing that leaves it early) with no ?:, && or || before
 * it, or in a field's __string() source or length expression the same
 * way.  A literal NULL is an error, a tested identifier one level lower.
 *
 * Not covered: a use after free (a trace_ call after kfree(p) or a put
 * of an object the event reads): which calls free and which puts drop
 * the last reference cannot be told from the text without false reports;
 * macros that wrap trace_ calls; TRACE_EVENT_CONDITION() events (their
 * condition may test the pointer); dereferences hidden in helper
 * functions or macros of the assign code; Rust callers.
 */
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"An event whose TP_fast_assign() dereferences a TP_PROTO() argument\n"
		"unconditionally - p->member, p[i], *p, or p handed to strlen(),\n"
		"strcpy(), strscpy() or dev_name() in a top-level statement with no ?:,\n"
		"&& or || before it - or whose TP_STRUCT__entry() does (a __string()\n"
		"source such as p->name, a dynamic array's length), while a caller in\n"
		"the kernel tree passes NULL for that argument: the literal NULL or 0,\n"
		"or a pointer the caller has just tested for NULL (the call is in the\n"
		"block of if (!p), if (p == NULL), or the else of if (p), with p not\n"
		"written in between). Each event of a class counts its own callers;\n"
		"the callers are notes. A literal NULL is an error, a tested pointer a\n"
		"warning. Tree mode only (--kernel-tree, or a header inside a kernel\n"
		"tree). Calls in #define bodies and #if 0, events with a\n"
		"TP_CONDITION(), and uses after free are not looked at.",
	.why =
		"The probe only runs while the event is enabled: the kernel works until\n"
		"someone enables the event (perf, trace-cmd, a tracing tool at boot),\n"
		"then the probe reads through the NULL pointer and the kernel oopses in\n"
		"trace_event_raw_event_NAME() or perf_trace_NAME(), with the caller\n"
		"nowhere on the oops line.",
	.kernel =
		"Modelled on the fixes of NULL dereferences in event probes, such as\n"
		"\"tracing/net_sched: Fix NULL pointer dereference in\n"
		"perf_trace_qdisc_reset()\" (2022), after which include/trace/events/\n"
		"qdisc.h tests qdisc_dev(q) before reading its name. 6.12 and 7.2 code it\n"
		"fires on: include/trace/events/netfs.h, netfs_failure reads\n"
		"rreq->debug_id, and netfs_write_begin() (fs/netfs/buffered_read.c)\n"
		"calls trace_netfs_failure(NULL, NULL, ret, ...) when\n"
		"->check_write_begin() fails; drivers/infiniband/hw/hfi1/trace_tx.h,\n"
		"hfi1_ahg_allocate reads sde->dd, and sdma_ahg_alloc() fires it in the\n"
		"block of if (!sde) (a warning).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__string(name, req ? req->name : \"(none)\")\n"
		"\t__field(int, id)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__assign_str(name);\n"
		"\t__entry->id = req ? req->id : -1;\n"
		"),\n",
	.fix =
		"None: test the pointer in the event (p ? p->m : 0, a __string() source\n"
		"p ? p->name : \"(null)\"), or do not fire the event with NULL. Silence\n"
		"one event with --ignore tracepoint-null-arg:EVENT.",
};

/* A dereference found: its form and the expression as written. */
struct deref {
	const char *what; /* "p->", "p[", "*p", "strlen(p)" */
	char *text;	  /* the expression as written around it */
};

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
static int find_deref(const char *code, int statements, const char *x, struct deref *d)
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
static int class_deref(const struct tc_class *c, const char *x, struct deref *d,
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
	if (!c->assign_text)
		return 0;
	/* the code as written, before the expanded copy */
	const char *sep = strchr(c->assign_text, '\x1d');
	char *raw = sep ? xstrndup(c->assign_text, (size_t)(sep - c->assign_text))
			: xstrdup(c->assign_text);
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
static int near(const struct tc_header *h, const char *file)
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

static int conditional(const struct tc_event *e)
{
	return (e->macro && strstr(e->macro, "CONDITION")) ||
	       (e->cls->macro && strstr(e->cls->macro, "CONDITION"));
}

static struct tc_loc caller_loc(struct tc_check *ck, const struct tc_tp_nullarg *c)
{
	char *abs = xasprintf("%s/%s", ck->ctx->root, c->file);
	char *cwd = absolute_path(".");
	const char *rel = path_below(abs, cwd);
	struct tc_loc l = { tc_header_intern((struct tc_header *)ck->h, rel ? rel : abs), c->line,
			    c->col };

	free(cwd);
	free(abs);
	return l;
}

static void report(struct tc_check *ck, const struct tc_event *e, const char *param,
		   const struct deref *d, const char *where, const struct tc_tp_nullarg *calls,
		   const size_t *idx, size_t nr)
{
	int literal = 0;

	for (size_t k = 0; k < nr; k++)
		literal |= calls[idx[k]].kind == 'L';
	const char *msg = "event '%s' dereferences its argument '%s' unconditionally (%s in %s), "
			  "but %s: enabling the event oopses";
	const char *who = literal ? "a caller passes NULL for it"
				  : "a caller fires it right after testing it for NULL";
	struct tc_diag *dg = literal ? tc_report(ck, e->loc, msg, e->name, param, d->text, where, who)
				     : tc_report_lower(ck, e->loc, msg, e->name, param, d->text,
						       where, who);
	tc_diag_subject(dg, TC_SCOPE_EVENT, e->name, TC_ELEM_NONE, NULL, 0);
	for (size_t k = 0; k < nr && k < 4; k++) {
		const struct tc_tp_nullarg *c = &calls[idx[k]];
		if (c->kind == 'L')
			tc_diag_note(dg, caller_loc(ck, c), "trace_%s() passes %s as argument '%s'",
				     e->name, c->text, param);
		else
			tc_diag_note(dg, caller_loc(ck, c),
				     "trace_%s() passes '%s' as argument '%s' where the test on "
				     "line %u found it NULL",
				     e->name, c->text, param, c->test_line);
	}
	if (nr > 4)
		tc_diag_note(dg, e->loc, "and %zu more calls", nr - 4);
	tc_diag_note(dg, e->loc, "test '%s' in the event (%s ? ... : ...), or do not fire it with NULL",
		     param, param);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_context *ctx = ck->ctx;

	if (!ctx->have_index || !ctx->nr_inst || !ctx->null_args)
		return;
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		const struct tc_tp_nullarg *calls = ctx->null_args[i];
		size_t nr = ctx->nr_null_args[i];
		if (!nr || !e->name || !e->cls || !e->instantiated || e->remote || conditional(e))
			continue;
		char **params;
		size_t np = tc_proto_params(e->cls->proto, &params);
		size_t *idx = xcalloc(nr, sizeof(*idx));
		for (size_t p = 0; p < np; p++) {
			size_t m = 0;
			for (size_t k = 0; k < nr; k++)
				if (calls[k].nargs == np && calls[k].arg == p && near(h, calls[k].file))
					idx[m++] = k;
			struct deref d;
			const char *where;
			if (!m || !class_deref(e->cls, params[p], &d, &where))
				continue;
			report(ck, e, params[p], &d, where, calls, idx, m);
			free(d.text);
		}
		free(idx);
		free_strings(params, np);
	}
}

const struct tc_rule rule_tracepoint_null_arg = {
	.name = "tracepoint-null-arg",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "an event dereferences an argument some caller in the tree passes NULL for (tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX,
};
