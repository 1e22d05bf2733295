// SPDX-License-Identifier: MIT
/*
 * enum-not-exported: enumerators that reach the print fmt without a
 * TRACE_DEFINE_ENUM(), and TRACE_DEFINE_ENUM()s nothing prints.
 *
 * The print fmt is the stringified TP_printk() after macro expansion,
 * so an enumerator stays a name in the format file.  At boot (or module
 * load) the kernel rewrites into its decimal value every name that
 * TRACE_DEFINE_ENUM()/TRACE_DEFINE_SIZEOF() gave to an eval map of the
 * same system (update_event_printk(); ../shared/spec/event-generation.md
 * §9.3), and nothing else.  libtraceevent, the parser of perf and
 * trace-cmd, evaluates a name it cannot resolve as 0 (or as a kallsyms
 * address), and as -1 in a __print_symbolic()/__print_flags() table, so
 * that no entry matches (user-space-parser.md §5, §8).  Tested with
 * libtraceevent 1.7.1: for { ENX_IDLE, "idle" }, { ENX_BUSY, "busy" }
 * and REC->s == ENX_BUSY the kernel prints "s=busy busy=1" where
 * trace-cmd prints "s=0x1 busy=0".  The tcp events of 6.12 are the
 * real case: show_tcp_state_name() comes from sock.h, whose
 * TRACE_DEFINE_ENUM(TCP_*) belong to system sock, so the tcp format
 * files keep the TCP_* names.
 *
 * Which identifiers are enumerators is the compiler's knowledge: the
 * front end records each enumerator the PRINT pass's expression refers
 * to (tc_printk_arg.enum_refs).  A name is reported where it also
 * occurs in the argument's expanded text as the kernel's scan sees it
 * (tc_format_eval_match(): outside string literals, not a member name
 * after '.' or '->').  A name with its TRACE_DEFINE_ENUM() that the
 * kernel's rewrite of the whole print fmt leaves (its scan steps over the
 * character after a name unseen, a '"' too: afs.h's afs_edit_dir, whose
 * format string ends in \"%s\", keeps afs_edit_dir_for_create in a booted
 * 6.12 or 7.2 kernel) is reported too.
 */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"An enumerator that reaches the print fmt - in a __print_symbolic() or\n"
		"__print_flags() table, a comparison, arithmetic, an index or a show_*()\n"
		"macro - without a TRACE_DEFINE_ENUM() of its name in the header. A\n"
		"note when every such name has value 0 and is used outside a table.\n"
		"Also: a TRACE_DEFINE_ENUM() whose value has more digits than its name\n"
		"has characters (the kernel cannot rewrite it), an enumerator with its\n"
		"TRACE_DEFINE_ENUM() that the kernel's rewrite does not reach (a double\n"
		"quote in the format string turns its notion of string literals\n"
		"around), and, as notes, a TRACE_DEFINE_ENUM() or TRACE_DEFINE_SIZEOF()\n"
		"that no print fmt or field type of the header uses, and a\n"
		"TRACE_DEFINE_ENUM() of a macro (a number, not an enumerator).",
	.why =
		"The kernel rewrites enumerator names in the format file into numbers\n"
		"only for the names TRACE_DEFINE_ENUM() and TRACE_DEFINE_SIZEOF() give its\n"
		"eval maps, and only for events of the same system. perf and trace-cmd\n"
		"cannot resolve any other name: they read it as 0, and as -1 in a table,\n"
		"so symbols print as hex numbers, flags go missing and comparisons take\n"
		"the wrong branch.\n"
		"\n"
		"What no tool prints differently for is a note, not a warning. A\n"
		"TRACE_DEFINE_ENUM() of a macro, or one no print fmt uses, does nothing:\n"
		"the print fmt holds the macro's value, or no name to rewrite. A name\n"
		"whose value is 0, outside a table, is read as 0 by user space: right,\n"
		"by chance, until the enumerator's value changes. Blind samples of 7.3\n"
		"(docs/RESULTS.md) judged each of these kinds true but minor: sunrpc.h's\n"
		"TRACE_DEFINE_ENUM(AF_INET), xfs scrub's unused XFS_RMAP_* and\n"
		"pcm_trace.h's SNDRV_PCM_STREAM_PLAYBACK.",
	.kernel =
		"Commit 0c564a538aa9 (\"tracing: Add TRACE_DEFINE_ENUM() macro to map\n"
		"enums to their values\", 2015) added the macro for this problem, with\n"
		"tlb_flush's __print_symbolic() table as its example. 6.12 code it fires\n"
		"on: include/trace/events/afs.h, afs_flock_ev: its afs_flock_events and\n"
		"afs_flock_states tables are missing from the header's\n"
		"TRACE_DEFINE_ENUM() list. A flag table whose values are expressions\n"
		"over enumerators is the same case, the enumerator inside the shift\n"
		"is what needs the TRACE_DEFINE_ENUM(): include/trace/events/btrfs.h's\n"
		"show_ordered_flags() table of (1 << BTRFS_ORDERED_*), gfs2's\n"
		"(1UL << GLF_*), sunrpc.h's (1UL << RPC_TASK_*), vmscan.h's\n"
		"(1 << VMSCAN_THROTTLE_*) and mmflags.h's 1UL << PG_* of\n"
		"show_page_flags() (6.1 to 7.3); from 7.2 fs/nfs/nfs4trace.h's\n"
		"BIT(NFS_DELEGATION_*) and nfstrace.h's BIT(PG_BUSY) ...\n"
		"(docs/RESULTS.md, \"Held-out classes\").",
	.example =
		"TRACE_DEFINE_ENUM(TLB_FLUSH_ON_TASK_SWITCH);\n"
		"TRACE_DEFINE_ENUM(TLB_REMOTE_SHOOTDOWN);\n"
		"\n"
		"TP_printk(\"reason %s\", __print_symbolic(__entry->reason,\n"
		"\t  { TLB_FLUSH_ON_TASK_SWITCH, \"flush on task switch\" },\n"
		"\t  { TLB_REMOTE_SHOOTDOWN, \"remote shootdown\" }))\n",
	.fix =
		"None; the finding's notes name the enum, where it is declared and the\n"
		"TRACE_DEFINE_ENUM() lines to add (usually through the EM()/EMe() lists\n"
		"that build both the TRACE_DEFINE_ENUM()s and the table).",
	.silence =
		"One event: --ignore enum-not-exported:EVENT (on the command line or in\n"
		"a .tracecheck file) drops the findings inside the event or class EVENT;\n"
		"those on a TRACE_DEFINE_ENUM() line, outside every event, go only with\n"
		"the whole rule.",
};

