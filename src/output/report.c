// SPDX-License-Identifier: MIT
/* A run's report: its files and findings, the JSON and GitLab reports, --merge's loading. */
#include "report.h"
#include "report_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "linehash.h"
#include "ruledoc.h"
#include "strbuf.h"
#include "util.h"

static const char *const status_names[] = { "clean", "findings", "failed", "not_checked" };

const char *tc_rpt_status_name(int status)
{
	return status_names[status < 0 || status > 3 ? 2 : status];
}

void tc_rpt_add_key(struct strbuf *sb, const char *key)
{
	tc_json_quote(sb, key);
	strbuf_addch(sb, ':');
}

static void add_strq(struct strbuf *sb, const char *key, const char *val, quote_fn q)
{
	tc_rpt_add_key(sb, key);
	q(sb, val ? val : "");
}

void tc_rpt_add_str(struct strbuf *sb, const char *key, const char *val)
{
	add_strq(sb, key, val, tc_json_quote);
}

char *tc_rpt_dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

unsigned tc_rpt_uint_of(const struct tc_json *v)
{
	long long n = tc_json_int(v, 0);

	return n < 0 ? 0 : n > 0xffffffffLL ? 0xffffffffU : (unsigned)n;
}

/* A fix from its description, text and the object with its region's lines and columns. */
struct tc_rfix *tc_rpt_make_fix(const char *d, const char *t, const struct tc_json *region)
{
	if (!d || !t || !region)
		return NULL;
	struct tc_rfix *x = xcalloc(1, sizeof(*x));
	x->desc = xstrdup(d);
	x->text = xstrdup(t);
	x->start_line = tc_rpt_uint_of(tc_json_get(region, "startLine"));
	x->start_col = tc_rpt_uint_of(tc_json_get(region, "startColumn"));
	x->end_line = tc_rpt_uint_of(tc_json_get(region, "endLine"));
	x->end_col = tc_rpt_uint_of(tc_json_get(region, "endColumn"));
	return x;
}

/* A fix as the JSON report has it ("fix": {...}), or NULL. */
static struct tc_rfix *fix_from_json(const struct tc_json *o)
{
	return tc_rpt_make_fix(tc_json_str(tc_json_get(o, "description")),
			       tc_json_str(tc_json_get(o, "text")), o);
}

void tc_rpt_add_region(struct strbuf *sb, const struct tc_rfix *x)
{
	strbuf_addf(sb, "\"startLine\":%u,\"startColumn\":%u,\"endLine\":%u,\"endColumn\":%u",
		    x->start_line, x->start_col, x->end_line, x->end_col);
}

/* A file's events, status (named st), error and why it was not checked, from o. */
void tc_rpt_file_props(struct tc_rfile *f, const struct tc_json *o, const char *st)
{
	const struct tc_json *nc = tc_json_get(o, "not_checked");

	f->events = (size_t)tc_json_int(tc_json_get(o, "events"), 0);
	f->status = 2;
	for (int k = 0; k < (int)ARRAY_SIZE(status_names); k++)
		if (!strcmp(st, status_names[k]))
			f->status = k;
	f->error = tc_rpt_dup_or_null(tc_json_str(tc_json_get(o, "error")));
	f->nc_reason = tc_rpt_dup_or_null(tc_json_str(tc_json_get(nc, "reason")));
	f->nc_message = tc_rpt_dup_or_null(tc_json_str(tc_json_get(nc, "message")));
	const struct tc_json *ev = tc_json_get(nc, "events");
	for (size_t i = 0; ev && ev->type == TC_JSON_ARRAY && i < ev->nr; i++) {
		const char *name = tc_json_str(tc_json_get(ev->items[i], "event"));
		if (!name)
			continue;
		f->nc_events = xrealloc(f->nc_events, (f->nr_nc_events + 1) * sizeof(*f->nc_events));
		f->nc_events[f->nr_nc_events++] = (struct tc_nc_event){
			xstrdup(name), tc_rpt_uint_of(tc_json_get(ev->items[i], "line")),
			tc_rpt_uint_of(tc_json_get(ev->items[i], "endLine"))
		};
	}
	f->omitted = (size_t)tc_json_int(tc_json_get(o, "omitted"), 0);
	f->limit = (long)tc_json_int(tc_json_get(o, "limit"), 0);
}

