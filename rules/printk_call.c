// SPDX-License-Identifier: MIT
/*
 * printk-call: a function call in a TP_printk() argument.
 *
 * The format file records TP_printk()'s arguments as text.  perf,
 * trace-cmd and every other libtraceevent user evaluate that text
 * themselves; they know the TRACE_EVENT helpers (__print_symbolic(),
 * __get_str(), ...) and, with plugins, a handful of functions, but not
 * the kernel's.  An event whose print fmt calls anything else fails to
 * parse in user space: it is printed as "[FAILED TO PARSE]" followed by
 * raw field values.  /sys/kernel/tracing/trace still looks right, which
 * is why these bugs survive review.
 *
 * Modelled on commit e70b64a3f28b ("io_uring: move io_uring_get_opcode
 * out of TP_printk"): the opcode name is now recorded at assign time
 * with __string()/__assign_str() and printed with __get_str().
 */
#include "rules.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fix.h"
#include "helpers.h"
#include "strbuf.h"
#include "umodel.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A call in a TP_printk() argument to a function libtraceevent cannot\n"
		"evaluate. The format file records the argument as text, call included.\n"
		"Functions a standard libtraceevent plugin provides (jiffies_to_msecs,\n"
		"__le16_to_cpup, ...) and callees that are not declared (their header was\n"
		"not found, so they may be macros) are reported one level lower, and as\n"
		"notes the functions of a plugin every release --userspace selects has\n"
		"(plugin_jbd2, plugin_xen, plugin_scsi, plugin_cfg80211, plugin_kvm). The\n"
		"helpers libtraceevent knows (__print_symbolic(), __print_flags(),\n"
		"__print_hex(), __print_array(), __get_str(), __get_bitmask(), sizeof)\n"
		"are not calls.",
	.why =
		"perf, trace-cmd and every other libtraceevent user evaluate the print\n"
		"fmt of the event's format file themselves, and cannot call kernel\n"
		"functions: they show the event as [FAILED TO PARSE] (with a plugin, only\n"
		"where the plugin is installed), while /sys/kernel/tracing/trace, which the\n"
		"kernel renders, looks right. Rostedt's \"Using the TRACE_EVENT() macro\n"
		"(Part 1)\" (LWN, 2010) asks for no tracepoint-specific helpers for this\n"
		"reason.\n"
		"\n"
		"A function of a plugin every selected release ships is a note: the\n"
		"plugin was written for those events (jbd2's jiffies_to_msecs(), xen's\n"
		"xen_hypercall_name(), scsi's scsi_trace_parse_cdb(), cfg80211's\n"
		"le16_to_cpup()), perf and trace-cmd load it by default, and a blind\n"
		"sample of 7.3 (docs/RESULTS.md) judged such a call true but minor.\n"
		"plugin_net's byte swaps (be16_to_cpu(), ntohl(): 1.8.5 and later) stay\n"
		"warnings while an older release is selected, which cannot evaluate them.",
	.kernel =
		"Commit e70b64a3f28b (\"io_uring: move io_uring_get_opcode out of\n"
		"TP_printk\", 2022): io_uring's events printed\n"
		"io_uring_get_opcode(__entry->opcode); the fix records the name with\n"
		"__string(op_str, io_uring_get_opcode(opcode)) and prints\n"
		"__get_str(op_str). Still in 6.12: g4x_wm in\n"
		"drivers/gpu/drm/i915/display/intel_display_trace.h prints\n"
		"str_yes_no(__entry->cxsr).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u8, opcode)\n"
		"\t__string(op_str, io_uring_get_opcode(opcode))\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->opcode = opcode;\n"
		"\t__assign_str(op_str);\n"
		"),\n"
		"TP_printk(\"opcode %s\", __get_str(op_str))\n",
	.fix =
		"A helper of <linux/string_choices.h> (str_yes_no(x), str_on_off(x),\n"
		"str_read_write(x), str_plural(n), ...) becomes the conditional of two\n"
		"strings it stands for (x ? \"yes\" : \"no\"), which every libtraceevent\n"
		"release evaluates. For another call printed with %s, --fix does what\n"
		"e70b64a3f28b did:\n"
		"__string(NAME, call) in TP_STRUCT__entry(), __assign_str() in\n"
		"TP_fast_assign() (one argument from 6.10, two before: the kernel the\n"
		"header is built against decides, or --kernel-version) and __get_str(NAME)\n"
		"in TP_printk(), in the class when the event has one. Left, with the\n"
		"reason: other conversions, calls through a pointer, from a macro's\n"
		"expansion or of undeclared functions, a call inside a larger argument,\n"
		"and a DEFINE_EVENT_PRINT()'s own TP_printk().",
};

