// SPDX-License-Identifier: MIT
/*
 * Copies into the record: the copy functions and their sizes, the
 * __assign_*() helpers and what a string's source is.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "assign.h"
#include "util.h"

static const char *const copy_functions[] = {
	"memcpy",  "memmove",  "memset",   "__memcpy",	 "__memset",  "strcpy",
	"strncpy", "strscpy",  "strscpy_pad", "strlcpy", "strcat",    "strncat",
	"strlcat", "sprintf",  "snprintf", "scnprintf", "vsnprintf", "vscnprintf",
	"memcpy_fromio", "memcpy_toio", "memzero_explicit", "copy_from_kernel_nofault",
	"strncpy_from_kernel_nofault", "strncpy_from_user_nofault", "bitmap_copy",
	"cpumask_copy", "memcpy_and_pad", "sized_strscpy", "__fortify_memcpy_chk",
};

/*
 * Which argument of a copy function is the most bytes it writes to its
 * destination (-1: none, strcpy and the like).
 */
static int size_argument(const char *name)
{
	static const char *const third[] = {
		"memcpy", "memmove", "memset", "__memcpy", "__memset", "strncpy", "strscpy",
		"strscpy_pad", "strlcpy", "sized_strscpy", "__fortify_memcpy_chk", "memcpy_fromio",
	};
	static const char *const second[] = {
		"snprintf", "scnprintf", "vsnprintf", "vscnprintf", "memcpy_and_pad",
		"memzero_explicit",
	};
	for (size_t i = 0; i < ARRAY_SIZE(third); i++)
		if (!strcmp(name, third[i]))
			return 2;
	for (size_t i = 0; i < ARRAY_SIZE(second); i++)
		if (!strcmp(name, second[i]))
			return 1;
	return -1;
}

/*
 * The copies that write exactly their size (memset(), memcpy(), strncpy()
 * pads with NULs), so that a smaller one leaves the rest of an array
 * unwritten; and the helpers whose size is fixed (an Ethernet address,
 * ETH_ALEN bytes), 0 for the others.
 */
static int exact_size(const char *name)
{
	static const char *const exact[] = {
		"memcpy",	   "memmove",	  "memset",	 "__memcpy",
		"__memset",	   "memcpy_fromio", "memzero_explicit", "__fortify_memcpy_chk",
		"strncpy",	   "strscpy_pad",   "memcpy_and_pad",
	};
	for (size_t i = 0; i < ARRAY_SIZE(exact); i++)
		if (!strcmp(name, exact[i]))
			return 1;
	return 0;
}

static const struct {
	const char *name;
	int nargs;
	long long size;
} fixed_copies[] = {
	{ "ether_addr_copy", 2, 6 },
	{ "eth_zero_addr", 1, 6 },
	{ "eth_broadcast_addr", 1, 6 },
	{ "eth_random_addr", 1, 6 },
};

static long long fixed_size(const char *name, int nargs)
{
	for (size_t i = 0; i < ARRAY_SIZE(fixed_copies); i++)
		if (!strcmp(name, fixed_copies[i].name) && nargs == fixed_copies[i].nargs)
			return fixed_copies[i].size;
	return 0;
}

static int is_copy_function(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(copy_functions); i++)
		if (!strcmp(name, copy_functions[i]))
			return 1;
	return 0;
}

/* The size of a string literal argument with its NUL, or -1. */
static long long literal_size(CXCursor e)
{
	e = tc_cx_strip(e);
	if (clang_getCursorKind(e) != CXCursor_StringLiteral)
		return -1;
	CXType t = clang_getCanonicalType(clang_getCursorType(e));
	if (t.kind != CXType_ConstantArray)
		return -1;
	return clang_getArraySize(t);
}

/*
 * A copy of a string literal with its NUL into a char array
 * (memcpy(__entry->sec, "krb5", sizeof("krb5"))): the array holds the
 * whole string; what follows the NUL is no part of its value.
 */
static int whole_string(struct actx *a, int fi, const struct tc_write *w, CXCursor call,
			long long len)
{
	const struct tc_field *f = &a->c->fields[fi];
	const char *t = f->type;

	if (w->at_element || clang_Cursor_getNumArguments(call) < 2 || !t || f->el_size != 1)
		return 0;
	if (starts_with(t, "unsigned "))
		t += strlen("unsigned ");
	else if (starts_with(t, "signed "))
		t += strlen("signed ");
	long long lit = literal_size(clang_Cursor_getArgument(call, 1));
	return !strcmp(t, "char") && lit > 0 && len >= lit;
}

/* The value of a size that is a single one (a local set once to a constant), or -1. */
static long long single_value(struct actx *a, CXCursor e)
{
	wide lo, hi;
	long long r = -1;

	a->sound++;
	a->budget = 4000;
	if (tc_as_value_range(a, e, 0, 1, &lo, &hi) && lo == hi && lo >= 0 && lo <= LLONG_MAX)
		r = (long long)lo;
	a->sound--;
	return r;
}

