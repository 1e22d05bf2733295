// SPDX-License-Identifier: MIT
/*
 * Tests of --fix's engine (src/fix/fix.h): the repairs of the seed
 * pre-images against their post-images, layout-hole's reordering
 * (testdata/fix/), event-class-consolidation's classes (the format files
 * the same), the reasons of findings left, the unified diff
 * against git's and diff's, and the atomic writer.
 * TC_FIX_SHOW=1 prints the seeds' diffs.
 */
#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze.h"
#include "config.h"
#include "diag.h"
#include "fix.h"
#include "format.h"
#include "frontend.h"
#include "kfacts.h"
#include "model.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static char *src_path(const char *rel)
{
	const char *srcdir = getenv("TC_SRCDIR");

	ck_assert_ptr_nonnull(srcdir);
	return xasprintf("%s/%s", srcdir, rel);
}

static char *slurp(const char *path, size_t *len)
{
	char *s = read_file(path, len);

	ck_assert_msg(s != NULL, "cannot read %s", path);
	return s;
}

static void spit(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(text, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
}

/* A temporary directory holding text as NAME (the header's own base name). */
static char *in_temp_dir(const char *name, const char *text, size_t len)
{
	char *dir = xstrdup("/tmp/tc-fix-XXXXXX");

	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = xasprintf("%s/%s", dir, name);
	spit(path, text, len);
	free(dir);
	return path;
}

static void remove_temp(char *path)
{
	char *dir = dir_name(path);

	unlink(path);
	rmdir(dir);
	free(dir);
	free(path);
}

static struct tc_header *parse(const char *path)
{
	struct tc_fe_options o = { .datadir = getenv("TRACECHECK_DATADIR"), .no_kernel_tree = 1 };

	ck_assert_ptr_nonnull(o.datadir);
	struct tc_frontend *fe = tc_frontend_new(&o);
	struct tc_header *h = tc_frontend_parse(fe, path);
	tc_frontend_free(fe);
	ck_assert_msg(h != NULL, "cannot parse %s", path);
	return h;
}

/* The findings of h; only rule's if rule is not NULL. */
static void check_header(const struct tc_header *h, const char *rule, struct tc_diags *d)
{
	struct tc_settings s;

	memset(d, 0, sizeof(*d));
	tc_settings_init(&s);
	tc_check_header(h, &s, d);
	tc_settings_release(&s);
	if (!rule)
		return;
	unsigned char *drop = xcalloc(d->nr + 1, 1);
	for (size_t i = 0; i < d->nr; i++)
		drop[i] = strcmp(d->v[i].rule, rule) != 0;
	tc_diags_remove(d, drop);
	free(drop);
}

static size_t count_rule(const struct tc_diags *d, const char *rule)
{
	size_t n = 0;

	for (size_t i = 0; i < d->nr; i++)
		n += d->v[i].severity != TC_SEV_NOTE && !strcmp(d->v[i].rule, rule);
	return n;
}

/* Every event's format file, in order. */
static char *formats(const struct tc_header *h)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < h->nr_events; i++) {
		const char *why = NULL;
		ck_assert_int_eq(tc_format_event(h, h->events[i], &sb, &why), 0);
	}
	return strbuf_detach(&sb);
}

/* The text from the first event definition to the include guard's #endif. */
static char *events_text(const char *text)
{
	const char *s = strstr(text, "\nTRACE_EVENT(");
	const char *e = strstr(text, "\n#endif /* _TC_");

	ck_assert(s && e && s < e);
	return xstrndup(s, (size_t)(e - s));
}

struct fixed {
	char *path; /* a copy of the header in a temporary directory */
	char *old, *new;
	size_t oldlen, newlen;
	struct tc_fix_result res;
	struct strbuf log;
};

