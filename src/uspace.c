// SPDX-License-Identifier: MIT
#include "uspace.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "helpers.h"
#include "util.h"

struct utok {
	char *s;
};

/* The tokens of expr as strings (the scanner compares them often). */
static size_t lex(const char *expr, struct utok **out)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(expr, &t);
	struct utok *v = xcalloc(n + 1, sizeof(*v));

	for (size_t i = 0; i < n; i++)
		v[i].s = xstrndup(t[i].p, t[i].n);
	free(t);
	*out = v;
	return n;
}

static int is_ident(const char *t)
{
	return isalpha((unsigned char)t[0]) || t[0] == '_';
}

static int is_operand_end(const char *t)
{
	return is_ident(t) || isdigit((unsigned char)t[0]) || t[0] == '"' || t[0] == '\'' ||
	       !strcmp(t, ")") || !strcmp(t, "]");
}

static int is_table_helper(const char *t)
{
	return !strcmp(t, "__print_flags") || !strcmp(t, "__print_symbolic") ||
	       !strcmp(t, "__print_flags_u64") || !strcmp(t, "__print_symbolic_u64");
}

static void add(struct tc_uproblem **v, size_t *nr, size_t *alloc, enum tc_ukind k,
		const char *text)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr].kind = k;
	(*v)[*nr].text = xstrdup(text);
	(*nr)++;
}

enum pkind { P_GROUP, P_CALL, P_TABLE, P_BRACE };

size_t tc_uspace_scan(const char *expr, struct tc_uproblem **out)
{
	struct utok *t;
	size_t n = lex(expr, &t);
	struct tc_uproblem *v = NULL;
	size_t nr = 0, alloc = 0;
	enum pkind *stack = xcalloc(n + 1, sizeof(*stack));
	size_t sp = 0;
	int in_table = 0; /* depth of enclosing table helpers */

	for (size_t i = 0; i < n; i++) {
		const char *s = t[i].s;
		const char *prev = i ? t[i - 1].s : "";
		const char *next = i + 1 < n ? t[i + 1].s : "";
		int unary_pos = !i || !is_operand_end(prev);

		if (s[0] == '\'') {
			add(&v, &nr, &alloc, TC_U_CHAR_LITERAL, s);
		} else if (!strcmp(s, "(")) {
			enum pkind k = P_GROUP;
			if (!strcmp(next, "{")) {
				add(&v, &nr, &alloc, TC_U_STMT_EXPR, "({");
			} else if (i && is_ident(prev) && strcmp(prev, "sizeof")) {
				k = is_table_helper(prev) ? P_TABLE : P_CALL;
			}
			if (k == P_TABLE)
				in_table++;
			stack[sp++] = k;
		} else if (!strcmp(s, ")")) {
			if (sp && stack[--sp] == P_TABLE)
				in_table--;
		} else if (!strcmp(s, "{")) {
			if (!in_table && strcmp(prev, "("))
				add(&v, &nr, &alloc, TC_U_BRACE, "{");
			stack[sp++] = P_BRACE;
		} else if (!strcmp(s, "}")) {
			if (sp)
				sp--;
		} else if (!strcmp(s, "&") && unary_pos) {
			add(&v, &nr, &alloc, TC_U_ADDRESS, "&");
		} else if (!strcmp(s, "*") && unary_pos) {
			add(&v, &nr, &alloc, TC_U_DEREF, "*");
		} else if (!strcmp(s, ".")) {
			add(&v, &nr, &alloc, TC_U_MEMBER, ".");
		} else if (!strcmp(s, "->")) {
			int rec = !strcmp(prev, "REC") || !strcmp(prev, "__entry") ||
				  (!strcmp(prev, ")") && i >= 3 &&
				   (!strcmp(t[i - 2].s, "REC") || !strcmp(t[i - 2].s, "__entry")) &&
				   !strcmp(t[i - 3].s, "("));
			if (!rec)
				add(&v, &nr, &alloc, TC_U_ARROW, "->");
		} else if (!strcmp(s, "^") || !strcmp(s, "^=")) {
			add(&v, &nr, &alloc, TC_U_XOR, s);
		} else if (!strcmp(s, "=") || !strcmp(s, "++") || !strcmp(s, "--") ||
			   (strlen(s) >= 2 && s[strlen(s) - 1] == '=' && strchr("+-*/%&|<>", s[0]) &&
			    strcmp(s, "<=") && strcmp(s, ">="))) {
			add(&v, &nr, &alloc, TC_U_ASSIGN, s);
		} else if (!strcmp(s, ",")) {
			if (sp && stack[sp - 1] == P_GROUP)
				add(&v, &nr, &alloc, TC_U_COMMA, ",");
		} else if (is_ident(s) && !strcmp(next, "(") && strcmp(s, "sizeof") &&
			   !tc_uspace_builtin_function(s) && !tc_uspace_plugin_for(s) &&
			   !is_table_helper(s)) {
			add(&v, &nr, &alloc, TC_U_CALL, s);
		}
	}
	for (size_t i = 0; i < n; i++)
		free(t[i].s);
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
