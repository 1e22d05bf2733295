/* SPDX-License-Identifier: MIT */
/*
 * What each kernel release offers a trace header, as one table: the event
 * and tracepoint macros (with the tracepoint each defines), the
 * TP_STRUCT__entry() element kinds (with the helper that fills each), the
 * TP_fast_assign() and TP_printk() helpers (with their arguments), and the
 * functions a tracepoint gives its callers.  Each row is one form of a
 * name over a range of mainline releases, with the stable releases it was
 * backported to, and says where that was verified: a kernel commit, or a
 * release tree.
 *
 * Every rule, repair and message that depends on the kernel version asks
 * here; tests/kernel-facts fails on a version constant anywhere else in
 * src/ or rules/.  The version is that of the tree the header is built
 * against (struct tc_header's kernel_version: kerneltree.h), 0 when it is
 * not known -- then every form a supported kernel has is allowed, and a
 * repair writes the newest kernel's.
 */
#ifndef TC_KFACTS_H
#define TC_KFACTS_H

#include <stddef.h>

/* A kernel version as <linux/version.h>'s KERNEL_VERSION() computes it. */
#define TC_KV(major, minor, sub) (((major) << 16) + ((minor) << 8) + ((sub) > 255 ? 255 : (sub)))

enum tc_kf_kind {
	TC_KF_EVENT,   /* an event or tracepoint macro of the header */
	TC_KF_ELEMENT, /* a TP_STRUCT__entry() element */
	TC_KF_ASSIGN,  /* a TP_fast_assign() helper */
	TC_KF_PRINT,   /* a TP_printk() helper */
	TC_KF_CALL,    /* a function the tracepoint defines for the code that fires it */
};

enum tc_kf_flag {
	/* since is the first release the row was verified in, not the one that brought it */
	TC_KF_SINCE_AT_LATEST = 1 << 0,
	/* a 2-argument string helper: the second argument is the string copied */
	TC_KF_COPIES_SRC = 1 << 1,
	/* a 2-argument string helper: the second argument is only compared (WARN) */
	TC_KF_WARNS_SRC = 1 << 2,
};

struct tc_kfact {
	const char *form; /* "__assign_str(dst)": its name and, for a macro, its arguments */
	enum tc_kf_kind kind;
	int since;	  /* first mainline release with this form; 0: every supported one */
	int until;	  /* first mainline release without it; 0: the newest still has it */
	int stable[2];	  /* stable releases before since that have it (backports), 0: none */
	const char *tracepoint; /* TC_KF_EVENT: its tracepoint, "NAME" or "NAME_tp"; NULL: none */
	const char *fills;	/* TC_KF_ELEMENT: the TP_fast_assign() helper for it (NULL: "=") */
	unsigned flags;		/* enum tc_kf_flag */
	const char *source;	/* the commit or the release tree that shows it */
};

extern const struct tc_kfact tc_kfacts[];
extern const size_t tc_nr_kfacts;

/* The oldest and the newest release the table models. */
extern const int tc_kv_oldest, tc_kv_newest;

/* Does kernel v have row f?  v 0 (unknown): yes. */
int tc_kf_in(const struct tc_kfact *f, int v);
/* The name of f (its form up to the parenthesis) into buf. */
const char *tc_kf_name(const struct tc_kfact *f, char *buf, size_t size);
/* The arguments of f's form: 0 for "NAME()", -1 for a form without parentheses. */
int tc_kf_nargs(const struct tc_kfact *f);

/*
 * The next row (after prev, or the first when prev is NULL) for name that
 * kernel v has (any, when v is 0), or NULL.
 */
const struct tc_kfact *tc_kf_next(const char *name, int v, const struct tc_kfact *prev);
/* Has kernel v a form of name?  v 0: does any supported kernel have one. */
int tc_kf_has(const char *name, int v);

/* The row of name that kernel v has (for v 0, the newest kernel's), or NULL. */
const struct tc_kfact *tc_kf_row(const char *name, int v);
/* Parameter i of f's form ("dst", "src" ...) into buf; "" past the last. */
const char *tc_kf_param(const struct tc_kfact *f, int i, char *buf, size_t size);
/*
 * The arguments helper takes in kernel v: -1 when v has no such helper;
 * for v 0, the newest kernel's.
 */
int tc_kf_arity(const char *helper, int v);
/* The row of helper with n arguments that the newest kernels have, or NULL. */
const struct tc_kfact *tc_kf_form(const char *helper, int n);

/*
 * The TP_fast_assign() helpers that fill element kind name (__string,
 * __vstring, ...) in kernel v, into out (at most max, then NULL): the one
 * of v's own form first, then the others; for v 0, every kernel's.  The
 * number found; 0 for an element filled with a plain assignment.
 */
size_t tc_kf_fillers(const char *element, int v, const char **out, size_t max);

/*
 * The suffix macro (DECLARE_TRACE, TRACE_EVENT, ...) puts after the
 * name it is given to make its tracepoint in kernel v: "_tp" or "" (also
 * for a macro that defines none, or that the table does not know); NULL
 * when v is 0 and the supported kernels differ.
 */
const char *tc_kf_tp_suffix(const char *macro, int v);

/* "6.10", "6.1.136" (a sublevel only when not 0) into buf; "?" for 0. */
const char *tc_kv_str(int v, char *buf, size_t size);
/* "6.10" or "6.10.3" as a version: 0 and *v set, -1 if s is not one. */
int tc_kv_parse(const char *s, int *v);

#endif
