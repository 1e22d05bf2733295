// SPDX-License-Identifier: MIT
/*
 * printk-custom-macro: a driver's helper macro in a TP_printk() argument
 * whose expansion user space cannot parse or evaluates differently.
 *
 * The print fmt is stringified after macro expansion, so user space
 * sees the macro's body, not its name.  Most macros are harmless there
 * (constants, arithmetic on fields, show_*() wrappers around
 * __print_symbolic()); the ones that expand to constructs libtraceevent
 * rejects or mis-evaluates are not.
 *
 * Modelled on commit 60e82e56d36f ("drm/i915/display: Store pipe name
 * in trace events"): pipe_name(p) expands to ((p) + 'A'), which
 * libtraceevent 1.7.3 - 1.8.2 evaluates with 'A' as 0, so trace-cmd
 * printed "pipe ^A" where the kernel printed "pipe B".  The fix stores
 * the computed character in a field at assign time.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fix.h"
#include "merge.h"
#include "strbuf.h"
#include "util.h"
#include "uspace.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A helper macro in a TP_printk() argument whose expansion user space\n"
		"evaluates differently from the kernel: a character constant or the ^\n"
		"operator in it. The print fmt is stringified after macro expansion, so\n"
		"user space sees the macro's body, not its name. Macros that expand to\n"
		"constants, to arithmetic on fields or to the standard helpers (show_*()\n"
		"wrappers around __print_symbolic()) are not reported; expansions user\n"
		"space cannot parse at all are printk-construct's.",
	.why =
		"The kernel's own output is right, so only users of perf and trace-cmd\n"
		"see the bug. i915's pipe_name(p) is ((REC->pipe) + 'A') in the format\n"
		"file; libtraceevent up to 1.8.2 evaluates 'A' as 0 (and ^ as 0 in\n"
		"every version), so trace-cmd printed \"pipe ^A\" where the kernel printed\n"
		"\"pipe B\".",
	.kernel =
		"Commit 60e82e56d36f (\"drm/i915/display: Store pipe name in trace\n"
		"events\", 2024) stores pipe_name() in a char field at assign time. The 21\n"
		"uses it removes are still in 6.12's\n"
		"drivers/gpu/drm/i915/display/intel_display_trace.h.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(char, pipe_name)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->pipe_name = pipe_name(crtc->pipe);\n"
		"),\n"
		"TP_printk(\"pipe %c\", __entry->pipe_name)\t/* %c: libtraceevent 1.7.3 and later */\n",
	.fix =
		"--fix does what 60e82e56d36f did: the macro's value is stored at\n"
		"assign time in a field of the type its conversion prints (char for %c),\n"
		"in the class when the event has one, and TP_printk() prints the field.\n"
		"Left, with the reason: a macro inside a larger argument, one expanding to\n"
		"several arguments, one not used like a function, and a\n"
		"DEFINE_EVENT_PRINT()'s own TP_printk().",
};

/* Problems of the expansion that the argument as written does not have. */
static size_t introduced(const struct tc_printk_arg *a, struct tc_uproblem **outp)
{
	struct tc_uproblem *e, *r;
	size_t ne = tc_uspace_scan(a->expanded, &e);
	size_t nr = tc_uspace_scan(a->raw, &r);
	struct tc_uproblem *out = calloc(ne + 1, sizeof(*out));
	size_t no = 0;
	unsigned char *used = calloc(nr + 1, 1);

	for (size_t i = 0; i < ne; i++) {
		int matched = 0;
		if (e[i].kind == TC_U_CALL)
			continue; /* printk-call reports calls */
		for (size_t j = 0; j < nr && !matched; j++) {
			if (!used[j] && r[j].kind == e[i].kind && !strcmp(r[j].text, e[i].text)) {
				used[j] = 1;
				matched = 1;
			}
		}
		if (!matched) {
			out[no] = e[i];
			e[i].text = NULL;
			no++;
		}
	}
	tc_uproblems_free(e, ne);
	tc_uproblems_free(r, nr);
	free(used);
	*outp = out;
	return no;
}

/* Longer expansions are named, not quoted, in the message. */
#define QUOTED_MAX 60

/*
 * The innermost macro that brings token tok into the expansion of
 * macro name (defined in text, on line; 0: wherever text defines it),
 * following the macros its body names that text defines too; depth
 * bounds the walk.  Its name, malloced, or NULL when tok is not there.
 */
static char *bringer(const char *text, const char *name, unsigned line, const char *tok,
		     int depth)
{
	char *def = text ? tc_define_text(text, name, line, NULL) : NULL;
	struct tc_ctok *t;
	size_t n, from = 1;
	char *found = NULL;
	int here = 0;

	if (!def)
		return NULL;
	n = tc_ctokenize(def, &t);
	if (n > 1 && tc_ctok_is(&t[1], "(") && t[1].p == def + strlen(name))
		while (from < n && !tc_ctok_is(&t[from], ")"))
			from++; /* the parameters */
	for (size_t i = from + 1; i < n && !found; i++) {
		if (tc_ctok_is(&t[i], tok))
			here = 1;
		else if (depth && tc_ctok_is_ident(&t[i])) {
			char *id = xstrndup(t[i].p, t[i].n);
			if (strcmp(id, name))
				found = bringer(text, id, 0, tok, depth - 1);
			free(id);
		}
	}
	free(t);
	free(def);
	return found ? found : here ? xstrdup(name) : NULL;
}

/*
 * One report per argument as written: a macro that expands to several
 * print arguments (DRM_RECT_ARG()) is reported once, on its first bad one.
 */
