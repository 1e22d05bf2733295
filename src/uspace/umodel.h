/* SPDX-License-Identifier: MIT */
/*
 * tracecheck's model of libtraceevent's releases: which release parses
 * and renders which construct of a print fmt, each fact with its source.
 *
 * The model decides the user-space verdicts; the libtraceevent
 * tracecheck is linked with is one witness (uverdict.c).  The facts are
 * the changes between the releases that touch what a print fmt can
 * hold, from libtraceevent's history (the repository up to 1.8.4, the
 * push and release announcements after it), each marked with the
 * releases it was tested with; what the model does not list behaves the
 * same in every release, and that part is what the witness is asked.
 */
#ifndef TC_UMODEL_H
#define TC_UMODEL_H

#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "fmtfile.h"

/* The releases, oldest first: bit i of a tc_uset is tc_ureleases[i]. */
enum {
	TC_UREL_1_7_1,
	TC_UREL_1_7_2,
	TC_UREL_1_7_3,
	TC_UREL_1_8_0,
	TC_UREL_1_8_1,
	TC_UREL_1_8_2,
	TC_UREL_1_8_3,
	TC_UREL_1_8_4,
	TC_UREL_1_8_5,
	TC_UREL_1_9_0,
	TC_UREL_NR,
};

typedef unsigned tc_uset;

#define TC_USET(r) (1u << (r))
/* The releases from a to b, both included. */
#define TC_USET_RANGE(a, b) (((1u << ((b) + 1)) - 1) & ~((1u << (a)) - 1))
#define TC_USET_ALL TC_USET_RANGE(0, TC_UREL_NR - 1)

struct tc_urelease {
	const char *name; /* "1.7.1" */
	const char *date; /* its tag or announcement */
	const char *what; /* its commit, who ships it */
};

extern const struct tc_urelease tc_ureleases[TC_UREL_NR];

/*
 * The default selection: the oldest release a supported major
 * distribution ships (1.7.1, Debian 12) to the newest known (1.9.0).
 */
tc_uset tc_uset_default(void);

/* The index of release name ("1.8.4"), -1 if unknown. */
int tc_urelease_index(const char *name);

/*
 * The known release a linked library of version v ("1.8.4", "1.8.7")
 * behaves as: the newest known one not newer than v; -1 if v is older
 * than every known release or not a version.
 */
int tc_urelease_of_version(const char *v);

/*
 * A comma list of release names ("1.7.1,1.8.4"; "all" for every one) as
 * a set; 0 with *bad (static) naming the first unknown one.
 */
tc_uset tc_uset_parse(const char *list, const char **bad);

/*
 * The releases of s as words, runs of consecutive selected releases
 * (consecutive in sel) as "A to B": "1.7.1 to 1.8.4", "1.7.1 and 1.7.2",
 * "1.7.1, 1.8.2 and 1.9.0".  Malloced.
 */
char *tc_uset_text(tc_uset s, tc_uset sel);

/* The first release after every one of s that is not in s: the fix; -1 if none. */
int tc_uset_fixed_in(tc_uset s);

/* ---- the facts ---- */

enum tc_ueffect {
	TC_UE_PARSE,  /* the print fmt does not parse: [FAILED TO PARSE] */
	TC_UE_RENDER, /* it parses, and prints something else than the kernel */
	TC_UE_MEMORY, /* it reads memory it freed or does not own: a crash or garbage, by heap */
};

enum tc_ublame {
	TC_UB_HEADER,  /* no release evaluates it as the kernel does, and the header can avoid it */
	TC_UB_LIBRARY, /* a standard helper, conversion or spelling some releases mishandle */
};

struct tc_ufact {
	const char *name;     /* short id: "conv-c" */
	enum tc_ueffect effect;
	tc_uset fails;	      /* the releases it fails in (without plugins) */
	tc_uset plugins;      /* of those, the releases whose plugins handle it */
	enum tc_ublame blame;
	unsigned usable : 1;   /* the wrong rendering still carries the value (--check-format: a note) */
	unsigned portable : 1; /* a spelling every release handles exists (instead) */
	unsigned by_design : 1; /* user space renders it otherwise on purpose */
	const char *what;     /* the construct: "the '%c' conversion" */
	const char *wrong;    /* what the failing releases do, after "libtraceevent X "; a %s is
				 the construct */
	const char *right;    /* what the others do, after "R and later " (NULL: none do) */
	const char *instead;  /* the portable spelling, or NULL */
	const char *source;   /* the commit, changelog or announcement */
	tc_uset tested;	      /* releases tracecheck checked it with, a real library */
	const char *measured; /* releases checked by others (a measurement report), or NULL */
	tc_uset verified;     /* releases whose trace-cmd report of real records of a booted
				 kernel scripts/compare-render held against the kernel's text */
};

