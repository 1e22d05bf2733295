// SPDX-License-Identifier: MIT
/*
 * The findings as text for people and their tools (report.h): the gcc
 * shape, with as much of each finding as the detail says (the notes by
 * kind, a library's gaps once per header, -q's cut at --fail-on);
 * GitHub's workflow commands; checkpatch.pl's blocks and its --terse
 * lines.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

/* ---- GitHub Actions workflow commands ---- */

/*
 * Which notes of x the gcc shape (and GitHub's annotations) print, a
 * flag per note (malloced): every one with -v, none with --terse or -q,
 * else two: where the cause is (a locus), then what to do (advice).
 */
static unsigned char *shown_notes(const struct tc_rfinding *x, unsigned detail)
{
	unsigned char *show = xcalloc(x->nr_notes + 1, 1);
	size_t loci = 0, budget[TC_NOTE_KINDS] = { 0 };

	if (detail & (TC_DETAIL_TERSE | TC_DETAIL_QUIET))
		return show;
	for (size_t j = 0; j < x->nr_notes; j++)
		loci += x->notes[j].kind == TC_NOTE_LOCUS;
	budget[TC_NOTE_LOCUS] = 2;
	budget[TC_NOTE_ADVICE] = loci < 2 ? 2 - loci : 0;
	for (size_t j = 0; j < x->nr_notes; j++) {
		enum tc_note_kind k = x->notes[j].kind;
		show[j] = (detail & TC_DETAIL_ALL) ||
			  (TC_NOTE_SHOWN(k) && budget[k] && budget[k]--);
	}
	return show;
}


/* What a workflow command's data (or, with prop, a property value) escapes. */
static void gh_escape(struct strbuf *sb, const char *s, int prop)
{
	for (; *s; s++) {
		if (*s == '%')
			strbuf_addstr(sb, "%25");
		else if (*s == '\r')
			strbuf_addstr(sb, "%0D");
		else if (*s == '\n')
			strbuf_addstr(sb, "%0A");
		else if (prop && *s == ':')
			strbuf_addstr(sb, "%3A");
		else if (prop && *s == ',')
			strbuf_addstr(sb, "%2C");
		else
			strbuf_addch(sb, *s);
	}
}

/* A file that was not checked: a warning, or an error when it failed, always annotated. */
static void github_not_checked(struct strbuf *out, const struct tc_rfile *f)
{
	char *msg = tc_rfile_not_checked_text(f);

	strbuf_addf(out, "::%s file=", f->status == 2 ? "error" : "warning");
	gh_escape(out, f->path, 1);
	strbuf_addstr(out, ",title=not-checked::");
	gh_escape(out, msg, 0);
	strbuf_addch(out, '\n');
	free(msg);
}

void tc_report_github(const struct tc_report *r, struct strbuf *out, unsigned detail)
{
	static const char *const cmd[] = { "notice", "warning", "error" };
	size_t shown[3] = { 0 }, left[3] = { 0 };

	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		if (!tc_rfile_checked(f))
			github_not_checked(out, f);
		for (size_t k = 0; k < f->nr; k++) {
			const struct tc_rfinding *x = &f->v[k];
			if (shown[x->severity] >= TC_GITHUB_ANNOTATIONS) {
				/* past GitHub's limit per step: a plain log line */
				left[x->severity]++;
				char *msg = tc_rfinding_message(x);
				strbuf_addf(out, "%s:%u:%u: %s: ", f->path, x->line, x->col,
					    tc_severity_name(x->severity));
				strbuf_addf(out, "%s [%s]\n", msg, x->rule);
				free(msg);
				continue;
			}
			shown[x->severity]++;
			strbuf_addf(out, "::%s file=", cmd[x->severity]);
			gh_escape(out, f->path, 1);
			if (x->line)
				strbuf_addf(out, ",line=%u", x->line);
			if (x->col)
				strbuf_addf(out, ",col=%u", x->col);
			strbuf_addstr(out, ",title=");
			gh_escape(out, x->rule, 1);
			strbuf_addstr(out, "::");
			gh_escape(out, x->msg, 0);
			char *cn = tc_rfinding_config_note(x);
			if (cn) {
				struct strbuf note = STRBUF_INIT;
				strbuf_addf(&note, "\n%s:%u: %s", f->path, x->line, cn);
				gh_escape(out, note.buf, 0);
				strbuf_release(&note);
				free(cn);
			}
			unsigned char *show = shown_notes(x, detail & TC_DETAIL_ALL);
			for (size_t n = 0; n < x->nr_notes; n++) {
				if (!show[n])
					continue;
				struct strbuf note = STRBUF_INIT;
				strbuf_addf(&note, "\n%s:%u: %s", x->notes[n].path, x->notes[n].line,
					    x->notes[n].msg);
				gh_escape(out, note.buf, 0);
				strbuf_release(&note);
			}
			free(show);
			strbuf_addch(out, '\n');
		}
	}
	if (left[0] + left[1] + left[2])
		strbuf_addf(out,
			    "tracecheck: %zu errors, %zu warnings and %zu notes more than GitHub "
			    "annotates in one step (%d of each) are in the log above; upload "
			    "--format=sarif to code scanning to see them all\n",
			    left[2], left[1], left[0], TC_GITHUB_ANNOTATIONS);
}

/* ---- checkpatch.pl's shape ---- */