/* Fix the findings of rule (all if NULL) of testdata header rel. */
static void fix_file(const char *rel, const char *rule, int kernel_version, struct fixed *fx)
{
	char *orig = src_path(rel);
	const char *base = strrchr(rel, '/') + 1;
	struct tc_diags d;
	struct tc_fix_options o = { .kernel_version = kernel_version };

	memset(fx, 0, sizeof(*fx));
	strbuf_init(&fx->log);
	fx->old = slurp(orig, &fx->oldlen);
	fx->path = in_temp_dir(base, fx->old, fx->oldlen);
	struct tc_header *h = parse(fx->path);
	check_header(h, rule, &d);
	ck_assert_int_eq(tc_fix_compute(h, fx->old, fx->oldlen, &d, &o, &fx->res, &fx->log), 0);
	ck_assert_msg(fx->res.text != NULL, "nothing fixed in %s: %s", rel, fx->log.buf);
	fx->new = fx->res.text;
	fx->newlen = fx->res.len;
	tc_diags_release(&d);
	tc_header_free(h);
	free(orig);
}

static void fixed_release(struct fixed *fx)
{
	remove_temp(fx->path);
	free(fx->old);
	tc_fix_result_release(&fx->res);
	strbuf_release(&fx->log);
}

static void show_diff(const char *title, const char *path, const struct fixed *fx)
{
	if (!getenv("TC_FIX_SHOW"))
		return;
	struct strbuf diff = STRBUF_INIT;
	tc_unified_diff(&diff, path, fx->old, fx->oldlen, fx->new, fx->newlen);
	printf("==== %s (%zu fixed, %zu left)\n%s%s", title, fx->res.applied, fx->res.skipped,
	       fx->log.buf ? fx->log.buf : "", diff.buf ? diff.buf : "");
	strbuf_release(&diff);
}

/*
 * The fixed header (re-read from a copy beside the original's name) is
 * the post-image: the same event definitions, byte for byte, the same
 * format files, and no finding of the rule left.
 */
static void check_like_post(const struct fixed *fx, const char *post_rel, const char *rule)
{
	char *post_path = src_path(post_rel);
	size_t postlen;
	char *post = slurp(post_path, &postlen);
	char *a = events_text(fx->new), *b = events_text(post);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);

	char *again = in_temp_dir(strrchr(fx->path, '/') + 1, fx->new, fx->newlen);
	struct tc_header *hf = parse(again), *hp = parse(post_path);
	char *ff = formats(hf), *fp = formats(hp);
	ck_assert_uint_eq(hf->nr_events, hp->nr_events);
	ck_assert_str_eq(ff, fp);

	struct tc_diags d;
	check_header(hf, NULL, &d);
	ck_assert_uint_eq(count_rule(&d, rule), 0);
	tc_diags_release(&d);
	free(ff);
	free(fp);
	tc_header_free(hf);
	tc_header_free(hp);
	remove_temp(again);
	free(post);
	free(post_path);
}

START_TEST(test_fix_io_uring)
{
	struct fixed fx;

	/* 5.19: the post-image's 2-argument __assign_str() */
	fix_file("testdata/seeds/io_uring-pre.h", "printk-call", TC_KV(5, 19, 0), &fx);
	ck_assert_uint_eq(fx.res.applied, 7);
	ck_assert_uint_eq(fx.res.skipped, 0);
	ck_assert_str_eq(strbuf_str(&fx.log), "");
	show_diff("io_uring-pre.h, printk-call, --kernel-version 5.19",
		  "testdata/seeds/io_uring-pre.h", &fx);
	check_like_post(&fx, "testdata/seeds/io_uring-post.h", "printk-call");
	fixed_release(&fx);
}
END_TEST

