// SPDX-License-Identifier: MIT
#include "result.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "depsmemo.h"
#include "json.h"
#include "notchecked.h"
#include "rules.h"
#include "strbuf.h"

#define FRAME_TAG "tracecheck-result"

void tc_result_init(struct tc_file_result *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->file.path = xstrdup(path);
	r->file.fail_on = TC_SEV_WARNING;
}

void tc_result_release(struct tc_file_result *r)
{
	tc_rfile_release(&r->file);
	for (size_t i = 0; i < r->nr_msgs; i++)
		free(r->msgs[i].text);
	free(r->msgs);
	free(r->out);
	free(r->srcroot);
	free_strings(r->ignores, r->nr_ignores);
	memset(r, 0, sizeof(*r));
}

static void add_msg(struct tc_file_result *r, enum tc_msg_level level, const char *text)
{
	ALLOC_GROW(r->msgs, r->nr_msgs + 1, r->alloc_msgs);
	r->msgs[r->nr_msgs++] = (struct tc_msg){ level, xstrdup(text) };
}

/* r failed (status 2), not checked for reason (with message), as error text says. */
static void failed(struct tc_file_result *r, enum tc_nc_reason reason, const char *message,
		   const char *text)
{
	r->file.status = 2;
	free(r->file.error);
	r->file.error = xstrdup(text);
	free(r->file.nc_reason);
	free(r->file.nc_message);
	r->file.nc_reason = xstrdup(tc_nc_code(reason));
	r->file.nc_message = xstrdup(message);
	add_msg(r, TC_MSG_ERROR, text);
}

void tc_result_not_checked(struct tc_file_result *r, int reason, const char *message)
{
	free(r->file.nc_reason);
	free(r->file.nc_message);
	r->file.nc_reason = xstrdup(tc_nc_code((enum tc_nc_reason)reason));
	r->file.nc_message = xstrdup(message);
	r->file.status = tc_status_worse(r->file.status, 3);
	warning("%s: not checked: %s", r->file.path, message);
}

void tc_result_nc_events(struct tc_file_result *r, struct tc_nc_events *e)
{
	struct tc_nc_events old = { r->file.nc_events, r->file.nr_nc_events };

	tc_nc_events_release(&old);
	r->file.nc_events = e->v;
	r->file.nr_nc_events = e->nr;
	memset(e, 0, sizeof(*e));
}

/* ---- the frame ---- */

/* r as JSON, its messages from the first'th */
static void result_json_from(struct strbuf *sb, const struct tc_file_result *r, size_t first)
{
	strbuf_addstr(sb, "{\"file\":");
	tc_rfile_json(sb, &r->file, 1);
	strbuf_addf(sb, ",\"fixed\":%zu,\"messages\":[", r->fixed);
	for (size_t i = first; i < r->nr_msgs; i++) {
		strbuf_addf(sb, "%s{\"level\":\"%s\",\"text\":", i > first ? "," : "",
			    tc_msg_level_name(r->msgs[i].level));
		tc_json_quote_raw(sb, r->msgs[i].text);
		strbuf_addch(sb, '}');
	}
	strbuf_addstr(sb, "],\"output\":");
	tc_json_quote_raw(sb, r->out ? r->out : "");
	if (r->srcroot) {
		strbuf_addstr(sb, ",\"srcroot\":");
		tc_json_quote_raw(sb, r->srcroot);
	}
	strbuf_addstr(sb, ",\"ignores\":[");
	for (size_t i = 0; i < r->nr_ignores; i++) {
		strbuf_addstr(sb, i ? "," : "");
		tc_json_quote_raw(sb, r->ignores[i]);
	}
	strbuf_addstr(sb, "]}");
}

static void result_json(struct strbuf *sb, const struct tc_file_result *r)
{
	result_json_from(sb, r, 0);
}

static void write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return; /* the parent is gone, or says the worker died */
		p += k;
		n -= (size_t)k;
	}
}

static void write_frame(const struct tc_file_result *r, int fd)
{
	struct strbuf body = STRBUF_INIT, head = STRBUF_INIT;

	result_json(&body, r);
	strbuf_addf(&head, FRAME_TAG " %zu\n", body.len);
	write_all(fd, head.buf, head.len);
	write_all(fd, body.buf, body.len);
	strbuf_release(&head);
	strbuf_release(&body);
}

