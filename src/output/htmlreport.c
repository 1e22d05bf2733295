// SPDX-License-Identifier: MIT
/*
 * --format=html (--report=html): the run's report as one self-contained
 * HTML page -- inline CSS, a small inline script, system fonts, nothing
 * loaded from anywhere.  The summary (files, events, findings per rule
 * and severity, the files not checked and why), a table of the
 * directories, then per directory with findings a table of them
 * (sortable by a click on a column's header; a plain table without
 * the script), each finding's notes, source excerpt and, for a layout
 * finding, the SVG of its record (recordsvg.c) in a <details>.
 * The page depends on the report alone: the same run, the same bytes.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules.h"
#include "strbuf.h"
#include "uverdict.h"
#include "util.h"

#define CONTEXT 2	/* source lines before and after a finding's */
#define MAX_COLS 160	/* bytes of a source line shown */

static const char style[] =
	"body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,\"Helvetica Neue\",Arial,"
	"sans-serif;margin:1.5em;color:#1b1b1b;background:#fff;line-height:1.4}\n"
	"h1{font-size:1.6em;margin:0 0 .2em}h2{margin-top:1.5em;border-bottom:1px solid #ccc}"
	"h3{margin:1.2em 0 .4em}h3.d{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"
	"\"DejaVu Sans Mono\",monospace;font-size:1.05em}\n"
	".meta{color:#555;margin:0}\n"
	/* the browser lays out a directory's findings when they come into view */
	"section{content-visibility:auto;contain-intrinsic-size:auto 600px}\n"
	"table{border-collapse:collapse;margin:.4em 0}"
	"th,td{border:1px solid #d0d0d0;padding:.2em .5em;text-align:left;vertical-align:top}\n"
	"th{background:#f2f2f2;white-space:nowrap}td.n,th.num{text-align:right}"
	"td.p,td.r{white-space:nowrap}td.m{width:100%;max-width:0}\n"
	"table.sortable th{cursor:pointer}table.sortable th[aria-sort=ascending]::after"
	"{content:\" \\25B2\"}table.sortable th[aria-sort=descending]::after{content:\" \\25BC\"}\n"
	"code,pre,td.p{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,\"DejaVu Sans Mono\","
	"monospace;font-size:.9em}\n"
	".error{color:#b00020;font-weight:600}.warning{color:#8a5300;font-weight:600}"
	".note{color:#245c9c}\n"
	"details>summary{cursor:pointer}ul.notes{margin:.3em 0;padding-left:1.2em}\n"
	"li.advice,li.locus{font-weight:600}li.library,li.provenance{color:#666}\n"
	"pre.src{background:#f7f7f7;border:1px solid #e0e0e0;padding:.3em 0;margin:.3em 0;"
	"tab-size:8;-moz-tab-size:8;overflow-x:auto}\n"
	"pre.src span{display:block;padding:0 .5em}pre.src span.hl{background:#fff1a8}"
	"pre.src i{font-style:normal;color:#888;display:inline-block;min-width:4em;"
	"user-select:none}\n"
	"svg.rec{display:block;max-width:100%;height:auto;margin:.4em 0}"
	"svg.rec text{font:11px system-ui,sans-serif;text-anchor:middle;fill:#111}"
	"svg.rec text.off{text-anchor:end;fill:#777}svg.rec text.cap{text-anchor:start;"
	"font-weight:600}\n"
	"svg.rec rect{stroke:#fff;stroke-width:1}.cm rect{fill:#d9d9d9}.f0 rect{fill:#bcd7f7}"
	".f1 rect{fill:#93bdf0}.hole rect,.pad rect{fill:url(#tc-hatch);stroke:#c62828}\n"
	".legend span{display:inline-block;width:1em;height:.8em;margin:0 .3em 0 .8em;"
	"vertical-align:middle}.legend .lc{background:#d9d9d9}.legend .lf{background:#93bdf0}"
	".legend .lh{background:repeating-linear-gradient(45deg,#fde2e2 0 3px,#c62828 3px 5px)}\n";

