// SPDX-License-Identifier: MIT
/*
 * printk-userspace: what libtraceevent, the parser of perf and
 * trace-cmd, makes of the event's format file, release by release.
 *
 * tracecheck reproduces the format file (--emit-format); its model of
 * libtraceevent's releases (src/uspace/umodel.c) says which release
 * fails on which construct of it, and the libtraceevent tracecheck is
 * built with, a witness, shows the rest: a print fmt that does not parse
 * is blamed on its argument; a record with distinct non-zero values is
 * printed by libtraceevent and by the kernel's semantics
 * (src/uspace/keval.c) and compared conversion by conversion
 * (src/uspace/uverdict.c, uversion.c).  Seed 002 is the model case: for
 * pipe 1 the kernel prints "pipe B", libtraceevent 1.7.1 and 1.7.2 print
 * "pipe >c<", 1.7.3 to 1.8.2 a control character (^A); 1.8.3 and later
 * print it right -- a gap of the library, not a defect of the header.
 *
 * Whose problem it is decides the severity (tc_uv_compose()): the
 * header's (no release evaluates it as the kernel does, and the header
 * can avoid it) at the rule's; libtraceevent's gap a note, or one level
 * lower when none of the releases --userspace selects handles it and a
 * portable spelling exists.
 *
 * When printk-call or printk-custom-macro also reports the argument,
 * the merge phase makes this rule's finding evidence of theirs
 * (src/engine/merge.c); printk-nested-ternary's drops it.
 */
#include "rules.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "format.h"
#include "merge.h"
#include "strbuf.h"
#include "uverdict.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"What user space makes of the event in each libtraceevent release, 1.7.1\n"
		"to 1.9.0 (--userspace). tracecheck's model of the releases\n"
		"(--list-userspace) says which fail on which construct of the format\n"
		"file it builds; the libtraceevent it is built with parses the file and\n"
		"prints a record of distinct non-zero values, compared with the kernel\n"
		"conversion by conversion, for the rest. Reported, naming the releases:\n"
		"arguments they cannot parse, conversions they print otherwise, crashes.\n"
		"What no release evaluates as the kernel does and the header can avoid is\n"
		"an error; a standard construct some releases mishandle is\n"
		"libtraceevent's gap, a note (one level lower when no selected release\n"
		"handles it and a portable spelling exists); plugin-only one level\n"
		"lower. A static rule's finding on the argument takes it as a note. Needs\n"
		"libtraceevent; --check-format judges a running system's files.",
	.why =
		"perf and trace-cmd do not run the kernel's output function: they\n"
		"evaluate the print fmt themselves. What they cannot parse they show as\n"
		"[FAILED TO PARSE]; what they evaluate differently they print wrongly,\n"
		"and only their users see it. Which release a user has decides what he\n"
		"sees: Debian 12 ships 1.7.1 (no %c), Debian 13 and RHEL 9 ship 1.8.4 (no\n"
		"TAB in a format, no __print_dynamic_array()), 1.9.0 is the newest. The\n"
		"tracing maintainers fix the library for reasonable constructs, so a\n"
		"verdict says whose problem it is.",
	.kernel =
		"Seed 002's bug, trace-cmd's \"pipe ^A\" for the kernel's \"pipe B\"\n"
		"(fixed by commit 60e82e56d36f), is the kind of difference it finds.\n"
		"6.12 code it fires on: include/trace/events/host1x.h,\n"
		"host1x_cdma_push_gather (a bool cmdbuf field and a cmdbuf dynamic array:\n"
		"user space reads the wrong one); include/trace/events/ipi.h,\n"
		"ipi_send_cpumask (user space prints a CPU list where the kernel prints\n"
		"a bitmap: a note, as cpumask_t asks).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u32, opcode)\n"
		"\t__bitmask(cpus, nr_cpumask_bits)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->opcode = req->opcode;\n"
		"\t__assign_bitmask(cpus, cpumask_bits(mask), nr_cpumask_bits);\n"
		"),\n"
		"TP_printk(\"opcode %u cpus %s\", __entry->opcode, __get_bitmask(cpus))\n",
	.fix =
		"None of its own: the static rule whose finding carries its evidence\n"
		"(printk-call, printk-custom-macro, printk-construct,\n"
		"printk-nested-ternary) repairs what it can.",
};

/*
 * A name in the argument that the compiler said is not declared (a
 * header this context lacks: arm64's kvm_arm_exception_type when the
 * header is read for x86): the kernel's own format file has its
 * expansion, which may well parse.
 */
static char *undeclared_in(const struct tc_header *h, const char *arg)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(arg, &t);
	char *found = NULL;

	for (size_t i = 0; i < n && !found; i++) {
		if (!tc_ctok_is_ident(&t[i]))
			continue;
		for (size_t j = 0; j < h->nr_undeclared && !found; j++)
			if (strlen(h->undeclared[j]) == t[i].n &&
			    !memcmp(h->undeclared[j], t[i].p, t[i].n))
				found = xstrndup(t[i].p, t[i].n);
	}
	free(t);
	return found;
}

/*
 * A print fmt whose format string is empty and goes on (""id=%llu",
 * REC->id", ): its format was quoted twice, a print macro's result
 * handed to an event macro that applies the print macro itself
 * (RE_PRINTK() inside HYP_EVENT()).  The name written at loc, the macro
 * there, or NULL.
 */