static int ident_char(int c)
{
	return isalnum(c) || c == '_';
}

/* Does update_event_printk() see text in s (as a name it would rewrite)? */
static int kernel_sees(const char *s, const char *text)
{
	return tc_format_eval_match(s, text) != NULL;
}

static const struct tc_enum_def *enum_def(const struct tc_header *h, const char *name)
{
	for (size_t i = 0; i < h->nr_enums; i++)
		if (!h->enums[i].is_sizeof && !strcmp(h->enums[i].text, name))
			return &h->enums[i];
	return NULL;
}

/* The kernel's eval_replace() fails when the value is longer than the name. */
static int too_long(const struct tc_enum_def *d)
{
	char val[32];

	return d->value_known &&
	       (size_t)snprintf(val, sizeof(val), "%ld", (long)d->value) > strlen(d->text);
}

static int name_in(const char *const *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], name))
			return 1;
	return 0;
}

/* The enumerators of a that the print fmt keeps as names, bad[] by kind. */
static size_t unresolved(const struct tc_header *h, const struct tc_printk_arg *a,
			 const struct tc_enum_ref **out, int want_too_long)
{
	size_t n = 0;

	for (size_t i = 0; i < a->nr_enum_refs; i++) {
		const struct tc_enum_ref *r = &a->enum_refs[i];
		const struct tc_enum_def *d = enum_def(h, r->name);
		if (!kernel_sees(a->expanded, r->name))
			continue;
		if (want_too_long ? d && too_long(d) : !d)
			out[n++] = r;
	}
	return n;
}

