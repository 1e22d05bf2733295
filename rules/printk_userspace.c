// SPDX-License-Identifier: MIT
/*
 * printk-userspace: what libtraceevent, the parser of perf and
 * trace-cmd, makes of the event's format file.
 *
 * tracecheck reproduces the format file (--emit-format) and hands it to
 * the libtraceevent it was built with: a print fmt that does not parse
 * is blamed on its argument; then a record with distinct non-zero
 * values is printed by libtraceevent and by the kernel's semantics
 * (src/uspace/keval.c) and compared conversion by conversion.  Seed 002 is the
 * model case: for pipe 1 the kernel prints "pipe B", libtraceevent 1.7.1
 * prints "pipe >c<" (and 1.7.3 to 1.8.2 a control character, ^A).
 *
 * When printk-call or printk-custom-macro also reports the argument,
 * the merge phase makes this rule's finding evidence of theirs
 * (src/engine/merge.c).
 */
#include "rules.h"

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
		"What user space makes of the event. tracecheck builds the event's\n"
		"format file as the kernel does and has libtraceevent, the parser behind\n"
		"perf and trace-cmd (the version tracecheck is built with, named in every\n"
		"diagnostic), parse it without and with its plugins; then it prints a\n"
		"record of distinct non-zero values with libtraceevent and with the\n"
		"kernel's semantics, conversion by conversion. Reported: arguments it\n"
		"cannot parse, conversions it prints differently from the kernel, its\n"
		"crashes and control characters in its output; parsing only with plugins\n"
		"one level lower. Where a static rule reports the same argument, the\n"
		"evidence becomes a note of that finding. Unavailable when tracecheck is\n"
		"built without libtraceevent; tracecheck --check-format gives the same\n"
		"verdicts on the format files of a running system.",
	.why =
		"perf and trace-cmd do not run the kernel's output function: they\n"
		"evaluate the print fmt themselves. What they cannot parse they show as\n"
		"[FAILED TO PARSE]; what they evaluate differently (%c before\n"
		"libtraceevent 1.7.3, character constants up to 1.8.2, __print_array()\n"
		"before 1.8.4, a mask-0 __print_flags() entry) they print wrongly, and\n"
		"only their users see it.",
	.kernel =
		"Seed 002's bug, trace-cmd's \"pipe ^A\" for the kernel's \"pipe B\"\n"
		"(fixed by commit 60e82e56d36f), is the kind of difference it finds.\n"
		"6.12 code it fires on: include/trace/events/ipi.h, ipi_send_cpumask\n"
		"(user space prints a CPU list where the kernel prints a bitmap), and\n"
		"include/trace/events/host1x.h, host1x_cdma_push_gather (a bool cmdbuf\n"
		"field and a cmdbuf dynamic array: user space reads the wrong one).",
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
		"(printk-call, printk-custom-macro, printk-construct) repairs what it\n"
		"can.",
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

static void report(struct tc_check *ck, const struct tc_printk *pk, const struct tc_event *e,
		   const struct tc_uv_finding *f)
{
	const struct tc_printk_arg *a = f->arg >= 0 && (size_t)f->arg < pk->nr_args ? &pk->args[f->arg]
										     : NULL;
	struct tc_loc loc = a ? a->loc : pk->loc;
	struct tc_uv_report r;

	if (!tc_uv_compose(f, ck->h->userspace, -1, ck->severity, &r))
		return; /* no release of the selection has it */
	enum tc_severity sev = r.severity;
	char *undecl = a && r.severity > TC_SEV_NOTE && !f->fact &&
			       (f->kind == TC_UV_UNPARSABLE || f->kind == TC_UV_PLUGIN_ONLY)
			       ? undeclared_in(ck->h, a->expanded)
			       : NULL;
	if (undecl)
		sev = tc_severity_lower(sev);
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
	if (f->spec) {
		d->kind |= TC_KIND_UV_CONV;
		d->tag = xstrdup(f->spec);
	}
	if (undecl)
		tc_diag_note(d, loc,
			     "'%s' is not declared here (is a header missing?); in the kernel's "
			     "build it may expand to something user space parses",
			     undecl);
	free(undecl);
	/*
	 * What it is about is known, whatever position the argument could be
	 * given (one a macro wrote is at the event): the argument as written,
	 * or the format, of the class's or the event's own print fmt.
	 */
	int own = e->own_print.present && &e->own_print == pk;
	tc_diag_subject(d, own || !e->cls ? TC_SCOPE_EVENT : TC_SCOPE_CLASS,
			own || !e->cls ? e->name : e->cls->name, a ? TC_ELEM_ARG : TC_ELEM_FORMAT,
			NULL, a ? (long)a->raw_index : 0);
	if (!a)
		tc_diag_note(d, loc, "in the format file of event '%s'", e->name);
	for (size_t i = 0; i < r.nr_notes; i++)
		tc_diag_note(d, loc, "%s", r.notes[i]);
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
		   "differently from the kernel",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.needs = TC_NEED_UVERDICTS,
};
