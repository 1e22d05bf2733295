// SPDX-License-Identifier: MIT
#include "context.h"

#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "format.h"
#include "fskeys.h"
#include "kbuildcfg.h"
#include "kfacts.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

struct tc_ctx_file {
	char *path; /* as asked for */
	char *text; /* NULL: it cannot be read */
	size_t len;
};

/*
 * libtraceevent's verdicts on every format file of the header that
 * renders: all the formats first, then one child for all of them.
 */
static void user_space_verdicts(struct tc_context *ctx)
{
	static int said;
	const struct tc_header *h = ctx->h;
	size_t n;

	if (!tc_uv_consumer()) {
		if (!said++)
			warning("rule printk-userspace is unavailable: tracecheck was built without "
				"libtraceevent");
		return;
	}
	ctx->uv_available = 1;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	struct strbuf *fmts = xcalloc(n + 1, sizeof(*fmts));
	const char **texts = xcalloc(n + 1, sizeof(*texts)), **systems = xcalloc(n + 1, sizeof(*systems));
	struct tc_ctx_uv *uv = xcalloc(n + 1, sizeof(*uv));
	struct tc_uv_findings *outs = xcalloc(n + 1, sizeof(*outs));
	size_t nr = 0;

	for (size_t i = 0; i < n; i++) {
		const char *why;

		uv[nr].e = tc_printk_event(h, ps[i]);
		uv[nr].pk = ps[i];
		strbuf_init(&fmts[nr]);
		if (!uv[nr].e || tc_format_event(h, uv[nr].e, &fmts[nr], &why)) {
			strbuf_release(&fmts[nr]);
			continue;
		}
		texts[nr] = fmts[nr].buf;
		systems[nr] = tc_format_system(h, uv[nr].e);
		nr++;
	}
	if (!tc_uverdict_many(texts, systems, nr, outs)) {
		for (size_t i = 0; i < nr; i++)
			uv[i].findings = outs[i];
	} else {
		for (size_t i = 0; i < nr; i++)
			tc_uv_findings_release(&outs[i]);
		nr = 0;
		/* never silent: the header's events were not judged */
		ctx->uv_available = 0;
		warning("%s: rule printk-userspace could not run: the libtraceevent child failed",
			h->path);
	}
	for (size_t i = 0; i < n; i++)
		strbuf_release(&fmts[i]);
	ctx->uv = uv;
	ctx->nr_uv = nr;
	free(outs);
	free(fmts);
	free(texts);
	free(systems);
	free(ps);
}

/* The tree's calls of each event's tracepoint that pass NULL, and the strings they pass. */
static void bad_args(struct tc_context *ctx, const struct tc_tpindex *ix)
{
	const struct tc_header *h = ctx->h;

	ctx->bad_args = xcalloc(h->nr_events + 1, sizeof(*ctx->bad_args));
	ctx->nr_bad_args = xcalloc(h->nr_events + 1, sizeof(*ctx->nr_bad_args));
	ctx->str_args = xcalloc(h->nr_events + 1, sizeof(*ctx->str_args));
	for (size_t i = 0; i < h->nr_events; i++)
		if (h->events[i]->name) {
			ctx->nr_bad_args[i] =
				tc_tpindex_bad_args(ix, h->events[i]->name, &ctx->bad_args[i]);
			ctx->str_args[i] = tc_tpindex_string_args(ix, h->events[i]->name);
		}
}

/*
 * "CONFIG_X\tFILE" when the tree fires name (as make UT=1 counts) only
 * in code built with CONFIG_X, FILE one such caller, name is not
 * exported, and no .c that instantiates the header is built under
 * CONFIG_X itself (its kbuild lines); else NULL.
 */