static void names_list(struct strbuf *sb, const struct tc_enum_ref **v, size_t n)
{
	size_t shown = n > 5 ? 4 : n;

	for (size_t i = 0; i < shown; i++)
		strbuf_addf(sb, "%s'%s'", i == 0 ? "" : i + 1 == n ? " and " : ", ", v[i]->name);
	if (shown < n)
		strbuf_addf(sb, " and %zu more", n - shown);
}

static void enum_what(struct strbuf *sb, const struct tc_enum_ref *r)
{
	if (r->enum_name[0])
		strbuf_addf(sb, "enum %s", r->enum_name);
	else
		strbuf_addstr(sb, "an anonymous enum");
}

static int is_bool(const char *name)
{
	return !strcmp(name, "true") || !strcmp(name, "false");
}

/* One note per enum the names belong to: what it is and where (not for true/false). */
static void enum_notes(struct tc_diag *d, const struct tc_enum_ref **v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int seen = is_bool(v[i]->name);
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(v[j]->enum_name, v[i]->enum_name) &&
			       v[j]->enum_loc.file == v[i]->enum_loc.file &&
			       v[j]->enum_loc.line == v[i]->enum_loc.line;
		if (seen)
			continue;
		struct strbuf sb = STRBUF_INIT;
		size_t k = 0;
		for (size_t j = i; j < n; j++) {
			if (is_bool(v[j]->name) || strcmp(v[j]->enum_name, v[i]->enum_name) ||
			    v[j]->enum_loc.file != v[i]->enum_loc.file ||
			    v[j]->enum_loc.line != v[i]->enum_loc.line)
				continue;
			if (k < 4)
				strbuf_addf(&sb, "%s%s = %lld", k ? ", " : "", v[j]->name, v[j]->value);
			k++;
		}
		if (k > 4)
			strbuf_addf(&sb, ", ... (%zu in all)", k);
		struct strbuf what = STRBUF_INIT;
		enum_what(&what, v[i]);
		tc_diag_note(d, v[i]->enum_loc.file ? v[i]->enum_loc : v[i]->decl_loc,
			     "%s is declared here (%s)", strbuf_str(&what), strbuf_str(&sb));
		strbuf_release(&what);
		strbuf_release(&sb);
	}
}

/* Where TRACE_DEFINE_ENUM lines go: after the header's last one, else before its first event. */
static void add_note(struct tc_diag *d, const struct tc_header *h, struct tc_loc fallback,
		     const struct tc_enum_ref **v, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	const struct tc_enum_def *last = NULL;
	struct tc_loc first = { 0 };
	size_t nb = 0;

	for (size_t i = 0; i < h->nr_enums; i++)
		if (h->enums[i].loc.file == h->path)
			last = &h->enums[i];
	for (size_t i = 0; i < h->nr_classes; i++)
		if (h->classes[i]->loc.file == h->path &&
		    (!first.file || h->classes[i]->loc.line < first.line))
			first = h->classes[i]->loc;
	for (size_t i = 0; i < n; i++) {
		if (is_bool(v[i]->name)) {
			nb++;
			continue;
		}
		strbuf_addf(&sb, "%sTRACE_DEFINE_ENUM(%s);", sb.len ? " " : "", v[i]->name);
	}
	if (nb)
		tc_diag_advise(d, fallback,
			       "'true' and 'false' are the enumerators of <linux/stddef.h>: write 1 and "
			       "0 instead");
	if (!sb.len)
		;
	else if (last)
		tc_diag_advise(d, last->loc, "add %s to the header's TRACE_DEFINE_ENUM() list",
			       strbuf_str(&sb));
	else
		tc_diag_advise(d, first.file ? first : fallback,
			       "add %s to the header, outside the events (before the first one)",
			       strbuf_str(&sb));
	strbuf_release(&sb);
}

