// SPDX-License-Identifier: MIT
/*
 * assign-str-mismatch: a string field filled with the wrong helper, from
 * the wrong source, or with the helper form the tree's kernel does not
 * have (../shared/spec/api-history.md, kernel-runtime-checks.md §3).
 *
 * Up to 6.8, __string(f, src) reserves strlen(src) + 1 bytes and
 * __assign_str(f, src2) strcpy()s src2 into them: a src2 longer than src
 * overruns the record, a shorter one leaves stale bytes.  6.9 keeps the
 * second argument only to WARN when it differs from the __string()
 * source; 6.10 removed it (a 2-argument __assign_str() no longer builds,
 * a 1-argument one never built before).  Which helper fills which
 * element, with how many arguments, in which kernel, is kfacts.h's
 * table: __string with __assign_str, __string_len with __assign_str_len
 * up to 6.8 and __assign_str from 6.9, __vstring with __assign_vstr, the
 * __rel_ forms likewise (__assign_rel_str lost its second argument in
 * 6.9 already).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfacts.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A string field filled with the wrong helper (a __vstring() with\n"
		"__assign_str(), a __string_len() with __assign_str() up to 6.8 or with\n"
		"__assign_str_len() from 6.9, a __rel_ field with a helper of the other\n"
		"family), a 2-argument __assign_str() whose source is not the __string()\n"
		"one, or a form the kernel does not build: __assign_str() has one\n"
		"argument from 6.10 and two before, __assign_rel_str() one from 6.9. The\n"
		"kernel is the one the header is built against (its build directory's\n"
		"version.h, its tree's Makefile, or --kernel-version); when that is not\n"
		"known, only the pairing and the source are checked. The source is the\n"
		"one the call spells, also in the body of a macro the event uses; a copy\n"
		"through a local alias of the reserved source (task =\n"
		"xdr->rqst->rq_task), or of one arm of a reserved C ? T : E in a branch,\n"
		"is the same string.",
	.why =
		"Up to 6.8, __string(f, src) reserves strlen(src) + 1 bytes in the\n"
		"record and __assign_str(f, src2) strcpy()s src2 there: a longer src2\n"
		"overruns the event's slot in the ring buffer, a shorter one leaves stale\n"
		"bytes after the string. 6.9 only warns at run time when the two differ;\n"
		"6.10 dropped the second argument, so the other form does not build.",
	.kernel =
		"No 6.12 header has a mismatch (the rule finds none in the tree). 6.12's\n"
		"include/trace/stages/stage6_event_callback.h defines the one-argument\n"
		"__assign_str(dst), copying from the source __string() recorded; the rule\n"
		"catches a 2-argument __assign_str() in a patch against 6.12 before the\n"
		"build does.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__string(name, dev_name(dev))\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__assign_str(name);\t/* up to 6.9: __assign_str(name, dev_name(dev)) */\n"
		"),\n",
	.fix =
		"None.",
};

/* A number of arguments in words. */
static const char *args_text(int n)
{
	return n == 1 ? "one argument" : n == 2 ? "two arguments" : "three arguments";
}

/*
 * A call of a helper with n arguments that kernel v builds with another
 * number: one error naming the release that changed it.  0 when the
 * call's form is v's (or not a form any kernel had).
 */
static int check_arity(struct tc_check *ck, const struct tc_write *w, int v)
{
	int want = tc_kf_arity(w->how, v);
	const struct tc_kfact *used = tc_kf_form(w->how, w->nargs);
	char kv[24], at[24];

	if (!v || want < 1 || want == w->nargs || !used || want > 3)
		return 0;
	tc_kv_str(v, kv, sizeof(kv));
	if (used->until && v >= used->until)
		tc_report(ck, w->loc,
			  "%s() takes %s from %s (the kernel is %s): the %d-argument form does not "
			  "build",
			  w->how, args_text(want), tc_kv_str(used->until, at, sizeof(at)), kv,
			  w->nargs);
	else if (used->since && v < used->since)
		tc_report(ck, w->loc,
			  "%s() takes %s before %s (the kernel is %s): the %d-argument form does "
			  "not build",
			  w->how, args_text(want), tc_kv_str(used->since, at, sizeof(at)), kv,
			  w->nargs);
	else
		return 0;
	return 1;
}

