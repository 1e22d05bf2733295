// SPDX-License-Identifier: MIT
#include "report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "json.h"
#include "linehash.h"
#include "rules.h"
#include "ruledoc.h"
#include "strbuf.h"
#include "uverdict.h"
#include "util.h"

static const char *const status_names[] = { "clean", "findings", "failed", "not_checked" };

static const char *status_name(int status)
{
	return status_names[status < 0 || status > 3 ? 2 : status];
}

typedef void (*quote_fn)(struct strbuf *sb, const char *s);

static void add_key(struct strbuf *sb, const char *key)
{
	tc_json_quote(sb, key);
	strbuf_addch(sb, ':');
}

static void add_strq(struct strbuf *sb, const char *key, const char *val, quote_fn q)
{
	add_key(sb, key);
	q(sb, val ? val : "");
}

static void add_str(struct strbuf *sb, const char *key, const char *val)
{
	add_strq(sb, key, val, tc_json_quote);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static unsigned uint_of(const struct tc_json *v)
{
	long long n = tc_json_int(v, 0);

	return n < 0 ? 0 : n > 0xffffffffLL ? 0xffffffffU : (unsigned)n;
}

/* A fix from its description, text and the object with its region's lines and columns. */
static struct tc_rfix *make_fix(const char *d, const char *t, const struct tc_json *region)
{
	if (!d || !t || !region)
		return NULL;
	struct tc_rfix *x = xcalloc(1, sizeof(*x));
	x->desc = xstrdup(d);
	x->text = xstrdup(t);
	x->start_line = uint_of(tc_json_get(region, "startLine"));
	x->start_col = uint_of(tc_json_get(region, "startColumn"));
	x->end_line = uint_of(tc_json_get(region, "endLine"));
	x->end_col = uint_of(tc_json_get(region, "endColumn"));
	return x;
}

/* A fix as the JSON report has it ("fix": {...}), or NULL. */
static struct tc_rfix *fix_from_json(const struct tc_json *o)
{
	return make_fix(tc_json_str(tc_json_get(o, "description")),
			tc_json_str(tc_json_get(o, "text")), o);
}

static void add_region(struct strbuf *sb, const struct tc_rfix *x)
{
	strbuf_addf(sb, "\"startLine\":%u,\"startColumn\":%u,\"endLine\":%u,\"endColumn\":%u",
		    x->start_line, x->start_col, x->end_line, x->end_col);
}

/* A file's events, status (named st), error and why it was not checked, from o. */
static void file_props(struct tc_rfile *f, const struct tc_json *o, const char *st)
{
	const struct tc_json *nc = tc_json_get(o, "not_checked");

	f->events = (size_t)tc_json_int(tc_json_get(o, "events"), 0);
	f->status = 2;
	for (int k = 0; k < (int)ARRAY_SIZE(status_names); k++)
		if (!strcmp(st, status_names[k]))
			f->status = k;
	f->error = dup_or_null(tc_json_str(tc_json_get(o, "error")));
	f->nc_reason = dup_or_null(tc_json_str(tc_json_get(nc, "reason")));
	f->nc_message = dup_or_null(tc_json_str(tc_json_get(nc, "message")));
	const struct tc_json *ev = tc_json_get(nc, "events");
	for (size_t i = 0; ev && ev->type == TC_JSON_ARRAY && i < ev->nr; i++) {
		const char *name = tc_json_str(tc_json_get(ev->items[i], "event"));
		if (!name)
			continue;
		f->nc_events = xrealloc(f->nc_events, (f->nr_nc_events + 1) * sizeof(*f->nc_events));
		f->nc_events[f->nr_nc_events++] = (struct tc_nc_event){
			xstrdup(name), uint_of(tc_json_get(ev->items[i], "line")),
			uint_of(tc_json_get(ev->items[i], "endLine"))
		};
	}
	f->omitted = (size_t)tc_json_int(tc_json_get(o, "omitted"), 0);
	f->limit = (long)tc_json_int(tc_json_get(o, "limit"), 0);
}

/* ,"omitted":N,"limit":M when findings were left out */
static void add_omitted(struct strbuf *sb, size_t omitted, long limit)
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
static void add_why(struct strbuf *sb, const struct tc_rfile *f, quote_fn q)
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
		y->line = uint_of(tc_json_get(n, "line"));
		y->col = uint_of(tc_json_get(n, "column"));
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
	x->path = dup_or_null(tc_json_str(tc_json_get(g, "path")));
	x->line = uint_of(tc_json_get(g, "line"));
	x->col = uint_of(tc_json_get(g, "column"));
	x->rule = xstrdup(rule);
	x->msg = xstrdup(msg);
	x->fingerprint = xstrdup(tc_json_str(tc_json_get(g, "fingerprint")) ?: "");
	x->subject = xstrdup(tc_json_str(tc_json_get(g, "subject")) ?: "");
	x->line_hash = dup_or_null(tc_json_str(tc_json_get(g, "lineHash")));
	x->fix = fix_from_json(tc_json_get(g, "fix"));
	x->justification = dup_or_null(tc_json_str(tc_json_get(g, "justification")));
	x->config = dup_or_null(tc_json_str(tc_json_get(g, "config")));
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
	file_props(f, o, st);
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
static void add_about(struct strbuf *sb, const char *key, quote_fn q)
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
	add_str(sb, "severity", tc_severity_name(x->severity));
	add_more(sb, "rule", x->rule, q);
	add_more(sb, "message", x->msg, q);
	add_more(sb, "path", x->path, q);
	add_more(sb, "fingerprint", x->fingerprint ? x->fingerprint : "", q);
	add_more(sb, "subject", x->subject && *x->subject ? x->subject : NULL, q);
	add_about(sb, x->subject, q);
	add_more(sb, "blame", x->library ? "library" : NULL, q);
	add_more(sb, "lineHash", x->line_hash, q);
	add_more(sb, "justification", x->justification, q);
	add_more(sb, "config", x->config, q);
	if (x->fix) {
		strbuf_addstr(sb, ",\"fix\":{");
		add_strq(sb, "description", x->fix->desc, q);
		strbuf_addch(sb, ',');
		add_region(sb, x->fix);
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
		add_str(sb, "kind", tc_note_kind_name(y->kind));
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
	add_str(sb, "status", status_name(f->status));
	add_why(sb, f, q);
	if (all) {
		strbuf_addch(sb, ',');
		add_str(sb, "failOn", tc_severity_name(f->fail_on));
	}
	strbuf_addstr(sb, ",\"findings\":[");
	for (size_t k = 0; k < f->nr; k++) {
		if (k)
			strbuf_addch(sb, ',');
		write_finding(sb, &f->v[k], q);
	}
	strbuf_addch(sb, ']');
	add_omitted(sb, f->omitted, f->limit);
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
		x->config = dup_or_null(g->config);
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

static struct tc_rfile *new_file(struct tc_report *r)
{
	ALLOC_GROW(r->files, r->nr + 1, r->alloc);
	return &r->files[r->nr++];
}

void tc_report_add(struct tc_report *r, struct tc_rfile *f)
{
	*new_file(r) = *f;
	memset(f, 0, sizeof(*f));
}

static int load_sarif(struct tc_report *r, const struct tc_json *doc);

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
		if (load_sarif(r, doc))
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
				*new_file(r) = f;
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
		add_key(sb, names[n]);
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
	add_str(out, "version", PACKAGE_VERSION);
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
	add_key(sb, key);
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
		add_str(sb, "id", ru->name);
		strbuf_addch(sb, ',');
		add_text(sb, "shortDescription", ru->summary);
		strbuf_addch(sb, ',');
		add_text(sb, "fullDescription", full);
		strbuf_addch(sb, ',');
		add_key(sb, "help");
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

	add_str(out, "ruleId", x->rule);
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
			add_str(out, "kind", tc_note_kind_name(y->kind));
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
		add_region(out, x->fix);
		strbuf_addstr(out, "},");
		add_text(out, "insertedContent", x->fix->text);
		strbuf_addstr(out, "}]}]}]");
	}
	strbuf_addstr(out, ",\"partialFingerprints\":{");
	if (x->line_hash) {
		add_str(out, "primaryLocationLineHash", x->line_hash);
		strbuf_addch(out, ',');
	}
	add_str(out, "tracecheck/v2", x->fingerprint);
	strbuf_addch(out, '}');
	if ((x->subject && *x->subject) || x->library || x->config) {
		int comma = 0;
		strbuf_addstr(out, ",\"properties\":{");
		if (x->subject && *x->subject) {
			add_str(out, "subject", x->subject);
			add_about(out, x->subject, tc_json_quote);
			comma = 1;
		}
		if (x->library) {
			strbuf_addf(out, "%s\"blame\":\"library\"", comma ? "," : "");
			comma = 1;
		}
		if (x->config) {
			if (comma)
				strbuf_addch(out, ',');
			add_str(out, "config", x->config);
		}
		strbuf_addch(out, '}');
	}
	if (x->justification) {
		strbuf_addstr(out, ",\"suppressions\":[{\"kind\":\"inSource\",");
		add_str(out, "justification", x->justification);
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
	add_str(out, "version", v);
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
			    status_name(f->status));
		add_why(out, f, tc_json_quote);
		add_omitted(out, f->omitted, f->limit);
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

	*line = uint_of(tc_json_get(region, "startLine"));
	*col = uint_of(tc_json_get(region, "startColumn"));
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

	return make_fix(d, t, dr);
}

