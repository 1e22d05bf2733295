// SPDX-License-Identifier: MIT
/* Small helpers over libclang's C API, shared by the front end. */
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "deps.h"
#include "fe_internal.h"
#include "overlay.h"
#include "util.h"

char *tc_cx_str(CXString s)
{
	const char *c = clang_getCString(s);
	char *r = xstrdup(c ? c : "");

	clang_disposeString(s);
	return r;
}

/*
 * Are a and b the same file?  clang_File_isEqual() compares libclang's
 * unique IDs, and every file that is not on the disk (the unit, a header
 * --patch adds) has the same one: those are told apart by their names.
 */
int tc_cx_file_equal(CXFile a, CXFile b)
{
	CXFileUniqueID id;

	if (a == b)
		return 1;
	if (!a || !b || !clang_File_isEqual(a, b))
		return 0;
	if (!clang_getFileUniqueID(a, &id) && (id.data[0] || id.data[1]))
		return 1; /* on the disk: the same device and inode */
	char *x = tc_cx_str(clang_getFileName(a)), *y = tc_cx_str(clang_getFileName(b));
	int same = !strcmp(x, y);

	free(x);
	free(y);
	return same;
}

/*
 * Paths below the current directory are printed relative to it, also
 * through a symbolic link (tc_shown_path()); the last answer is kept: a
 * unit's locations come file by file.
 */
static const char *relative_to_cwd(const char *path)
{
	static char *last_in, *last_out;

	if (!last_in || strcmp(path, last_in)) {
		free(last_in);
		free(last_out);
		last_in = xstrdup(path);
		last_out = tc_shown_path(path);
	}
	return last_out;
}

static struct tc_loc make_loc(struct tc_tu *t, CXFile f, unsigned line, unsigned col)
{
	struct tc_loc loc = { NULL, line, col };

	if (!f)
		return loc;
	if (t->header_file && tc_cx_file_equal(f, t->header_file)) {
		loc.file = t->h->path;
	} else if (t->unit_source && t->unit_file && tc_cx_file_equal(f, t->unit_file) &&
		   line > t->unit_line0) {
		/* the .c's text in the synthetic unit: where the .c has it */
		loc.file = tc_header_intern(t->h, relative_to_cwd(t->unit_source));
		loc.line = line - t->unit_line0;
	} else {
		char *name = tc_cx_str(clang_getFileName(f));
		loc.file = tc_header_intern(t->h, relative_to_cwd(name));
		free(name);
	}
	return loc;
}

/*
 * Where a location is in a file: for a token that came from a macro
 * argument, where the argument is written; for one from a macro's body,
 * where the macro was invoked.  That is SourceManager::getFileLoc(), and
 * clang_getFileLocation() means exactly that in every libclang.
 * clang_getSpellingLocation() meant the same up to LLVM 18 (its
 * implementation called getFileLoc() under a FIXME), and from LLVM 19
 * (llvm-project PR #72400) returns the true spelling location, which for
 * a token of a macro's body is inside the macro's definition: in
 * tracecheck's own stage headers for TP_fast_assign()'s expansions.  So
 * the front end asks this function and never clang_getSpellingLocation()
 * (tests/check_units pins the answer; scripts/check-layering refuses
 * the call anywhere else).
 */
void tc_cx_file_pos(CXSourceLocation l, CXFile *f, unsigned *line, unsigned *col, unsigned *off)
{
	clang_getFileLocation(l, f, line, col, off);
}

struct tc_loc tc_cx_file_loc(struct tc_tu *t, CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	tc_cx_file_pos(l, &f, &line, &col, &off);
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

	tc_cx_file_pos(l, &f, &line, &col, &off);
	return f && t->header_file && tc_cx_file_equal(f, t->header_file);
}

unsigned tc_cx_file_offset(CXSourceLocation l)
{
	CXFile f;
	unsigned line, col, off;

	tc_cx_file_pos(l, &f, &line, &col, &off);
	return off;
}

/*
 * A file the precompiled prelude read, from the disk: libclang would
 * read the PCH's whole table of files to find it (8 ms for each unit of
 * sched.h, a third of its assign analysis), and then reads the same
 * text from the disk itself.  Only while the file is as libclang saw it
 * when it loaded the PCH (its time, and not changed since the racy
 * window began); else, or --patch's overlay holding it, NULL.
 */
