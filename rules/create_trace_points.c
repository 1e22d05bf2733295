// SPDX-License-Identifier: MIT
/*
 * create-trace-points: a trace header that no .c of the kernel tree
 * instantiates (#define CREATE_TRACE_POINTS, then #include of it), or
 * that more than one .c instantiates.
 *
 * Tree mode only; the instantiations come from the tree's index
 * (tpindex.c): the #include lines after each #define
 * CREATE_TRACE_POINTS, matched to the header as instantiator.c matches
 * them, directly or through a header so included that includes this
 * one (rdmavt's trace.h collecting trace_qp.h ...).  Only headers that
 * include <trace/define_trace.h> and define a tracepoint are judged
 * (fragments included by other trace headers are not).
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "strbuf.h"
#include "tpindex.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A trace header that no .c of the kernel tree instantiates (#define\n"
		"CREATE_TRACE_POINTS, then #include, directly or through a header it\n"
		"includes): an error when a tracepoint of it is called, one level lower\n"
		"when nothing uses it. Also, one level lower, two or more .c files of one\n"
		"architecture, or of the generic code, instantiating the same header,\n"
		"each file named. Tree mode only (--kernel-tree, or a header inside a\n"
		"kernel tree).",
	.why =
		"The events and tracepoints of a header exist only in the object that\n"
		"defines CREATE_TRACE_POINTS before including it. With none, every\n"
		"trace_NAME() call refers to an undefined __tracepoint_NAME and the link\n"
		"fails; with several built into one image or module, the same symbols\n"
		"are defined twice.",
	.kernel =
		"No fix to cite. 6.12 code it fires on (warning): drivers/vfio/pci/trace.h:\n"
		"no .c instantiates it and nothing calls its tracepoints.",
	.example =
		"/* foo_trace.c, and no other file: */\n"
		"#define CREATE_TRACE_POINTS\n"
		"#include \"foo_trace.h\"\n",
	.fix =
		"None.",
	.silence =
		"Its findings are about the header, not an event: --disable\n"
		"create-trace-points in a .tracecheck file beside the header silences one\n"
		"header.",
};

/* The line of the header's (last) #include <trace/define_trace.h>, 0 if none is found. */
static unsigned define_trace_line(const struct tc_toks *ts)
{
	unsigned found = 0;

	for (size_t i = 0; i + 1 < ts->nr; i++) {
		if (!(ts->v[i].flags & TC_TOK_BOL) || !(ts->v[i].flags & TC_TOK_PP) ||
		    !tc_toks_is(ts, i + 1, "include"))
			continue;
		size_t e = i + 2;
		while (e < ts->nr && !(ts->v[e].flags & TC_TOK_BOL))
			e++;
		struct strbuf sb = STRBUF_INIT;
		tc_toks_spell(ts, i + 2, e, &sb);
		if (strstr(strbuf_str(&sb), "trace/define_trace.h"))
			found = ts->v[i].line;
		strbuf_release(&sb);
	}
	return found;
}

/* The line of the #define CREATE_TRACE_POINTS in text (the first), 0 if none. */
static unsigned ctp_line(const char *text)
{
	unsigned line = 1, found = 0;

	if (!text)
		return 0;
	for (const char *l = text; *l && !found; l = strchrnul(l, '\n'), l += *l == '\n', line++) {
		const char *p = tc_directive(l, "define");
		if (!p)
			continue;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "CREATE_TRACE_POINTS", 19))
			found = line;
	}
	return found;
}

/* "arch/A/..." files: the length of "arch/A"; 0 for the rest of the tree. */
static size_t arch_len(const char *rel)
{
	const char *s = starts_with(rel, "arch/") ? strchr(rel + 5, '/') : NULL;

	return s ? (size_t)(s - rel) : 0;
}

