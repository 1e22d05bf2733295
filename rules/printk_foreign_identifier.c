// SPDX-License-Identifier: MIT
/*
 * printk-foreign-identifier: a name in a TP_printk() argument that is
 * not the record's - a parameter or local of the kernel's output
 * function, or a global variable.
 *
 * The kernel compiles the print arguments into trace_raw_output_<class>()
 * (include/trace/trace_events.h, stage 3), whose parameters are iter,
 * flags and trace_event and whose locals are s, p, field and ret.  An
 * argument that names one of them - typically a show_*() macro that
 * ignores its argument and uses "flags" or "ret" - compiles, and the
 * kernel prints the output function's value for every event; the
 * format file records the name as written, which perf and trace-cmd
 * cannot resolve (libtraceevent reads an unknown name as 0).  The PRINT
 * pass declares the same names with the same types, so such code
 * compiles as in the kernel; printforeign.c records where the header, not
 * the stage's helpers, spells them.
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() argument that uses a name which is not the record's: a\n"
		"parameter or local of the kernel's output function\n"
		"trace_raw_output_<class>() (iter, flags, trace_event, s, p, field, ret;\n"
		"a DEFINE_EVENT_PRINT()'s event and entry), a variable at file scope, or\n"
		"a TP_PROTO() parameter (the header does not build). field, entry and\n"
		"const tables at file scope print right in the kernel and are reported\n"
		"one level lower, but a table at file scope indexed by a field\n"
		"(names[__entry->x]) is an error. A name the header's context does not\n"
		"declare: indexed by a field, the kernel's array of names (an error);\n"
		"otherwise macros or enumerators of an include the header lacks (a note,\n"
		"once per argument: what they become is not checked). Not reported:\n"
		"__entry, enumerators, constants, sizeof operands, p or a global passed\n"
		"to a function.",
	.why =
		"The arguments are compiled into the output function, so its names\n"
		"compile: a show_*() macro that ignores its argument and uses flags or\n"
		"ret prints the reader's flags or TRACE_TYPE_HANDLED for every event, and\n"
		"a global is read when the trace is printed, not when the event fired.\n"
		"The format file keeps the name, which libtraceevent reads as 0.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: include/trace/events/spmi.h,\n"
		"spmi_cmd, prints ret - the output function's local - where it means\n"
		"__entry->ret.",
	.example =
		"TP_printk(\"opc=%d sid=%02d ret=%d\", (int)__entry->opcode,\n"
		"\t  (int)__entry->sid, __entry->ret)\n",
	.fix =
		"None.",
};

struct output_name {
	const char *name;
	int event_fn;	    /* 0: a class's function, 1: a DEFINE_EVENT_PRINT's, 2: both */
	const char *decl;   /* as the kernel declares it */
	const char *value;  /* what the kernel prints or uses */
	int record;	    /* the record under another name: right in the kernel */
};

static const struct output_name output_names[] = {
	{ "iter", 2, "struct trace_iterator *iter",
	  "the kernel uses the trace_iterator of whoever reads the trace, not the event", 0 },
	{ "flags", 2, "int flags",
	  "the kernel prints the reader's symbol flags (TRACE_ITER_SYM_*), the same for every "
	  "event",
	  0 },
	{ "trace_event", 0, "struct trace_event *trace_event",
	  "the kernel uses the event type's struct trace_event, the same for every event", 0 },
	{ "event", 1, "struct trace_event *event",
	  "the kernel uses the event type's struct trace_event, the same for every event", 0 },
	{ "s", 0, "struct trace_seq *s = &iter->seq",
	  "the kernel uses the trace_seq the line is being written to", 0 },
	{ "p", 2, "struct trace_seq *p = &iter->tmp_seq",
	  "the kernel uses the __print_*() helpers' scratch trace_seq", 0 },
	{ "ret", 0, "int ret",
	  "the kernel prints TRACE_TYPE_HANDLED (1) for every event", 0 },
	{ "field", 2, NULL /* struct trace_event_raw_<class> *field */, "", 1 },
	{ "entry", 1, "struct trace_entry *entry", "", 1 },
};

static const struct output_name *output_name(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(output_names); i++)
		if (!strcmp(output_names[i].name, name))
			return &output_names[i];
	return NULL;
}

/* The output function a printk is compiled into, and its record's class. */
static void output_fn(const struct tc_header *h, const struct tc_printk *pk, const char **fn,
		      const char **cls)
{
	*fn = *cls = "<class>";
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == pk)
			*fn = *cls = h->classes[i]->name;
	for (size_t i = 0; i < h->nr_events; i++)
		if (&h->events[i]->own_print == pk) {
			*fn = h->events[i]->name;
			*cls = h->events[i]->class_name;
		}
}

