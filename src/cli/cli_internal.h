/* SPDX-License-Identifier: MIT */
/*
 * Inside the program (main.c), shared by its files:
 *   main.c        the modes: the command line, kbuild, -p, --patch, --merge
 *   checkpath.c   one header's check, in a worker: into its result
 *   checkfiles.c  the headers checked in workers, their results printed in order
 *   cachekey.c    the persistent cache of results: the key of a header's result
 */
#ifndef TC_CLI_INTERNAL_H
#define TC_CLI_INTERNAL_H

#include "config.h"
#include "diag.h"
#include "frontend.h"
#include "options.h"
#include "report.h"
#include "result.h"
#include "strbuf.h"

struct check_ctx {
	const struct cmdline *cl;
	struct tc_frontend *fe;
	struct tc_file_result *results; /* of the files, in the parent */
	struct tc_report *report;	/* NULL: the gcc shape */
	struct tc_totals totals;	/* of those printed */
	/*
	 * Patch mode, the side after the patch of a header that was there
	 * before: its path, and how to load the overlay of each side
	 * (tc_cli_read_before()); the header as it was is parsed only when the
	 * check runs, not when its result comes from the cache, and not at
	 * all when the check of the side before in this worker parsed it
	 * (primed, below).
	 */
	char *before_path;
	void (*before_load)(const void *side);
	const void *before_side[2];
	/*
	 * prime_before(): the side before checked in the worker of the side
	 * after, the header as it parsed it kept for read_before_now(), with
	 * what that check depended on (primed_deps); priming while it runs
	 */
	int priming;
	struct tc_header *primed;
	struct strbuf primed_deps;
};

/* checkpath.c */
/* Settings for one header: defaults, its config file, the command line. */
int tc_cli_header_settings(const struct cmdline *cl, const char *abs_path,
			   struct tc_settings *s);
/* The resolver of the dependency "before ID" (--patch: the parse of the side before). */
char *tc_cli_before_holds(const char *id);
/* The per-header pipeline, for one header (in a worker, but for a lone header): into r. */
int tc_cli_check_path(const char *path, void *vctx, struct tc_file_result *r);
/* A message sink that drops what it is given. */
void tc_cli_drop_message(enum tc_msg_level level, const char *text, void *ctx);
/* --patch: note the header at path as the tree was before the patch. */
void tc_cli_read_before(const char *path, void *vctx, void (*load)(const void *side),
			const void *before, const void *after);
/* --patch, in the worker of the side after: the side before's check, for the cache. */
void tc_cli_prime_before(const char *path, void *vctx, int fd);

/* checkfiles.c */
int tc_cli_online_cpus(void);
/* Check the files, in workers; print their results in order; the exit status. */
int tc_cli_check_files(struct check_ctx *ctx, size_t *fixed);
/* The --fail-on severity of the header at path. */
enum tc_severity tc_cli_fail_on_of(const char *path, void *vctx);

/* cachekey.c */
void tc_cli_cache_setup(const struct cmdline *cl, int argc, char **argv, int kbuild);

#endif