START_TEST(test_fix_io_uring_new_kernel)
{
	struct fixed fx;

	/* unknown version: 6.10's 1-argument form */
	fix_file("testdata/seeds/io_uring-pre.h", "printk-call", 0, &fx);
	ck_assert_uint_eq(fx.res.applied, 7);
	ck_assert_ptr_nonnull(strstr(fx.new, "\t\t__assign_str(op_str);\n\t),"));
	ck_assert_ptr_null(strstr(fx.new, "__assign_str(op_str, "));
	char *again = in_temp_dir("io_uring-pre.h", fx.new, fx.newlen);
	struct tc_header *h = parse(again);
	struct tc_diags d;
	check_header(h, NULL, &d);
	ck_assert_uint_eq(count_rule(&d, "printk-call"), 0);
	ck_assert_uint_eq(count_rule(&d, "field-unassigned"), 0);
	tc_diags_release(&d);
	tc_header_free(h);
	remove_temp(again);
	fixed_release(&fx);
}
END_TEST

START_TEST(test_fix_io_uring_all_rules)
{
	struct fixed fx;

	/*
	 * Every finding: the two layout-hole ones are in classes whose
	 * TP_STRUCT__entry the printk-call repair changes: left for a second run.
	 */
	fix_file("testdata/seeds/io_uring-pre.h", NULL, 0, &fx);
	ck_assert_msg(strstr(fx.log.buf, "io_uring-pre.h:118:15: not fixed [layout-hole]: "
					 "the text it changes is changed by the repair of "
					 "another finding; run --fix again\n") != NULL,
		      "%s", fx.log.buf);
	ck_assert_uint_eq(fx.res.applied, 7);
	ck_assert_uint_eq(fx.res.skipped, 2);
	show_diff("io_uring-pre.h, every rule", "testdata/seeds/io_uring-pre.h", &fx);

	/* the second run reorders what the first left */
	char *again = in_temp_dir("io_uring-pre.h", fx.new, fx.newlen);
	struct tc_header *h = parse(again);
	struct tc_diags d;
	struct tc_fix_result r2;
	struct tc_fix_options o = { 0 };
	check_header(h, NULL, &d);
	size_t holes = count_rule(&d, "layout-hole");
	ck_assert_uint_gt(holes, 0);
	ck_assert_int_eq(tc_fix_compute(h, fx.new, fx.newlen, &d, &o, &r2, NULL), 0);
	ck_assert_uint_eq(r2.applied, holes);
	tc_diags_release(&d);
	tc_header_free(h);
	spit(again, r2.text, r2.len);
	h = parse(again);
	check_header(h, NULL, &d);
	ck_assert_uint_eq(d.nr, 0);
	tc_diags_release(&d);
	tc_header_free(h);
	tc_fix_result_release(&r2);
	remove_temp(again);
	fixed_release(&fx);
}
END_TEST

START_TEST(test_fix_i915)
{
	struct fixed fx;

	fix_file("testdata/seeds/i915-display-pre.h", "printk-custom-macro", 0, &fx);
	ck_assert_uint_eq(fx.res.applied, 21);
	ck_assert_uint_eq(fx.res.skipped, 0);
	show_diff("i915-display-pre.h, printk-custom-macro", "testdata/seeds/i915-display-pre.h",
		  &fx);
	check_like_post(&fx, "testdata/seeds/i915-display-post.h", "printk-custom-macro");
	fixed_release(&fx);
}
END_TEST

/* testdata/fix/layout-hole.h: reordered as layout-hole.h.diff says, then clean. */
START_TEST(test_fix_layout_hole)
{
	struct fixed fx;
	struct strbuf diff = STRBUF_INIT;
	size_t wantlen;
	char *want_path = src_path("testdata/fix/layout-hole.h.diff");
	char *want = slurp(want_path, &wantlen);

	fix_file("testdata/fix/layout-hole.h", NULL, 0, &fx);
	tc_unified_diff(&diff, "testdata/fix/layout-hole.h", fx.old, fx.oldlen, fx.new, fx.newlen);
	if (getenv("TC_FIX_BLESS"))
		spit(want_path, diff.buf, diff.len);
	ck_assert_str_eq(diff.buf, want);
	ck_assert_uint_eq(fx.res.applied, 3);
	ck_assert_uint_eq(fx.res.skipped, 1);
	ck_assert_ptr_nonnull(strstr(fx.log.buf, "not fixed [layout-hole]: TP_STRUCT__entry() is "
						 "not written one element a line\n"));

	char *again = in_temp_dir("layout-hole.h", fx.new, fx.newlen);
	struct tc_header *h = parse(again);
	struct tc_diags d;
	check_header(h, "layout-hole", &d);
	ck_assert_uint_eq(count_rule(&d, "layout-hole"), 1); /* the one left */
	tc_diags_release(&d);
	tc_header_free(h);
	remove_temp(again);
	strbuf_release(&diff);
	free(want);
	free(want_path);
	fixed_release(&fx);
}
END_TEST

