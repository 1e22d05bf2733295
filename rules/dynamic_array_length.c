// SPDX-License-Identifier: MIT
/*
 * dynamic-array-length: a copy into a __dynamic_array() whose size or
 * condition disagrees with the array's length expression.
 *
 * The length of a __dynamic_array(type, item, len) is evaluated once,
 * before the record is reserved (trace_event_get_offsets_<call>()), and
 * the record holds len elements; TP_fast_assign() then copies into
 * __get_dynamic_array(item) whatever its own code says.  __sockaddr(item,
 * len) is a __dynamic_array(u8, item, len) and __assign_sockaddr(item,
 * src, len) a memcpy() into it.  The front end (assign.c) records each
 * copy's size argument and the innermost if/?: around it as written;
 * this rule compares them with the length, as text:
 *
 *  - length C ? N : 0 (0 when C is false) and a copy under !C, or length
 *    C ? 0 : N and a copy under C: the copy runs exactly where the array
 *    has no bytes (error);
 *  - the same length and a copy under no condition at all whose size is
 *    neither the length, nor __get_dynamic_array_len(), nor mentions C:
 *    it also runs where the array has no bytes (one level lower);
 *  - a size S and a length S / K (or S >> n) of elements of E bytes: the
 *    array holds (S / K) * E bytes; fewer than S when E < K (error), up
 *    to K - 1 fewer when E == K and S is not a multiple of K (a context
 *    note: callers may well pass only multiples of K, as thunderbolt's do);
 *  - a byte array of length L and a copy of L + K bytes, K > 0
 *    (strcpy() of SRC into a length strlen(SRC) is one: it writes the
 *    NUL too): K bytes past the array (error);
 *  - a length P->a (or P.a) and a copy of P->b bytes, another member of
 *    the same object, both plain member reads: one of the two is the
 *    larger, past the array or stale bytes at its end (error; nfsd's
 *    fh_verify events sized the server address by the remote one's).
 *
 * field-unassigned's side of it (a copy guarded by C where the length
 * is 0 when C is false is no conditional write) is not repeated here, nor
 * array-overflow's (__array() fields).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A copy into a __dynamic_array() (memcpy(), memset(), strcpy() ... into\n"
		"__get_dynamic_array(item)) whose size or condition disagrees with the\n"
		"array's length expression, compared as written: a length C ? N : 0 and\n"
		"a copy that runs only when C is false, where the array has no bytes; a\n"
		"length S / K (or S >> n) of elements smaller than K bytes and a copy of S\n"
		"bytes; a byte array of length L and a copy of L + K bytes, among them a\n"
		"strcpy() of SRC into a length strlen(SRC), which writes the NUL past it;\n"
		"a length P->a and a copy of P->b bytes, another member of the same\n"
		"object. __sockaddr() and __assign_sockaddr() are such an array and copy.\n"
		"Errors. One level lower: a length C ? N : 0 and a copy under no\n"
		"condition whose size is not the length, not __get_dynamic_array_len()\n"
		"and does not mention C. A context note, which never fails a run: a\n"
		"length S / K of K-byte elements and a copy of S bytes, up to K - 1\n"
		"bytes past the array unless every caller passes a multiple of K.",
	.why =
		"The record is reserved with exactly the bytes the length expressions\n"
		"ask for, computed before TP_fast_assign() runs: a copy larger than the\n"
		"length, or one that runs where the length is 0, writes over the next\n"
		"dynamic array or past the end of the event's slot in the ring buffer,\n"
		"and the reader decodes those bytes as the following fields or event. A\n"
		"copy smaller than the length leaves the array's tail as the ring buffer\n"
		"held it, bytes of earlier events that readers take for the data.",
	.kernel =
		"Fixed: fs/nfsd/trace.h nfsd_fh_verify and nfsd_fh_verify_err,\n"
		"__sockaddr(server, rqstp->rq_xprt->xpt_remotelen) filled by\n"
		"__assign_sockaddr(server, &rqstp->rq_xprt->xpt_local,\n"
		"rqstp->rq_xprt->xpt_locallen): over NFS/UDP xpt_remotelen stays 0 and\n"
		"every event wrote 16 or 28 bytes past the slot. \"nfsd: size fh_verify\n"
		"server sockaddr slot by xpt_locallen\" (Chris Mason, 2026; Fixes:\n"
		"051382885552 \"NFSD: Instrument fh_verify()\"), in 7.2, 6.12.118 and\n"
		"6.1.192. No error or warning in 6.12 or 7.2. The note, in both:\n"
		"drivers/thunderbolt/trace.h, tb_raw (tb_tx, tb_event) and tb_rx:\n"
		"__dynamic_array(u32, data, size / 4) and memcpy(__get_dynamic_array(data),\n"
		"data, size), safe because drivers/thunderbolt/ctl.c rejects sizes that\n"
		"are not multiples of 4. Modelled on the pattern the correct events follow:\n"
		"net/wireless/trace.h cfg80211_scan_done,\n"
		"__dynamic_array(u8, ie, request ? request->req.ie_len : 0) copied under\n"
		"if (request); include/trace/events/spi-mem.h, the copy sized by\n"
		"__get_dynamic_array_len(data).",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__dynamic_array(u8, ie, request ? request->ie_len : 0)\n"
		"\t__dynamic_array(u32, data, DIV_ROUND_UP(size, 4))\n"
		"\t__sockaddr(server, rqstp->rq_xprt->xpt_locallen)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\tif (request)\n"
		"\t\tmemcpy(__get_dynamic_array(ie), request->ie,\n"
		"\t\t       __get_dynamic_array_len(ie));\n"
		"\tmemcpy(__get_dynamic_array(data), data, size);\n"
		"\t__assign_sockaddr(server, &rqstp->rq_xprt->xpt_local,\n"
		"\t\t\t  rqstp->rq_xprt->xpt_locallen);\n"
		"),\n",
	.fix =
		"None: size the copy with __get_dynamic_array_len(item), or make the\n"
		"length and the copy's condition, or member, agree.",
};

/* s without blanks and without parentheses around all of it; malloced. */
static char *squeeze(const char *s)
{
	return tc_squeezed(s ? s : "", s ? strlen(s) : 0);
}