/* ,"omitted":N,"limit":M when findings were left out */
void tc_rpt_add_omitted(struct strbuf *sb, size_t omitted, long limit)
{
	if (omitted)
		strbuf_addf(sb, ",\"omitted\":%zu,\"limit\":%ld", omitted, limit);
}

/* ,"key":"val" unless val is NULL */
static void add_more(struct strbuf *sb, const char *key, const char *val, quote_fn q)
{
	if (!val)
		return;
	strbuf_addch(sb, ',');
	add_strq(sb, key, val, q);
}

/* ,"error":...,"not_checked":{...} as far as f has them */
void tc_rpt_add_why(struct strbuf *sb, const struct tc_rfile *f, quote_fn q)
{
	add_more(sb, "error", f->error, q);
	if (f->nc_reason) {
		strbuf_addstr(sb, ",\"not_checked\":{");
		add_strq(sb, "reason", f->nc_reason, q);
		strbuf_addch(sb, ',');
		add_strq(sb, "message", f->nc_message, q);
		if (f->nr_nc_events) {
			strbuf_addstr(sb, ",\"events\":[");
			for (size_t i = 0; i < f->nr_nc_events; i++) {
				strbuf_addstr(sb, i ? ",{" : "{");
				add_strq(sb, "event", f->nc_events[i].name, q);
				strbuf_addf(sb, ",\"line\":%u,\"endLine\":%u}", f->nc_events[i].line,
					    f->nc_events[i].end);
			}
			strbuf_addch(sb, ']');
		}
		strbuf_addch(sb, '}');
	}
}

/* The notes of finding x from its "notes" (path defaulting to the file's); -1 if malformed. */
static int notes_from_json(struct tc_rfinding *x, const struct tc_json *ns, const char *path)
{
	if (!ns || ns->type != TC_JSON_ARRAY)
		return 0;
	x->notes = xcalloc(ns->nr + 1, sizeof(*x->notes));
	for (size_t k = 0; k < ns->nr; k++) {
		const struct tc_json *n = ns->items[k];
		const char *m = tc_json_str(tc_json_get(n, "message"));
		if (!m)
			return -1;
		struct tc_rnote *y = &x->notes[x->nr_notes++];
		const char *kind = tc_json_str(tc_json_get(n, "kind"));
		y->path = xstrdup(tc_json_str(tc_json_get(n, "path")) ?: path);
		y->line = tc_rpt_uint_of(tc_json_get(n, "line"));
		y->col = tc_rpt_uint_of(tc_json_get(n, "column"));
		y->msg = xstrdup(m);
		if (kind && tc_note_kind_parse(kind, &y->kind))
			return -1;
	}
	return 0;
}

/* A finding of the file at path from its entry g; -1 if malformed. */
static int finding_from_json(struct tc_rfinding *x, const struct tc_json *g, const char *path)
{
	const char *rule = tc_json_str(tc_json_get(g, "rule"));
	const char *msg = tc_json_str(tc_json_get(g, "message"));
	const char *sev = tc_json_str(tc_json_get(g, "severity"));

	if (!rule || !msg || !sev || tc_severity_parse(sev, &x->severity))
		return -1;
	x->path = tc_rpt_dup_or_null(tc_json_str(tc_json_get(g, "path")));
	x->line = tc_rpt_uint_of(tc_json_get(g, "line"));
	x->col = tc_rpt_uint_of(tc_json_get(g, "column"));
	x->rule = xstrdup(rule);
	x->msg = xstrdup(msg);
	x->fingerprint = xstrdup(tc_json_str(tc_json_get(g, "fingerprint")) ?: "");
	x->subject = xstrdup(tc_json_str(tc_json_get(g, "subject")) ?: "");
	x->line_hash = tc_rpt_dup_or_null(tc_json_str(tc_json_get(g, "lineHash")));
	x->fix = fix_from_json(tc_json_get(g, "fix"));
	x->justification = tc_rpt_dup_or_null(tc_json_str(tc_json_get(g, "justification")));
	x->config = tc_rpt_dup_or_null(tc_json_str(tc_json_get(g, "config")));
	x->library = !strcmp(tc_json_str(tc_json_get(g, "blame")) ?: "", "library");
	return notes_from_json(x, tc_json_get(g, "notes"), path);
}

