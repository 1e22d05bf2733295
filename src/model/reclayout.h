/* SPDX-License-Identifier: MIT */
/*
 * The ring-buffer record of an event class laid out from its fields:
 * on the parse's target (the libclang layout the model holds) or on an
 * ABI of enum tc_abi (src/frontend/abilayout.c's sizes and alignments), in the
 * declaration order or another one, and the order without the padding
 * that reordering can remove.  layout-hole, layout-abi and --layout
 * share these, so that a suggested order is the one the fix writes.
 */
#ifndef TC_RECLAYOUT_H
#define TC_RECLAYOUT_H

#include <stddef.h>

#include "model.h"

/* The parse's target: tc_field.size/align rather than abi_size/abi_align. */
#define TC_REC_TARGET (-1)

/* The common fields (struct trace_entry) end here; they need 4-byte alignment. */
#define TC_REC_COMMON_SIZE 8
#define TC_REC_COMMON_ALIGN 4

long long tc_rec_field_size(const struct tc_field *f, int abi);
long long tc_rec_field_align(const struct tc_field *f, int abi);

struct tc_rec_layout {
	long long size;	    /* sizeof the record: rounded up to align */
	long long data_off; /* where the last field ends (offsetof(__data)) */
	long long align;
};

/*
 * Lay c's fields out on abi (TC_REC_TARGET or an enum tc_abi) in order
 * (indices into c->fields; NULL: declaration order).  off, when not
 * NULL, receives each field's offset, indexed like c->fields.
 */
void tc_rec_lay_out(const struct tc_class *c, int abi, const size_t *order, long long *off,
		    struct tc_rec_layout *l);

/*
 * The order without avoidable holes: a stable sort of the fields by
 * their alignment on abis[0], largest first, ties by abis[1] and so on.
 */
void tc_rec_pack_order(const struct tc_class *c, const int *abis, int nabis, size_t *order);

/* Every field's layout is known on abi (the target's: c->layout_known). */
int tc_rec_abi_known(const struct tc_class *c, int abi);

#endif
