/* SPDX-License-Identifier: MIT */
#ifndef TC_ARGREAD_H
#define TC_ARGREAD_H

#include "rules.h"
#include "tpindex.h"

/* A read through an argument: its form and the expression as written. */
struct tc_argread {
	const char *what; /* "->", "[", "*", "()" */
	char *text;	  /* the expression as written around it (malloced) */
};

/*
 * Where class c reads through its parameter x unconditionally: fills *d
 * and *where ("TP_STRUCT__entry()", "TP_fast_assign()"); 1 if it does.
 */
int tc_class_reads_arg(const struct tc_class *c, const char *x, struct tc_argread *d,
		       const char **where);

/*
 * Is a caller in file (tree-relative) one of header h's: an include/
 * header's anywhere, else under the parent of the header's directory and
 * at least in its first two directories (another driver may have a
 * function of the same name).
 */
int tc_caller_near(const struct tc_header *h, const char *file);

/* A TRACE_EVENT_CONDITION() event (its condition may test the argument). */
int tc_event_conditional(const struct tc_event *e);

/* Where the call c is, as a path the report prints. */
struct tc_loc tc_caller_loc(struct tc_check *ck, const struct tc_tp_badarg *c);

/*
 * Report the calls of a parameter class c's events read through.  Each
 * event of h gets report() once per parameter it reads through
 * unconditionally that some caller near h (tc_caller_near()) passes as a
 * record of one of kinds ('L', 'T', 'F', 'P': tpindex.h); idx lists them
 * in calls.  Events with a TP_CONDITION(), and outside tree mode, none.
 */
typedef void (*tc_bad_arg_report)(struct tc_check *ck, const struct tc_event *e,
				  const char *param, const struct tc_argread *d, const char *where,
				  const struct tc_tp_badarg *calls, const size_t *idx, size_t nr);
void tc_check_bad_args(struct tc_check *ck, const struct tc_header *h, const char *kinds,
		       tc_bad_arg_report report);

#endif
