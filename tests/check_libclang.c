// SPDX-License-Identifier: MIT
/*
 * What tracecheck asks of libclang, pinned on the libclang this build
 * links.  .ci/run builds the suite against libclang 14, 16, 19 and 22,
 * so each fact below is checked on each of them.
 *
 * Two kinds of test:
 *  - libclang's own answers that changed between releases, with the
 *    release each changed in: the reason the front end does not use
 *    them directly.  When a new release changes one again, this test
 *    says which, before any finding moves.
 *  - the front end's wrappers (cxutil.c), whose answers must be the same
 *    on every release.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fe_internal.h"
#include "util.h"

/* libclang's major release, from "... clang version 19.1.7 ...". */
static int clang_major(void)
{
	char *v = tc_cx_str(clang_getClangVersion());
	const char *p = strstr(v, "version ");
	int major = p ? atoi(p + 8) : 0;

	free(v);
	return major;
}

static CXIndex idx;

/* Parse text as /unit.c; never NULL. */
static CXTranslationUnit parse(const char *text)
{
	struct CXUnsavedFile files[] = { { "/unit.c", text, strlen(text) } };
	/* as the front end asks: everything off but implicit declarations */
	const char *args[] = { "-std=gnu11", "-ferror-limit=0", "-Wno-everything",
			       "-Wimplicit-function-declaration" };
	CXTranslationUnit tu = NULL;

	if (!idx)
		idx = clang_createIndex(0, 0);
	clang_parseTranslationUnit2(idx, "/unit.c", args, 4, files, 1,
				    CXTranslationUnit_DetailedPreprocessingRecord |
					    CXTranslationUnit_KeepGoing,
				    &tu);
	ck_assert_ptr_nonnull(tu);
	return tu;
}

/* Cursors of one kind below a variable's declaration, in order. */
struct find {
	const char *var;
	enum CXCursorKind kind;
	int inside;
	CXCursor found[8];
	int nr;
};

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct find *f = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_VarDecl) {
		char *name = tc_cx_str(clang_getCursorSpelling(c));
		int it = !strcmp(name, f->var);
		free(name);
		if (!it)
			return CXChildVisit_Continue;
		f->inside = 1;
		clang_visitChildren(c, find_visit, f);
		f->inside = 0;
		return CXChildVisit_Continue;
	}
	if (f->inside && k == f->kind && f->nr < 8)
		f->found[f->nr++] = c;
	return CXChildVisit_Recurse;
}

static int find(CXTranslationUnit tu, const char *var, enum CXCursorKind kind, CXCursor *out)
{
	struct find f = { .var = var, .kind = kind };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_visit, &f);
	memcpy(out, f.found, sizeof(f.found));
	return f.nr;
}

static unsigned line_of(CXCursor c, void (*how)(CXSourceLocation, CXFile *, unsigned *,
						 unsigned *, unsigned *))
{
	unsigned line = 0, col = 0, off = 0;
	CXFile f = NULL;

	how(clang_getCursorLocation(c), &f, &line, &col, &off);
	return line;
}

static const char macro_text[] =
	"static int one = 1;\n"		/* 1 */
	"#define ADD(x) ((x) + one)\n"	/* 2: 'one' of the body */
	"static int two = ADD(\n"	/* 3: the invocation */
	"\tone);\n";			/* 4: 'one' of the argument */

/*
 * LLVM 19 (llvm-project PR #72400): clang_getSpellingLocation() of a
 * token of a macro's body is in the macro's definition; up to 18 it was
 * the invocation (the function called getFileLoc()).  The argument's
 * token is where the argument is written in both.
 */
START_TEST(test_spelling_location_changed_in_19)
{
	CXTranslationUnit tu = parse(macro_text);
	CXCursor refs[8];
	int n = find(tu, "two", CXCursor_DeclRefExpr, refs);

	ck_assert_int_eq(n, 2);
	/* the argument's 'one' first, then the body's */
	ck_assert_uint_eq(line_of(refs[0], clang_getSpellingLocation), 4);
	ck_assert_uint_eq(line_of(refs[1], clang_getSpellingLocation),
			  clang_major() >= 19 ? 2 : 3);
	clang_disposeTranslationUnit(tu);
}
END_TEST

