// SPDX-License-Identifier: MIT
/* The print fmt rendered as the kernel's vsnprintf() would, conversion by conversion. */
#include "keval_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- the format string ---- */

/* The length modifier of a conversion: bits read by va_arg(). */
static int conv_bits(const char *spec, size_t n, int *is_char_mod)
{
	int h = 0, l = 0, z = 0;

	*is_char_mod = 0;
	for (size_t i = 1; i + 1 < n; i++) {
		if (spec[i] == 'h')
			h++;
		else if (spec[i] == 'l' || spec[i] == 'L' || spec[i] == 'q')
			l++;
		else if (spec[i] == 'z' || spec[i] == 'Z' || spec[i] == 't' || spec[i] == 'j')
			z = 1;
	}
	if (l || z)
		return 64;
	if (h == 1)
		return 16;
	if (h >= 2) {
		*is_char_mod = 1;
		return 8;
	}
	return 32;
}

int tc_krender_conv(const struct tc_krecord *r, const struct tc_pconv *c, struct strbuf *out,
		    const char **why)
{
	const struct tc_fmtfile *ff = r->ff;
	const char *fmt = ff->fmt;
	struct ev e = { .r = r };
	int width = 0, prec = -1, ok = 0;
	char spec[64];
	size_t n = c->end - c->start;

	*why = "the conversion is not one tracecheck renders";
	if (!c->conv || c->first_arg + c->nr_args > ff->nr_args || n + 1 > sizeof(spec)) {
		*why = "the conversion has no argument";
		return 0;
	}
	memcpy(spec, fmt + c->start, n);
	spec[n] = '\0';
	size_t a = c->first_arg;
	if (c->width_star || c->prec_star) {
		for (int k = 0; k < c->width_star + c->prec_star; k++) {
			struct kv w = tc_keval_eval_arg(&e, ff->args[a++]);
			if (w.k != KV_INT) {
				*why = w.why ? w.why : "a width that is not a number";
				goto out;
			}
			if (k == 0 && c->width_star)
				width = (int)tc_kv_sval(&w);
			else
				prec = (int)tc_kv_sval(&w);
		}
	}
	struct kv x = tc_keval_eval_arg(&e, ff->args[a]);
	if (x.k == KV_UNKNOWN) {
		*why = x.why;
		goto out;
	}
	/* the spec without '*': width and precision given as numbers */
	char plain[96];
	{
		size_t o = 0;
		for (size_t i = 0; i < n && o + 24 < sizeof(plain); i++) {
			if (spec[i] == '*') {
				int v = (i > 0 && spec[i - 1] == '.') ? prec : width;
				o += (size_t)snprintf(plain + o, sizeof(plain) - o, "%d", v);
			} else {
				plain[o++] = spec[i];
			}
		}
		plain[o] = '\0';
	}
	char buf[4096];
	int is_char_mod;
	switch (c->conv) {
	case 'd':
	case 'i':
	case 'u':
	case 'x':
	case 'X':
	case 'o': {
		if (x.k != KV_INT) {
			*why = "a string printed as a number: the kernel prints its address";
			goto out;
		}
		int bits = conv_bits(spec, n, &is_char_mod);
		int sgn = c->conv == 'd' || c->conv == 'i';
		struct kv y =
			tc_kv_mkint(x.sgn ? (unsigned long long)tc_kv_sval(&x) : x.v, bits, sgn);
		/* print it as long long with the same flags */
		char ll[96];
		size_t o = 0;
		for (size_t i = 0; plain[i] && o + 4 < sizeof(ll); i++) {
			if (strchr("hlLqjzZt", plain[i]))
				continue;
			if (!plain[i + 1]) {
				ll[o++] = 'l';
				ll[o++] = 'l';
			}
			ll[o++] = plain[i];
		}
		ll[o] = '\0';
		if (sgn)
			snprintf(buf, sizeof(buf), ll, tc_kv_sval(&y));
		else
			snprintf(buf, sizeof(buf), ll, y.v);
		strbuf_addstr(out, buf);
		ok = 1;
		break;
	}
	case 'c': {
		if (x.k != KV_INT) {
			*why = "a string printed as a character";
			goto out;
		}
		unsigned char ch = (unsigned char)x.v;
		if (!ch) {
			*why = "a NUL character";
			goto out;
		}
		snprintf(buf, sizeof(buf), plain, ch);
		strbuf_addstr(out, buf);
		ok = 1;
		break;
	}
	case 's': {
		const char *s = NULL;
		char *tmp = NULL;
		if (x.k == KV_STR)
			s = x.s;
		else if (x.k == KV_BUF)
			s = tmp = xstrndup((const char *)x.p, (size_t)x.len);
		if (!s) {
			*why = "a number printed as a string: the kernel reads the memory it points to";
			goto out;
		}
		snprintf(buf, sizeof(buf), plain, s);
		free(tmp);
		strbuf_addstr(out, buf);
		ok = 1;
		break;
	}
	case 'p': {
		/*
		 * vsnprintf() skips every letter after %p; pointer() reads only
		 * the ones it knows (%pMpmk_len is %pM, then "_len").
		 */
		const char *ext0 = strchr(spec + 1, 'p') + 1;
		char ext[4] = "";
		if (ext0[0] == 'x')
			strcpy(ext, "x");
		else if (ext0[0] == 'M' || ext0[0] == 'm')
			snprintf(ext, sizeof(ext), "%c%s", ext0[0], ext0[1] == 'R' ? "R" : "");
		else if (ext0[0] == 'I' && ext0[1] == '4')
			strcpy(ext, "I4");
		else
			snprintf(ext, sizeof(ext), "%.3s", ext0);
		if (ext0[0] == 'M' && ext0[1] == 'F')
			strcpy(ext, "?"); /* %pMF: '-' separated, not rendered here */
		if (!strcmp(ext, "x") && x.k == KV_INT) {
			snprintf(buf, sizeof(buf), "%016llx", tc_kv_conv_to(x, 64, 0).v);
			strbuf_addstr(out, buf);
			ok = 1;
		} else if ((!strcmp(ext, "M") || !strcmp(ext, "MR") || !strcmp(ext, "m")) &&
			   x.k == KV_BUF && x.len >= 6) {
			for (int i = 0; i < 6; i++) {
				int k = ext[1] == 'R' ? 5 - i : i;
				strbuf_addf(out, "%s%02x", i && ext[0] == 'M' ? ":" : "", x.p[k]);
			}
			ok = 1;
		} else if (!strcmp(ext, "I4") && x.k == KV_BUF && x.len >= 4) {
			strbuf_addf(out, "%u.%u.%u.%u", x.p[0], x.p[1], x.p[2], x.p[3]);
			ok = 1;
		} else {
			*why = "the kernel's %p output depends on the running system";
		}
		break;
	}
	default:
		*why = "a conversion tracecheck does not render";
		break;
	}
out:
	tc_keval_ev_release(&e);
	return ok;
}

int tc_krender(const struct tc_krecord *r, struct strbuf *out)
{
	struct tc_pconv *cv;
	size_t n = tc_pconvs(r->ff->fmt, TC_PCONV_GNU, &cv), at = 0;
	const char *fmt = r->ff->fmt;
	int ok = 1;

	for (size_t i = 0; i <= n && ok; i++) {
		size_t end = i < n ? cv[i].start : strlen(fmt);
		for (size_t k = at; k < end; k++) {
			if (fmt[k] == '%' && fmt[k + 1] == '%')
				k++;
			strbuf_addch(out, fmt[k]);
		}
		if (i < n) {
			const char *why;
			ok = tc_krender_conv(r, &cv[i], out, &why);
			at = cv[i].end;
		}
	}
	free(cv);
	return ok;
}