/*
 * <linux/string_choices.h>: str_yes_no(v) is v ? "yes" : "no", and so on
 * (str_no_yes() the other way round); str_plural(n) is n == 1 ? "" : "s".
 * scripts/coccinelle/api/string_choices.cocci turns such conditionals
 * into the calls, in trace headers too.
 */
static const struct choice {
	const char *name, *yes, *no;
} choices[] = {
	{ "str_assert_deassert", "assert", "deassert" },
	{ "str_deassert_assert", "deassert", "assert" },
	{ "str_enable_disable", "enable", "disable" },
	{ "str_disable_enable", "disable", "enable" },
	{ "str_enabled_disabled", "enabled", "disabled" },
	{ "str_disabled_enabled", "disabled", "enabled" },
	{ "str_hi_lo", "hi", "lo" },
	{ "str_lo_hi", "lo", "hi" },
	{ "str_high_low", "high", "low" },
	{ "str_low_high", "low", "high" },
	{ "str_input_output", "input", "output" },
	{ "str_output_input", "output", "input" },
	{ "str_on_off", "on", "off" },
	{ "str_off_on", "off", "on" },
	{ "str_read_write", "read", "write" },
	{ "str_write_read", "write", "read" },
	{ "str_true_false", "true", "false" },
	{ "str_false_true", "false", "true" },
	{ "str_up_down", "up", "down" },
	{ "str_down_up", "down", "up" },
	{ "str_yes_no", "yes", "no" },
	{ "str_no_yes", "no", "yes" },
	{ "str_plural", NULL, NULL },
};

static const struct choice *choice_of(const char *name, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(choices); i++)
		if (strlen(choices[i].name) == n && !strncmp(choices[i].name, name, n))
			return &choices[i];
	return NULL;
}

#define EXPANSION_MAX 200

static const struct tc_macro_use *first_macro(const struct tc_printk_arg *a)
{
	for (size_t j = 0; j < a->nr_macros; j++)
		if (!a->macros[j].standard)
			return &a->macros[j];
	return NULL;
}

/* Does a libtraceevent release --userspace selects have the plugin with callee? */
static int plugin_judged(struct tc_check *ck, const char *callee)
{
	const char *since = tc_uspace_plugin_since(callee);
	tc_uset sel = ck->h->userspace ? ck->h->userspace : tc_uset_default();
	int r = since ? tc_urelease_index(since) : 0;

	return r >= 0 && (sel & TC_USET_RANGE(r, TC_UREL_NR - 1));
}

typedef struct tc_diag *(*report_fn)(struct tc_check *, struct tc_loc, const char *, ...);

static report_fn lower_or_note(int note)
{
	return note ? tc_report_note : tc_report_lower;
}