/* Where to report: the macro the name came through, as used in the argument. */
static struct tc_loc report_loc(const struct tc_printk_arg *a, const struct tc_foreign_ref *r,
				const struct tc_macro_use **mp)
{
	const struct tc_macro_use *m = NULL;

	*mp = NULL;
	if (!r->in_macro)
		return r->loc;
	for (size_t i = 0; i < a->nr_macros && !m; i++)
		if (r->macro && !strcmp(a->macros[i].name, r->macro))
			m = &a->macros[i];
	for (size_t i = 0; i < a->nr_macros && !m; i++)
		if (!a->macros[i].standard)
			m = &a->macros[i];
	*mp = m;
	return m ? m->loc : a->loc;
}

/*
 * A name the header's context does not declare.  The kernel builds, so
 * the .c that instantiates the header declares it before the include.
 * A table indexed by a field (names[__entry->x]) is then the kernel's
 * own array of names, which no reader of the format file has: an error.
 */
static struct tc_diag *undeclared_table(struct tc_check *ck, struct tc_loc loc,
					const struct tc_foreign_ref *r)
{
	struct tc_diag *d = tc_report(ck, loc,
				      "TP_printk() argument indexes '%s', which the header does not "
				      "declare: most likely the kernel's array of names, declared by "
				      "the .c before it includes the header; user space reads the "
				      "name as 0 or cannot parse it",
				      r->name);

	tc_diag_advise(d, loc,
		       "record the name at assign time (__string(), __assign_str(), __get_str()), "
		       "or print the number with __print_symbolic()");
	return d;
}

/*
 * The other undeclared names of one argument, in one finding: macros or
 * enumerators of an include the header lacks (a __print_symbolic()
 * table's values, most often).  What they become in the format file is
 * not known here, so this says what was not checked rather than blaming
 * the header.
 */
static void undeclared_names(struct tc_check *ck, const struct tc_printk_arg *a)
{
	struct strbuf names = STRBUF_INIT;
	const struct tc_foreign_ref *first = NULL;
	size_t n = 0;

	for (size_t j = 0; j < a->nr_foreign; j++) {
		const struct tc_foreign_ref *r = &a->foreign[j];
		if (r->kind != TC_FOREIGN_UNDECLARED || r->indexed)
			continue;
		if (!first)
			first = r;
		if (n < 3)
			strbuf_addf(&names, "%s'%s'", n ? ", " : "", r->name);
		n++;
	}
	if (!first)
		return;
	if (n > 3)
		strbuf_addf(&names, " and %zu more", n - 3);
	struct tc_diag *d = tc_report_note(ck, a->loc,
					   "TP_printk() argument uses %s, which the header's context "
					   "does not declare: macros or enumerators of an include the "
					   "header lacks, or kernel variables; what they become in the "
					   "format file is not checked",
					   strbuf_str(&names));
	d->kind |= TC_KIND_FI_UNDECLARED;
	tc_diag_advise(d, a->loc,
		       "include what declares %s in the trace header, so that every reader "
		       "(and tracecheck) sees it; with --kernel-tree the header is read in the "
		       "context of the .c that instantiates it",
		       n == 1 ? "it" : "them");
	strbuf_release(&names);
}

