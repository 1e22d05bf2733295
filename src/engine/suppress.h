/* SPDX-License-Identifier: MIT */
/*
 * --ignore RULE:EVENT: drop a rule's findings about one event.  A
 * finding is about EVENT when its subject's scope (diag.h) is the class
 * or event named EVENT: it lies in the text of the TRACE_EVENT(),
 * DECLARE_EVENT_CLASS(), DEFINE_EVENT*() (or another event macro) whose
 * first argument is EVENT.
 */
#ifndef TC_SUPPRESS_H
#define TC_SUPPRESS_H

#include "config.h"
#include "diag.h"
#include "model.h"

/* Drop the findings s's ignores name; returns how many were dropped. */
size_t tc_diags_ignore_events(struct tc_diags *d, const struct tc_settings *s);

/*
 * Inline suppressions: a comment of the header
 *
 *     tracecheck: ignore RULE[,RULE...] -- REASON
 *
 * (a block or a // comment) suppresses RULE's findings on its own line when it
 * ends a line of code; on a line of its own, the findings on the next
 * line of code and, when that line starts an event macro
 * (TRACE_EVENT(), DECLARE_EVENT_CLASS(), DEFINE_EVENT*(), ...), the
 * findings about that event or class.  The reason is required: one
 * without it suppresses nothing.  What is wrong with one (no reason, an
 * unknown rule, no finding of an enabled RULE to suppress: stale) is a
 * problem at its line.
 */
struct tc_supp_problem {
	unsigned line, col; /* the comment's start */
	char *msg;
};

struct tc_suppressed {
	struct tc_diags d; /* the findings suppressed, in their order */
	char **reasons;	   /* d.nr: each one's reason */
	struct tc_supp_problem *problems; /* in line order */
	size_t nr_problems;
};

/* Move the findings h's comments suppress from d into out (out NULL: drop them). */
void tc_diags_suppress_inline(struct tc_diags *d, const struct tc_header *h,
			      const struct tc_settings *s, struct tc_suppressed *out);
void tc_suppressed_release(struct tc_suppressed *x);
/* Whether h (or one of its passes in other configurations) defines an event or class named name. */
int tc_header_defines(const struct tc_header *h, const char *name);

#endif
