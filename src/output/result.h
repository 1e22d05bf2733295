/* SPDX-License-Identifier: MIT */
/*
 * One header's result, whatever the mode: what the per-header pipeline
 * (settings, parse, rules, merge, suppress, baseline, cap) produced, as
 * typed data.  A worker (runner.h) writes it to its pipe as one frame,
 * the parent reads it back and prints it; a lone header checked in
 * tracecheck's own process prints the same way.  Nothing of a worker
 * reaches the terminal but through its result: error(), warning(),
 * note(), inform() and die() go into it (util.h's message sink).
 *
 * The frame: "tracecheck-result LEN\n" and LEN bytes of JSON,
 *
 *   { "file": { the JSON report's file entry (report.h), with the
 *               HTML records },
 *     "fixed": 0,
 *     "messages": [ { "level": "error", "text": "..." } ],
 *     "output": "...",
 *     "srcroot": "/abs/root",       (when known: tc_source_root())
 *     "ignores": [ "1\tWHERE\tRULE:EVENT" ] }   (--ignore RULE:EVENT: 1 if the
 *                                             header defines EVENT)
 *
 * its strings byte for byte (tc_json_quote_raw()).
 */
#ifndef TC_RESULT_H
#define TC_RESULT_H

#include <stddef.h>
#include <stdio.h>

#include "notchecked.h"
#include "report.h"
#include "runner.h"
#include "util.h"

struct tc_msg {
	enum tc_msg_level level;
	char *text;
};

struct tc_file_result {
	/*
	 * Its path, events, status (0 clean, 1 findings, 2 failed, 3 not
	 * checked), error, why it was not checked, findings and what
	 * --max-findings left out.
	 */
	struct tc_rfile file;
	size_t fixed; /* baseline entries it no longer has */
	/* what it said on standard error, in order */
	struct tc_msg *msgs;
	size_t nr_msgs, alloc_msgs;
	/* the mode's own output (--emit-format, --dump-model, --layout, --fix --diff, --write-baseline) */
	char *out;
	size_t out_len;
	char *srcroot; /* tc_source_root() of the header, or NULL */
	/* each --ignore RULE:EVENT its settings had: "1" or "0" (EVENT defined here), TAB, where, TAB, RULE:EVENT */
	char **ignores;
	size_t nr_ignores;
};

/* Check path, filling r (its file's findings, events, ...); returns its status. */
typedef int (*tc_check_path_fn)(const char *path, void *ctx, struct tc_file_result *r);

void tc_result_init(struct tc_file_result *r, const char *path);
void tc_result_release(struct tc_file_result *r);

/*
 * r was not checked, for reason (notchecked.h), in words message: its
 * status is 3 (unless worse) and it says so with a warning.
 */
void tc_result_not_checked(struct tc_file_result *r, int reason, const char *message);
/* The events not checked (taken over: e is empty after). */
void tc_result_nc_events(struct tc_file_result *r, struct tc_nc_events *e);

/* Where the check of r writes the mode's output (kept in r->out). */
FILE *tc_result_output(struct tc_file_result *r);

/*
 * The persistent cache of results (cache.h): key gives the key of path's
 * entry (malloced: the build, the options, the header's content, ...),
 * or NULL when its result is not to be kept.  A result is taken from
 * the cache when every file, directory and key it depended on (recorded
 * while it was made) is as it was; else it is made and kept.
 */
typedef char *(*tc_result_key_fn)(const char *path, void *ctx);
void tc_result_set_cache(tc_result_key_fn key);

/* In a worker: check path with fn and write the result to fd (also after a die()). */
void tc_result_work(const char *path, tc_check_path_fn fn, void *ctx, int fd);
/* In this process: check r's file with fn into r (initialised). */
void tc_result_here(tc_check_path_fn fn, void *ctx, struct tc_file_result *r);
/*
 * In the parent, without a worker: r (initialised) from the cache, as a
 * worker's look-up would give it (tc_result_work() up to its check),
 * if the cache has it and it holds: 1; else 0, r as it was.  The lines
 * of many results are checked once each between tc_deps_memo_begin()
 * and tc_deps_memo_end() (depsmemo.h).
 */
int tc_result_cached(struct tc_file_result *r, void *ctx);
/*
 * In a worker that checks another file first, for the parent: that
 * file's result r, written to fd before the worker's own.  In the
 * parent, tc_result_frame_len() is how long the first result in data
 * is, 0 if data does not start with a whole one.
 */
void tc_result_write(const struct tc_file_result *r, int fd);
size_t tc_result_frame_len(const char *data, size_t len);
/*
 * sb non-NULL: what each result kept in the cache from now on depends
 * on (the lines tc_deps_finish() writes) is also added to sb; NULL: no
 * more.
 */
struct strbuf;
void tc_result_copy_deps(struct strbuf *sb);
/*
 * In the parent: r (initialised) from how its worker ended: the result it
 * wrote, or one that says it timed out or died.  Returns its number of
 * findings.
 */
size_t tc_result_collect(struct tc_file_result *r, const struct tc_worker_end *end);

/*
 * Print r: its output on standard output, then (findings set) its
 * findings in the gcc shape (as much of them as detail says) or, with a
 * report, r's file goes into the report (taken over); its messages on
 * standard error.
 */
void tc_result_emit(struct tc_file_result *r, struct tc_report *report, unsigned detail,
		    int findings);
/* Its messages alone. */
void tc_result_print_messages(const struct tc_file_result *r);

/* What the files of a run add up to. */
struct tc_totals {
	size_t files, failed, skipped, events, findings, omitted, capped, fixed, suppressed;
	size_t *counts; /* [rule * 3 + severity] */
	size_t reasons[TC_NC_INTERNAL + 1]; /* files not checked, by enum tc_nc_reason */
	int status;			    /* the exit status of them all */
	/* the --ignore RULE:EVENT of the files ("WHERE\tRULE:EVENT"), and whether one defined EVENT */
	char **ignores;
	unsigned char *ignore_found;
	size_t nr_ignores;
};

/* Add r (before tc_result_emit() gives its file to a report). */
void tc_totals_add(struct tc_totals *t, const struct tc_file_result *r);
/*
 * The totals on standard error: files (failed, not checked), events,
 * findings, the reasons files were not checked, the findings
 * --max-findings left out, and each rule's findings.
 */
void tc_totals_print(const struct tc_totals *t, double secs);
/* A warning for each --ignore RULE:EVENT whose EVENT no header defined. */
void tc_totals_print_ignores(const struct tc_totals *t);
void tc_totals_release(struct tc_totals *t);

#endif
