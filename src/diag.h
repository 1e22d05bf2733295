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

struct tc_diag {
	enum tc_severity severity;
	const char *rule; /* static string */
	struct tc_loc loc;
	char *msg;
	struct tc_note *notes;
	size_t nr_notes, alloc_notes;
	size_t seq; /* report order, for a stable sort */
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
/* Sort by file, line, column, report order; drop exact duplicates. */
void tc_diags_sort(struct tc_diags *d);
void tc_diags_print(const struct tc_diags *d, FILE *out);
/* sparse's -fdiagnostic-prefix: "FILE:L:C: PREFIX: error: ..."; NULL for none */
extern const char *tc_diag_prefix;
/* --terse: the findings only, without their notes */
extern int tc_diag_terse;
/* Drop the diagnostics i with drop[i] set, keeping the order of the rest. */
void tc_diags_remove(struct tc_diags *d, const unsigned char *drop);
void tc_diags_release(struct tc_diags *d);

#endif
