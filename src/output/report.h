/* SPDX-License-Identifier: MIT */
/*
 * A run's findings as data, for the machine-readable output formats
 * (--format=json) and for merging the reports of shards (--merge).
 *
 * The JSON report (schema 1, documented in tracecheck(1)):
 *
 *   { "tool": "tracecheck", "version": "0.1", "schema": 1,
 *     "consumer": "libtraceevent 1.7.1",           (or null)
 *     "files": [ { "path": "...", "events": 3,
 *                  "status": "clean" | "findings" | "failed" | "not_checked",
 *                  "error": "...",                   (when failed)
 *                  "not_checked": { "reason": "config",   (when it was not
 *                                   "message": "...",     checked: tc_nc_code())
 *                                   "events": [ { "event": "...", "line": 5,
 *                                                 "endLine": 9 } ] },  (when known)
 *                  "findings": [ { "line": 12, "column": 5,
 *                                  "severity": "error" | "warning" | "note",
 *                                  "rule": "printk-call", "message": "...",
 *                                  "path": "...",    (when not in the file)
 *                                  "fingerprint": "16 hex digits",
 *                                  "subject": "class:foo arg:1",
 *                                  "about": { "scope": "class",  (the subject
 *                                             "class": "foo",   as an object)
 *                                             "arg": 1 },
 *                                  "blame": "library", (a libtraceevent gap)
 *                                  "lineHash": "GitHub's, see linehash.h",
 *                                  "config": "CONFIG_X=y",  (found only in a
 *                                           pass in another configuration)
 *                                  "fix": { "description": "...",   (when --fix
 *                                           "startLine": 40, "startColumn": 3,  has one)
 *                                           "endLine": 40, "endColumn": 9,
 *                                           "text": "..." },
 *                                  "notes": [ { "path": "...", "line": 12,
 *                                               "column": 5,
 *                                               "message": "...",
 *                                               "kind": "advice" } ] } ] } ],
 *                                               (diag.h's tc_note_kind_name())
 *                  "omitted": 2000, "limit": 1000,  (when --max-findings left
 *                                                    findings out)
 *                  "suppressed": [ findings, each with   (when comments
 *                                  "justification": "..." ]   suppressed some)
 *     "summary": { "files": 1, "failed": 0, "events": 3, "findings": 1,
 *                  "not_checked": 1,                 (when some were not)
 *                  "suppressed": 2,                  (when some were)
 *                  "rules": { "printk-call": { "error": 1, "warning": 0,
 *                                              "note": 0 } } } }
 *
 * Files are in path order (directories before the files that follow
 * them by name, as a directory walk finds them), so that the merge of
 * shards is byte for byte the report of one run.
 */
#ifndef TC_REPORT_H
#define TC_REPORT_H

#include <stddef.h>

#include "diag.h"
#include "fix.h"
#include "notchecked.h"

struct strbuf;
struct tc_json;

struct tc_rnote {
	char *path;
	unsigned line, col;
	char *msg;
	enum tc_note_kind kind;
};


struct tc_rfinding {
	char *path; /* the file it is in, when not the report's file; else NULL */
	unsigned line, col;
	struct tc_rfix *fix; /* or NULL */
	unsigned patch_line; /* --patch: the line of the patch that adds it, 0 if none */
	enum tc_severity severity;
	char *rule, *msg, *fingerprint, *line_hash;
	char *subject; /* tc_subject_key(): what it is about, "" if not known */
	int library;   /* a gap of a user-space library, not the header's (diag.h) */
	struct tc_rnote *notes;
	size_t nr_notes;
	size_t record; /* --format=html: 1 + the index of its record in the file's, 0 none */
	char *justification; /* suppressed inline (tracecheck: ignore): the reason; else NULL */
	char *config; /* found only in a pass in another configuration (diag.h): which; else NULL */
};

/*
 * --format=html: the ring-buffer record of an event class with a layout
 * finding, as the SVG draws it: its fields (after the 8 common bytes)
 * and their offsets and sizes on the target ABI (layouts[0]) and, for a
 * layout-abi finding, on the other ABIs whose layout differs.
 */
struct tc_rlayout {
	char *abi;
	long long size;		 /* the record's, padding included */
	long long *offset, *len; /* per field */
};

struct tc_rrecord {
	char *name;   /* the class */
	char *events; /* its events, "a, b, c" */
	size_t nr_fields;
	char **field_names, **field_types;
	struct tc_rlayout *layouts;
	size_t nr_layouts;
};