/* The findings of rule alone, enabled even when it is off by default. */
static void check_rule(const struct tc_header *h, const char *rule, struct tc_diags *d)
{
	struct tc_settings s;

	memset(d, 0, sizeof(*d));
	tc_settings_init(&s);
	for (size_t r = 0; r < tc_nr_rules; r++)
		s.rules[r].enabled = !strcmp(tc_rules[r]->name, rule);
	tc_check_header(h, &s, d);
	tc_settings_release(&s);
}

/*
 * event-class-consolidation on a copy of header rel: fixed (as the
 * findings say, applied of them), every event's format file the same
 * before and after, the findings left those the repair left; the fixed
 * text, malloced.
 */
static char *consolidate(const char *rel, size_t applied, size_t left, struct strbuf *log)
{
	const char *rule = "event-class-consolidation";
	char *orig = src_path(rel);
	size_t len;
	char *text = slurp(orig, &len);
	char *path = in_temp_dir(strrchr(rel, '/') + 1, text, len);
	struct tc_header *h = parse(path);
	struct tc_diags d;
	struct tc_fix_result r;
	struct tc_fix_options o = { 0 };

	check_rule(h, rule, &d);
	ck_assert_uint_eq(d.nr, applied + left);
	ck_assert_int_eq(tc_fix_compute(h, text, len, &d, &o, &r, log), 0);
	ck_assert_uint_eq(r.applied, applied);
	ck_assert_uint_eq(r.skipped, left);
	ck_assert_ptr_nonnull(r.text);
	char *before = formats(h);
	size_t nr_events = h->nr_events, nr_classes = h->nr_classes;
	ck_assert_uint_eq(h->nr_clang_errors, 0);
	tc_diags_release(&d);
	tc_header_free(h);

	/* the fixed header, read as the file */
	spit(path, r.text, r.len);
	h = parse(path);
	char *after = formats(h);
	ck_assert_uint_eq(h->nr_events, nr_events);
	ck_assert_uint_lt(h->nr_classes, nr_classes);
	ck_assert_uint_eq(h->nr_clang_errors, 0);
	ck_assert_str_eq(after, before);
	check_rule(h, rule, &d);
	ck_assert_uint_eq(d.nr, left);
	tc_diags_release(&d);
	tc_header_free(h);

	char *fixed = xstrndup(r.text, r.len);
	free(before);
	free(after);
	tc_fix_result_release(&r);
	remove_temp(path);
	free(text);
	free(orig);
	return fixed;
}

