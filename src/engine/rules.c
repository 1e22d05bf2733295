// SPDX-License-Identifier: MIT
#include "rules.h"

#include <ctype.h>
#include <stdarg.h>
#include <string.h>
#include <stdlib.h>

#include "archnames.h"
#include "ctok.h"
#include "helpers.h"
#include "keval.h"
#include "kerneltree.h"
#include "merge.h"
#include "notchecked.h"
#include "strbuf.h"
#include "subject.h"
#include "umodel.h"
#include "util.h"

int tc_rule_index(const char *name)
{
	for (size_t i = 0; i < tc_nr_rules; i++)
		if (!strcmp(tc_rules[i]->name, name))
			return (int)i;
	return -1;
}

static struct tc_diag *vreport(struct tc_check *ck, enum tc_severity sev, struct tc_loc loc,
			       const char *fmt, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	strbuf_grow(&sb, n > 0 ? (size_t)n : 0);
	vsnprintf(sb.buf, (size_t)n + 1, fmt, ap);
	sb.len = (size_t)n;
	struct tc_diag *d = tc_diags_add(ck->diags, sev, ck->rule->name, loc, "%s", sb.buf);
	strbuf_release(&sb);
	return d;
}

struct tc_diag *tc_report(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;
	struct tc_diag *d;

	va_start(ap, fmt);
	d = vreport(ck, ck->severity, loc, fmt, ap);
	va_end(ap);
	return d;
}

struct tc_diag *tc_report_lower(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;
	struct tc_diag *d;
	enum tc_severity sev = tc_severity_lower(ck->severity);

	va_start(ap, fmt);
	d = vreport(ck, sev, loc, fmt, ap);
	va_end(ap);
	return d;
}

struct tc_diag *tc_report_note(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
{
	va_list ap;
	struct tc_diag *d;

	va_start(ap, fmt);
	d = vreport(ck, TC_SEV_NOTE, loc, fmt, ap);
	va_end(ap);
	return d;
}

char *tc_shorten(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n <= max)
		return xstrdup(s);
	return xasprintf("%.*s [...]", (int)max, s);
}

const char *tc_ctx_file(struct tc_check *ck, const char *path, size_t *len)
{
	return tc_context_file(ck->ctx, path, len);
}

/*
 * The order the rules run in: the table's, or (for tests/rule-order) a
 * permutation of it drawn from $TC_TEST_RULE_SEED.  Each rule appends to
 * a list of its own and the lists are joined in the table's order, so a
 * rule never sees another's findings and the order it ran in shows
 * nowhere; the merge phase (merge.c) relates them afterwards.
 */
static void run_order(size_t *order)
{
	const char *seed = getenv("TC_TEST_RULE_SEED");
	unsigned long x = seed ? strtoul(seed, NULL, 10) : 0;

	for (size_t i = 0; i < tc_nr_rules; i++)
		order[i] = i;
	for (size_t i = tc_nr_rules; seed && i > 1; i--) {
		x = x * 6364136223846793005UL + 1442695040888963407UL;
		size_t j = (size_t)((x >> 33) % i), t = order[i - 1];
		order[i - 1] = order[j];
		order[j] = t;
	}
}

/*
 * The TP_printk() arguments nested deeper than TC_MAX_NESTING (ctok.h):
 * the rules that read them do not (keval.h, umodel.h), so the header is
 * not checked in part, one line per argument.
 */
static void too_deep(const struct tc_header *h, struct tc_diags *diags)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_event *e = tc_printk_event(h, ps[i]);
		size_t last = (size_t)-1;
		for (size_t k = 0; k < ps[i]->nr_args; k++) {
			const struct tc_printk_arg *a = &ps[i]->args[k];
			if (a->raw_index == last ||
			    !((a->raw && tc_karg_too_deep(a->raw)) ||
			      (a->expanded && tc_karg_too_deep(a->expanded))))
				continue;
			last = a->raw_index;
			char *who = e && e->name ? xasprintf("event '%s'", e->name)
						 : xasprintf("line %u", a->loc.line);
			tc_diags_unchecked(diags, TC_NC_NESTED,
					   "%s: TP_printk() argument %zu nests more than %d levels "
					   "deep (parentheses, casts, operators): it is not judged",
					   who, a->raw_index + 1, TC_MAX_NESTING);
			free(who);
		}
	}
	free(ps);
}

/*
 * A header below another architecture's arch/X/ (tc_other_arch()): a
 * finding of diags[first..] that stands on a name the parse does not
 * declare (d->undeclared) which X's own headers define (its tables and
 * helpers, archnames.c) is no defect of the header: those arguments are
 * not checked instead, in one line.  A name X's headers do not define
 * is the header's defect in X's build too: its finding stays.
 */
