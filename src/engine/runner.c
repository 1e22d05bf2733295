// SPDX-License-Identifier: MIT
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "diag.h"
#include "rules.h"
#include "util.h"

struct slot {
	pid_t pid;
	size_t file;
	double started;
	int timed_out;
	int timeout; /* this file's limit */
};

struct result {
	int done;
	int status;
	char *out, *err;
	size_t out_len, err_len;
	struct tc_file_stats st;
	int timed_out;
};

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *tmp_path(const char *dir, size_t i, const char *what)
{
	return xasprintf("%s/%zu.%s", dir, i, what);
}

static void write_stats(const char *path, const struct tc_file_stats *st)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	fprintf(f, "%zu %zu", st->events, st->fixed);
	for (size_t k = 0; k < tc_nr_rules * 3; k++)
		fprintf(f, " %zu", st->counts[k]);
	fprintf(f, " %zu\n", st->omitted);
	fclose(f);
}

static void read_stats(const char *path, struct tc_file_stats *st)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	if (fscanf(f, "%zu %zu", &st->events, &st->fixed) == 2) {
		size_t k = 0;
		while (k < tc_nr_rules * 3 && fscanf(f, " %zu", &st->counts[k]) == 1)
			k++;
		if (k == tc_nr_rules * 3 && fscanf(f, " %zu", &st->omitted) != 1)
			st->omitted = 0;
	}
	fclose(f);
}