/* A group of three and a pair written otherwise: two classes, the same format files. */
START_TEST(test_fix_consolidation_three)
{
	struct strbuf log = STRBUF_INIT;
	char *fixed = consolidate("testdata/rules/event-class-consolidation.h", 2, 0, &log);

	ck_assert_str_eq(strbuf_str(&log), "");
	ck_assert_ptr_nonnull(strstr(fixed, "\nDECLARE_EVENT_CLASS(tc_consol_class,\n"));
	const char *a = strstr(fixed, "DEFINE_EVENT(tc_consol_class, tc_consol_start,\n"
				      "\tTP_PROTO(int id, unsigned int len),\n"
				      "\tTP_ARGS(id, len));\n");
	const char *b = strstr(fixed, "DEFINE_EVENT(tc_consol_class, tc_consol_stop,");
	const char *c = strstr(fixed, "DEFINE_EVENT(tc_consol_class, tc_consol_pause,");
	ck_assert(a && b && c && a < b && b < c);
	ck_assert_ptr_nonnull(strstr(fixed, "\nTRACE_EVENT(tc_consol_other,\n"));
	/* each DEFINE_EVENT() in its event's own indentation and TP_PROTO() */
	ck_assert_ptr_nonnull(strstr(fixed, "\nDECLARE_EVENT_CLASS(tc_consol_vblank_class,\n"));
	ck_assert_ptr_nonnull(strstr(fixed, "DEFINE_EVENT(tc_consol_vblank_class, tc_consol_vblank_queued,\n"
					    "\t    TP_PROTO(struct drm_file *file, int crtc, unsigned int seq),\n"
					    "\t    TP_ARGS(file, crtc, seq));\n"));
	ck_assert_ptr_nonnull(strstr(fixed, "DEFINE_EVENT(tc_consol_vblank_class, tc_consol_vblank_delivered,\n"
					    "\tTP_PROTO(struct drm_file *file, int crtc,\n"
					    "\t\t unsigned int seq),\n"
					    "\tTP_ARGS(file, crtc, seq));\n"));
	free(fixed);
	strbuf_release(&log);
}
END_TEST

/* testdata/fix/event-class-consolidation.h: as its .diff says; the group across #if branches left. */
START_TEST(test_fix_consolidation)
{
	const char *rel = "testdata/fix/event-class-consolidation.h";
	struct strbuf log = STRBUF_INIT, diff = STRBUF_INIT;
	char *orig = src_path(rel), *want_path = src_path("testdata/fix/event-class-consolidation.h.diff");
	size_t len, wantlen;
	char *text = slurp(orig, &len);
	char *fixed = consolidate(rel, 4, 1, &log);

	ck_assert_msg(strstr(log.buf, "event-class-consolidation.h:163:1: not fixed "
				      "[event-class-consolidation]: 'fix_queue_in' and "
				      "'fix_queue_out' are under different #if branches\n") != NULL,
		      "%s", log.buf);
	tc_unified_diff(&diff, rel, text, len, fixed, strlen(fixed));
	if (getenv("TC_FIX_BLESS"))
		spit(want_path, diff.buf, diff.len);
	char *want = slurp(want_path, &wantlen);
	ck_assert_str_eq(diff.buf, want);
	free(want);
	free(want_path);
	free(fixed);
	free(text);
	free(orig);
	strbuf_release(&diff);
	strbuf_release(&log);
}
END_TEST

/* A header of events (one per text) fixed; the log of what was left. */
static char *fix_log(const char *events, size_t *applied, char **fixed)
{
	struct strbuf text = STRBUF_INIT, log = STRBUF_INIT;
	struct tc_fix_result r;
	struct tc_diags d;
	struct tc_fix_options o = { 0 };

	strbuf_addstr(&text, "#undef TRACE_SYSTEM\n#define TRACE_SYSTEM unit\n"
			     "#if !defined(_UNIT_H) || defined(TRACE_HEADER_MULTI_READ)\n"
			     "#define _UNIT_H\n#include <linux/tracepoint.h>\n"
			     "const char *name_of(int v);\nextern int global;\n"
			     "#define twice(x) ({ int __v = (x); __v * 2; })\n");
	strbuf_addstr(&text, events);
	strbuf_addstr(&text, "\n#endif\n#undef TRACE_INCLUDE_PATH\n#define TRACE_INCLUDE_PATH .\n"
			     "#define TRACE_INCLUDE_FILE unit\n#include <trace/define_trace.h>\n");
	char *path = in_temp_dir("unit.h", text.buf, text.len);
	struct tc_header *h = parse(path);
	check_header(h, NULL, &d);
	ck_assert_int_eq(tc_fix_compute(h, text.buf, text.len, &d, &o, &r, &log), 0);
	*applied = r.applied;
	if (fixed)
		*fixed = r.text ? xstrdup(r.text) : NULL;
	tc_fix_result_release(&r);
	tc_diags_release(&d);
	tc_header_free(h);
	remove_temp(path);
	strbuf_release(&text);
	return strbuf_detach(&log);
}