/* tc_cx_file_pos(): the argument where it is written, the body at the invocation, always. */
START_TEST(test_file_pos_every_release)
{
	CXTranslationUnit tu = parse(macro_text);
	CXCursor refs[8];
	CXFile f;
	unsigned line, col, off;

	ck_assert_int_eq(find(tu, "two", CXCursor_DeclRefExpr, refs), 2);
	ck_assert_uint_eq(line_of(refs[0], tc_cx_file_pos), 4);
	tc_cx_file_pos(clang_getCursorLocation(refs[0]), &f, &line, &col, &off);
	ck_assert_uint_eq(col, 2);
	ck_assert_uint_eq(off, strlen("static int one = 1;\n#define ADD(x) ((x) + one)\n"
				      "static int two = ADD(\n\t"));
	ck_assert_uint_eq(line_of(refs[1], tc_cx_file_pos), 3);
	tc_cx_file_pos(clang_getCursorLocation(refs[1]), &f, &line, &col, &off);
	ck_assert_uint_eq(col, 18);
	char *name = tc_cx_str(clang_getFileName(f));
	ck_assert_str_eq(name, "/unit.c");
	free(name);
	clang_disposeTranslationUnit(tu);
}
END_TEST

static const char type_text[] =
	"typedef unsigned long long u64;\n"
	"typedef struct s { u64 a, b; } S;\n"
	"static S v;\n"
	"static u64 sum = v.a + v.b;\n"
	"static u64 one = v.a;\n"
	"static u64 cast = (u64)1 + 1;\n";

/*
 * LLVM 16 keeps the typedef common to an operator's operands: u64 + u64
 * is "u64" from 16 (getCommonSugaredType()), "unsigned long long" in 14.
 * A type named by a typedef is an ElaboratedType from 16 to 21, a Typedef
 * in 14 and again from 22, which removed ElaboratedType (a keyword or
 * qualifier is now part of the TypedefType or RecordType itself).
 */
START_TEST(test_type_sugar_changed_in_16)
{
	CXTranslationUnit tu = parse(type_text);
	CXCursor ops[8];

	ck_assert_int_eq(find(tu, "sum", CXCursor_BinaryOperator, ops), 1);
	char *raw = tc_cx_str(clang_getTypeSpelling(clang_getCursorType(ops[0])));
	ck_assert_str_eq(raw, clang_major() >= 16 ? "u64" : "unsigned long long");
	free(raw);

	CXCursor refs[8];
	ck_assert_int_eq(find(tu, "sum", CXCursor_DeclRefExpr, refs), 2);
	enum CXTypeKind k = clang_getCursorType(refs[0]).kind;
	int elaborated = clang_major() >= 16 && clang_major() < 22;
	ck_assert_int_eq(k, elaborated ? CXType_Elaborated : CXType_Typedef);
	clang_disposeTranslationUnit(tu);
}
END_TEST

/* tc_cx_expr_type_name(): declared types by name, computed ones canonical, always. */
START_TEST(test_expr_type_name_every_release)
{
	CXTranslationUnit tu = parse(type_text);
	CXCursor c[8];
	char *s;

	ck_assert_int_eq(find(tu, "sum", CXCursor_BinaryOperator, c), 1);
	s = tc_cx_expr_type_name(c[0]);
	ck_assert_str_eq(s, "unsigned long long");
	free(s);
	ck_assert_int_eq(find(tu, "sum", CXCursor_MemberRefExpr, c), 2);
	s = tc_cx_expr_type_name(c[0]);
	ck_assert_str_eq(s, "u64");
	free(s);
	ck_assert_int_eq(find(tu, "sum", CXCursor_DeclRefExpr, c), 2);
	s = tc_cx_expr_type_name(c[0]);
	ck_assert_str_eq(s, "S");
	free(s);
	ck_assert_int_eq(find(tu, "cast", CXCursor_CStyleCastExpr, c), 1);
	s = tc_cx_expr_type_name(c[0]);
	ck_assert_str_eq(s, "u64");
	free(s);
	ck_assert_int_eq(find(tu, "cast", CXCursor_BinaryOperator, c), 1);
	s = tc_cx_expr_type_name(c[0]);
	ck_assert_str_eq(s, "unsigned long long");
	free(s);
	clang_disposeTranslationUnit(tu);
}
END_TEST