int tc_rfile_from_json(const struct tc_json *o, struct tc_rfile *f)
{
	const struct tc_json *fs = tc_json_get(o, "findings");
	const char *path = tc_json_str(tc_json_get(o, "path"));
	const char *st = tc_json_str(tc_json_get(o, "status"));

	memset(f, 0, sizeof(*f));
	if (!path || !st || !fs || fs->type != TC_JSON_ARRAY)
		return -1;
	f->path = xstrdup(path);
	tc_rpt_file_props(f, o, st);
	const char *fail_on = tc_json_str(tc_json_get(o, "failOn"));
	f->fail_on = TC_SEV_WARNING;
	if (fail_on && tc_severity_parse(fail_on, &f->fail_on))
		return -1;
	f->v = xcalloc(fs->nr + 1, sizeof(*f->v));
	for (size_t i = 0; i < fs->nr; i++)
		if (finding_from_json(&f->v[f->nr++], fs->items[i], f->path))
			return -1;
	const struct tc_json *ss = tc_json_get(o, "suppressed");
	if (ss && ss->type == TC_JSON_ARRAY) {
		f->supp = xcalloc(ss->nr + 1, sizeof(*f->supp));
		for (size_t i = 0; i < ss->nr; i++)
			if (finding_from_json(&f->supp[f->nr_supp++], ss->items[i], f->path))
				return -1;
	}
	return tc_report_read_records(f, o);
}

/*
 * ,"about":{...}: the subject key (tc_subject_key()) as an object: its
 * scope ("header", "class", "event"), the class or event, and the
 * element: "field", "arg" (null: not placed), "format": true, or
 * "directive".
 */
void tc_rpt_add_about(struct strbuf *sb, const char *key, quote_fn q)
{
	static const char *const scopes[] = { "class:", "event:" };
	const char *p = key, *sp;
	int scope = -1;

	if (!key || !*key)
		return;
	for (int i = 0; i < 2; i++)
		if (starts_with(p, scopes[i]))
			scope = i;
	strbuf_addstr(sb, ",\"about\":{\"scope\":");
	if (scope < 0) {
		strbuf_addstr(sb, "\"header\"");
		p += strcspn(p, " ");
	} else {
		char *name;
		p += strlen(scopes[scope]);
		sp = p + strcspn(p, " ");
		name = xstrndup(p, (size_t)(sp - p));
		strbuf_addstr(sb, scope ? "\"event\",\"event\":" : "\"class\",\"class\":");
		q(sb, name);
		free(name);
		p = sp;
	}
	p += *p == ' ';
	if (starts_with(p, "field:")) {
		strbuf_addstr(sb, ",\"field\":");
		q(sb, p + 6);
	} else if (starts_with(p, "arg:")) {
		strbuf_addstr(sb, ",\"arg\":");
		if (p[4] == '?')
			strbuf_addstr(sb, "null");
		else
			strbuf_addf(sb, "%ld", strtol(p + 4, NULL, 10));
	} else if (!strcmp(p, "format")) {
		strbuf_addstr(sb, ",\"format\":true");
	} else if (starts_with(p, "directive:")) {
		strbuf_addstr(sb, ",\"directive\":");
		q(sb, p + 10);
	}
	strbuf_addch(sb, '}');
}

