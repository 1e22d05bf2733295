// SPDX-License-Identifier: MIT
/* Small helpers over libclang's C API, shared by the front end. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fe_internal.h"
#include "util.h"

char *tc_cx_str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

/* Paths below the current directory are printed relative to it. */
static const char *relative_to_cwd(const char *path)
{
	static char cwd[4096];
	static size_t n;

	if (!n) {
		if (!getcwd(cwd, sizeof(cwd) - 1))
			return path;
		n = strlen(cwd);
		if (n > 1)
			cwd[n++] = '/';
		cwd[n] = '\0';
	}
	if (path[0] == '/' && n > 1 && !strncmp(path, cwd, n) && path[n])
		return path + n;
	return path;
}

static struct tc_loc make_loc(struct tc_tu *t, CXFile f, unsigned line, unsigned col)
{
	struct tc_loc loc = { NULL, line, col };

	if (!f)
		return loc;
	if (t->header_file && clang_File_isEqual(f, t->header_file)) {
		loc.file = t->h->path;
	} else {
		char *name = tc_cx_str(clang_getFileName(f));
		loc.file = tc_header_intern(t->h, relative_to_cwd(name));
		free(name);
	}
	return loc;
}

struct tc_loc tc_cx_spelling_loc(struct tc_tu *t, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	clang_getSpellingLocation(l, &f, &line, &col, &off);
	return make_loc(t, f, line, col);
}

struct tc_loc tc_cx_expansion_loc(struct tc_tu *t, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	clang_getExpansionLocation(l, &f, &line, &col, &off);
	return make_loc(t, f, line, col);
}

int tc_cx_in_header(struct tc_tu *t, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	clang_getSpellingLocation(l, &f, &line, &col, &off);
	return f && t->header_file && clang_File_isEqual(f, t->header_file);
}

unsigned tc_cx_spelling_offset(CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	clang_getSpellingLocation(l, &f, &line, &col, &off);
	return off;
}

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct tc_cursors *out = data;

	(void)parent;
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	out->v[out->nr++] = c;
	return CXChildVisit_Continue;
}

void tc_cx_children(CXCursor c, struct tc_cursors *out)
{
	out->nr = 0;
	clang_visitChildren(c, collect, out);
}

void tc_cursors_release(struct tc_cursors *cs)
{
	free(cs->v);
	cs->v = NULL;
	cs->nr = cs->alloc = 0;
}

CXCursor tc_cx_strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
		    k != CXCursor_CStyleCastExpr)
			return c;
		struct tc_cursors cs = { 0 };
		tc_cx_children(c, &cs);
		if (cs.nr == 0) {
			tc_cursors_release(&cs);
			return c;
		}
		/* a cast's children are [type ref..., expr]: take the last */
		CXCursor next = cs.v[cs.nr - 1];
		tc_cursors_release(&cs);
		if (clang_Cursor_isNull(next))
			return c;
		c = next;
	}
}

static CXCursor first_expr_child(CXCursor var)
{
	struct tc_cursors cs = { 0 };
	CXCursor r = clang_getNullCursor();

	tc_cx_children(var, &cs);
	for (size_t i = 0; i < cs.nr; i++) {
		if (clang_isExpression(clang_getCursorKind(cs.v[i]))) {
			r = cs.v[i];
			break;
		}
	}
	tc_cursors_release(&cs);
	return r;
}

char *tc_cx_eval_string_expr(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	char *s = NULL;

	if (!r)
		return NULL;
	if (clang_EvalResult_getKind(r) == CXEval_StrLiteral) {
		const char *v = clang_EvalResult_getAsStr(r);
		s = xstrdup(v ? v : "");
	}
	clang_EvalResult_dispose(r);
	return s;
}

char *tc_cx_eval_string(CXCursor var)
{
	CXCursor init = first_expr_child(var);

	/* a broken initialiser evaluates to whatever libclang recovered */
	if (clang_isInvalidDeclaration(var))
		return NULL;
	return clang_Cursor_isNull(init) ? NULL : tc_cx_eval_string_expr(init);
}

int tc_cx_eval_int(CXCursor c, long long *out)
{
	CXEvalResult r;
	int ok = 0;

	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		c = first_expr_child(c);
	if (clang_Cursor_isNull(c))
		return 0;
	r = clang_Cursor_Evaluate(c);
	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		*out = clang_EvalResult_getAsLongLong(r);
		ok = 1;
	}
	clang_EvalResult_dispose(r);
	return ok;
}