static pid_t start(const char *dir, size_t i, tc_check_fn fn, void *ctx)
{
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid)
		return pid;
	char *o = tmp_path(dir, i, "out"), *e = tmp_path(dir, i, "err"), *s = tmp_path(dir, i, "st");
	int fo = open(o, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int fe = open(e, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	free(o);
	free(e);
	if (fo < 0 || fe < 0) {
		free(s);
		_exit(2);
	}
	dup2(fo, 1);
	dup2(fe, 2);
	close(fo);
	close(fe);
	struct tc_file_stats st = { 0, xcalloc(tc_nr_rules * 3, sizeof(size_t)), 0, 0 };
	int status = fn(i, ctx, &st);
	fflush(stdout);
	fflush(stderr);
	write_stats(s, &st);
	free(s);
	free(st.counts);
	/* the parent owns the shared state (the kernel tree's temporary files) */
	_exit(status);
}

static void progress(size_t done, size_t n, size_t findings, double t0, int on)
{
	if (!on)
		return;
	double el = now() - t0;
	double eta = done ? el / (double)done * (double)(n - done) : 0;
	fprintf(stderr, "\r%zu/%zu files, %zu findings, %.0f s, ETA %.0f s ", done, n, findings, el,
		eta);
	if (done == n)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

static void summary(const struct result *r, size_t n, double secs)
{
	size_t events = 0, *tot = xcalloc(tc_nr_rules * 3, sizeof(size_t)), all = 0;
	size_t failed = 0, timed_out = 0, omitted = 0, capped = 0;

	for (size_t i = 0; i < n; i++) {
		events += r[i].st.events;
		failed += r[i].status == 2;
		timed_out += r[i].timed_out;
		omitted += r[i].st.omitted;
		capped += r[i].st.omitted > 0;
		for (size_t k = 0; k < tc_nr_rules * 3; k++)
			tot[k] += r[i].st.counts[k];
	}
	for (size_t k = 0; k < tc_nr_rules * 3; k++)
		all += tot[k];
	fprintf(stderr, "%zu file%s (%zu not checked), %zu event%s, %zu finding%s in %.1f s\n", n,
		n == 1 ? "" : "s", failed, events, events == 1 ? "" : "s", all, all == 1 ? "" : "s",
		secs);
	if (timed_out)
		fprintf(stderr, "  %zu file%s not checked: over the time limit (--timeout)\n",
			timed_out, timed_out == 1 ? "" : "s");
	if (omitted)
		fprintf(stderr, "  %zu finding%s of %zu file%s not reported (--max-findings)\n",
			omitted, omitted == 1 ? "" : "s", capped, capped == 1 ? "" : "s");
	int width = 0;
	for (size_t ri = 0; ri < tc_nr_rules; ri++)
		if ((int)strlen(tc_rules[ri]->name) > width)
			width = (int)strlen(tc_rules[ri]->name);
	for (size_t ri = 0; ri < tc_nr_rules; ri++) {
		size_t *c = &tot[ri * 3];
		if (!c[TC_SEV_ERROR] && !c[TC_SEV_WARNING] && !c[TC_SEV_NOTE])
			continue;
		fprintf(stderr, "  %-*s %zu error%s, %zu warning%s, %zu note%s\n", width,
			tc_rules[ri]->name,
			c[TC_SEV_ERROR], c[TC_SEV_ERROR] == 1 ? "" : "s", c[TC_SEV_WARNING],
			c[TC_SEV_WARNING] == 1 ? "" : "s", c[TC_SEV_NOTE], c[TC_SEV_NOTE] == 1 ? "" : "s");
	}
	free(tot);
}

static int rm_dir(const char *dir, size_t n)
{
	static const char *const what[] = { "out", "err", "st" };

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ARRAY_SIZE(what); k++) {
			char *p = tmp_path(dir, i, what[k]);
			unlink(p);
			free(p);
		}
	return rmdir(dir);
}

int tc_run_files(const char *const *files, size_t n, const struct tc_run_options *o,
		 tc_check_fn fn, void *ctx)
{
	char tmpl[] = "/tmp/tracecheck-run-XXXXXX";
	const char *tmpdir = getenv("TMPDIR");
	char *dir = tmpdir && *tmpdir ? xasprintf("%s/tracecheck-run-XXXXXX", tmpdir) : xstrdup(tmpl);
	struct result *r = xcalloc(n, sizeof(*r));
	struct slot *slots = xcalloc((size_t)o->jobs, sizeof(*slots));
	size_t next = 0, printed = 0, running = 0, done = 0, findings = 0;
	int status = 0;
	double t0 = now();

	if (!mkdtemp(dir))
		die("cannot create a temporary directory (%s): %s", dir, strerror(errno));
	for (size_t i = 0; i < n; i++)
		r[i].st.counts = xcalloc(tc_nr_rules * 3, sizeof(size_t));
	while (printed < n) {
		/* start as many as there are free slots */
		for (int s = 0; s < o->jobs && next < n; s++)
			if (!slots[s].pid) {
				slots[s].pid = start(dir, next, fn, ctx);
				slots[s].file = next++;
				slots[s].started = now();
				slots[s].timed_out = 0;
				slots[s].timeout = o->timeout_of ? o->timeout_of(slots[s].file, ctx)
								 : o->timeout;
				running++;
			}
		int st;
		pid_t pid = running ? waitpid(-1, &st, WNOHANG) : 0;
		if (pid < 0 && errno != EINTR && errno != ECHILD)
			die("waitpid: %s", strerror(errno));
		if (pid > 0) {
			for (int s = 0; s < o->jobs; s++) {
				if (slots[s].pid != pid)
					continue;
				size_t i = slots[s].file;
				struct result *res = &r[i];
				char *p = tmp_path(dir, i, "out");
				res->out = read_file(p, &res->out_len);
				free(p);
				p = tmp_path(dir, i, "err");
				res->err = read_file(p, &res->err_len);
				free(p);
				p = tmp_path(dir, i, "st");
				read_stats(p, &res->st);
				free(p);
				if (slots[s].timed_out) {
					res->status = 2;
					res->timed_out = 1;
					char *m = xasprintf("tracecheck: error: %s: not checked: it took "
							    "longer than %d s (--timeout)\n",
							    files[i], slots[s].timeout);
					free(res->err);
					res->err = m;
					res->err_len = strlen(m);
					free(res->out);
					res->out = NULL;
					res->out_len = 0;
				} else if (WIFSIGNALED(st)) {
					res->status = 2;
					char *m = xasprintf("%stracecheck: error: %s: internal error "
							    "(%s); please report it\n",
							    res->err ? res->err : "", files[i],
							    strsignal(WTERMSIG(st)));
					free(res->err);
					res->err = m;
					res->err_len = strlen(m);
				} else {
					res->status = WIFEXITED(st) ? WEXITSTATUS(st) : 2;
				}
				res->done = 1;
				for (size_t k = 0; k < tc_nr_rules * 3; k++)
					findings += res->st.counts[k];
				slots[s].pid = 0;
				running--;
				done++;
				progress(done, n, findings, t0, o->progress);
			}
		} else {
			/* nothing finished: enforce the time limit, then wait a little */
			for (int s = 0; s < o->jobs; s++)
				if (slots[s].pid && slots[s].timeout && !slots[s].timed_out &&
				    now() - slots[s].started > slots[s].timeout) {
					kill(slots[s].pid, SIGKILL);
					slots[s].timed_out = 1;
				}
			struct timespec ts = { 0, 5 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
		/* print what is complete, in order */
		while (printed < n && r[printed].done) {
			struct result *res = &r[printed];
			if (o->progress)
				fputs("\r\033[K", stderr);
			if (o->emit)
				o->emit(printed, res->status, res->out, res->err, o->emit_ctx);
			else if (res->out_len)
				fwrite(res->out, 1, res->out_len, stdout);
			fflush(stdout);
			if (res->err_len)
				fwrite(res->err, 1, res->err_len, stderr);
			fflush(stderr);
			if (res->status == 2 || (res->status == 1 && status == 0))
				status = res->status;
			free(res->out);
			free(res->err);
			res->out = res->err = NULL;
			printed++;
			if (printed < n)
				progress(done, n, findings, t0, o->progress);
		}
	}
	if (o->summary)
		summary(r, n, now() - t0);
	if (o->fixed)
		for (size_t i = 0; i < n; i++)
			*o->fixed += r[i].st.fixed;
	rm_dir(dir, n);
	for (size_t i = 0; i < n; i++)
		free(r[i].st.counts);
	free(r);
	free(slots);
	free(dir);
	return status;
}
