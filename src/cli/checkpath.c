// SPDX-License-Identifier: MIT
/* One header's check, in a worker or alone: its settings, its parse, the rules, into its result. */
#include "cli_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "baseline.h"
#include "cache.h"
#include "datadir.h"
#include "dump.h"
#include "layoutview.h"
#include "strbuf.h"
#include "suppress.h"
#include "discover.h"
#include "emit.h"
#include "fixrun.h"
#include "input.h"
#include "notchecked.h"
#include "rules.h"
#include "util.h"

/* Settings for one header: defaults, its config file, the command line. */
int tc_cli_header_settings(const struct cmdline *cl, const char *abs_path,
			   struct tc_settings *s)
{
	char *cfg = NULL;

	tc_settings_init(s);
	if (cl->config)
		cfg = xstrdup(cl->config);
	else if (!cl->no_config)
		cfg = tc_find_config(abs_path);
	if (cfg && tc_settings_load_file(s, cfg)) {
		free(cfg);
		return -1;
	}
	free(cfg);
	for (size_t i = 0; i < cl->nr_ropts; i += 2)
		if (tc_settings_apply(s, cl->ropts[i], cl->ropts[i + 1], "command line") < 0)
			return -1;
	return 0;
}

/* -v: the context h was read in, and what libclang said */
static void verbose(const struct cmdline *cl, const char *path, const struct tc_header *h)
{
	if (!cl->verbose)
		return;
	if (h->instantiator)
		inform("%s: checked %s %s%s%s", path,
		       h->minimal_context ? "with the flags of" : "in the context of", h->instantiator,
		       h->context_why ? ", which it needs: " : "", h->context_why ? h->context_why : "");
	for (size_t j = 0; j < h->nr_clang_messages; j++) {
		/* "FILE:L:C: error: ...": at its place, as gcc says it, a note of the context */
		const char *m = h->clang_messages[j], *e = strstr(m, ": error: ");
		const char *f = strstr(m, ": fatal error: ");
		const char *at = f && (!e || f < e) ? f : e;
		char *place = at ? xstrndup(m, (size_t)(at - m)) : NULL;
		if (place)
			advise_place(place, "libclang, reading %s: %s", path, at + 2);
		else
			inform("%s: libclang: %s", path, m);
		free(place);
	}
	for (size_t k = 0; k < h->nr_cfg_passes; k++) {
		const struct tc_header *p = h->cfg_passes[k].h;
		struct strbuf ev = STRBUF_INIT;
		for (size_t j = 0; j < p->nr_events; j++) {
			int found = 0;
			if (!tc_header_event_pass(h, p->events[j]->name, &found) && found)
				continue; /* this configuration's */
			strbuf_addf(&ev, "%s%s", ev.len ? ", " : "", p->events[j]->name);
		}
		inform("%s: checked again with %s%s%s%s: %s", path, h->cfg_passes[k].config,
		       h->cfg_passes[k].implied ? " (and for them " : "",
		       h->cfg_passes[k].implied ? h->cfg_passes[k].implied : "",
		       h->cfg_passes[k].implied ? ")" : "",
		       ev.len ? strbuf_str(&ev) : "no events of its own");
		strbuf_release(&ev);
		for (size_t j = 0; j < p->nr_clang_messages; j++)
			inform("%s: with %s: libclang: %s", path, h->cfg_passes[k].config,
			       p->clang_messages[j]);
	}
}

/*
 * A header without events or classes: not checked (said so in r) if it
 * reads as a trace header; else, checking, no header of trace events at
 * all (a warning, none with -q).  1 if it was not checked.
 */
static int skipped(const struct cmdline *cl, const char *path, const struct tc_header *h,
		   const struct tc_settings *s, struct tc_file_result *r)
{
	char *why;
	struct tc_nc_events ev;
	enum tc_nc_reason k = tc_not_checked(h, tc_datadir(), s, &why, &ev);

	if (k) {
		tc_result_not_checked(r, k, why);
		tc_result_nc_events(r, &ev);
		free(why);
		return 1;
	}
	/* read, but some of its events are left out: said so, the rest checked */
	if (tc_events_not_checked(h, s, &why, &ev)) {
		tc_result_not_checked(r, TC_NC_CONFIG, why);
		tc_result_nc_events(r, &ev);
		free(why);
	}
	/* read, but not what is nested past libclang's limit */
	if (tc_nesting_not_checked(h, &why)) {
		tc_result_not_checked(r, TC_NC_NESTED, why);
		free(why);
	}
	if (r->file.nc_reason)
		return 0;
	/* a trace header that is no reason: its events, all accepted as not checked */
	int accepted = h->text && tc_is_trace_header_text(h->text);
	if (!h->nr_classes && !h->nr_events && !h->nr_cfg_passes && !accepted && !cl->layout &&
	    !cl->emit_format && !cl->quiet)
		warning("%s: no trace events defined", path);
	return 0;
}