static const char script[] =
	"document.querySelectorAll('table.sortable').forEach(function(t){\n"
	"var hs=t.tHead.rows[0].cells;\n"
	"Array.prototype.forEach.call(hs,function(th,i){th.tabIndex=0;\n"
	"function sort(){var asc=th.getAttribute('aria-sort')!=='ascending';\n"
	"Array.prototype.forEach.call(hs,function(o){o.removeAttribute('aria-sort');});\n"
	"th.setAttribute('aria-sort',asc?'ascending':'descending');\n"
	"var num=th.classList.contains('num'),b=t.tBodies[0];\n"
	"function key(r){var c=r.cells[i],v=c.getAttribute('data-v');\n"
	"if(v===null){var s=c.querySelector('summary');v=(s||c).textContent;}\n"
	"return num?parseFloat(v):v;}\n"
	"var rows=Array.prototype.map.call(b.rows,function(r){return [key(r),r];});\n"
	"rows.sort(function(x,y){var c=num?x[0]-y[0]:x[0]<y[0]?-1:x[0]>y[0]?1:0;"
	"return asc?c:-c;});\n"
	"rows.forEach(function(e){b.appendChild(e[1]);});}\n"
	"th.addEventListener('click',sort);\n"
	"th.addEventListener('keydown',function(e){if(e.key==='Enter')sort();});});});\n";

void tc_html_escape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&':
			strbuf_addstr(sb, "&amp;");
			break;
		case '<':
			strbuf_addstr(sb, "&lt;");
			break;
		case '>':
			strbuf_addstr(sb, "&gt;");
			break;
		case '"':
			strbuf_addstr(sb, "&quot;");
			break;
		default:
			strbuf_addch(sb, *s);
		}
	}
}

static void escape_n(struct strbuf *sb, const char *s, size_t n)
{
	char *t = xstrndup(s, n);

	tc_html_escape(sb, t);
	free(t);
}

