/* SPDX-License-Identifier: MIT */
/*
 * Checking many files at once: each file in a child process (-j N at a
 * time), its standard output and error kept and printed in the files'
 * order whatever N is; a file that takes longer than the time limit is
 * killed and reported; a progress line on a terminal; totals at the end.
 */
#ifndef TC_RUNNER_H
#define TC_RUNNER_H

#include <stddef.h>
#include <stdio.h>

/* What one file contributed, for the summary. */
struct tc_file_stats {
	size_t events;
	size_t *counts; /* [rule * 3 + severity], tc_nr_rules * 3 entries */
	size_t fixed;	/* baseline entries no longer found */
	size_t omitted; /* findings over --max-findings, not reported */
};

/* Check file i, printing to stdout/stderr; returns its exit status (0, 1, 2). */
typedef int (*tc_check_fn)(size_t i, void *ctx, struct tc_file_stats *st);

struct tc_run_options {
	int jobs;     /* > 0 */
	int timeout;  /* seconds per file, 0: none */
	int progress; /* a progress line on stderr */
	int summary;  /* totals on stderr at the end */
	size_t *fixed; /* if not NULL: the sum of the files' fixed counts */
	/*
	 * If set, file i's standard output goes here (in file order)
	 * instead of to stdout, with its exit status and standard error
	 * (which is printed as well).
	 */
	void (*emit)(size_t i, int status, const char *out, const char *err, void *ctx);
	void *emit_ctx;
	/* if set: file i's time limit (its config file's --timeout), instead of timeout */
	int (*timeout_of)(size_t i, void *ctx);
};

/* Returns the combined exit status (2 over 1 over 0). */
int tc_run_files(const char *const *files, size_t n, const struct tc_run_options *o,
		 tc_check_fn fn, void *ctx);

#endif
