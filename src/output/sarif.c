// SPDX-License-Identifier: MIT
/* The SARIF 2.1.0 report: written, and read back for --merge. */
#include "report_internal.h"

#include <stdlib.h>
#include <string.h>

#include "ruledoc.h"
#include "strbuf.h"
#include "util.h"

/* ---- SARIF 2.1.0 ---- */

static const char *const sarif_levels[] = { "note", "warning", "error" };

/* A path as a URI reference: unreserved bytes and '/' kept, the rest %XX. */
static void add_uri(struct strbuf *sb, const char *path)
{
	struct strbuf u = STRBUF_INIT;

	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~/", *p))
			strbuf_addch(&u, *p);
		else
			strbuf_addf(&u, "%%%02X", *p);
	tc_json_quote(sb, strbuf_str(&u));
	strbuf_release(&u);
}

/*
 * An artifact location's "uri": a relative path (to the root the paths
 * are relative to) with SARIF's uriBaseId %SRCROOT%, an absolute one as
 * a file: URI.
 */
static void add_location_uri(struct strbuf *sb, const char *path)
{
	strbuf_addstr(sb, "\"uri\":");
	if (*path == '/') {
		struct strbuf u = STRBUF_INIT;
		add_uri(&u, path);
		strbuf_addf(sb, "\"file://%s", u.buf + 1);
		strbuf_release(&u);
		return;
	}
	add_uri(sb, path);
	strbuf_addstr(sb, ",\"uriBaseId\":\"%SRCROOT%\"");
}

static char *uri_decode(const char *uri)
{
	struct strbuf sb = STRBUF_INIT;

	if (!strncmp(uri, "file://", 7))
		uri += 7;
	for (const char *p = uri; *p; p++) {
		unsigned v;
		if (*p == '%' && sscanf(p + 1, "%2x", &v) == 1 && p[1] && p[2]) {
			strbuf_addch(&sb, (int)v);
			p += 2;
		} else {
			strbuf_addch(&sb, *p);
		}
	}
	return strbuf_detach(&sb);
}

static void add_text(struct strbuf *sb, const char *key, const char *text)
{
	tc_rpt_add_key(sb, key);
	strbuf_addstr(sb, "{\"text\":");
	tc_json_quote(sb, text);
	strbuf_addch(sb, '}');
}

static void add_physical(struct strbuf *sb, const char *path, long index, unsigned line,
			 unsigned col)
{
	strbuf_addstr(sb, "\"physicalLocation\":{\"artifactLocation\":{");
	add_location_uri(sb, path);
	if (index >= 0)
		strbuf_addf(sb, ",\"index\":%ld", index);
	strbuf_addch(sb, '}');
	if (line) {
		strbuf_addf(sb, ",\"region\":{\"startLine\":%u", line);
		if (col)
			strbuf_addf(sb, ",\"startColumn\":%u", col);
		strbuf_addch(sb, '}');
	}
	strbuf_addch(sb, '}');
}

static void write_rules(struct strbuf *sb)
{
	static const char *const problem[] = { "recommendation", "warning", "error" };

	strbuf_addstr(sb, "\"rules\":[");
	for (size_t i = 0; i < tc_nr_rules; i++) {
		const struct tc_rule *ru = tc_rules[i];
		char *full = tc_rule_doc_first_paragraph(ru);
		struct strbuf help = STRBUF_INIT, md = STRBUF_INIT;
		tc_rule_doc_text(ru, &help);
		tc_rule_doc_markdown(ru, &md);
		strbuf_addstr(sb, i ? ",\n" : "\n");
		strbuf_addch(sb, '{');
		tc_rpt_add_str(sb, "id", ru->name);
		strbuf_addch(sb, ',');
		add_text(sb, "shortDescription", ru->summary);
		strbuf_addch(sb, ',');
		add_text(sb, "fullDescription", full);
		strbuf_addch(sb, ',');
		tc_rpt_add_key(sb, "help");
		strbuf_addstr(sb, "{\"text\":");
		tc_json_quote(sb, strbuf_str(&help));
		strbuf_addstr(sb, ",\"markdown\":");
		tc_json_quote(sb, strbuf_str(&md));
		strbuf_addch(sb, '}');
		strbuf_release(&help);
		strbuf_release(&md);
		strbuf_addf(sb,
			    ",\"defaultConfiguration\":{\"enabled\":%s,\"level\":\"%s\"},"
			    "\"properties\":{\"tags\":[\"trace-events\"],\"precision\":\"high\","
			    "\"problem.severity\":\"%s\"}}",
			    ru->enabled ? "true" : "false", sarif_levels[ru->severity],
			    problem[ru->severity]);
		free(full);
	}
	strbuf_addstr(sb, "]");
}