/* The kind of each diagnostic tracecheck acts on, whatever clang's wording. */
static void expect_diag(const char *text, enum tc_cxd_kind kind, const char *name)
{
	CXTranslationUnit tu = parse(text);
	unsigned n = clang_getNumDiagnostics(tu);
	int seen = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		struct tc_cx_diag cd;
		tc_cx_diag_classify(d, &cd);
		if (cd.kind == kind) {
			seen = 1;
			if (name)
				ck_assert_str_eq(cd.name, name);
			else
				ck_assert_ptr_null(cd.name);
		}
		tc_cx_diag_release(&cd);
		clang_disposeDiagnostic(d);
	}
	ck_assert_msg(seen, "libclang %d: no diagnostic of kind %d for:\n%s", clang_major(), kind,
		      text);
	clang_disposeTranslationUnit(tu);
}

START_TEST(test_diag_kinds_every_release)
{
	expect_diag("int f(void) { return mystery(1); }\n", TC_CXD_UNDECLARED_FUNCTION, "mystery");
	expect_diag("int f(void) { return nowhere; }\n", TC_CXD_UNDECLARED, "nowhere");
	expect_diag("static foo_t x;\n", TC_CXD_UNKNOWN_TYPE, "foo_t");
	expect_diag("#include <no/such/header.h>\n", TC_CXD_FILE_NOT_FOUND, "no/such/header.h");
	expect_diag("#define M(a, b) a\nint x = M(1\n", TC_CXD_MACRO_UNTERMINATED, NULL);
	expect_diag("#define M(a, b) a\nint x = M(1);\n", TC_CXD_MACRO_TOO_FEW, NULL);
	expect_diag("#define M(a, b) a\nint x = M(1, 2, 3);\n", TC_CXD_MACRO_TOO_MANY, NULL);

	/* a header on disk that includes itself (libclang 14 does not look
	 * for an include in the unsaved files) */
	char dir[] = "/tmp/tc-libclang-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *h = xasprintf("%s/loop.h", dir);
	FILE *f = fopen(h, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#include \"loop.h\"\n", f);
	fclose(f);
	char *text = xasprintf("#include \"%s\"\n", h);
	expect_diag(text, TC_CXD_INCLUDE_TOO_DEEP, NULL);
	unlink(h);
	rmdir(dir);
	free(text);
	free(h);
}
END_TEST

/* tracecheck's words for them, never clang's. */
START_TEST(test_diag_text)
{
	struct tc_cx_diag d = { TC_CXD_UNDECLARED_FUNCTION, (char *)"show_mode", (char *)"x" };
	char *s = tc_cx_diag_text(&d);

	ck_assert_str_eq(s, "function 'show_mode' is not declared");
	free(s);
	d.kind = TC_CXD_UNDECLARED;
	s = tc_cx_diag_text(&d);
	ck_assert_str_eq(s, "'show_mode' is not declared");
	free(s);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("libclang");
	TCase *t = tcase_create("api");
	SRunner *r;
	int failed;

	fprintf(stderr, "libclang %d\n", clang_major());
	tcase_add_test(t, test_spelling_location_changed_in_19);
	tcase_add_test(t, test_file_pos_every_release);
	tcase_add_test(t, test_type_sugar_changed_in_16);
	tcase_add_test(t, test_expr_type_name_every_release);
	tcase_add_test(t, test_diag_kinds_every_release);
	tcase_add_test(t, test_diag_text);
	suite_add_tcase(s, t);
	r = srunner_create(s);
	srunner_set_fork_status(r, CK_NOFORK);
	srunner_run_all(r, CK_VERBOSE);
	failed = srunner_ntests_failed(r);
	srunner_free(r);
	if (idx)
		clang_disposeIndex(idx);
	return failed ? 1 : 0;
}