static char *pch_file_text(struct tc_tu *t, CXFile f, size_t *len)
{
	char *path = tc_cx_str(clang_getFileName(f)), *text = NULL;
	const char *h;
	struct stat st;

	if (path && t->pch && tc_pch_has_file(t->pch, f) && !tc_overlay_hash(path, &h) &&
	    !stat(path, &st) && S_ISREG(st.st_mode) && st.st_mtime == clang_getFileTime(f) &&
	    !tc_deps_racy(&st)) {
		/* the PCH's dependencies are the result's already */
		tc_deps_pause();
		text = read_file(path, len);
		tc_deps_resume();
		if (text && (stat(path, &st) || (size_t)st.st_size != *len ||
			     st.st_mtime != clang_getFileTime(f))) {
			free(text);
			text = NULL;
		}
	}
	free(path);
	return text;
}

const char *tc_cx_file_text(struct tc_tu *t, CXFile f, size_t *size)
{
	size_t i;

	if (!f)
		return NULL;
	for (i = 0; i < t->nr_texts && t->texts[i].file != f; i++)
		;
	if (i == t->nr_texts) {
		size_t len = 0;
		char *own = pch_file_text(t, f, &len);
		const char *text = own ? own : clang_getFileContents(t->tu, f, &len);
		if (!text)
			return NULL;
		ALLOC_GROW(t->texts, t->nr_texts + 1, t->alloc_texts);
		t->texts[t->nr_texts++] = (struct tc_tu_text){ f, text, len, own };
	}
	*size = t->texts[i].len;
	return t->texts[i].text;
}

void tc_cx_file_texts_free(struct tc_tu *t)
{
	for (size_t i = 0; i < t->nr_texts; i++)
		free(t->texts[i].own);
	free(t->texts);
	t->texts = NULL;
	t->nr_texts = t->alloc_texts = 0;
}

/*
 * The name of an expression's type as the source gives it: the declared
 * type of a name, member, element, call or cast ("u64", "pid_t"); for
 * anything C computes (an operator's usual arithmetic conversions, a
 * conditional, a promotion), the canonical type.  libclang 16 and later
 * keep the common typedef of an operator's operands ("u64 + u64" is
 * "u64") where 14 gives "unsigned long long"; only the declared kinds
 * name the same type in every release.  ElaboratedType (on every type
 * reference from LLVM 16) is looked through, and so are the top-level
 * qualifiers of the object the value was read from.
 */
char *tc_cx_expr_type_name(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	CXType t = clang_getCursorType(e);
	int declared = k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr ||
		       k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr ||
		       k == CXCursor_CStyleCastExpr;
	char *s, *p;

	if (!declared)
		t = clang_getCanonicalType(t);
	if (t.kind == CXType_Elaborated)
		t = clang_Type_getNamedType(t);
	s = tc_cx_str(clang_getTypeSpelling(t));
	for (p = s; starts_with(p, "const ") || starts_with(p, "volatile ");)
		p = strchr(p, ' ') + 1;
	memmove(s, p, strlen(p) + 1);
	return s;
}

/* The first 'quoted' word of s, or NULL. */
/*
 * What a diagnostic is about, in terms that do not depend on clang's
 * wording, which changes between releases: an implicitly declared
 * function is "implicit declaration of function 'f' is invalid in C99"
 * up to LLVM 15 and "call to undeclared function 'f'; ISO C99 and later
 * do not support implicit function declarations" from 16, and a warning
 * in 14 but an error by default from 16.  It is recognised by its
 * warning option, which every release names the same; the other kinds
 * by the opening words every release from 14 to 22 uses
 * (tests/check_libclang pins each on the libclang it is built with).
 */