static char *only_under(const struct tc_context *ctx, const struct tc_tpindex *ix, const char *name)
{
	const char *file = NULL;
	int fired;
	char *opts = tc_tpindex_fired(ix, name, &fired, &file), *res = NULL;

	/* an export is a use for make UT=1 (EXPORT_TRACEPOINT_SYMBOL() records the name) */
	if (!opts || tc_tpindex_exported(ix, name)) {
		free(opts);
		return NULL;
	}
	/* the first option the callers need that no instantiating .c is built with */
	char **inst = xcalloc(ctx->nr_inst + 1, sizeof(*inst));
	for (size_t i = 0; i < ctx->nr_inst; i++)
		inst[i] = tc_kbuild_config(ctx->root, ctx->inst_files[i]);
	for (const char *p = opts; *p && !res;) {
		size_t len = strcspn(p, " ");
		int theirs = 0;
		for (size_t i = 0; i < ctx->nr_inst && !theirs; i++)
			theirs = tc_tpindex_options_have(inst[i], p, len);
		if (!theirs)
			res = xasprintf("%.*s\t%s", (int)len, p, file);
		p += len + (p[len] == ' ');
	}
	for (size_t i = 0; i < ctx->nr_inst; i++)
		free(inst[i]);
	free(inst);
	free(opts);
	return res;
}

/* The tree index's answers about h: its instantiators, its tracepoints' uses. */
static void tree_index(struct tc_context *ctx)
{
	const struct tc_header *h = ctx->h;
	const struct tc_tpindex *ix = ctx->root ? tc_tpindex_get(ctx->root) : NULL;

	if (ctx->root && tc_deps_recording()) {
		/* the result depends on what the index says about h's names (tpindex.h) */
		const char **names = xcalloc(2 * h->nr_events + 1, sizeof(*names));
		char **tps = xcalloc(h->nr_events + 1, sizeof(*tps));
		size_t nr = 0;
		for (size_t i = 0; i < h->nr_events; i++) {
			if (!h->events[i]->name)
				continue;
			tps[i] = xasprintf("%s_tp", h->events[i]->name);
			names[nr++] = h->events[i]->name;
			names[nr++] = tps[i];
		}
		tc_tpindex_depend(ix, ctx->root, h->abs_path, h->tree_path, names, nr);
		for (size_t i = 0; i < h->nr_events; i++)
			free(tps[i]);
		free(tps);
		free(names);
	}
	if (!ix)
		return;
	ctx->have_index = 1;
	ctx->nr_inst = tc_tpindex_instantiators(ix, h->abs_path, &ctx->inst_files, &ctx->inst_direct);
	ctx->tp_use = xcalloc(h->nr_events + 1, sizeof(*ctx->tp_use));
	ctx->tp_use_tp = xcalloc(h->nr_events + 1, sizeof(*ctx->tp_use_tp));
	bad_args(ctx, ix);
	ctx->tp_only_under = xcalloc(h->nr_events + 1, sizeof(*ctx->tp_only_under));
	ctx->tp_only_under_tp = xcalloc(h->nr_events + 1, sizeof(*ctx->tp_only_under_tp));
	for (size_t i = 0; i < h->nr_events; i++) {
		const char *name = h->events[i]->name;
		if (!name)
			continue;
		/* DECLARE_TRACE(name)'s tracepoint is name_tp in newer kernels (kfacts.h) */
		char *tp = xasprintf("%s_tp", name);
		ctx->tp_use[i] = tc_tpindex_use(ix, name, h->tree_path, NULL);
		ctx->tp_use_tp[i] = tc_tpindex_use(ix, tp, h->tree_path, NULL);
		if (ctx->tp_use[i] == TC_TP_CALLED)
			ctx->tp_only_under[i] = only_under(ctx, ix, name);
		if (ctx->tp_use_tp[i] == TC_TP_CALLED)
			ctx->tp_only_under_tp[i] = only_under(ctx, ix, tp);
		free(tp);
	}
}