struct arch_use {
	unsigned line;
	char *name;
};

static int cmp_use(const void *a, const void *b)
{
	const struct arch_use *x = a, *y = b;

	return x->line < y->line ? -1 : x->line > y->line;
}

/* The tree's top: h's path less its path in the tree, or NULL. */
static char *tree_top(const struct tc_header *h)
{
	size_t a = h->abs_path ? strlen(h->abs_path) : 0, r = strlen(h->tree_path);

	if (a <= r + 1 || strcmp(h->abs_path + a - r, h->tree_path) || h->abs_path[a - r - 1] != '/')
		return NULL;
	return xstrndup(h->abs_path, a - r - 1);
}

static void other_arch(const struct tc_header *h, struct tc_diags *diags, size_t first)
{
	struct strbuf lines = STRBUF_INIT, names = STRBUF_INIT;
	size_t n, o = first, nr_names = 0, nr = 0, nc = 0;
	const char *arch = tc_other_arch(h, &n);
	struct arch_use *at;
	char *top = arch ? tree_top(h) : NULL;

	if (!top)
		return;
	/* the names the findings stand on, and which of them the architecture's headers define */
	const char **cand = xcalloc(diags->nr - first + 1, sizeof(*cand));
	int *theirs = xcalloc(diags->nr - first + 1, sizeof(*theirs));
	for (size_t i = first; i < diags->nr; i++)
		if (diags->v[i].undeclared && diags->v[i].severity != TC_SEV_NOTE)
			cand[nc++] = diags->v[i].undeclared;
	if (nc)
		tc_arch_headers_name(top, arch, n, cand, nc, theirs);
	free(top);
	at = xcalloc(diags->nr - first + 1, sizeof(*at));
	for (size_t i = first, k = 0; i < diags->nr; i++) {
		struct tc_diag *d = &diags->v[i];
		if (!d->undeclared || d->severity == TC_SEV_NOTE || !theirs[k++]) {
			diags->v[o++] = *d;
			continue;
		}
		at[nr++] = (struct arch_use){ d->loc.line, d->undeclared };
		d->undeclared = NULL;
		tc_diag_release(d);
	}
	free(cand);
	free(theirs);
	diags->nr = o;
	if (nr)
		QSORT(at, nr, cmp_use);
	for (size_t i = 0; i < nr; i++) {
		char *q = xasprintf("'%s'", at[i].name);
		strbuf_addf(&lines, "%s%u", i ? ", " : "", at[i].line);
		if (!strstr(names.buf ? names.buf : "", q) && nr_names++ < 3)
			strbuf_addf(&names, "%s%s", names.len ? ", " : "", q);
		free(q);
		free(at[i].name);
	}
	free(at);
	if (nr)
		tc_diags_unchecked(diags, TC_NC_OTHER_ARCH,
				   "TP_printk() argument%s on line%s %s use%s %s%s, which a parse "
				   "for %s does not declare: the header is arch/%.*s/'s, read "
				   "without its architecture's headers; not judged",
				   nr == 1 ? "" : "s", nr == 1 ? "" : "s", lines.buf,
				   nr == 1 ? "s" : "", names.buf, nr_names > 3 ? " ..." : "",
				   tc_kernel_arch(tc_abi_name((enum tc_abi)h->abi)), (int)n, arch);
	strbuf_release(&lines);
	strbuf_release(&names);
}

void tc_run_rules(const struct tc_header *h, const struct tc_rule_setting *settings,
		  struct tc_diags *diags)
{
	size_t first = diags->nr;
	struct tc_context ctx;
	unsigned needs = 0;

	for (size_t i = 0; i < tc_nr_rules; i++)
		if (settings[i].enabled)
			needs |= tc_rules[i]->needs;
	/* all the I/O of the rules, once */
	tc_context_init(&ctx, h, needs);
	size_t *order = xcalloc(tc_nr_rules + 1, sizeof(*order));
	struct tc_diags *by_rule = xcalloc(tc_nr_rules + 1, sizeof(*by_rule));