/* What a 2-argument call with another source than __string()'s does in kernel v. */
static const char *mismatch_effect(const char *how, int v, char *buf, size_t size)
{
	const struct tc_kfact *f = tc_kf_next(how, v, NULL);
	char at[24];

	if (v && f && (f->flags & TC_KF_WARNS_SRC)) {
		snprintf(buf, size, "%s WARNs when they differ", tc_kv_str(f->since, at, sizeof(at)));
		return buf;
	}
	return "a longer string overruns the record, a shorter one leaves stale bytes";
}

static int is_string_helper(const char *how)
{
	return how && (starts_with(how, "__assign_str") || starts_with(how, "__assign_rel_str") ||
		       starts_with(how, "__assign_vstr"));
}

/* text as compared: no white space, no parentheses around all of it (tc_squeezed()) */
static char *normal(const char *s)
{
	return tc_squeezed(s, strlen(s));
}

/* The two sources are the same once their macros are expanded. */
static int same_expanded(const struct tc_write *w, const struct tc_field *f)
{
	if (!w->str_src_xtext || !f->str_src_xtext)
		return 0;
	char *a = normal(w->str_src_xtext), *b = normal(f->str_src_xtext);
	int same = !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

/*
 * The assign code's local pointers set once: "task" for
 * const struct rpc_task *task = xdr->rqst->rq_task; (sunrpc's
 * rpc_xdr_overflow).  names[i] is the identifier, exprs[i] what it is
 * set to, normal(); a name set twice is left out.  Returns the count.
 */
static size_t aliases(const struct tc_class *c, char ***names, char ***exprs)
{
	size_t n = 0, len = 0;
	char *raw = tc_class_assign_raw(c);
	struct tc_ctok *t = NULL;

	*names = *exprs = NULL;
	if (raw)
		len = tc_ctokenize(raw, &t);
	for (size_t i = 1; i + 1 < len; i++) {
		if (!tc_ctok_is(&t[i + 1], "=") || !tc_ctok_is_ident(&t[i]))
			continue;
		/* a statement's start: a declaration's '*' or type, or ; { } before it */
		const struct tc_ctok *b = &t[i - 1];
		if (!tc_ctok_is(b, "*") && !tc_ctok_is(b, ";") && !tc_ctok_is(b, "{") &&
		    !tc_ctok_is(b, "}") && !tc_ctok_is_ident(b))
			continue;
		size_t e = i + 2, depth = 0;
		for (; e < len && (depth || !tc_ctok_is(&t[e], ";")); e++)
			depth += tc_ctok_is(&t[e], "(") - tc_ctok_is(&t[e], ")");
		if (e >= len || e == i + 2)
			continue;
		char *name = xstrndup(t[i].p, t[i].n);
		size_t k;
		for (k = 0; k < n && strcmp((*names)[k], name); k++)
			;
		if (k < n) { /* set twice: which value a use sees is not followed */
			free((*exprs)[k]);
			(*exprs)[k] = NULL;
			free(name);
			continue;
		}
		char *x = xstrndup(t[i + 2].p, (size_t)(t[e - 1].p + t[e - 1].n - t[i + 2].p));
		*names = xrealloc(*names, (n + 1) * sizeof(**names));
		*exprs = xrealloc(*exprs, (n + 1) * sizeof(**exprs));
		(*names)[n] = name;
		(*exprs)[n++] = normal(x);
		free(x);
	}
	free(t);
	free(raw);
	return n;
}

/* s (normal()) with each alias, not after -> or ., replaced by its value; malloced. */
static char *unalias(const char *s, char **names, char **exprs, size_t n)
{
	struct tc_ctok *t;
	size_t len = tc_ctokenize(s, &t);
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < len; i++) {
		size_t k = n;
		if (tc_ctok_is_ident(&t[i]) &&
		    !(i && (tc_ctok_is(&t[i - 1], "->") || tc_ctok_is(&t[i - 1], "."))))
			for (k = 0; k < n; k++)
				if (exprs[k] && strlen(names[k]) == t[i].n &&
				    !strncmp(names[k], t[i].p, t[i].n))
					break;
		if (k < n)
			strbuf_addstr(&sb, exprs[k]);
		else
			strbuf_add(&sb, t[i].p, t[i].n);
	}
	free(t);
	return strbuf_detach(&sb);
}

