// SPDX-License-Identifier: MIT
/*
 * tracecheck: a static checker for the Linux kernel's TRACE_EVENT()
 * definitions.
 *
 * Flow: main() reads the options; for each header, in a worker process
 * (runner.c), it loads the rule settings (.tracecheck, then the command
 * line), the front end (frontend.c) parses the header into the event
 * model (model.h), every enabled rule (rules/registry.c) reports into a
 * diagnostics list (diag.c), which is merged and sorted (analyze.c),
 * filtered by the baseline and cut by --max-findings into the header's
 * result (result.h); the parent prints the results in the files' order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze.h"
#include "cache.h"
#include "config.h"
#include "datadir.h"
#include "diag.h"
#include "dump.h"
#include "fskeys.h"
#include "baseline.h"
#include "checkfmt.h"
#include "compdb.h"
#include "hook.h"
#include "kbuild.h"
#include "kerneltree.h"
#include "layoutview.h"
#include "options.h"
#include "patchmode.h"
#include "report.h"
#include "result.h"
#include "notchecked.h"
#include "strbuf.h"
#include "suppress.h"
#include "discover.h"
#include "runner.h"
#include "uverdict.h"
#include "emit.h"
#include "fixrun.h"
#include "input.h"
#include "overlay.h"
#include "tep.h"
#include "kconfig.h"
#include "tpindex.h"
#include "frontend.h"
#include "rules.h"
#include "ruledoc.h"
#include "util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

/* --explain: the rule's level, summary and documentation */
static void explain(const struct tc_rule *r)
{
	struct strbuf sb = STRBUF_INIT;

	printf("%s (%s%s)\n\n", r->name, tc_severity_name(r->severity),
	       r->enabled ? "" : ", off by default");
	printf("%s\n\n", r->summary);
	tc_rule_doc_text(r, &sb);
	fputs(strbuf_str(&sb), stdout);
	strbuf_release(&sb);
}

/* --man-rules: the rules' entries of tracecheck-rules(7), which make writes with them */
static void man_rules(void)
{
	struct strbuf sb = STRBUF_INIT;

	tc_rules_man(&sb);
	fputs(strbuf_str(&sb), stdout);
	strbuf_release(&sb);
}

static void list_rules(void)
{
	int width = 0;

	for (size_t i = 0; i < tc_nr_rules; i++)
		if ((int)strlen(tc_rules[i]->name) > width)
			width = (int)strlen(tc_rules[i]->name);
	for (size_t i = 0; i < tc_nr_rules; i++) {
		const struct tc_rule *r = tc_rules[i];
		int unavailable = !strcmp(r->name, "printk-userspace") && !tc_uv_consumer();
		printf("%-*s %-7s %s%s%s%s\n", width, r->name, tc_severity_name(r->severity),
		       r->summary, r->enabled ? "" : " (off by default)", r->fix ? " (--fix)" : "",
		       unavailable ? " (unavailable: built without libtraceevent)" : "");
	}
}