static void assert_left(const char *events, const char *reason)
{
	size_t applied;
	char *log = fix_log(events, &applied, NULL);

	ck_assert_uint_eq(applied, 0);
	ck_assert_msg(strstr(log, reason) != NULL, "'%s' not in the log:\n%s", reason, log);
	free(log);
}

START_TEST(test_fix_reasons)
{
	assert_left("TRACE_EVENT(e1, TP_PROTO(int v), TP_ARGS(v),\n"
		    "\tTP_STRUCT__entry(\n\t\t__field(int, v)\n\t),\n"
		    "\tTP_fast_assign(\n\t\t__entry->v = v;\n\t),\n"
		    "\tTP_printk(\"%s\", __entry->v ? name_of(__entry->v) : \"-\")\n);\n",
		    "part of the larger argument '__entry->v ? name_of(__entry->v) : \"-\"'");
	/* printed with %ld: not a string */
	assert_left("TRACE_EVENT(e1, TP_PROTO(int v), TP_ARGS(v),\n"
		    "\tTP_STRUCT__entry(\n\t\t__field(long, v)\n\t),\n"
		    "\tTP_fast_assign(\n\t\t__entry->v = v;\n\t),\n"
		    "\tTP_printk(\"%ld\", name_of(__entry->v))\n);\n",
		    "is printed with %ld, not %s");
	/* the field is written conditionally */
	assert_left("TRACE_EVENT(e2, TP_PROTO(int v), TP_ARGS(v),\n"
		    "\tTP_STRUCT__entry(\n\t\t__field(int, v)\n\t),\n"
		    "\tTP_fast_assign(\n\t\tif (v)\n\t\t\t__entry->v = v;\n\t\telse\n"
		    "\t\t\t__entry->v = 1;\n\t),\n"
		    "\tTP_printk(\"%s\", name_of(__entry->v))\n);\n",
		    "what field 'v' holds is not known");
	/* from something that is not an argument of TP_PROTO */
	assert_left("TRACE_EVENT(e3, TP_PROTO(int v), TP_ARGS(v),\n"
		    "\tTP_STRUCT__entry(\n\t\t__field(int, v)\n\t),\n"
		    "\tTP_fast_assign(\n\t\t__entry->v = global;\n\t),\n"
		    "\tTP_printk(\"%s\", name_of(__entry->v))\n);\n",
		    "uses 'global', which is not an argument of TP_PROTO()");
	/*
	 * a helper macro printed with %p (a statement expression: printk-construct
	 * reports it and repairs it as printk-custom-macro does)
	 */
	assert_left("TRACE_EVENT(e4, TP_PROTO(int v), TP_ARGS(v),\n"
		    "\tTP_STRUCT__entry(\n\t\t__field(int, v)\n\t),\n"
		    "\tTP_fast_assign(\n\t\t__entry->v = v;\n\t),\n"
		    "\tTP_printk(\"%p\", (void *)(long)twice(__entry->v))\n);\n",
		    "[printk-construct]: ");
}
END_TEST

