/* SPDX-License-Identifier: MIT */
/*
 * What the rules know of a header besides its model: everything that
 * takes a file, the tree index or a child process, got once per header
 * by the engine (tc_run_rules()) before the rules run.  Rules read it
 * from ck->ctx and never open files, fork or query the tree index
 * themselves (tests/rule-io checks rules/ for it).
 *
 *  - the header's text, the one the front end parsed (so the overlay's
 *    under --patch and the --fix re-check), and that text as one token
 *    stream (ctok.h), which the rules read instead of scanning the text;
 *  - the extent of each class's and event's macro invocation in it, and
 *    of its TP_STRUCT__entry(), TP_fast_assign() and TP_printk();
 *  - its kernel tree, and the version of the kernel it is built against
 *    (the header's, kfacts.h says what that version has);
 *  - the tree index's answers for the header (its instantiators, how
 *    the tree reaches each event's tracepoint);
 *  - libtraceevent's verdicts on the header's format files;
 *  - other files a rule needs (an instantiating .c, a macro's
 *    definition), through tc_ctx_file(): read once, overlay honoured.
 *
 * The costly parts are made only when an enabled rule asks for them in
 * its struct tc_rule's needs (TC_NEED_*); the engine asks for more
 * later through tc_context_need().
 */
#ifndef TC_CONTEXT_H
#define TC_CONTEXT_H

#include <stddef.h>

#include "ctok.h"
#include "model.h"
#include "tpindex.h"
#include "uverdict.h"

enum tc_need {
	TC_NEED_TREE_INDEX = 1 << 1,	 /* have_index, inst_*, tp_use* */
	TC_NEED_UVERDICTS = 1 << 2,	 /* uv_available, uv */
	TC_NEED_TOKENS = 1 << 3,	 /* toks */
	TC_NEED_EXTENTS = 1 << 4,	 /* class_ext, event_ext (and toks) */
	TC_NEED_INCLUDE_SEARCH = 1 << 5, /* reinclude, search, nr_search, self_real */
};

/*
 * One place the preprocessor looks for define_trace.h's quoted
 * re-include "PATH/FILE.h": dir (the kernel's include/trace/ first,
 * where define_trace.h is, then kbuild's -I directories in order) and
 * the file dir/PATH/FILE.h is there with its links and '..' resolved,
 * NULL when there is none (a '..' after a directory that does not
 * exist finds nothing, as for the preprocessor).
 */
struct tc_ctx_search {
	const char *dir;
	char *found;
};

/* A macro invocation in ctx->toks: indexes of its name and parentheses. */
struct tc_tspan {
	size_t name, open, close; /* TC_TOK_NONE when absent */
};

/*
 * Where the macro invocation of a class or an event is: the macro at
 * its location (TRACE_EVENT, DEFINE_EVENT, or a macro that wraps them)
 * to the parenthesis that closes it, and the first TP_STRUCT__entry,
 * TP_fast_assign and TP_printk in it (a TP_printk's name is recorded
 * also when no parenthesis follows).  macro.close is TC_TOK_NONE for a
 * class or event defined in another file or not found in the text.
 */
struct tc_extent {
	struct tc_tspan macro, entry, assign, print;
};

/* libtraceevent's verdict on the format file of one printk. */
struct tc_ctx_uv {
	const struct tc_printk *pk;
	const struct tc_event *e; /* the first instantiated event that prints with pk */
	struct tc_uv_findings findings;
};

struct tc_ctx_file;

struct tc_context {
	const struct tc_header *h;
	const char *text; /* the header's text, NULL if it cannot be read */
	size_t len;
	char *root;	    /* its kernel tree (absolute), NULL outside one */
	int kernel_version; /* the header's kernel_version: kfacts.h's TC_KV(), 0 if unknown */

	/* the tree index; have_index 0 when there is none (no tree, cannot be made) */
	int have_index;
	const char **inst_files; /* tree-relative .c files instantiating the header */
	int *inst_direct;	 /* each: includes it itself */
	size_t nr_inst;
	/* per h->events[i] with a name: how the tree reaches trace_NAME and trace_NAME_tp */
	enum tc_tp_use *tp_use, *tp_use_tp;

	/* libtraceevent's verdicts, one per format file that renders */
	int uv_available; /* 0: built without libtraceevent */
	struct tc_ctx_uv *uv;
	size_t nr_uv;

	unsigned made; /* the TC_NEED_* made so far */
	struct tc_toks toks; /* of text */
	struct tc_extent *class_ext, *event_ext; /* per h->classes[], h->events[] */

	struct tc_ctx_file *files; /* tc_ctx_file()'s cache */
	size_t nr_files, alloc_files;

	/*
	 * TC_NEED_INCLUDE_SEARCH, for a header in a kernel tree whose
	 * re-include is quoted (TRACE_INCLUDE_PATH defined): that path as
	 * pasted ("../../drivers/x/x_trace.h"), where the preprocessor
	 * looks for it, and the header's own path with its links
	 * resolved.  reinclude is NULL otherwise.
	 */
	char *reinclude;
	struct tc_ctx_search *search;
	size_t nr_search;
	char *self_real;

	/*
	 * Patch mode, checking the header as a patch leaves it: its model
	 * as the tree was before the patch (h->before); NULL otherwise, and
	 * when the header is new or could not be read before.
	 */
	const struct tc_header *before;
	/* per h->events[i] with a name: the tree's calls of trace_NAME passing NULL */
	const struct tc_tp_badarg **bad_args;
	size_t *nr_bad_args;
	/* and what they pass for strings: tc_tpindex_string_args(), NULL when not known */
	const char **str_args;
	/*
	 * per h->events[i] whose trace_NAME (trace_NAME_tp) is TC_TP_CALLED:
	 * "CONFIG_X\tFILE" when every call make UT=1 counts is built only
	 * with CONFIG_X (#if, kbuild line) and no instantiating .c is
	 * (tc_tpindex_fired()), FILE one such caller; else NULL
	 */
	char **tp_only_under, **tp_only_under_tp;
};

/*
 * How the tree reaches the tracepoint of h->events[i] (TC_NEED_TREE_INDEX)
 * in the kernel of ctx: the name its macro gives it there, the event's
 * name and *suffix ("" or "_tp": DECLARE_TRACE() from 6.16, kfacts.h).
 * When the kernel is not known and its kernels name it differently,
 * either name counts: the plain one if it is fired, else the _tp one if
 * that is, and *suffix says which.
 */
enum tc_tp_use tc_context_tp_use(const struct tc_context *ctx, size_t i, const char **suffix);

/* Make ctx for h with what needs (TC_NEED_*) asks for besides the text. */
void tc_context_init(struct tc_context *ctx, const struct tc_header *h, unsigned needs);
void tc_context_release(struct tc_context *ctx);
/* Make what needs asks for and ctx does not have yet. */
void tc_context_need(struct tc_context *ctx, unsigned needs);

/*
 * The text of path (the header's own, or any other file), through
 * read_file() and so the overlay, read the first time it is asked for;
 * NULL if it cannot be read.  Valid until the context is released.
 */
const char *tc_context_file(struct tc_context *ctx, const char *path, size_t *len);

#endif