static void report(struct tc_check *ck, const struct tc_header *h, const struct tc_printk *pk,
		   const struct tc_printk_arg *a, const struct tc_foreign_ref *r)
{
	const struct tc_macro_use *m;
	struct tc_loc loc = report_loc(a, r, &m);
	const char *fn, *cls;
	struct tc_diag *d;

	output_fn(h, pk, &fn, &cls);
	if (r->kind == TC_FOREIGN_PROTO) {
		d = tc_report(ck, loc,
			      "TP_printk() argument uses '%s', a parameter of TP_PROTO(), which is "
			      "not in scope in the kernel's output function: the kernel does not "
			      "build this (use of undeclared identifier '%s')",
			      r->name, r->name);
		tc_diag_note(d, loc,
			     "trace_raw_output_%s() (include/trace/trace_events.h) sees only the "
			     "record, through __entry",
			     fn);
	} else if (r->kind == TC_FOREIGN_UNDECLARED) {
		d = undeclared_table(ck, loc, r);
	} else if (r->kind == TC_FOREIGN_GLOBAL) {
		if (r->is_const && r->indexed)
			d = tc_report(ck, loc,
				      "TP_printk() argument indexes '%s', a table at file scope "
				      "('%s'): the kernel prints the entry, but the format file "
				      "records the table's name, which user space reads as 0 or "
				      "cannot parse",
				      r->name, r->type);
		else if (r->is_const)
			d = tc_report_lower(ck, loc,
					    "TP_printk() argument reads '%s', a constant at file "
					    "scope ('%s'): the format file records the name, which "
					    "user space cannot resolve",
					    r->name, r->type);
		else
			d = tc_report(ck, loc,
				      "TP_printk() argument reads the global variable '%s', not a "
				      "field of the record: the kernel prints its value when the "
				      "trace is read, not when the event happened, and user space "
				      "cannot resolve it",
				      r->name);
		if (r->decl_loc.file)
			tc_diag_note(d, r->decl_loc, "'%s' is declared here as '%s'", r->name,
				     r->type);
	} else {
		const struct output_name *o = output_name(r->name);
		char *decl = !o		? xstrdup(r->type)
			     : o->decl ? xstrdup(o->decl)
				       : xasprintf("struct trace_event_raw_%s *field", cls);
		const char *what = r->kind == TC_FOREIGN_PARAM ? "parameter" : "local";
		if (o && o->record)
			d = tc_report_lower(ck, loc,
					    "TP_printk() argument names the record '%s', a %s of the "
					    "kernel's output function: the kernel prints the right "
					    "value, but the format file records '%s', which user "
					    "space cannot resolve; use __entry",
					    r->name, what, r->name);
		else
			d = tc_report(ck, loc,
				      "TP_printk() argument reads '%s', a %s of the kernel's output "
				      "function, not a field of the record: %s, and user space "
				      "cannot resolve '%s'",
				      r->name, what,
				      o ? o->value : "the kernel prints the same value for every event",
				      r->name);
		tc_diag_note(d, loc,
			     "trace_raw_output_%s() (include/trace/trace_events.h) declares '%s'",
			     fn, decl);
		free(decl);
	}
	if (r->in_macro && (r->macro || m)) {
		const char *mn = r->macro ? r->macro : m->name;
		struct tc_loc def = r->macro ? r->macro_def : m->def_loc;
		if (def.file)
			tc_diag_note(d, def, "'%s' comes from macro '%s', defined here", r->name,
				     mn);
		else
			tc_diag_note(d, loc, "'%s' comes from macro '%s'", r->name, mn);
	}
	struct tc_class *c = NULL;
	for (size_t i = 0; i < h->nr_classes && !c; i++)
		if (!strcmp(h->classes[i]->name, cls))
			c = h->classes[i];
	if (c && r->kind != TC_FOREIGN_GLOBAL && tc_class_field(c, r->name))
		tc_diag_advise(d, tc_class_field(c, r->name)->loc,
			       "the record has a field '%s': __entry->%s was probably meant", r->name,
			       r->name);
	char *exp = tc_shorten(a->expanded, 200);
	tc_diag_note(d, loc, "the format file records the argument as '%s'", exp);
	free(exp);
	if (r->kind != TC_FOREIGN_UNDECLARED &&
	    (r->kind == TC_FOREIGN_GLOBAL || !output_name(r->name) || !output_name(r->name)->record))
		tc_diag_advise(d, loc,
			       "print a field of the record (__entry->...), storing the value at "
			       "assign time%s",
			       m ? "; a show_*() macro should use its argument" : "");
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_printk *pk = ps[i];
		for (size_t k = 0; k < pk->nr_args; k++) {
			const struct tc_printk_arg *a = &pk->args[k];
			int first_of_raw = 1;
			for (size_t kk = 0; kk < k; kk++)
				first_of_raw &= pk->args[kk].raw_index != a->raw_index;
			if (first_of_raw)
				undeclared_names(ck, a);
			for (size_t j = 0; j < a->nr_foreign; j++) {
				const struct tc_foreign_ref *r = &a->foreign[j];
				int dup = 0;
				if (r->kind == TC_FOREIGN_UNDECLARED && !r->indexed)
					continue;
				if (r->call_arg &&
				    (r->kind == TC_FOREIGN_GLOBAL || !strcmp(r->name, "p")))
					continue;
				/* once per name and argument as written */
				for (size_t kk = 0; kk <= k && !dup; kk++) {
					const struct tc_printk_arg *b = &pk->args[kk];
					if (b->raw_index != a->raw_index)
						continue;
					for (size_t jj = 0; jj < (kk == k ? j : b->nr_foreign); jj++)
						dup |= !strcmp(b->foreign[jj].name, r->name) &&
						       !(b->foreign[jj].call_arg &&
							 (b->foreign[jj].kind ==
								  TC_FOREIGN_GLOBAL ||
							  !strcmp(b->foreign[jj].name, "p")));
				}
				if (!dup)
					report(ck, h, pk, a, r);
			}
		}
	}
	free(ps);
}

const struct tc_rule rule_printk_foreign_identifier = {
	.name = "printk-foreign-identifier",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() argument uses the output function's locals or a global, "
		   "not the record",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
};
