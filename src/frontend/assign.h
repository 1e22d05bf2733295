/* SPDX-License-Identifier: MIT */
/*
 * Shared by the files of the TP_fast_assign() analysis: assign.c walks
 * the assign code, assign_bytes.c keeps the definite-write sets (whole
 * fields and the bytes of arrays), assign_switch.c reads a switch as
 * alternatives, assign_copy.c the copies and the __assign_*() helpers,
 * assign_range.c the values a plain '=' stores and assign_value.c where
 * they come from (operators, locals, helpers), assign_text.c the
 * token-level fallback.
 */
#ifndef TC_ASSIGN_H
#define TC_ASSIGN_H

#include "fe_internal.h"

typedef __int128 wide;

struct tc_as_fninfo;
struct tc_ctok;

struct actx {
	struct tc_tu *t;
	struct tc_class *c;
	int cond;  /* depth of conditional context */
	int loop;  /* depth of loops */
	int whole; /* __entry handed to a function */
	int stmt;  /* the cursor being walked is a statement of a block */
	unsigned seq; /* reads and writes so far */
	int unread_op; /* the value ranged has a macro operator on a constant */
	/*
	 * the innermost branch: its if/?: condition (squeezed; NULL: a
	 * switch, && or ||), cneg: its else
	 */
	const char *ctext;
	int cneg;
	int cdepth; /* branches around the cursor */
	/* the field whose own length the branch's condition is (-1: none), see own_length_field() */
	int own_len_field;
	/* the value-range model (assign_range.c, assign_value.c) */
	CXCursor fn;   /* the assign code's declaration */
	int sound;     /* > 0: ranges that hold for every value (no wrap-around) */
	int budget;    /* how many more expressions one source's range may visit */
	struct {
		CXCursor e;
		wide lo, hi;
	} assume[8]; /* what the arms of ?: around the expression say of the values */
	int nr_assume;
	struct tc_as_fninfo **fns; /* the functions read so far */
	size_t nr_fns, alloc_fns;
	struct tc_ctok *xtoks; /* the assign code macro-expanded, tokenized (or NULL) */
	size_t nr_xtoks;
	long long *fbytes; /* each field's size when its bytes are followed (assign_bytes.c), else 0 */
};

/*
 * Definite-write sets (assign_bytes.c): for each field, whether every
 * path so far writes it whole, and for an array of known size which of
 * its bytes every path writes.
 */
struct dset {
	unsigned char *full;
	unsigned char **bytes; /* a byte per byte of the field; NULL: none written yet */
};
typedef struct dset *dset;

/* assign.c */
void tc_as_walk(struct actx *a, CXCursor c, dset def);
/* Walk c in a conditional context; its definite writes go to out. */
void tc_as_walk_branch(struct actx *a, CXCursor c, dset out);
void tc_as_walk_conditional(struct actx *a, CXCursor c, dset def);
/* Each field's number of writes so far, malloced. */
size_t *tc_as_snapshot(struct actx *a);
int tc_as_is_entry_ref(CXCursor c);
int tc_as_call_name_is(CXCursor call, const char *name);
/*
 * The field an lvalue-ish expression designates, or -1.  *elem gets the
 * constant element index for __entry->f[i], -1 otherwise; *member is
 * set for __entry->f.m; *is_elem for any subscript.
 */
int tc_as_target(struct actx *a, CXCursor e, long *elem, int *is_elem, int *member);
struct tc_write *tc_as_record(struct actx *a, int fi, enum tc_write_kind kind, const char *how,
			      long elem, int nargs, CXCursor where, dset def);
struct tc_write *tc_as_write_target(struct actx *a, CXCursor lhs, enum tc_write_kind kind,
				    const char *how, int nargs, CXCursor where, dset def);
/* The tokens of c without blanks or comments ("request->ie"), malloced. */
char *tc_as_squeezed_text(struct tc_tu *t, CXCursor c);
/* The operator of a binary expression, malloced ("" when it cannot be read). */
char *tc_as_binary_op(struct actx *a, CXCursor lhs, CXCursor rhs);
/* Parentheses and implicit conversions around an expression (not casts). */
CXCursor tc_as_strip_implicit(CXCursor c);
/* Summarise the writes into f->written. */
void tc_as_summarise(struct tc_class *c);

/*
 * assign_bytes.c: the sizes of the arrays whose bytes are followed
 * (a->fbytes); definite-write sets; a write's extent (part_from,
 * part_to) and its effect on a set; what every path wrote, on each field.
 */
void tc_as_bytes_start(struct actx *a);
void tc_as_bytes_finish(struct actx *a, dset def);
dset tc_as_dset(struct actx *a);
void tc_as_dset_free(struct actx *a, dset d);
/* Bytes [from, to) of field fi are all that w writes (to < 0: the whole field, or not known). */
void tc_as_extent(struct actx *a, int fi, struct tc_write *w, long long from, long long to);
/* w, unless conditional, into d: the whole field, or the bytes its extent says. */
void tc_as_dset_write(struct actx *a, dset d, int fi, const struct tc_write *w);
void tc_as_dset_set_full(struct actx *a, dset d, size_t fi);
/* d gets what both x and y (NULL: nothing) write of field fi. */
void tc_as_dset_join_both(struct actx *a, dset d, size_t fi, dset x, dset y);

/* assign_switch.c: a switch statement, its arms as alternatives when it is plain. */
void tc_as_walk_switch(struct actx *a, CXCursor sw, dset def);

/*
 * assign_copy.c: the calls that write what a field holds from a source
 * or with a size (copy functions, __assign_*() helpers, a string's
 * source); 0 when c is none of those.
 */
int tc_as_walk_copy(struct actx *a, CXCursor c, const char *name, dset def);

/* assign_range.c: what a plain '=' stores in a field: the value before its conversion. */
void tc_as_record_source(struct actx *a, struct tc_write *w, CXCursor rhs);
/*
 * The values an expression can have: its own type's (before any implicit
 * conversion), narrowed by what the expression is; exact: not past its
 * type (no wrap-around).  0 for a value that is not an integer.
 */
int tc_as_value_range(struct actx *a, CXCursor e, int depth, int exact, wide *lo, wide *hi);
/* A condition's value: 1 (never 0), 0, or -1 when its range does not say. */
int tc_as_truth(struct actx *a, CXCursor e, int depth);

/*
 * assign_value.c: a binary operator's (or a unary one's: "post" for x++
 * and x--), also in a macro's body; "" when it cannot be read, malloced.
 */
char *tc_as_operator(struct actx *a, CXCursor e);
char *tc_as_unary_operator(struct actx *a, CXCursor e);
/*
 * The range of a variable (a local nothing writes after its initialiser),
 * a member of a local initialised with a list, a call of a helper whose
 * contract bounds its result; 0 when they do not say.
 */
int tc_as_variable_range(struct actx *a, CXCursor ref, int depth, wide *lo, wide *hi);
int tc_as_member_range(struct actx *a, CXCursor mref, int depth, wide *lo, wide *hi);
int tc_as_call_range(struct actx *a, CXCursor call, int depth, wide *lo, wide *hi);
void tc_as_value_release(struct actx *a);

#endif