static void write_finding(struct strbuf *sb, const struct tc_rfinding *x, quote_fn q)
{
	strbuf_addf(sb, "{\"line\":%u,\"column\":%u,", x->line, x->col);
	tc_rpt_add_str(sb, "severity", tc_severity_name(x->severity));
	add_more(sb, "rule", x->rule, q);
	add_more(sb, "message", x->msg, q);
	add_more(sb, "path", x->path, q);
	add_more(sb, "fingerprint", x->fingerprint ? x->fingerprint : "", q);
	add_more(sb, "subject", x->subject && *x->subject ? x->subject : NULL, q);
	tc_rpt_add_about(sb, x->subject, q);
	add_more(sb, "blame", x->library ? "library" : NULL, q);
	add_more(sb, "lineHash", x->line_hash, q);
	add_more(sb, "justification", x->justification, q);
	add_more(sb, "config", x->config, q);
	if (x->fix) {
		strbuf_addstr(sb, ",\"fix\":{");
		add_strq(sb, "description", x->fix->desc, q);
		strbuf_addch(sb, ',');
		tc_rpt_add_region(sb, x->fix);
		strbuf_addch(sb, ',');
		add_strq(sb, "text", x->fix->text, q);
		strbuf_addch(sb, '}');
	}
	strbuf_addstr(sb, ",\"notes\":[");
	for (size_t n = 0; n < x->nr_notes; n++) {
		const struct tc_rnote *y = &x->notes[n];
		strbuf_addstr(sb, n ? ",{" : "{");
		add_strq(sb, "path", y->path, q);
		strbuf_addf(sb, ",\"line\":%u,\"column\":%u,", y->line, y->col);
		add_strq(sb, "message", y->msg, q);
		strbuf_addch(sb, ',');
		tc_rpt_add_str(sb, "kind", tc_note_kind_name(y->kind));
		strbuf_addch(sb, '}');
	}
	strbuf_addstr(sb, "]}");
}

void tc_rfile_json(struct strbuf *sb, const struct tc_rfile *f, int all)
{
	quote_fn q = all ? tc_json_quote_raw : tc_json_quote;

	strbuf_addch(sb, '{');
	add_strq(sb, "path", f->path, q);
	strbuf_addf(sb, ",\"events\":%zu,", f->events);
	tc_rpt_add_str(sb, "status", tc_rpt_status_name(f->status));
	tc_rpt_add_why(sb, f, q);
	if (all) {
		strbuf_addch(sb, ',');
		tc_rpt_add_str(sb, "failOn", tc_severity_name(f->fail_on));
	}
	strbuf_addstr(sb, ",\"findings\":[");
	for (size_t k = 0; k < f->nr; k++) {
		if (k)
			strbuf_addch(sb, ',');
		write_finding(sb, &f->v[k], q);
	}
	strbuf_addch(sb, ']');
	tc_rpt_add_omitted(sb, f->omitted, f->limit);
	if (f->nr_supp) {
		strbuf_addstr(sb, ",\"suppressed\":[");
		for (size_t k = 0; k < f->nr_supp; k++) {
			if (k)
				strbuf_addch(sb, ',');
			write_finding(sb, &f->supp[k], q);
		}
		strbuf_addch(sb, ']');
	}
	if (all)
		tc_rfile_write_records(sb, f);
	strbuf_addch(sb, '}');
}

void tc_rfinding_release(struct tc_rfinding *x)
{
	tc_rfix_free(x->fix);
	for (size_t k = 0; k < x->nr_notes; k++) {
		free(x->notes[k].path);
		free(x->notes[k].msg);
	}
	free(x->notes);
	free(x->path);
	free(x->rule);
	free(x->msg);
	free(x->fingerprint);
	free(x->subject);
	free(x->line_hash);
	free(x->justification);
	free(x->config);
}