/* Settings for one header: defaults, its config file, the command line. */
static int header_settings(const struct cmdline *cl, const char *abs_path,
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

/*
 * --emit-format writes the events of the kernel built for the target: a
 * header below the kernel tree's arch/X/ for another architecture than
 * the target's is no part of it (arch/x86/kvm/trace.h and
 * arch/arm64/kvm/trace_arm.h both define kvm/kvm_entry).  Is found (below
 * the directory dir) such a header?
 */
static int other_arch(const struct cmdline *cl, const char *dir, const char *found)
{
	char *top = cl->kernel_tree ? xstrdup(cl->kernel_tree) : tc_find_kernel_tree(dir);
	char *root = top ? absolute_path(top) : NULL;
	char *abs = absolute_path(found);
	const char *rel = root && abs ? path_below(abs, root) : NULL;
	const char *arch = tc_kernel_arch(cl->target);
	int other = rel && starts_with(rel, "arch/") &&
		    !(starts_with(rel + 5, arch) && rel[5 + strlen(arch)] == '/');

	free(top);
	free(root);
	free(abs);
	return other;
}

/* Directories among the files: the trace headers below them; 1 if nothing is left to check. */
static int expand_directories(struct cmdline *cl)
{
	const char **files = NULL;
	size_t nr = 0, alloc = 0;
	int empty = 0;

	for (size_t i = 0; i < cl->nr_files; i++) {
		if (!is_dir(cl->files[i])) {
			tc_strv_push(&files, &nr, &alloc, cl->files[i]);
			continue;
		}
		char **found = NULL;
		size_t nf = 0, af = 0;
		cl->discovered = 1;
		if (!tc_find_trace_headers(cl->files[i], &found, &nf, &af)) {
			/* nothing to check is not a failure, as for checkpatch and sparse */
			advise("%s: no trace headers below it", cl->files[i]);
			empty = 1;
		}
		size_t others = 0;
		for (size_t k = 0; k < nf; k++) {
			if (cl->emit_format && !cl->no_kernel_tree && other_arch(cl, cl->files[i], found[k])) {
				others++;
				free(found[k]);
				continue;
			}
			tc_strv_push(&files, &nr, &alloc, tc_cmdline_own(cl, found[k]));
		}
		if (others && !cl->quiet)
			advise("%s: --emit-format leaves out %zu trace header%s of architectures other "
			       "than %s", cl->files[i], others, others == 1 ? "" : "s",
			       tc_kernel_arch(cl->target));
		free(found);
	}
	free(cl->files);
	cl->files = files;
	cl->nr_files = nr;
	cl->alloc_files = alloc;
	return empty && !nr;
}

struct check_ctx {
	const struct cmdline *cl;
	struct tc_frontend *fe;
	struct tc_file_result *results; /* of the files, in the parent */
	struct tc_report *report;	/* NULL: the gcc shape */
	struct tc_totals totals;	/* of those printed */
	/*
	 * Patch mode, the side after the patch of a header that was there
	 * before: its path, and how to load the overlay of each side
	 * (read_before()); the header as it was is parsed only when the
	 * check runs, not when its result comes from the cache.
	 */
	char *before_path;
	void (*before_load)(const void *side);
	const void *before_side[2];
	/*
	 * prime_before(): the side before checked in the worker of the side
	 * after, the header as it parsed it kept for read_before_now(), with
	 * what that check depended on (primed_deps); priming while it runs
	 */
	int priming;
	struct tc_header *primed;
	struct strbuf primed_deps;
};

static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
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

static void drop_message(enum tc_msg_level level, const char *text, void *unused);

/* The patch mode's context, for before_holds() (one per process). */
static struct check_ctx *patch_ctx;

/*
 * The resolver of the dependency "before ID": do the dependencies of the
 * parse of the side before the patch (the entry "beforedeps" ID) hold,
 * checked with that side's overlay?  "1"; else "0", or NULL when this
 * check has no side before.
 */
static char *before_holds(const char *id)
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
 * entry of its own, which the result depends on (before_holds()).
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
 * The header read_before() noted, parsed with the tree as it was before
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
	tc_set_msg_sink(drop_message, NULL);
	if (!tc_input_check(ctx->before_path))
		h = tc_frontend_parse(ctx->fe, ctx->before_path);
	tc_set_msg_sink(sink, sink_ctx);
	ctx->before_load(ctx->before_side[1]);
	if (recording)
		keep_before_deps();
	return h;
}

/* The per-header pipeline, for one header (in a worker, but for a lone header): into r. */
static int check_path(const char *path, void *vctx, struct tc_file_result *r)
{
	struct check_ctx *ctx = vctx;
	struct tc_settings s;
	int status = 2;

	if (tc_input_check(path))
		return 2;
	char *abs = absolute_path(path);
	int bad = header_settings(ctx->cl, abs, &s);
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

/* ---- the persistent cache of results (cache.h) ---- */

/* The command line, for the keys of the results. */
static int cache_argc;
static char **cache_argv;

/* The words of the command line that decide results: all but -j and --no-cache. */
static void key_words(struct strbuf *sb)
{
	for (int i = 1; i < cache_argc; i++) {
		const char *a = cache_argv[i];
		if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
			i++;
			continue;
		}
		if (starts_with(a, "-j") || starts_with(a, "--jobs=") || !strcmp(a, "--no-cache"))
			continue;
		strbuf_addf(sb, "arg %s\n", a);
	}
}

/*
 * The hash of what tracecheck reads at path now (the overlay's text, if
 * it has it); -1 if it is no regular file that can be read (a FIFO would
 * block: tc_input_check() refuses it).
 */
static int key_file(struct strbuf *sb, const char *what, const char *path)
{
	size_t len;
	char *text = NULL;
	char h[33];

	if (!path)
		return 0;
	tc_deps_pause();
	if (is_file(path))
		text = read_file(path, &len);
	tc_deps_resume();
	if (!text)
		return -1;
	tc_hash_hex(text, len, h);
	strbuf_addf(sb, "%s %s %s\n", what, path, h);
	free(text);
	return 0;
}

/* Each file the overlay holds now (what --patch changes), as "WHAT PATH HASH". */
static void key_overlay(struct strbuf *sb, const char *what)
{
	for (size_t i = 0; i < tc_overlay_count(); i++) {
		const char *text;
		size_t len;
		char h[33];
		const char *p = tc_overlay_entry(i, &text, &len);
		if (text)
			tc_hash_hex(text, len, h);
		strbuf_addf(sb, "%s %s %s\n", what, p, text ? h : "removed");
	}
}

