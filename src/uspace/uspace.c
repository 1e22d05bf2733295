// SPDX-License-Identifier: MIT
#include "uspace.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "helpers.h"
#include "util.h"

int tc_uspace_operand_end(const struct tc_ctok *t)
{
	return tc_ctok_is_ident(t) || isdigit((unsigned char)t->p[0]) || t->p[0] == '"' ||
	       t->p[0] == '\'' || tc_ctok_is(t, ")") || tc_ctok_is(t, "]");
}

int tc_uspace_table_helper(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "__print_flags") || tc_ctok_is(t, "__print_symbolic") ||
	       tc_ctok_is(t, "__print_flags_u64") || tc_ctok_is(t, "__print_symbolic_u64");
}

static int is_rec(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "REC") || tc_ctok_is(t, "__entry");
}

int tc_uspace_rec_arrow(const struct tc_ctok *t, size_t i)
{
	return i && (is_rec(&t[i - 1]) || (tc_ctok_is(&t[i - 1], ")") && i >= 3 &&
					    is_rec(&t[i - 2]) && tc_ctok_is(&t[i - 3], "(")));
}

int tc_uspace_assign_op(const struct tc_ctok *t)
{
	return tc_ctok_is(t, "=") || tc_ctok_is(t, "++") || tc_ctok_is(t, "--") ||
	       (t->n >= 2 && t->p[t->n - 1] == '=' && strchr("+-*/%&|^<>", t->p[0]) &&
		!tc_ctok_is(t, "<=") && !tc_ctok_is(t, ">="));
}

static void add(struct tc_uproblem **v, size_t *nr, size_t *alloc, enum tc_ukind k,
		const struct tc_ctok *t)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr].kind = k;
	(*v)[*nr].text = xstrndup(t->p, t->n);
	(*nr)++;
}

enum pkind { P_GROUP, P_CALL, P_TABLE, P_BRACE };

size_t tc_uspace_scan(const char *expr, struct tc_uproblem **out)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(expr, &t);
	struct tc_uproblem *v = NULL;
	size_t nr = 0, alloc = 0;
	enum pkind *stack = xcalloc(n + 1, sizeof(*stack));
	size_t sp = 0;
	int in_table = 0; /* depth of enclosing table helpers */

	for (size_t i = 0; i < n; i++) {
		const struct tc_ctok *s = &t[i];
		const struct tc_ctok *prev = i ? &t[i - 1] : NULL;
		const struct tc_ctok *next = i + 1 < n ? &t[i + 1] : NULL;
		int unary_pos = !prev || !tc_uspace_operand_end(prev);

		if (s->p[0] == '\'') {
			add(&v, &nr, &alloc, TC_U_CHAR_LITERAL, s);
		} else if (tc_ctok_is(s, "(")) {
			enum pkind k = P_GROUP;
			if (next && tc_ctok_is(next, "{")) {
				struct tc_ctok se = { "({", 2 };
				add(&v, &nr, &alloc, TC_U_STMT_EXPR, &se);
			} else if (prev && tc_ctok_is_ident(prev) && !tc_ctok_is(prev, "sizeof")) {
				k = tc_uspace_table_helper(prev) ? P_TABLE : P_CALL;
			}
			if (k == P_TABLE)
				in_table++;
			stack[sp++] = k;
		} else if (tc_ctok_is(s, ")")) {
			if (sp && stack[--sp] == P_TABLE)
				in_table--;
		} else if (tc_ctok_is(s, "{")) {
			if (!in_table && !(prev && tc_ctok_is(prev, "(")))
				add(&v, &nr, &alloc, TC_U_BRACE, s);
			stack[sp++] = P_BRACE;
		} else if (tc_ctok_is(s, "}")) {
			if (sp)
				sp--;
		} else if (tc_ctok_is(s, "&") && unary_pos) {
			add(&v, &nr, &alloc, TC_U_ADDRESS, s);
		} else if (tc_ctok_is(s, "*") && unary_pos) {
			add(&v, &nr, &alloc, TC_U_DEREF, s);
		} else if (tc_ctok_is(s, ".")) {
			add(&v, &nr, &alloc, TC_U_MEMBER, s);
		} else if (tc_ctok_is(s, "->")) {
			if (!tc_uspace_rec_arrow(t, i))
				add(&v, &nr, &alloc, TC_U_ARROW, s);
		} else if (tc_ctok_is(s, "^") || tc_ctok_is(s, "^=")) {
			add(&v, &nr, &alloc, TC_U_XOR, s);
		} else if (tc_uspace_assign_op(s)) {
			add(&v, &nr, &alloc, TC_U_ASSIGN, s);
		} else if (tc_ctok_is(s, ",")) {
			if (sp && stack[sp - 1] == P_GROUP)
				add(&v, &nr, &alloc, TC_U_COMMA, s);
		} else if (tc_ctok_is_ident(s) && next && tc_ctok_is(next, "(") &&
			   !tc_ctok_is(s, "sizeof")) {
			char *name = xstrndup(s->p, s->n);
			if (!tc_uspace_builtin_function(name) && !tc_uspace_plugin_for(name) &&
			    !tc_uspace_table_helper(s))
				add(&v, &nr, &alloc, TC_U_CALL, s);
			free(name);
		}
	}
	free(t);
	free(stack);
	*out = v;
	return nr;
}

void tc_uproblems_free(struct tc_uproblem *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}

const char *tc_ukind_explain(enum tc_ukind k)
{
	switch (k) {
	case TC_U_CHAR_LITERAL:
		return "libtraceevent 1.7.1 to 1.8.2 evaluates a character constant as 0 "
		       "(only 1.8.3 and later read it as its character code)";
	case TC_U_STMT_EXPR:
		return "libtraceevent cannot parse a statement expression ('bad op token {')";
	case TC_U_BRACE:
		return "libtraceevent cannot parse '{' outside __print_flags()/__print_symbolic() "
		       "tables";
	case TC_U_ADDRESS:
		return "libtraceevent cannot parse the unary '&' operator";
	case TC_U_DEREF:
		return "libtraceevent cannot parse the unary '*' operator";
	case TC_U_MEMBER:
		return "libtraceevent cannot parse '.' member access";
	case TC_U_ARROW:
		return "libtraceevent only understands '->' directly after REC";
	case TC_U_XOR:
		return "libtraceevent evaluates '^' to 0 when it prints the event";
	case TC_U_ASSIGN:
		return "libtraceevent cannot parse assignment or increment operators";
	case TC_U_COMMA:
		return "libtraceevent cannot parse the comma operator";
	case TC_U_CALL:
		return "libtraceevent does not know this function";
	}
	return "";
}