	run_order(order);
	for (size_t k = 0; k < tc_nr_rules; k++) {
		size_t i = order[k];
		struct tc_check ck = {
			.rule = tc_rules[i],
			.severity = settings[i].severity,
			.diags = &by_rule[i],
			.h = h,
			.ctx = &ctx,
		};
		if (settings[i].enabled)
			tc_rules[i]->check(&ck, h);
	}
	for (size_t i = 0; i < tc_nr_rules; i++) {
		for (size_t k = 0; k < by_rule[i].nr; k++) {
			ALLOC_GROW(diags->v, diags->nr + 1, diags->alloc);
			diags->v[diags->nr] = by_rule[i].v[k];
			diags->v[diags->nr].seq = diags->nr;
			diags->nr++;
		}
		free(by_rule[i].v);
	}
	free(by_rule);
	free(order);
	if (diags->nr > first) {
		/* what each finding is about, from where it is */
		struct tc_diags mine = { .v = diags->v + first, .nr = diags->nr - first,
					 .alloc = diags->nr - first };
		tc_subjects_derive(&mine, &ctx);
		/* then one finding for one defect */
		tc_merge(diags, first);
	}
	other_arch(h, diags, first);
	too_deep(h, diags);
	/* what printk-userspace could not judge: the libtraceevent child was killed */
	for (size_t i = 0; i < ctx.nr_uv; i++) {
		const struct tc_uv_findings *f = &ctx.uv[i].findings;
		const char *name = ctx.uv[i].e->name ? ctx.uv[i].e->name : "";
		if (f->interrupted)
			tc_diags_unchecked(diags, TC_NC_INTERRUPTED, "event '%s': %s", name,
					   f->unchecked);
	}
	tc_context_release(&ctx);
}

const struct tc_printk **tc_used_printks(const struct tc_header *h, size_t *n)
{
	const struct tc_printk **v = xcalloc(h->nr_classes + h->nr_events + 1, sizeof(*v));
	size_t nr = 0;

	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		for (size_t j = 0; j < h->nr_events; j++) {
			const struct tc_event *e = h->events[j];
			if (e->cls == c && e->instantiated && !e->own_print.present) {
				v[nr++] = &c->print;
				break;
			}
		}
	}
	for (size_t j = 0; j < h->nr_events; j++) {
		const struct tc_event *e = h->events[j];
		if (e->instantiated && e->own_print.present)
			v[nr++] = &e->own_print;
	}
	*n = nr;
	return v;
}

const struct tc_class **tc_used_classes(const struct tc_header *h, size_t *n)
{
	const struct tc_class **v = xcalloc(h->nr_classes + 1, sizeof(*v));
	size_t nr = 0;

	for (size_t i = 0; i < h->nr_classes; i++)
		if (h->classes[i]->nr_events > 0)
			v[nr++] = h->classes[i];
	*n = nr;
	return v;
}

int tc_plugin_everywhere(const struct tc_header *h, const char *callee)
{
	const char *since = tc_uspace_plugin_since(callee);
	tc_uset sel = h->userspace ? h->userspace : tc_uset_default();
	int r = since ? tc_urelease_index(since) : 0;

	if (!tc_uspace_plugin_for(callee) || r < 0)
		return 0;
	return r == 0 || !(sel & TC_USET_RANGE(0, r - 1));
}

int tc_plugin_calls_everywhere(const struct tc_header *h, const struct tc_printk_arg *a)
{
	for (size_t i = 0; i < a->nr_calls; i++)
		if (!tc_plugin_everywhere(h, a->calls[i].callee))
			return 0;
	return a->nr_calls > 0;
}

/*
 * The TP_PROTO() parameter (index) whose value TP_fast_assign() stores in
 * field name and nothing else: "__entry->name = param;" its only mention;
 * -1 when there is none such.
 */
int tc_stored_param(const struct tc_class *c, const char *name)
{
	char *raw = tc_class_assign_raw(c), **params = NULL;
	size_t n = strlen(name), np = 0, hits = 0;
	int res = -1;
	char *val = NULL;

	for (const char *p = raw ? strstr(raw, "__entry") : NULL; p; p = strstr(p + 1, "__entry")) {
		const char *q = p + 7;
		while (*q == ' ')
			q++;
		if (strncmp(q, "->", 2))
			continue;
		q += 2;
		while (*q == ' ')
			q++;
		if (strncmp(q, name, n) || isalnum((unsigned char)q[n]) || q[n] == '_')
			continue;
		hits++;
		q += n;
		while (*q == ' ')
			q++;
		if (*q != '=' || q[1] == '=')
			continue;
		q++;
		while (isspace((unsigned char)*q))
			q++;
		size_t l = 0;
		while (isalnum((unsigned char)q[l]) || q[l] == '_')
			l++;
		const char *e = q + l;
		while (isspace((unsigned char)*e))
			e++;
		if (l && *e == ';') {
			free(val);
			val = xstrndup(q, l);
		}
	}
	if (hits == 1 && val)
		np = tc_proto_params(c->proto, &params);
	for (size_t i = 0; i < np && res < 0; i++)
		if (!strcmp(params[i], val))
			res = (int)i;
	if (np)
		free_strings(params, np);
	free(val);
	free(raw);
	return res;
}