/* What perf and trace-cmd make of the names v[0..n) (lucky: each 0, outside a table). */
static void user_space_note(struct tc_diag *d, struct tc_loc loc, const struct tc_enum_ref **v,
			    size_t n, int lucky)
{
	int table = 0;

	for (size_t j = 0; j < n; j++)
		table |= v[j]->in_table;
	if (lucky)
		tc_diag_note(d, loc,
			     "perf and trace-cmd (libtraceevent) read an unknown name as 0, which is "
			     "by chance its value here");
	else
		tc_diag_note(d, loc,
			     "perf and trace-cmd (libtraceevent) read an unknown name as 0%s: the "
			     "event prints %s",
			     table ? ", and as -1 in a symbol or flag table" : "",
			     table ? "hex numbers where the kernel prints names"
				   : "other values than the kernel's");
}

/* How many later arguments of the header print one of the names too. */
static size_t later_uses(const struct tc_header *h, const struct tc_printk **ps, size_t nps,
			 size_t pi, size_t ai, const struct tc_enum_ref **v, size_t n)
{
	size_t count = 0;

	for (size_t i = pi; i < nps; i++) {
		for (size_t k = i == pi ? ai + 1 : 0; k < ps[i]->nr_args; k++) {
			const struct tc_printk_arg *a = &ps[i]->args[k];
			int hit = 0;
			for (size_t j = 0; j < a->nr_enum_refs && !hit; j++)
				for (size_t m = 0; m < n && !hit; m++)
					hit = !strcmp(a->enum_refs[j].name, v[m]->name) &&
					      kernel_sees(a->expanded, v[m]->name) &&
					      !enum_def(h, v[m]->name);
			count += hit;
		}
	}
	return count;
}

static void check_missing(struct tc_check *ck, const struct tc_header *h,
			  const struct tc_printk **ps, size_t nps)
{
	const char **reported = NULL;
	size_t nrep = 0, arep = 0;

	for (size_t i = 0; i < nps; i++) {
		for (size_t k = 0; k < ps[i]->nr_args; k++) {
			const struct tc_printk_arg *a = &ps[i]->args[k];
			const struct tc_enum_ref **all = xcalloc(a->nr_enum_refs + 1, sizeof(*all));
			const struct tc_enum_ref **v = xcalloc(a->nr_enum_refs + 1, sizeof(*v));
			size_t na = unresolved(h, a, all, 0), n = 0;
			int lucky = 1;

			/* each name once per header, on its first argument */
			for (size_t j = 0; j < na; j++) {
				if (name_in(reported, nrep, all[j]->name))
					continue;
				v[n++] = all[j];
				lucky &= !all[j]->in_table && all[j]->value == 0;
			}
			if (n) {
				struct strbuf msg = STRBUF_INIT;
				strbuf_addstr(&msg, "TP_printk() argument prints ");
				strbuf_addstr(&msg, n == 1 ? "enumerator " : "enumerators ");
				names_list(&msg, v, n);
				strbuf_addf(&msg,
					    " without TRACE_DEFINE_ENUM(): the format file keeps %s, "
					    "which user-space tools cannot resolve",
					    n == 1 ? "its name" : "their names");
				struct tc_diag *d = lucky ? tc_report_note(ck, a->loc, "%s", strbuf_str(&msg))
							  : tc_report(ck, a->loc, "%s", strbuf_str(&msg));
				strbuf_release(&msg);
				enum_notes(d, v, n);
				user_space_note(d, a->loc, v, n, lucky);
				size_t more = later_uses(h, ps, nps, i, k, v, n);
				if (more)
					tc_diag_note(d, a->loc,
						     "%zu more TP_printk() argument%s of this header "
						     "print%s %s too",
						     more, more == 1 ? "" : "s", more == 1 ? "s" : "",
						     n == 1 ? "it" : "them");
				add_note(d, h, a->loc, v, n);
				for (size_t j = 0; j < n; j++) {
					ALLOC_GROW(reported, nrep + 1, arep);
					reported[nrep++] = v[j]->name;
				}
			}

			/* defined, but the kernel cannot rewrite it */
			na = unresolved(h, a, all, 1);
			for (size_t j = 0; j < na; j++) {
				if (name_in(reported, nrep, all[j]->name))
					continue;
				const struct tc_enum_def *def = enum_def(h, all[j]->name);
				struct tc_diag *d = tc_report(
					ck, a->loc,
					"TP_printk() argument prints enumerator '%s', whose value %ld "
					"is longer than its name: the kernel cannot rewrite it and the "
					"format file keeps the name",
					all[j]->name, (long)def->value);
				tc_diag_note(d, def->loc,
					     "TRACE_DEFINE_ENUM(%s) is here; the kernel warns "
					     "(WARN_ON_ONCE in update_event_printk()) and leaves the name",
					     all[j]->name);
				tc_diag_advise(d, a->loc,
					       "print the value some other way: a macro that expands to "
					       "the number, or a name of at least %zu characters",
					       (size_t)snprintf(NULL, 0, "%ld", (long)def->value));
				ALLOC_GROW(reported, nrep + 1, arep);
				reported[nrep++] = all[j]->name;
			}
			free(all);
			free(v);
		}
	}
	free(reported);
}