/* The events of h's passes in other configurations that h itself does not define. */
static size_t pass_events(const struct tc_header *h)
{
	size_t n = 0;

	for (size_t k = 0; k < h->nr_cfg_passes; k++) {
		const struct tc_header *p = h->cfg_passes[k].h;
		for (size_t j = 0; j < p->nr_events; j++) {
			int found;
			const struct tc_cfg_pass *at = tc_header_event_pass(h, p->events[j]->name, &found);
			n += at && at->h == p && p->events[j]->instantiated;
		}
	}
	return n;
}

/*
 * The parts of the header the rules could not judge (d->unchecked): the
 * header is not checked in part, said in r.  An interruption wins: what
 * to do about it is to run again.
 */
static void rules_not_checked(const struct tc_diags *d, struct tc_file_result *r)
{
	struct strbuf sb = STRBUF_INIT;
	int reason = TC_NC_NONE;

	for (size_t i = 0; i < d->nr_unchecked; i++) {
		if (!reason || d->unchecked[i].reason == TC_NC_INTERRUPTED)
			reason = d->unchecked[i].reason;
		strbuf_addf(&sb, "%s%s", sb.len ? "; " : "", d->unchecked[i].what);
	}
	if (reason)
		tc_result_not_checked(r, reason, sb.buf);
	strbuf_release(&sb);
}

/* The exit status the findings d give under s's --fail-on. */
static int fail_status(const struct tc_diags *d, const struct tc_settings *s)
{
	for (size_t j = 0; j < d->nr; j++)
		if (d->v[j].severity >= s->fail_on && d->v[j].severity != TC_SEV_NOTE)
			return 1;
	return s->fail_on == TC_SEV_NOTE && d->nr ? 1 : 0;
}

/* --max-findings: the first ones by position stay, the others are counted in r. */
static void cap_findings(const struct cmdline *cl, const struct tc_settings *s, const char *path,
			 struct tc_diags *d, struct tc_file_result *r)
{
	/* --patch compares the findings before and after: all of them */
	long cap = cl->patch ? 0 : s->max_findings < 0 ? TC_MAX_FINDINGS : s->max_findings;

	if (!cap || d->nr <= (size_t)cap)
		return;
	unsigned char *drop = xcalloc(d->nr, 1);
	memset(drop + cap, 1, d->nr - (size_t)cap);
	r->file.omitted = d->nr - (size_t)cap;
	r->file.limit = cap;
	advise("%s: %zu findings, only the first %ld reported (--max-findings %ld; 0: no limit)", path,
	     d->nr, cap, cap);
	tc_diags_remove(d, drop);
	free(drop);
}

/*
 * The findings d of h into r, and those its comments suppressed (supp),
 * with what the reports want of them.
 */
static void keep_findings(struct check_ctx *ctx, const char *path, const char *key,
			  const struct tc_header *h, const struct tc_settings *s,
			  const struct tc_diags *d, const struct tc_suppressed *supp,
			  struct tc_file_result *r)
{
	const struct cmdline *cl = ctx->cl;
	int report = cl->format != TC_FMT_GCC || cl->patch;
	char **fps = tc_fingerprints(d, key);
	size_t tlen = 0;
	/* for the line hashes and the fixes */
	char *text = report && (d->nr || supp->d.nr) ? read_file(r->file.path, &tlen) : NULL;
	/*
	 * The repairs, each re-checked as --fix would (a parse of the
	 * repaired text): only for the reports that carry them, not for the
	 * gcc, checkpatch and GitHub lines a hook or a sweep prints
	 */
	int carry = cl->format == TC_FMT_JSON || cl->format == TC_FMT_SARIF ||
		    cl->format == TC_FMT_GITLAB || cl->format == TC_FMT_HTML;
	struct tc_rfix **fixes =
		report && carry ? tc_fix_each(ctx->fe, path, h, text, tlen, d, s) : NULL;
	char **sfps = tc_fingerprints(&supp->d, key);