/* cond (squeezed), its negations peeled: the bare condition, *neg its sense. */
static char *bare(const char *cond, int *neg)
{
	char *r = squeeze(cond);

	*neg = 0;
	while (r[0] == '!' && r[1] != '=') {
		char *in = squeeze(r + 1);
		free(r);
		r = in;
		*neg = !*neg;
	}
	return r;
}

/* Does s hold word w (an identifier or expression) as a whole? */
static int mentions(const char *s, const char *w)
{
	size_t n = strlen(w);

	if (!n)
		return 0;
	for (const char *p = s; (p = strstr(p, w)); p++) {
		int before = p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
		int after = isalnum((unsigned char)p[n]) || p[n] == '_';
		if (!before && !after)
			return 1;
	}
	return 0;
}

/* A positive integer literal (decimal or hex, any u/l suffix): its value, else 0. */
static long long literal(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 0);

	while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
		end++;
	return *s && isdigit((unsigned char)*s) && !*end && v > 0 ? v : 0;
}

/* The size reads the array's own length: nothing to compare. */
static int own_length(const char *size, const char *item)
{
	char *a = xasprintf("__get_dynamic_array_len(%s)", item);
	char *b = xasprintf("__get_rel_dynamic_array_len(%s)", item);
	int yes = strstr(size, a) || strstr(size, b);

	free(a);
	free(b);
	return yes;
}

struct copy {
	struct tc_check *ck;
	const struct tc_class *c;
	const struct tc_field *f;
	const struct tc_write *w;
	const char *len;  /* the length, squeezed */
	const char *size; /* the copy's size, squeezed */
	long long el;	  /* the array's element size; -1 unknown */
};

static const char *ev(const struct tc_class *c)
{
	return c->nr_events > 1 ? " class" : "";
}

static void declared(struct tc_diag *d, const struct copy *x)
{
	tc_diag_note(d, x->f->loc, "'%s' is declared here with length %s", x->f->name,
		     x->f->len_text);
}

