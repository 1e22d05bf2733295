// SPDX-License-Identifier: MIT
/* The persistent cache of results (cache.h): what a header's result is kept under. */
#include "cli_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "fskeys.h"
#include "strbuf.h"
#include "overlay.h"
#include "tep.h"
#include "kconfig.h"
#include "tpindex.h"
#include "util.h"

/* ---- the persistent cache of results (cache.h) ---- */

/* The command line, for the keys of the results. */
static int cache_argc;
static char **cache_argv;

/* The words of the command line that decide results: all but -j, --no-cache and --watch. */
static void key_words(struct strbuf *sb)
{
	for (int i = 1; i < cache_argc; i++) {
		const char *a = cache_argv[i];
		if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
			i++;
			continue;
		}
		if (starts_with(a, "-j") || starts_with(a, "--jobs=") || !strcmp(a, "--no-cache") ||
		    !strcmp(a, "--watch"))
			continue;
		strbuf_addf(sb, "arg %s\n", a);
	}
}

/*
 * The hash of what tracecheck reads at path now (the overlay's text, if
 * it has it); -1 if it is no regular file that can be read (a FIFO would
 * block: tc_input_check() refuses it).
 */
static int key_file(struct strbuf *sb, const char *what, const char *path)
{
	size_t len;
	char *text = NULL;
	char h[33];

	if (!path)
		return 0;
	tc_deps_pause();
	if (is_file(path))
		text = read_file(path, &len);
	tc_deps_resume();
	if (!text)
		return -1;
	tc_hash_hex(text, len, h);
	strbuf_addf(sb, "%s %s %s\n", what, path, h);
	free(text);
	return 0;
}

/* Each file the overlay holds now (what --patch changes), as "WHAT PATH HASH". */
static void key_overlay(struct strbuf *sb, const char *what)
{
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text, *h = tc_overlay_entry_hash(i);
		size_t len;
		const char *p = tc_overlay_entry(i, &text, &len);
		strbuf_addf(sb, "%s %s %s\n", what, p, h ? h : "removed");
	}
}

/*
 * The key of path's result: this build, the options, the current
 * directory, the header's text, what --patch changes, the files the
 * options name and the front end's context.  NULL: not kept (--fix,
 * --emit-format and --save-tu write files; no cache).
 */
static char *result_key(const char *path, void *vctx)
{
	struct check_ctx *ctx = vctx;
	const struct cmdline *cl = ctx->cl;
	struct strbuf sb = STRBUF_INIT;

	if (!tc_cache_enabled() || cl->fix || cl->emit_format || cl->save_tu)
		return NULL;
	char *cwd = absolute_path(".");
	strbuf_addf(&sb, "result\n%s\ncwd %s\npath %s\n", tc_cache_build_id(), cwd, path);
	free(cwd);
	key_words(&sb);
	if (key_file(&sb, "header", path) || key_file(&sb, "baseline", cl->baseline) ||
	    key_file(&sb, "config", cl->config) || key_file(&sb, "kconfig", cl->kconfig) ||
	    key_file(&sb, "compdb", cl->compdb)) {
		strbuf_release(&sb);
		return NULL; /* what the check says about it, it says every time */
	}
	key_overlay(&sb, "overlay");
	/*
	 * --patch, the side after the patch: its rules see the header as it
	 * was too (layout-change), read with the other side's overlay: what
	 * that side was is in the key, not the patch's name (a hook's
	 * temporary file, stdin), and what its parse read a dependency of
	 * its own (read_before_now()).
	 */
	if (ctx->before_path && !strcmp(ctx->before_path, path)) {
		ctx->before_load(ctx->before_side[0]);
		key_overlay(&sb, "before-overlay");
		int bad = key_file(&sb, "before", path);
		ctx->before_load(ctx->before_side[1]);
		if (bad) {
			strbuf_release(&sb);
			return NULL;
		}
	}
	char *fk = tc_frontend_context_key(ctx->fe, path);
	if (!fk) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_addstr(&sb, fk);
	free(fk);
	return strbuf_detach(&sb);
}

void tc_cli_cache_setup(const struct cmdline *cl, int argc, char **argv, int kbuild)
{
	cache_argc = argc;
	cache_argv = argv;
	if (cl->no_cache || kbuild)
		tc_cache_disable();
	tc_cache_set_verbose(cl->verbose);
	tc_tp_watch(cl->watch, cl->verbose);
	if (tc_cache_enabled()) {
		char *fe = tc_frontend_identity(), *tep = tc_tep_identity();
		tc_cache_identity(fe);
		tc_cache_identity(tep);
		free(fe);
		free(tep);
	}
	tc_deps_set_resolver("tpanswers", tc_tpindex_answers_now);
	tc_deps_set_resolver("tpctp", tc_tpindex_ctp_now);
	tc_fskeys_set_resolvers();
	tc_deps_set_resolver("kconfig", tc_kconfig_current_key);
	tc_result_set_cache(result_key);
	/* --patch: the parse of the side before, checked on that side */
	tc_deps_set_resolver("before", tc_cli_before_holds);
}