	tc_rfile_add_findings(&r->file, d, fps, text, tlen, fixes);
	tc_rfile_add_suppressed(&r->file, &supp->d, supp->reasons, sfps, text, tlen);
	tc_fingerprints_free(sfps, supp->d.nr);
	if (cl->format == TC_FMT_HTML)
		tc_rfile_add_records(&r->file, h, d);
	if (fixes)
		tc_fix_each_free(fixes, d->nr);
	free(text);
	tc_fingerprints_free(fps, d->nr);
}

/*
 * What r says of the header h besides its findings: the problems of its
 * inline suppressions (at their lines), each --ignore RULE:EVENT of s
 * and whether h defines EVENT, and the root its report paths are
 * relative to.
 */
static void note_suppressions(const char *path, const struct tc_header *h,
			      const struct tc_settings *s, const struct tc_suppressed *supp,
			      struct tc_file_result *r)
{
	for (size_t i = 0; i < supp->nr_problems; i++)
		warning_at(path, supp->problems[i].line, supp->problems[i].col, "%s",
			   supp->problems[i].msg);
	for (size_t i = 0; i < s->nr_ignores; i++) {
		const struct tc_event_ignore *ig = &s->ignores[i];
		r->ignores = xrealloc(r->ignores, (r->nr_ignores + 1) * sizeof(*r->ignores));
		r->ignores[r->nr_ignores++] =
			xasprintf("%d\t%s\t%s:%s", tc_header_defines(h, ig->event), ig->where,
				  ig->rule < 0 ? "all" : tc_rules[ig->rule]->name, ig->event);
	}
	free(r->srcroot);
	r->srcroot = tc_source_root(path, h->tree_path ? h->tree_root : NULL);
}

/* The text --fix starts from: the file as it was before it was parsed. */
struct fix_input {
	char *text;
	size_t len;
};

/* The rules, --fix, the baselines and --max-findings on h: its findings into r; the status. */
static int check_findings(struct check_ctx *ctx, const char *path, struct tc_header **hp,
			  const struct tc_settings *s, const struct fix_input *fix,
			  struct tc_file_result *r)
{
	const struct cmdline *cl = ctx->cl;
	struct tc_diags diags = { 0 };
	struct tc_suppressed supp = { 0 };
	int status = 0;

	if (s->layout_abis)
		(*hp)->layout_abis = s->layout_abis;
	(*hp)->userspace = s->userspace;
	tc_check_header_suppressed(*hp, s, &diags, &supp);
	rules_not_checked(&diags, r);
	note_suppressions(path, *hp, s, &supp, r);
	if (cl->fix) {
		struct tc_fix_run fr = { cl->fix_diff, cl->quiet, tc_result_output(r),
					 (cl->force ? TC_FIX_FORCE : 0) |
						 (cl->break_hard_links ? TC_FIX_BREAK_LINKS : 0) };
		if (!fix->text || tc_fix_header_run(ctx->fe, path, fix->text, fix->len, hp, &diags,
						    s, &fr))
			status = 2;
	}
	const char *key = (*hp)->tree_path ? (*hp)->tree_path : path;
	if (cl->write_baseline) {
		char **fps = tc_fingerprints(&diags, key);
		tc_baseline_write(tc_result_output(r), &diags, key, fps);
		tc_fingerprints_free(fps, diags.nr);
		tc_diags_release(&diags);
	} else if (cl->baseline) {
		r->fixed = tc_baseline_filter(&cl->base, &diags, key);
	}
	status = tc_status_worse(status, fail_status(&diags, s));
	r->file.fail_on = s->fail_on;
	cap_findings(cl, s, path, &diags, r);
	keep_findings(ctx, path, key, *hp, s, &diags, &supp, r);
	tc_diags_release(&diags);
	tc_suppressed_release(&supp);
	return status;
}

/*
 * --emit-format: h's events, and those of each other build of its
 * instantiating .c (rebuild.h), which may name another TRACE_SYSTEM.
 */
static int emit_formats(struct check_ctx *ctx, const char *path, const struct tc_header *h,
			struct tc_file_result *r)
{
	int status = tc_emit_formats(h, ctx->cl->emit_dir, tc_result_output(r)) ? 2 : 0;
	size_t n = tc_frontend_rebuilds(ctx->fe, h);

