// SPDX-License-Identifier: MIT
/* The record of an event class laid out per ABI and field order (reclayout.h). */
#include "reclayout.h"

static long long align_up(long long v, long long a)
{
	return a > 0 ? (v + a - 1) / a * a : v;
}

long long tc_rec_field_size(const struct tc_field *f, int abi)
{
	return abi < 0 ? f->size : f->abi_size[abi];
}

long long tc_rec_field_align(const struct tc_field *f, int abi)
{
	return abi < 0 ? f->align : f->abi_align[abi];
}

void tc_rec_lay_out(const struct tc_class *c, int abi, const size_t *order, long long *off,
		    struct tc_rec_layout *l)
{
	long long end = TC_REC_COMMON_SIZE, ma = TC_REC_COMMON_ALIGN;

	for (size_t j = 0; j < c->nr_fields; j++) {
		size_t i = order ? order[j] : j;
		const struct tc_field *f = &c->fields[i];
		long long al = tc_rec_field_align(f, abi);
		long long o = align_up(end, al);
		if (off)
			off[i] = o;
		end = o + tc_rec_field_size(f, abi);
		if (al > ma)
			ma = al;
	}
	l->data_off = end;
	l->align = ma;
	l->size = align_up(end, ma);
}

void tc_rec_pack_order(const struct tc_class *c, const int *abis, int nabis, size_t *order)
{
	size_t n = c->nr_fields;

	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = 1; i < n; i++) {
		size_t k = order[i], j = i;
		for (; j > 0; j--) {
			const struct tc_field *p = &c->fields[order[j - 1]], *q = &c->fields[k];
			int less = 0;
			for (int a = 0; a < nabis; a++) {
				long long pa = tc_rec_field_align(p, abis[a]);
				long long qa = tc_rec_field_align(q, abis[a]);
				if (pa != qa) {
					less = pa < qa;
					break;
				}
			}
			if (!less)
				break;
			order[j] = order[j - 1];
		}
		order[j] = k;
	}
}

int tc_rec_abi_known(const struct tc_class *c, int abi)
{
	if (!c->layout_known)
		return 0;
	if (abi < 0)
		return 1;
	for (size_t i = 0; i < c->nr_fields; i++)
		if (!c->fields[i].abi_known)
			return 0;
	return 1;
}
