// SPDX-License-Identifier: MIT
/*
 * assign-str-mismatch: a string field filled with the wrong helper, from
 * the wrong source, or with the helper form the tree's kernel does not
 * have (../shared/spec/api-history.md, kernel-runtime-checks.md §3).
 *
 * Up to 6.8, __string(f, src) reserves strlen(src) + 1 bytes and
 * __assign_str(f, src2) strcpy()s src2 into them: a src2 longer than src
 * overruns the record, a shorter one leaves stale bytes.  6.9 keeps the
 * second argument only to WARN when it differs from the __string()
 * source; 6.10 removed it (a 2-argument __assign_str() no longer builds,
 * a 1-argument one never built before 6.9).  The pairs are fixed:
 * __string/__string_len with __assign_str (and, up to 6.8, __string_len
 * with __assign_str_len), __vstring with __assign_vstr, the __rel_
 * forms likewise.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A string field filled with the wrong helper (a __vstring() with\n"
		"__assign_str(), a __string_len() with __assign_str() up to 6.8, a __rel_\n"
		"field with a helper of the other family), a 2-argument __assign_str()\n"
		"whose source is not the __string() one, or an __assign_str() form the\n"
		"tree's kernel does not build: two arguments from 6.10, one before 6.9.\n"
		"The version is the tree's top Makefile's; outside a tree only the\n"
		"pairing and the source are checked.",
	.why =
		"Up to 6.8, __string(f, src) reserves strlen(src) + 1 bytes in the\n"
		"record and __assign_str(f, src2) strcpy()s src2 there: a longer src2\n"
		"overruns the event's slot in the ring buffer, a shorter one leaves stale\n"
		"bytes after the string. 6.9 only warns at run time when the two differ;\n"
		"6.10 dropped the second argument, so the other form does not build.",
	.kernel =
		"No 6.12 header has a mismatch (the rule finds none in the tree). 6.12's\n"
		"include/trace/stages/stage6_event_callback.h defines the one-argument\n"
		"__assign_str(dst), copying from the source __string() recorded; the rule\n"
		"catches a 2-argument __assign_str() in a patch against 6.12 before the\n"
		"build does.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__string(name, dev_name(dev))\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__assign_str(name);\t/* up to 6.9: __assign_str(name, dev_name(dev)) */\n"
		"),\n",
	.fix =
		"None.",
};

/* The helpers that may fill a field of kind k (NULL-terminated); v: the kernel, 0 unknown. */
static const char *const *helpers_for(enum tc_field_kind k, int v)
{
	static const char *const str[] = { "__assign_str", NULL };
	static const char *const str_len_old[] = { "__assign_str_len", "__assign_str", NULL };
	static const char *const vstr[] = { "__assign_vstr", NULL };
	static const char *const rel[] = { "__assign_rel_str", NULL };
	static const char *const rel_len_old[] = { "__assign_rel_str_len", "__assign_rel_str",
						   NULL };
	int old = !v || v < 0x609; /* unknown: either */

	switch (k) {
	case TC_F_STRING:
		return str;
	case TC_F_STRING_LEN:
		return old ? str_len_old : str;
	case TC_F_VSTRING:
		return vstr;
	case TC_F_REL_STRING:
		return rel;
	case TC_F_REL_STRING_LEN:
		return old ? rel_len_old : rel;
	default:
		return NULL;
	}
}

static int is_string_helper(const char *how)
{
	return how && (starts_with(how, "__assign_str") || starts_with(how, "__assign_rel_str") ||
		       starts_with(how, "__assign_vstr"));
}

/* Offset of line/col in text, or -1. */
static long offset_of(const char *text, unsigned line, unsigned col)
{
	unsigned l = 1;
	size_t i = 0;

	while (text[i] && l < line)
		l += text[i++] == '\n';
	if (l != line)
		return -1;
	return (long)(i + col - 1);
}

/* The arguments of the call at off (the helper's name): malloced texts, how many. */
static size_t call_args(const char *text, size_t off, char ***out)
{
	const char *p = strchr(text + off, '(');
	char **v = NULL;
	size_t nr = 0, alloc = 0;
	int depth = 0;

	*out = NULL;
	if (!p)
		return 0;
	const char *start = ++p, *end = p + strlen(p);
	for (; *p; p++) {
		if (*p == '"' || *p == '\'') {
			p += tc_cskip_literal(p, (size_t)(end - p), 0) - 1;
			continue;
		}
		if (*p == '(' || *p == '[' || *p == '{')
			depth++;
		else if ((*p == ')' || *p == ']' || *p == '}') && depth)
			depth--;
		else if ((*p == ',' && !depth) || *p == ')') {
			ALLOC_GROW(v, nr + 1, alloc);
			v[nr++] = xstrndup(start, (size_t)(p - start));
			if (*p == ')')
				break;
			start = p + 1;
		}
	}
	*out = v;
	return nr;
}