/* sizeof of an expression: its operand, or a null cursor (sizeof(type)). */
static CXCursor sizeof_operand(CXCursor e)
{
	struct tc_cursors cs = { 0 };
	CXCursor r = clang_getNullCursor();

	tc_cx_children(e, &cs);
	if (cs.nr == 1 && clang_isExpression(clang_getCursorKind(cs.v[0])))
		r = cs.v[0];
	tc_cursors_release(&cs);
	return r;
}

/*
 * A copy size that is not constant but bounded by field fi: it contains
 * sizeof(__entry->f) (ARRAY_SIZE, min(len, sizeof(...))), or a constant
 * operand equal to the field's size (min_t(size_t, len, TASK_COMM_LEN)).
 */
static int size_bounded(struct actx *a, CXCursor e, int fi)
{
	struct tc_cursors cs = { 0 };
	enum CXCursorKind k = clang_getCursorKind(e);
	const struct tc_field *f = &a->c->fields[fi];
	int r = 0;
	long long v;

	if (k == CXCursor_UnaryExpr) {
		CXCursor op = sizeof_operand(e);
		long elem = -1;
		int is_elem = 0, member = 0;
		if (!clang_Cursor_isNull(op) && tc_as_target(a, op, &elem, &is_elem, &member) == fi &&
		    !is_elem && !member)
			return 1;
		return 0;
	}
	if (clang_isExpression(k) && k != CXCursor_StmtExpr && tc_cx_eval_int(e, &v))
		return f->layout_known && f->size > 0 && v == f->size;
	tc_cx_children(e, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = size_bounded(a, cs.v[i], fi);
	tc_cursors_release(&cs);
	return r;
}

/*
 * The expression uses a local variable or the record (__entry->len):
 * a value the assign code may have clamped before (len = min(...)).
 */
static int uses_local(CXCursor e)
{
	struct tc_cursors cs = { 0 };
	int r = 0;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(e);
		return clang_getCursorKind(d) == CXCursor_VarDecl;
	}
	tc_cx_children(e, &cs);
	for (size_t i = 0; i < cs.nr && !r; i++)
		r = uses_local(cs.v[i]);
	tc_cursors_release(&cs);
	return r;
}

/*
 * The helper named by __tc_w_assign(helper, ...) or __tc_src_string(),
 * malloced, or NULL.  The stage spells the string helpers' with a source
 * as the name, a \x1f, the source as the call spells it, a \x1f and the
 * source with its macros expanded: *text and *xtext (when not NULL) get
 * those, malloced, or NULL when there is no source.
 */
static char *call_helper(CXCursor call, char **text, char **xtext)
{
	char *helper = tc_cx_eval_string_expr(clang_Cursor_getArgument(call, 0));
	char *sep = helper ? strchr(helper, '\x1f') : NULL;
	char *xsep = sep ? strchr(sep + 1, '\x1f') : NULL;

	if (sep)
		*sep = '\0';
	if (xsep)
		*xsep = '\0';
	if (text)
		*text = xsep && sep[1] ? xstrdup(sep + 1) : NULL;
	if (xtext)
		*xtext = xsep && xsep[1] ? xstrdup(xsep + 1) : NULL;
	return helper;
}

/*
 * __tc_src_string(helper, loc, src...) of __string() and the like, and
 * __tc_w_assign(helper, loc, src...) of the string helpers with a
 * source: what the source is, on the field or the write.
 */
static void string_source(struct actx *a, CXCursor call, struct tc_write *w)
{
	char *xtext;
	char *helper = call_helper(call, NULL, &xtext);
	long elem = -1;
	int is_elem = 0, member = 0, fi;
	char *type = NULL;

	if (!helper || clang_Cursor_getNumArguments(call) < 3 || !strstr(helper, "str") ||
	    strstr(helper, "vstr")) {
		free(helper);
		free(xtext);
		return;
	}
	free(helper);
	int what = tc_string_source(clang_Cursor_getArgument(call, 2), &type);
	long long size = 0, len = 0;
	int len_ptr = 0;
	if (clang_Cursor_getNumArguments(call) >= 4)
		tc_string_length(a->t, clang_Cursor_getArgument(call, 2),
				 clang_Cursor_getArgument(call, 3), &size, &len, &len_ptr);
	if (w) {
		free(w->str_src_type);
		w->str_src = what;
		w->str_src_type = type;
		w->str_src_size = size;
		w->str_len = len;
		w->str_len_sizeof_ptr = len_ptr;
		free(xtext);
		return;
	}
	fi = tc_as_target(a, clang_Cursor_getArgument(call, 1), &elem, &is_elem, &member);
	if (fi < 0 || a->c->fields[fi].str_src) {
		free(type);
		free(xtext);
		return;
	}
	struct tc_field *f = &a->c->fields[fi];
	f->str_src = what;
	f->str_src_type = type;
	f->str_src_size = size;
	f->str_len = len;
	f->str_len_sizeof_ptr = len_ptr;
	free(f->str_src_xtext);
	f->str_src_xtext = xtext;
}

