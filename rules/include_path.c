// SPDX-License-Identifier: MIT
/*
 * include-path: a TRACE_INCLUDE_PATH that finds its header only by
 * accident.
 *
 * define_trace.h re-reads the header with
 * '#include TRACE_INCLUDE(TRACE_INCLUDE_FILE)', that is
 * "PATH/FILE.h" with the path pasted in: a quoted include, looked for
 * first in include/trace/ (define_trace.h's own directory), then in
 * kbuild's -I directories in order.  A path that climbs out of a
 * directory with '..' is written for one of them; when include/trace/
 * finds nothing and a later -I directory (arch/$ARCH/include,
 * include, ...) finds the header, the '..' count is wrong and only the
 * other directory's depth makes it work.  The engine resolves the path
 * in each directory (ctx->search, TC_NEED_INCLUDE_SEARCH).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TRACE_INCLUDE_PATH with '..' in it that does not lead from\n"
		"include/trace/ to the header, while another of kbuild's -I directories\n"
		"(arch/$ARCH/include, include, the generated ones, the Makefile's) does:\n"
		"define_trace.h's re-include \"PATH/FILE.h\" finds the header only\n"
		"through that directory. The finding gives the path that is right from\n"
		"include/trace/. Checked in a kernel tree, with the tree's -I\n"
		"directories and those the Makefile of the .c that instantiates the\n"
		"header adds.",
	.why =
		"define_trace.h includes the header from include/trace/, so a path that\n"
		"climbs with '..' is counted from there. One '..' too many or too few\n"
		"still builds when another include directory happens to be at the depth\n"
		"that makes up for it, and stops building when that directory is not\n"
		"there or is deeper: another architecture's or an out-of-tree build's\n"
		"include list, a file moved to another directory, a tool that compiles\n"
		"the header with the documented include path only.\n"
		"\n"
		"A path found only through -I include, which every kernel build passes,\n"
		"is a note: a convention rather than a break, as a blind sample of 7.3\n"
		"(docs/RESULTS.md) judged 7.3's one finding, rust_binder_events.h (true\n"
		"but minor). A path found only through another directory, such as an\n"
		"architecture's include directory (fjes until 6.1), stops building\n"
		"elsewhere and stays a warning.",
	.kernel =
		"drivers/net/fjes/fjes_trace.h had '#define TRACE_INCLUDE_PATH\n"
		"../../../drivers/net/fjes' until 6.1 (found through\n"
		"-I arch/$ARCH/include); 6.12 has the right '../../drivers/net/fjes'.\n"
		"7.2's drivers/android/binder/rust_binder_events.h has\n"
		"'../drivers/android/binder', found only through -I include.",
	.example =
		"/* drivers/net/fjes/fjes_trace.h (6.12) */\n"
		"#undef TRACE_INCLUDE_PATH\n"
		"#undef TRACE_INCLUDE_FILE\n"
		"#define TRACE_INCLUDE_PATH ../../drivers/net/fjes\n"
		"#define TRACE_INCLUDE_FILE fjes_trace\n"
		"#include <trace/define_trace.h>\n",
	.fix =
		"None: the finding's note gives the path to write.",
	.silence =
		"Its findings are about the header, not an event: --disable\n"
		"include-path in a .tracecheck file beside the header silences one\n"
		"header.",
};

/* p has a ".." component. */
static int climbs(const char *p)
{
	for (const char *s = p; (s = strstr(s, "..")); s += 2)
		if ((s == p || s[-1] == '/') && (!s[2] || s[2] == '/'))
			return 1;
	return 0;
}

/* The last '#define TRACE_INCLUDE_PATH' of the header: its '#', and its value in *val. */
static size_t path_define(const struct tc_toks *ts, struct strbuf *val)
{
	size_t at = TC_TOK_NONE;

	for (size_t i = 0; i + 2 < ts->nr; i++) {
		if (!(ts->v[i].flags & TC_TOK_BOL) || !(ts->v[i].flags & TC_TOK_PP) ||
		    !tc_toks_is(ts, i, "#") || !tc_toks_is(ts, i + 1, "define") ||
		    !tc_toks_is(ts, i + 2, "TRACE_INCLUDE_PATH"))
			continue;
		size_t e = i + 3;
		while (e < ts->nr && !(ts->v[e].flags & TC_TOK_BOL))
			e++;
		at = i;
		strbuf_reset(val);
		tc_toks_spell(ts, i + 3, e, val);
	}
	return at;
}

/* dir, tree-relative when it is in the tree. */
static const char *shown_dir(const char *dir, const char *root)
{
	const char *below = dir[0] == '/' ? path_below(dir, root) : dir;

	return below && *below ? below : dir;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_context *ctx = ck->ctx;
	size_t first = 0;

	if (!ctx->reinclude || !ctx->nr_search || !ctx->self_real || !h->tree_path ||
	    !climbs(ctx->reinclude))
		return;
	while (first < ctx->nr_search && !ctx->search[first].found)
		first++;
	/* found from include/trace/, found nowhere or another file: header-protocol's */
	if (!first || first == ctx->nr_search || strcmp(ctx->search[first].found, ctx->self_real))
		return;

	struct strbuf val = STRBUF_INIT;
	size_t at = path_define(&ctx->toks, &val);
	struct tc_loc loc = { h->path, 1, 1 };
	if (at != TC_TOK_NONE) {
		loc.line = ctx->toks.v[at].line;
		loc.col = ctx->toks.v[at].col;
	}
	char *dir = dir_name(h->tree_path);
	char *right = starts_with(dir, "include/trace/") ? xstrdup(dir + strlen("include/trace/"))
			: !strcmp(dir, "include/trace")	 ? xstrdup(".")
							 : xasprintf("../../%s", dir);
	const char *via = shown_dir(ctx->search[first].dir, ctx->root);
	/* -I include, which every kernel build passes: a note (doc.why) */
	struct tc_diag *(*report)(struct tc_check *, struct tc_loc, const char *, ...) =
		!strcmp(via, "include") ? tc_report_note : tc_report;
	struct tc_diag *d = report(
		ck, loc,
		"TRACE_INCLUDE_PATH '%s' finds this header only through -I %s: define_trace.h's "
		"#include \"%s\" is relative to include/trace/, where it finds no file; a build "
		"without that include directory, or with it at another depth, does not build the "
		"events",
		val.len ? strbuf_str(&val) : "?", via, ctx->reinclude);
	tc_diag_advise(d, loc, "write '#define TRACE_INCLUDE_PATH %s'", right);
	free(right);
	free(dir);
	strbuf_release(&val);
}

const struct tc_rule rule_include_path = {
	.name = "include-path",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "TRACE_INCLUDE_PATH finds the header only through an include directory "
		   "other than include/trace/ (tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TOKENS | TC_NEED_INCLUDE_SEARCH,
};
