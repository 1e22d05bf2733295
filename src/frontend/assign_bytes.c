// SPDX-License-Identifier: MIT
/*
 * Which bytes of a field every path of the assign code writes.  For an
 * __array() and a __dynamic_array() of constant length the walk follows
 * bytes, not only fields: a memcpy() of 4 bytes into a 16-byte array, a
 * store through a u32 pointer, an element by its index write part of
 * it, and the rest keeps what an earlier event left (irdma's
 * __dynamic_array(u32, laddr, 4) given 4 bytes for an IPv6 address).
 * A write whose extent is not known (a copy of a run-time size, a
 * pointer handed to a function) writes the whole field.
 */
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "strbuf.h"
#include "util.h"

/* The largest array followed byte by byte. */
#define MAX_FOLLOWED 65536

/* A length that is a plain integer constant ("4", "(16)", "0x10"), or -1. */
static long long constant_length(const char *text)
{
	char *s, *end;
	long long v = -1;

	if (!text)
		return -1;
	s = tc_squeezed(text, strlen(text));
	if (*s >= '0' && *s <= '9') {
		v = strtoll(s, &end, 0);
		while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
			end++;
		if (*end)
			v = -1;
	}
	free(s);
	return v;
}

void tc_as_bytes_start(struct actx *a)
{
	a->fbytes = xcalloc(a->c->nr_fields + 1, sizeof(*a->fbytes));
	for (size_t i = 0; i < a->c->nr_fields; i++) {
		const struct tc_field *f = &a->c->fields[i];
		long long size = 0, len;

		if (f->kind == TC_F_ARRAY && f->layout_known && f->el_size > 0)
			size = f->size;
		else if ((f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY) &&
			 f->el_size > 0 && (len = constant_length(f->len_text)) > 0 &&
			 len <= MAX_FOLLOWED)
			size = f->el_size * len;
		a->fbytes[i] = size > 0 && size <= MAX_FOLLOWED ? size : 0;
	}
}

dset tc_as_dset(struct actx *a)
{
	dset d = xcalloc(1, sizeof(*d));

	d->full = xcalloc(a->c->nr_fields + 1, 1);
	d->bytes = xcalloc(a->c->nr_fields + 1, sizeof(*d->bytes));
	return d;
}

void tc_as_dset_free(struct actx *a, dset d)
{
	if (!d)
		return;
	for (size_t i = 0; i < a->c->nr_fields; i++)
		free(d->bytes[i]);
	free(d->bytes);
	free(d->full);
	free(d);
}

void tc_as_dset_set_full(struct actx *a, dset d, size_t fi)
{
	d->full[fi] = 1;
	free(d->bytes[fi]);
	d->bytes[fi] = NULL;
	(void)a;
}

static void cover(struct actx *a, dset d, size_t fi, long long from, long long to)
{
	long long size = a->fbytes[fi], n = 0;

	if (d->full[fi] || size <= 0)
		return;
	if (from < 0)
		from = 0;
	if (to > size)
		to = size;
	if (from >= to)
		return;
	if (!d->bytes[fi])
		d->bytes[fi] = xcalloc((size_t)size, 1);
	memset(d->bytes[fi] + from, 1, (size_t)(to - from));
	for (long long i = 0; i < size; i++)
		n += d->bytes[fi][i];
	if (n == size)
		tc_as_dset_set_full(a, d, fi);
}

void tc_as_extent(struct actx *a, int fi, struct tc_write *w, long long from, long long to)
{
	long long size = a->fbytes[fi];

	if (size <= 0 || to < 0 || (from <= 0 && to >= size))
		return;
	w->part = 1;
	w->part_from = from;
	w->part_to = to < size ? to : size;
}

void tc_as_dset_write(struct actx *a, dset d, int fi, const struct tc_write *w)
{
	if (w->conditional)
		return;
	if (w->kind == TC_W_ELEMENT) {
		/* an element by a constant index; the others, summarise() */
		if (w->index >= 0 && !w->in_loop && w->elem_bytes > 0)
			cover(a, d, (size_t)fi, w->index * w->elem_bytes,
			      (w->index + 1) * w->elem_bytes);
		return;
	}
	if (w->part)
		cover(a, d, (size_t)fi, w->part_from, w->part_to);
	else
		tc_as_dset_set_full(a, d, (size_t)fi);
}

void tc_as_dset_join_both(struct actx *a, dset d, size_t fi, dset x, dset y)
{
	long long size = a->fbytes[fi];

	if (!x || !y)
		return;
	if (x->full[fi] && y->full[fi]) {
		tc_as_dset_set_full(a, d, fi);
		return;
	}
	if (size <= 0 || (!x->full[fi] && !x->bytes[fi]) || (!y->full[fi] && !y->bytes[fi]))
		return;
	for (long long i = 0; i < size; i++) {
		int in_x = x->full[fi] || x->bytes[fi][i], in_y = y->full[fi] || y->bytes[fi][i];
		if (in_x && in_y)
			cover(a, d, fi, i, i + 1);
	}
}

/* "4-15" or "2-3, 8-15": the bytes of b (size bytes) that are 0. */
static char *gap_text(const unsigned char *b, long long size)
{
	struct strbuf sb = STRBUF_INIT;

	for (long long i = 0; i < size;) {
		if (b[i]) {
			i++;
			continue;
		}
		long long j = i;
		while (j + 1 < size && !b[j + 1])
			j++;
		if (sb.len)
			strbuf_addstr(&sb, ", ");
		if (j == i)
			strbuf_addf(&sb, "%lld", i);
		else
			strbuf_addf(&sb, "%lld-%lld", i, j);
		i = j + 1;
	}
	return strbuf_detach(&sb);
}

/* Only element stores, each of a whole element, write what every path writes of f. */
static int by_elements(const struct tc_field *f)
{
	int any = 0;

	for (size_t j = 0; j < f->nr_writes; j++) {
		const struct tc_write *w = &f->writes[j];
		if (w->kind == TC_W_ELEMENT && w->elem_bytes == f->el_size)
			any = 1;
		else if (w->part || w->kind == TC_W_ELEMENT)
			return 0;
	}
	return any;
}

void tc_as_bytes_finish(struct actx *a, dset def)
{
	for (size_t i = 0; i < a->c->nr_fields; i++) {
		struct tc_field *f = &a->c->fields[i];
		long long size = a->fbytes[i], n = 0;

		f->bytes_size = size;
		if (size <= 0)
			continue;
		if (def->full[i] || !def->bytes[i]) {
			f->bytes_written = def->full[i] ? size : 0;
			continue;
		}
		for (long long j = 0; j < size; j++)
			n += def->bytes[i][j];
		f->bytes_written = n;
		free(f->bytes_gap);
		f->bytes_gap = gap_text(def->bytes[i], size);
		f->bytes_by_element = by_elements(f);
	}
	free(a->fbytes);
	a->fbytes = NULL;
}