static int defines_tracepoints(const struct tc_header *h)
{
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		const char *f = e->loc.file;
		if (f && (!strcmp(f, h->path) || !strcmp(f, h->abs_path)) &&
		    (e->instantiated || (e->macro && starts_with(e->macro, "DECLARE_TRACE"))))
			return 1;
	}
	return 0;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_context *ctx = ck->ctx;

	/* a trace remote's header is read through define_remote_events.h, not CREATE_TRACE_POINTS */
	if (!ctx->root || !h->reread_how || !defines_tracepoints(h) || !ctx->have_index ||
	    h->remote)
		return;
	unsigned dl = define_trace_line(&ctx->toks);
	struct tc_loc at = { h->path, dl ? dl : 1, 1 };
	const char **files = ctx->inst_files;
	const int *direct = ctx->inst_direct;
	size_t n = ctx->nr_inst, nd = 0;
	/*
	 * Duplicates count within one architecture's arch/A/ or within the
	 * rest of the tree: arm64's ptrace.c and kernel/entry/common.c
	 * both instantiate syscalls.h, for kernels with and without
	 * GENERIC_ENTRY, never in one image.
	 */
	int *dup = xcalloc(n ? n : 1, sizeof(*dup));
	for (size_t i = 0; i < n; i++) {
		size_t same = 0;
		for (size_t j = 0; j < n && direct[i]; j++)
			same += direct[j] && arch_len(files[i]) == arch_len(files[j]) &&
				!strncmp(files[i], files[j], arch_len(files[i]));
		dup[i] = same > 1;
		nd += dup[i];
	}
	if (!n) {
		/* a caller makes it a link error; without one the header is dead */
		char *called = NULL;
		for (size_t i = 0; i < h->nr_events && !called; i++) {
			const struct tc_event *e = h->events[i];
			if (e->name && (e->instantiated ||
					(e->macro && starts_with(e->macro, "DECLARE_TRACE")))) {
				/* DECLARE_TRACE(name) fires as trace_name_tp() from 6.16 */
				const char *suffix;
				enum tc_tp_use u = tc_context_tp_use(ctx, i, &suffix);
				if (u == TC_TP_CALLED || u == TC_TP_PASTED || u == TC_TP_ATTACHED)
					called = xasprintf("%s%s", e->name, suffix);
			}
		}
		struct tc_diag *d;
		if (called) {
			d = tc_report(ck, at,
				      "no .c file of the kernel tree defines CREATE_TRACE_POINTS and "
				      "includes this header: its tracepoints are declared but never "
				      "defined");
			tc_diag_note(d, at,
				     "trace_%s() is called, and links against a __tracepoint_%s that no "
				     "object defines",
				     called, called);
		} else {
			d = tc_report_lower(ck, at,
					    "no .c file of the kernel tree defines CREATE_TRACE_POINTS "
					    "and includes this header, and nothing calls its "
					    "tracepoints: the header is dead");
		}
		tc_diag_advise(d, at,
			       "add '#define CREATE_TRACE_POINTS' before the #include of this header "
			       "in one .c file%s",
			       called ? "" : ", or remove the header");
		free(called);
	} else if (nd > 1) {
		struct tc_diag *d = tc_report_lower(
			ck, at,
			"%zu .c files define CREATE_TRACE_POINTS and include this header: each "
			"defines its tracepoints and events again",
			nd);
		for (size_t i = 0; i < n; i++) {
			if (!dup[i])
				continue;
			char *abs = xasprintf("%s/%s", ctx->root, files[i]);
			char *cwd = absolute_path(".");
			const char *rel = path_below(abs, cwd);
			struct tc_loc l = { tc_header_intern((struct tc_header *)h, rel ? rel : abs),
					    ctp_line(tc_ctx_file(ck, abs, NULL)), 1 };
			tc_diag_note(d, l, "instantiated here");
			free(cwd);
			free(abs);
		}
		tc_diag_advise(d, at,
			       "built into the same image or module, the __tracepoint_* symbols are "
			       "defined twice; keep CREATE_TRACE_POINTS in one of them");
	}
	free(dup);
}

const struct tc_rule rule_create_trace_points = {
	.name = "create-trace-points",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a trace header no .c instantiates with CREATE_TRACE_POINTS, or several do "
		   "(tree mode)",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TREE_INDEX | TC_NEED_TOKENS,
};