void tc_result_write(const struct tc_file_result *r, int fd)
{
	write_frame(r, fd);
}

size_t tc_result_frame_len(const char *data, size_t len)
{
	size_t body = 0;
	int at = 0;

	if (!len || sscanf(data, FRAME_TAG " %zu%n", &body, &at) != 1 || (size_t)at >= len ||
	    data[at] != '\n' || body > len - (size_t)at - 1)
		return 0;
	return (size_t)at + 1 + body;
}

static int messages_from_json(struct tc_file_result *r, const struct tc_json *ms)
{
	if (!ms || ms->type != TC_JSON_ARRAY)
		return -1;
	for (size_t i = 0; i < ms->nr; i++) {
		const char *l = tc_json_str(tc_json_get(ms->items[i], "level"));
		const char *t = tc_json_str(tc_json_get(ms->items[i], "text"));
		int level = l ? tc_msg_level_parse(l) : -1;
		if (level < 0 || !t)
			return -1;
		add_msg(r, (enum tc_msg_level)level, t);
	}
	return 0;
}

/* r from the document of a frame; -1 if it is not one. */
static int result_from_json(struct tc_file_result *r, const struct tc_json *doc)
{
	const char *out = tc_json_str(tc_json_get(doc, "output"));
	struct tc_rfile f;

	if (!out)
		return -1;
	if (tc_rfile_from_json(tc_json_get(doc, "file"), &f)) {
		tc_rfile_release(&f);
		return -1;
	}
	tc_rfile_release(&r->file);
	r->file = f;
	r->fixed = (size_t)tc_json_int(tc_json_get(doc, "fixed"), 0);
	r->out = xstrdup(out);
	r->out_len = strlen(out);
	const char *root = tc_json_str(tc_json_get(doc, "srcroot"));
	r->srcroot = root ? xstrdup(root) : NULL;
	const struct tc_json *ig = tc_json_get(doc, "ignores");
	for (size_t i = 0; ig && ig->type == TC_JSON_ARRAY && i < ig->nr; i++) {
		const char *t = tc_json_str(ig->items[i]);
		if (!t)
			return -1;
		r->ignores = xrealloc(r->ignores, (r->nr_ignores + 1) * sizeof(*r->ignores));
		r->ignores[r->nr_ignores++] = xstrdup(t);
	}
	return messages_from_json(r, tc_json_get(doc, "messages"));
}

/* r from the frame in data; -1 if there is none, whole and well-formed. */
static int read_frame(struct tc_file_result *r, const char *data, size_t len)
{
	size_t body = 0;
	int at = 0;
	const char *why;
	unsigned line;

	if (sscanf(data, FRAME_TAG " %zu%n", &body, &at) != 1 || data[at] != '\n' ||
	    (size_t)at + 1 + body != len)
		return -1;
	struct tc_json *doc = tc_json_parse(data + at + 1, &why, &line);
	int rc = doc ? result_from_json(r, doc) : -1;
	tc_json_free(doc);
	return rc;
}

/* ---- checking, in a worker or here ---- */

static struct {
	struct tc_file_result *r;
	FILE *stream; /* r's output */
	int fd;	      /* a worker's pipe; -1 here */
	pid_t pid;
} cur;

/* What is complete once the check is done: its output, and why it failed. */
static void finish(struct tc_file_result *r)
{
	if (cur.stream) {
		fclose(cur.stream);
		cur.stream = NULL;
	}
	if (r->file.status != 2 || r->file.error)
		return;
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < r->nr_msgs; i++) {
		if (r->msgs[i].level < TC_MSG_ERROR)
			continue;
		char *text = tc_msg_text(r->msgs[i].text);
		strbuf_addf(&sb, "%s%s", sb.len ? "\n" : "", text);
		free(text);
	}
	r->file.error = sb.len ? strbuf_detach(&sb) : xstrdup("not checked");
	strbuf_release(&sb);
}

static void keep(enum tc_msg_level level, const char *text, void *ctx)
{
	struct tc_file_result *r = ctx;

	add_msg(r, level, text);
	if (level != TC_MSG_FATAL || getpid() != cur.pid)
		return; /* a child of the worker's (uverdict.c) dies on its own */
	tc_set_msg_sink(NULL, NULL);
	r->file.status = 2;
	finish(r);
	if (cur.fd < 0) {
		tc_result_print_messages(r);
		return; /* die() exits */
	}
	write_frame(r, cur.fd);
	_exit(2);
}

