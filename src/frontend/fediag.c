// SPDX-License-Identifier: MIT
/* libclang's diagnostics read: the header's errors, input it cannot stand on, context it lacks. */
#include <stdlib.h>
#include <string.h>

#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

/*
 * "FILE:LINE:COL: error: TEXT" at the diagnostic's file location (where
 * a macro was used, not where it is defined), the same with every
 * libclang: clang_formatDiagnostic() names the definition from 19 on.
 */
/*
 * The file of f (malloced), *line changed to the .c's own line where f
 * is the unit's file and the line is the .c's text (tc_tu's unit_source):
 * not the synthetic unit's, whose lines depend on how it was read.
 */
static char *file_name_of(const struct tc_tu *t, CXFile f, unsigned *line)
{
	if (t->unit_source && t->unit_file && tc_cx_file_equal(f, t->unit_file) &&
	    *line > t->unit_line0) {
		*line -= t->unit_line0;
		return xstrdup(t->unit_source);
	}
	return tc_cx_str(clang_getFileName(f));
}

static char *diag_message(const struct tc_tu *t, CXDiagnostic d)
{
	CXFile f;
	unsigned line = 0, col = 0;
	char *text = tc_cx_str(clang_getDiagnosticSpelling(d)), *msg;

	tc_cx_file_pos(clang_getDiagnosticLocation(d), &f, &line, &col, NULL);
	char *name = f ? file_name_of(t, f, &line) : NULL;
	/* relative to the current directory when below it, as the findings' paths */
	char *file = name ? tc_shown_path(name) : NULL;
	free(name);
	if (file)
		msg = xasprintf("%s:%u:%u: %s: %s", file, line, col,
				clang_getDiagnosticSeverity(d) >= CXDiagnostic_Fatal ? "fatal error"
										     : "error",
				text);
	else
		msg = xasprintf("error: %s", text);
	free(file);
	free(text);
	return msg;
}

/*
 * A redefinition in the header itself of a function it defines: the
 * re-reads of the multi-read section define it again, in the kernel's
 * build as here (compile-error).  Kept once per place.  Of other
 * entities (a struct or enum re-read), and of what other files define,
 * nothing is said: the context explains them.
 */
static void function_redefined(struct tc_tu *t, CXDiagnostic d, const struct tc_cx_diag *cd)
{
	struct tc_header *h = t->h;
	CXSourceLocation l = clang_getDiagnosticLocation(d);
	CXCursor c = clang_getCursor(t->tu, l);

	/* a function's redefinition is one of a definition: a prototype may be repeated */
	if (!tc_cx_in_header(t, l) || clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return;
	struct tc_loc at = tc_cx_file_loc(t, l);
	for (size_t i = 0; i < h->nr_compile_errors; i++)
		if (h->compile_errors[i].loc.line == at.line &&
		    h->compile_errors[i].loc.col == at.col)
			return;
	ALLOC_GROW(h->compile_errors, h->nr_compile_errors + 1, h->alloc_compile_errors);
	h->compile_errors[h->nr_compile_errors++] =
		(struct tc_compile_error){ at, xstrdup(cd->clang_text), xstrdup(cd->name) };
}

void tc_fe_collect_clang_diags(struct tc_tu *t)
{
	unsigned n = clang_getNumDiagnostics(t->tu);

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		enum CXDiagnosticSeverity s = clang_getDiagnosticSeverity(d);

		struct tc_cx_diag cd;
		tc_cx_diag_classify(d, &cd);
		if (cd.kind == TC_CXD_UNDECLARED) {
			struct tc_header *h = t->h;
			ALLOC_GROW(h->undeclared, h->nr_undeclared + 1, h->alloc_undeclared);
			h->undeclared[h->nr_undeclared++] = xstrdup(cd.name);
		}
		if (cd.kind == TC_CXD_REDEFINITION)
			function_redefined(t, d, &cd);
		tc_cx_diag_release(&cd);
		if (s >= CXDiagnostic_Error) {
			struct tc_header *h = t->h;
			h->nr_clang_errors++;
			ALLOC_GROW(h->clang_messages, h->nr_clang_messages + 1,
				   h->alloc_clang_messages);
			h->clang_messages[h->nr_clang_messages++] = diag_message(t, d);
		}
		clang_disposeDiagnostic(d);
	}
}

/* "FILE:LINE:COL" of a location, FILE relative to the current directory when below it. */
static char *place_of(const struct tc_tu *t, CXSourceLocation l, char **abs_file)
{
	CXFile f;
	unsigned line = 0, col = 0;

	tc_cx_file_pos(l, &f, &line, &col, NULL);
	char *file = f ? file_name_of(t, f, &line) : xstrdup("?");
	char *shown = tc_shown_path(file);
	char *place = xasprintf("%s:%u:%u", shown, line, col);

	free(shown);
	*abs_file = absolute_path(file);
	free(file);
	return place;
}