void tc_cx_diag_classify(CXDiagnostic d, struct tc_cx_diag *out)
{
	char *msg = tc_cx_str(clang_getDiagnosticSpelling(d));
	char *opt = tc_cx_str(clang_getDiagnosticOption(d, NULL));

	out->kind = TC_CXD_OTHER;
	out->name = NULL;
	if (!strcmp(opt, "-Wimplicit-function-declaration"))
		out->kind = TC_CXD_UNDECLARED_FUNCTION;
	else if (starts_with(msg, "use of undeclared identifier '"))
		out->kind = TC_CXD_UNDECLARED;
	else if (starts_with(msg, "unknown type name '"))
		out->kind = TC_CXD_UNKNOWN_TYPE;
	else if (ends_with(msg, "' file not found"))
		out->kind = TC_CXD_FILE_NOT_FOUND;
	else if (starts_with(msg, "#include nested too deeply"))
		out->kind = TC_CXD_INCLUDE_TOO_DEEP;
	else if (starts_with(msg, "unterminated function-like macro invocation"))
		out->kind = TC_CXD_MACRO_UNTERMINATED;
	else if (starts_with(msg, "too few arguments provided to function-like macro"))
		out->kind = TC_CXD_MACRO_TOO_FEW;
	else if (starts_with(msg, "too many arguments provided to function-like macro"))
		out->kind = TC_CXD_MACRO_TOO_MANY;
	else if (starts_with(msg, "redefinition of '"))
		out->kind = TC_CXD_REDEFINITION;
	if ((out->kind >= TC_CXD_UNDECLARED_FUNCTION && out->kind <= TC_CXD_FILE_NOT_FOUND) ||
	    out->kind == TC_CXD_REDEFINITION) {
		const char *at;
		size_t n = tc_first_quoted(msg, &at);
		out->name = n ? xstrndup(at, n) : NULL;
		if (!out->name)
			out->kind = TC_CXD_OTHER;
	}
	out->clang_text = msg;
	free(opt);
}

/* tracecheck's own words for a classified diagnostic; clang's for others. */
char *tc_cx_diag_text(const struct tc_cx_diag *d)
{
	switch (d->kind) {
	case TC_CXD_UNDECLARED_FUNCTION:
		return xasprintf("function '%s' is not declared", d->name);
	case TC_CXD_UNDECLARED:
		return xasprintf("'%s' is not declared", d->name);
	case TC_CXD_UNKNOWN_TYPE:
		return xasprintf("type '%s' is not declared", d->name);
	case TC_CXD_FILE_NOT_FOUND:
		return xasprintf("'%s' is not found in the include path", d->name);
	default:
		return xstrdup(d->clang_text);
	}
}

void tc_cx_diag_release(struct tc_cx_diag *d)
{
	free(d->name);
	free(d->clang_text);
	d->name = d->clang_text = NULL;
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

CXType tc_cx_unenum(CXType c)
{
	if (c.kind != CXType_Enum)
		return c;
	return clang_getCanonicalType(clang_getEnumDeclIntegerType(clang_getTypeDeclaration(c)));
}

/*
 * gcc's rules for the integer type of an enum with no fixed underlying
 * type (C; checked with gcc 12 by scripts/compare-gcc-layout's probes,
 * testdata/gcc/enums.h):
 *  - no negative enumerator: unsigned int, or unsigned long (long) when
 *    a value does not fit;
 *  - a negative enumerator: int, or long (long) when one does not fit;
 *  - __packed (-fshort-enums for one enum): the smallest of char, short,
 *    int, long long that holds every value, with the same signedness;
 *  - __mode(byte) / mode(QI, HI, SI, DI) on the enum: an integer of that
 *    width, again unsigned unless an enumerator is negative.
 * clang agrees on the sizes and on everything but the last: with a mode
 * attribute it makes the enum a signed integer of the width whatever
 * its values (clang 14 to 19), so afs.h's enum afs_call_trace { ... }
 * __mode(byte) is signed char to clang and unsigned char to gcc, which
 * the kernel's is_signed_type() shows as "signed:0".  The signedness of
 * an enum is therefore gcc's: signed iff an enumerator is negative.
 */
static enum CXChildVisitResult negative_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl &&
	    clang_getEnumConstantDeclValue(c) < 0) {
		*(int *)data = 1;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

int tc_cx_enum_signed(CXType c)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(c));
	CXType it = clang_getCanonicalType(clang_getEnumDeclIntegerType(d));
	int neg = 0;

	/* unsigned to clang: no enumerator is negative (its values read as unsigned) */
	if (it.kind == CXType_Invalid || !tc_cx_signed_int(it.kind))
		return it.kind == CXType_Invalid ? -1 : 0;
	clang_visitChildren(d, negative_enumerator, &neg);
	return neg;
}

int tc_cx_type_signed_int(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (c.kind == CXType_Enum)
		return tc_cx_enum_signed(c) == 1;
	return tc_cx_signed_int(c.kind);
}

int tc_cx_signed_int(enum CXTypeKind k)
{
	switch (k) {
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
	case CXType_Int128:
		return 1;
	default:
		return 0;
	}
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