static void check_arg(struct tc_check *ck, const struct tc_printk *pk, size_t k)
{
	const struct tc_printk_arg *a = &pk->args[k];
	struct tc_uproblem *p;
	size_t np, more = 0;
	const struct tc_macro_use *m = NULL;
	struct tc_diag *d;

	for (size_t j = 0; j < k; j++) {
		if (pk->args[j].raw_index == a->raw_index) {
			struct tc_uproblem *q;
			size_t nq = introduced(&pk->args[j], &q);
			tc_uproblems_free(q, nq);
			if (nq)
				return; /* reported with an earlier argument */
		}
	}
	np = introduced(a, &p);
	if (!np) {
		free(p);
		return;
	}
	for (size_t j = k + 1; j < pk->nr_args; j++) {
		if (pk->args[j].raw_index == a->raw_index) {
			struct tc_uproblem *q;
			size_t nq = introduced(&pk->args[j], &q);
			tc_uproblems_free(q, nq);
			more += nq > 0;
		}
	}
	for (size_t i = 0; i < a->nr_macros && !m; i++)
		if (!a->macros[i].standard)
			m = &a->macros[i];
	/*
	 * The macro whose own body brings the first problem in, when m's
	 * file defines it: the one to change (TPS6598X_STATUS_FLAGS_MASK's
	 * '^' in tipd's show_status_flags()).
	 */
	const char *deftext = m && m->def_loc.file ? tc_ctx_file(ck, m->def_loc.file, NULL) : NULL;
	char *inner = NULL;
	for (size_t i = 0; i < np && !inner && deftext; i++)
		inner = bringer(deftext, m->name, m->def_loc.line, p[i].text, 4);
	if (inner && !strcmp(inner, m->name)) {
		free(inner);
		inner = NULL;
	}
	/* what in the expansion user space cannot render, when it is too long to quote */
	struct strbuf has = STRBUF_INIT;
	for (size_t i = 0; i < np; i++) {
		int dup = 0;
		for (size_t j = 0; j < i; j++)
			dup |= !strcmp(p[j].text, p[i].text);
		if (!dup)
			strbuf_addf(&has, p[i].text[0] == '\'' ? "%s%s" : "%s'%s'",
				    has.len ? " and " : "", p[i].text);
	}
	int quoted = strlen(a->expanded) <= QUOTED_MAX;
	if (inner)
		d = tc_report(ck, m->loc,
			      "TP_printk() argument uses macro '%s' (through helper macro '%s'), "
			      "whose expansion has %s; user-space tools cannot render it",
			      inner, m->name, strbuf_str(&has));
	else if (m && quoted)
		d = tc_report(ck, m->loc,
			      "TP_printk() argument uses helper macro '%s', which the format file "
			      "records as '%s'; user-space tools cannot render it",
			      m->name, a->expanded);
	else if (m)
		d = tc_report(ck, m->loc,
			      "TP_printk() argument uses helper macro '%s', whose expansion has %s; "
			      "user-space tools cannot render it",
			      m->name, strbuf_str(&has));
	else if (quoted)
		d = tc_report(ck, a->loc,
			      "TP_printk() argument '%s' expands to '%s', which user-space tools "
			      "cannot render",
			      a->raw, a->expanded);
	else
		d = tc_report(ck, a->loc,
			      "TP_printk() argument '%s' expands to text with %s, which user-space "
			      "tools cannot render",
			      a->raw, strbuf_str(&has));
	strbuf_release(&has);
	for (size_t i = 0; i < np; i++) {
		int dup = 0;
		/* a reason printk-construct does not report: its finding cannot carry this one */
		if (p[i].kind == TC_U_CHAR_LITERAL || p[i].kind == TC_U_XOR)
			d->kind |= TC_KIND_CM_NOT_CONSTRUCT;
		for (size_t j = 0; j < i; j++)
			dup |= p[j].kind == p[i].kind;
		if (!dup)
			tc_diag_note(d, m ? m->loc : a->loc,
				     p[i].text[0] == '\'' ? "%s: %s" : "'%s': %s", p[i].text,
				     tc_ukind_explain(p[i].kind));
	}
	if (more)
		tc_diag_note(d, m ? m->loc : a->loc,
			     "the macro expands to %zu more argument%s of this kind", more,
			     more == 1 ? "" : "s");
	if (m && m->def_loc.file)
		tc_diag_note(d, m->def_loc, "macro '%s' is defined here", m->name);
	if (inner) {
		struct tc_loc at = m->def_loc;
		free(tc_define_text(deftext, inner, 0, &at.line));
		const char *l = deftext;
		for (unsigned i = 1; l && i < at.line; i++)
			l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL;
		const char *nm = l ? strstr(l, inner) : NULL;
		at.col = nm ? (unsigned)(nm - l) + 1 : 1;
		tc_diag_note(d, at, "macro '%s' is defined here", inner);
	}
	free(inner);
	tc_diag_advise(d, m ? m->loc : a->loc,
		       "store the value at assign time in a field of its own and print that field");
	tc_uproblems_free(p, np);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < ps[i]->nr_args; j++)
			check_arg(ck, ps[i], j);
	free(ps);
}

/* --fix: the macro's value stored at assign time (tc_fix_macro_arg(), fix.h). */
static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	return tc_fix_macro_arg(fx, d);
}

const struct tc_rule rule_printk_custom_macro = {
	.name = "printk-custom-macro",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a helper macro in TP_printk() expands to text user space cannot render",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.fix = fix,
};
