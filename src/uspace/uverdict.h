/* SPDX-License-Identifier: MIT */
/*
 * User space's verdict on one format file: what libtraceevent (the
 * parser of perf and trace-cmd) makes of it, against what the kernel
 * prints.
 *
 *  1. The format is parsed without and with libtraceevent's plugins.  A
 *     print fmt it cannot parse (the event prints as "[FAILED TO
 *     PARSE]") is blamed on one argument by re-parsing the format with
 *     every other argument replaced by 0; when even that fails the
 *     format string itself is to blame.
 *  2. A synthetic record (distinct non-zero values) is printed by
 *     libtraceevent and, conversion by conversion, compared with the
 *     kernel's own rendering of the same record (keval.h).  A
 *     difference, or a non-printable byte in user space's text, is a
 *     finding on the argument the conversion prints.
 */
#ifndef TC_UVERDICT_H
#define TC_UVERDICT_H

#include <stddef.h>

#include "diag.h"

enum tc_uv_kind {
	TC_UV_UNPARSABLE,   /* the print fmt does not parse */
	TC_UV_PLUGIN_ONLY,  /* it parses only with libtraceevent's plugins */
	TC_UV_MISRENDERED,  /* parses, prints something other than the kernel */
	TC_UV_NONPRINTABLE, /* prints a control character */
	TC_UV_BAD_FORMAT,   /* the format file itself is not readable */
};

struct tc_uv_finding {
	enum tc_uv_kind kind;
	long arg;	 /* print fmt argument index; -1: the format string or event */
	unsigned why;	 /* TC_UV_WHY_* bits */
	char *spec;	 /* the conversion a verdict on one is about, or NULL */
	char *msg;	 /* one line */
	char **notes;	 /* evidence and version facts */
	size_t nr_notes, alloc_notes;
};

enum {
	TC_UV_WHY_CANNOT_PARSE = 1u << 0, /* "cannot parse": [FAILED TO PARSE] */
	TC_UV_WHY_DIFFERS = 1u << 1,	  /* prints X for the conversion where the kernel prints Y */
};

struct tc_uv_findings {
	struct tc_uv_finding *v;
	size_t nr, alloc;
	int parsed;   /* libtraceevent parsed it (bare or with plugins) */
	int rendered; /* and the synthetic record was compared */
};

/* The severity of f for a rule at sev: plugin-only findings one level lower. */
enum tc_severity tc_uv_severity(const struct tc_uv_finding *f, enum tc_severity sev);

/* 0, or -1 when libtraceevent is not available. */
int tc_uverdict(const char *format, const char *system, struct tc_uv_findings *out);
/* The same for n formats (outs[n]), in one child process while none crashes. */
int tc_uverdict_many(const char *const *formats, const char *const *systems, size_t n,
		     struct tc_uv_findings *outs);
void tc_uv_findings_release(struct tc_uv_findings *f);

/* "libtraceevent 1.7.1" */
const char *tc_uv_consumer(void);

#endif