void tc_rfile_release(struct tc_rfile *f)
{
	for (size_t i = 0; i < f->nr; i++)
		tc_rfinding_release(&f->v[i]);
	free(f->v);
	for (size_t i = 0; i < f->nr_supp; i++)
		tc_rfinding_release(&f->supp[i]);
	free(f->supp);
	free(f->path);
	free(f->error);
	free(f->nc_reason);
	free(f->nc_message);
	struct tc_nc_events ev = { f->nc_events, f->nr_nc_events };
	tc_nc_events_release(&ev);
	for (size_t i = 0; i < f->nr_records; i++)
		tc_rrecord_release(&f->records[i]);
	free(f->records);
	memset(f, 0, sizeof(*f));
}

int tc_rfile_skipped(const struct tc_rfile *f)
{
	return f->status == 3 || (f->nc_reason && f->status != 2);
}

int tc_rfile_checked(const struct tc_rfile *f)
{
	return f->status != 2 && !tc_rfile_skipped(f);
}

char *tc_rfinding_message(const struct tc_rfinding *x)
{
	return x->config ? xasprintf("%s (with %s)", x->msg, x->config) : xstrdup(x->msg);
}

char *tc_rfinding_config_note(const struct tc_rfinding *x)
{
	if (!x->config)
		return NULL;
	return xasprintf("found with %s, in a pass of its own: the configuration checked leaves "
			 "this code out",
			 x->config);
}

const char *tc_rfile_why(const struct tc_rfile *f)
{
	return f->error ? f->error : f->nc_message ? f->nc_message : "not checked";
}

/* The notes of diagnostic g, each where it is (else where g is, else in path). */
static void add_notes(struct tc_rfinding *x, const struct tc_diag *g, const char *path)
{
	x->notes = xcalloc(g->nr_notes + 1, sizeof(*x->notes));
	for (size_t k = 0; k < g->nr_notes; k++, x->nr_notes++) {
		const struct tc_loc *l = g->notes[k].loc.file ? &g->notes[k].loc : &g->loc;
		x->notes[k].path = xstrdup(l->file ? l->file : path);
		x->notes[k].line = l->line;
		x->notes[k].col = l->col;
		x->notes[k].msg = xstrdup(g->notes[k].msg);
		x->notes[k].kind = g->notes[k].kind;
	}
}

void tc_rfile_add_findings(struct tc_rfile *f, const struct tc_diags *d, char *const *fps,
			   const char *text, size_t len, struct tc_rfix *const *fixes)
{
	char **hashes = NULL;
	size_t nr_hashes = 0;

	if (text && d->nr)
		tc_line_hashes(text, len, &hashes, &nr_hashes);
	f->v = xrealloc(f->v, (f->nr + d->nr + 1) * sizeof(*f->v));
	for (size_t i = 0; i < d->nr; i++) {
		const struct tc_diag *g = &d->v[i];
		struct tc_rfinding *x = &f->v[f->nr++];
		memset(x, 0, sizeof(*x));
		if (g->loc.file && strcmp(g->loc.file, f->path))
			x->path = xstrdup(g->loc.file);
		x->line = g->loc.line;
		x->col = g->loc.col;
		x->severity = g->severity;
		x->rule = xstrdup(g->rule);
		x->msg = xstrdup(g->msg);
		x->fingerprint = xstrdup(fps ? fps[i] : "");
		x->subject = tc_subject_key(&g->subj);
		x->config = tc_rpt_dup_or_null(g->config);
		x->library = g->library;
		x->line_hash = g->loc.line >= 1 && g->loc.line <= nr_hashes
				       ? xstrdup(hashes[g->loc.line - 1])
				       : NULL;
		x->fix = fixes ? tc_rfix_dup(fixes[i]) : NULL;
		add_notes(x, g, f->path);
	}
	free_strings(hashes, nr_hashes);
}

static int by_position(const void *a, const void *b)
{
	const struct tc_rfinding *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->col < y->col ? -1 : x->col > y->col;
}