/* Line n (1-based) of text, without its newline; NULL if there is none. */
static const char *nth_line(const char *text, unsigned n, size_t *len)
{
	const char *p = text;

	for (unsigned i = 1; p && i < n; i++) {
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return NULL;
	*len = strcspn(p, "\n");
	return p;
}

void tc_report_checkpatch(const struct tc_report *r, struct strbuf *out)
{
	static const char *const level[] = { "CHECK", "WARNING", "ERROR" };
	size_t counts[3] = { 0 }, lines = 0;

	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		size_t len = 0;
		char *text = read_file(f->path, &len);
		if (text)
			for (size_t k = 0; k < len; k++)
				lines += text[k] == '\n' || (k + 1 == len);
		for (size_t k = 0; k < f->nr; k++) {
			const struct tc_rfinding *x = &f->v[k];
			size_t n;
			const char *l = text && x->line ? nth_line(text, x->line, &n) : NULL;
			char *msg = tc_rfinding_message(x);
			counts[x->severity]++;
			strbuf_addf(out, "%s: %s: %s\n", level[x->severity], x->rule, msg);
			free(msg);
			strbuf_addf(out, "#%u: FILE: %s:%u:\n", x->patch_line ? x->patch_line : x->line,
				    f->path, x->line);
			if (l) {
				strbuf_addch(out, '+');
				for (size_t c = 0; c < n; c++)
					if (l[c] == '\t')
						strbuf_addstr(out, "^I");
					else
						strbuf_addch(out, l[c]);
				strbuf_addch(out, '\n');
			}
			strbuf_addch(out, '\n');
		}
		free(text);
	}
	if (r->patch_lines)
		lines = r->patch_lines;
	strbuf_addf(out, "total: %zu errors, %zu warnings, ", counts[2], counts[1]);
	if (counts[0])
		strbuf_addf(out, "%zu checks, ", counts[0]);
	strbuf_addf(out, "%zu lines checked\n", lines);
}

void tc_report_checkpatch_terse(const struct tc_report *r, struct strbuf *out)
{
	static const char *const level[] = { "CHECK", "WARNING", "ERROR" };

	for (size_t i = 0; i < r->nr; i++)
		for (size_t k = 0; k < r->files[i].nr; k++) {
			const struct tc_rfinding *x = &r->files[i].v[k];
			char *msg = tc_rfinding_message(x);
			strbuf_addf(out, "%s:%u: %s:%s: %s\n", r->files[i].path, x->line,
				    level[x->severity], x->rule, msg);
			free(msg);
		}
}

/* Does x fail the run under f's --fail-on? */
static int fails(const struct tc_rfile *f, const struct tc_rfinding *x)
{
	return x->severity >= f->fail_on;
}

/* A library's gap that the default output summarises: it does not fail the run. */
static int summarised(const struct tc_rfile *f, const struct tc_rfinding *x)
{
	return x->library && !fails(f, x);
}

/* The same summary: the same rule and message. */
static int same_gap(const struct tc_rfinding *a, const struct tc_rfinding *b)
{
	return !strcmp(a->rule, b->rule) && !strcmp(a->msg, b->msg);
}

/*
 * Finding k, a library's gap that others of the header share (the same
 * rule and message): 1, and said once for them all at the first of them,
 * with how many there are.  0 when it is alone: printed as any finding.
 */
static int gap_summary(const struct tc_rfile *f, size_t k, struct strbuf *out)
{
	const struct tc_rfinding *x = &f->v[k];
	size_t more = 0;
	int first = 1;

	for (size_t i = 0; i < f->nr; i++) {
		if (i == k || !summarised(f, &f->v[i]) || !same_gap(x, &f->v[i]))
			continue;
		first &= i > k;
		more++;
	}
	if (!more)
		return 0;
	if (first) {
		char *msg = xasprintf("%s; here and at %zu more place%s of this header "
				      "(-v lists them)",
				      x->msg, more, more == 1 ? "" : "s");
		tc_diag_line(out, x->path ? x->path : f->path, x->line, x->col,
			     tc_severity_name(x->severity), msg, x->rule);
		free(msg);
	}
	return 1;
}

void tc_rfile_gcc(const struct tc_rfile *f, struct strbuf *out, unsigned detail)
{
	for (size_t k = 0; k < f->nr; k++) {
		const struct tc_rfinding *x = &f->v[k];
		const char *path = x->path ? x->path : f->path;
		if ((detail & TC_DETAIL_QUIET) && !fails(f, x))
			continue;
		if (!detail && summarised(f, x) && gap_summary(f, k, out))
			continue;
		/* without notes, the configuration at the message's end */
		int bare = !!(detail & (TC_DETAIL_TERSE | TC_DETAIL_QUIET));
		char *msg = bare ? tc_rfinding_message(x) : xstrdup(x->msg);
		char *cn = bare ? NULL : tc_rfinding_config_note(x);
		tc_diag_line(out, path, x->line, x->col, tc_severity_name(x->severity), msg, x->rule);
		if (cn)
			tc_diag_line(out, path, x->line, x->col, "note", cn, NULL);
		free(cn);
		free(msg);
		unsigned char *show = shown_notes(x, detail);
		for (size_t j = 0; j < x->nr_notes; j++) {
			const struct tc_rnote *n = &x->notes[j];
			if (show[j])
				tc_diag_line(out, n->path ? n->path : path, n->line, n->col, "note",
					     n->msg, NULL);
		}
		free(show);
	}
}

void tc_report_diags_gcc(struct strbuf *out, const char *path, const struct tc_diags *d,
			 unsigned detail, enum tc_severity fail_on)
{
	struct tc_rfile f = { 0 };

	f.path = xstrdup(path);
	f.fail_on = fail_on;
	tc_rfile_add_findings(&f, d, NULL, NULL, 0, NULL);
	tc_rfile_gcc(&f, out, detail);
	tc_rfile_release(&f);
}

void tc_report_gcc(const struct tc_report *r, struct strbuf *out, unsigned detail)
{
	for (size_t i = 0; i < r->nr; i++)
		tc_rfile_gcc(&r->files[i], out, detail);
}
