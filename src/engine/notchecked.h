/* SPDX-License-Identifier: MIT */
/*
 * Headers that were not checked, and why: tracecheck never calls a
 * header it did not check clean.  A header that reads as a trace header
 * (discover.h) but defines neither an event nor an event class, even in
 * the passes in other configurations (frontend/cfgpass.c), was skipped:
 * no configuration tracecheck tried let its events in (they, or its
 * #include <trace/define_trace.h>, are under #if of options that are
 * off), or it is a fragment that another trace header includes (it has
 * neither TRACE_SYSTEM nor #include <trace/define_trace.h>: its events
 * are checked with that header), or tracecheck's own stage headers have
 * an error, or none of its events was read (it does not follow the
 * trace header protocol, or its event macros are unknown).  A part of a
 * header may not have been checked either (struct tc_unchecked of
 * diag.h): it nests too deeply (past libclang's limits, or ctok.h's
 * TC_MAX_NESTING for the evaluation of a print fmt argument), or the
 * helper process that judged it was killed from outside (kill -9, the
 * OOM killer), which says nothing of the header: run again.  A header
 * below arch/X/ read for another architecture's target (a sweep of the
 * tree for x86 reads arch/s390/) uses that architecture's tables and
 * helpers, which the parse does not declare: a finding that stands on
 * such a name is not the header's, and the part is not checked
 * (tc_other_arch()).  A worker
 * over the time limit, or one that died, did not check its header
 * either (it failed).
 */
#ifndef TC_NOTCHECKED_H
#define TC_NOTCHECKED_H

#include "model.h"

enum tc_nc_reason {
	TC_NC_NONE,
	TC_NC_CONFIG,	      /* "config" */
	TC_NC_FRAGMENT,	      /* "fragment" */
	TC_NC_UNRECOGNISED,   /* "unrecognised" */
	TC_NC_STAGE_HEADERS,  /* "stage-headers" */
	TC_NC_NESTED,	      /* "nested": a part nests too deeply to be read or judged */
	TC_NC_OTHER_ARCH,     /* "other-arch": a part stands on another architecture's headers */
	TC_NC_INTERRUPTED,    /* "interrupted": a helper process was killed from outside */
	TC_NC_TIMEOUT,	      /* "timeout": failed */
	TC_NC_INTERNAL,	      /* "internal-error": failed */
};

/* The reason's code, as the reports have it ("config"); NULL for TC_NC_NONE. */
const char *tc_nc_code(enum tc_nc_reason r);
/*
 * How the run's summary says it of some files ("failed: over the time
 * limit (--timeout)"); the code if it is not one.
 */
const char *tc_nc_summary(const char *code);

/* Events not checked: each event's name and the lines of its macro's call. */
struct tc_nc_event {
	char *name;
	unsigned line, end;
};
struct tc_nc_events {
	struct tc_nc_event *v;
	size_t nr;
};
void tc_nc_events_release(struct tc_nc_events *e);

struct tc_settings;
/*
 * Why h was not checked: TC_NC_NONE when it was (it, or one of its
 * passes in other configurations, defines events or classes), or when
 * it is no trace header at all (which is the input's fault, not a
 * skip); else the reason, and in *message (malloced) what it is in
 * words.  datadir is the stage headers' directory.  Events under #if
 * that s accepts (--accept-not-checked) are not a reason: a header
 * whose events are all such is TC_NC_NONE.  out (if not NULL): the
 * events under #if not checked.
 */
enum tc_nc_reason tc_not_checked(const struct tc_header *h, const char *datadir,
				 const struct tc_settings *s, char **message,
				 struct tc_nc_events *out);

/*
 * The events of a header that was read (it or a pass has events) which
 * no configuration read: an event macro in a region the preprocessor
 * skipped under an #if of a CONFIG_ option (h->cfg_off) whose event
 * neither the header nor a pass defines, or one a pass was for and did
 * not read (h->cfg_left, with why).  Those s accepts are left out.
 * TC_NC_CONFIG with *message (malloced) naming each event, its line and
 * the option or why, and out (if not NULL) the events; TC_NC_NONE when
 * there is none.  Bare tracepoints (DECLARE_TRACE()) and the classes
 * themselves are not events.
 */
enum tc_nc_reason tc_events_not_checked(const struct tc_header *h, const struct tc_settings *s,
					char **message, struct tc_nc_events *out);

/*
 * A header that was read, but with brackets nested deeper than
 * libclang's limit (-fbracket-depth, 256) somewhere: what is nested
 * deeper, and the declaration it is part of (an event's output or
 * assign code), were not read.  TC_NC_NESTED with *message (malloced)
 * saying where; TC_NC_NONE when libclang said no such thing.
 */
enum tc_nc_reason tc_nesting_not_checked(const struct tc_header *h, char **message);

/*
 * The architecture directory below arch/ ("s390", len in *n) of h when h
 * is below arch/X/ of its tree and X is not the parse target's
 * architecture (h->abi), else NULL.
 */
const char *tc_other_arch(const struct tc_header *h, size_t *n);

#endif