void tc_rfile_add_suppressed(struct tc_rfile *f, const struct tc_diags *d, char *const *reasons,
			     char *const *fps, const char *text, size_t len)
{
	struct tc_rfile t = { .path = f->path };

	if (!d->nr)
		return;
	tc_rfile_add_findings(&t, d, fps, text, len, NULL);
	for (size_t i = 0; i < t.nr; i++)
		t.v[i].justification = xstrdup(reasons[i]);
	QSORT(t.v, t.nr, by_position);
	f->supp = t.v;
	f->nr_supp = t.nr;
}

struct tc_rfile *tc_rpt_new_file(struct tc_report *r)
{
	ALLOC_GROW(r->files, r->nr + 1, r->alloc);
	return &r->files[r->nr++];
}

void tc_report_add(struct tc_report *r, struct tc_rfile *f)
{
	*tc_rpt_new_file(r) = *f;
	memset(f, 0, sizeof(*f));
}

int tc_report_load(struct tc_report *r, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	const char *why = NULL;
	unsigned line = 0;
	size_t first = r->nr;

	if (!text)
		return error("%s: %s", path, strerror(errno));
	if (memchr(text, '\0', len)) {
		free(text);
		return error("%s: not a tracecheck report (it contains NUL bytes)", path);
	}
	struct tc_json *doc = tc_json_parse(text, &why, &line);
	free(text);
	if (!doc)
		return error_at(path, line, 0, "not a tracecheck JSON report (%s)", why);
	const struct tc_json *files = tc_json_get(doc, "files");
	const char *tool = tc_json_str(tc_json_get(doc, "tool"));
	int rc = 0;
	if (tc_json_get(doc, "runs")) {
		if (tc_rpt_load_sarif(r, doc))
			rc = error("%s: not a SARIF report that tracecheck wrote", path);
	} else if (!tool || strcmp(tool, "tracecheck") || tc_json_int(tc_json_get(doc, "schema"), 0) != 1 ||
	    !files || files->type != TC_JSON_ARRAY) {
		rc = error("%s: not a tracecheck JSON report (schema 1)", path);
	} else {
		for (size_t i = 0; i < files->nr && !rc; i++) {
			struct tc_rfile f;
			if (tc_rfile_from_json(files->items[i], &f)) {
				tc_rfile_release(&f);
				rc = error("%s: not a tracecheck JSON report (file entry %zu is "
					   "malformed)",
					   path, i + 1);
			} else {
				*tc_rpt_new_file(r) = f;
			}
		}
	}
	tc_json_free(doc);
	/* shards do not overlap: a file twice means the wrong reports */
	for (size_t i = first; !rc && i < r->nr; i++)
		for (size_t k = 0; k < i && !rc; k++)
			if (!strcmp(r->files[k].path, r->files[i].path))
				rc = error("%s: %s is in %s report already", path, r->files[i].path,
					   k < first ? "an earlier" : "this");
	return rc;
}

/* Compare paths component by component: "a/b/c.h" before "a/b-x.h". */
static int path_cmp(const char *a, const char *b)
{
	for (; *a && *a == *b; a++, b++)
		;
	unsigned char ca = *a == '/' ? 1 : (unsigned char)*a;
	unsigned char cb = *b == '/' ? 1 : (unsigned char)*b;
	return (ca > cb) - (ca < cb);
}

void tc_report_sort(struct tc_report *r)
{
	/* insertion sort: stable, and reports are hundreds of files */
	for (size_t i = 1; i < r->nr; i++) {
		struct tc_rfile f = r->files[i];
		size_t j = i;
		while (j > 0 && path_cmp(r->files[j - 1].path, f.path) > 0) {
			r->files[j] = r->files[j - 1];
			j--;
		}
		r->files[j] = f;
	}
}