struct tc_rfile {
	char *path;
	size_t events;
	int status; /* the file's exit status: 0 clean, 1 findings, 2 failed, 3 not checked */
	char *error; /* why it failed, or NULL */
	/* why it was not checked (status 3, or 2 for a timeout): tc_nc_code(), and in words */
	char *nc_reason, *nc_message;
	/* the events not checked, where known (notchecked.h) */
	struct tc_nc_event *nc_events;
	size_t nr_nc_events;
	struct tc_rfinding *v;
	size_t nr;
	struct tc_rrecord *records; /* --format=html: the records of its layout findings */
	size_t nr_records;
	size_t omitted; /* findings over --max-findings, not in v */
	long limit;	/* the --max-findings that omitted them */
	struct tc_rfinding *supp; /* the findings suppressed inline, by position */
	size_t nr_supp;
	enum tc_severity fail_on; /* its --fail-on: what -q prints (a worker's result only) */
};

struct tc_report {
	struct tc_rfile *files;
	size_t nr, alloc;
	size_t patch_lines; /* --patch: the lines of the patches checked (checkpatch's total) */
	char *srcroot; /* the absolute directory relative paths are relative to, or NULL */
	char **roots;  /* the files' source roots, once each, in their order */
	size_t nr_roots;
	/*
	 * The run, as the HTML page names it (tc_report_set_run()): its
	 * command line, the kernel tree and configuration it was given
	 * (NULL: none), and when it ran ("YYYY-MM-DD HH:MM:SS UTC";
	 * $SOURCE_DATE_EPOCH when set, so that a run can be reproduced).
	 */
	char *command, *tree, *config, *when;
};

/*
 * r's run: "tracecheck" and argv's words after the first (quoted as a
 * shell reads them), tree and config (copied, NULL: none) and the time.
 */
void tc_report_set_run(struct tc_report *r, int argc, char **argv, const char *tree,
		       const char *config);

/* --format's values */
enum tc_format {
	TC_FMT_GCC,
	TC_FMT_JSON,
	TC_FMT_SARIF,
	TC_FMT_GITLAB,
	TC_FMT_GITHUB,
	TC_FMT_CHECKPATCH,
	TC_FMT_HTML,
};

/*
 * The findings d of file f (path set) as the reports have them, with
 * their fingerprints (NULL: none), fixes (NULL: none) and line hashes
 * (text is the file's content; NULL: none).
 */
void tc_rfile_add_findings(struct tc_rfile *f, const struct tc_diags *d,
			   char *const *fingerprints, const char *text, size_t len,
			   struct tc_rfix *const *fixes);
/* The suppressed findings d of f, each with its reason, into f->supp by position. */
void tc_rfile_add_suppressed(struct tc_rfile *f, const struct tc_diags *d, char *const *reasons,
			     char *const *fingerprints, const char *text, size_t len);
/*
 * The machine-readable reports' paths (srcroot.c).  The source root of
 * a header: its kernel tree's top (tree_root, or NULL), else the top of
 * the git work tree it is in, else the current directory when it is
 * below it; NULL: none (malloced).  Each file's root goes into the
 * report (NULL: none); then the report's root is the first of them that
 * holds every file (else the first), and every path of the report,
 * normalised, is relative to it, or absolute when outside it.
 */
char *tc_source_root(const char *path, const char *tree_root);
void tc_report_add_root(struct tc_report *r, const char *root);
void tc_report_relocate(struct tc_report *r);
/*
 * f's entry of the JSON report, one line; with all, what only a worker's
 * result carries as well (the HTML records).  And back: 0, or -1 if o
 * is not a file entry.
 */
void tc_rfile_json(struct strbuf *out, const struct tc_rfile *f, int all);
int tc_rfile_from_json(const struct tc_json *o, struct tc_rfile *f);
void tc_rfile_release(struct tc_rfile *f);
/*
 * Whether f was skipped: not checked, without failing (status 3, or the
 * findings of the rules that read its text with the reason it was not
 * checked); whether it was checked (neither failed nor skipped); why
 * not, in words.
 */
int tc_rfile_skipped(const struct tc_rfile *f);
/*
 * x's message where a format has no note for its configuration:
 * "MESSAGE (with CONFIG_X=y)"; the message alone when it has none.  Malloced.
 */
char *tc_rfinding_message(const struct tc_rfinding *x);
/* The note that says x holds only in another configuration; NULL when it has none.  Malloced. */
char *tc_rfinding_config_note(const struct tc_rfinding *x);
/*
 * Why f was not checked, as a line: the error that failed it, or
 * "PATH: not checked: why"; malloced.
 */