/* Length C ? N : 0 (or C ? 0 : N): the copy's condition against C. */
static int check_zero_side(const struct copy *x)
{
	char *c, *t, *e;
	int done = 0;

	if (!tc_split_ternary(x->len, &c, &t, &e))
		return 0;
	char *t0 = squeeze(t), *e0 = squeeze(e);
	int cneg;
	char *cb = bare(c, &cneg);
	/* the value of C (bare) for which the length is 0; -1: neither side is 0 */
	int zero_when = !strcmp(e0, "0") ? cneg : !strcmp(t0, "0") ? !cneg : -1;
	const char *nonzero = !strcmp(e0, "0") ? t0 : e0;
	const struct tc_write *w = x->w;

	if (zero_when < 0 || !strcmp(x->size, "0")) {
		/* not that form */
	} else if (w->cond_text) {
		int gneg;
		char *gb = bare(w->cond_text, &gneg);
		/* the copy runs when G (bare) is !gneg; G == C and that is where the length is 0 */
		if (!strcmp(gb, cb) && (!gneg) == zero_when) {
			struct tc_diag *d = tc_report(
				x->ck, w->loc,
				"%s() into dynamic array '%s' of event%s '%s' runs only when %s%s%s, "
				"where its length is 0: it writes %s bytes past the array",
				w->how, x->f->name, ev(x->c), x->c->name, zero_when ? "" : "!(",
				cb, zero_when ? "" : ")", x->size);
			declared(d, x);
			done = 1;
		}
		free(gb);
	} else if (!w->cond_depth && !w->in_loop && strcmp(x->size, nonzero) &&
		   !mentions(x->size, cb) && !mentions(cb, x->size)) {
		struct tc_diag *d = tc_report_lower(
			x->ck, w->loc,
			"%s() of %s bytes into dynamic array '%s' of event%s '%s' runs also when "
			"%s%s%s, where the array's length is 0",
			w->how, x->size, x->f->name, ev(x->c), x->c->name, zero_when ? "" : "!(", cb,
			zero_when ? "" : ")");
		declared(d, x);
		tc_diag_advise(d, w->loc, "copy under the length's condition, or copy "
					  "__get_dynamic_array_len(%s) bytes",
			       x->f->name);
		done = 1;
	}
	free(cb);
	free(c);
	free(t);
	free(e);
	free(t0);
	free(e0);
	return done;
}

/* Length S / K or S >> n of E-byte elements, a copy of S bytes. */
static int check_divided(const struct copy *x)
{
	const char *op = NULL;
	long long k = 0;
	int depth = 0;

	for (const char *p = x->len; *p && !op; p++) {
		depth += (*p == '(') - (*p == ')');
		if (!depth && (*p == '/' || (p[0] == '>' && p[1] == '>')))
			op = p;
	}
	if (x->el <= 0 || !op || op == x->len)
		return 0;
	if (*op == '/')
		k = literal(op + 1);
	else if (literal(op + 2) > 0 && literal(op + 2) < 31)
		k = 1LL << literal(op + 2);
	char *num = xstrndup(x->len, (size_t)(op - x->len)), *s = squeeze(num);
	int same = !strcmp(s, x->size);
	free(num);
	free(s);
	if (!same || k <= 1 || x->el > k)
		return 0;
	struct tc_diag *d;
	if (x->el < k)
		d = tc_report(x->ck, x->w->loc,
			      "%s() of %s bytes into dynamic array '%s' of event%s '%s', whose "
			      "length is %s elements of %lld byte%s: it holds %lld byte%s for "
			      "every %lld copied",
			      x->w->how, x->size, x->f->name, ev(x->c), x->c->name, x->f->len_text,
			      x->el, x->el == 1 ? "" : "s", x->el, x->el == 1 ? "" : "s", k);
	else
		d = tc_report_note(x->ck, x->w->loc,
				   "%s() of %s bytes into dynamic array '%s' of event%s '%s', whose "
				   "length is %s elements of %lld bytes: up to %lld byte%s past it "
				   "unless every caller passes a multiple of %lld",
				   x->w->how, x->size, x->f->name, ev(x->c), x->c->name,
				   x->f->len_text, k, k - 1, k == 2 ? "" : "s", k);
	declared(d, x);
	tc_diag_advise(d, x->f->loc, "round the length up: DIV_ROUND_UP(%s, %lld)", x->size, k);
	return 1;
}