/* The invocation at loc, from its first token to the ')' that closes it. */
static struct tc_extent extent_at(const struct tc_toks *ts, const struct tc_header *h,
				  const struct tc_loc *loc)
{
	static const char *const inner[] = { "TP_STRUCT__entry", "TP_fast_assign", "TP_printk" };
	struct tc_extent x;
	struct tc_tspan *sub[] = { &x.entry, &x.assign, &x.print };
	int depth = 0;

	x.macro.name = x.macro.open = x.macro.close = TC_TOK_NONE;
	x.entry = x.assign = x.print = x.macro;
	if (!loc->file || !loc->line ||
	    (strcmp(loc->file, h->path) && (!h->abs_path || strcmp(loc->file, h->abs_path))))
		return x;
	size_t k = tc_toks_at_loc(ts, loc->line, loc->col ? loc->col : 1);
	for (size_t j = k; j < ts->nr; j++) {
		if (tc_toks_is(ts, j, ";") && !depth)
			break; /* no invocation here */
		if (tc_toks_is(ts, j, "(") && !depth++)
			x.macro.open = j;
		else if (tc_toks_is(ts, j, ")") && --depth <= 0) {
			if (!depth)
				x.macro.close = j;
			break;
		}
	}
	if (x.macro.close == TC_TOK_NONE) {
		x.macro.open = TC_TOK_NONE;
		return x;
	}
	x.macro.name = k;
	for (size_t j = x.macro.open + 1; j < x.macro.close; j++) {
		if (ts->v[j].kind != TC_TK_IDENT)
			continue;
		for (size_t i = 0; i < ARRAY_SIZE(inner); i++) {
			if (sub[i]->name != TC_TOK_NONE || !tc_toks_is(ts, j, inner[i]))
				continue;
			sub[i]->name = j;
			if (tc_toks_is(ts, j + 1, "(")) {
				sub[i]->open = j + 1;
				sub[i]->close = tc_toks_close(ts, j + 1);
			}
		}
	}
	return x;
}

static void extents(struct tc_context *ctx)
{
	const struct tc_header *h = ctx->h;

	ctx->class_ext = xcalloc(h->nr_classes + 1, sizeof(*ctx->class_ext));
	ctx->event_ext = xcalloc(h->nr_events + 1, sizeof(*ctx->event_ext));
	for (size_t i = 0; i < h->nr_classes; i++)
		ctx->class_ext[i] = extent_at(&ctx->toks, h, &h->classes[i]->loc);
	for (size_t i = 0; i < h->nr_events; i++)
		ctx->event_ext[i] = extent_at(&ctx->toks, h, &h->events[i]->loc);
}

/* Where define_trace.h's quoted re-include of the header is found, dir by dir. */
static void include_search(struct tc_context *ctx)
{
	const struct tc_header *h = ctx->h;
	const char *p = h->reread_path;
	size_t n = p ? strlen(p) : 0;

	if (!ctx->root || n < 3 || p[0] != '"' || p[n - 1] != '"' || !h->abs_path)
		return;
	ctx->reinclude = xstrndup(p + 1, n - 2);
	ctx->search = xcalloc(h->nr_include_dirs + 1, sizeof(*ctx->search));
	ctx->search[0].dir = "include/trace";
	for (size_t i = 0; i < h->nr_include_dirs; i++)
		ctx->search[i + 1].dir = h->include_dirs[i];
	ctx->nr_search = h->nr_include_dirs + 1;
	for (size_t i = 0; i < ctx->nr_search; i++) {
		const char *d = ctx->search[i].dir;
		char *path = d[0] == '/' ? xasprintf("%s/%s", d, ctx->reinclude)
					 : xasprintf("%s/%s/%s", ctx->root, d, ctx->reinclude);
		/* what is there, a dependency either way (fskeys.h) */
		ctx->search[i].found = tc_deps_real_file(path);
		free(path);
	}
	ctx->self_real = h->abs_path ? tc_deps_real_file(h->abs_path) : NULL;
}