/*
 * Is name an identifier of s as a C lexer (and libtraceevent's) reads
 * it: outside string and character literals, not a member name after
 * '.' or '->'?
 */
static int lexer_sees(const char *s, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = s; *p;) {
		if (*p == '"' || *p == '\'') {
			char q = *p++;
			while (*p && *p != q)
				p += p[0] == '\\' && p[1] ? 2 : 1;
			p += *p != '\0';
		} else if (isdigit((unsigned char)*p)) {
			while (ident_char((unsigned char)*p) || *p == '.')
				p++;
		} else if (isalpha((unsigned char)*p) || *p == '_') {
			const char *b = p;
			while (ident_char((unsigned char)*p))
				p++;
			int member = b > s && (b[-1] == '.' || (b - s >= 2 && b[-2] == '-' && b[-1] == '>'));
			if (!member && (size_t)(p - b) == len && !strncmp(b, name, len))
				return 1;
		} else {
			p++;
		}
	}
	return 0;
}

/*
 * Enumerators that have a TRACE_DEFINE_ENUM() and still reach the format
 * file as names: update_event_printk() steps over the character after a
 * name or a number unseen, so a '"' there (a format string's escaped
 * quote, '%s\"') turns its notion of string literals around, and the
 * names it then takes for string text keep their names.
 */
