// SPDX-License-Identifier: MIT
/*
 * printk-nested-ternary: a conditional nested in a branch of another
 * without parentheses in a TP_printk() argument.
 *
 * libtraceevent up to 1.8.4 evaluates "c1 ? a : c2 ? b : c" wrongly: when
 * c1 holds it prints another branch (ras:aer_event, where perf script
 * showed corrected errors as "Uncorrected"; kvm:kvm_nested_vmenter).
 * Commit c1db0c69f6d4 (1.8.5) fixed that and broke "a ? b ? x : y : z",
 * which 1.8.5 and later cannot parse.  With parentheses around the
 * nested conditional every release evaluates both as C does
 * (src/uspace/umodel.c, facts ternary-else and ternary-then).  The
 * maintainers fixed the library rather than the kernel, so the kernel
 * keeps such chains; the parentheses cost nothing.
 *
 * printk-userspace's verdict on the conditional, which says the same, is
 * dropped (merge.c, P12).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "strbuf.h"
#include "umodel.h"
#include "uspace.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() argument (as the format file records it) with a\n"
		"conditional nested in the else branch (c1 ? a : c2 ? b : c) or the then\n"
		"branch (a ? b ? x : y : z) of another without parentheses, when a\n"
		"libtraceevent release --userspace selects mishandles it.",
	.why =
		"libtraceevent 1.7.1 to 1.8.4 evaluate a conditional nested in the else\n"
		"branch wrongly: when the first condition holds they print another\n"
		"branch. 1.8.5 fixed that (commit c1db0c69f6d4) and since cannot parse a\n"
		"conditional nested in the then branch: perf and trace-cmd print the\n"
		"event as [FAILED TO PARSE]. C needs no parentheses there, and the kernel\n"
		"prints both right; with them every release does too.\n"
		"\n"
		"A note, not a warning, when the newest release --userspace selects\n"
		"handles every nesting of the argument (by default: one in the else\n"
		"branch, which 1.8.5 fixed). The library was fixed, its maintainers\n"
		"chose that over the kernel's patch, and the releases that get it wrong\n"
		"give way to newer ones: a blind sample of 7.3 judged each such finding\n"
		"true but minor (docs/RESULTS.md). A nesting the newest release cannot\n"
		"parse (the then branch, since 1.8.5) stays a warning. --fix repairs\n"
		"the notes too: the parentheses cost nothing.",
	.kernel =
		"include/ras/ras_event.h, aer_event: the severity printed as sev ==\n"
		"AER_CORRECTABLE ? \"Corrected\" : sev == AER_FATAL ? \"Fatal\" :\n"
		"\"Uncorrected, non-fatal\"; perf script showed corrected errors as\n"
		"\"Uncorrected, non-fatal\" (2025). The patch that replaced the chain by\n"
		"__print_symbolic() was not taken; libtraceevent was fixed instead, so\n"
		"the chain is still in 7.2, as is kvm:kvm_nested_vmenter's in\n"
		"arch/x86/kvm/trace.h.",
	.example =
		"TP_printk(\"severity %s\",\n"
		"\t  __entry->sev == AER_CORRECTABLE ? \"Corrected\" :\n"
		"\t  (__entry->sev == AER_FATAL ? \"Fatal\" : \"Uncorrected, non-fatal\"))\n",
	.fix =
		"Parentheses around each nested conditional of the argument as written:\n"
		"c1 ? a : (c2 ? b : c), a ? (b ? x : y) : z. Left, with the reason: an\n"
		"argument whose conditionals a macro writes.",
};

/* The facts of the nested conditionals of expr that a release of sel mishandles. */
static int facts_of(const char *expr, tc_uset sel, const struct tc_ufact **f)
{
	struct tc_unested *v;
	size_t n = tc_unested_conditionals(expr, &v);
	int nf = 0;

	for (int then = 0; then <= 1; then++) {
		const struct tc_ufact *fact = &tc_ufacts[then ? TC_UF_TERNARY_THEN : TC_UF_TERNARY_ELSE];
		for (size_t i = 0; i < n; i++)
			if (v[i].then_branch == then && (fact->fails & sel)) {
				f[nf++] = fact;
				break;
			}
	}
	free(v);
	return nf;
}