/*
 * A copy's size as written (strcpy(): "strlen(SRC)+1", the bytes it
 * writes) and the innermost if/?: around it, for the rules that compare
 * them with a dynamic array's length.
 */
static void copy_context(struct actx *a, struct tc_write *w, CXCursor call, const char *name,
			 int si)
{
	int nargs = clang_Cursor_getNumArguments(call);

	if (si >= 0 && si < nargs) {
		w->size_text = tc_as_squeezed_text(a->t, clang_Cursor_getArgument(call, si));
	} else if (!strcmp(name, "strcpy") && nargs == 2) {
		char *src = tc_as_squeezed_text(a->t, clang_Cursor_getArgument(call, 1));
		w->size_text = xasprintf("strlen(%s)+1", src);
		free(src);
	}
	w->cond_depth = a->cdepth;
	if (a->ctext)
		w->cond_text = a->cneg ? xasprintf("!(%s)", a->ctext) : xstrdup(a->ctext);
}

/*
 * __assign_sockaddr(dst, src, len) and __assign_rel_sockaddr() are the
 * kernel's memcpy(__get_dynamic_array(dst), src, len): their size and
 * the branch around them, as a copy's (call is __tc_w_assign(helper,
 * dst, src, len)).
 */
static void sized_helper_context(struct actx *a, struct tc_write *w, CXCursor call)
{
	char *helper = tc_cx_eval_string_expr(clang_Cursor_getArgument(call, 0));

	if (helper && strstr(helper, "_sockaddr"))
		copy_context(a, w, call, helper, 3);
	free(helper);
}

/*
 * The calls that write what a field holds from a source or with a size:
 * the __tc_src_string() of a string's declaration, the __tc_w_assign()
 * of the __assign_*() helpers and the copy functions.  0 when c is none
 * of those.
 */
int tc_as_walk_copy(struct actx *a, CXCursor c, const char *name, dset def)
{
	int nargs = clang_Cursor_getNumArguments(c);

	if (!strcmp(name, "__tc_src_string")) {
		string_source(a, c, NULL);
		return 1;
	}
	if (!strcmp(name, "__tc_w_assign") && nargs >= 2) {
		char *text, *xtext;
		char *helper = call_helper(c, &text, &xtext);
		struct tc_write *w =
			tc_as_write_target(a, clang_Cursor_getArgument(c, 1), TC_W_HELPER,
					   helper ? helper : "__assign_*", nargs - 1, c, def);
		free(helper);
		if (w) {
			string_source(a, c, w);
			w->cond_depth = a->cdepth;
			sized_helper_context(a, w, c);
			w->str_src_text = text;
			w->str_src_xtext = xtext;
		} else {
			free(text);
			free(xtext);
		}
		for (int i = 2; i < nargs; i++)
			tc_as_walk(a, clang_Cursor_getArgument(c, i), def);
		return 1;
	}
	long long fixed = fixed_size(name, nargs);
	if (nargs >= 1 && (is_copy_function(name) || fixed)) {
		CXCursor dst = clang_Cursor_getArgument(c, 0);
		struct tc_write *w = tc_as_write_target(a, dst, TC_W_COPY, name, nargs, c, def);
		int si = size_argument(name);
		long elem = -1;
		int is_elem = 0, member = 0;
		int fi = tc_as_target(a, dst, &elem, &is_elem, &member);
		long long len = -1;
		if (w && fixed) {
			w->size = len = fixed;
		} else if (w && si >= 0 && si < nargs) {
			long long v;
			CXCursor arg = clang_Cursor_getArgument(c, si);
			if (tc_cx_eval_int(arg, &v))
				w->size = len = v;
			else if (fi >= 0)
				w->size_bounded = size_bounded(a, arg, fi) || uses_local(arg);
			if (len < 0)
				len = single_value(a, arg);
		} else if (w && !strcmp(name, "strcpy") && nargs == 2) {
			w->size = literal_size(clang_Cursor_getArgument(c, 1));
			w->src_literal = w->size >= 0;
		} else if (w && si >= 0) {
			w->size_bounded = 1; /* the kernel's 2-argument strscpy() */
		}
		if (w) {
			copy_context(a, w, c, name, si);
			/* the bytes it writes: at the array's start, or at an element's */
			long long at = !w->at_element ? 0
				       : w->index >= 0 && w->elem_bytes > 0 ? w->index * w->elem_bytes
									   : -1;
			if ((fixed || exact_size(name)) && len >= 0 && at >= 0 && !member &&
			    !whole_string(a, fi, w, c, len))
				tc_as_extent(a, fi, w, at, at + len);
			tc_as_dset_write(a, def, fi, w);
		}
		for (int i = 1; i < nargs; i++)
			tc_as_walk(a, clang_Cursor_getArgument(c, i), def);
		return 1;
	}
	return 0;
}
