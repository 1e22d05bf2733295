// SPDX-License-Identifier: MIT
/*
 * One rule documentation, three renderings.  The fields of struct
 * tc_rule_doc are plain text: paragraphs separated by a blank line,
 * except the example, whose lines are C shown as they are.  The
 * "how to silence it" section is the same for every rule but for the
 * rule's name, so it is written here; a rule whose findings are not
 * inside an event says so in its own silence text.
 */
#include "ruledoc.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

enum part { P_CATCHES, P_WHY, P_KERNEL, P_EXAMPLE, P_FIX, P_SILENCE, NR_PARTS };

static const char *const heading[NR_PARTS] = {
	"What it catches", "Why it matters", "In the kernel", "A correct event",
	"How --fix repairs it", "How to silence it",
};

/* Word-wrap one paragraph (its line breaks are spaces) at width columns. */
static void wrap(struct strbuf *sb, const char *indent, const char *text, size_t width)
{
	size_t col = 0;
	const char *p = text;

	while (*p) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			break;
		size_t n = strcspn(p, " \n");
		if (col && col + 1 + n > width) {
			strbuf_addch(sb, '\n');
			col = 0;
		}
		if (!col) {
			strbuf_addstr(sb, indent);
			col = strlen(indent);
		} else {
			strbuf_addch(sb, ' ');
			col++;
		}
		strbuf_add(sb, p, n);
		col += n;
		p += n;
	}
	if (col)
		strbuf_addch(sb, '\n');
}

/* The silence section's paragraphs, "\n\n" between them; malloced. */
static char *silence_text(const struct tc_rule *r)
{
	struct strbuf sb = STRBUF_INIT;

	if (r->doc->silence)
		strbuf_addstr(&sb, r->doc->silence);
	else
		strbuf_addf(&sb,
			    "One event: --ignore %s:EVENT (on the command line or in a .tracecheck "
			    "file) drops the findings inside the TRACE_EVENT(), DECLARE_EVENT_CLASS() "
			    "or DEFINE_EVENT*() named EVENT; a finding in a class's TP_printk() or "
			    "TP_fast_assign() is dropped by the class's name.",
			    r->name);
	strbuf_addf(&sb,
		    "\n\nIn the source: a comment /* tracecheck: ignore %s -- REASON */ at the "
		    "end of the line a finding is on, or on a line of its own before it (before "
		    "the event macro: every finding about that event). The reason is required; a "
		    "comment that suppresses nothing is reported as stale.",
		    r->name);
	strbuf_addstr(&sb, "\n\n");
	if (r->enabled)
		strbuf_addf(&sb,
			    "One tree: --disable %s in a .tracecheck file at its top (the nearest "
			    ".tracecheck above a header applies; the command line overrides it). "
			    "--severity %s=error|warning|note or -Werror=%s changes its level; "
			    "--baseline FILE hides the findings recorded before.",
			    r->name, r->name, r->name);
	else
		strbuf_addf(&sb,
			    "It is off by default: --enable %s turns it on, for one tree in a "
			    ".tracecheck file at its top (the nearest .tracecheck above a header "
			    "applies; the command line overrides it).",
			    r->name);
	return strbuf_detach(&sb);
}

static const char *part_text(const struct tc_rule *r, enum part k)
{
	switch (k) {
	case P_CATCHES: return r->doc->catches;
	case P_WHY: return r->doc->why;
	case P_KERNEL: return r->doc->kernel;
	case P_EXAMPLE: return r->doc->example;
	case P_FIX: return r->doc->fix;
	default: return NULL;
	}
}

/* The paragraph at p: its length; *next is where the following one starts. */
static size_t paragraph(const char *p, const char **next)
{
	const char *e = strstr(p, "\n\n");
	size_t len = e ? (size_t)(e - p) : strlen(p);

	*next = e ? e + 2 : p + len;
	return len;
}

static void text_part(struct strbuf *sb, const char *text, int code)
{
	if (code) {
		for (const char *p = text; *p;) {
			size_t n = strcspn(p, "\n");
			if (n)
				strbuf_addstr(sb, "    ");
			strbuf_add(sb, p, n);
			strbuf_addch(sb, '\n');
			p += n + (p[n] == '\n');
		}
		return;
	}
	for (const char *par = text, *next; *par; par = next) {
		char *one = xstrndup(par, paragraph(par, &next));
		if (par != text)
			strbuf_addch(sb, '\n');
		wrap(sb, "  ", one, 74);
		free(one);
	}
}