/* text without white space and one level of enclosing parentheses; malloced. */
static char *normal(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			strbuf_addch(&sb, *s);
	char *t = strbuf_detach(&sb);
	size_t n = strlen(t);
	if (n >= 2 && t[0] == '(' && t[n - 1] == ')') {
		int depth = 0, whole = 1;
		for (size_t i = 0; i < n - 1 && whole; i++) {
			depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
			whole = depth > 0;
		}
		if (whole) {
			memmove(t, t + 1, n - 2);
			t[n - 2] = '\0';
		}
	}
	return t;
}

static void check_field(struct tc_check *ck, const struct tc_header *h, const char *text, int v,
			const struct tc_field *f)
{
	const char *const *ok = helpers_for(f->kind, v);

	if (!ok)
		return;
	for (size_t i = 0; i < f->nr_writes; i++) {
		const struct tc_write *w = &f->writes[i];
		if (w->kind != TC_W_HELPER || !is_string_helper(w->how))
			continue;
		int fits = 0;
		for (size_t k = 0; ok[k]; k++)
			fits |= !strcmp(ok[k], w->how);
		if (!fits) {
			struct tc_diag *d = tc_report(ck, w->loc,
						      "field '%s' is declared with %s() but filled "
						      "with %s(): the helper that copies it is %s()",
						      f->name, tc_field_kind_name(f->kind), w->how,
						      ok[0]);
			tc_diag_note(d, f->loc, "'%s' is declared here", f->name);
			continue;
		}
		int two = starts_with(w->how, "__assign_str") || starts_with(w->how, "__assign_rel_str");
		if (two && !strstr(w->how, "_len") && v && v >= 0x60a && w->nargs >= 2) {
			tc_report(ck, w->loc,
				  "%s() takes one argument from 6.10 (this tree is %d.%d): the "
				  "2-argument form does not build",
				  w->how, v >> 8, v & 0xff);
			continue;
		}
		if (two && !strstr(w->how, "_len") && v && v < 0x609 && w->nargs == 1) {
			tc_report(ck, w->loc,
				  "%s() takes two arguments before 6.9 (this tree is %d.%d): the "
				  "1-argument form does not build",
				  w->how, v >> 8, v & 0xff);
			continue;
		}
		/* the 2-argument form: the source must be the __string() one */
		if (!two || w->nargs < 2 || !text || !f->extra || !*f->extra || !w->loc.file ||
		    (strcmp(w->loc.file, h->path) && strcmp(w->loc.file, h->abs_path)) ||
		    !w->loc.line)
			continue;
		long off = offset_of(text, w->loc.line, w->loc.col);
		char **args = NULL;
		size_t n = off >= 0 ? call_args(text, (size_t)off, &args) : 0;
		if (n >= 2) {
			char *a = normal(args[1]), *b = normal(f->extra);
			if (strcmp(a, b)) {
				struct tc_diag *d = tc_report(
					ck, w->loc,
					"%s() copies '%s' into '%s', whose room __string() reserved "
					"for '%s': %s",
					w->how, a, f->name, b,
					v && v >= 0x609 ? "6.9 WARNs when they differ"
							: "a longer string overruns the record, a "
							  "shorter one leaves stale bytes");
				tc_diag_note(d, f->loc, "'%s' is declared here with source '%s'", f->name,
					     b);
			}
			free(a);
			free(b);
		}
		free_strings(args, n);
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_class **cs = tc_used_classes(h, &n);

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < cs[i]->nr_fields; k++)
			check_field(ck, h, ck->ctx->text, ck->ctx->kernel_version, &cs[i]->fields[k]);
	free(cs);
}

const struct tc_rule rule_assign_str_mismatch = {
	.name = "assign-str-mismatch",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a string field filled with the wrong helper, from another source than its "
		   "__string(), or with an __assign_str() form the tree's kernel does not have",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_KERNEL_VERSION,
};