/*
 * Input the analysis cannot stand on, as the compiler found it: a header
 * that includes itself, directly or through another, without a guard
 * (the preprocessor stops at its nesting limit; what it read is
 * nonsense), and in the header itself an event macro that is never
 * closed or has too few or too many arguments (the header does not
 * compile; the event is silently missing).  1 after a one-line error
 * naming where, else 0.  The diagnostics are recognised by kind
 * (tc_cx_diag_classify()), never by clang's wording.
 */
int tc_fe_broken_input(struct tc_tu *t, const char *path)
{
	static const char *const what[] = {
		[TC_CXD_MACRO_UNTERMINATED] = "unterminated function-like macro invocation",
		[TC_CXD_MACRO_TOO_FEW] = "too few arguments provided to function-like macro invocation",
		[TC_CXD_MACRO_TOO_MANY] = "too many arguments provided to function-like macro invocation",
	};
	unsigned n = clang_getNumDiagnostics(t->tu);
	int broken = 0;

	for (unsigned i = 0; i < n && !broken; i++) {
		CXDiagnostic d = clang_getDiagnostic(t->tu, i);
		struct tc_cx_diag cd;
		char *abs = NULL, *place = NULL;

		tc_cx_diag_classify(d, &cd);
		if (cd.kind == TC_CXD_INCLUDE_TOO_DEEP) {
			place = place_of(t, clang_getDiagnosticLocation(d), &abs);
			error_place(place, "#include nested too deeply: a header includes itself, "
					   "directly or through another, without an include guard; %s "
					   "not checked",
				    path);
			broken = 1;
		} else if (cd.kind == TC_CXD_MACRO_UNTERMINATED || cd.kind == TC_CXD_MACRO_TOO_FEW ||
			   cd.kind == TC_CXD_MACRO_TOO_MANY) {
			place = place_of(t, clang_getDiagnosticLocation(d), &abs);
			if (!strcmp(abs, t->h->abs_path)) {
				error_place(place, "%s: the header does not compile; not checked",
					    what[cd.kind]);
				broken = 1;
			}
		}
		free(place);
		free(abs);
		tc_cx_diag_release(&cd);
		clang_disposeDiagnostic(d);
	}
	return broken;
}

/* Is offset inside the arguments of a TP_printk() of text? */
static int in_tp_printk(const char *text, size_t len, size_t offset)
{
	const char *last = NULL;

	if (offset > len)
		return 0;
	for (const char *p = text; (p = memmem(p, (size_t)(text + offset - p), "TP_printk", 9));
	     p += 9)
		last = p;
	if (!last)
		return 0;
	int depth = 0;
	for (const char *p = last + 9; p < text + offset; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			return 0;
	}
	return depth > 0;
}

/*
 * Does the unit say that the header needs more context than it gave?
 * An error in the header, or in a header beside it (the driver's own,
 * which it includes), or a call of an undeclared function in a
 * TP_printk(): in the .c's context that is likely a macro (net.h's
 * show_family_name()), which user space may well be able to read.  An
 * undeclared function elsewhere (sched.h's pid_nr() in TP_fast_assign)
 * changes nothing tracecheck looks at.
 */
int tc_fe_lacks_context(CXTranslationUnit tu, const char *abs_path, const char *shown,
			const char *hdir, const char *text, size_t len, char **why)
{
	unsigned n = clang_getNumDiagnostics(tu);
	CXFile hf = clang_getFile(tu, abs_path);
	int lacks = 0;

	for (unsigned i = 0; i < n && !lacks; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXSourceLocation loc = clang_getDiagnosticLocation(d);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
		CXFile f = NULL, sf = NULL;
		unsigned line = 0, col = 0, sline = 0, scol = 0, off = 0;

		clang_getExpansionLocation(loc, &f, &line, &col, NULL);
		tc_cx_file_pos(loc, &sf, &sline, &scol, &off);
		if (sev >= CXDiagnostic_Error) {
			if (f && hf && tc_cx_file_equal(f, hf)) {
				lacks = 1;
			} else if (f) {
				char *name = tc_cx_str(clang_File_tryGetRealPathName(f));
				const char *rel = name ? path_below(name, hdir) : NULL;
				lacks = rel && !strchr(rel, '/');
				free(name);
			}
		} else if (sev == CXDiagnostic_Warning && f && hf && tc_cx_file_equal(f, hf)) {
			/* -Wimplicit-function-declaration, the only warning enabled */
			lacks = !sf || !tc_cx_file_equal(sf, hf) || in_tp_printk(text, len, off);
		}
		if (lacks) {
			struct tc_cx_diag cd;
			tc_cx_diag_classify(d, &cd);
			char *msg = tc_cx_diag_text(&cd);
			char *fname = NULL;
			tc_cx_diag_release(&cd);
			if (sf && hf && tc_cx_file_equal(sf, hf)) {
				f = sf; /* the argument itself, not the TRACE_EVENT() */
				line = sline;
				col = scol;
			}
			if (!f || !hf || !tc_cx_file_equal(f, hf))
				fname = tc_cx_str(clang_getFileName(f));
			*why = xasprintf("%s:%u:%u: %s", fname ? fname : shown, line, col, msg);
			free(fname);
			free(msg);
		}
		clang_disposeDiagnostic(d);
	}
	return lacks;
}