START_TEST(test_fix_macro_added_field)
{
	size_t applied;
	char *fixed;
	/* the field is also printed as itself: kept, the value added beside it */
	char *log = fix_log("DECLARE_EVENT_CLASS(c1, TP_PROTO(int v), TP_ARGS(v),\n"
			    "\tTP_STRUCT__entry(\n\t\t__field(int, v)\n\t),\n"
			    "\tTP_fast_assign(\n\t\t__entry->v = v + 1;\n\t),\n"
			    "\tTP_printk(\"%d %u\", __entry->v, twice(__entry->v))\n);\n"
			    "DEFINE_EVENT(c1, e5, TP_PROTO(int v), TP_ARGS(v));\n"
			    "DEFINE_EVENT(c1, e6, TP_PROTO(int v), TP_ARGS(v));\n",
			    &applied, &fixed);
	ck_assert_uint_eq(applied, 1);
	ck_assert_str_eq(log, "");
	ck_assert_msg(fixed != NULL, "nothing fixed");
	if (getenv("TC_FIX_SHOW"))
		printf("%s", fixed);
	ck_assert_ptr_nonnull(strstr(fixed, "\t\t__field(int, v)\n\t\t__field(unsigned int, twice)\n\t),"));
	ck_assert_ptr_nonnull(strstr(fixed, "\t\t__entry->v = v + 1;\n"
					    "\t\t__entry->twice = twice(v + 1);\n\t),"));
	ck_assert_ptr_nonnull(strstr(fixed, "__entry->v, __entry->twice)"));
	free(fixed);
	free(log);
}
END_TEST

/* ---- the unified diff ---- */

static char *run(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	ck_assert_ptr_nonnull(p);
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		strbuf_add(&sb, buf, n);
	pclose(p);
	return strbuf_detach(&sb);
}

/* From the first hunk on; without the function context if nofunc. */
static char *hunks(const char *diff, int nofunc)
{
	const char *s = strstr(diff, "\n@@ ");
	struct strbuf sb = STRBUF_INIT;

	if (!s)
		return xstrdup("");
	for (s++; *s;) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) + 1 : strlen(s);
		const char *close = strstr(s + 3, " @@");
		if (nofunc && !strncmp(s, "@@ ", 3) && close && close < s + n) {
			strbuf_add(&sb, s, (size_t)(close - s) + 3);
			strbuf_addch(&sb, '\n');
		} else {
			strbuf_add(&sb, s, n);
		}
		s += n;
	}
	return strbuf_detach(&sb);
}

static void diff_like_git(const char *old, const char *new)
{
	char *a = in_temp_dir("old", old, strlen(old));
	char *b = in_temp_dir("new", new, strlen(new));
	struct strbuf ours = STRBUF_INIT;
	char *cmd = xasprintf("git -c core.quotepath=off diff --no-index --no-color -U3 "
			      "--no-indent-heuristic '%s' '%s'",
			      a, b);
	char *git = run(cmd);
	free(cmd);
	cmd = xasprintf("diff -u '%s' '%s'", a, b);
	char *gnu = run(cmd);
	free(cmd);

	tc_unified_diff(&ours, "x/y.h", old, strlen(old), new, strlen(new));
	ck_assert(starts_with(ours.buf, "diff --git a/x/y.h b/x/y.h\n--- a/x/y.h\n+++ b/x/y.h\n@@ "));
	char *h1 = hunks(ours.buf, 0), *h2 = hunks(git, 0);
	ck_assert_str_eq(h1, h2);
	free(h1);
	free(h2);
	h1 = hunks(ours.buf, 1);
	h2 = hunks(gnu, 1);
	ck_assert_str_eq(h1, h2);
	free(h1);
	free(h2);
	free(git);
	free(gnu);
	strbuf_release(&ours);
	remove_temp(a);
	remove_temp(b);
}