void tc_rule_doc_text(const struct tc_rule *r, struct strbuf *sb)
{
	for (int k = 0; k < NR_PARTS; k++) {
		char *own = k == P_SILENCE ? silence_text(r) : NULL;
		if (k)
			strbuf_addch(sb, '\n');
		strbuf_addf(sb, "%s:\n", heading[k]);
		text_part(sb, own ? own : part_text(r, k), k == P_EXAMPLE);
		free(own);
	}
}

/* Markdown-escape the characters GitHub would take as markup. */
static void md_escaped(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (strchr("\\`*_[]<>#|~", s[i]))
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, s[i] == '\n' ? ' ' : s[i]);
	}
}

void tc_rule_doc_markdown(const struct tc_rule *r, struct strbuf *sb)
{
	for (int k = 0; k < NR_PARTS; k++) {
		char *own = k == P_SILENCE ? silence_text(r) : NULL;
		const char *text = own ? own : part_text(r, k);
		if (k)
			strbuf_addstr(sb, "\n\n");
		strbuf_addf(sb, "**%s**\n\n", heading[k]);
		if (k == P_EXAMPLE) {
			size_t n = strlen(text);
			strbuf_addstr(sb, "```c\n");
			strbuf_add(sb, text, n && text[n - 1] == '\n' ? n - 1 : n);
			strbuf_addstr(sb, "\n```");
		} else {
			for (const char *par = text, *next; *par; par = next) {
				size_t len = paragraph(par, &next);
				if (par != text)
					strbuf_addstr(sb, "\n\n");
				md_escaped(sb, par, len);
			}
		}
		free(own);
	}
	strbuf_addch(sb, '\n');
}

char *tc_rule_doc_first_paragraph(const struct tc_rule *r)
{
	const char *doc = r->doc->catches;
	const char *end = strstr(doc, "\n\n");
	size_t n = end ? (size_t)(end - doc) : strlen(doc);

	while (n && doc[n - 1] == '\n')
		n--;
	char *s = xstrndup(doc, n);
	for (char *p = s; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return s;
}

/* troff-escape one line of text: backslashes, minus signs, a leading '.' or '\''. */
static void man_line(struct strbuf *sb, const char *s, size_t n)
{
	if (n && (s[0] == '.' || s[0] == '\''))
		strbuf_addstr(sb, "\\&");
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\\')
			strbuf_addstr(sb, "\\e");
		else if (s[i] == '-')
			strbuf_addstr(sb, "\\-");
		else
			strbuf_addch(sb, s[i]);
	}
	strbuf_addch(sb, '\n');
}

static void man_lines(struct strbuf *sb, const char *s, size_t n)
{
	while (n) {
		size_t k = 0;
		while (k < n && s[k] != '\n')
			k++;
		man_line(sb, s, k);
		s += k + (k < n);
		n -= k + (k < n);
	}
}

static void man_rule(struct strbuf *sb, const struct tc_rule *r)
{
	strbuf_addstr(sb, ".SS ");
	man_line(sb, r->name, strlen(r->name));
	strbuf_addstr(sb, ".PP\n");
	strbuf_addf(sb, "\\fI%s%s\\fR: ", tc_severity_name(r->severity),
		    r->enabled ? "" : ", off by default");
	man_line(sb, r->summary, strlen(r->summary));
	for (int k = 0; k < NR_PARTS; k++) {
		char *own = k == P_SILENCE ? silence_text(r) : NULL;
		const char *text = own ? own : part_text(r, k);
		strbuf_addstr(sb, ".TP\n.B ");
		man_line(sb, heading[k], strlen(heading[k]));
		if (k == P_EXAMPLE) {
			strbuf_addstr(sb, ".nf\n");
			size_t n = strlen(text);
			man_lines(sb, text, n && text[n - 1] == '\n' ? n - 1 : n);
			strbuf_addstr(sb, ".fi\n");
		} else {
			for (const char *par = text, *next; *par; par = next) {
				size_t len = paragraph(par, &next);
				if (par != text)
					strbuf_addstr(sb, ".IP\n");
				man_lines(sb, par, len);
			}
		}
		free(own);
	}
}

void tc_rules_man(struct strbuf *sb)
{
	strbuf_addstr(sb, TC_MAN_RULES_BEGIN "\n");
	strbuf_addstr(sb, "Each entry is what\n.BI \"tracecheck \\-\\-explain \" RULE\n"
			  "prints, and the help of the rule in SARIF reports: the rule's level,\n"
			  "what it catches, why it matters, the kernel code it is modelled on,\n"
			  "a correct event, what\n.B \\-\\-fix\ndoes and how to silence it.\n");
	for (size_t i = 0; i < tc_nr_rules; i++)
		man_rule(sb, tc_rules[i]);
	strbuf_addstr(sb, TC_MAN_RULES_END "\n");
}