static void check_unreached(struct tc_check *ck, const struct tc_header *h,
			    const struct tc_printk **ps, size_t nps)
{
	const char **reported = NULL;
	size_t nrep = 0, arep = 0;

	for (size_t i = 0; i < nps; i++) {
		struct strbuf out = STRBUF_INIT;
		tc_format_apply_eval_maps(h, ps[i]->print_fmt, &out);
		for (size_t k = 0; k < ps[i]->nr_args; k++) {
			const struct tc_printk_arg *a = &ps[i]->args[k];
			const struct tc_enum_ref **v = xcalloc(a->nr_enum_refs + 1, sizeof(*v));
			size_t n = 0;
			int lucky = 1;
			for (size_t j = 0; j < a->nr_enum_refs; j++) {
				const struct tc_enum_ref *r = &a->enum_refs[j];
				const struct tc_enum_def *d = enum_def(h, r->name);
				if (!d || !d->value_known || too_long(d) || name_in(reported, nrep, r->name) ||
				    !lexer_sees(out.buf, r->name))
					continue;
				v[n++] = r;
				lucky &= !r->in_table && r->value == 0;
				ALLOC_GROW(reported, nrep + 1, arep);
				reported[nrep++] = r->name;
			}
			if (!n) {
				free(v);
				continue;
			}
			struct strbuf msg = STRBUF_INIT;
			names_list(&msg, v, n);
			const char *fmt = "TP_printk() argument prints %s %s, which %s TRACE_DEFINE_ENUM(), "
					  "but the kernel's rewrite of the print fmt does not reach %s: the "
					  "format file keeps %s, which user-space tools cannot resolve";
			const char *what = n == 1 ? "enumerator" : "enumerators";
			const char *has = n == 1 ? "has a" : "have their";
			const char *it = n == 1 ? "it" : "them";
			const char *names = n == 1 ? "its name" : "their names";
			struct tc_diag *d =
				lucky ? tc_report_note(ck, a->loc, fmt, what, strbuf_str(&msg), has, it, names)
				      : tc_report(ck, a->loc, fmt, what, strbuf_str(&msg), has, it, names);
			strbuf_release(&msg);
			const char *q = tc_format_eval_blind_quote(ps[i]->print_fmt);
			if (q) {
				const char *from = q - ps[i]->print_fmt > 12 ? q - 12 : ps[i]->print_fmt;
				tc_diag_note(d, a->loc,
					     "update_event_printk() steps over the character after a name "
					     "or a number: it does not see the '\"' after '%.*s' in the "
					     "print fmt and takes what follows it, up to the next '\"', "
					     "for a string literal",
					     (int)(q - from), from);
				tc_diag_note(d, a->loc,
					     "a double quote in the format string (\\\") does that: write "
					     "single quotes instead");
			}
			tc_diag_note(d, enum_def(h, v[0]->name)->loc, "TRACE_DEFINE_ENUM(%s) is here",
				     v[0]->name);
			user_space_note(d, a->loc, v, n, lucky);
			free(v);
		}
		strbuf_release(&out);
	}
	free(reported);
}

/*
 * Is a TRACE_DEFINE_ENUM/SIZEOF text used by some print fmt or field type
 * of the header?  A name the kernel's scan does not reach is used too
 * (check_unreached() says why it stays a name).
 */
static int def_used(const struct tc_header *h, const char *text)
{
	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		if (c->print.present &&
		    (kernel_sees(c->print.print_fmt, text) || lexer_sees(c->print.print_fmt, text)))
			return 1;
		for (size_t j = 0; j < c->nr_fields; j++)
			if ((c->fields[j].type && kernel_sees(c->fields[j].type, text)) ||
			    (c->fields[j].len_text && kernel_sees(c->fields[j].len_text, text)))
				return 1;
	}
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_printk *p = &h->events[i]->own_print;
		if (p->present && (kernel_sees(p->print_fmt, text) || lexer_sees(p->print_fmt, text)))
			return 1;
	}
	return 0;
}

/* Can every print fmt and field of the header be searched? */
static int all_known(const struct tc_header *h)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (!h->classes[i]->print.present || !h->classes[i]->fields_known)
			return 0;
	return h->nr_classes > 0;
}

/* What a TRACE_DEFINE_ENUM/SIZEOF names: 0 an enumerator (or unknown), 1 sizeof, 2 anything else. */
static int def_kind(const struct tc_enum_def *d)
{
	if (d->is_sizeof)
		return 1;
	return d->is_enumerator || !d->value_known ? 0 : 2;
}

static void def_spelling(struct strbuf *sb, const struct tc_enum_def *e)
{
	if (e->is_sizeof && starts_with(e->text, "sizeof("))
		strbuf_addf(sb, "TRACE_DEFINE_SIZEOF%s", e->text + 6);
	else
		strbuf_addf(sb, "TRACE_DEFINE_%s(%s)", e->is_sizeof ? "SIZEOF" : "ENUM", e->text);
}

static int is_name(const char *s)
{
	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (ident_char((unsigned char)*s))
		s++;
	return !*s;
}