	for (size_t k = 1; k <= n; k++) {
		struct tc_header *b = tc_frontend_parse_rebuild(ctx->fe, path, k);
		if (!b || tc_emit_formats(b, ctx->cl->emit_dir, tc_result_output(r)))
			status = 2;
		tc_header_free(b);
	}
	return status;
}

/* What the mode does with the parsed header h; the status. */
static int check_header(struct check_ctx *ctx, const char *path, struct tc_header **hp,
			const struct tc_settings *s, const struct fix_input *fix,
			struct tc_file_result *r)
{
	const struct cmdline *cl = ctx->cl;
	struct tc_header *h = *hp;

	for (size_t j = 0; j < h->nr_events; j++)
		r->file.events += h->events[j]->instantiated;
	r->file.events += pass_events(h);
	verbose(cl, path, h);
	if (cl->dump_model) {
		tc_dump_model(h, tc_result_output(r));
		return 0;
	}
	int skip = skipped(cl, path, h, s, r);
	if (cl->layout) {
		struct tc_layout_opts lo = { cl->events, cl->nr_events, cl->suggest, s->layout_abis };
		return skip ? 0 : tc_layout_print(h, h->text, h->text_len, &lo, tc_result_output(r));
	}
	if (cl->emit_format)
		return emit_formats(ctx, path, h, r);
	return check_findings(ctx, path, hp, s, fix, r);
}

/*
 * 1 if path is to be parsed; 0 for a header whose text has no word of
 * the trace machinery at all (no event macro, known or not, no
 * define_trace.h, no TP_*()) and no #include "local.h", said as the parse
 * would: "no trace events defined".
 */
static int plain_header(const struct cmdline *cl, const char *path)
{
	size_t len = 0;
	char *text = cl->dump_model || cl->layout || cl->emit_format ? NULL : read_file(path, &len);
	/*
	 * not a word of the trace machinery (a trace header's, known or not,
	 * has one) and no local header it could bring them in from
	 */
	int parse = !text || memchr(text, '\0', len) || tc_is_trace_header_text(text) ||
		    strstr(text, "TRACE") || strstr(text, "EVENT") || strstr(text, "TP_") ||
		    strstr(text, "include \"");

	free(text);
	if (!parse && !cl->quiet)
		warning("%s: no trace events defined", path);
	return parse;
}

/* The patch mode's context, for tc_cli_before_holds() (one per process). */
static struct check_ctx *patch_ctx;

/*
 * The resolver of the dependency "before ID": do the dependencies of the
 * parse of the side before the patch (the entry "beforedeps" ID) hold,
 * checked with that side's overlay?  "1"; else "0", or NULL when this
 * check has no side before.
 */
char *tc_cli_before_holds(const char *id)
{
	struct check_ctx *ctx = patch_ctx;
	size_t len;
	char *data;

	if (!ctx || !ctx->before_path || !(data = tc_cache_get("beforedeps", id, &len)))
		return NULL;
	const char *p = data;
	ctx->before_load(ctx->before_side[0]);
	int holds = tc_deps_check(&p, data + len) == 1 && p == data + len;
	ctx->before_load(ctx->before_side[1]);
	free(data);
	return xstrdup(holds ? "1" : "0");
}

/*
 * What the parse of the side before depended on, recorded on its own
 * (tc_deps_push()): with the overlay of the side after, the header's
 * text before the patch, a file only that side includes, the tree
 * index of that side would all read differently.  It is kept as an
 * entry of its own, which the result depends on (tc_cli_before_holds()).
 */
static void keep_before_deps_as(const struct strbuf *sb)
{
	char id[33];

	tc_hash_hex(sb->buf, sb->len, id);
	tc_cache_put("beforedeps", id, sb->buf, sb->len);
	tc_deps_key("before", id, "1");
}

static void keep_before_deps(void)
{
	struct strbuf sb = STRBUF_INIT;
	int bad = tc_deps_finish(&sb);

	tc_deps_pop();
	if (bad)
		tc_deps_spoil("the parse of the side before the patch cannot be kept");
	else
		keep_before_deps_as(&sb);
	strbuf_release(&sb);
}

/*
 * The header tc_cli_read_before() noted, parsed with the tree as it was before
 * the patch (the overlay back to the side after it then); NULL if none.
 * What its parse says, the check of the side before says already; what
 * it depends on is recorded as the side before's (keep_before_deps()).
 */
