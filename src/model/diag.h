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

struct tc_note {
	struct tc_loc loc;
	char *msg;
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
};

struct tc_diags {
	struct tc_diag *v;
	size_t nr, alloc;
};

struct tc_diag *tc_diags_add(struct tc_diags *d, enum tc_severity sev, const char *rule,
			     struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void tc_diag_note(struct tc_diag *diag, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Sort by file, line, column, report order; drop exact duplicates (same rule, place and message). */
void tc_diags_sort(struct tc_diags *d);
struct strbuf;
/* The gcc-style line every printer uses (rule NULL for a note). */
void tc_diag_line(struct strbuf *sb, const char *file, unsigned line, unsigned col,
		  const char *kind, const char *msg, const char *rule);
/* sparse's -fdiagnostic-prefix: "FILE:L:C: PREFIX: error: ..."; NULL for none */
extern const char *tc_diag_prefix;
/* --terse: the findings only, without their notes */
extern int tc_diag_terse;
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

/* Set d's subject (names copied); a rule that knows it better than its position says. */
void tc_diag_subject(struct tc_diag *d, enum tc_scope scope, const char *scope_name,
		     enum tc_elem elem, const char *elem_name, long index);
/* d also speaks for TP_printk() argument raw (as written, from 0), at loc; brief copied. */
void tc_diag_covers(struct tc_diag *d, long raw, struct tc_loc loc, const char *brief);
/* "class:foo field:bar", "event:foo", "class:foo arg:2", "header directive:#define X"; malloced */
char *tc_subject_key(const struct tc_subject *s);

#endif