/*
 * The run's invocation, when something was not checked or not reported:
 * a notification per file that failed (the reason: unreadable, over
 * --timeout, ...), was not checked (the reason: its events are under
 * #if, ...) or had findings left out by --max-findings.
 */
static void sarif_invocations(const struct tc_report *r, struct strbuf *out)
{
	int failed = 0, any = 0;

	for (size_t i = 0; i < r->nr; i++) {
		failed |= r->files[i].status == 2;
		any |= !tc_rfile_checked(&r->files[i]) || r->files[i].omitted;
	}
	if (!any)
		return;
	strbuf_addf(out, "\"invocations\":[{\"executionSuccessful\":%s,"
			 "\"toolExecutionNotifications\":[",
		    failed ? "false" : "true");
	int first = 1;
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		char *msg;
		if (!tc_rfile_checked(f))
			msg = tc_rfile_not_checked_text(f);
		else if (f->omitted)
			msg = xasprintf("%s: %zu findings, only the first %ld reported "
					"(--max-findings %ld; 0: no limit)",
					f->path, f->nr + f->omitted, f->limit, f->limit);
		else
			continue;
		strbuf_addstr(out, first ? "\n{" : ",\n{");
		first = 0;
		strbuf_addf(out, "\"level\":\"%s\",", f->status == 2 ? "error" : "warning");
		add_text(out, "message", msg);
		strbuf_addstr(out, ",\"locations\":[{");
		add_physical(out, f->path, (long)i, 0, 0);
		strbuf_addstr(out, "}]}");
		free(msg);
	}
	strbuf_addstr(out, "]}],\n");
}

/* Finding x of file f (the i-th artifact) as a result. */
static void sarif_result(struct strbuf *out, const struct tc_rfile *f, size_t i,
			 const struct tc_rfinding *x)
{
	int ri = tc_rule_index(x->rule);

	tc_rpt_add_str(out, "ruleId", x->rule);
	if (ri >= 0)
		strbuf_addf(out, ",\"ruleIndex\":%d", ri);
	strbuf_addf(out, ",\"level\":\"%s\",", sarif_levels[x->severity]);
	add_text(out, "message", x->msg);
	strbuf_addstr(out, ",\"locations\":[{");
	add_physical(out, f->path, (long)i, x->line, x->col);
	strbuf_addstr(out, "}]");
	if (x->nr_notes) {
		strbuf_addstr(out, ",\"relatedLocations\":[");
		for (size_t n = 0; n < x->nr_notes; n++) {
			const struct tc_rnote *y = &x->notes[n];
			strbuf_addf(out, "%s{\"id\":%zu,", n ? "," : "", n + 1);
			add_physical(out, y->path, -1, y->line, y->col);
			strbuf_addch(out, ',');
			add_text(out, "message", y->msg);
			strbuf_addstr(out, ",\"properties\":{");
			tc_rpt_add_str(out, "kind", tc_note_kind_name(y->kind));
			strbuf_addstr(out, "}}");
		}
		strbuf_addch(out, ']');
	}
	if (x->fix) {
		strbuf_addstr(out, ",\"fixes\":[{");
		add_text(out, "description", x->fix->desc);
		strbuf_addstr(out, ",\"artifactChanges\":[{\"artifactLocation\":{");
		add_location_uri(out, f->path);
		strbuf_addf(out, ",\"index\":%zu},\"replacements\":[{\"deletedRegion\":{", i);
		tc_rpt_add_region(out, x->fix);
		strbuf_addstr(out, "},");
		add_text(out, "insertedContent", x->fix->text);
		strbuf_addstr(out, "}]}]}]");
	}
	strbuf_addstr(out, ",\"partialFingerprints\":{");
	if (x->line_hash) {
		tc_rpt_add_str(out, "primaryLocationLineHash", x->line_hash);
		strbuf_addch(out, ',');
	}
	tc_rpt_add_str(out, "tracecheck/v2", x->fingerprint);
	strbuf_addch(out, '}');
	if ((x->subject && *x->subject) || x->library || x->config) {
		int comma = 0;
		strbuf_addstr(out, ",\"properties\":{");
		if (x->subject && *x->subject) {
			tc_rpt_add_str(out, "subject", x->subject);
			tc_rpt_add_about(out, x->subject, tc_json_quote);
			comma = 1;
		}
		if (x->library) {
			strbuf_addf(out, "%s\"blame\":\"library\"", comma ? "," : "");
			comma = 1;
		}
		if (x->config) {
			if (comma)
				strbuf_addch(out, ',');
			tc_rpt_add_str(out, "config", x->config);
		}
		strbuf_addch(out, '}');
	}
	if (x->justification) {
		strbuf_addstr(out, ",\"suppressions\":[{\"kind\":\"inSource\",");
		tc_rpt_add_str(out, "justification", x->justification);
		strbuf_addstr(out, "}]");
	}
	strbuf_addch(out, '}');
}

