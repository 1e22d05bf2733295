// SPDX-License-Identifier: MIT
#include "report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rules.h"
#include "strbuf.h"
#include "tep.h"
#include "util.h"

static const char *const status_names[] = { "clean", "findings", "failed" };

static void add_key(struct strbuf *sb, const char *key)
{
	tc_json_quote(sb, key);
	strbuf_addch(sb, ':');
}

static void add_str(struct strbuf *sb, const char *key, const char *val)
{
	add_key(sb, key);
	tc_json_quote(sb, val ? val : "");
}

static void write_note(struct strbuf *sb, const char *path, unsigned line, unsigned col,
		       const char *msg)
{
	strbuf_addch(sb, '{');
	add_str(sb, "path", path);
	strbuf_addf(sb, ",\"line\":%u,\"column\":%u,", line, col);
	add_str(sb, "message", msg);
	strbuf_addch(sb, '}');
}

static void write_finding_head(struct strbuf *sb, unsigned line, unsigned col,
			       enum tc_severity sev, const char *rule, const char *msg,
			       const char *fp)
{
	strbuf_addf(sb, "{\"line\":%u,\"column\":%u,", line, col);
	add_str(sb, "severity", tc_severity_name(sev));
	strbuf_addch(sb, ',');
	add_str(sb, "rule", rule);
	strbuf_addch(sb, ',');
	add_str(sb, "message", msg);
	strbuf_addch(sb, ',');
	add_str(sb, "fingerprint", fp);
	strbuf_addstr(sb, ",\"notes\":[");
}

static void write_file_head(struct strbuf *sb, const char *path, size_t events, int status,
			    const char *err)
{
	strbuf_addch(sb, '{');
	add_str(sb, "path", path);
	strbuf_addf(sb, ",\"events\":%zu,", events);
	add_str(sb, "status", status_names[status < 0 || status > 2 ? 2 : status]);
	if (err) {
		strbuf_addch(sb, ',');
		add_str(sb, "error", err);
	}
	strbuf_addstr(sb, ",\"findings\":[");
}