static const char *plain(const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/* The directory of path ("." for none); malloced. */
static char *dir_of(const char *path)
{
	const char *p = plain(path), *slash = strrchr(p, '/');

	return slash ? strndup(p, (size_t)(slash - p)) : xstrdup(".");
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

struct dirstat {
	size_t files, events, sev[3], nr;
	size_t with; /* files with findings */
};

/* Lines [line - CONTEXT, line + CONTEXT] of text, line highlighted. */
static void excerpt(struct strbuf *sb, const char *text, unsigned line)
{
	const char *p = text;
	unsigned first = line > CONTEXT ? line - CONTEXT : 1;
	int any = 0;

	for (unsigned n = 1; p && *p && n <= line + CONTEXT; n++) {
		const char *eol = strchrnul(p, '\n');
		if (n >= first) {
			size_t len = (size_t)(eol - p), shown = len;
			if (!any)
				strbuf_addstr(sb, "<pre class=\"src\">");
			any = 1;
			if (shown > MAX_COLS) {
				shown = MAX_COLS;
				/* not inside a UTF-8 sequence */
				while (shown && ((unsigned char)p[shown] & 0xc0) == 0x80)
					shown--;
			}
			strbuf_addf(sb, "<span%s><i>%u</i>", n == line ? " class=\"hl\"" : "", n);
			escape_n(sb, p, shown);
			if (shown < len)
				strbuf_addstr(sb, "\xe2\x80\xa6");
			strbuf_addstr(sb, "</span>");
		}
		p = *eol ? eol + 1 : NULL;
	}
	if (any)
		strbuf_addstr(sb, "</pre>");
}

static void record_caption(struct strbuf *sb, const struct tc_rrecord *rec)
{
	if (!strcmp(rec->events, rec->name)) {
		strbuf_addstr(sb, "The record of event <code>");
		tc_html_escape(sb, rec->name);
		strbuf_addstr(sb, "</code>");
	} else {
		strbuf_addstr(sb, "The record of event class <code>");
		tc_html_escape(sb, rec->name);
		strbuf_addstr(sb, "</code>");
		if (*rec->events) {
			strbuf_addstr(sb, " (events: ");
			tc_html_escape(sb, rec->events);
			strbuf_addch(sb, ')');
		}
	}
	strbuf_addstr(sb, "<span class=\"legend\"><span class=\"lc\"></span>common fields"
			  "<span class=\"lf\"></span>field<span class=\"lh\"></span>padding</span>");
}

static void finding_row(struct strbuf *sb, const struct tc_rfile *f, size_t fi, size_t k,
			const char *text, unsigned char *drawn)
{
	const struct tc_rfinding *x = &f->v[k];
	const char *sev = tc_severity_name(x->severity);

	strbuf_addstr(sb, "<tr><td class=\"p\">");
	tc_html_escape(sb, base_of(f->path));
	strbuf_addf(sb, "</td><td class=\"n\">%u</td><td class=\"%s\" data-v=\"%d\">%s</td>",
		    x->line, sev, (int)x->severity, sev);
	strbuf_addstr(sb, "<td class=\"r\">");
	tc_html_escape(sb, x->rule);
	strbuf_addstr(sb, "</td><td class=\"m\"><details><summary>");
	char *msg = tc_rfinding_message(x);
	tc_html_escape(sb, msg);
	free(msg);
	strbuf_addstr(sb, "</summary><div class=\"p\">");
	tc_html_escape(sb, plain(f->path));
	strbuf_addf(sb, ":%u:%u</div>", x->line, x->col);
	if (x->nr_notes) {
		strbuf_addstr(sb, "<ul class=\"notes\">");
		for (size_t n = 0; n < x->nr_notes; n++) {
			const struct tc_rnote *y = &x->notes[n];
			/* its kind (diag.h): what the gcc format shows by default stands out */
			strbuf_addf(sb, "<li class=\"%s\">", tc_note_kind_name(y->kind));
			if (strcmp(y->path, f->path) || y->line != x->line) {
				strbuf_addstr(sb, "<code>");
				if (strcmp(y->path, f->path))
					tc_html_escape(sb, plain(y->path));
				else
					strbuf_addstr(sb, "line ");
				strbuf_addf(sb, "%s%u</code>: ", strcmp(y->path, f->path) ? ":" : "",
					    y->line);
			}
			tc_html_escape(sb, y->msg);
			strbuf_addstr(sb, "</li>");
		}
		strbuf_addstr(sb, "</ul>");
	}
	if (text && x->line)
		excerpt(sb, text, x->line);
	if (x->record && x->record <= f->nr_records) {
		const struct tc_rrecord *rec = &f->records[x->record - 1];
		if (!drawn[x->record - 1]) {
			drawn[x->record - 1] = 1;
			strbuf_addf(sb, "<figure id=\"r%zu-%zu\" style=\"margin:0\"><figcaption>", fi,
				    x->record);
			record_caption(sb, rec);
			strbuf_addstr(sb, "</figcaption>");
			tc_record_svg(sb, rec);
			strbuf_addstr(sb, "</figure>");
		} else {
			strbuf_addf(sb, "<p><a href=\"#r%zu-%zu\">The record of <code>", fi,
				    x->record);
			tc_html_escape(sb, rec->name);
			strbuf_addstr(sb, "</code></a> is drawn with another finding.</p>");
		}
	}
	strbuf_addstr(sb, "</details></td></tr>\n");
}

static void dir_section(struct strbuf *sb, const struct tc_report *r, const char *dir, size_t d,
			const struct dirstat *st)
{
	strbuf_addf(sb, "<section id=\"d%zu\"><h3 class=\"d\">", d);
	tc_html_escape(sb, dir);
	strbuf_addf(sb, "/</h3><p class=\"meta\">%zu finding%s in %zu of its %zu file%s</p>\n",
		    st->nr, st->nr == 1 ? "" : "s", st->with, st->files, st->files == 1 ? "" : "s");
	strbuf_addstr(sb, "<table class=\"sortable\"><thead><tr><th>File</th><th class=\"num\">"
			  "Line</th><th class=\"num\">Severity</th><th>Rule</th><th>Finding"
			  "</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		char *fd = dir_of(f->path);
		int here = !strcmp(fd, dir);
		free(fd);
		if (!here || !f->nr)
			continue;
		char *text = read_file(f->path, NULL);
		unsigned char *drawn = xcalloc(f->nr_records + 1, 1);
		for (size_t k = 0; k < f->nr; k++)
			finding_row(sb, f, i, k, text, drawn);
		free(drawn);
		free(text);
	}
	strbuf_addstr(sb, "</tbody></table></section>\n");
}

/* The files whose findings --max-findings cut, and how many it left out. */
static void omitted_table(struct strbuf *sb, const struct tc_report *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nr; i++)
		n += r->files[i].omitted > 0;
	if (!n)
		return;
	strbuf_addstr(sb, "<h3>Findings left out (--max-findings)</h3>\n<table id=\"omitted\" "
			  "class=\"sortable\"><thead><tr><th>File</th><th class=\"num\">Reported"
			  "</th><th class=\"num\">Left out</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		if (!f->omitted)
			continue;
		strbuf_addstr(sb, "<tr><td class=\"p\">");
		tc_html_escape(sb, plain(f->path));
		strbuf_addf(sb, "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td></tr>\n",
			    f->nr, f->omitted);
	}
	strbuf_addstr(sb, "</tbody></table>\n");
}

static void rule_table(struct strbuf *sb, const struct tc_report *r)
{
	/* the registry's rules in its order, then any others the report names */
	const char **names = NULL;
	size_t nr = 0, alloc = 0, (*counts)[3];

	for (size_t i = 0; i < tc_nr_rules; i++) {
		ALLOC_GROW(names, nr + 1, alloc);
		names[nr++] = tc_rules[i]->name;
	}
	for (size_t i = 0; i < r->nr; i++)
		for (size_t k = 0; k < r->files[i].nr; k++) {
			size_t n = 0;
			while (n < nr && strcmp(names[n], r->files[i].v[k].rule))
				n++;
			if (n == nr) {
				ALLOC_GROW(names, nr + 1, alloc);
				names[nr++] = r->files[i].v[k].rule;
			}
		}
	counts = xcalloc(nr + 1, sizeof(*counts));
	for (size_t i = 0; i < r->nr; i++)
		for (size_t k = 0; k < r->files[i].nr; k++)
			for (size_t n = 0; n < nr; n++)
				if (!strcmp(names[n], r->files[i].v[k].rule))
					counts[n][r->files[i].v[k].severity]++;
	strbuf_addstr(sb, "<h3>Findings per rule</h3>\n<table id=\"rules\" class=\"sortable\"><thead><tr>"
			  "<th>Rule</th><th class=\"num\">Errors</th><th class=\"num\">Warnings"
			  "</th><th class=\"num\">Notes</th><th class=\"num\">Total</th></tr>"
			  "</thead><tbody>\n");
	for (size_t n = 0; n < nr; n++) {
		size_t t = counts[n][0] + counts[n][1] + counts[n][2];
		if (!t)
			continue;
		strbuf_addstr(sb, "<tr><td>");
		tc_html_escape(sb, names[n]);
		strbuf_addf(sb,
			    "</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">"
			    "%zu</td><td class=\"n\">%zu</td></tr>\n",
			    counts[n][TC_SEV_ERROR], counts[n][TC_SEV_WARNING],
			    counts[n][TC_SEV_NOTE], t);
	}
	strbuf_addstr(sb, "</tbody></table>\n");
	free(counts);
	free(names);
}

/* w as a shell word: as it is when it needs no quoting, else in single quotes. */
static void add_shell_word(struct strbuf *sb, const char *w)
{
	if (*w && strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
			   "-_./=:,+%@") == strlen(w)) {
		strbuf_addstr(sb, w);
		return;
	}
	strbuf_addch(sb, '\'');
	for (; *w; w++)
		if (*w == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *w);
	strbuf_addch(sb, '\'');
}

