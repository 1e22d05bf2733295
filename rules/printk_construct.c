// SPDX-License-Identifier: MIT
/*
 * printk-construct: C constructs in the print fmt that libtraceevent's
 * parser rejects even where no function is called -- the static reason
 * for many of the events perf and trace-cmd print as [FAILED TO PARSE].
 *
 * The print fmt is TP_printk()'s arguments as text after macro
 * expansion, and libtraceevent (src/event-parse.c: process_arg(),
 * process_op(), process_paren(), process_sizeof()) parses a small part
 * of C: REC->field, numbers, strings, casts, the binary and unary - + ~
 * ! operators, ?:, [] and its helper functions.  Rejected in every
 * release, 1.7.1 to 1.9.0 (../shared/spec/user-space-parser.md §4, §8,
 * §10; src/uspace/umodel.c lists what changed between them): statement expressions and other braces ("bad op token {"),
 * unary & and * ("bad op token &"), '.' member access and '->' on
 * anything but REC ("unknown op"), a cast to a pointer to pointer or one
 * followed by '~' or '!' (the parenthesised type is read as an operand),
 * typeof() (taken for an unknown function), assignments, the comma
 * operator, sizeof() of anything but int, unsigned, long, long long,
 * unsigned long (long) and REC->field of a non-array field; sizeof() of
 * u8...u64, s8...s64, __u8...__u64, __s16...__s64 only from 1.8.4, and
 * a table of no values (__print_symbolic(x, { })) in none: these two are
 * gaps of libtraceevent, reported by the model's rule (a note when a
 * release --userspace selects parses it, one level lower when none
 * does).  Casts to types libtraceevent does not
 * name are accepted (it leaves the value unchanged), so they are not
 * reported here; what that changes in the output is printk-userspace's.
 *
 * One diagnostic per TP_printk() and origin: the constructs written in
 * the arguments themselves, or those a helper macro brings in (named,
 * with its definition); the other arguments with the same origin are
 * notes.  Where printk-call or printk-unsafe-deref already reports the
 * argument, the construct is a note of that diagnostic.  A
 * printk-custom-macro diagnostic whose every reason is such a construct
 * is replaced by this one (which offers its --fix); printk-userspace's
 * "cannot parse" verdict on the argument becomes a note.
 */
#include "rules.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "ctypes.h"
#include "fix.h"
#include "format.h"
#include "helpers.h"
#include "merge.h"
#include "strbuf.h"
#include "umodel.h"
#include "uspace.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() argument whose print fmt text has a C construct\n"
		"libtraceevent cannot parse, found from the text alone: a statement\n"
		"expression or other braces, unary & or *, '.' member access, '->' on\n"
		"anything but REC, a cast to a pointer to pointer or one followed by '~'\n"
		"or '!', typeof(), the GNU '?:', assignments, the comma operator, a\n"
		"malformed table, or sizeof() of a type libtraceevent does not know\n"
		"(sizeof(u64) and the other fixed-width types parse from 1.8.4, and a\n"
		"table of no values fails in every release: gaps of libtraceevent, a\n"
		"note when a release --userspace selects parses it, else one level\n"
		"lower). The diagnostic names the helper macro that brings the construct\n"
		"in; further arguments of the same TP_printk() with the same origin are\n"
		"notes. Where printk-call, printk-unsafe-deref or\n"
		"printk-foreign-identifier reports the argument, the construct is a note\n"
		"of theirs.",
	.why =
		"Every libtraceevent release, 1.7.1 to 1.9.0, rejects these constructs: perf\n"
		"and trace-cmd show the event as [FAILED TO PARSE], while the kernel,\n"
		"which compiled the same text, prints it.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: drivers/cxl/core/trace.h, the CXL\n"
		"event records print &__entry->hdr_uuid with %pUb (unary &); the format\n"
		"files of a booted 6.12 kernel for these events do not parse in\n"
		"libtraceevent.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__array(u8, hdr_uuid, 16)\n"
		"),\n"
		"TP_fast_assign(\n"
		"\tmemcpy(__entry->hdr_uuid, uuid, 16);\n"
		"),\n"
		"TP_printk(\"uuid=%pUb\", __entry->hdr_uuid)\n",
	.fix =
		"A construct a helper macro brings in is repaired as printk-custom-macro\n"
		"repairs such a macro: its value stored in a field at assign time and\n"
		"the field printed. Constructs written in the argument itself are left,\n"
		"with the reason.",
};

enum kind {
	K_STMT_EXPR,
	K_BRACE,
	K_ADDRESS,
	K_DEREF,
	K_MEMBER,
	K_ARROW,
	K_CAST,
	K_TYPEOF,
	K_ASSIGN,
	K_COMMA,
	K_SIZEOF,
	K_SIZEOF_FIXED, /* parses from 1.8.4 */
	K_ELVIS,	/* a ?: b */
	K_TABLE,	/* { }, a ',' before '}', a delimiter that is not one token */
	K_EMPTY_TABLE,	/* a table whose only entry is { }: no value at all */
};

struct construct {
	enum kind kind;
	char *text; /* the construct as the format file spells it (shortened) */
};

