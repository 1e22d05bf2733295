// SPDX-License-Identifier: MIT
/*
 * printk-format-text: TP_printk() format strings that the kernel prints
 * but user space cannot parse, or that print badly everywhere.
 *
 * The format part of the print fmt line is the string literal's value
 * spliced between two quotes, nothing re-escaped
 * (../shared/spec/event-generation.md section 5): a "\t" in the source
 * is a TAB byte in the format file, a \" an unescaped quote.
 * libtraceevent ends a quoted token at the closing quote or at any
 * non-printable character but newline (../shared/spec/user-space-parser.md
 * section 3), so both make the event [FAILED TO PARSE] in perf and
 * trace-cmd (maple_tree's ma_op/ma_read/ma_write in 6.12) -- the TAB up
 * to 1.8.4 only: from 1.8.5 libtraceevent parses it, so a TAB is a note
 * (the library's gap) unless every release judged fails on it
 * (--userspace; umodel.c's fact "tab").  The kernel's
 * output function appends "\n" to the format itself (stage 3), so a
 * format ending in "\n" prints an empty line after every event.  And a
 * count of conversions that differs from the count of arguments shifts
 * or invents values in every reader.
 */
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "pconv.h"
#include "rules.h"
#include "umodel.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() format string user space cannot parse, or that prints\n"
		"badly everywhere: a double quote or another control character in it\n"
		"(error), a TAB (which libtraceevent parses from 1.8.5: a note, or a\n"
		"warning when every release --userspace selects fails on it);\n"
		"conversions that take another number of arguments than TP_printk()\n"
		"passes, '*' widths and precisions counted (error); a trailing \"\\n\"\n"
		"(warning; a note when the format has another \"\\n\").",
	.why =
		"The format file holds the string's value between two quotes, nothing\n"
		"re-escaped: a \\t of the source is a TAB byte there, a \\\" a bare quote.\n"
		"libtraceevent ends a quoted token at a quote or at any non-printable\n"
		"character but newline (before 1.8.5 also at a TAB), so perf and\n"
		"trace-cmd show [FAILED TO PARSE] while the kernel's trace file looks\n"
		"right. A trailing \"\\n\" prints an empty line after every event (the\n"
		"kernel ends each line itself); a wrong argument count prints garbage or\n"
		"shifts every later value, in the kernel too.\n"
		"\n"
		"A trailing \"\\n\" in a format with another \"\\n\" is a note, not a\n"
		"warning: the record is laid out on lines of its own on purpose (the\n"
		"visl test driver's, 17 of 7.3's 98), and both such findings blind\n"
		"samples of 7.3 drew were judged true but minor (docs/RESULTS.md). In a\n"
		"one-line format it is the empty line upstream removes (rpc_xdr_overflow,\n"
		"aer_event), a warning.",
	.kernel =
		"No fix to cite. 6.12 code it fires on:\n"
		"include/trace/events/maple_tree.h, ma_op, ma_read and ma_write, print\n"
		"\"%s\\tNode: %p ...\"; the format files of a booted 6.12 kernel for these\n"
		"three events do not parse in libtraceevent.",
	.example =
		"TP_printk(\"%s: node %p range %lu-%lu\", __entry->fn,\n"
		"\t  (void *)__entry->node, __entry->min, __entry->max)\n",
	.fix =
		"None.",
};

static struct tc_loc loc_at(const char *file, const struct tc_toks *ts, size_t off)
{
	struct tc_loc l = { file, 1, 1 };

	tc_toks_loc(ts, off, &l.line, &l.col);
	return l;
}

/*
 * The literals of the format as written: from the first after the last
 * TP_printk before the first argument, up to that argument.  Returns the
 * token index of the first, and in *end the first argument's, or
 * TC_TOK_NONE (a macro's format, or positions unknown).
 */
static size_t format_text(const struct tc_toks *ts, const struct tc_printk *pk, size_t *end)
{
	if (!pk->args_located || !pk->raw_range || !pk->nr_raw_args || pk->raw_range[0] >= ts->len)
		return TC_TOK_NONE;
	size_t first = tc_toks_at(ts, pk->raw_range[0]), tp = first;
	while (tp-- > 0 && !tc_toks_is(ts, tp, "TP_printk"))
		;
	if (tp == TC_TOK_NONE)
		return TC_TOK_NONE;
	for (size_t k = tp + 1; k < first; k++)
		if (ts->v[k].kind == TC_TK_LITERAL && ts->text[ts->v[k].off] == '"') {
			*end = first;
			return k;
		}
	return TC_TOK_NONE;
}

/*
 * Where, in the literals of tokens [from, end), the byte c of the value
 * is written (its first or, with last, its last occurrence): an offset
 * in the text, or -1 if not found.
 */
static long written_at(const struct tc_toks *ts, size_t from, size_t end, char c, int last)
{
	long found = -1;

	for (size_t k = from; k < end; k++) {
		const struct tc_tok *t = &ts->v[k];
		const char *text = ts->text;
		if (t->kind != TC_TK_LITERAL || text[t->off] != '"')
			continue;
		for (size_t i = t->off + 1; i < t->off + t->len; i++) {
			char ch = text[i];
			if (ch == '"')
				break;
			if (ch == '\\' && i + 1 < t->off + t->len) {
				char e = text[i + 1];
				if ((c == '\t' && e == 't') || (c == '"' && e == '"') ||
				    (c == '\n' && e == 'n') || (c == '\r' && e == 'r') ||
				    (c == '\a' && e == 'a') || (c == '\b' && e == 'b') ||
				    (c == '\f' && e == 'f') || (c == '\v' && e == 'v') ||
				    ((unsigned char)c < 0x20 && c != '\n' &&
				     (e == 'x' || (e >= '0' && e <= '7')))) {
					found = (long)i;
					if (!last)
						return found;
				}
				i++;
			} else if (ch == c) {
				found = (long)i;
				if (!last)
					return found;
			}
		}
	}
	return found;
}

