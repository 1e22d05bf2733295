/* SPDX-License-Identifier: MIT */
/*
 * A static model of what libtraceevent (1.7.1 - 1.8.4) can parse and
 * evaluate in a print fmt argument: a scan of the argument's text for
 * the constructs it rejects or evaluates differently from the kernel.
 * The facts are those of ../shared/spec/user-space-parser.md §3-§5, §10.
 */
#ifndef TC_USPACE_H
#define TC_USPACE_H

#include <stddef.h>

enum tc_ukind {
	TC_U_CHAR_LITERAL, /* 'A': 0 before 1.8.3 */
	TC_U_STMT_EXPR,	   /* ({ ... }) */
	TC_U_BRACE,	   /* { outside __print_flags/__print_symbolic tables */
	TC_U_ADDRESS,	   /* unary & */
	TC_U_DEREF,	   /* unary * */
	TC_U_MEMBER,	   /* . member access */
	TC_U_ARROW,	   /* -> on anything but REC */
	TC_U_XOR,	   /* ^ evaluates to 0 */
	TC_U_ASSIGN,	   /* =, +=, ++, -- */
	TC_U_COMMA,	   /* comma operator */
	TC_U_CALL,	   /* a function libtraceevent does not know */
};

struct tc_uproblem {
	enum tc_ukind kind;
	char *text; /* the offending token(s) */
};

/* Scan an argument (REC-> or __entry-> spelling); returns the count. */
size_t tc_uspace_scan(const char *expr, struct tc_uproblem **out);
void tc_uproblems_free(struct tc_uproblem *v, size_t n);
/* What user space does with it, one sentence. */
const char *tc_ukind_explain(enum tc_ukind k);

/*
 * Token tests the construct scanners share (this one and
 * printk-construct's, which also reports casts, sizeof and spans).
 */
struct tc_ctok;
/* t ends an operand: a following '&', '*' is binary. */
int tc_uspace_operand_end(const struct tc_ctok *t);
/* __print_flags(), __print_symbolic() and their _u64 forms: a '{' inside is a table. */
int tc_uspace_table_helper(const struct tc_ctok *t);
/* t[i], an "->", reads the record: REC->, __entry->, (REC)->. */
int tc_uspace_rec_arrow(const struct tc_ctok *t, size_t i);
/* =, ++, --, and the compound assignments. */
int tc_uspace_assign_op(const struct tc_ctok *t);

#endif