int tc_status_worse(int a, int b)
{
	static const int rank[] = { 0, 2, 3, 1 }; /* of 0, 1, 2, 3 */
	int ra = a >= 0 && a <= 3 ? rank[a] : 3, rb = b >= 0 && b <= 3 ? rank[b] : 3;

	return ra >= rb ? a : b;
}

int tc_report_status(const struct tc_report *r)
{
	int st = 0;

	for (size_t i = 0; i < r->nr; i++)
		st = tc_status_worse(st, r->files[i].status);
	return st;
}

static void write_summary(const struct tc_report *r, struct strbuf *sb)
{
	size_t events = 0, failed = 0, skipped = 0, findings = 0;
	/* the registry's rules in its order, then any others the report names */
	const char **names = NULL;
	size_t nr_names = 0, alloc_names = 0;
	size_t (*counts)[3] = NULL;

	for (size_t i = 0; i < tc_nr_rules; i++) {
		ALLOC_GROW(names, nr_names + 1, alloc_names);
		names[nr_names++] = tc_rules[i]->name;
	}
	for (size_t i = 0; i < r->nr; i++)
		for (size_t k = 0; k < r->files[i].nr; k++) {
			const char *rule = r->files[i].v[k].rule;
			size_t n = 0;
			while (n < nr_names && strcmp(names[n], rule))
				n++;
			if (n == nr_names) {
				ALLOC_GROW(names, nr_names + 1, alloc_names);
				names[nr_names++] = rule;
			}
		}
	counts = xcalloc(nr_names + 1, sizeof(*counts));
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		events += f->events;
		failed += f->status == 2;
		skipped += tc_rfile_skipped(f);
		findings += f->nr;
		for (size_t k = 0; k < f->nr; k++)
			for (size_t n = 0; n < nr_names; n++)
				if (!strcmp(names[n], f->v[k].rule))
					counts[n][f->v[k].severity]++;
	}
	size_t omitted = 0, suppressed = 0;
	for (size_t i = 0; i < r->nr; i++) {
		omitted += r->files[i].omitted;
		suppressed += r->files[i].nr_supp;
	}
	strbuf_addf(sb, "\"summary\":{\"files\":%zu,\"failed\":%zu,", r->nr, failed);
	if (skipped)
		strbuf_addf(sb, "\"not_checked\":%zu,", skipped);
	strbuf_addf(sb, "\"events\":%zu,\"findings\":%zu,", events, findings);
	if (omitted)
		strbuf_addf(sb, "\"omitted\":%zu,", omitted);
	if (suppressed)
		strbuf_addf(sb, "\"suppressed\":%zu,", suppressed);
	strbuf_addstr(sb, "\"rules\":{");
	int first = 1;
	for (size_t n = 0; n < nr_names; n++) {
		if (!counts[n][0] && !counts[n][1] && !counts[n][2])
			continue;
		if (!first)
			strbuf_addch(sb, ',');
		first = 0;
		tc_rpt_add_key(sb, names[n]);
		strbuf_addf(sb, "{\"error\":%zu,\"warning\":%zu,\"note\":%zu}",
			    counts[n][TC_SEV_ERROR], counts[n][TC_SEV_WARNING],
			    counts[n][TC_SEV_NOTE]);
	}
	strbuf_addstr(sb, "}}");
	free(counts);
	free(names);
}

void tc_report_json(const struct tc_report *r, struct strbuf *out)
{
	const char *consumer = tc_uv_consumer();

	strbuf_addstr(out, "{\"tool\":\"tracecheck\",");
	tc_rpt_add_str(out, "version", PACKAGE_VERSION);
	strbuf_addstr(out, ",\"schema\":1,\"consumer\":");
	if (consumer)
		tc_json_quote(out, consumer);
	else
		strbuf_addstr(out, "null");
	strbuf_addstr(out, ",\n\"files\":[");
	for (size_t i = 0; i < r->nr; i++) {
		strbuf_addstr(out, i ? ",\n" : "\n");
		tc_rfile_json(out, &r->files[i], 0);
	}
	strbuf_addstr(out, "],\n");
	write_summary(r, out);
	strbuf_addstr(out, "}\n");
}

