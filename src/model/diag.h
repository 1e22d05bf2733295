/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics: what the rules report.  Collected per header, sorted by
 * position and printed in the gcc/sparse shape
 *     FILE:LINE:COL: error|warning|note: message [rule]
 * each followed by its notes (the evidence).
 */
#ifndef TC_DIAG_H
#define TC_DIAG_H

#include <stdio.h>

#include "model.h"

enum tc_severity {
	TC_SEV_NOTE,
	TC_SEV_WARNING,
	TC_SEV_ERROR,
};

const char *tc_severity_name(enum tc_severity s);
/* One level lower, for findings a check is less sure of; a note stays a note. */
enum tc_severity tc_severity_lower(enum tc_severity s);
/* 0 on success, -1 if the name is not a severity. */
int tc_severity_parse(const char *name, enum tc_severity *out);

/*
 * What a note is for, which decides where it shows.  The gcc format
 * prints, by default, at most two notes of a finding: where its cause is
 * when that is not its line (a locus), then what to do (advice); -v
 * prints every note; the reports (JSON, SARIF, HTML) keep them all, each
 * with its kind.  tc_diag_note() adds evidence, tc_diag_advise() advice,
 * tc_diag_note_as() any kind.
 */
enum tc_note_kind {
	TC_NOTE_EVIDENCE,   /* why the finding holds: where things are, what a tool makes of it */
	TC_NOTE_ADVICE,	    /* what to do about it */
	TC_NOTE_LIBRARY,    /* user-space libraries: which releases do what, since when */
	TC_NOTE_PROVENANCE, /* where a fact comes from: commits, releases tested, caveats */
	/* where the cause is, off the finding's line: the call that fires it, a patch's view */
	TC_NOTE_LOCUS,
};
#define TC_NOTE_KINDS 5
/* Does the gcc format print a note of kind k by default (in the two-note budget)? */
#define TC_NOTE_SHOWN(k) ((k) == TC_NOTE_ADVICE || (k) == TC_NOTE_LOCUS)

/* "evidence", "advice", "library", "provenance", "locus"; parse: -1 if not one */
const char *tc_note_kind_name(enum tc_note_kind k);
int tc_note_kind_parse(const char *name, enum tc_note_kind *out);

struct tc_note {
	struct tc_loc loc;
	char *msg;
	enum tc_note_kind kind;
};

/*
 * What a finding is about, independent of its wording and its line:
 * the scope (the header, a class's record, an event) and the element in
 * it (a field, a TP_printk() argument as written, the format string, a
 * directive of the header).  Its key, with the rule, is the finding's
 * identity: baselines, --patch, --fix verification, --ignore RULE:EVENT
 * and the SARIF and GitLab fingerprints use it (subject.c).
 */
enum tc_scope {
	TC_SCOPE_UNSET,
	TC_SCOPE_HEADER,
	TC_SCOPE_CLASS, /* DECLARE_EVENT_CLASS() or TRACE_EVENT(): the record */
	TC_SCOPE_EVENT, /* DEFINE_EVENT*() and the other event macros */
};

enum tc_elem {
	TC_ELEM_NONE,	   /* the scope itself */
	TC_ELEM_FIELD,	   /* a field of the record, by name */
	TC_ELEM_ARG,	   /* a TP_printk() argument, by its index as written; -1: not placed */
	TC_ELEM_FORMAT,	   /* the TP_printk() format string */
	TC_ELEM_DIRECTIVE, /* a line of the header outside the events, by its text */
};

struct tc_subject {
	enum tc_scope scope;
	char *scope_name; /* the class or event; NULL for the header */
	enum tc_elem elem;
	char *elem_name;  /* FIELD: its name; DIRECTIVE: the line's text */
	long index;	  /* ARG: from 0 */
};