void tc_report_sarif(const struct tc_report *r, struct strbuf *out)
{
	const char *v = PACKAGE_VERSION;
	int dots = 0;

	for (const char *p = v; *p; p++)
		dots += *p == '.';
	strbuf_addstr(out, "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
			   "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{"
			   "\"name\":\"tracecheck\",");
	tc_rpt_add_str(out, "version", v);
	strbuf_addf(out, ",\"semanticVersion\":\"%s%s\",", v, dots == 1 ? ".0" : "");
	write_rules(out);
	strbuf_addstr(out, "}},\n\"columnKind\":\"unicodeCodePoints\",\n");
	if (r->srcroot) {
		strbuf_addstr(out, "\"originalUriBaseIds\":{\"%SRCROOT%\":{\"uri\":");
		char *dir = xasprintf("%s/", strcmp(r->srcroot, "/") ? r->srcroot : "");
		struct strbuf u = STRBUF_INIT;
		add_uri(&u, dir);
		strbuf_addf(out, "\"file://%s}},\n", u.buf + 1);
		strbuf_release(&u);
		free(dir);
	}
	strbuf_addstr(out, "\"artifacts\":[");
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		strbuf_addstr(out, i ? ",\n" : "\n");
		strbuf_addstr(out, "{\"location\":{");
		add_location_uri(out, f->path);
		strbuf_addf(out, "},\"properties\":{\"events\":%zu,\"status\":\"%s\"", f->events,
			    tc_rpt_status_name(f->status));
		tc_rpt_add_why(out, f, tc_json_quote);
		tc_rpt_add_omitted(out, f->omitted, f->limit);
		strbuf_addstr(out, "}}");
	}
	strbuf_addstr(out, "],\n");
	sarif_invocations(r, out);
	strbuf_addstr(out, "\"results\":[");
	int first = 1;
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		for (size_t k = 0; k < f->nr + f->nr_supp; k++) {
			strbuf_addstr(out, first ? "\n{" : ",\n{");
			first = 0;
			sarif_result(out, f, i, k < f->nr ? &f->v[k] : &f->supp[k - f->nr]);
		}
	}
	strbuf_addstr(out, "]}]}\n");
}

/* A location of a SARIF result: its path, line and column. */
static char *sarif_where(const struct tc_json *loc, unsigned *line, unsigned *col)
{
	const struct tc_json *pl = tc_json_get(loc, "physicalLocation");
	const char *uri = tc_json_str(tc_json_get(tc_json_get(pl, "artifactLocation"), "uri"));
	const struct tc_json *region = tc_json_get(pl, "region");

	*line = tc_rpt_uint_of(tc_json_get(region, "startLine"));
	*col = tc_rpt_uint_of(tc_json_get(region, "startColumn"));
	return uri ? uri_decode(uri) : NULL;
}

/* The first fix of a SARIF result, as tracecheck writes it (one replacement), or NULL. */
static struct tc_rfix *sarif_fix(const struct tc_json *fixes)
{
	if (!fixes || fixes->type != TC_JSON_ARRAY || !fixes->nr)
		return NULL;
	const struct tc_json *fx = fixes->items[0];
	const struct tc_json *ch = tc_json_get(fx, "artifactChanges");
	const struct tc_json *rs = ch && ch->type == TC_JSON_ARRAY && ch->nr
					   ? tc_json_get(ch->items[0], "replacements")
					   : NULL;
	const struct tc_json *rp = rs && rs->type == TC_JSON_ARRAY && rs->nr ? rs->items[0] : NULL;
	const struct tc_json *dr = tc_json_get(rp, "deletedRegion");
	const char *d = tc_json_str(tc_json_get(tc_json_get(fx, "description"), "text"));
	const char *t = tc_json_str(tc_json_get(tc_json_get(rp, "insertedContent"), "text"));

	return tc_rpt_make_fix(d, t, dr);
}