void tc_report_set_run(struct tc_report *r, int argc, char **argv, const char *tree,
		       const char *config)
{
	struct strbuf sb = STRBUF_INIT;
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end = NULL;
	long long e = epoch && *epoch ? strtoll(epoch, &end, 10) : -1;
	time_t t = e >= 0 && end && !*end ? (time_t)e : time(NULL);
	struct tm tm;
	char buf[64];

	strbuf_addstr(&sb, "tracecheck");
	for (int i = 1; i < argc; i++) {
		strbuf_addch(&sb, ' ');
		add_shell_word(&sb, argv[i]);
	}
	free(r->command);
	r->command = strbuf_detach(&sb);
	free(r->tree);
	r->tree = tree ? xstrdup(tree) : NULL;
	free(r->config);
	r->config = config ? xstrdup(config) : NULL;
	free(r->when);
	r->when = gmtime_r(&t, &tm) && strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M:%S UTC", &tm)
			  ? xstrdup(buf)
			  : NULL;
}

/* One line of what the run was, when it is known: "<p class=meta>WHAT: <code>TEXT</code></p>" */
static void meta_line(struct strbuf *out, const char *what, const char *text, int code)
{
	strbuf_addf(out, "<p class=\"meta\">%s: %s", what, code ? "<code>" : "");
	tc_html_escape(out, text);
	strbuf_addf(out, "%s</p>\n", code ? "</code>" : "");
}

