/* SPDX-License-Identifier: MIT */
/*
 * Inside the kernel's rendering (keval.h), shared by its files:
 *   kvalue.c  the values of the kernel's C, and a field's C type
 *   keval.c   the evaluator of a print fmt argument
 *   krender.c the print fmt rendered, conversion by conversion
 *   ksynth.c  a synthetic record
 */
#ifndef TC_KEVAL_INTERNAL_H
#define TC_KEVAL_INTERNAL_H

#include <stddef.h>

#include "ctok.h"
#include "ctypes.h"
#include "keval.h"

/* kvalue.c: a value */

enum kv_kind { KV_UNKNOWN, KV_INT, KV_STR, KV_BUF };

struct kv {
	enum kv_kind k;
	unsigned long long v; /* KV_INT: the bits, masked to bits */
	int bits, sgn;
	const char *s; /* KV_STR */
	const unsigned char *p; /* KV_BUF: bytes in the record */
	long len;
	int elbits, elsgn;
	const char *why; /* KV_UNKNOWN */
};

/* keval.c: the evaluator's state */
struct ev {
	const struct tc_krecord *r;
	struct tc_ctok *t;
	size_t nt, i;
	char **arena;
	size_t nr_arena, alloc_arena;
	int bad; /* syntax the evaluator does not follow */
	int depth; /* unary() and cond_expr() calls under way */
	int deep;  /* past TC_KEVAL_MAX_DEPTH: the argument is not evaluated */
};

/* kvalue.c: the values */
struct kv tc_kv_mkint(unsigned long long v, int bits, int sgn);
long long tc_kv_sval(const struct kv *x);
/* Widen as C would: to bits, sign-extending a signed value. */
struct kv tc_kv_conv_to(struct kv x, int bits, int sgn);
struct kv tc_kv_promote(struct kv x);
struct kv tc_kv_unknown(const char *why);
/* A field's type as the format file spells it, without const/volatile. */
const struct tc_ctype *tc_kv_field_ctype(const char *type);

/* keval.c: evaluate one print fmt argument; release what the evaluation kept */
struct kv tc_keval_eval_arg(struct ev *e, const char *text);
void tc_keval_ev_release(struct ev *e);

#endif