struct tc_diag {
	enum tc_severity severity;
	const char *rule; /* static string */
	struct tc_loc loc;
	struct tc_subject subj;
	char *msg;
	/*
	 * A gap of a user-space library (libtraceevent) that the header need
	 * not answer for: the gcc format summarises such findings once per
	 * header when they do not fail the run (report.c).
	 */
	int library;
	struct tc_note *notes;
	size_t nr_notes, alloc_notes;
	size_t seq; /* report order, for a stable sort */
	/*
	 * For the merge phase (merge.c), set by the rule that reports: what
	 * kind of finding it is (the rule's TC_KIND_* bits, merge.h), a word
	 * it is about (a conversion spec), the note it becomes when another
	 * finding absorbs it (NULL: its message), and the other TP_printk()
	 * arguments it speaks for besides its subject's, each with the note
	 * it becomes in another finding on that argument.
	 */
	unsigned kind;
	char *tag;
	char *brief;
	struct tc_cover {
		long arg; /* as written, from 0 */
		struct tc_loc loc;
		char *brief;
	} *covers;
	size_t nr_covers;
	/*
	 * Found only in a pass in another configuration (tc_header's
	 * cfg_passes): how it differs from this one ("CONFIG_A=y"); NULL
	 * for the findings of the header as configured.
	 */
	char *config;
	/*
	 * The identifier the finding stands on that the parse does not
	 * declare (a table or callee of a header not read), or NULL: for
	 * a header of another architecture, not checked (rules.c).
	 */
	char *undeclared;
};

/*
 * A part of a header that was not checked (no finding, but the header
 * is not clean either: "not checked" in every output, exit status 3):
 * reason is notchecked.h's enum tc_nc_reason, what one line saying which
 * part and why ("event 'x': argument 2 of its print fmt is nested ...").
 */
struct tc_unchecked {
	int reason;
	char *what;
};

struct tc_diags {
	struct tc_diag *v;
	size_t nr, alloc;
	struct tc_unchecked *unchecked;
	size_t nr_unchecked, alloc_unchecked;
};

void tc_diags_unchecked(struct tc_diags *d, int reason, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct tc_diag *tc_diags_add(struct tc_diags *d, enum tc_severity sev, const char *rule,
			     struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* A note of evidence, of advice, of any kind (see enum tc_note_kind). */
void tc_diag_note(struct tc_diag *diag, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tc_diag_advise(struct tc_diag *diag, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tc_diag_note_as(struct tc_diag *diag, enum tc_note_kind kind, struct tc_loc loc,
		     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Sort by file, line, column, report order; drop exact duplicates (same rule, place and message). */
void tc_diags_sort(struct tc_diags *d);
struct strbuf;
/* The gcc-style line every printer uses (rule NULL for a note). */
void tc_diag_line(struct strbuf *sb, const char *file, unsigned line, unsigned col,
		  const char *kind, const char *msg, const char *rule);
/* sparse's -fdiagnostic-prefix: "FILE:L:C: PREFIX: error: ..."; NULL for none */
extern const char *tc_diag_prefix;
/*
 * How much of the findings the gcc shape prints (report.c's
 * tc_rfile_gcc()), as bits; none: every finding with at most two of its
 * advice notes, and a library's gaps that do not fail the run once per
 * header.
 */
enum {
	TC_DETAIL_TERSE = 1 << 0, /* --terse: no note (checkpatch: its --terse lines) */
	TC_DETAIL_QUIET = 1 << 1, /* -q: only the findings at or above --fail-on, no note */
	TC_DETAIL_ALL = 1 << 2,	  /* -v: every finding with every note, unless one of the above */
};
/* The run's, from --terse, -q and -v (options.c) */
extern unsigned tc_diag_detail;
/*
 * --color=WHEN (auto, always, never): colour on for always, and for auto
 * when tty (the output is a terminal) and NO_COLOR is unset or empty;
 * the colours from $TRACECHECK_COLORS (GCC_COLORS' syntax, e.g.
 * "error=01;31:warning=01;35:note=01;36:locus=01:quote=01"; empty: none).
 */
void tc_diag_color_init(const char *when, int tty);
/* Drop the diagnostics i with drop[i] set, keeping the order of the rest. */
void tc_diags_remove(struct tc_diags *d, const unsigned char *drop);
void tc_diags_release(struct tc_diags *d);
/* What one finding holds (it stays in no list). */
void tc_diag_release(struct tc_diag *g);

/* Set d's subject (names copied); a rule that knows it better than its position says. */
void tc_diag_subject(struct tc_diag *d, enum tc_scope scope, const char *scope_name,
		     enum tc_elem elem, const char *elem_name, long index);
/* d also speaks for TP_printk() argument raw (as written, from 0), at loc; brief copied. */
void tc_diag_covers(struct tc_diag *d, long raw, struct tc_loc loc, const char *brief);
/* "class:foo field:bar", "event:foo", "class:foo arg:2", "header directive:#define X"; malloced */
char *tc_subject_key(const struct tc_subject *s);

#endif