/*
 * Why no release parses expr (printk-construct reports it): the first
 * construct of it that every release rejects, or NULL.
 */
static const char *unparsed_by_all(const char *expr)
{
	struct tc_uproblem *p;
	size_t n = tc_uspace_scan(expr, &p);
	const char *why = NULL;

	/* a character constant and '^' parse, and evaluate otherwise */
	for (size_t i = 0; i < n && !why; i++)
		if (p[i].kind != TC_U_CHAR_LITERAL && p[i].kind != TC_U_XOR)
			why = tc_ukind_explain(p[i].kind);
	tc_uproblems_free(p, n);
	return why;
}

/*
 * The fact's sentence; where another construct of the argument fails it
 * in every release, the releases the fact spares are not said to parse
 * it: they fail on that construct instead.
 */
static char *sentence(const struct tc_ufact *f, const char *nested, const char *expr, tc_uset sel)
{
	const char *other = unparsed_by_all(expr);
	tc_uset spared = sel & ~f->fails;

	if (!other || !spared)
		return tc_ufact_sentence(f, nested, f->fails & sel, sel);
	char *say = tc_ufact_sentence(f, nested, f->fails & sel, f->fails & sel);
	char *who = tc_uset_text(spared, sel);
	char *s = xasprintf("%s; %s fail%s on the argument all the same: %s",
			    say, who, spared & (spared - 1) ? "" : "s", other);
	free(who);
	free(say);
	return s;
}

/* The newest release of sel, as a set. */
static tc_uset newest_of(tc_uset sel)
{
	tc_uset top = 0;

	for (int r = 0; r < TC_UREL_NR; r++)
		if (sel & TC_USET(r))
			top = TC_USET(r);
	return top;
}

static void check_printk(struct tc_check *ck, const struct tc_header *h, const struct tc_printk *pk)
{
	tc_uset sel = h->userspace ? h->userspace : tc_uset_default();

	for (size_t k = 0; k < pk->nr_args; k++) {
		const struct tc_printk_arg *a = &pk->args[k];
		const struct tc_ufact *f[2];
		int nf, dup = 0;
		if (!a->expanded || !(nf = facts_of(a->expanded, sel, f)))
			continue;
		/* once per argument as written */
		for (size_t j = 0; j < k && !dup; j++)
			dup = pk->args[j].raw_index == a->raw_index && pk->args[j].expanded &&
			      facts_of(pk->args[j].expanded, sel, f);
		if (dup)
			continue;
		nf = facts_of(a->expanded, sel, f);
		/* a note when the newest selected release handles every nesting (doc.why) */
		int fixed = 1;
		for (int i = 0; i < nf; i++)
			fixed &= !(f[i]->fails & newest_of(sel));
		char *raw = tc_shorten(a->raw, 80);
		struct tc_diag *d = (fixed ? tc_report_note : tc_report)(ck, a->loc,
					      "TP_printk() argument '%s' nests a conditional in the %s "
					      "branch of another without parentheses",
					      raw,
					      nf == 2 ? "then and the else"
					      : f[0] == &tc_ufacts[TC_UF_TERNARY_THEN] ? "then"
										: "else");
		free(raw);
		struct tc_unested *v;
		size_t n = tc_unested_conditionals(a->expanded, &v);
		for (int i = 0; i < nf; i++) {
			size_t j = 0;
			while (j < n && v[j].then_branch != (f[i] == &tc_ufacts[TC_UF_TERNARY_THEN]))
				j++;
			char *nested = xstrndup(a->expanded + v[j].start, v[j].end - v[j].start);
			char *say = sentence(f[i], nested, a->expanded, sel);
			char *prov = tc_ufact_provenance(f[i]);
			tc_diag_note_as(d, TC_NOTE_LIBRARY, a->loc, "%s", say);
			tc_diag_advise(d, a->loc, "a spelling every release handles: %s",
				       f[i]->instead);
			tc_diag_note_as(d, TC_NOTE_PROVENANCE, a->loc, "%s", prov);
			free(prov);
			free(say);
			free(nested);
		}
		free(v);
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		check_printk(ck, h, ps[i]);
	free(ps);
}

/* The print argument of pk at loc. */
static const struct tc_printk_arg *find_arg(const struct tc_header *h, const struct tc_loc *loc,
					    const struct tc_printk **pkp)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	const struct tc_printk_arg *a = NULL;

	for (size_t i = 0; i < n && !a; i++)
		for (size_t k = 0; k < ps[i]->nr_args && !a; k++)
			if (tc_fix_loc_eq(&ps[i]->args[k].loc, loc)) {
				*pkp = ps[i];
				a = &ps[i]->args[k];
			}
	free(ps);
	return a;
}