FILE *tc_result_output(struct tc_file_result *r)
{
	if (!cur.stream && cur.r == r)
		cur.stream = open_memstream(&r->out, &r->out_len);
	if (!cur.stream)
		die("cannot keep the output: %s", strerror(errno));
	return cur.stream;
}

/* ---- the persistent cache (cache.h) ---- */

static tc_result_key_fn cache_key;

void tc_result_set_cache(tc_result_key_fn key)
{
	cache_key = key;
}

/* r from the cache entry key, if it has one whose dependencies hold: 1. */
static int from_cache(struct tc_file_result *r, const char *key)
{
	size_t len;
	char *data = tc_cache_get("result", key, &len);
	const char *p = data, *why;
	unsigned line;
	int rc = 0;

	if (!data)
		return 0;
	int holds = tc_deps_check_memo(&p, data + len);
	if (holds == 1) {
		struct tc_json *doc = tc_json_parse(p, &why, &line);
		struct tc_file_result got;
		tc_result_init(&got, r->file.path);
		if (doc && !result_from_json(&got, doc)) {
			/* what was said before (a note of the cache's) stays first */
			for (size_t i = 0; i < got.nr_msgs; i++)
				add_msg(r, got.msgs[i].level, got.msgs[i].text);
			tc_rfile_release(&r->file);
			r->file = got.file;
			memset(&got.file, 0, sizeof(got.file));
			r->fixed = got.fixed;
			free(r->out);
			r->out = got.out;
			r->out_len = got.out_len;
			got.out = NULL;
			free(r->srcroot);
			r->srcroot = got.srcroot;
			got.srcroot = NULL;
			free_strings(r->ignores, r->nr_ignores);
			r->ignores = got.ignores;
			r->nr_ignores = got.nr_ignores;
			got.ignores = NULL;
			got.nr_ignores = 0;
			rc = 1;
		} else {
			holds = -1;
		}
		tc_json_free(doc);
		tc_result_release(&got);
	}
	if (holds < 0)
		tc_cache_note_corrupt("result", key);
	free(data);
	return rc;
}

static struct strbuf *deps_copy;

void tc_result_copy_deps(struct strbuf *sb)
{
	deps_copy = sb;
}

/* Keep r (its messages from the first'th) under key, with what it depends on. */
static void to_cache(const struct tc_file_result *r, const char *key, size_t first)
{
	struct strbuf sb = STRBUF_INIT;

	if (!tc_deps_finish(&sb)) {
		if (deps_copy)
			strbuf_add(deps_copy, sb.buf, sb.len);
		result_json_from(&sb, r, first);
		tc_cache_put("result", key, sb.buf, sb.len);
	}
	strbuf_release(&sb);
}

static void count_message(enum tc_msg_level level, const char *text, void *ctx)
{
	(void)level;
	(void)text;
	++*(size_t *)ctx;
}

static void check(const char *path, tc_check_path_fn fn, void *ctx, struct tc_file_result *r,
		  int fd)
{
	cur.r = r;
	cur.fd = fd;
	cur.pid = getpid();
	/* the key says nothing: what it would say (a tree that cannot be used), the check says */
	size_t said = 0;
	tc_set_msg_sink(count_message, &said);
	char *key = cache_key ? cache_key(path, ctx) : NULL;
	if (said) {
		free(key);
		key = NULL;
	}
	tc_set_msg_sink(keep, r);
	if (key && from_cache(r, key)) {
		tc_set_msg_sink(NULL, NULL);
		cur.r = NULL;
		free(key);
		return;
	}
	size_t first = r->nr_msgs;
	if (key)
		tc_deps_start();
	int status = fn(path, ctx, r);
	r->file.status = tc_status_worse(r->file.status, status);
	tc_set_msg_sink(NULL, NULL);
	finish(r);
	if (key)
		to_cache(r, key, first);
	free(key);
	cur.r = NULL;
}

void tc_result_work(const char *path, tc_check_path_fn fn, void *ctx, int fd)
{
	struct tc_file_result r;

	tc_result_init(&r, path);
	check(path, fn, ctx, &r, fd);
	write_frame(&r, fd);
	tc_result_release(&r);
}

void tc_result_here(tc_check_path_fn fn, void *ctx, struct tc_file_result *r)
{
	check(r->file.path, fn, ctx, r, -1);
}

