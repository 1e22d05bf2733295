// SPDX-License-Identifier: MIT
/* The values of the kernel's C: integers of a width and sign, strings, buffers; a field's type. */
#include "keval_internal.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- values ---- */

static unsigned long long mask_of(int bits)
{
	return bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
}

struct kv tc_kv_mkint(unsigned long long v, int bits, int sgn)
{
	struct kv r = { .k = KV_INT, .bits = bits, .sgn = sgn };

	r.v = v & mask_of(bits);
	if (bits == 1) /* _Bool */
		r.v = v != 0;
	return r;
}

long long tc_kv_sval(const struct kv *x)
{
	if (!x->sgn || x->bits >= 64 || x->bits < 1)
		return (long long)x->v;
	unsigned long long sb = 1ULL << (x->bits - 1);
	return (long long)((x->v ^ sb) - sb);
}

/* Widen as C would: to bits, sign-extending a signed value. */
struct kv tc_kv_conv_to(struct kv x, int bits, int sgn)
{
	if (x.k != KV_INT)
		return x;
	return tc_kv_mkint(x.sgn ? (unsigned long long)tc_kv_sval(&x) : x.v, bits, sgn);
}

struct kv tc_kv_promote(struct kv x)
{
	if (x.k == KV_INT && x.bits < 32)
		return tc_kv_conv_to(x, 32, 1);
	return x;
}

struct kv tc_kv_unknown(const char *why)
{
	struct kv r = { .k = KV_UNKNOWN, .why = why };

	return r;
}

/* ---- types (ctypes.h) ---- */

/* A field's type as the format file spells it, without const/volatile. */
const struct tc_ctype *tc_kv_field_ctype(const char *type)
{
	char buf[128];
	size_t n = 0;
	const char *p = type;

	while (*p && n + 1 < sizeof(buf)) {
		if (starts_with(p, "const ") || starts_with(p, "volatile ")) {
			p = strchr(p, ' ') + 1;
			continue;
		}
		buf[n++] = *p++;
	}
	buf[n] = '\0';
	if (starts_with(buf, "enum "))
		return tc_ctype_find("unsigned int"); /* width checked against size */
	return tc_ctype_find(buf);
}
