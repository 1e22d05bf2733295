/* SPDX-License-Identifier: MIT */
/* Shared by the front end's files; not part of the model's interface. */
#ifndef TC_FE_INTERNAL_H
#define TC_FE_INTERNAL_H

#include <clang-c/Index.h>

#include "model.h"

/* A macro expansion inside the header, from the preprocessing record. */
struct tc_mexp {
	char *name;
	unsigned off;
	CXCursor c;
};

struct tc_tu {
	CXTranslationUnit tu;
	CXFile header_file;
	struct tc_header *h;
	struct tc_mexp *mexp; /* in header order */
	size_t nr_mexp, alloc_mexp;
};

/* Location in the header's terms: spelling location, mapped to its path. */
struct tc_loc tc_cx_spelling_loc(struct tc_tu *t, CXSourceLocation l);
/* The outermost expansion location (where a macro was invoked). */
struct tc_loc tc_cx_expansion_loc(struct tc_tu *t, CXSourceLocation l);
int tc_cx_in_header(struct tc_tu *t, CXSourceLocation l);
unsigned tc_cx_spelling_offset(CXSourceLocation l);

/* Copy of a CXString, disposed. */
char *tc_cx_str(CXString s);
/* The value of the string initialiser of a `const char *const` variable, or NULL. */
char *tc_cx_eval_string(CXCursor var);
/* The value of a string-literal expression, or NULL. */
char *tc_cx_eval_string_expr(CXCursor e);
/* The integer value of a cursor (expression, or variable initialiser). */
int tc_cx_eval_int(CXCursor c, long long *out);

/* Children of a cursor, in order. */
struct tc_cursors {
	CXCursor *v;
	size_t nr, alloc;
};
void tc_cx_children(CXCursor c, struct tc_cursors *out);
void tc_cursors_release(struct tc_cursors *cs);
/* Skip parentheses and implicit conversions. */
CXCursor tc_cx_strip(CXCursor c);

/* extract.c: walk the translation unit and build the model. */
void tc_extract(struct tc_tu *t);
/*
 * abilayout.c: a field type's size and in-struct alignment on each
 * tc_abi (packed: alignment 1); -1 when not known.  main_abi is the
 * parse's target, whose layout the computation must reproduce.
 */
int tc_abi_field_layout(CXType t, int main_abi, int packed, long long *size, long long *align);
/* assign.c: the TP_fast_assign analysis of one class. */
void tc_analyze_assign(struct tc_tu *t, struct tc_class *c, CXCursor fn);
void tc_analyze_assign_text(struct tc_class *c);
/* printk.c: calls and macros in the TP_printk arguments. */
void tc_analyze_print(struct tc_tu *t, struct tc_printk *p, CXCursor fn);
void tc_split_print_fmt(struct tc_printk *p, const char *meta);
void tc_locate_print_args(struct tc_tu *t);

#endif