/* A lookup's messages, kept in r whatever their level (a die() still exits). */
static void note(enum tc_msg_level level, const char *text, void *ctx)
{
	add_msg(ctx, level, text);
}

int tc_result_cached(struct tc_file_result *r, void *ctx)
{
	struct tc_file_result w;
	const char *path = r->file.path;
	size_t said = 0;
	int hit = 0;

	if (!cache_key)
		return 0;
	/* what a worker's check() does up to its look-up, to the same r */
	tc_result_init(&w, path);
	tc_set_msg_sink(count_message, &said);
	char *key = cache_key(path, ctx);
	tc_set_msg_sink(note, &w);
	if (key && !said)
		hit = from_cache(&w, key);
	tc_set_msg_sink(NULL, NULL);
	free(key);
	if (hit) {
		/* handed over as a worker hands it: its frame, read back */
		struct strbuf body = STRBUF_INIT, frame = STRBUF_INIT;
		result_json(&body, &w);
		strbuf_addf(&frame, FRAME_TAG " %zu\n", body.len);
		strbuf_add(&frame, body.buf, body.len);
		hit = !read_frame(r, frame.buf, frame.len);
		if (!hit) {
			/* cannot be; r as it was, for a worker's result */
			char *p = xstrdup(path);
			tc_result_release(r);
			tc_result_init(r, p);
			free(p);
		}
		strbuf_release(&frame);
		strbuf_release(&body);
	}
	tc_result_release(&w);
	return hit;
}

/* ---- in the parent ---- */

size_t tc_result_collect(struct tc_file_result *r, const struct tc_worker_end *end)
{
	const char *path = r->file.path;
	char *why, *text;

	if (end->timeout) {
		why = xasprintf("it took longer than %d s (--timeout)", end->timeout);
		text = xasprintf("%s: not checked: %s", path, why);
		failed(r, TC_NC_TIMEOUT, why, text);
	} else if (!read_frame(r, end->data, end->len)) {
		return r->file.nr;
	} else if (end->interrupted) {
		/* killed from outside (the OOM killer, kill -9): nothing to say about the header */
		why = xasprintf("interrupted: its worker was killed from outside (%s); run again",
				strsignal(end->signal));
		text = xasprintf("%s: not checked: %s", path, why);
		r->file.status = tc_status_worse(r->file.status, 3);
		free(r->file.nc_reason);
		free(r->file.nc_message);
		r->file.nc_reason = xstrdup(tc_nc_code(TC_NC_INTERRUPTED));
		r->file.nc_message = xstrdup(why);
		add_msg(r, TC_MSG_WARNING, text);
	} else {
		why = end->signal ? xasprintf("internal error (%s)", strsignal(end->signal))
				  : xasprintf("internal error (its worker ended with status %d "
					      "and no result)",
					      end->exit_code);
		text = xasprintf("%s: %s; please report it", path, why);
		failed(r, TC_NC_INTERNAL, why, text);
	}
	free(why);
	free(text);
	return 0;
}

void tc_result_print_messages(const struct tc_file_result *r)
{
	for (size_t i = 0; i < r->nr_msgs; i++)
		tc_msg_print(r->msgs[i].level, r->msgs[i].text);
	fflush(stderr);
}

void tc_result_emit(struct tc_file_result *r, struct tc_report *report, unsigned detail,
		    int findings)
{
	if (r->out_len)
		fwrite(r->out, 1, r->out_len, stdout);
	if (report) {
		tc_report_add(report, &r->file);
	} else if (findings) {
		struct strbuf sb = STRBUF_INIT;
		tc_rfile_gcc(&r->file, &sb, detail);
		fputs(strbuf_str(&sb), stdout);
		strbuf_release(&sb);
	}
	fflush(stdout);
	tc_result_print_messages(r);
}

/* ---- the totals ---- */