static struct tc_header *read_before_now(struct check_ctx *ctx)
{
	struct tc_header *h = NULL;

	if (!ctx->before_path)
		return NULL;
	/*
	 * parsed by the check of the side before (prime_before()), with its
	 * dependencies if this check records its own
	 */
	if (ctx->primed && (!tc_deps_recording() || ctx->primed_deps.len)) {
		h = ctx->primed;
		ctx->primed = NULL;
		if (tc_deps_recording())
			keep_before_deps_as(&ctx->primed_deps);
		strbuf_reset(&ctx->primed_deps);
		return h;
	}
	tc_header_free(ctx->primed);
	ctx->primed = NULL;
	int recording = tc_deps_recording();
	if (recording)
		tc_deps_push();
	ctx->before_load(ctx->before_side[0]);
	/* the worker's sink (its result's) again after: not standard error */
	void *sink_ctx;
	tc_msg_sink sink = tc_get_msg_sink(&sink_ctx);
	tc_set_msg_sink(tc_cli_drop_message, NULL);
	if (!tc_input_check(ctx->before_path))
		h = tc_frontend_parse(ctx->fe, ctx->before_path);
	tc_set_msg_sink(sink, sink_ctx);
	ctx->before_load(ctx->before_side[1]);
	if (recording)
		keep_before_deps();
	return h;
}

/* The per-header pipeline, for one header (in a worker, but for a lone header): into r. */
int tc_cli_check_path(const char *path, void *vctx, struct tc_file_result *r)
{
	struct check_ctx *ctx = vctx;
	struct tc_settings s;
	int status = 2;

	if (tc_input_check(path))
		return 2;
	char *abs = absolute_path(path);
	int bad = tc_cli_header_settings(ctx->cl, abs, &s);
	free(abs);
	if (!bad) {
		/* --fix: the text as it is before it is read, so that a change since is seen */
		struct fix_input fix = { NULL, 0 };
		if (ctx->cl->fix)
			fix.text = read_file(path, &fix.len);
		/* no event macro in it at all (a hook hands every header): nothing to parse */
		if (!plain_header(ctx->cl, path)) {
			tc_settings_release(&s);
			free(fix.text);
			return 0;
		}
		struct tc_header *before = read_before_now(ctx);
		struct tc_header *h = tc_frontend_parse(ctx->fe, path);
		if (h) {
			h->before = before;
			status = check_header(ctx, path, &h, &s, &fix, r);
		}
		if (ctx->priming && h && !before) {
			tc_header_free(ctx->primed);
			ctx->primed = h;
			h = NULL;
		}
		tc_header_free(h);
		tc_header_free(before);
		free(fix.text);
	}
	free(ctx->before_path);
	ctx->before_path = NULL;
	tc_settings_release(&s);
	return status;
}

void tc_cli_drop_message(enum tc_msg_level level, const char *text, void *ctx)
{
	(void)level;
	(void)text;
	(void)ctx;
}

/*
 * Patch mode: the header at path as the tree was before the patch, for
 * the check of the side after it (tc_cli_check_path() hands it to the rules).
 * Only noted here; read_before_now() parses it when the check runs, or
 * takes the header tc_cli_prime_before() parsed.
 */
void tc_cli_read_before(const char *path, void *vctx, void (*load)(const void *side),
			const void *before, const void *after)
{
	struct check_ctx *ctx = vctx;

	free(ctx->before_path);
	ctx->before_path = xstrdup(path);
	patch_ctx = ctx;
	ctx->before_load = load;
	ctx->before_side[0] = before;
	ctx->before_side[1] = after;
}

/*
 * Patch mode, in the worker of the side after the patch of path, the
 * overlay set to the side before: that side's check, as its own worker
 * would make it (kept in the cache too), its result written to fd for
 * the parent; the header it parsed serves read_before_now(), one parse
 * fewer, with what the check depended on (when the result was kept).
 */
void tc_cli_prime_before(const char *path, void *vctx, int fd)
{
	struct check_ctx *ctx = vctx;

	strbuf_reset(&ctx->primed_deps);
	ctx->priming = 1;
	tc_result_copy_deps(&ctx->primed_deps);
	/* its result to fd, also after a die() (the worker ends there) */
	tc_result_work(path, tc_cli_check_path, ctx, fd);
	tc_result_copy_deps(NULL);
	ctx->priming = 0;
}