void tc_context_need(struct tc_context *ctx, unsigned needs)
{
	if (needs & TC_NEED_EXTENTS)
		needs |= TC_NEED_TOKENS;
	needs &= ~ctx->made;
	ctx->made |= needs;
	if (needs & TC_NEED_TREE_INDEX)
		tree_index(ctx);
	if (needs & TC_NEED_UVERDICTS)
		user_space_verdicts(ctx);
	if (needs & TC_NEED_TOKENS)
		tc_toks_scan(&ctx->toks, ctx->text ? ctx->text : "", ctx->text ? ctx->len : 0);
	if (needs & TC_NEED_EXTENTS)
		extents(ctx);
	if (needs & TC_NEED_INCLUDE_SEARCH)
		include_search(ctx);
}

enum tc_tp_use tc_context_tp_use(const struct tc_context *ctx, size_t i, const char **suffix)
{
	const struct tc_event *e = ctx->h->events[i];
	enum tc_tp_use plain = ctx->tp_use[i], tp = ctx->tp_use_tp[i];
	const char *s = e->macro ? tc_kf_tp_suffix(e->macro, ctx->kernel_version) : "";

	if (s) {
		*suffix = s;
		return *s ? tp : plain;
	}
	/* either name: the plain one when it is fired, else the _tp one when that is */
	if (plain == TC_TP_CALLED || plain == TC_TP_PASTED || plain == TC_TP_ATTACHED ||
	    tp == TC_TP_UNUSED || tp == TC_TP_EXPORTED) {
		*suffix = "";
		return plain;
	}
	*suffix = "_tp";
	return tp;
}

void tc_context_init(struct tc_context *ctx, const struct tc_header *h, unsigned needs)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->h = h;
	if (h->text) {
		ctx->text = h->text;
		ctx->len = h->text_len;
	} else {
		ctx->text = tc_context_file(ctx, h->abs_path ? h->abs_path : h->path, &ctx->len);
	}
	ctx->root = tc_header_tree_root(h);
	ctx->kernel_version = h->kernel_version;
	ctx->before = h->before;
	tc_context_need(ctx, needs);
}

void tc_context_release(struct tc_context *ctx)
{
	for (size_t i = 0; i < ctx->nr_uv; i++)
		tc_uv_findings_release(&ctx->uv[i].findings);
	free(ctx->uv);
	free(ctx->inst_files);
	free(ctx->inst_direct);
	free(ctx->tp_use);
	free(ctx->tp_use_tp);
	free(ctx->bad_args);
	free(ctx->nr_bad_args);
	free(ctx->str_args);
	for (size_t i = 0; ctx->tp_only_under && i < ctx->h->nr_events; i++) {
		free(ctx->tp_only_under[i]);
		free(ctx->tp_only_under_tp[i]);
	}
	free(ctx->tp_only_under);
	free(ctx->tp_only_under_tp);
	tc_toks_release(&ctx->toks);
	free(ctx->class_ext);
	free(ctx->event_ext);
	for (size_t i = 0; i < ctx->nr_files; i++) {
		free(ctx->files[i].path);
		free(ctx->files[i].text);
	}
	free(ctx->files);
	for (size_t i = 0; i < ctx->nr_search; i++)
		free(ctx->search[i].found);
	free(ctx->search);
	free(ctx->reinclude);
	free(ctx->self_real);
	free(ctx->root);
	memset(ctx, 0, sizeof(*ctx));
}

const char *tc_context_file(struct tc_context *ctx, const char *path, size_t *len)
{
	const struct tc_header *h = ctx->h;
	struct tc_ctx_file *f = NULL;

	if (ctx->text && (!strcmp(path, h->path) || (h->abs_path && !strcmp(path, h->abs_path)))) {
		if (len)
			*len = ctx->len;
		return ctx->text;
	}
	for (size_t i = 0; i < ctx->nr_files && !f; i++)
		if (!strcmp(ctx->files[i].path, path))
			f = &ctx->files[i];
	if (!f) {
		ALLOC_GROW(ctx->files, ctx->nr_files + 1, ctx->alloc_files);
		f = &ctx->files[ctx->nr_files++];
		f->path = xstrdup(path);
		f->len = 0;
		f->text = read_file(path, &f->len);
	}
	if (len)
		*len = f->len;
	return f->text;
}