/*
 * Does the source a (normal()) copy what __string() reserved, b?  Also
 * through the assign code's local aliases (an alias of an alias too),
 * and, for a copy in a branch (in_branch), a reserved C ? T : E's either
 * arm: sunrpc's rpc_xdr_overflow copies T under if (C), "unknown" in
 * its else.  A copy of T outside any branch is reported: where C is
 * false it reads what the reservation did not (smc_msg_event).
 */
static int same_source(const char *a, const char *b, int in_branch, char **names, char **exprs,
		       size_t n)
{
	char *ua = xstrdup(a), *c, *t, *e;

	/* task = rqstp->rq_task after rqstp = xdr->rqst: a few levels */
	for (int level = 0; level < 4; level++) {
		char *next = unalias(ua, names, exprs, n);
		int same = !strcmp(next, ua);
		free(ua);
		ua = next;
		if (same)
			break;
	}
	int same = !strcmp(a, b) || !strcmp(ua, b);

	if (!same && in_branch && tc_split_ternary(b, &c, &t, &e)) {
		char *nt = normal(t), *ne = normal(e);
		same = !strcmp(ua, nt) || !strcmp(ua, ne);
		free(nt);
		free(ne);
		free(c);
		free(t);
		free(e);
	}
	free(ua);
	return same;
}

static void check_field(struct tc_check *ck, int v, const struct tc_class *c,
			const struct tc_field *f)
{
	const char *ok[8];
	char effect[64];

	if (!tc_field_kind_is_string(f->kind) || !tc_kf_fillers(tc_field_kind_name(f->kind), v, ok, 8))
		return;
	for (size_t i = 0; i < f->nr_writes; i++) {
		const struct tc_write *w = &f->writes[i];
		if (w->kind != TC_W_HELPER || !is_string_helper(w->how))
			continue;
		int fits = 0;
		for (size_t k = 0; ok[k]; k++)
			fits |= !strcmp(ok[k], w->how);
		if (!fits) {
			struct tc_diag *d = tc_report(ck, w->loc,
						      "field '%s' is declared with %s() but filled "
						      "with %s(): the helper that copies it is %s()",
						      f->name, tc_field_kind_name(f->kind), w->how,
						      ok[0]);
			tc_diag_note(d, f->loc, "'%s' is declared here", f->name);
			const struct tc_kfact *gone = tc_kf_next(w->how, 0, NULL);
			char at[24], kv[24];
			if (v && gone && !tc_kf_has(w->how, v) && gone->until && v >= gone->until)
				tc_diag_note(d, w->loc, "%s() is not in kernels from %s (the kernel is %s)",
					     w->how, tc_kv_str(gone->until, at, sizeof(at)),
					     tc_kv_str(v, kv, sizeof(kv)));
			continue;
		}
		if (check_arity(ck, w, v))
			continue;
		/*
		 * the 2-argument form: the source must be the __string() one,
		 * as spelt or with the macros expanded; the front end has the
		 * call's own source also when the call is in a macro's body
		 * (no source known: no verdict)
		 */
		int two = tc_kf_form(w->how, 2) && !strstr(w->how, "_len");
		if (!two || w->nargs < 2 || !w->str_src_text || !f->extra || !*f->extra)
			continue;
		char *a = normal(w->str_src_text), *b = normal(f->extra);
		char **names, **exprs;
		size_t nal = aliases(c, &names, &exprs);
		int same = same_source(a, b, w->cond_depth > 0, names, exprs, nal) ||
			   same_expanded(w, f);
		for (size_t k = 0; k < nal; k++) {
			free(names[k]);
			free(exprs[k]);
		}
		free(names);
		free(exprs);
		if (!same) {
			struct tc_diag *d = tc_report(
				ck, w->loc,
				"%s() copies '%s' into '%s', whose room __string() reserved "
				"for '%s': %s",
				w->how, a, f->name, b,
				mismatch_effect(w->how, v, effect, sizeof(effect)));
			tc_diag_note(d, f->loc, "'%s' is declared here with source '%s'", f->name, b);
		}
		free(a);
		free(b);
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < cs[i]->nr_fields; k++)
			check_field(ck, ck->ctx->kernel_version, cs[i], &cs[i]->fields[k]);
	free(cs);
}

const struct tc_rule rule_assign_str_mismatch = {
	.name = "assign-str-mismatch",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a string field filled with the wrong helper, from another source than its "
		   "__string(), or with an __assign_str() form the tree's kernel does not have",
	.doc = &doc,
	.check = check,
};