struct clist {
	struct construct *v;
	size_t nr, alloc;
};

static void clist_add(struct clist *l, enum kind k, char *text)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr].kind = k;
	l->v[l->nr].text = text;
	l->nr++;
}

static void clist_release(struct clist *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->v[i].text);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static int is(const struct tc_ctok *t, const char *s)
{
	return tc_ctok_is(t, s);
}

static int is_rec(const struct tc_ctok *t)
{
	return is(t, "REC") || is(t, "__entry");
}

/* The text of tokens [b, e), joined as written (spaces kept), shortened. */
static char *span(const char *base, const struct tc_ctok *t, size_t b, size_t e, size_t max)
{
	(void)base;
	if (b >= e)
		return xstrdup("");
	char *s = xstrndup(t[b].p, (size_t)(t[e - 1].p + t[e - 1].n - t[b].p));
	if (strlen(s) > max) {
		char *r = tc_shorten(s, max);
		free(s);
		return r;
	}
	return s;
}

/* The index of the token closing the bracket at i, or n. */
static size_t closing(const struct tc_ctok *t, size_t n, size_t i)
{
	int depth = 0;

	for (size_t j = i; j < n; j++) {
		if (is(&t[j], "(") || is(&t[j], "{") || is(&t[j], "["))
			depth++;
		else if (is(&t[j], ")") || is(&t[j], "}") || is(&t[j], "]"))
			if (--depth == 0)
				return j;
	}
	return n;
}

static const char *const type_words[] = {
	"void",	  "char",   "short",  "int",	    "long",	"unsigned", "signed",
	"struct", "union",  "enum",   "const",	    "volatile", "bool",	    "_Bool",
	"float",  "double", "typeof", "__typeof__", "__typeof",
};

/* Could tokens [b, e) be a type name (the inside of a cast)? */
static int type_like(const struct tc_ctok *t, size_t b, size_t e)
{
	int word = 0;

	if (b >= e)
		return 0;
	for (size_t i = b; i < e; i++) {
		if (is(&t[i], "*")) {
			word = 1;
			continue;
		}
		if (is(&t[i], "(") && i > b &&
		    (is(&t[i - 1], "typeof") || is(&t[i - 1], "__typeof__") ||
		     is(&t[i - 1], "__typeof"))) {
			i = closing(t, e, i);
			continue;
		}
		if (!tc_ctok_is_ident(&t[i]) || is_rec(&t[i]))
			return 0;
		for (size_t k = 0; k < ARRAY_SIZE(type_words); k++)
			word |= is(&t[i], type_words[k]);
		/* u8 ... s64, __u32, __le16, size_t, gfp_t ... */
		if ((t[i].n >= 2 && t[i].n <= 3 && strchr("us", t[i].p[0]) &&
		     isdigit((unsigned char)t[i].p[1])) ||
		    (t[i].n > 2 && !strncmp(t[i].p + t[i].n - 2, "_t", 2)) ||
		    !strncmp(t[i].p, "__u", 3) || !strncmp(t[i].p, "__s", 3) ||
		    !strncmp(t[i].p, "__le", 4) || !strncmp(t[i].p, "__be", 4))
			word = 1;
	}
	return word;
}

/* The field of the record called like token t, or NULL. */
static const struct tc_field *field_named(const struct tc_class *c, const struct tc_ctok *t)
{
	for (size_t i = 0; c && i < c->nr_fields; i++)
		if (tc_ctok_is(t, c->fields[i].name))
			return &c->fields[i];
	return NULL;
}

static int common_field(const struct tc_ctok *t)
{
	static const char *const common[] = { "common_type", "common_pid", "common_flags",
					      "common_preempt_count" };
	for (size_t i = 0; i < ARRAY_SIZE(common); i++)
		if (tc_ctok_is(t, common[i]))
			return 1;
	return 0;
}

/* Tokens [b, e) spell text (white space aside)? */
static int spells(const struct tc_ctok *t, size_t b, size_t e, const char *text)
{
	struct tc_ctok *u;
	size_t n = tc_ctokenize(text, &u);
	int same = n == e - b;

	for (size_t i = 0; same && i < n; i++)
		same = u[i].n == t[b + i].n && !strncmp(u[i].p, t[b + i].p, u[i].n);
	free(u);
	return same;
}

/*
 * sizeof's operand, tokens [b, e): 0 if every libtraceevent parses it,
 * K_SIZEOF_FIXED if 1.8.4 does, else K_SIZEOF.
 */