/* A call written in the argument itself. */
static void report_direct(struct tc_check *ck, const struct tc_printk_arg *a,
			  const struct tc_call *c)
{
	const char *plugin = tc_uspace_plugin_for(c->callee);
	char *exp = tc_shorten(a->expanded, EXPANSION_MAX);
	struct tc_diag *d;

	if (!c->callee[0])
		d = tc_report(ck, c->loc,
			      "TP_printk() argument calls a function through a pointer, which "
			      "user-space tools cannot evaluate");
	else if (plugin && !plugin_judged(ck, c->callee))
		d = tc_report_lower(ck, c->loc,
				    "TP_printk() argument calls '%s()', which no libtraceevent release "
				    "judged evaluates: its %s plugin is in %s and later",
				    c->callee, plugin, tc_uspace_plugin_since(c->callee));
	else if (plugin)
		d = lower_or_note(tc_plugin_everywhere(ck->h, c->callee))(
				    ck, c->loc,
				    "TP_printk() argument calls '%s()', which user-space tools "
				    "evaluate only when libtraceevent's %s plugin is loaded%s%s%s",
				    c->callee, plugin,
				    tc_uspace_plugin_since(c->callee) ? " (libtraceevent " : "",
				    tc_uspace_plugin_since(c->callee) ? tc_uspace_plugin_since(c->callee)
								       : "",
				    tc_uspace_plugin_since(c->callee) ? " and later)" : "");
	else if (!c->declared)
		d = tc_report_lower(ck, c->loc,
				    "TP_printk() argument calls '%s', which is not declared "
				    "(is its header missing?); if it is a function, user-space "
				    "tools cannot evaluate it",
				    c->callee);
	else
		d = tc_report(ck, c->loc,
			      "TP_printk() argument calls '%s()', which user-space tools cannot "
			      "evaluate; the event fails to parse in perf and trace-cmd",
			      c->callee);
	if (!c->declared && !plugin && c->callee[0])
		d->undeclared = xstrdup(c->callee);
	tc_diag_note(d, a->loc, "the format file records the argument as '%s'", exp);
	/* read without a kernel tree: with one, the callee's declaration may be there */
	if (c->callee[0] && !c->declared && !plugin && ck->h->bare)
		tc_diag_advise(d, c->loc,
			       "with the kernel tree (--kernel-tree DIR, or -I) tracecheck can "
			       "tell a function from a macro");
	else if (choice_of(c->callee, strlen(c->callee)))
		tc_diag_advise(d, c->loc,
			       "'%s()' is a helper of <linux/string_choices.h> (which "
			       "scripts/coccinelle/api/string_choices.cocci proposes): write the "
			       "conditional of two strings it stands for, which every libtraceevent "
			       "release evaluates",
			       c->callee);
	else if (c->callee[0] && !plugin)
		tc_diag_advise(d, a->loc,
			       "record the value at assign time and print the field instead "
			       "(for a string: __string(), __assign_str() and __get_str())");
	free(exp);
}

/*
 * Calls that a macro's expansion brings in (be16_to_cpu() ->
 * __builtin_constant_p(), __fswab16()): one report per argument as
 * written, naming the macro and every function.
 */
static void report_via_macro(struct tc_check *ck, const struct tc_printk_arg *a,
			     const struct tc_call **calls, size_t n)
{
	const struct tc_macro_use *m = first_macro(a);
	struct strbuf names = STRBUF_INIT;
	int all_plugin = 1, any_undeclared = 0, everywhere = 1;
	const char *since = NULL;
	char *exp = tc_shorten(a->expanded, EXPANSION_MAX);
	struct tc_diag *d;

	for (size_t i = 0; i < n; i++) {
		strbuf_addf(&names, "%s'%s()'", i ? ", " : "", calls[i]->callee);
		all_plugin &= tc_uspace_plugin_for(calls[i]->callee) != NULL;
		everywhere &= tc_plugin_everywhere(ck->h, calls[i]->callee);
		if (tc_uspace_plugin_since(calls[i]->callee))
			since = tc_uspace_plugin_since(calls[i]->callee);
		any_undeclared |= !calls[i]->declared;
	}
	struct tc_loc loc = m ? m->loc : a->loc;
	if (all_plugin || any_undeclared)
		d = lower_or_note(all_plugin && everywhere && !any_undeclared)(ck, loc,
				    "TP_printk() argument uses macro '%s', whose expansion calls %s; "
				    "user-space tools cannot evaluate %s%s%s%s",
				    m ? m->name : "?", names.buf,
				    all_plugin ? "them without libtraceevent's plugins"
					       : "functions",
				    all_plugin && since ? " (which have them from libtraceevent " : "",
				    all_plugin && since ? since : "",
				    all_plugin && since ? " on: 1.7.1 to 1.8.4 cannot evaluate them at all)"
							: "");
	else
		d = tc_report(ck, loc,
			      "TP_printk() argument uses macro '%s', whose expansion calls %s, which "
			      "user-space tools cannot evaluate; the event fails to parse in perf and "
			      "trace-cmd",
			      m ? m->name : "?", names.buf);
	tc_diag_note(d, a->loc, "the format file records the argument as '%s'", exp);
	if (m && m->def_loc.file)
		tc_diag_note(d, m->def_loc, "macro '%s' is defined here", m->name);
	if (any_undeclared)
		tc_diag_note(d, loc, "some of these are not declared (is a header missing?)");
	if (m && choice_of(m->name, strlen(m->name)))
		tc_diag_advise(d, loc,
			       "'%s()' is a helper of <linux/string_choices.h> (which "
			       "scripts/coccinelle/api/string_choices.cocci proposes): write the "
			       "conditional of two strings it stands for, which every libtraceevent "
			       "release evaluates",
			       m->name);
	else
		tc_diag_advise(d, loc,
			       "compute the value at assign time and print the field instead");
	strbuf_release(&names);
	free(exp);
}