char *tc_rfile_not_checked_text(const struct tc_rfile *f);
int tc_rfile_checked(const struct tc_rfile *f);
const char *tc_rfile_why(const struct tc_rfile *f);
/* The gcc shape of f's findings, as much of them as detail says (diag.h); textreport.c. */
void tc_rfile_gcc(const struct tc_rfile *f, struct strbuf *out, unsigned detail);
/* Add f to r (taken over). */
void tc_report_add(struct tc_report *r, struct tc_rfile *f);
/* Add the files of a JSON or SARIF report (--merge); 0, or -1 after printing why. */
int tc_report_load(struct tc_report *r, const char *path);
/* Path order (see above); stable. */
void tc_report_sort(struct tc_report *r);
void tc_report_json(const struct tc_report *r, struct strbuf *out);
/*
 * SARIF 2.1.0, one run: the rules with their documentation, every file
 * as an artifact (events and status in its properties, so that --merge
 * can read SARIF back), each finding a result with its notes as related
 * locations and both fingerprints.
 */
void tc_report_sarif(const struct tc_report *r, struct strbuf *out);
/*
 * GitLab's Code Quality report: a JSON array of issues (description,
 * check_name, fingerprint, severity, location.path, location.lines.begin).
 */
void tc_report_gitlab(const struct tc_report *r, struct strbuf *out);
/*
 * GitHub Actions workflow commands (::error file=...,line=...::message),
 * at most TC_GITHUB_ANNOTATIONS of each severity, as GitHub shows per
 * step; the rest as plain log lines and a count.  An annotation carries
 * the notes the gcc shape prints by default (every one with detail's
 * TC_DETAIL_ALL).
 */
#define TC_GITHUB_ANNOTATIONS 10
void tc_report_github(const struct tc_report *r, struct strbuf *out, unsigned detail);
/*
 * checkpatch.pl's shape: "ERROR: RULE: message", "#LINE: FILE: path:LINE:",
 * the source line after a '+' (tabs as ^I), then the "total: ..." line;
 * LINE after '#' is the patch's line for a finding a patch adds;
 * notes are left out, as checkpatch has none.  Reads the files for
 * their lines.
 */
void tc_report_checkpatch(const struct tc_report *r, struct strbuf *out);
/* checkpatch --terse --showfile: "path:LINE: LEVEL:RULE: message", no total. */
void tc_report_checkpatch_terse(const struct tc_report *r, struct strbuf *out);
/* The gcc shape of findings d of the file at path (its --fail-on), as tc_rfile_gcc() says them. */
void tc_report_diags_gcc(struct strbuf *out, const char *path, const struct tc_diags *d,
			 unsigned detail, enum tc_severity fail_on);
/* The gcc shape: tc_rfile_gcc() of each file. */
void tc_report_gcc(const struct tc_report *r, struct strbuf *out, unsigned detail);
/*
 * r in format (gcc: the findings, not a report), sorted first; detail:
 * the gcc shape's, TC_DETAIL_TERSE checkpatch's --terse.
 */
void tc_report_print(struct tc_report *r, enum tc_format format, unsigned detail,
		     struct strbuf *out);
void tc_rfinding_release(struct tc_rfinding *x);
/*
 * --format=html, in the worker: the records of h's event classes that
 * d's layout findings are about, into f (whose findings are d's, in
 * order), and each finding's record.  records.c.
 */
void tc_rfile_add_records(struct tc_rfile *f, const struct tc_header *h,
			  const struct tc_diags *d);
/*
 * Write them as two more keys of f's entry ("records", "recordOf": per
 * finding 1 + its record's index, 0 none), nothing if it has none; and
 * read them back from its entry o (-1 if malformed).  records.c.
 */
void tc_rfile_write_records(struct strbuf *out, const struct tc_rfile *f);
int tc_report_read_records(struct tc_rfile *f, const struct tc_json *o);
void tc_rrecord_release(struct tc_rrecord *rec);
/*
 * One self-contained HTML page: the summary, a sortable table of
 * findings per directory with their notes, source excerpts and the SVG
 * of their records; reads the files for the excerpts.  htmlreport.c.
 */
void tc_report_html(const struct tc_report *r, struct strbuf *out);
/* s with &, <, > and " as entities (htmlreport.c). */
void tc_html_escape(struct strbuf *sb, const char *s);
/* The SVG of a record's layouts (recordsvg.c). */
void tc_record_svg(struct strbuf *out, const struct tc_rrecord *rec);
/*
 * The exit status of two results together: 2 (failed) over 1 (findings)
 * over 3 (not checked) over 0.
 */
int tc_status_worse(int a, int b);
/* The combined exit status of the files. */
int tc_report_status(const struct tc_report *r);
void tc_report_release(struct tc_report *r);

#endif