static int sizeof_verdict(const struct tc_header *h, const struct tc_class *c,
			  const struct tc_ctok *t, size_t b, size_t e)
{
	static const char *const all[][3] = {
		{ "int" },
		{ "unsigned" },
		{ "unsigned", "int" },
		{ "long" },
		{ "long", "long" },
		{ "unsigned", "long" },
		{ "unsigned", "long", "long" },
	};
	size_t n = e - b;
	const struct tc_ctype *ct = n == 1 ? tc_ctype_findn(t[b].p, t[b].n) : NULL;

	/* TRACE_DEFINE_SIZEOF(T): the kernel writes the number into the format file */
	for (size_t i = 0; h && i < h->nr_enums; i++)
		if (h->enums[i].is_sizeof && b >= 2 &&
		    (spells(t, b - 2, e + 1, h->enums[i].text) ||
		     spells(t, b, e, h->enums[i].text)))
			return 0;
	for (size_t i = 0; i < ARRAY_SIZE(all); i++) {
		size_t k = 0;
		while (k < 3 && all[i][k])
			k++;
		if (k != n)
			continue;
		int ok = 1;
		for (size_t j = 0; j < k; j++)
			ok &= is(&t[b + j], all[i][j]);
		if (ok)
			return 0;
	}
	/* process_sizeof() of 1.8.4 knows the kernel's fixed-width types ("__8" for __s8 is its typo) */
	if (ct && (ct->flags & TC_CT_KFIXED) && !is(&t[b], "__s8"))
		return K_SIZEOF_FIXED;
	if (n == 3 && is(&t[b], "REC") && is(&t[b + 1], "->")) {
		const struct tc_field *f = field_named(c, &t[b + 2]);
		if (common_field(&t[b + 2]))
			return 0;
		/* libtraceevent cannot take the size of an array field */
		if (f && f->kind != TC_F_ARRAY && !tc_field_kind_is_dynamic(f->kind))
			return 0;
		if (!f && (!c || !c->fields_known))
			return 0; /* not known: say nothing */
	}
	return K_SIZEOF;
}

/*
 * Tokens (open, comma) of a table helper's call hold no entry: the
 * value, and __print_flags()'s delimiter.
 */
static int empty_only(const struct tc_ctok *t, size_t open, size_t comma)
{
	for (size_t j = open + 1; j < comma; j++)
		if (is(&t[j], "{"))
			return 0;
	return 1;
}

/* The postfix expression ending at token i (for '.' and '->'), as text. */
static size_t operand_start(const struct tc_ctok *t, size_t i)
{
	size_t b = i;

	while (b > 0) {
		const struct tc_ctok *p = &t[b - 1];
		if (tc_ctok_is_ident(p) || is(p, "->") || is(p, ".")) {
			b--;
		} else if (is(p, ")") || is(p, "]")) {
			/* back to the matching opening bracket */
			int depth = 0;
			size_t j = b - 1;
			for (;;) {
				if (is(&t[j], ")") || is(&t[j], "]"))
					depth++;
				else if (is(&t[j], "(") || is(&t[j], "["))
					depth--;
				if (!depth || !j)
					break;
				j--;
			}
			b = j;
		} else {
			break;
		}
	}
	return b;
}

enum pk { P_GROUP, P_CALL, P_TABLE, P_BRACE };

/*
 * The constructs of one argument (REC-> or __entry-> spelling); c gives
 * the fields for sizeof(REC->f), may be NULL.
 */