/* All calls of the print arguments that come from raw argument r. */
static void check_raw_arg(struct tc_check *ck, const struct tc_printk *pk, size_t r)
{
	const struct tc_call **via = NULL;
	const struct tc_printk_arg *via_arg = NULL;
	size_t nvia = 0, avia = 0;

	for (size_t k = 0; k < pk->nr_args; k++) {
		const struct tc_printk_arg *a = &pk->args[k];
		if (a->raw_index != r)
			continue;
		for (size_t i = 0; i < a->nr_calls; i++) {
			const struct tc_call *c = &a->calls[i];
			int dup = 0;
			if (tc_uspace_builtin_function(c->callee))
				continue;
			/* once per callee and argument as written */
			for (size_t j = 0; j <= k && !dup; j++) {
				const struct tc_printk_arg *b = &pk->args[j];
				if (b->raw_index != r)
					continue;
				for (size_t x = 0; x < (j == k ? i : b->nr_calls) && !dup; x++)
					dup = !strcmp(b->calls[x].callee, c->callee);
			}
			if (dup)
				continue;
			if (!c->from_macro || !first_macro(a)) {
				report_direct(ck, a, c);
				continue;
			}
			ALLOC_GROW(via, nvia + 1, avia);
			via[nvia++] = c;
			if (!via_arg)
				via_arg = a;
		}
	}
	if (nvia)
		report_via_macro(ck, via_arg, via, nvia);
	free(via);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t r = 0; r < ps[i]->nr_raw_args || (r == 0 && ps[i]->nr_args); r++)
			check_raw_arg(ck, ps[i], r);
	free(ps);
}

/*
 * --fix: a call whose string result is printed with %s is recorded at
 * assign time, as commit e70b64a3f28b did:
 *     __string(NAME, CALL)	after the last element of TP_STRUCT__entry
 *     __assign_str(NAME);	after the last statement of TP_fast_assign
 *				(__assign_str(NAME, CALL); before 6.10)
 *     __get_str(NAME)		in place of the call in TP_printk
 * each added line after an empty line, indented like the block's last
 * line.  CALL is the call with each __entry->F replaced by what
 * TP_fast_assign assigns to F (__entry->opcode = opcode; -> opcode),
 * which must use only TP_PROTO's arguments.  NAME is F + "_str" when the
 * call reads one field F, else the callee's last word + "_str"; a
 * trailing "code" is dropped (opcode -> op_str: the string names the op),
 * and a number appended if a field has the name already.  Left: calls
 * not printed with %s, through a pointer, from a macro's expansion, of
 * undeclared functions, that are part of a larger argument, in a
 * DEFINE_EVENT_PRINT's own TP_printk, or whose fields are not set by one
 * plain assignment.
 */
/* The print argument k of pk with the call at loc. */
static const struct tc_call *find_call(const struct tc_header *h, const struct tc_loc *loc,
				       const struct tc_printk **pkp, size_t *kp)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	const struct tc_call *c = NULL;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ps[i]->nr_args; k++)
			for (size_t j = 0; j < ps[i]->args[k].nr_calls; j++)
				if (!c && tc_fix_loc_eq(&ps[i]->args[k].calls[j].loc, loc)) {
					*pkp = ps[i];
					*kp = k;
					c = &ps[i]->args[k].calls[j];
				}
	free(ps);
	return c;
}

/* An operand that needs no parentheses before '?': a name, a number, REC->f, a call, x[i]. */
static int plain_operand(const char *s, size_t n)
{
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '(' || c == '[')
			depth++;
		else if (c == ')' || c == ']')
			depth--;
		else if (!depth && !(isalnum((unsigned char)c) || c == '_' || c == '.' ||
				     (c == '-' && i + 1 < n && s[i + 1] == '>') ||
				     (c == '>' && i && s[i - 1] == '-')))
			return 0;
	}
	return 1;
}

