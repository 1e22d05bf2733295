// SPDX-License-Identifier: MIT
/* A synthetic record of a format file: every field given a value the rendering can print. */
#include "keval_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- a synthetic record ---- */

static int elem_bytes(const char *type)
{
	char buf[128];
	const char *b = strchr(type, ' ');
	size_t n;

	/* "__data_loc int[]" -> "int" */
	b = b ? b + 1 : type;
	n = strcspn(b, "[");
	if (n >= sizeof(buf))
		return 1;
	memcpy(buf, b, n);
	buf[n] = '\0';
	while (n && buf[n - 1] == ' ')
		buf[--n] = '\0';
	const struct tc_ctype *ct = tc_kv_field_ctype(buf);
	return ct && ct->bits >= 8 ? ct->bits / 8 : 1;
}

static void wr(unsigned char *p, unsigned long long v, long n)
{
	for (long i = 0; i < n; i++, v >>= 8)
		p[i] = (unsigned char)v;
}

unsigned char *tc_synthetic_record(const struct tc_fmtfile *ff, size_t *size)
{
	size_t fixed = (size_t)ff->record_size, dyn = 0;
	size_t nr_dyn = 0;

	for (size_t i = 0; i < ff->nr_fields; i++)
		nr_dyn += ff->fields[i].dyn != TC_FF_STATIC;
	dyn = nr_dyn * 32;
	*size = (fixed + 7) / 8 * 8 + dyn;
	unsigned char *rec = xcalloc(1, *size);
	size_t at = (fixed + 7) / 8 * 8;
	unsigned long long n = 0;

	for (size_t i = 0; i < ff->nr_fields; i++) {
		const struct tc_ff_field *f = &ff->fields[i];
		unsigned char *p = rec + f->offset;
		if (f->common) {
			if (!strcmp(f->name, "common_type"))
				wr(p, (unsigned long long)(ff->id > 0 ? ff->id : 1), f->size);
			else if (!strcmp(f->name, "common_pid"))
				wr(p, 1234, f->size);
			continue;
		}
		n++;
		int is_char = strstr(f->type, "char") != NULL;
		if (f->dyn != TC_FF_STATIC) {
			unsigned char *d = rec + at;
			long len;
			if (is_char) {
				len = snprintf((char *)d, 32, "str%llu", n) + 1;
			} else {
				int es = elem_bytes(f->type);
				len = 4 * es;
				for (int k = 0; k < 4; k++)
					wr(d + k * es, (unsigned long long)(k + 1), es);
			}
			unsigned long long off = at;
			if (f->dyn == TC_FF_REL_LOC)
				off -= (unsigned long long)(f->offset + 4);
			wr(p, off | (unsigned long long)len << 16, 4);
			at += 32;
			continue;
		}
		if (f->array_len >= 0) {
			if (is_char) {
				char s[32];
				snprintf(s, sizeof(s), "str%llu", n);
				memcpy(p, s, strlen(s) + 1 <= (size_t)f->size ? strlen(s) + 1 : (size_t)f->size);
				if (f->size)
					p[f->size - 1] = '\0';
			} else {
				int es = f->array_len > 0 ? (int)(f->size / f->array_len) : 1;
				for (long k = 0; es > 0 && k < f->size / es; k++)
					wr(p + k * es, (unsigned long long)(k + 1), es);
			}
			continue;
		}
		const struct tc_ctype *ct = tc_kv_field_ctype(f->type);
		if (ct && ct->bits == 1) /* a bool holds 0 or 1, nothing else */
			wr(p, 1, f->size);
		else if (ct && ct->bits == 8 && strstr(f->type, "char"))
			wr(p, 'A' + (n - 1) % 26, f->size); /* a letter, printable as %c */
		else
			wr(p, n, f->size);
	}
	return rec;
}