/* The run (tc_report_set_run()): its command, kernel tree, configuration and time. */
static void run_meta(struct strbuf *out, const struct tc_report *r)
{
	if (!r->command)
		return; /* --merge of reports: their runs are theirs */
	meta_line(out, "Command", r->command, 1);
	meta_line(out, "Kernel tree", r->tree ? r->tree : "each header's own (the tree it is in)",
		  !!r->tree);
	meta_line(out, "Configuration",
		  r->config ? r->config : "none given (no --kconfig or --kernel-build)",
		  !!r->config);
	if (r->when)
		meta_line(out, "Checked", r->when, 0);
}

void tc_report_html(const struct tc_report *r, struct strbuf *out)
{
	const char *consumer = tc_uv_consumer();
	size_t events = 0, failed = 0, sev[3] = { 0 }, nr_dirs = 0;
	char **dirs = xcalloc(r->nr + 1, sizeof(*dirs));
	struct dirstat *ds;

	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		events += f->events;
		failed += !tc_rfile_checked(f);
		for (size_t k = 0; k < f->nr; k++)
			sev[f->v[k].severity]++;
		dirs[nr_dirs++] = dir_of(f->path);
	}
	QSORT(dirs, nr_dirs, cmp_str);
	size_t u = 0;
	for (size_t i = 0; i < nr_dirs; i++) {
		if (u && !strcmp(dirs[u - 1], dirs[i])) {
			free(dirs[i]);
			continue;
		}
		dirs[u++] = dirs[i];
	}
	nr_dirs = u;
	ds = xcalloc(nr_dirs + 1, sizeof(*ds));
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		char *d = dir_of(f->path);
		char **at = BSEARCH(&d, dirs, nr_dirs, cmp_str);
		struct dirstat *s = &ds[at - dirs];
		free(d);
		s->files++;
		s->events += f->events;
		s->nr += f->nr;
		s->with += f->nr > 0;
		for (size_t k = 0; k < f->nr; k++)
			s->sev[f->v[k].severity]++;
	}

	strbuf_addstr(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
			   "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
			   "<meta name=\"generator\" content=\"tracecheck " PACKAGE_VERSION "\">"
			   "<title>tracecheck report</title>\n<style>\n");
	strbuf_addstr(out, style);
	strbuf_addstr(out, "</style></head>\n<body>\n<svg width=\"0\" height=\"0\" "
			   "style=\"position:absolute\" aria-hidden=\"true\"><defs><pattern "
			   "id=\"tc-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
			   "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" "
			   "fill=\"#fde2e2\" stroke=\"none\"/><rect width=\"2\" height=\"6\" "
			   "fill=\"#c62828\" stroke=\"none\"/></pattern></defs></svg>\n");
	strbuf_addstr(out, "<h1>tracecheck report</h1>\n<p class=\"meta\">tracecheck " PACKAGE_VERSION);
	if (consumer) {
		strbuf_addstr(out, ", user-space checks with ");
		tc_html_escape(out, consumer);
	}
	strbuf_addstr(out, "</p>\n");
	run_meta(out, r);
	strbuf_addstr(out, "<h2 id=\"summary\">Summary</h2>\n<table>\n");
	strbuf_addf(out, "<tr><th>Files checked</th><td class=\"n\">%zu</td></tr>\n", r->nr - failed);
	strbuf_addf(out, "<tr><th>Files not checked</th><td class=\"n\">%zu</td></tr>\n", failed);
	strbuf_addf(out, "<tr><th>Events</th><td class=\"n\">%zu</td></tr>\n", events);
	strbuf_addf(out,
		    "<tr><th>Findings</th><td class=\"n\">%zu</td></tr>\n"
		    "<tr><th class=\"error\">Errors</th><td class=\"n\">%zu</td></tr>\n"
		    "<tr><th class=\"warning\">Warnings</th><td class=\"n\">%zu</td></tr>\n"
		    "<tr><th class=\"note\">Notes</th><td class=\"n\">%zu</td></tr>\n</table>\n",
		    sev[0] + sev[1] + sev[2], sev[TC_SEV_ERROR], sev[TC_SEV_WARNING],
		    sev[TC_SEV_NOTE]);
	if (sev[0] + sev[1] + sev[2])
		rule_table(out, r);
	omitted_table(out, r);
	strbuf_addstr(out, "<h3>Files not checked</h3>\n");
	if (!failed) {
		strbuf_addstr(out, "<p>None: every file was checked.</p>\n");
	} else {
		strbuf_addstr(out, "<table id=\"failed\" class=\"sortable\"><thead><tr><th>File</th>"
				   "<th>Why</th>"
				   "</tr></thead><tbody>\n");
		for (size_t i = 0; i < r->nr; i++) {
			const struct tc_rfile *f = &r->files[i];
			if (tc_rfile_checked(f))
				continue;
			strbuf_addstr(out, "<tr><td class=\"p\">");
			tc_html_escape(out, plain(f->path));
			strbuf_addstr(out, "</td><td>");
			tc_html_escape(out, tc_rfile_why(f));
			strbuf_addstr(out, "</td></tr>\n");
		}
		strbuf_addstr(out, "</tbody></table>\n");
	}
	strbuf_addstr(out, "<h2 id=\"dirs\">Directories</h2>\n<table class=\"sortable\"><thead><tr>"
			   "<th>Directory</th><th class=\"num\">Files</th><th class=\"num\">Events"
			   "</th><th class=\"num\">Findings</th><th class=\"num\">Errors</th>"
			   "<th class=\"num\">Warnings</th><th class=\"num\">Notes</th></tr></thead>"
			   "<tbody>\n");
	for (size_t d = 0; d < nr_dirs; d++) {
		const struct dirstat *s = &ds[d];
		strbuf_addstr(out, "<tr><td class=\"p\">");
		if (s->nr)
			strbuf_addf(out, "<a href=\"#d%zu\">", d);
		tc_html_escape(out, dirs[d]);
		strbuf_addf(out,
			    "/%s</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">"
			    "%zu</td><td class=\"n\">%zu</td><td class=\"n\">%zu</td><td class=\"n\">"
			    "%zu</td></tr>\n",
			    s->nr ? "</a>" : "", s->files, s->events, s->nr, s->sev[TC_SEV_ERROR],
			    s->sev[TC_SEV_WARNING], s->sev[TC_SEV_NOTE]);
	}
	strbuf_addstr(out, "</tbody></table>\n");
	if (sev[0] + sev[1] + sev[2])
		strbuf_addstr(out, "<h2 id=\"findings\">Findings</h2>\n");
	for (size_t d = 0; d < nr_dirs; d++)
		if (ds[d].nr)
			dir_section(out, r, dirs[d], d, &ds[d]);
	strbuf_addstr(out, "<script>\n");
	strbuf_addstr(out, script);
	strbuf_addstr(out, "</script>\n</body></html>\n");
	for (size_t d = 0; d < nr_dirs; d++)
		free(dirs[d]);
	free(dirs);
	free(ds);
}
