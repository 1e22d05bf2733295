// SPDX-License-Identifier: MIT
/* The headers checked, each in a worker, and their results printed in the files' order. */
#include "cli_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "depsmemo.h"
#include "runner.h"
#include "strbuf.h"
#include "util.h"

int tc_cli_online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/*
 * File i's time limit: --timeout, else its config file's, else 60 s.  The
 * config is read again in the worker, which reports what is wrong with it.
 */
static int timeout_of(size_t i, void *vctx)
{
	struct check_ctx *ctx = vctx;
	const struct cmdline *cl = ctx->cl;
	struct tc_settings s;
	int t = cl->timeout;

	if (cl->timeout_set || cl->no_config)
		return t;
	char *abs = absolute_path(cl->files[i]);
	tc_set_msg_sink(tc_cli_drop_message, NULL);
	if (!tc_cli_header_settings(cl, abs, &s) && s.timeout >= 0)
		t = s.timeout;
	tc_set_msg_sink(NULL, NULL);
	tc_settings_release(&s);
	free(abs);
	return t;
}

static void work_file(size_t i, void *vctx, int fd)
{
	struct check_ctx *ctx = vctx;

	tc_result_work(ctx->cl->files[i], tc_cli_check_path, vctx, fd);
}

/* File i's result from the cache, looked up here: no worker forked for it. */
static int cached_file(size_t i, void *vctx, size_t *findings)
{
	struct check_ctx *ctx = vctx;

	/* a tree not prepared yet is prepared by the worker, which says what is wrong with it */
	if (!tc_frontend_context_ready(ctx->fe, ctx->cl->files[i]) ||
	    !tc_result_cached(&ctx->results[i], vctx))
		return 0;
	*findings = ctx->results[i].file.nr;
	return 1;
}

static size_t collect_file(size_t i, const struct tc_worker_end *end, void *vctx)
{
	struct check_ctx *ctx = vctx;

	return tc_result_collect(&ctx->results[i], end);
}

static void emit_file(size_t i, void *vctx)
{
	struct check_ctx *ctx = vctx;
	struct tc_file_result *r = &ctx->results[i];
	enum tc_format f = ctx->cl->format;

	/* the machine-readable reports' paths: relative to a file's source root (srcroot.c) */
	if (ctx->report && (f == TC_FMT_JSON || f == TC_FMT_SARIF || f == TC_FMT_GITLAB ||
			    f == TC_FMT_GITHUB)) {
		if (!r->srcroot)
			r->srcroot = tc_source_root(r->file.path, NULL);
		tc_report_add_root(ctx->report, r->srcroot);
	}
	tc_totals_add(&ctx->totals, &ctx->results[i]);
	tc_result_emit(&ctx->results[i], ctx->report, tc_diag_detail, !ctx->cl->fix_diff);
	tc_result_release(&ctx->results[i]);
}

/*
 * Check the files: in this process for a lone header without a time
 * limit, else each in a worker; print their results in order, the
 * totals when asked.  Returns the exit status; *fixed: the baseline
 * entries they no longer have.
 */
int tc_cli_check_files(struct check_ctx *ctx, size_t *fixed)
{
	const struct cmdline *cl = ctx->cl;
	size_t n = cl->nr_files;
	double t0 = tc_now();

	ctx->results = xcalloc(n + 1, sizeof(*ctx->results));
	for (size_t i = 0; i < n; i++)
		tc_result_init(&ctx->results[i], cl->files[i]);
	if (n == 1 && !cl->discovered && !ctx->report && cl->timeout_set && !cl->timeout) {
		/* no time limit: in this process */
		tc_result_here(tc_cli_check_path, ctx, &ctx->results[0]);
		emit_file(0, ctx);
	} else if (n) {
		struct tc_run_options ro = {
			.jobs = cl->jobs > 0 ? cl->jobs : tc_cli_online_cpus(),
			.timeout = cl->timeout,
			.progress = !cl->quiet && isatty(2),
			.timeout_of = timeout_of,
			.work = work_file,
			.collect = collect_file,
			.emit = emit_file,
			.here = cached_file,
			.ctx = ctx,
		};
		if (n > 1)
			tc_frontend_warm(ctx->fe, cl->files[0]); /* shared by the workers */
		tc_deps_memo_begin(); /* the look-ups share what they check */
		tc_run_files(n, &ro);
		tc_deps_memo_end();
	}
	tc_totals_print_ignores(&ctx->totals);
	/* -q: the gcc format's findings and the summary; a report's without it */
	if (cl->discovered && (!cl->quiet || !ctx->report))
		tc_totals_print(&ctx->totals, tc_now() - t0);
	free(ctx->results);
	ctx->results = NULL;
	*fixed = ctx->totals.fixed;
	int status = ctx->totals.status;
	tc_totals_release(&ctx->totals);
	return status;
}

enum tc_severity tc_cli_fail_on_of(const char *path, void *vctx)
{
	struct check_ctx *ctx = vctx;
	struct tc_settings s;
	char *abs = absolute_path(path);
	enum tc_severity f = TC_SEV_WARNING;

	if (!tc_cli_header_settings(ctx->cl, abs, &s))
		f = s.fail_on;
	tc_settings_release(&s);
	free(abs);
	return f;
}