static void scan(const char *expr, const struct tc_header *h, const struct tc_class *c,
		 struct clist *out)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(expr, &t);
	struct {
		enum pk kind;
		size_t open;
	} *stack = xcalloc(n + 1, sizeof(*stack));
	size_t sp = 0;
	int in_table = 0;
	size_t cast_close = (size_t)-1; /* the ')' of the cast just before, if any */

	for (size_t i = 0; i < n; i++) {
		const struct tc_ctok *s = &t[i];
		const struct tc_ctok *prev = i ? &t[i - 1] : NULL;
		int after_cast = i && cast_close == i - 1;
		int unary_pos = !prev || after_cast || !tc_uspace_operand_end(prev);

		if (is(s, "(") && i + 1 < n && is(&t[i + 1], "{")) {
			size_t e = closing(t, n, i);
			clist_add(out, K_STMT_EXPR, span(expr, t, i, e < n ? e + 1 : n, 40));
			i = e;
			continue;
		}
		if (is(s, "sizeof")) {
			if (i + 1 < n && is(&t[i + 1], "(")) {
				size_t e = closing(t, n, i + 1);
				int v = e < n ? sizeof_verdict(h, c, t, i + 2, e) : K_SIZEOF;
				if (v)
					clist_add(out, (enum kind)v,
						  span(expr, t, i, e < n ? e + 1 : n, 60));
				i = e;
			} else {
				clist_add(out, K_SIZEOF,
					  span(expr, t, i, i + 2 < n ? i + 2 : n, 60));
			}
			continue;
		}
		if ((is(s, "typeof") || is(s, "__typeof__") || is(s, "__typeof")) && i + 1 < n &&
		    is(&t[i + 1], "(")) {
			size_t e = closing(t, n, i + 1);
			clist_add(out, K_TYPEOF, span(expr, t, i, e < n ? e + 1 : n, 60));
			i = e;
			continue;
		}
		if (is(s, "(")) {
			enum pk k = P_GROUP;
			if (prev && tc_ctok_is_ident(prev))
				k = tc_uspace_table_helper(prev) ? P_TABLE : P_CALL;
			if (k == P_TABLE) {
				in_table++;
				if (is(prev, "__print_flags") || is(prev, "__print_flags_u64")) {
					/* the delimiter: the second argument, one string or name */
					size_t e = closing(t, n, i), a1 = 0, a2 = 0;
					int depth = 0;
					for (size_t j = i + 1; j < e && !a2; j++) {
						if (is(&t[j], "(") || is(&t[j], "{") ||
						    is(&t[j], "["))
							depth++;
						else if (is(&t[j], ")") || is(&t[j], "}") ||
							 is(&t[j], "]"))
							depth--;
						else if (!depth && is(&t[j], ","))
							a1 ? (void)(a2 = j) : (void)(a1 = j);
					}
					if (a1 && a2 && a2 != a1 + 2) {
						char *d = span(expr, t, a1 + 1, a2, 30);
						clist_add(out, K_TABLE,
							  xasprintf("delimiter '%s'", d));
						free(d);
					}
				}
			}
			stack[sp].kind = k;
			stack[sp++].open = i;
			continue;
		}
		if (is(s, ")")) {
			if (!sp)
				continue;
			sp--;
			if (stack[sp].kind == P_TABLE)
				in_table--;
			if (stack[sp].kind == P_GROUP && type_like(t, stack[sp].open + 1, i)) {
				size_t b = stack[sp].open;
				int stars = 0;
				cast_close = i;
				for (size_t j = b + 1; j + 1 < i; j++)
					stars |= is(&t[j], "*") && is(&t[j + 1], "*");
				if (i + 1 < n && (is(&t[i + 1], "~") || is(&t[i + 1], "!")))
					clist_add(out, K_CAST, span(expr, t, b, i + 2, 60));
				else if (stars)
					clist_add(out, K_CAST, span(expr, t, b, i + 1, 60));
			}
			continue;
		}
		if (is(s, "{")) {
			if (!in_table) {
				size_t e = closing(t, n, i);
				clist_add(out, K_BRACE, span(expr, t, i, e < n ? e + 1 : n, 40));
				i = e;
				continue;
			}
			stack[sp].kind = P_BRACE;
			stack[sp++].open = i;
			continue;
		}
		if (is(s, "}")) {
			/* a table of nothing: __print_symbolic(x, { }) */
			if (in_table && prev && is(prev, "{") && i >= 3 && is(&t[i - 2], ",") &&
			    i + 1 < n && is(&t[i + 1], ")") && sp >= 2 &&
			    stack[sp - 2].kind == P_TABLE &&
			    empty_only(t, stack[sp - 2].open, i - 2))
				clist_add(out, K_EMPTY_TABLE, xstrdup("{ }"));
			else if (in_table && prev && (is(prev, ",") || is(prev, "{")))
				clist_add(out, K_TABLE,
					  xstrdup(is(prev, ",") ? "entry ', }'" : "entry '{ }'"));
			if (sp)
				sp--;
			continue;
		}
		if (is(s, "?") && i + 1 < n && is(&t[i + 1], ":")) {
			clist_add(out, K_ELVIS, span(expr, t, operand_start(t, i), i + 2, 40));
			i++;
			continue;
		}
		if (is(s, "&") && unary_pos) {
			size_t e = i + 1;
			while (e < n && !is(&t[e], ",") && !is(&t[e], ")") && e < i + 4)
				e++;
			clist_add(out, K_ADDRESS, span(expr, t, i, e, 40));
		} else if (is(s, "*") && unary_pos &&
			   !(i + 1 < n && (is(&t[i + 1], ")") || is(&t[i + 1], "*")))) {
			/* not the second '*' of a cast's 'char **' */
			size_t e = i + 1;
			while (e < n && !is(&t[e], ",") && !is(&t[e], ")") && e < i + 4)
				e++;
			clist_add(out, K_DEREF, span(expr, t, i, e, 40));
		} else if (is(s, ".") || is(s, "->")) {
			int rec = is(s, "->") && tc_uspace_rec_arrow(t, i);
			if (!rec) {
				size_t b = operand_start(t, i);
				char *x = span(expr, t, b, i + 2 <= n ? i + 2 : n, 60);
				clist_add(out, is(s, ".") ? K_MEMBER : K_ARROW, x);
			}
		} else if (tc_uspace_assign_op(s)) {
			clist_add(out, K_ASSIGN, xstrndup(s->p, s->n));
		} else if (is(s, ",") && sp && stack[sp - 1].kind == P_GROUP) {
			clist_add(out, K_COMMA, xstrdup(","));
		}
	}
	free(stack);
	free(t);
}