static const char *char_name(char c)
{
	switch (c) {
	case '\t':
		return "a TAB (written \\t)";
	case '"':
		return "a double quote (written \\\")";
	case '\r':
		return "a carriage return (written \\r)";
	default:
		return "a control character";
	}
}

/*
 * Every finding is about pk's format string, also when it is reported at
 * the event (a format that is a macro): its subject says so.
 */
static void about_format(const struct tc_header *h, const struct tc_printk *pk, struct tc_diag *d)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == pk) {
			tc_diag_subject(d, TC_SCOPE_CLASS, h->classes[i]->name, TC_ELEM_FORMAT, NULL, 0);
			return;
		}
	for (size_t i = 0; i < h->nr_events; i++)
		if (&h->events[i]->own_print == pk) {
			tc_diag_subject(d, TC_SCOPE_EVENT, h->events[i]->name, TC_ELEM_FORMAT, NULL, 0);
			return;
		}
}

static void check_printk(struct tc_check *ck, const struct tc_header *h, const struct tc_toks *ts,
			 const struct tc_printk *pk)
{
	const char *f = pk->fmt;
	size_t end = 0, lit = format_text(ts, pk, &end);
	struct tc_loc at = lit != TC_TOK_NONE ? loc_at(h->path, ts, ts->v[lit].off) : pk->loc;

	if (!f)
		return;
	/* the first character of each kind that ends libtraceevent's token */
	char seen[3] = { 0 };
	for (const char *c = f; *c; c++) {
		unsigned char u = (unsigned char)*c;
		int bad = u == '\t' || u == '"' || u == 0x7f || (u < 0x20 && u != '\n');
		int kind = u == '\t' ? 0 : u == '"' ? 1 : 2;
		if (!bad || seen[kind])
			continue;
		seen[kind] = 1;
		long w = lit != TC_TOK_NONE ? written_at(ts, lit, end, *c, 0) : -1;
		struct tc_loc l = w >= 0 ? loc_at(h->path, ts, (size_t)w) : at;
		struct tc_diag *d;
		if (u == '\t') {
			/* parsed from 1.8.5: whose problem depends on the releases judged */
			const struct tc_ufact *tab = &tc_ufacts[TC_UF_TAB];
			tc_uset sel = h->userspace ? h->userspace : tc_uset_default();
			enum tc_severity sev;
			if (!tc_ufact_severity(tab, sel, ck->severity, &sev))
				continue;
			char *say = tc_ufact_sentence(tab, NULL, tab->fails & sel, sel);
			d = tc_report(ck, l, "the format string holds %s: %s%s", char_name(*c), say,
				      tc_ufact_blame(tab));
			d->severity = sev;
			free(say);
		} else {
			d = tc_report(ck, l,
				      "the format string holds %s, which ends libtraceevent's "
				      "string token: perf and trace-cmd cannot parse the event "
				      "([FAILED TO PARSE]) though the kernel prints it",
				      char_name(*c));
		}
		d->kind |= TC_KIND_FT_TOKEN_END;
		about_format(h, pk, d);
		tc_diag_advise(d, l, "%s", u == '"' ? "use single quotes ('%s') instead"
						     : "use spaces (or ': ') instead");
	}
	size_t n = strlen(f);
	if (n && f[n - 1] == '\n') {
		long w = lit != TC_TOK_NONE ? written_at(ts, lit, end, '\n', 1) : -1;
		struct tc_loc l = w >= 0 ? loc_at(h->path, ts, (size_t)w) : at;
		/* a record laid out on lines of its own on purpose: a note (doc.why) */
		int lines = memchr(f, '\n', n - 1) != NULL;
		struct tc_diag *d = (lines ? tc_report_note : tc_report_lower)(
			ck, l,
			"the format string ends with \"\\n\": the kernel ends each event's line "
			"itself, so every event is followed by an empty line");
		tc_diag_advise(d, l, "drop the trailing \"\\n\"");
	}
	size_t want = tc_pconv_nr_args(f);
	if (pk->args_analyzed && want != pk->nr_args) {
		struct tc_diag *d =
			tc_report(ck, at,
				  "the format string's conversions take %zu argument%s but "
				  "TP_printk() passes %zu: %s",
				  want, want == 1 ? "" : "s", pk->nr_args,
				  want > pk->nr_args ? "the missing ones print whatever comes next"
						     : "the extra ones are never printed");
		d->kind |= TC_KIND_FT_COUNT;
		about_format(h, pk, d);
		tc_diag_note(d, at, "the format is \"%s\"", f);
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **pks = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		check_printk(ck, h, &ck->ctx->toks, pks[i]);
	free(pks);
}

const struct tc_rule rule_printk_format_text = {
	.name = "printk-format-text",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a format string with a TAB or a '\"' (user space cannot parse it), a "
		   "trailing \"\\n\", or conversions that do not match the arguments",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TOKENS,
	.about_printk = 1,
};