/*
 * The key of path's result: this build, the options, the current
 * directory, the header's text, what --patch changes, the files the
 * options name and the front end's context.  NULL: not kept (--fix,
 * --emit-format and --save-tu write files; no cache).
 */
static char *result_key(const char *path, void *vctx)
{
	struct check_ctx *ctx = vctx;
	const struct cmdline *cl = ctx->cl;
	struct strbuf sb = STRBUF_INIT;

	if (!tc_cache_enabled() || cl->fix || cl->emit_format || cl->save_tu)
		return NULL;
	char *cwd = absolute_path(".");
	strbuf_addf(&sb, "result\n%s\ncwd %s\npath %s\n", tc_cache_build_id(), cwd, path);
	free(cwd);
	key_words(&sb);
	if (key_file(&sb, "header", path) || key_file(&sb, "baseline", cl->baseline) ||
	    key_file(&sb, "config", cl->config) || key_file(&sb, "kconfig", cl->kconfig) ||
	    key_file(&sb, "compdb", cl->compdb)) {
		strbuf_release(&sb);
		return NULL; /* what the check says about it, it says every time */
	}
	key_overlay(&sb, "overlay");
	/*
	 * --patch, the side after the patch: its rules see the header as it
	 * was too (layout-change), read with the other side's overlay: what
	 * that side was is in the key, not the patch's name (a hook's
	 * temporary file, stdin), and what its parse read a dependency of
	 * its own (read_before_now()).
	 */
	if (ctx->before_path && !strcmp(ctx->before_path, path)) {
		ctx->before_load(ctx->before_side[0]);
		key_overlay(&sb, "before-overlay");
		int bad = key_file(&sb, "before", path);
		ctx->before_load(ctx->before_side[1]);
		if (bad) {
			strbuf_release(&sb);
			return NULL;
		}
	}
	char *fk = tc_frontend_context_key(ctx->fe, path);
	if (!fk) {
		strbuf_release(&sb);
		return NULL;
	}
	strbuf_addstr(&sb, fk);
	free(fk);
	return strbuf_detach(&sb);
}

static void cache_setup(const struct cmdline *cl, int argc, char **argv, int kbuild)
{
	cache_argc = argc;
	cache_argv = argv;
	if (cl->no_cache || kbuild)
		tc_cache_disable();
	tc_cache_set_verbose(cl->verbose);
	if (tc_cache_enabled()) {
		char *fe = tc_frontend_identity(), *tep = tc_tep_identity();
		tc_cache_identity(fe);
		tc_cache_identity(tep);
		free(fe);
		free(tep);
	}
	tc_deps_set_resolver("tpanswers", tc_tpindex_answers_now);
	tc_deps_set_resolver("tpctp", tc_tpindex_ctp_now);
	tc_fskeys_set_resolvers();
	tc_deps_set_resolver("kconfig", tc_kconfig_current_key);
	tc_result_set_cache(result_key);
	/* --patch: the parse of the side before, checked on that side */
	tc_deps_set_resolver("before", before_holds);
}

static void drop_message(enum tc_msg_level level, const char *text, void *ctx)
{
	(void)level;
	(void)text;
	(void)ctx;
}

/*
 * Patch mode: the header at path as the tree was before the patch, for
 * the check of the side after it (check_path() hands it to the rules).
 * Only noted here; read_before_now() parses it when the check runs.
 */