/* What it is, for the message: "a statement expression '({ ... })'". */
static char *describe(const struct construct *x)
{
	switch (x->kind) {
	case K_STMT_EXPR:
		return xstrdup("a statement expression '({ ... })'");
	case K_BRACE:
		return xasprintf("the braces '%s' (an initializer or compound literal)", x->text);
	case K_ADDRESS:
		return xasprintf("the unary '&' in '%s'", x->text);
	case K_DEREF:
		return xasprintf("the unary '*' in '%s'", x->text);
	case K_MEMBER:
		return xasprintf("the '.' member access '%s'", x->text);
	case K_ARROW:
		return xasprintf("the '->' in '%s' (not on REC)", x->text);
	case K_CAST:
		return xasprintf("the cast '%s'", x->text);
	case K_TYPEOF:
		return xasprintf("'%s'", x->text);
	case K_ASSIGN:
		return xasprintf("the assignment operator '%s'", x->text);
	case K_COMMA:
		return xstrdup("the comma operator");
	case K_SIZEOF:
		return xasprintf("'%s' (of a type libtraceevent does not know)", x->text);
	case K_SIZEOF_FIXED:
		return xasprintf("'%s'", x->text);
	case K_ELVIS:
		return xasprintf("the GNU '?:' in '%s'", x->text);
	case K_TABLE:
		return xasprintf("the table %s", x->text);
	case K_EMPTY_TABLE:
		return xstrdup("a table of no values, '{ }'");
	}
	return xstrdup("?");
}

/* What libtraceevent does with it, for a note. */
static const char *explain(enum kind k)
{
	switch (k) {
	case K_STMT_EXPR:
	case K_BRACE:
		return "libtraceevent 1.7.1 to 1.9.0 reject '{' outside __print_flags()/"
		       "__print_symbolic() tables ('bad op token {')";
	case K_ADDRESS:
		return "libtraceevent 1.7.1 to 1.9.0 reject the unary '&' ('bad op token &'); "
		       "after a cast they read it as a binary '&' of the type name, which is 0";
	case K_DEREF:
		return "libtraceevent 1.7.1 to 1.9.0 reject the unary '*' ('bad op token *'); "
		       "after a cast they read it as a multiplication by the type name, which is 0";
	case K_MEMBER:
		return "libtraceevent 1.7.1 to 1.9.0 reject '.' member access ('unknown op .')";
	case K_ARROW:
		return "libtraceevent 1.7.1 to 1.9.0 only understand '->' directly after REC "
		       "(a record field), not after a cast, a field or an index";
	case K_CAST:
		return "libtraceevent 1.7.1 to 1.9.0 read a parenthesised type followed by '~' or "
		       "'!' as an operand followed by an unknown operator, and reject '**' in a "
		       "cast ('bad op token *')";
	case K_TYPEOF:
		return "libtraceevent 1.7.1 to 1.9.0 take typeof for a function they do not know "
		       "('function typeof not defined')";
	case K_ASSIGN:
		return "libtraceevent 1.7.1 to 1.9.0 reject assignment and increment operators";
	case K_COMMA:
		return "libtraceevent 1.7.1 to 1.9.0 reject the comma operator inside parentheses";
	case K_SIZEOF:
		return "libtraceevent's sizeof() knows int, unsigned (int), long (long), unsigned "
		       "long (long), u8 ... s64 (from 1.8.4) and REC->field of a non-array field; "
		       "anything else fails in every release, 1.7.1 to 1.9.0";
	case K_ELVIS:
		return "libtraceevent 1.7.1 to 1.9.0 reject the GNU 'a ?: b' ('bad op token :')";
	case K_TABLE:
		return "libtraceevent 1.7.1 to 1.9.0 read a __print_flags()/__print_symbolic() "
		       "table as '{ value, \"name\" }' entries separated by commas, after a "
		       "delimiter that is one string: an empty entry, a comma before '}' or a "
		       "delimiter such as NULL fail ('bad op token }')";
	case K_SIZEOF_FIXED:
		return "libtraceevent parses sizeof() of u8 ... u64, s8 ... s64 and __u8 ... __u64 "
		       "only from 1.8.4; 1.7.1 (Debian 12) to 1.8.3 fail on it";
	case K_EMPTY_TABLE:
		return "libtraceevent 1.7.1 to 1.9.0 expect a '{ value, \"name\" }' entry after the "
		       "value ('bad op token }'); the kernel prints the value in hex";
	}
	return "";
}

/* ---- one TP_printk() ---- */


/* An argument as written (a raw argument) with its constructs. */
struct rawarg {
	size_t first;			/* its first print argument */
	const struct tc_macro_use *via; /* the macro that brings them in, NULL if written */
	struct clist cs;
	int group; /* index of the diagnostic it belongs to */
};

/* The class whose print pk is, or that of the event printing it. */
static const struct tc_class *class_of(const struct tc_header *h, const struct tc_printk *pk)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (&h->classes[i]->print == pk)
			return h->classes[i];
	for (size_t i = 0; i < h->nr_events; i++)
		if (&h->events[i]->own_print == pk)
			return h->events[i]->cls;
	return NULL;
}

/* Constructs of the expansion that the argument as written does not have. */
static void introduced(const struct clist *exp, const struct clist *raw, struct clist *out)
{
	unsigned char *used = xcalloc(raw->nr + 1, 1);

	for (size_t i = 0; i < exp->nr; i++) {
		int matched = 0;
		for (size_t j = 0; j < raw->nr && !matched; j++) {
			/* __entry-> in the raw text is REC-> in the expansion */
			if (!used[j] && raw->v[j].kind == exp->v[i].kind) {
				used[j] = 1;
				matched = 1;
			}
		}
		if (!matched)
			clist_add(out, exp->v[i].kind, xstrdup(exp->v[i].text));
	}
	free(used);
}