/* The kernel whose records scripts/compare-render rendered: "Linux 6.12.118 amd64". */
extern const char tc_urender_kernel[];

enum tc_ufact_id {
	TC_UF_CONV_C,
	TC_UF_FLAG_PLUS,
	TC_UF_FLAG_SPACE,
	TC_UF_CHAR_LITERAL,
	TC_UF_CHAR_ESCAPE,
	TC_UF_PRINT_ARRAY,
	TC_UF_SIZEOF_FIXED,
	TC_UF_SIZEOF_FREED,
	TC_UF_TAB,
	TC_UF_PRINT_DYNAMIC_ARRAY,
	TC_UF_GET_STACKTRACE,
	TC_UF_TERNARY_ELSE,
	TC_UF_TERNARY_THEN,
	TC_UF_BYTE_SWAP,
	TC_UF_EMPTY_TABLE,
	TC_UF_CPUMASK,
	TC_UF_DYN_ARITH,
	TC_UF_BITMAP_HEX,
	TC_UF_BITMAP_LIST,
	TC_UF_PEXT_GLUED,
	TC_UF_NR,
};

extern const struct tc_ufact tc_ufacts[TC_UF_NR];

/* One fact found in a format file. */
struct tc_umatch {
	const struct tc_ufact *fact;
	long arg;   /* the print fmt argument; -1: the format string */
	char *text; /* the construct as the format file spells it (shortened) */
	char *spec; /* the conversion, for a conversion's fact; else NULL */
	size_t start, end; /* where the construct is in the argument's text */
	char *stand_in;	   /* what it evaluates to, for a witness it would harm; NULL: unknown */
};

/*
 * The facts of the model that apply to ff's print fmt, in the order of
 * the arguments (the format string's first), each fact once per
 * argument -- sizeof-freed at each of its places, which a witness must
 * not be shown.  *out malloced; the count.
 */
size_t tc_umodel_scan(const struct tc_fmtfile *ff, struct tc_umatch **out);
void tc_umatches_free(struct tc_umatch *v, size_t n);

/*
 * Conditionals of an expression nested in a branch of another without
 * parentheses: [start, end) of the nested one in expr, and which branch.
 * None in an expression nested deeper than TC_MAX_NESTING (ctok.h).
 */
struct tc_unested {
	size_t start, end;
	int then_branch; /* 1: a ? (b ? x : y) : z; 0: a ? x : (b ? y : z) */
};
size_t tc_unested_conditionals(const char *expr, struct tc_unested **out);

/*
 * The sentences of a fact for the releases s of the selection sel:
 * "libtraceevent 1.7.1 and 1.7.2 print '>c<' for the '%c' conversion ..."
 * (with, when some release handles it, "; 1.7.3 and later ...").
 * Malloced.
 */
char *tc_ufact_sentence(const struct tc_ufact *f, const char *construct, tc_uset s, tc_uset sel);
/*
 * Whose problem it is, as a severity, for a rule at sev: the header's
 * (sev), or a gap of libtraceevent -- a note when a selected release
 * handles it (or user space renders it otherwise on purpose), one level
 * lower when only plugins or a portable spelling help every selected
 * release, a note again when nothing does.  0 when no release of sel
 * has the problem (nothing to report).
 */
int tc_ufact_severity(const struct tc_ufact *f, tc_uset sel, enum tc_severity sev,
		      enum tc_severity *out);
/* The blame, after the sentence: " (a gap of libtraceevent, not a defect of the header)" or "". */
const char *tc_ufact_blame(const struct tc_ufact *f);

/* --list-userspace: the releases and every fact, as text. */
void tc_umodel_print(FILE *out);

/*
 * "source: ...; tested with libtraceevent 1.7.1 and 1.8.4; verified with real records of
 * Linux ... by scripts/compare-render: ...; not verified ..." Malloced.
 */
char *tc_ufact_provenance(const struct tc_ufact *f);

#endif