static void read_before(const char *path, void *vctx, void (*load)(const void *side),
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
static void prime_before(const char *path, void *vctx, int fd)
{
	struct check_ctx *ctx = vctx;
	struct tc_file_result r;

	tc_result_init(&r, path);
	strbuf_reset(&ctx->primed_deps);
	ctx->priming = 1;
	tc_result_copy_deps(&ctx->primed_deps);
	tc_result_here(check_path, ctx, &r);
	tc_result_copy_deps(NULL);
	ctx->priming = 0;
	tc_result_write(&r, fd);
	tc_result_release(&r);
}

/*
 * File i's time limit: --timeout, else its config file's, else 60 s.  The
 * config is read again in the worker, which reports what is wrong with it.
 */
static int timeout_of(size_t i, void *vctx)
{
	struct check_ctx *ctx = vctx;
	const struct cmdline *cl = ctx->cl;
	struct tc_settings s;
	int t = cl->timeout;

	if (cl->timeout_set || cl->no_config)
		return t;
	char *abs = absolute_path(cl->files[i]);
	tc_set_msg_sink(drop_message, NULL);
	if (!header_settings(cl, abs, &s) && s.timeout >= 0)
		t = s.timeout;
	tc_set_msg_sink(NULL, NULL);
	tc_settings_release(&s);
	free(abs);
	return t;
}

static void work_file(size_t i, void *vctx, int fd)
{
	struct check_ctx *ctx = vctx;

	tc_result_work(ctx->cl->files[i], check_path, vctx, fd);
}

static size_t collect_file(size_t i, const struct tc_worker_end *end, void *vctx)
{
	struct check_ctx *ctx = vctx;

	return tc_result_collect(&ctx->results[i], end);
}

static void emit_file(size_t i, void *vctx)
{
	struct check_ctx *ctx = vctx;
	struct tc_file_result *r = &ctx->results[i];
	enum tc_format f = ctx->cl->format;

	/* the machine-readable reports' paths: relative to a file's source root (srcroot.c) */
	if (ctx->report && (f == TC_FMT_JSON || f == TC_FMT_SARIF || f == TC_FMT_GITLAB ||
			    f == TC_FMT_GITHUB)) {
		if (!r->srcroot)
			r->srcroot = tc_source_root(r->file.path, NULL);
		tc_report_add_root(ctx->report, r->srcroot);
	}
	tc_totals_add(&ctx->totals, &ctx->results[i]);
	tc_result_emit(&ctx->results[i], ctx->report, tc_diag_detail, !ctx->cl->fix_diff);
	tc_result_release(&ctx->results[i]);
}

/*
 * Check the files: in this process for a lone header without a time
 * limit, else each in a worker; print their results in order, the
 * totals when asked.  Returns the exit status; *fixed: the baseline
 * entries they no longer have.
 */
static int check_files(struct check_ctx *ctx, size_t *fixed)
{
	const struct cmdline *cl = ctx->cl;
	size_t n = cl->nr_files;
	double t0 = tc_now();

	ctx->results = xcalloc(n + 1, sizeof(*ctx->results));
	for (size_t i = 0; i < n; i++)
		tc_result_init(&ctx->results[i], cl->files[i]);
	if (n == 1 && !cl->discovered && !ctx->report && cl->timeout_set && !cl->timeout) {
		/* no time limit: in this process */
		tc_result_here(check_path, ctx, &ctx->results[0]);
		emit_file(0, ctx);
	} else if (n) {
		struct tc_run_options ro = {
			.jobs = cl->jobs > 0 ? cl->jobs : online_cpus(),
			.timeout = cl->timeout,
			.progress = !cl->quiet && isatty(2),
			.timeout_of = timeout_of,
			.work = work_file,
			.collect = collect_file,
			.emit = emit_file,
			.ctx = ctx,
		};
		if (n > 1)
			tc_frontend_warm(ctx->fe, cl->files[0]); /* shared by the workers */
		tc_run_files(n, &ro);
	}
	tc_totals_print_ignores(&ctx->totals);
	/* -q: the gcc format's findings and the summary; a report's without it */
	if (cl->discovered && (!cl->quiet || !ctx->report))
		tc_totals_print(&ctx->totals, tc_now() - t0);
	free(ctx->results);
	ctx->results = NULL;
	*fixed = ctx->totals.fixed;
	int status = ctx->totals.status;
	tc_totals_release(&ctx->totals);
	return status;
}

static enum tc_severity fail_on_of(const char *path, void *vctx)
{
	struct check_ctx *ctx = vctx;
	struct tc_settings s;
	char *abs = absolute_path(path);
	enum tc_severity f = TC_SEV_WARNING;

	if (!header_settings(ctx->cl, abs, &s))
		f = s.fail_on;
	tc_settings_release(&s);
	free(abs);
	return f;
}

static int run(int argc, char **argv, struct tc_kbuild *kb);

/*
 * -p DIR / --compile-commands FILE: each header with the flags of the
 * .c that instantiates it, as kbuild mode would, and the other options
 * of this command line.
 */
static int compdb_run(int argc, char **argv, const struct cmdline *cl)
{
	struct tc_compdb db;
	int status = 0;

	if (tc_compdb_load(cl->compdb, &db))
		return 2;
	for (size_t i = 0; i < cl->nr_files; i++) {
		char *abs = absolute_path(cl->files[i]);
		const struct tc_compdb_entry *e = tc_compdb_instantiator(&db, abs);
		free(abs);
		if (!e) {
			error("%s: no entry of %s instantiates it (#define CREATE_TRACE_POINTS "
			      "and an #include of it)",
			      cl->files[i], cl->compdb);
			status = 2;
			continue;
		}
		char **cargv;
		size_t cn = tc_compdb_argv(e, argv[0], &cargv);
		struct tc_kbuild kb;
		int st = 2;
		if (!tc_kbuild_parse((int)cn, cargv, 0, &kb)) {
			tc_kbuild_probe(&kb);
			/* this command line without the files and the database, then the header */
			const char **av = xcalloc((size_t)argc + 3, sizeof(*av));
			int n = 0;
			for (int k = 0; k < argc; k++) {
				int skip = 0;
				for (size_t f = 0; f < cl->nr_files && !skip; f++)
					skip = argv[k] == cl->files[f];
				if (!strcmp(argv[k], "-p") && k + 1 < argc)
					skip = 1, k++;
				else if (!strcmp(argv[k], "--compile-commands") ||
					 starts_with(argv[k], "--compile-commands="))
					skip = 1, k += !strchr(argv[k], '=');
				if (!skip)
					av[n++] = argv[k];
			}
			av[n++] = "--";
			av[n++] = cl->files[i];
			st = run(n, (char **)av, &kb);
			free(av);
		}
		tc_kbuild_release(&kb);
		for (size_t k = 0; k < cn; k++)
			free(cargv[k]);
		free(cargv);
		status = tc_status_worse(status, st);
	}
	tc_compdb_release(&db);
	return status;
}

/*
 * --chain=sparse, --chain='smatch -p=kernel': run the other checker (its
 * words split on blanks) with the compiler's arguments (argv less
 * tracecheck's own), its output and exit status passing through.
 */
static int chain(const char *prog, const struct tc_kbuild *kb)
{
	char *words = xstrdup(prog), *save = NULL;
	const char **av = NULL;
	size_t n = 0, alloc = 0;
	int st;

	for (char *w = strtok_r(words, " \t", &save); w; w = strtok_r(NULL, " \t", &save))
		tc_strv_push(&av, &n, &alloc, w);
	if (!n) {
		free(words);
		error("--chain: no checker named");
		return 2;
	}
	for (size_t i = 0; i < kb->nr_rest; i++)
		tc_strv_push(&av, &n, &alloc, kb->rest[i]);
	tc_strv_push(&av, &n, &alloc, NULL);
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		execvp(av[0], (char **)av);
		error("--chain=%s: %s", prog, strerror(errno));
		_exit(127);
	}
	free(av);
	free(words);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/*
 * make C=1 CHECK=tracecheck: the argv is the compiler's.  Check the
 * trace headers the .c instantiates, with its flags; tracecheck's own
 * options come from $TRACECHECK_FLAGS and from the long options among
 * the argv (CHECK="tracecheck --disable R", $(CHECKFLAGS), CF=).  The
 * findings go to standard error, as sparse's and the compiler's do;
 * they do not fail the build unless --fatal.
 */
static int kbuild_main(int argc, char **argv)
{
	struct tc_kbuild kb;
	char **headers;
	size_t nh;
	int status;

	int chained = 0;
	int rc = tc_kbuild_parse(argc, argv, 1, &kb);
	if (rc) {
		tc_kbuild_release(&kb);
		/* never stop the build for the checker's sake, but for a wrong option */
		return rc == -2 ? 2 : 0;
	}
	if (kb.chain)
		chained = chain(kb.chain, &kb);
	tc_diag_prefix = kb.prefix;
	nh = tc_kbuild_headers(&kb, &headers);
	if (!nh) {
		tc_kbuild_release(&kb);
		return chained; /* no trace events instantiated here: nothing to say */
	}
	tc_kbuild_probe(&kb);
	struct argv_list {
		const char **v;
		size_t nr, alloc;
	} av = { 0 };
	tc_strv_push(&av.v, &av.nr, &av.alloc, argv[0]);
	char *env = getenv("TRACECHECK_FLAGS") ? xstrdup(getenv("TRACECHECK_FLAGS")) : NULL;
	char *save = NULL;
	for (char *w = env ? strtok_r(env, " \t", &save) : NULL; w; w = strtok_r(NULL, " \t", &save))
		tc_strv_push(&av.v, &av.nr, &av.alloc, w);
	for (size_t i = 0; i < kb.nr_opts; i++)
		tc_strv_push(&av.v, &av.nr, &av.alloc, kb.opts[i]);
	tc_strv_push(&av.v, &av.nr, &av.alloc, "-j1");
	tc_strv_push(&av.v, &av.nr, &av.alloc, "--");
	for (size_t i = 0; i < nh; i++)
		tc_strv_push(&av.v, &av.nr, &av.alloc, headers[i]);
	tc_strv_push(&av.v, &av.nr, &av.alloc, NULL);
	fflush(stdout);
	dup2(2, 1); /* make ... 2>warnings.log: the findings go with the compiler's */
	status = run((int)av.nr - 1, (char **)av.v, &kb);
	for (size_t i = 0; i < nh; i++)
		free(headers[i]);
	free(headers);
	free(av.v);
	free(env);
	int fatal = kb.fatal;
	tc_kbuild_release(&kb);
	if (chained)
		return chained; /* the chained checker's verdict stands */
	return fatal && status == 1 ? 1 : 0;
}

int main(int argc, char **argv)
{
	int not_kbuild = 0; /* the .c at the end is a patch or a format file */

	for (int i = 1; i < argc; i++)
		not_kbuild |= !strcmp(argv[i], "--check-format") || !strcmp(argv[i], "--patch");
	if (!not_kbuild && tc_kbuild_is_check_argv(argc, argv))
		return kbuild_main(argc, argv);
	return run(argc, argv, NULL);
}

/* The report in format (JSON for gcc: --merge writes a report). */
static void print_report(struct tc_report *r, enum tc_format format)
{
	struct strbuf sb = STRBUF_INIT;

	tc_report_print(r, format == TC_FMT_GCC ? TC_FMT_JSON : format, tc_diag_detail, &sb);
	if (sb.len)
		fputs(sb.buf, stdout);
	strbuf_release(&sb);
}

/* --merge: the arguments are JSON or SARIF reports */
static int merge_reports(const struct cmdline *cl)
{
	struct tc_report r = { 0 };
	int status = 0;

	for (size_t i = 0; i < cl->nr_files && !status; i++)
		if (tc_report_load(&r, cl->files[i]))
			status = 2;
	if (!status) {
		print_report(&r, cl->format);
		status = tc_report_status(&r);
	}
	tc_report_release(&r);
	return status;
}

/*
 * --output FILE, --write-baseline FILE: standard output goes to a
 * temporary file beside FILE, renamed over it when complete.
 */
struct out_file {
	const char *path, *what;
	char *tmp;
	int saved;
};

static void out_open(struct out_file *o, const char *path, const char *what)
{
	o->path = path;
	o->what = what;
	o->tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd = mkstemp(o->tmp);
	if (fd < 0)
		die("%s %s: %s", what, path, strerror(errno));
	fflush(stdout);
	o->saved = dup(1);
	dup2(fd, 1);
	close(fd);
}

/* Rename into place if keep, else remove; 0, or -1 after printing why. */
static int out_close(struct out_file *o, int keep)
{
	int rc = 0;

	if (!o->tmp)
		return 0;
	if (fflush(stdout) || (fsync(1) && errno != EINVAL)) {
		error("%s %s: %s", o->what, o->path, strerror(errno));
		keep = 0;
		rc = -1;
	}
	/* mkstemp() made it 0600; a new file gets the umask's mode */
	mode_t mask = umask(0);
	umask(mask);
	fchmod(1, 0666 & ~mask);
	dup2(o->saved, 1);
	close(o->saved);
	if (keep && rename(o->tmp, o->path)) {
		error("%s %s: %s", o->what, o->path, strerror(errno));
		rc = -1;
		keep = 0;
	}
	if (!keep)
		unlink(o->tmp);
	free(o->tmp);
	o->tmp = NULL;
	return rc;
}

/* The front end's options from the command line (checking the stage headers are there). */
static struct tc_fe_options fe_options(const struct cmdline *cl, const struct tc_kbuild *kb)
{
	char *dd = xasprintf("%s/trace/define_trace.h", tc_datadir());
	if (!is_file(dd))
		die("tracecheck's stage headers are missing (%s); set TRACECHECK_DATADIR", dd);
	free(dd);
	return (struct tc_fe_options){
		.datadir = tc_datadir(),
		.kernel_tree = cl->kernel_tree,
		.kconfig = cl->kconfig,
		.kernel_build = cl->kernel_build,
		.no_kernel_tree = cl->no_kernel_tree,
		.full_context = cl->full_context,
		.target = cl->target,
		.cflags = cl->cflags,
		.nr_cflags = cl->nr_cflags,
		.verbose = cl->verbose,
		.kbuild_c = kb ? kb->c_file : NULL,
		.save_tu = cl->save_tu,
		.kernel_version = cl->kernel_version,
		/* what the modes that show the model show: the configuration as it is */
		.no_cfg_passes = cl->layout || cl->emit_format || cl->dump_model,
	};
}

static int is_kernel_top(const char *dir)
{
	char *probe = xasprintf("%s/include/linux/tracepoint.h", dir);
	int yes = is_file(probe);

	free(probe);
	return yes;
}

/*
 * The tree --patch applies to: --kernel-tree, else the kernel tree the
 * current directory is in, else the git work tree, else "."
 */
static char *patch_tree(const struct cmdline *cl)
{
	if (cl->kernel_tree) {
		if (!is_dir(cl->kernel_tree))
			die("--kernel-tree %s: not a directory", cl->kernel_tree);
		return absolute_path(cl->kernel_tree);
	}
	char *dir = absolute_path(".");
	char *probe = xasprintf("%s/.", dir);
	char *ktree = tc_find_kernel_tree(probe);
	free(probe);
	if (ktree) {
		free(dir);
		return ktree;
	}
	for (;;) {
		char *git = xasprintf("%s/.git", dir);
		struct stat st;
		int found = !stat(git, &st);
		free(git);
		if (found)
			return dir;
		char *up = dir_name(dir);
		if (!strcmp(up, dir)) {
			free(up);
			free(dir);
			return absolute_path(".");
		}
		free(dir);
		dir = up;
	}
}

/* --patch, before the headers are checked: what their workers share, made once */
static void patch_warm(void *vctx)
{
	char *cwd = absolute_path(".");

	(void)vctx;
	/*
	 * the stat walk of the tree index's key, which the workers' look-ups
	 * need (each worker adds what its side of the patch changes); the rest
	 * of the tree is prepared in the workers, which see the patched tree
	 */
	if (tc_cache_enabled() && is_kernel_top(cwd))
		tc_tpindex_key(cwd);
	free(cwd);
}

/* --patch: the arguments are patches; the tree becomes the current directory. */
static int patch_main(struct cmdline *cl)
{
	struct out_file of = { 0 };
	char *tree = patch_tree(cl);
	int status;

	if (!cl->nr_files)
		tc_strv_push(&cl->files, &cl->nr_files, &cl->alloc_files, "-");
	/* what names files relative to here, before moving to the tree */
	char *origin = absolute_path(".");
	const char **paths[] = { &cl->config, &cl->kconfig, &cl->kernel_build, &cl->output };
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		if (*paths[i])
			*paths[i] = tc_cmdline_own(cl, absolute_path(*paths[i]));
	if (cl->kernel_build && !is_dir(cl->kernel_build))
		die("--kernel-build %s: not a directory", cl->kernel_build);
	if (cl->kconfig && !is_file(cl->kconfig))
		die("--kconfig %s: no such file", cl->kconfig);
	if (chdir(tree))
		die("%s: %s", tree, strerror(errno));

	/*
	 * --kernel-tree is the tree the patch applies to; the front end
	 * uses it if it is a kernel tree, else (and without it) each
	 * header finds the kernel tree it is in, if any
	 */
	struct tc_fe_options fo = fe_options(cl, NULL);
	fo.kernel_tree = cl->kernel_tree && is_kernel_top(tree) ? tree : NULL;
	fo.few = 1; /* a patch's headers, checked as they are edited */
	struct tc_frontend *fe = tc_frontend_new(&fo);
	struct check_ctx ctx = { .cl = cl, .fe = fe };
	struct tc_patch_run po = {
		.reverse = cl->reverse,
		.all = cl->patch_all,
		.detail = tc_diag_detail,
		.quiet = cl->quiet,
		.verbose = cl->verbose,
		.format = cl->format,
		.jobs = cl->jobs > 0 ? cl->jobs : online_cpus(),
		.timeout = cl->timeout,
		.origin = origin,
		.check = check_path,
		.read_before = read_before,
		.prime_before = !cl->fix && !cl->emit_format && !cl->save_tu ? prime_before : NULL,
		.fail_on = fail_on_of,
		.ctx = &ctx,
		.warm = patch_warm,
	};
	if (cl->output)
		out_open(&of, cl->output, "--output");
	status = tc_patch_check(cl->files, cl->nr_files, &po);
	tc_cache_trim(TC_CACHE_MAX_BYTES);
	if (out_close(&of, 1))
		status = 2;
	tc_frontend_free(fe);
	free(origin);
	free(tree);
	return status;
}

static int run(int argc, char **argv, struct tc_kbuild *kb)
{
	struct cmdline cl = { 0 };
	struct tc_settings check;
	int status = 0;

	tc_settings_init(&check);
	cl.timeout = 60;
	tc_cmdline_parse(argc, argv, &cl, &check);
	tc_settings_release(&check);
	cache_setup(&cl, argc, argv, kb != NULL);
	tc_diag_color_init(cl.color ? cl.color : "auto",
			   !cl.output && !cl.write_baseline && isatty(1));
	if (kb) {
		cl.quiet = 1; /* no progress, no word of a header without events */
		for (size_t i = 0; i < kb->nr_flags; i++)
			tc_strv_push(&cl.cflags, &cl.nr_cflags, &cl.alloc_cflags, kb->flags[i]);
		cl.no_kernel_tree = 1;
		if (cl.verbose)
			for (size_t i = 0; i < kb->nr_dropped; i++)
				fprintf(stderr, "%s: dropped compiler flag %s\n", kb->c_file,
					kb->dropped[i]);
	}
	if (cl.install_hook) {
		if (cl.nr_files)
			tc_usage_error("%s", "--install-hook takes no files");
		tc_cmdline_release(&cl);
		return tc_install_hook(tc_datadir());
	}
	if (cl.list_rules) {
		list_rules();
		tc_cmdline_release(&cl);
		return 0;
	}
	if (cl.explain) {
		explain(tc_rules[tc_rule_index(cl.explain)]);
		tc_cmdline_release(&cl);
		return 0;
	}
	if (cl.man_rules) {
		man_rules();
		tc_cmdline_release(&cl);
		return 0;
	}
	int report = cl.format != TC_FMT_GCC;
	tc_cmdline_check(&cl, kb != NULL);
	if (cl.merge) {
		struct out_file of = { 0 };
		if (!cl.nr_files)
			tc_usage_error("%s", "--merge needs the reports to merge");
		if (cl.output)
			out_open(&of, cl.output, "--output");
		status = merge_reports(&cl);
		if (out_close(&of, status != 2))
			status = 2;
		tc_cmdline_release(&cl);
		return status;
	}
	if (cl.patch) {
		status = patch_main(&cl);
		tc_cmdline_release(&cl);
		return status;
	}
	if (!cl.nr_files && cl.kernel_tree && !cl.check_format)
		tc_strv_push(&cl.files, &cl.nr_files, &cl.alloc_files, cl.kernel_tree);
	if (!cl.nr_files)
		tc_usage_error("%s", cl.check_format ? "no format file to check" : "no header to check");
	/* a .c outside kbuild: the trace headers it instantiates */
	int bad_c = !cl.check_format && tc_expand_c_files(&cl) ? 2 : 0;
	if (bad_c && !cl.nr_files) {
		tc_cmdline_release(&cl);
		return bad_c;
	}
	if (!cl.check_format && expand_directories(&cl)) {
		tc_cmdline_release(&cl);
		return bad_c;
	}
	if (cl.compdb && !kb) {
		status = compdb_run(argc, argv, &cl);
		tc_cmdline_release(&cl);
		return status;
	}
	if (cl.check_format) {
		struct tc_settings s;
		char *cwd = absolute_path(".");
		char *here = xasprintf("%s/format", cwd);
		if (header_settings(&cl, here, &s))
			status = 2;
		else
			status = tc_check_formats(cl.files, cl.nr_files, &s);
		free(here);
		free(cwd);
		tc_settings_release(&s);
		tc_cmdline_release(&cl);
		return status;
	}

	struct tc_fe_options fo = fe_options(&cl, kb);
	fo.few = cl.nr_files >= 1 && cl.nr_files <= 2; /* not a directory, not the tree */
	for (size_t i = 0; i < cl.nr_files && fo.few; i++)
		fo.few = !is_dir(cl.files[i]);
	if (cl.kernel_tree && !is_dir(cl.kernel_tree))
		die("--kernel-tree %s: not a directory", cl.kernel_tree);
	if (cl.kernel_build && !is_dir(cl.kernel_build))
		die("--kernel-build %s: not a directory", cl.kernel_build);
	if (cl.kconfig && !is_file(cl.kconfig))
		die("--kconfig %s: no such file", cl.kconfig);
	if (cl.shard_n) {
		/* a deterministic slice: every N-th file of the list, from the K-th */
		size_t o = 0;
		for (size_t i = 0; i < cl.nr_files; i++)
			if (i % (size_t)cl.shard_n == (size_t)cl.shard_k - 1)
				cl.files[o++] = cl.files[i];
		cl.nr_files = o;
		if (!o) {
			warning("--shard %d/%d: no files in this shard", cl.shard_k, cl.shard_n);
			tc_cmdline_release(&cl);
			return 0;
		}
	}
	if (cl.baseline && tc_baseline_load(cl.baseline, &cl.base)) {
		tc_cmdline_release(&cl);
		return 2;
	}
	struct out_file of = { 0 };
	if (cl.output)
		out_open(&of, cl.output, "--output");
	if (cl.write_baseline) {
		out_open(&of, cl.write_baseline, "--write-baseline");
		printf("%s\n# tracecheck %s; FINGERPRINT FILE RULE MESSAGE\n", TC_BASELINE_HEADER,
		       PACKAGE_VERSION);
	}

	struct tc_report rep = { 0 };
	struct check_ctx ctx = { .cl = &cl, .fe = tc_frontend_new(&fo), .report = report ? &rep : NULL };
	size_t fixed = 0;

	status = check_files(&ctx, &fixed);
	tc_cache_trim(TC_CACHE_MAX_BYTES);
	if (report) {
		tc_report_relocate(&rep);
		tc_report_set_run(&rep, argc, argv, cl.kernel_tree,
				  cl.kconfig ? cl.kconfig : cl.kernel_build);
		print_report(&rep, cl.format);
		tc_report_release(&rep);
	}
	if (cl.write_baseline && status == 1)
		status = 0; /* recording findings is not failing */
	status = tc_status_worse(status, bad_c);
	/* complete, even when files failed: they say so in it (and on stderr) */
	if (out_close(&of, 1))
		status = 2;
	if (cl.baseline)
		fprintf(stderr, "tracecheck: baseline %s: %zu of its %zu entries fixed since\n",
			cl.baseline, fixed, cl.base.nr);
	tc_frontend_free(ctx.fe);
	tc_baseline_release(&cl.base);
	tc_cmdline_release(&cl);
	return status;
}