static void check_unused(struct tc_check *ck, const struct tc_header *h)
{
	unsigned char *done = xcalloc(h->nr_enums + 1, 1);

	if (!all_known(h)) {
		free(done);
		return;
	}
	/* one report per place and kind: EM() lists define many at one place */
	for (size_t i = 0; i < h->nr_enums; i++) {
		const struct tc_enum_def *d = &h->enums[i];
		if (done[i] || d->loc.file != h->path || def_used(h, d->text))
			continue;
		/*
		 * Used where this configuration does not look: "remove it"
		 * would not hold.  Not for one that names no enumerator: it
		 * rewrites nothing in any configuration.
		 */
		if (def_kind(d) != 2 && tc_header_name_cfg_off(h, d->text))
			continue;
		struct strbuf names = STRBUF_INIT;
		size_t n = 0;
		int kind = def_kind(d), names_only = 1;
		for (size_t j = i; j < h->nr_enums; j++) {
			const struct tc_enum_def *e = &h->enums[j];
			if (done[j] || e->loc.file != d->loc.file || e->loc.line != d->loc.line ||
			    e->loc.col != d->loc.col || def_kind(e) != kind || def_used(h, e->text) ||
			    (kind != 2 && tc_header_name_cfg_off(h, e->text)))
				continue;
			done[j] = 1;
			names_only &= is_name(e->text);
			if (n < 4) {
				if (n)
					strbuf_addstr(&names, ", ");
				def_spelling(&names, e);
			}
			n++;
		}
		if (n > 4)
			strbuf_addf(&names, " and %zu more", n - 4);
		const char *it = n == 1 ? "it" : "them";
		struct tc_diag *r;
		if (kind != 2) {
			/* a dead line: no tool prints anything else for it (doc.why) */
			r = tc_report_note(ck, d->loc,
					    "%s %s used by no print fmt of this header: the kernel "
					    "rewrites nothing with %s",
					    strbuf_str(&names), n == 1 ? "is" : "are", it);
			tc_diag_advise(r, d->loc, "remove %s, or print the %s %s names", it,
				       kind == 1 ? "size" : n == 1 ? "enumerator" : "enumerators",
				       n == 1 ? "it" : "they");
		} else if (names_only) {
			/* a macro's value: a dead line, a note (doc.why) */
			r = tc_report_note(ck, d->loc,
					   "%s %s nothing: %s no enumerator%s, so the print fmt "
					   "holds %s value%s, never the name%s",
					   strbuf_str(&names), n == 1 ? "rewrites" : "rewrite",
					   n == 1 ? "it names" : "they name", n == 1 ? "" : "s",
					   n == 1 ? "its" : "their", n == 1 ? "" : "s", n == 1 ? "" : "s");
			tc_diag_advise(r, d->loc,
				       "a macro that expands to a number needs no TRACE_DEFINE_ENUM(): "
				       "remove %s",
				       it);
		} else {
			r = tc_report_note(ck, d->loc,
					   "%s %s nothing: the kernel's scan of the print fmt matches "
					   "names only",
					   strbuf_str(&names), n == 1 ? "rewrites" : "rewrite");
			tc_diag_advise(r, d->loc,
				       "the macro that wrote %s expanded its argument first, as an "
				       "argument that is not an operand of '#' is; a macro that "
				       "expands to a number needs no TRACE_DEFINE_ENUM(): remove %s",
				       it, it);
		}
		strbuf_release(&names);
	}
	free(done);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps;

	/*
	 * A trace remote's print fmt goes to its format file as it is
	 * (kernel/trace/trace_remote.c): TRACE_DEFINE_ENUM() rewrites only
	 * the events' print fmts, so it is no repair there (printk-userspace
	 * still says what user space prints).
	 */
	if (h->remote)
		return;
	ps = tc_used_printks(h, &n);
	check_missing(ck, h, ps, n);
	check_unreached(ck, h, ps, n);
	free(ps);
	check_unused(ck, h);
}

const struct tc_rule rule_enum_not_exported = {
	.name = "enum-not-exported",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "an enumerator reaches the print fmt without TRACE_DEFINE_ENUM(), or a "
		   "TRACE_DEFINE_ENUM() nothing prints",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
};