/* A byte array of length L, a copy of L + K bytes. */
static int check_plus(const struct copy *x)
{
	size_t n = strlen(x->len);
	long long k;

	if (x->el != 1 || strncmp(x->size, x->len, n) || x->size[n] != '+' ||
	    !(k = literal(x->size + n + 1)))
		return 0;
	struct tc_diag *d = tc_report(x->ck, x->w->loc,
				      "%s() of %s bytes into dynamic array '%s' of event%s '%s', "
				      "whose length is %s: %lld byte%s past the array",
				      x->w->how, x->size, x->f->name, ev(x->c), x->c->name,
				      x->f->len_text, k, k == 1 ? "" : "s");
	declared(d, x);
	return 1;
}

/*
 * s is an access path, a name and then ->name or .name at least once:
 * where its last member's name begins (*plen: the bytes before it, its
 * -> or . included), else NULL.
 */
static const char *last_member(const char *s, size_t *plen)
{
	const char *p = s, *last = NULL;

	for (;;) {
		if (!isalpha((unsigned char)*p) && *p != '_')
			return NULL;
		if (p != s)
			last = p;
		while (isalnum((unsigned char)*p) || *p == '_')
			p++;
		if (!*p)
			break;
		if (p[0] == '-' && p[1] == '>')
			p += 2;
		else if (*p == '.')
			p++;
		else
			return NULL;
	}
	if (last)
		*plen = (size_t)(last - s);
	return last;
}

/* A length P->a, a copy of P->b bytes: two members of the same object. */
static int check_member(const struct copy *x)
{
	size_t ln, sn;
	const char *lm = last_member(x->len, &ln), *sm = last_member(x->size, &sn);

	if (!lm || !sm || ln != sn || strncmp(x->len, x->size, ln) || !strcmp(lm, sm))
		return 0;
	struct tc_diag *d = tc_report(
		x->ck, x->w->loc,
		"%s() of %s bytes into dynamic array '%s' of event%s '%s', whose length is %s, "
		"another member: where %s is the larger the copy runs past the array, where it is "
		"the smaller the array's tail keeps stale ring-buffer bytes",
		x->w->how, x->size, x->f->name, ev(x->c), x->c->name, x->len, sm);
	declared(d, x);
	tc_diag_advise(d, x->f->loc,
		       "size the array by %s, or copy __get_dynamic_array_len(%s) bytes",
		       x->size, x->f->name);
	return 1;
}

/* __sockaddr() and __rel_sockaddr() are dynamic arrays of bytes. */
static int is_dynamic_array(const struct tc_field *f)
{
	return f->kind == TC_F_DYNAMIC_ARRAY || f->kind == TC_F_REL_DYNAMIC_ARRAY ||
	       f->kind == TC_F_SOCKADDR || f->kind == TC_F_REL_SOCKADDR;
}

/* A copy with a size: memcpy() and the like, __assign_sockaddr() (a memcpy()). */
static int is_sized_copy(const struct tc_write *w)
{
	return (w->kind == TC_W_COPY || w->kind == TC_W_HELPER) && w->how && w->size_text &&
	       !w->at_element;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = cs[i];
		if (!c->assign_analyzed)
			continue;
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			if (!is_dynamic_array(f) || !f->len_text)
				continue;
			char *len = squeeze(f->len_text);
			for (size_t k = 0; k < f->nr_writes; k++) {
				const struct tc_write *w = &f->writes[k];
				/* a copy at an offset (&a[i], a + i) is not sized against the whole array */
				if (!is_sized_copy(w))
					continue;
				char *size = squeeze(w->size_text);
				long long el = f->kind == TC_F_SOCKADDR || f->kind == TC_F_REL_SOCKADDR ?
						       1 :
						       f->el_size;
				struct copy x = { ck, c, f, w, len, size, el };
				if (!own_length(size, f->name) && !check_zero_side(&x) &&
				    !check_divided(&x) && !check_plus(&x))
					check_member(&x);
				free(size);
			}
			free(len);
		}
	}
	free(cs);
}

const struct tc_rule rule_dynamic_array_length = {
	.name = "dynamic-array-length",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a copy into a __dynamic_array() larger than its length, or run where its "
		   "length is 0",
	.doc = &doc,
	.check = check,
};