static int cmp_size(const void *a, const void *b)
{
	const size_t *x = a, *y = b;

	/* by place; at one place the ')' (odd) before the '(' (even) */
	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return (y[1] & 1) - (x[1] & 1);
}

/*
 * --fix: '(' and ')' around each nested conditional of the argument as
 * written, when it nests them as the format file's text does (no macro
 * writes them).
 */
static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_header *h = tc_fix_header(fx);
	const struct tc_printk *pk = NULL;
	const struct tc_printk_arg *a = find_arg(h, &d->loc, &pk);
	size_t start, end, len;

	if (!a)
		return tc_fix_skip(fx, "no TP_printk() argument is at this position");
	if (tc_fix_raw_arg(fx, pk, a->raw_index, &start, &end))
		return tc_fix_skip(fx, "the argument's position in the text is not known");
	const char *text = tc_fix_text(fx, &len);
	char *raw = xstrndup(text + start, end - start);
	struct tc_unested *vr, *ve;
	size_t nr = tc_unested_conditionals(raw, &vr), ne = tc_unested_conditionals(a->expanded, &ve);
	int ok = nr && nr == ne && !strstr(raw, "/*") && !strstr(raw, "//");
	for (size_t i = 0; ok && i < nr; i++)
		ok = vr[i].then_branch == ve[i].then_branch;
	free(ve);
	if (!ok) {
		free(vr);
		free(raw);
		return tc_fix_skip(fx, "the argument as written does not nest the conditionals the "
				       "format file has (a macro writes them)");
	}
	/* the places of the parentheses, [place, 2 * i + is_close] */
	size_t (*at)[2] = xcalloc(2 * nr, sizeof(*at));
	for (size_t i = 0; i < nr; i++) {
		at[2 * i][0] = vr[i].start;
		at[2 * i][1] = 2 * i;
		at[2 * i + 1][0] = vr[i].end;
		at[2 * i + 1][1] = 2 * i + 1;
	}
	QSORT(at, 2 * nr, cmp_size);
	struct strbuf sb = STRBUF_INIT;
	size_t from = 0;
	for (size_t i = 0; i < 2 * nr; i++) {
		strbuf_add(&sb, raw + from, at[i][0] - from);
		strbuf_addch(&sb, at[i][1] & 1 ? ')' : '(');
		from = at[i][0];
	}
	strbuf_addstr(&sb, raw + from);
	tc_fix_replace(fx, start, end, sb.buf);
	strbuf_release(&sb);
	free(at);
	free(vr);
	free(raw);
	return 0;
}

const struct tc_rule rule_printk_nested_ternary = {
	.name = "printk-nested-ternary",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "a conditional nested in a branch of another without parentheses, which "
		   "libtraceevent 1.7.1 to 1.8.4 evaluate wrongly or 1.8.5 and later cannot parse",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.fix = fix,
	.fix_notes = 1,
};
