// SPDX-License-Identifier: MIT
/*
 * compile-error: a header the kernel's build rejects, as the compiler
 * said it.
 *
 * <trace/define_trace.h> reads the trace header again for each stage
 * with TRACE_HEADER_MULTI_READ defined, so whatever the multi-read
 * section defines is defined again on every pass.  The event macros are
 * made for it; a function is not: "redefinition of 'f'" in the kernel's
 * build as in tracecheck's parse.  The front end keeps such errors when
 * they are in the header itself (tc_header.compile_errors); what other
 * files say, and what a header's missing context explains (an #include
 * not found, an undeclared name, a struct or enum read again, which the
 * kernel's own headers guard), is context, not a finding (-v shows it).
 * The analysis goes on past the error, as the compiler's does, with the
 * first definition: nothing the rules read stands on the broken one.
 */
#include "rules.h"

#include <string.h>

#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A trace header that does not compile: a function defined inside the\n"
		"multi-read section (between '#if !defined(_X_H) ||\n"
		"defined(TRACE_HEADER_MULTI_READ)' and its #endif), which the re-reads\n"
		"of <trace/define_trace.h> define again. The finding is the compiler's\n"
		"first message about it, at its place; errors that the header's context\n"
		"explains (a missing #include, an undeclared name, a struct read again)\n"
		"are not findings: -v shows them.",
	.why =
		"The kernel does not build with the header: every .c that defines\n"
		"CREATE_TRACE_POINTS and includes it stops with \"redefinition of\". A\n"
		"header that only ever reached a tree without CREATE_TRACE_POINTS (an\n"
		"out-of-tree driver, a new header in a patch series) hides it until\n"
		"the one .c that instantiates it is built.",
	.kernel =
		"A header's helpers live above its multi-read guard, or inside it under\n"
		"'#ifdef CREATE_TRACE_POINTS', which define_trace.h undefines before it\n"
		"reads the header again: include/trace/events/sched.h (6.12) defines\n"
		"__trace_sched_switch_state() so. The kernel builds, so no header of a\n"
		"release has the error; a patch can.",
	.example =
		"#if !defined(_TRACE_FOO_H) || defined(TRACE_HEADER_MULTI_READ)\n"
		"#define _TRACE_FOO_H\n"
		"\n"
		"#ifdef CREATE_TRACE_POINTS\n"
		"static inline int foo_mode(int m)\n"
		"{\n"
		"\treturn m & 3;\n"
		"}\n"
		"#endif\n",
	.fix =
		"None: the note says where the definition goes.",
	.silence =
		"Its findings are about the header, not an event: --disable\n"
		"compile-error in a .tracecheck file beside the header silences one\n"
		"header.",
};

/* The line of the header's multi-read guard (#if ... TRACE_HEADER_MULTI_READ), or 0. */
static unsigned multi_read_guard(const struct tc_header *h)
{
	unsigned line = 1;

	for (const char *l = h->text; l && *l; l = strchrnul(l, '\n'), l += *l == '\n', line++) {
		const char *p = tc_directive(l, "if");
		const char *eol = strchrnul(l, '\n');
		if (p && memmem(p, (size_t)(eol - p), "TRACE_HEADER_MULTI_READ", 23))
			return line;
	}
	return 0;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	unsigned guard = multi_read_guard(h);

	for (size_t i = 0; i < h->nr_compile_errors; i++) {
		const struct tc_compile_error *e = &h->compile_errors[i];
		struct tc_diag *d = tc_report(ck, e->loc,
					      "the header does not compile: %s; <trace/define_trace.h> "
					      "reads it again for each stage, and function '%s' is "
					      "defined again each time",
					      e->msg, e->name);
		tc_diag_subject(d, TC_SCOPE_HEADER, NULL, TC_ELEM_DIRECTIVE, e->name, 0);
		if (guard && guard < e->loc.line)
			tc_diag_advise(d, (struct tc_loc){ h->path, guard, 1 },
				       "define '%s' before this #if, or under '#ifdef "
				       "CREATE_TRACE_POINTS', which define_trace.h undefines before it "
				       "reads the header again",
				       e->name);
		else
			tc_diag_advise(d, e->loc,
				       "define '%s' outside the multi-read section, or under '#ifdef "
				       "CREATE_TRACE_POINTS', which define_trace.h undefines before it "
				       "reads the header again",
				       e->name);
	}
}

const struct tc_rule rule_compile_error = {
	.name = "compile-error",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "the header does not compile as the kernel builds it (a function defined in "
		   "the multi-read section)",
	.doc = &doc,
	.check = check,
};