/* A token of the construct's kind, to look for in a macro's body. */
static const char *key_of(enum kind k)
{
	switch (k) {
	case K_STMT_EXPR:
	case K_BRACE:
		return "{";
	case K_ADDRESS:
		return "&";
	case K_DEREF:
		return "*";
	case K_MEMBER:
		return ".";
	case K_ARROW:
		return "->";
	case K_TYPEOF:
		return "typeof";
	case K_ASSIGN:
		return "=";
	case K_COMMA:
		return ",";
	case K_SIZEOF:
	case K_SIZEOF_FIXED:
		return "sizeof";
	case K_ELVIS:
		return "?";
	case K_CAST:
	case K_TABLE:
	case K_EMPTY_TABLE:
		return "(";
	}
	return "";
}

/*
 * Does the body of macro m (read from where it is defined) hold a token
 * of one of the constructs in l?  Several macros can be written in one
 * argument (binder's _IOC_NR() and ARRAY_SIZE()): the one to name is the
 * one that brings the construct in.
 */
static int defines_construct(struct tc_check *ck, const struct tc_macro_use *m,
			     const struct clist *l)
{
	const char *text = m->def_loc.file ? tc_ctx_file(ck, m->def_loc.file, NULL) : NULL;
	struct strbuf body = STRBUF_INIT;
	unsigned no = 0;
	int found = 0;

	if (!text)
		return 0;
	for (const char *line = text; *line;) {
		const char *nl = strchrnul(line, '\n');
		size_t len = (size_t)(nl - line) + (*nl == '\n');
		const char *next = line + len;
		if (++no < m->def_loc.line) {
			line = next;
			continue;
		}
		strbuf_add(&body, line, len);
		while (len && isspace((unsigned char)line[len - 1]))
			len--;
		if (!len || line[len - 1] != '\\' || body.len > 16384)
			break;
		line = next;
	}
	/* the body: after the name and its parameters */
	const char *b = body.buf ? strstr(body.buf, m->name) : NULL;
	if (b) {
		b += strlen(m->name);
		if (*b == '(')
			b = strchr(b, ')');
	}
	if (b) {
		struct tc_ctok *t;
		size_t n = tc_ctokenize(b + 1, &t);
		for (size_t i = 0; i < n && !found; i++)
			for (size_t k = 0; k < l->nr && !found; k++)
				found = tc_ctok_is(&t[i], key_of(l->v[k].kind));
		free(t);
	}
	strbuf_release(&body);
	return found;
}

/* The model's fact of a construct some libtraceevent releases parse (umodel.h), or NULL. */
static const struct tc_ufact *gap_of(enum kind k)
{
	return k == K_SIZEOF_FIXED ? &tc_ufacts[TC_UF_SIZEOF_FIXED]
	       : k == K_EMPTY_TABLE ? &tc_ufacts[TC_UF_EMPTY_TABLE]
				    : NULL;
}

/*
 * "the statement expression '...' and the unary '&' of '...'"; *gap the
 * model's fact when every construct is a gap of libtraceevent (the
 * first's), else NULL.
 */
static char *describe_all(const struct clist *l, const struct tc_ufact **gap)
{
	struct strbuf sb = STRBUF_INIT;
	char **u = xcalloc(l->nr + 1, sizeof(*u));
	size_t nu = 0;

	*gap = l->nr ? gap_of(l->v[0].kind) : NULL;
	for (size_t i = 0; i < l->nr; i++) {
		int dup = 0;
		for (size_t j = 0; j < i; j++)
			dup |= l->v[j].kind == l->v[i].kind;
		if (!gap_of(l->v[i].kind))
			*gap = NULL;
		if (!dup)
			u[nu++] = describe(&l->v[i]);
	}
	for (size_t i = 0; i < nu; i++) {
		if (i)
			strbuf_addstr(&sb, i + 1 == nu ? " and " : ", ");
		strbuf_addstr(&sb, u[i]);
		free(u[i]);
	}
	free(u);
	return strbuf_detach(&sb);
}

/* The releases of sel that fail on a gap's construct (every one for the header's). */
static char *fails_text(const struct tc_ufact *gap, tc_uset sel)
{
	return tc_uset_text(gap ? gap->fails & sel : sel, sel);
}