/* str_yes_no(X) -> X ? "yes" : "no", which every libtraceevent release evaluates. */
static int fix_choice(struct tc_fix *fx, const struct tc_printk *pk, const struct tc_printk_arg *a,
		      const struct tc_call *c)
{
	size_t len, off, start, end;
	const char *text = tc_fix_text(fx, &len);

	if (tc_fix_offset(fx, &c->loc, &off))
		return tc_fix_skip(fx, "the call's position in the text is not known");
	size_t n = 0;
	while (off + n < len && (isalnum((unsigned char)text[off + n]) || text[off + n] == '_'))
		n++;
	const struct choice *ch = choice_of(text + off, n);
	if (!ch)
		return tc_fix_skip(fx, "'%s()' comes from the expansion of '%.*s'", c->callee, (int)n,
				   text + off);
	size_t call_end = tc_fix_call_end(fx, off);
	if (!call_end)
		return tc_fix_skip(fx, "the call's parentheses are not found");
	size_t open = off + n;
	while (open < call_end && text[open] != '(')
		open++;
	size_t b = open + 1, e = call_end - 1;
	while (b < e && isspace((unsigned char)text[b]))
		b++;
	while (e > b && isspace((unsigned char)text[e - 1]))
		e--;
	int depth = 0;
	for (size_t i = b; i < e; i++) {
		depth += text[i] == '(' || text[i] == '[';
		depth -= text[i] == ')' || text[i] == ']';
		if (!depth && text[i] == ',')
			return tc_fix_skip(fx, "'%s()' takes one argument", ch->name);
	}
	int whole = !tc_fix_raw_arg(fx, pk, a->raw_index, &start, &end) && start == off &&
		    end == call_end;
	int paren = !plain_operand(text + b, e - b);
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, whole ? "" : "(");
	strbuf_addf(&sb, "%s%.*s%s", paren ? "(" : "", (int)(e - b), text + b, paren ? ")" : "");
	if (ch->yes)
		strbuf_addf(&sb, " ? \"%s\" : \"%s\"", ch->yes, ch->no);
	else
		strbuf_addstr(&sb, " == 1 ? \"\" : \"s\"");
	strbuf_addstr(&sb, whole ? "" : ")");
	tc_fix_replace(fx, off, call_end, sb.buf);
	strbuf_release(&sb);
	return 0;
}

static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_header *h = tc_fix_header(fx);
	size_t k = 0, start, end, off;
	const struct tc_printk *pk = NULL;
	const struct tc_call *c = find_call(h, &d->loc, &pk, &k);
	struct tc_fix_class fc;
	char len[8], conv;

	if (!c)
		return tc_fix_skip(fx, "no call of a TP_printk() argument is at this position");
	const struct tc_printk_arg *a = &pk->args[k];
	if (choice_of(c->callee, strlen(c->callee)))
		return fix_choice(fx, pk, a, c);
	const struct tc_class *cls = tc_fix_class_of_print(h, pk);
	if (!cls)
		return tc_fix_skip(fx, "the call is in a DEFINE_EVENT_PRINT()'s own TP_printk()");
	if (!c->callee[0])
		return tc_fix_skip(fx, "the function is called through a pointer");
	if (c->from_macro)
		return tc_fix_skip(fx, "the call comes from a macro's expansion");
	if (!c->declared)
		return tc_fix_skip(fx, "'%s' is not declared, so what it returns is not known",
				   c->callee);
	for (size_t j = 0; j < pk->nr_args; j++)
		if (j != k && pk->args[j].raw_index == a->raw_index)
			return tc_fix_skip(fx, "its argument expands to several print arguments");
	if (tc_fix_conversion(pk, k, len, sizeof(len), &conv))
		return tc_fix_skip(fx, "the format has no conversion for the argument");
	if (conv != 's' || len[0])
		return tc_fix_skip(fx, "'%s()' is printed with %%%s%c, not %%s: only a string "
				       "is recorded with __string()",
				   c->callee, len, conv);
	if (tc_fix_find_class(fx, cls, &fc))
		return -1;
	if (tc_fix_offset(fx, &c->loc, &off) || tc_fix_raw_arg(fx, pk, a->raw_index, &start, &end))
		return tc_fix_skip(fx, "the argument's position in the text is not known");
	if (off != start || tc_fix_call_end(fx, off) != end)
		return tc_fix_skip(fx, "the call is part of the larger argument '%s'", a->raw);
	return tc_fix_record_string(fx, &fc, start, end, c->callee, start, end);
}

const struct tc_rule rule_printk_call = {
	.name = "printk-call",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() argument calls a function user space cannot evaluate",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.fix = fix,
};