void tc_totals_add(struct tc_totals *t, const struct tc_file_result *r)
{
	const struct tc_rfile *f = &r->file;

	if (!t->counts)
		t->counts = xcalloc(tc_nr_rules * 3 + 1, sizeof(size_t));
	t->files++;
	t->events += f->events;
	t->failed += f->status == 2;
	t->skipped += tc_rfile_skipped(f);
	t->omitted += f->omitted;
	t->capped += f->omitted > 0;
	t->findings += f->nr;
	t->fixed += r->fixed;
	t->suppressed += f->nr_supp;
	for (size_t k = 0; k < r->nr_ignores; k++) {
		const char *key = r->ignores[k] + 2;
		size_t j = 0;
		while (j < t->nr_ignores && strcmp(t->ignores[j], key))
			j++;
		if (j == t->nr_ignores) {
			t->ignores = xrealloc(t->ignores, (j + 1) * sizeof(*t->ignores));
			t->ignore_found = xrealloc(t->ignore_found, j + 1);
			t->ignores[j] = xstrdup(key);
			t->ignore_found[j] = 0;
			t->nr_ignores++;
		}
		t->ignore_found[j] |= r->ignores[k][0] == '1';
	}
	t->status = tc_status_worse(t->status, f->status);
	for (size_t k = 0; k < f->nr; k++) {
		int ri = tc_rule_index(f->v[k].rule);
		if (ri >= 0)
			t->counts[ri * 3 + f->v[k].severity]++;
	}
	for (int k = TC_NC_CONFIG; k <= TC_NC_INTERNAL && f->nc_reason; k++)
		t->reasons[k] += !strcmp(f->nc_reason, tc_nc_code((enum tc_nc_reason)k));
}

void tc_totals_release(struct tc_totals *t)
{
	free(t->counts);
	free_strings(t->ignores, t->nr_ignores);
	free(t->ignore_found);
	memset(t, 0, sizeof(*t));
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

static void summary_rules(const size_t *tot)
{
	int width = 0;

	for (size_t ri = 0; ri < tc_nr_rules; ri++)
		if ((int)strlen(tc_rules[ri]->name) > width)
			width = (int)strlen(tc_rules[ri]->name);
	for (size_t ri = 0; ri < tc_nr_rules; ri++) {
		const size_t *c = &tot[ri * 3];
		if (!c[TC_SEV_ERROR] && !c[TC_SEV_WARNING] && !c[TC_SEV_NOTE])
			continue;
		fprintf(stderr, "  %-*s %zu error%s, %zu warning%s, %zu note%s\n", width,
			tc_rules[ri]->name, c[TC_SEV_ERROR], plural(c[TC_SEV_ERROR]),
			c[TC_SEV_WARNING], plural(c[TC_SEV_WARNING]), c[TC_SEV_NOTE],
			plural(c[TC_SEV_NOTE]));
	}
}

void tc_totals_print(const struct tc_totals *t, double secs)
{
	fprintf(stderr,
		"%zu file%s (%zu failed, %zu not checked), %zu event%s, %zu finding%s in %.1f s\n",
		t->files, plural(t->files), t->failed, t->skipped, t->events, plural(t->events),
		t->findings, plural(t->findings), secs);
	for (int k = TC_NC_CONFIG; k <= TC_NC_INTERNAL; k++)
		if (t->reasons[k])
			fprintf(stderr, "  %zu file%s %s\n", t->reasons[k],
				plural(t->reasons[k]), tc_nc_summary(tc_nc_code((enum tc_nc_reason)k)));
	if (t->omitted)
		fprintf(stderr, "  %zu finding%s of %zu file%s not reported (--max-findings)\n",
			t->omitted, plural(t->omitted), t->capped, plural(t->capped));
	if (t->suppressed)
		fprintf(stderr, "  %zu finding%s suppressed inline (tracecheck: ignore)\n",
			t->suppressed, plural(t->suppressed));
	if (t->counts)
		summary_rules(t->counts);
}

void tc_totals_print_ignores(const struct tc_totals *t)
{
	for (size_t j = 0; j < t->nr_ignores; j++) {
		if (t->ignore_found[j])
			continue;
		const char *tab = strchr(t->ignores[j], '\t');
		const char *colon = tab ? strchr(tab, ':') : NULL;
		if (!colon)
			continue;
		char *where = xstrndup(t->ignores[j], (size_t)(tab - t->ignores[j]));
		/* a config file's line: gcc's shape; else "command line: ..." */
		if (strcmp(where, "command line"))
			warning_place(where, "--ignore %s: no header checked defines an event or "
					     "class '%s'",
				      tab + 1, colon + 1);
		else
			warning("%s: --ignore %s: no header checked defines an event or class '%s'",
				where, tab + 1, colon + 1);
		free(where);
	}
}