static void report_group(struct tc_check *ck, const struct tc_printk *pk, struct rawarg *ra,
			 size_t nra, int g)
{
	struct rawarg *first = NULL;
	struct clist all = { 0 };

	for (size_t i = 0; i < nra; i++) {
		if (ra[i].group != g)
			continue;
		if (!first)
			first = &ra[i];
		for (size_t k = 0; k < ra[i].cs.nr; k++)
			clist_add(&all, ra[i].cs.v[k].kind, xstrdup(ra[i].cs.v[k].text));
	}
	if (!first) {
		clist_release(&all);
		return;
	}
	const struct tc_printk_arg *a = &pk->args[first->first];
	const struct tc_macro_use *m = first->via;
	const struct tc_ufact *gap;
	char *what = describe_all(&first->cs, &gap);
	tc_uset sel = ck->h->userspace ? ck->h->userspace : tc_uset_default();
	enum tc_severity gap_sev = ck->severity;
	/* a construct some releases parse: whose problem it is depends on those judged */
	if (gap && !tc_ufact_severity(gap, sel, ck->severity, &gap_sev)) {
		free(what);
		clist_release(&all);
		return;
	}
	char *exp = tc_shorten(a->expanded, 200);
	char *raw = tc_shorten(a->raw, 80);
	struct tc_diag *d;
	char *tail = NULL;
	if (gap) {
		char *who = fails_text(gap, sel);
		int fix = tc_uset_fixed_in(gap->fails);
		tail = xasprintf("libtraceevent %s cannot parse, so perf and trace-cmd print the "
				 "event as [FAILED TO PARSE] there%s%s%s%s",
				 who, fix >= 0 && (sel & ~gap->fails) ? "; " : "",
				 fix >= 0 && (sel & ~gap->fails) ? tc_ureleases[fix].name : "",
				 fix >= 0 && (sel & ~gap->fails) ? " and later parse it" : "",
				 tc_ufact_blame(gap));
		free(who);
	} else {
		tail = xstrdup("libtraceevent cannot parse: perf and trace-cmd print the event as "
			       "[FAILED TO PARSE]");
	}

	if (m)
		d = tc_report(ck, m->loc,
			      "TP_printk() argument uses macro '%s', which the format file records "
			      "as '%s': it has %s",
			      m->name, exp, what);
	else
		d = tc_report(ck, a->loc, "TP_printk() argument '%s' has %s", raw, what);
	free(raw);
	if (gap)
		d->severity = gap_sev;
	/*
	 * Another static rule's finding on the argument (printk-call,
	 * printk-unsafe-deref, printk-foreign-identifier, printk-custom-macro
	 * with reasons of its own) takes this one in as a note; this one
	 * takes printk-userspace's "cannot parse" and printk-custom-macro's
	 * finding on the arguments of the group (merge.c, P4-P6).
	 */
	char *who = fails_text(gap, sel);
	d->brief = xasprintf("the argument also has %s, which libtraceevent %s cannot parse", what,
			     who);
	free(who);
	for (size_t i = 0; i < nra; i++) {
		const struct tc_printk_arg *b = &pk->args[ra[i].first];
		if (ra[i].group != g || b->raw_index == a->raw_index)
			continue;
		const struct tc_ufact *g;
		char *w = describe_all(&ra[i].cs, &g);
		char *gw = fails_text(g, sel);
		char *brief = xasprintf("the argument also has %s, which libtraceevent %s cannot "
					"parse",
					w, gw);
		free(gw);
		tc_diag_covers(d, (long)b->raw_index, ra[i].via ? ra[i].via->loc : b->loc, brief);
		free(brief);
		free(w);
	}
	free(what);
	free(exp);
	/* the message ends with who fails on it */
	char *msg = xasprintf("%s, which %s", d->msg, tail);
	free(d->msg);
	free(tail);
	d->msg = msg;
	struct tc_loc at = m ? m->loc : a->loc;
	for (size_t i = 0; i < all.nr; i++) {
		int dup = 0;
		for (size_t j = 0; j < i; j++)
			dup |= all.v[j].kind == all.v[i].kind;
		if (!dup)
			tc_diag_note(d, at, "%s", explain(all.v[i].kind));
	}
	if (!m && !tc_same_arg_text(a->raw, a->expanded))
		tc_diag_note(d, a->loc, "the format file records the argument as '%s'",
			     a->expanded);
	if (m && m->def_loc.file)
		tc_diag_note(d, m->def_loc, "macro '%s' is defined here", m->name);
	/* the other arguments of the group */
	size_t others = 0;
	for (size_t i = 0; i < nra; i++) {
		if (ra[i].group != g || &ra[i] == first)
			continue;
		const struct tc_printk_arg *b = &pk->args[ra[i].first];
		const struct tc_ufact *g;
		char *w = describe_all(&ra[i].cs, &g);
		if (others++ < 8) {
			if (m)
				tc_diag_note(d, ra[i].via ? ra[i].via->loc : b->loc,
					     "'%s' is used here too, with %s", m->name, w);
			else {
				char *br = tc_shorten(b->raw, 80);
				tc_diag_note(d, b->loc, "argument '%s' has %s too", br, w);
				free(br);
			}
		}
		free(w);
	}
	if (others > 8)
		tc_diag_note(d, at, "and %zu more argument%s like these", others - 8,
			     others - 8 == 1 ? "" : "s");
	int field_address = 0;
	for (size_t i = 0; i < all.nr; i++)
		field_address |= all.v[i].kind == K_ADDRESS && !strncmp(all.v[i].text, "&REC->", 6);
	int cast_op = 0, cast_pp = 0, only_syntax = 1, table = 0, elvis = 0;
	for (size_t i = 0; i < all.nr; i++) {
		cast_op |= all.v[i].kind == K_CAST && !strstr(all.v[i].text, "**");
		cast_pp |= all.v[i].kind == K_CAST && strstr(all.v[i].text, "**");
		table |= all.v[i].kind == K_TABLE;
		elvis |= all.v[i].kind == K_ELVIS;
		only_syntax &= all.v[i].kind == K_TABLE || all.v[i].kind == K_ELVIS;
	}
	if (table)
		tc_diag_advise(d, at,
			       "write the table as libtraceevent reads it: '{ value, \"name\" }' "
			       "entries, none empty, no comma before '}', and a string as "
			       "__print_flags()'s delimiter (\"\" for none)");
	if (elvis)
		tc_diag_advise(d, at, "write 'a ? a : b' for 'a ?: b'");
	if (only_syntax)
		;
	else if (cast_pp && !cast_op)
		tc_diag_advise(d, at,
			       "cast to a type with one '*' (void *) or to unsigned long: "
			       "libtraceevent reads a single '*' in a cast");
	else if (cast_op)
		tc_diag_advise(d, at,
			       "put the operand in parentheses: libtraceevent reads '(type)(~x)' "
			       "as a cast");
	else if (field_address)
		tc_diag_advise(
			d, at,
			"a %%p conversion needs the field's address in the kernel, while user "
			"space reads the field itself: declare the field as an array "
			"(__array(u8, name, N)), which C passes as its address without '&', or "
			"print its value with a number conversion");
	else
		tc_diag_advise(d, at,
			       "record the value at assign time in a field of its own and "
			       "print that field");
	clist_release(&all);
}