/* The files of a SARIF run that tracecheck wrote; -1 if it is not one. */
int tc_rpt_load_sarif(struct tc_report *r, const struct tc_json *doc)
{
	const struct tc_json *runs = tc_json_get(doc, "runs");
	const struct tc_json *run = runs && runs->type == TC_JSON_ARRAY && runs->nr == 1
					    ? runs->items[0]
					    : NULL;
	const char *name = tc_json_str(tc_json_get(tc_json_get(tc_json_get(run, "tool"), "driver"),
						   "name"));
	const struct tc_json *arts = tc_json_get(run, "artifacts");
	const struct tc_json *results = tc_json_get(run, "results");
	size_t base = r->nr;

	if (!name || strcmp(name, "tracecheck") || !arts || arts->type != TC_JSON_ARRAY || !results ||
	    results->type != TC_JSON_ARRAY)
		return -1;
	const char *root = tc_json_str(tc_json_get(
		tc_json_get(tc_json_get(run, "originalUriBaseIds"), "%SRCROOT%"), "uri"));
	if (root && !r->srcroot) {
		r->srcroot = uri_decode(root);
		size_t n = strlen(r->srcroot);
		if (n > 1 && r->srcroot[n - 1] == '/')
			r->srcroot[n - 1] = '\0';
	}
	for (size_t i = 0; i < arts->nr; i++) {
		const struct tc_json *a = arts->items[i];
		const struct tc_json *props = tc_json_get(a, "properties");
		const char *uri = tc_json_str(tc_json_get(tc_json_get(a, "location"), "uri"));
		const char *st = tc_json_str(tc_json_get(props, "status"));
		if (!uri || !st)
			return -1;
		struct tc_rfile *f = tc_rpt_new_file(r);
		memset(f, 0, sizeof(*f));
		f->path = uri_decode(uri);
		f->fail_on = TC_SEV_WARNING;
		tc_rpt_file_props(f, props, st);
	}
	for (size_t i = 0; i < results->nr; i++) {
		const struct tc_json *g = results->items[i];
		const struct tc_json *locs = tc_json_get(g, "locations");
		const struct tc_json *fps = tc_json_get(g, "partialFingerprints");
		const struct tc_json *rel = tc_json_get(g, "relatedLocations");
		const char *rule = tc_json_str(tc_json_get(g, "ruleId"));
		const char *msg = tc_json_str(tc_json_get(tc_json_get(g, "message"), "text"));
		const char *level = tc_json_str(tc_json_get(g, "level"));
		if (!rule || !msg || !level || !locs || locs->type != TC_JSON_ARRAY || !locs->nr)
			return -1;
		long long idx = tc_json_int(tc_json_get(tc_json_get(tc_json_get(locs->items[0],
										  "physicalLocation"),
								       "artifactLocation"),
							"index"),
					    -1);
		if (idx < 0 || (size_t)idx >= r->nr - base)
			return -1;
		struct tc_rfile *f = &r->files[base + (size_t)idx];
		const struct tc_json *sup = tc_json_get(g, "suppressions");
		const char *why = sup && sup->type == TC_JSON_ARRAY && sup->nr
					  ? tc_json_str(tc_json_get(sup->items[0], "justification"))
					  : NULL;
		struct tc_rfinding **v = why ? &f->supp : &f->v;
		size_t *nr = why ? &f->nr_supp : &f->nr;
		*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
		struct tc_rfinding *x = &(*v)[(*nr)++];
		memset(x, 0, sizeof(*x));
		x->justification = tc_rpt_dup_or_null(why);
		x->severity = TC_SEV_ERROR;
		for (int k = 0; k < 3; k++)
			if (!strcmp(level, sarif_levels[k]))
				x->severity = (enum tc_severity)k;
		free(sarif_where(locs->items[0], &x->line, &x->col));
		x->rule = xstrdup(rule);
		x->msg = xstrdup(msg);
		/* v2: keyed on the subject; v1 (0.1): on the message */
		x->fingerprint = xstrdup(tc_json_str(tc_json_get(fps, "tracecheck/v2"))
						 ?: tc_json_str(tc_json_get(fps, "tracecheck/v1")) ?: "");
		const struct tc_json *props = tc_json_get(g, "properties");
		x->subject = xstrdup(tc_json_str(tc_json_get(props, "subject")) ?: "");
		x->library = !strcmp(tc_json_str(tc_json_get(props, "blame")) ?: "", "library");
		x->config = tc_rpt_dup_or_null(tc_json_str(tc_json_get(props, "config")));
		x->line_hash =
			tc_rpt_dup_or_null(tc_json_str(tc_json_get(fps, "primaryLocationLineHash")));
		x->fix = sarif_fix(tc_json_get(g, "fixes"));
		if (!rel || rel->type != TC_JSON_ARRAY)
			continue;
		x->notes = xcalloc(rel->nr + 1, sizeof(*x->notes));
		for (size_t n = 0; n < rel->nr; n++) {
			struct tc_rnote *y = &x->notes[x->nr_notes];
			const char *m = tc_json_str(tc_json_get(tc_json_get(rel->items[n], "message"),
							       "text"));
			const char *kind = tc_json_str(
				tc_json_get(tc_json_get(rel->items[n], "properties"), "kind"));
			y->path = sarif_where(rel->items[n], &y->line, &y->col);
			if (!m || !y->path || (kind && tc_note_kind_parse(kind, &y->kind))) {
				free(y->path);
				return -1;
			}
			y->msg = xstrdup(m);
			x->nr_notes++;
		}
	}
	return 0;
}