static char *quoted_twice(const struct tc_header *h, const struct tc_printk *pk, struct tc_loc loc)
{
	const char *p = pk->print_fmt;

	if (!p || strncmp(p, "\"\"", 2))
		return NULL;
	p += 2;
	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || *p == ',')
		return NULL; /* an empty format, arguments after it */
	/* the line loc names, in the text that was parsed */
	const char *l = h->text;
	for (unsigned n = 1; l && n < loc.line; n++)
		l = (l = strchr(l, '\n')) ? l + 1 : NULL;
	if (!l || !loc.col || loc.file != h->path || (size_t)(strchrnul(l, '\n') - l) < loc.col)
		return xstrdup("");
	const char *w = l + loc.col - 1;
	size_t k = 0;
	while (isalnum((unsigned char)w[k]) || w[k] == '_')
		k++;
	return xstrndup(w, k);
}

static void report(struct tc_check *ck, const struct tc_printk *pk, const struct tc_event *e,
		   const struct tc_uv_finding *f)
{
	const struct tc_printk_arg *a = f->arg >= 0 && (size_t)f->arg < pk->nr_args ? &pk->args[f->arg]
										     : NULL;
	struct tc_loc loc = a ? a->loc : pk->loc;
	struct tc_uv_report r;

	/*
	 * The record's value is in no entry of a __print_symbolic() table
	 * this configuration shrank (mmflags.h's ZONE_TYPE without
	 * CONFIG_ZONE_DMA): a configured kernel's table has it, so what the
	 * two print for it is not the header's to answer for.
	 */
	if (a && a->table_cfg && (f->why & TC_UV_WHY_UNMATCHED_SYMBOL))
		return;

	if (!tc_uv_compose(f, ck->h->userspace, -1, ck->severity, &r))
		return; /* no release of the selection has it */
	enum tc_severity sev = r.severity;
	char *undecl = a && r.severity > TC_SEV_NOTE && !f->fact &&
			       (f->kind == TC_UV_UNPARSABLE || f->kind == TC_UV_PLUGIN_ONLY)
			       ? undeclared_in(ck->h, a->expanded)
			       : NULL;
	if (undecl)
		sev = tc_severity_lower(sev);
	/* it parses with plugins every selected release has: a note, as printk-call's */
	if (a && f->kind == TC_UV_PLUGIN_ONLY && tc_plugin_calls_everywhere(ck->h, a))
		sev = TC_SEV_NOTE;
	/*
	 * A static rule's finding on the same argument (or format) takes
	 * this one in as evidence (merge.c, P1-P3, P5, P11, P12):
	 * libtraceevent's verdict is certain where the static rule may have
	 * guessed (an undeclared callee), so the more severe of the two wins
	 * there.
	 */
	struct tc_diag *d = tc_diags_add(ck->diags, sev, ck->rule->name, loc, "%s", r.msg);
	if (r.why & TC_UV_WHY_CANNOT_PARSE)
		d->kind |= TC_KIND_UV_CANNOT_PARSE;
	if (r.why & TC_UV_WHY_DIFFERS)
		d->kind |= TC_KIND_UV_DIFFERS;
	if (f->fact == &tc_ufacts[TC_UF_TERNARY_ELSE] || f->fact == &tc_ufacts[TC_UF_TERNARY_THEN])
		d->kind |= TC_KIND_UV_NESTED_COND;
	d->library = r.library;
	if (f->spec) {
		d->kind |= TC_KIND_UV_CONV;
		d->tag = xstrdup(f->spec);
	}
	if (undecl)
		tc_diag_note(d, loc,
			     "'%s' is not declared here (is a header missing?); in the kernel's "
			     "build it may expand to something user space parses",
			     undecl);
	d->undeclared = undecl;
	/*
	 * What it is about is known, whatever position the argument could be
	 * given (one a macro wrote is at the event): the argument as written,
	 * or the format, of the class's or the event's own print fmt.
	 */
	int own = e->own_print.present && &e->own_print == pk;
	tc_diag_subject(d, own || !e->cls ? TC_SCOPE_EVENT : TC_SCOPE_CLASS,
			own || !e->cls ? e->name : e->cls->name, a ? TC_ELEM_ARG : TC_ELEM_FORMAT,
			NULL, a ? (long)a->raw_index : 0);
	char *twice = a ? NULL : quoted_twice(ck->h, pk, loc);
	if (twice && *twice)
		tc_diag_note_as(d, TC_NOTE_ADVICE, loc,
				"the print fmt starts with an empty format string and goes on "
				"(%s): its format was quoted twice, by %s() here and again by the "
				"event macro around it, which applies it to its print argument "
				"itself; give that argument the format and the values bare",
				pk->print_fmt, twice);
	else if (twice)
		tc_diag_note_as(d, TC_NOTE_ADVICE, loc,
				"the print fmt starts with an empty format string and goes on "
				"(%s): its format was quoted twice, a print macro's result given "
				"to an event macro that applies the print macro itself",
				pk->print_fmt);
	free(twice);
	if (!a)
		tc_diag_note(d, loc, "in the format file of event '%s'", e->name);
	for (size_t i = 0; i < r.nr_notes; i++)
		tc_diag_note_as(d, r.kinds[i], loc, "%s", r.notes[i]);
	tc_uv_report_release(&r);
}

/* libtraceevent's verdicts, which the engine got for every format of the header */
static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_context *ctx = ck->ctx;

	(void)h;
	for (size_t i = 0; i < ctx->nr_uv; i++)
		for (size_t k = 0; k < ctx->uv[i].findings.nr; k++)
			if (ctx->uv[i].findings.v[k].kind != TC_UV_BAD_FORMAT)
				report(ck, ctx->uv[i].pk, ctx->uv[i].e, &ctx->uv[i].findings.v[k]);
}

const struct tc_rule rule_printk_userspace = {
	.name = "printk-userspace",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "libtraceevent (perf, trace-cmd) cannot parse the event or prints it "
		   "differently from the kernel, release by release",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.needs = TC_NEED_UVERDICTS,
};