static void check_printk(struct tc_check *ck, const struct tc_header *h, const struct tc_printk *pk)
{
	const struct tc_class *c = class_of(h, pk);
	struct rawarg *ra = NULL;
	size_t nra = 0, alloc = 0;

	/* the print arguments by the argument as written they come from */
	for (size_t k = 0; k < pk->nr_args; k++) {
		const struct tc_printk_arg *a = &pk->args[k];
		struct clist e = { 0 };
		struct rawarg *r = NULL;
		if (!a->expanded)
			continue;
		scan(a->expanded, h, c, &e);
		for (size_t i = 0; i < nra && !r; i++)
			if (pk->args[ra[i].first].raw_index == a->raw_index)
				r = &ra[i];
		if (!e.nr) {
			clist_release(&e);
			continue;
		}
		if (!r) {
			ALLOC_GROW(ra, nra + 1, alloc);
			r = &ra[nra++];
			memset(r, 0, sizeof(*r));
			r->first = k;
			r->group = -1;
		}
		for (size_t i = 0; i < e.nr; i++) {
			clist_add(&r->cs, e.v[i].kind, e.v[i].text);
			e.v[i].text = NULL;
		}
		free(e.v);
	}
	/* which come from a macro */
	for (size_t i = 0; i < nra; i++) {
		const struct tc_printk_arg *a = &pk->args[ra[i].first];
		struct clist w = { 0 }, in = { 0 };
		scan(a->raw, h, c, &w);
		introduced(&ra[i].cs, &w, &in);
		for (size_t j = 0; in.nr && j < a->nr_macros && !ra[i].via; j++)
			if (!a->macros[j].standard && defines_construct(ck, &a->macros[j], &in))
				ra[i].via = &a->macros[j];
		for (size_t j = 0; in.nr && j < a->nr_macros && !ra[i].via; j++)
			if (!a->macros[j].standard)
				ra[i].via = &a->macros[j];
		clist_release(&w);
		clist_release(&in);
	}
	/* one diagnostic per origin: written, or each macro */
	int ng = 0;
	for (size_t i = 0; i < nra; i++) {
		if (ra[i].group != -1)
			continue;
		ra[i].group = ng;
		for (size_t j = i + 1; j < nra; j++) {
			if (ra[j].group != -1)
				continue;
			int same = ra[i].via
					   ? ra[j].via && !strcmp(ra[i].via->name, ra[j].via->name)
					   : !ra[j].via;
			/* a construct some releases parse stays apart from the rest */
			const struct tc_ufact *fi, *fj;
			free(describe_all(&ra[i].cs, &fi));
			free(describe_all(&ra[j].cs, &fj));
			if (same && fi == fj)
				ra[j].group = ng;
		}
		ng++;
	}
	for (int g = 0; g < ng; g++)
		report_group(ck, pk, ra, nra, g);
	for (size_t i = 0; i < nra; i++)
		clist_release(&ra[i].cs);
	free(ra);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);

	for (size_t i = 0; i < n; i++)
		if (ps[i]->present)
			check_printk(ck, h, ps[i]);
	free(ps);
}

/*
 * --fix: a construct a helper macro brings in is repaired as
 * printk-custom-macro repairs such a macro, its value stored in a field
 * at assign time (tc_fix_macro_arg()); constructs written in the
 * argument are left.
 */
static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	return tc_fix_macro_arg(fx, d);
}

const struct tc_rule rule_printk_construct = {
	.name = "printk-construct",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() argument has a C construct libtraceevent cannot parse "
		   "(statement expression, unary &, '.', '->' off REC, sizeof of a type ...)",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.fix = fix,
};