/* The files of a SARIF run that tracecheck wrote; -1 if it is not one. */
static int load_sarif(struct tc_report *r, const struct tc_json *doc)
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
		struct tc_rfile *f = new_file(r);
		memset(f, 0, sizeof(*f));
		f->path = uri_decode(uri);
		f->fail_on = TC_SEV_WARNING;
		file_props(f, props, st);
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
		x->justification = dup_or_null(why);
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
		x->config = dup_or_null(tc_json_str(tc_json_get(props, "config")));
		x->line_hash = dup_or_null(tc_json_str(tc_json_get(fps, "primaryLocationLineHash")));
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

/* ---- GitLab Code Quality ---- */

/* An issue for a file that was not checked: info, or major when it failed. */
static void gitlab_not_checked(struct strbuf *out, const struct tc_rfile *f)
{
	char *msg = tc_rfile_not_checked_text(f);
	char *fp = tc_fingerprint_of("not-checked", f->path,
				     f->nc_reason ? f->nc_reason : "failed");

	add_str(out, "description", msg);
	strbuf_addstr(out, ",\"check_name\":\"not-checked\",");
	add_str(out, "fingerprint", fp);
	strbuf_addf(out, ",\"severity\":\"%s\",\"location\":{", f->status == 2 ? "major" : "info");
	add_str(out, "path", f->path);
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
			add_str(out, "description", msg);
			free(msg);
			strbuf_addch(out, ',');
			add_str(out, "check_name", x->rule);
			strbuf_addch(out, ',');
			/* the baseline fingerprint: stable across line moves, unique per finding */
			add_str(out, "fingerprint", x->fingerprint);
			strbuf_addf(out, ",\"severity\":\"%s\",\"location\":{", sev[x->severity]);
			add_str(out, "path", f->path);
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