void tc_report_file_json(struct strbuf *out, const char *path, size_t events, int status,
			 const struct tc_diags *d, char *const *fps)
{
	write_file_head(out, path, events, status, NULL);
	for (size_t i = 0; i < d->nr; i++) {
		const struct tc_diag *g = &d->v[i];
		if (i)
			strbuf_addch(out, ',');
		write_finding_head(out, g->loc.line, g->loc.col, g->severity, g->rule, g->msg,
				   fps[i]);
		for (size_t k = 0; k < g->nr_notes; k++) {
			const struct tc_loc *l = g->notes[k].loc.file ? &g->notes[k].loc : &g->loc;
			if (k)
				strbuf_addch(out, ',');
			write_note(out, l->file ? l->file : path, l->line, l->col, g->notes[k].msg);
		}
		strbuf_addstr(out, "]}");
	}
	strbuf_addstr(out, "]}");
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

/* A file entry of the report; -1 if o is not one. */
static int file_from_json(const struct tc_json *o, struct tc_rfile *f)
{
	const struct tc_json *fs = tc_json_get(o, "findings");
	const char *path = tc_json_str(tc_json_get(o, "path"));
	const char *st = tc_json_str(tc_json_get(o, "status"));

	memset(f, 0, sizeof(*f));
	if (!path || !st || !fs || fs->type != TC_JSON_ARRAY)
		return -1;
	f->path = xstrdup(path);
	f->events = (size_t)tc_json_int(tc_json_get(o, "events"), 0);
	f->status = 2;
	for (int k = 0; k < 3; k++)
		if (!strcmp(st, status_names[k]))
			f->status = k;
	f->error = dup_or_null(tc_json_str(tc_json_get(o, "error")));
	f->v = xcalloc(fs->nr + 1, sizeof(*f->v));
	for (size_t i = 0; i < fs->nr; i++) {
		const struct tc_json *g = fs->items[i];
		const struct tc_json *ns = tc_json_get(g, "notes");
		struct tc_rfinding *x = &f->v[f->nr];
		const char *rule = tc_json_str(tc_json_get(g, "rule"));
		const char *msg = tc_json_str(tc_json_get(g, "message"));
		const char *sev = tc_json_str(tc_json_get(g, "severity"));
		if (!rule || !msg || !sev || tc_severity_parse(sev, &x->severity))
			return -1;
		x->line = uint_of(tc_json_get(g, "line"));
		x->col = uint_of(tc_json_get(g, "column"));
		x->rule = xstrdup(rule);
		x->msg = xstrdup(msg);
		x->fingerprint = xstrdup(tc_json_str(tc_json_get(g, "fingerprint")) ?: "");
		f->nr++;
		if (!ns || ns->type != TC_JSON_ARRAY)
			continue;
		x->notes = xcalloc(ns->nr + 1, sizeof(*x->notes));
		for (size_t k = 0; k < ns->nr; k++) {
			const struct tc_json *n = ns->items[k];
			const char *m = tc_json_str(tc_json_get(n, "message"));
			if (!m)
				return -1;
			struct tc_rnote *y = &x->notes[x->nr_notes++];
			y->path = xstrdup(tc_json_str(tc_json_get(n, "path")) ?: f->path);
			y->line = uint_of(tc_json_get(n, "line"));
			y->col = uint_of(tc_json_get(n, "column"));
			y->msg = xstrdup(m);
		}
	}
	return 0;
}

static void file_release(struct tc_rfile *f)
{
	for (size_t i = 0; i < f->nr; i++) {
		struct tc_rfinding *x = &f->v[i];
		for (size_t k = 0; k < x->nr_notes; k++) {
			free(x->notes[k].path);
			free(x->notes[k].msg);
		}
		free(x->notes);
		free(x->rule);
		free(x->msg);
		free(x->fingerprint);
	}
	free(f->v);
	free(f->path);
	free(f->error);
}

static struct tc_rfile *new_file(struct tc_report *r)
{
	ALLOC_GROW(r->files, r->nr + 1, r->alloc);
	return &r->files[r->nr++];
}

int tc_report_add_line(struct tc_report *r, const char *path, const char *line, int status,
		       const char *err)
{
	struct tc_rfile f;
	int bad = 0;

	memset(&f, 0, sizeof(f));
	if (line && *line) {
		const char *why;
		unsigned ln;
		struct tc_json *o = tc_json_parse(line, &why, &ln);
		bad = !o || file_from_json(o, &f);
		tc_json_free(o);
	}
	if (bad || !f.path) {
		file_release(&f);
		memset(&f, 0, sizeof(f));
		f.path = xstrdup(path);
	}
	f.status = status;
	if (status == 2 && err && *err) {
		/* its error messages, without the program name */
		struct strbuf sb = STRBUF_INIT;
		for (const char *l = err; *l;) {
			const char *eol = strchrnul(l, '\n');
			const char *m = l;
			if (!strncmp(m, "tracecheck: error: ", 19)) {
				m += 19;
				if (sb.len)
					strbuf_addch(&sb, '\n');
				strbuf_add(&sb, m, (size_t)(eol - m));
			}
			l = *eol ? eol + 1 : eol;
		}
		free(f.error);
		f.error = sb.len ? strbuf_detach(&sb) : xstrdup("not checked");
		strbuf_release(&sb);
	}
	*new_file(r) = f;
	return bad ? -1 : 0;
}

int tc_report_load(struct tc_report *r, const char *path)
{
	char *text = read_file(path, NULL);
	const char *why = NULL;
	unsigned line = 0;

	if (!text)
		return error("%s: %s", path, strerror(errno));
	struct tc_json *doc = tc_json_parse(text, &why, &line);
	free(text);
	if (!doc)
		return error("%s:%u: not a tracecheck JSON report (%s)", path, line, why);
	const struct tc_json *files = tc_json_get(doc, "files");
	const char *tool = tc_json_str(tc_json_get(doc, "tool"));
	int rc = 0;
	if (!tool || strcmp(tool, "tracecheck") || tc_json_int(tc_json_get(doc, "schema"), 0) != 1 ||
	    !files || files->type != TC_JSON_ARRAY) {
		rc = error("%s: not a tracecheck JSON report (schema 1)", path);
	} else {
		for (size_t i = 0; i < files->nr && !rc; i++) {
			struct tc_rfile f;
			if (file_from_json(files->items[i], &f)) {
				file_release(&f);
				rc = error("%s: not a tracecheck JSON report (file entry %zu is "
					   "malformed)",
					   path, i + 1);
			} else {
				*new_file(r) = f;
			}
		}
	}
	tc_json_free(doc);
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

int tc_report_status(const struct tc_report *r)
{
	int st = 0;

	for (size_t i = 0; i < r->nr; i++)
		if (r->files[i].status > st)
			st = r->files[i].status;
	return st;
}

static void write_summary(const struct tc_report *r, struct strbuf *sb)
{
	size_t events = 0, failed = 0, findings = 0;
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
		findings += f->nr;
		for (size_t k = 0; k < f->nr; k++)
			for (size_t n = 0; n < nr_names; n++)
				if (!strcmp(names[n], f->v[k].rule))
					counts[n][f->v[k].severity]++;
	}
	strbuf_addf(sb,
		    "\"summary\":{\"files\":%zu,\"failed\":%zu,\"events\":%zu,\"findings\":%zu,"
		    "\"rules\":{",
		    r->nr, failed, events, findings);
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
	const char *consumer = tc_tep_version();

	strbuf_addstr(out, "{\"tool\":\"tracecheck\",");
	add_str(out, "version", PACKAGE_VERSION);
	strbuf_addstr(out, ",\"schema\":1,\"consumer\":");
	if (consumer) {
		char *c = xasprintf("libtraceevent %s", consumer);
		tc_json_quote(out, c);
		free(c);
	} else {
		strbuf_addstr(out, "null");
	}
	strbuf_addstr(out, ",\n\"files\":[");
	for (size_t i = 0; i < r->nr; i++) {
		const struct tc_rfile *f = &r->files[i];
		strbuf_addstr(out, i ? ",\n" : "\n");
		write_file_head(out, f->path, f->events, f->status, f->error);
		for (size_t k = 0; k < f->nr; k++) {
			const struct tc_rfinding *x = &f->v[k];
			if (k)
				strbuf_addch(out, ',');
			write_finding_head(out, x->line, x->col, x->severity, x->rule, x->msg,
					   x->fingerprint);
			for (size_t n = 0; n < x->nr_notes; n++) {
				if (n)
					strbuf_addch(out, ',');
				write_note(out, x->notes[n].path, x->notes[n].line, x->notes[n].col,
					   x->notes[n].msg);
			}
			strbuf_addstr(out, "]}");
		}
		strbuf_addstr(out, "]}");
	}
	strbuf_addstr(out, "],\n");
	write_summary(r, out);
	strbuf_addstr(out, "}\n");
}

void tc_report_release(struct tc_report *r)
{
	for (size_t i = 0; i < r->nr; i++)
		file_release(&r->files[i]);
	free(r->files);
	memset(r, 0, sizeof(*r));
}
