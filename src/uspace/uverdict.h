/* SPDX-License-Identifier: MIT */
/*
 * User space's verdict on one format file: what libtraceevent (the
 * parser of perf and trace-cmd) makes of it, against what the kernel
 * prints, release by release.
 *
 * tracecheck's model of the releases (umodel.h) decides; the
 * libtraceevent tracecheck is linked with is a witness, asked in a
 * child process (tc_uwitness_many()):
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
 *  3. (uversion.c) The model's facts found in the format become
 *     findings about the releases they name; a witness's finding a fact
 *     explains for the witness's own release gives way to the fact's; the
 *     others, which no release changed, are about every release.  Where
 *     the witness does not show what the model says of its release, the
 *     finding says so.  Constructs that make the witness's release
 *     corrupt its heap are not shown to it.
 */
#ifndef TC_UVERDICT_H
#define TC_UVERDICT_H

#include <stddef.h>

#include "diag.h"
#include "umodel.h"

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
	char **notes;	 /* evidence */
	size_t nr_notes, alloc_notes;
	/* the model's view, set by tc_uverdict_many() */
	const struct tc_ufact *fact; /* the fact it is, NULL: the witness's, the same in every release */
	tc_uset fails;		     /* the releases it is about */
	char *construct;	     /* the fact's construct as the format spells it */
	int disagrees;		     /* the witness's own release shows no such thing */
};

enum {
	TC_UV_WHY_CANNOT_PARSE = 1u << 0, /* "cannot parse": [FAILED TO PARSE] */
	TC_UV_WHY_DIFFERS = 1u << 1,	  /* prints X for the conversion where the kernel prints Y */
	/* ... and the kernel's value is one no entry of a __print_symbolic() table matches */
	TC_UV_WHY_UNMATCHED_SYMBOL = 1u << 2,
};

struct tc_uv_findings {
	struct tc_uv_finding *v;
	size_t nr, alloc;
	int parsed;   /* libtraceevent parsed it (bare or with plugins) */
	int rendered; /* and the synthetic record was compared */
	/*
	 * What of the format was not judged and why, one line, or NULL:
	 * an argument nested deeper than TC_MAX_NESTING (ctok.h), which
	 * neither the model nor the witness is shown; or, interrupted, the
	 * witness's child was killed from outside (kill -9, the OOM killer:
	 * no verdict of the input's; the result is not kept in the cache).
	 */
	char *unchecked;
	int interrupted;
};

/* The severity of f for a rule at sev: plugin-only findings one level lower. */
enum tc_severity tc_uv_severity(const struct tc_uv_finding *f, enum tc_severity sev);

/* The verdicts, model and witness: 0, or -1 when libtraceevent is not available. */
int tc_uverdict(const char *format, const char *system, struct tc_uv_findings *out);
/* The same for n formats (outs[n]), in one child process while none crashes. */
int tc_uverdict_many(const char *const *formats, const char *const *systems, size_t n,
		     struct tc_uv_findings *outs);
/* The witness's findings alone (steps 1 and 2). */
int tc_uwitness_many(const char *const *formats, const char *const *systems, size_t n,
		     struct tc_uv_findings *outs);
void tc_uv_findings_release(struct tc_uv_findings *f);
/* What one finding holds (f itself is not freed). */
void tc_uv_finding_release(struct tc_uv_finding *f);

/* "libtraceevent 1.7.1": the witness */
const char *tc_uv_consumer(void);
/* The known release the witness behaves as (umodel.h), -1 without one. */
int tc_uv_witness_release(void);

/*
 * How a finding is reported for the selected releases sel: its severity
 * (from the rule's sev), message and notes.  installed >= 0 judges
 * against that release alone (--check-format: the library of the
 * system), the others' facts as notes.  Returns 0 when the finding is
 * about none of the releases judged (nothing to report).
 */
struct tc_uv_report {
	enum tc_severity severity;
	char *msg;
	char **notes;
	enum tc_note_kind *kinds; /* of each note */
	size_t nr_notes, alloc_notes;
	unsigned why; /* TC_UV_WHY_* */
	int library;  /* a gap (or a choice) of libtraceevent, not a defect of the header */
};
int tc_uv_compose(const struct tc_uv_finding *f, tc_uset sel, int installed, enum tc_severity sev,
		  struct tc_uv_report *out);
void tc_uv_report_release(struct tc_uv_report *r);

#endif