void tc_report_release(struct tc_report *r)
{
	for (size_t i = 0; i < r->nr; i++)
		tc_rfile_release(&r->files[i]);
	free(r->files);
	free(r->srcroot);
	free_strings(r->roots, r->nr_roots);
	free(r->command);
	free(r->tree);
	free(r->config);
	free(r->when);
	memset(r, 0, sizeof(*r));
}

char *tc_rfile_not_checked_text(const struct tc_rfile *f)
{
	if (f->status == 2 || !f->nc_message)
		return xstrdup(tc_rfile_why(f));
	return xasprintf("%s: not checked: %s", f->path, f->nc_message);
}

/* ---- GitLab Code Quality ---- */

/* An issue for a file that was not checked: info, or major when it failed. */
static void gitlab_not_checked(struct strbuf *out, const struct tc_rfile *f)
{
	char *msg = tc_rfile_not_checked_text(f);
	char *fp = tc_fingerprint_of("not-checked", f->path,
				     f->nc_reason ? f->nc_reason : "failed");

	tc_rpt_add_str(out, "description", msg);
	strbuf_addstr(out, ",\"check_name\":\"not-checked\",");
	tc_rpt_add_str(out, "fingerprint", fp);
	strbuf_addf(out, ",\"severity\":\"%s\",\"location\":{", f->status == 2 ? "major" : "info");
	tc_rpt_add_str(out, "path", f->path);
	strbuf_addstr(out, ",\"lines\":{\"begin\":1}}}");
	free(fp);
	free(msg);
}

void tc_report_gitlab(const struct tc_report *r, struct strbuf *out)
{
	static const char *const sev[] = { "info", "minor", "major" };
	int first = 1;

	strbuf_addch(out, '[');
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		if (!tc_rfile_checked(f)) {
			strbuf_addstr(out, first ? "\n{" : ",\n{");
			first = 0;
			gitlab_not_checked(out, f);
		}
		for (size_t k = 0; k < f->nr; k++) {
			const struct tc_rfinding *x = &f->v[k];
			char *msg = tc_rfinding_message(x);
			strbuf_addstr(out, first ? "\n{" : ",\n{");
			first = 0;
			tc_rpt_add_str(out, "description", msg);
			free(msg);
			strbuf_addch(out, ',');
			tc_rpt_add_str(out, "check_name", x->rule);
			strbuf_addch(out, ',');
			/* the baseline fingerprint: stable across line moves, unique per finding */
			tc_rpt_add_str(out, "fingerprint", x->fingerprint);
			strbuf_addf(out, ",\"severity\":\"%s\",\"location\":{", sev[x->severity]);
			tc_rpt_add_str(out, "path", f->path);
			strbuf_addf(out, ",\"lines\":{\"begin\":%u}}}", x->line ? x->line : 1);
		}
	}
	strbuf_addstr(out, first ? "]\n" : "\n]\n");
}

void tc_report_print(struct tc_report *r, enum tc_format format, unsigned detail,
		     struct strbuf *out)
{
	tc_report_sort(r);
	switch (format) {
	case TC_FMT_GCC:
		tc_report_gcc(r, out, detail);
		break;
	case TC_FMT_SARIF:
		tc_report_sarif(r, out);
		break;
	case TC_FMT_GITLAB:
		tc_report_gitlab(r, out);
		break;
	case TC_FMT_GITHUB:
		tc_report_github(r, out, detail);
		break;
	case TC_FMT_CHECKPATCH:
		if (detail & TC_DETAIL_TERSE)
			tc_report_checkpatch_terse(r, out);
		else
			tc_report_checkpatch(r, out);
		break;
	case TC_FMT_JSON:
		tc_report_json(r, out);
		break;
	case TC_FMT_HTML:
		tc_report_html(r, out);
		break;
	}
}
