/* SPDX-License-Identifier: MIT */
/*
 * Checking many files at once: each file in a worker process (-j N at a
 * time), which writes its result to one pipe; the results are handed
 * over in the files' order whatever N is; a worker that takes longer
 * than the time limit is killed, one that dies is reported as such; a
 * progress line on a terminal.  What a result is, is the caller's
 * (output/result.h): the runner carries its bytes.
 */
#ifndef TC_RUNNER_H
#define TC_RUNNER_H

#include <stddef.h>

/* How a worker ended, for the parent. */
struct tc_worker_end {
	const char *data; /* what it wrote to its pipe */
	size_t len;
	int signal;    /* it died of this signal; 0: it exited */
	int exit_code; /* when it exited */
	int timeout;   /* > 0: it was killed after this many seconds (its time limit) */
	/*
	 * It died of a signal from outside (kill -9, the OOM killer,
	 * SIGTERM: not a crash of its own, tc_signal_is_crash(), and not its
	 * time limit): not a verdict on its file, which was not checked.
	 */
	int interrupted;
};

struct tc_run_options {
	int jobs;     /* > 0 */
	/*
	 * seconds per file, 0: none; a worker's limit starts again whenever
	 * it writes (a result handed over: the worker of a side after a patch
	 * checks the side before first, collected())
	 */
	int timeout;
	int progress; /* a progress line on stderr */
	/* if set: file i's time limit (its config file's --timeout), instead of timeout */
	int (*timeout_of)(size_t i, void *ctx);
	/* in the worker: check file i and write its result to fd */
	void (*work)(size_t i, void *ctx, int fd);
	/*
	 * In the parent, as each worker ends (in any order): take file i's
	 * result; returns its number of findings (for the progress line).
	 */
	size_t (*collect)(size_t i, const struct tc_worker_end *end, void *ctx);
	/* in the parent, in the files' order: print file i's result */
	void (*emit)(size_t i, void *ctx);
	/*
	 * If set: the file whose worker must have ended before file i's
	 * starts, or i itself for none.  The files start in their order but
	 * for that; a file waited for must itself wait for none.
	 */
	size_t (*waits_for)(size_t i, void *ctx);
	/*
	 * If set: has file i's result come already (the worker of another
	 * file gave it to collect())?  Then it needs no worker of its own.
	 * Asked when its wait is over.
	 */
	int (*collected)(size_t i, void *ctx);
	/*
	 * If set: can file i be done here, without a worker (its result in
	 * the persistent cache)?  1 if it is, with *findings its number of
	 * findings; 0 if it needs a worker.  Asked when it would start.
	 */
	int (*here)(size_t i, void *ctx, size_t *findings);
	void *ctx;
};

void tc_run_files(size_t n, const struct tc_run_options *o);

#endif
