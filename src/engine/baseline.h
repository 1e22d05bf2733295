/* SPDX-License-Identifier: MIT */
/*
 * Baselines, for adopting tracecheck on a tree that already has
 * findings: --write-baseline FILE records today's findings, --baseline
 * FILE reports only the ones not in it.  A finding's fingerprint is a
 * hash of its rule, its file (relative to the kernel tree's top when
 * there is one) and what it is about (its subject: the event or class,
 * and the field, argument or directive), with an occurrence number for
 * repeats: neither line numbers nor messages are in it, so it survives
 * unrelated line moves and reworded messages.  Version 1 baselines
 * (tracecheck 0.1, which hashed the message) are still read.
 */
#ifndef TC_BASELINE_H
#define TC_BASELINE_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"

struct tc_baseline {
	int version;  /* of the file: 1 (message fingerprints) or 2 */
	char **fps;   /* "<16 hex digits>" */
	char **files; /* the file each entry is in */
	size_t nr, alloc;
};

/* 0, or -1 after printing why (unreadable, not a baseline file). */
int tc_baseline_load(const char *path, struct tc_baseline *b);
void tc_baseline_release(struct tc_baseline *b);

/*
 * The fingerprints of d's findings (notes are not findings), in order:
 * fps[i] for d->v[i], malloced.
 */
char **tc_fingerprints(const struct tc_diags *d, const char *file);
void tc_fingerprints_free(char **fps, size_t n);
/* The same hash for what is not a finding (kind: as a rule would be); malloced. */
char *tc_fingerprint_of(const char *kind, const char *file, const char *what);

/* The baseline file's lines for d. */
void tc_baseline_write(FILE *out, const struct tc_diags *d, const char *file, char **fps);

/*
 * Drop from d what the baseline has; returns how many of the baseline's
 * entries for file were not seen (fixed since).
 */
size_t tc_baseline_filter(const struct tc_baseline *b, struct tc_diags *d, const char *file);

#define TC_BASELINE_HEADER "# tracecheck baseline 2"
#define TC_BASELINE_HEADER_V1 "# tracecheck baseline 1"

#endif