START_TEST(test_unified_diff)
{
	struct strbuf sb = STRBUF_INIT;

	tc_unified_diff(&sb, "a.h", "x\n", 2, "x\n", 2);
	ck_assert_uint_eq(sb.len, 0);
	diff_like_git("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n",
		      "a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\nn\nnew\n");
	diff_like_git("int f(void)\n{\n\treturn 1;\n}\n\nint g(void)\n{\n\treturn 2;\n}\n",
		      "int f(void)\n{\n\treturn 1;\n}\n\nint g(void)\n{\n\tint x = 2;\n\n\treturn x;\n}\n");
	diff_like_git("one\ntwo\nthree", "one\ntwo\nthree\n");
	diff_like_git("", "first\nsecond\n");
	diff_like_git("first\nsecond\nthird\n", "second\n");
	diff_like_git("a\nb\nc\nd\ne\nf\ng\nh\n", "a\nb\nc\nd\ne\nf\ng\n");
	/* the seeds' own pre- and post-images */
	const char *pairs[][2] = {
		{ "testdata/seeds/io_uring-pre.h", "testdata/seeds/io_uring-post.h" },
		{ "testdata/seeds/i915-display-pre.h", "testdata/seeds/i915-display-post.h" },
	};
	for (size_t i = 0; i < ARRAY_SIZE(pairs); i++) {
		char *p = src_path(pairs[i][0]), *q = src_path(pairs[i][1]);
		char *x = slurp(p, NULL), *y = slurp(q, NULL);
		diff_like_git(x, y);
		free(x);
		free(y);
		free(p);
		free(q);
	}
	strbuf_release(&sb);
}
END_TEST

/* ---- writing ---- */

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

START_TEST(test_fix_write)
{
	char *path = in_temp_dir("w.h", "old\n", 4);
	char *dir = dir_name(path);
	char *link = xasprintf("%s/link.h", dir);
	struct stat st;
	size_t len;

	ck_assert_int_eq(chmod(path, 0640), 0);
	/* changed since it was read */
	ck_assert_int_eq(tc_fix_write(path, "older\n", 6, "new\n", 4, 0), -1);
	char *s = slurp(path, &len);
	ck_assert_str_eq(s, "old\n");
	free(s);
	/* a symbolic link */
	ck_assert_int_eq(symlink("w.h", link), 0);
	ck_assert_int_eq(tc_fix_write(link, "old\n", 4, "new\n", 4, 0), -1);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(unlink(link), 0);
	/* written, the mode kept, nothing else left in the directory */
	ck_assert_int_eq(tc_fix_write(path, "old\n", 4, "new text\n", 9, 0), 0);
	s = slurp(path, &len);
	ck_assert_str_eq(s, "new text\n");
	free(s);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	ck_assert_uint_eq(entries(dir), 1);
	/* a write that fails (the file size limit) leaves the file and no temporary */
	struct rlimit old, rl = { 16, 16 };
	char big[4096];
	memset(big, 'x', sizeof(big));
	signal(SIGXFSZ, SIG_IGN);
	ck_assert_int_eq(getrlimit(RLIMIT_FSIZE, &old), 0);
	rl.rlim_max = old.rlim_max;
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &rl), 0);
	int ret = tc_fix_write(path, "new text\n", 9, big, sizeof(big), 0);
	ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	ck_assert_int_eq(ret, -1);
	s = slurp(path, &len);
	ck_assert_str_eq(s, "new text\n");
	free(s);
	ck_assert_uint_eq(entries(dir), 1);
	free(link);
	free(dir);
	remove_temp(path);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fix");
	TCase *t = tcase_create("fix");

	tcase_set_timeout(t, 120);
	tcase_add_test(t, test_unified_diff);
	tcase_add_test(t, test_fix_write);
	tcase_add_test(t, test_fix_io_uring);
	tcase_add_test(t, test_fix_io_uring_new_kernel);
	tcase_add_test(t, test_fix_io_uring_all_rules);
	tcase_add_test(t, test_fix_i915);
	tcase_add_test(t, test_fix_layout_hole);
	tcase_add_test(t, test_fix_consolidation_three);
	tcase_add_test(t, test_fix_consolidation);
	tcase_add_test(t, test_fix_reasons);
	tcase_add_test(t, test_fix_macro_added_field);
	suite_add_tcase(s, t);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_VERBOSE);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
