// SPDX-License-Identifier: MIT
/* Unit tests of the engine: utilities, settings, the user-space scanner,
 * diagnostics, print fmt splitting, the model of libtraceevent's releases
 * and the front end's model. */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "baseline.h"
#include "cache.h"
#include "cfgcond.h"
#include "config.h"
#include "context.h"
#include "ctok.h"
#include "deps.h"
#include "depsmemo.h"
#include "diag.h"
#include "fe_internal.h"
#include "fmtfile.h"
#include "frontend.h"
#include "json.h"
#include "keval.h"
#include "kconfig.h"
#include "kconfig_internal.h"
#include "kfacts.h"
#include "linehash.h"
#include "kerneltree.h"
#include "model.h"
#include "notchecked.h"
#include "overlay.h"
#include "patch.h"
#include "pconv.h"
#include "pext.h"
#include "report.h"
#include "result.h"
#include "rules.h"
#include "ruledoc.h"
#include "suppress.h"
#include "strbuf.h"
#include "umodel.h"
#include "util.h"
#include "uspace.h"

START_TEST(test_strbuf)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_str_eq(strbuf_str(&sb), "");
	strbuf_addstr(&sb, "abc");
	strbuf_addch(&sb, '-');
	strbuf_addf(&sb, "%d/%s", 42, "x");
	ck_assert_str_eq(sb.buf, "abc-42/x");
	ck_assert_uint_eq(sb.len, 8);
	char *d = strbuf_detach(&sb);
	ck_assert_str_eq(d, "abc-42/x");
	ck_assert_ptr_null(sb.buf);
	free(d);
}
END_TEST

START_TEST(test_paths)
{
	char *p = absolute_path("/a/b/../c/./d//e");
	ck_assert_str_eq(p, "/a/c/d/e");
	free(p);
	ck_assert_str_eq(path_below("/t/linux/kernel/x.c", "/t/linux"), "kernel/x.c");
	ck_assert_str_eq(path_below("/t/linux/kernel/x.c", "/t/linux/"), "kernel/x.c");
	ck_assert_ptr_null(path_below("/t/linux-2/x.c", "/t/linux"));
	ck_assert_ptr_null(path_below("/t/linux", "/t/linux"));
	ck_assert_str_eq(tc_directive("  #  include <trace/x.h>\n", "include"), " <trace/x.h>\n");
	ck_assert_str_eq(tc_directive("#define CREATE_TRACE_POINTS", "define"),
			 " CREATE_TRACE_POINTS");
	ck_assert_ptr_null(tc_directive("x #include <a.h>", "include"));
	ck_assert_ptr_null(tc_directive("#undef X", "define"));
	p = dir_name("/a/b/c.h");
	ck_assert_str_eq(p, "/a/b");
	free(p);
	p = dir_name("c.h");
	ck_assert_str_eq(p, ".");
	free(p);
	ck_assert(starts_with("__data_loc_x", "__data_loc_"));
	ck_assert(ends_with("foo.h", ".h"));
	ck_assert(!ends_with("h", ".h"));
}
END_TEST

START_TEST(test_settings)
{
	struct tc_settings s;
	int hole = tc_rule_index("layout-hole");
	int call = tc_rule_index("printk-call");

	ck_assert_int_ge(hole, 0);
	ck_assert_int_ge(call, 0);
	tc_settings_init(&s);
	ck_assert(s.rules[hole].enabled);
	ck_assert_int_eq(s.rules[hole].severity, TC_SEV_WARNING);
	ck_assert_int_eq(tc_settings_apply(&s, "-Werror=layout-hole", NULL, "t"), 1);
	ck_assert_int_eq(s.rules[hole].severity, TC_SEV_ERROR);
	ck_assert_int_eq(tc_settings_apply(&s, "-Wno-error=layout-hole", NULL, "t"), 1);
	ck_assert_int_eq(s.rules[hole].severity, TC_SEV_WARNING);
	ck_assert_int_eq(tc_settings_apply(&s, "--disable", "layout-hole,printk-call", "t"), 1);
	ck_assert(!s.rules[hole].enabled && !s.rules[call].enabled);
	ck_assert_int_eq(tc_settings_apply(&s, "-Wprintk-call", NULL, "t"), 1);
	ck_assert(s.rules[call].enabled);
	ck_assert_int_eq(tc_settings_apply(&s, "--severity", "printk-call=note", "t"), 1);
	ck_assert_int_eq(s.rules[call].severity, TC_SEV_NOTE);
	ck_assert_int_eq(tc_settings_apply(&s, "--fail-on", "error", "t"), 1);
	ck_assert_int_eq(s.fail_on, TC_SEV_ERROR);
	ck_assert_int_eq(tc_settings_apply(&s, "--frob", NULL, "t"), 0);
	ck_assert_int_eq(tc_settings_apply(&s, "-Wno-such-rule", NULL, "t"), -1);
	ck_assert_int_eq(tc_settings_apply(&s, "--severity", "printk-call=loud", "t"), -1);
	tc_settings_release(&s);
}
END_TEST

static int has(const struct tc_uproblem *v, size_t n, enum tc_ukind k)
{
	for (size_t i = 0; i < n; i++)
		if (v[i].kind == k)
			return 1;
	return 0;
}

START_TEST(test_uspace_scan)
{
	struct tc_uproblem *v;
	size_t n;

	n = tc_uspace_scan("((REC->pipe) + 'A')", &v);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(v[0].kind, TC_U_CHAR_LITERAL);
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("REC->a & 0xff ? REC->b * 2 : -REC->c", &v);
	ck_assert_uint_eq(n, 0);
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("__print_symbolic(REC->x, { 1, \"a\" }, { 2, \"b,c\" })", &v);
	ck_assert_uint_eq(n, 0);
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("(REC)->x + (unsigned long)REC->y + sizeof(int) + 1.5", &v);
	ck_assert_uint_eq(n, 0);
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("&REC->addr", &v);
	ck_assert(has(v, n, TC_U_ADDRESS));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("*REC->p", &v);
	ck_assert(has(v, n, TC_U_DEREF));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("REC->p->x", &v);
	ck_assert(has(v, n, TC_U_ARROW));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("(REC->s).m", &v);
	ck_assert(has(v, n, TC_U_MEMBER));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("({ int x = REC->a; x; })", &v);
	ck_assert(has(v, n, TC_U_STMT_EXPR));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("REC->a ^ 1", &v);
	ck_assert(has(v, n, TC_U_XOR));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("my_func(REC->a)", &v);
	ck_assert(has(v, n, TC_U_CALL));
	tc_uproblems_free(v, n);
	n = tc_uspace_scan("(REC->a, REC->b)", &v);
	ck_assert(has(v, n, TC_U_COMMA));
	tc_uproblems_free(v, n);
}
END_TEST

static void uset_says(tc_uset s, tc_uset sel, const char *want)
{
	char *got = tc_uset_text(s, sel);
	ck_assert_str_eq(got, want);
	free(got);
}

/* the releases: names, sets, how a set reads */
START_TEST(test_urelease)
{
	const char *bad = NULL;

	ck_assert_int_eq(tc_urelease_index("1.7.1"), TC_UREL_1_7_1);
	ck_assert_int_eq(tc_urelease_index("1.8"), TC_UREL_1_8_0);
	ck_assert_int_eq(tc_urelease_index("1.6"), -1);
	ck_assert_int_eq(tc_urelease_of_version("1.8.4"), TC_UREL_1_8_4);
	ck_assert_int_eq(tc_urelease_of_version("1.8.7"), TC_UREL_1_8_5);
	ck_assert_int_eq(tc_urelease_of_version("1.10.2"), TC_UREL_1_9_0);
	ck_assert_int_eq(tc_urelease_of_version("1.6.3"), -1);
	ck_assert_int_eq(tc_urelease_of_version("x"), -1);
	ck_assert_uint_eq(tc_uset_parse("1.7.1,1.8.4", &bad),
			  TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_4));
	ck_assert_uint_eq(tc_uset_parse("all", &bad), TC_USET_ALL);
	ck_assert_uint_eq(tc_uset_parse("1.7.1,2.0", &bad), 0);
	ck_assert_str_eq(bad, "2.0");
	ck_assert_uint_eq(tc_uset_default(), TC_USET_ALL);
	uset_says(TC_USET_RANGE(TC_UREL_1_7_1, TC_UREL_1_8_4), TC_USET_ALL, "1.7.1 to 1.8.4");
	uset_says(TC_USET_RANGE(TC_UREL_1_7_1, TC_UREL_1_7_2), TC_USET_ALL, "1.7.1 and 1.7.2");
	uset_says(TC_USET(TC_UREL_1_8_4), TC_USET_ALL, "1.8.4");
	/* runs are of the selection: 1.7.1 and 1.8.4 are neighbours in {1.7.1, 1.8.4, 1.9.0} */
	uset_says(TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_4),
		  TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_4) | TC_USET(TC_UREL_1_9_0),
		  "1.7.1 and 1.8.4");
	uset_says(TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_4), TC_USET_ALL, "1.7.1 and 1.8.4");
	uset_says(TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_2) | TC_USET(TC_UREL_1_9_0), TC_USET_ALL,
		  "1.7.1, 1.8.2 and 1.9.0");
	ck_assert_int_eq(tc_uset_fixed_in(TC_USET_RANGE(TC_UREL_1_7_1, TC_UREL_1_8_4)), TC_UREL_1_8_5);
	ck_assert_int_eq(tc_uset_fixed_in(TC_USET_ALL), -1);
}
END_TEST

/* conditionals nested without parentheses, and the ones that are not */
START_TEST(test_unested)
{
	struct tc_unested *v;
	const char *e = "REC->a ? \"x\" : REC->b ? \"y\" : \"z\"";
	size_t n = tc_unested_conditionals(e, &v);

	ck_assert_uint_eq(n, 1);
	ck_assert(!v[0].then_branch);
	ck_assert_str_eq(e + v[0].start, "REC->b ? \"y\" : \"z\"");
	free(v);
	e = "REC->a ? REC->b ? 1 : 2 : 3";
	n = tc_unested_conditionals(e, &v);
	ck_assert_uint_eq(n, 1);
	ck_assert(v[0].then_branch);
	ck_assert_uint_eq(v[0].end - v[0].start, strlen("REC->b ? 1 : 2"));
	free(v);
	/* three deep: two nested conditionals, one inside the other */
	n = tc_unested_conditionals("a ? 1 : b ? 2 : c ? 3 : 4", &v);
	ck_assert_uint_eq(n, 2);
	ck_assert(v[1].start > v[0].start && v[1].end == v[0].end);
	free(v);
	/* parenthesised, in a helper's argument, the GNU ?: */
	n = tc_unested_conditionals("a ? 1 : (b ? 2 : 3)", &v);
	ck_assert_uint_eq(n, 0);
	free(v);
	n = tc_unested_conditionals("__print_symbolic(a ? b : c, { 1, \"x\" }), d ? e : f", &v);
	ck_assert_uint_eq(n, 0);
	free(v);
	n = tc_unested_conditionals("a ?: b ? c : d", &v);
	ck_assert_uint_eq(n, 0);
	free(v);
}
END_TEST

static int found(const struct tc_umatch *m, size_t n, enum tc_ufact_id id, long arg)
{
	for (size_t i = 0; i < n; i++)
		if (m[i].fact == &tc_ufacts[id] && m[i].arg == arg)
			return 1;
	return 0;
}

/* the facts a format file has */
START_TEST(test_umodel_scan)
{
	static const char text[] =
		"name: t\nID: 1\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
		"\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
		"\tfield:char c[4];\toffset:12;\tsize:4;\tsigned:0;\n"
		"\tfield:__data_loc u32[] d;\toffset:16;\tsize:4;\tsigned:0;\n\n"
		"print fmt: \"%c %+d %s %s %s %d %d %s %s %*pbl x\ty\", REC->a, REC->a, "
		"__print_array(__get_dynamic_array(d), 2, 4), __print_dynamic_array(d, 4), "
		"__print_symbolic(REC->a), REC->a * sizeof(u64), REC->a + sizeof(REC->a) + sizeof(REC->c), "
		"REC->a ? \"x\" : REC->a > 1 ? \"y\" : \"z\", __get_str(x), 4, __get_dynamic_array(d)\n";
	struct tc_fmtfile ff;
	const char *why;
	struct tc_umatch *m;

	ck_assert_int_eq(tc_fmtfile_parse(text, &ff, &why), 0);
	size_t n = tc_umodel_scan(&ff, &m);
	ck_assert(found(m, n, TC_UF_TAB, -1));
	ck_assert(found(m, n, TC_UF_CONV_C, 0));
	ck_assert(found(m, n, TC_UF_FLAG_PLUS, 1));
	ck_assert(found(m, n, TC_UF_PRINT_ARRAY, 2));
	ck_assert(found(m, n, TC_UF_PRINT_DYNAMIC_ARRAY, 3));
	ck_assert(found(m, n, TC_UF_EMPTY_TABLE, 4));
	ck_assert(found(m, n, TC_UF_SIZEOF_FIXED, 5));
	/* 1.7.1 frees the token of sizeof(REC->a), a scalar, not that of an array's */
	ck_assert(found(m, n, TC_UF_SIZEOF_FREED, 6));
	ck_assert(found(m, n, TC_UF_TERNARY_ELSE, 7));
	ck_assert(found(m, n, TC_UF_BITMAP_LIST, 10));
	ck_assert(!found(m, n, TC_UF_CPUMASK, 8));
	size_t freed = 0;
	for (size_t i = 0; i < n; i++)
		freed += m[i].fact == &tc_ufacts[TC_UF_SIZEOF_FREED];
	ck_assert_uint_eq(freed, 1);
	for (size_t i = 0; i < n; i++)
		if (m[i].fact == &tc_ufacts[TC_UF_SIZEOF_FREED]) {
			ck_assert_str_eq(m[i].stand_in, "4");
			ck_assert_str_eq(m[i].text, "sizeof(REC->a)");
			ck_assert_uint_eq(m[i].end - m[i].start, strlen("sizeof(REC->a)"));
		}
	tc_umatches_free(m, n);
	tc_fmtfile_release(&ff);
}
END_TEST

/* whose problem it is, by the releases judged */
START_TEST(test_ufact_severity)
{
	enum tc_severity sev;
	const struct tc_ufact *tab = &tc_ufacts[TC_UF_TAB];
	tc_uset old = TC_USET(TC_UREL_1_7_1) | TC_USET(TC_UREL_1_8_4);

	ck_assert(tc_ufact_severity(tab, tc_uset_default(), TC_SEV_ERROR, &sev));
	ck_assert_int_eq(sev, TC_SEV_NOTE);
	ck_assert(tc_ufact_severity(tab, old, TC_SEV_ERROR, &sev));
	ck_assert_int_eq(sev, TC_SEV_WARNING);
	ck_assert(!tc_ufact_severity(tab, TC_USET(TC_UREL_1_9_0), TC_SEV_ERROR, &sev));
	/* no portable spelling: a note even when every release fails */
	ck_assert(tc_ufact_severity(&tc_ufacts[TC_UF_BITMAP_LIST], old, TC_SEV_ERROR, &sev));
	ck_assert_int_eq(sev, TC_SEV_NOTE);
	/* the header's: the rule's severity */
	ck_assert(tc_ufact_severity(&tc_ufacts[TC_UF_DYN_ARITH], old, TC_SEV_ERROR, &sev));
	ck_assert_int_eq(sev, TC_SEV_ERROR);
	/* every fact names a source and a release it was tested with */
	for (size_t i = 0; i < TC_UF_NR; i++) {
		ck_assert_ptr_nonnull(tc_ufacts[i].name);
		ck_assert_ptr_nonnull(tc_ufacts[i].source);
		ck_assert_uint_ne(tc_ufacts[i].tested, 0);
		ck_assert_uint_ne(tc_ufacts[i].fails, 0);
	}
	char *say = tc_ufact_sentence(tab, NULL, tab->fails, tc_uset_default());
	ck_assert_str_eq(say, "libtraceevent 1.7.1 to 1.8.4 cannot parse a TAB in the format string (it "
			      "ends their string token): perf and trace-cmd print the event as [FAILED TO "
			      "PARSE]; 1.8.5 and later parse it");
	free(say);
	say = tc_ufact_sentence(&tc_ufacts[TC_UF_CONV_C], "%c", TC_USET(TC_UREL_1_7_1),
				TC_USET(TC_UREL_1_7_1));
	ck_assert_str_eq(say, "libtraceevent 1.7.1 prints '>c<' for '%c' and gives every later "
			      "conversion the wrong argument");
	free(say);
}
END_TEST

START_TEST(test_diags_sort)
{
	struct tc_diags d = { 0 };
	struct tc_loc a = { "x.h", 10, 2 }, b = { "x.h", 3, 1 };

	tc_diags_add(&d, TC_SEV_ERROR, "r1", a, "second");
	tc_diags_add(&d, TC_SEV_WARNING, "r2", b, "first");
	tc_diags_add(&d, TC_SEV_ERROR, "r1", a, "second");
	tc_diags_sort(&d);
	ck_assert_uint_eq(d.nr, 2);
	ck_assert_str_eq(d.v[0].msg, "first");
	ck_assert_str_eq(d.v[1].msg, "second");
	tc_diags_release(&d);
}
END_TEST

START_TEST(test_split_print_fmt)
{
	struct tc_printk p = { 0 };
	const char *meta = "\"a=%d s=%s\", \x1d" "REC->a, __print_symbolic(REC->b, { 1, \"x, y\" })"
			   "\x1c" "__entry->a, show_b(__entry->b)\x1b\"a=%d s=%s\"";

	tc_split_print_fmt(&p, meta);
	ck_assert(p.present);
	ck_assert_str_eq(p.fmt, "a=%d s=%s");
	ck_assert_str_eq(p.print_fmt,
			 "\"a=%d s=%s\", REC->a, __print_symbolic(REC->b, { 1, \"x, y\" })");
	ck_assert_uint_eq(p.nr_args, 2);
	ck_assert_str_eq(p.args[1].expanded, "__print_symbolic(REC->b, { 1, \"x, y\" })");
	ck_assert_str_eq(p.args[1].raw, "show_b(__entry->b)");
	tc_printk_release(&p);

	/* one macro expanding to several arguments */
	meta = "\"%d %d %d\", \x1d" "REC->a, (REC->b) & 1, (REC->c) & 1"
	       "\x1c" "__entry->a, PAIR(__entry->b, __entry->c)\x1b\"\"";
	tc_split_print_fmt(&p, meta);
	ck_assert_uint_eq(p.nr_args, 3);
	ck_assert_uint_eq(p.args[0].raw_index, 0);
	ck_assert_uint_eq(p.args[1].raw_index, 1);
	ck_assert_uint_eq(p.args[2].raw_index, 1);
	tc_printk_release(&p);
}
END_TEST

static struct tc_header *parse_text(const char *text)
{
	char dir[] = "/tmp/tc-unit-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *path = xasprintf("%s/unit.h", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#undef TRACE_SYSTEM\n#define TRACE_SYSTEM unit\n"
	      "#if !defined(_UNIT_H) || defined(TRACE_HEADER_MULTI_READ)\n#define _UNIT_H\n"
	      "#include <linux/tracepoint.h>\n", f);
	fputs(text, f);
	fputs("\n#endif\n#undef TRACE_INCLUDE_PATH\n#define TRACE_INCLUDE_PATH .\n"
	      "#define TRACE_INCLUDE_FILE unit\n#include <trace/define_trace.h>\n", f);
	fclose(f);
	struct tc_fe_options o = { .datadir = getenv("TRACECHECK_DATADIR"), .no_kernel_tree = 1 };
	ck_assert_ptr_nonnull(o.datadir);
	struct tc_frontend *fe = tc_frontend_new(&o);
	struct tc_header *h = tc_frontend_parse(fe, path);
	tc_frontend_free(fe);
	unlink(path);
	rmdir(dir);
	free(path);
	ck_assert_ptr_nonnull(h);
	return h;
}

START_TEST(test_frontend_layout)
{
	struct tc_header *h = parse_text(
		"TRACE_EVENT(ev, TP_PROTO(int a), TP_ARGS(a),\n"
		" TP_STRUCT__entry(__field(u8, f) __field(u64, v) __string(s, \"x\") __array(u16, arr, 3)),\n"
		" TP_fast_assign(__entry->f = a; __entry->v = a; __assign_str(s); __entry->arr[1] = 0;),\n"
		" TP_printk(\"%u\", __entry->f));\n");
	ck_assert_uint_eq(h->nr_classes, 1);
	struct tc_class *c = h->classes[0];
	ck_assert_str_eq(c->name, "ev");
	ck_assert(c->layout_known);
	ck_assert_uint_eq(c->nr_fields, 4);
	ck_assert_int_eq(c->fields[0].offset, 8);
	ck_assert_int_eq(c->fields[1].offset, 16);
	ck_assert_int_eq(c->fields[2].offset, 24);
	ck_assert_int_eq(c->fields[2].size, 4);
	ck_assert_int_eq(c->fields[3].offset, 28);
	ck_assert_int_eq(c->fields[3].array_len, 3);
	ck_assert_int_eq(c->size, 40);
	ck_assert_int_eq(c->fields[0].written, TC_WRITTEN_ALWAYS);
	ck_assert_int_eq(c->fields[2].written, TC_WRITTEN_ALWAYS);
	ck_assert_int_eq(c->fields[3].written, TC_WRITTEN_PARTIAL);
	ck_assert_str_eq(h->system, "unit");
	ck_assert_uint_eq(h->nr_events, 1);
	ck_assert(h->events[0]->instantiated);
	ck_assert_ptr_eq(h->events[0]->cls, c);
	tc_header_free(h);
}
END_TEST

START_TEST(test_frontend_conditions)
{
	struct tc_header *h = parse_text(
		"TRACE_EVENT(ev, TP_PROTO(int a), TP_ARGS(a),\n"
		" TP_STRUCT__entry(__field(int, both) __field(int, one) __field(int, sw) __field(int, tern) __field(int, never)),\n"
		" TP_fast_assign(if (a) { __entry->both = 1; __entry->one = 1; } else { __entry->both = 2; }\n"
		"  switch (a) { case 1: __entry->sw = 1; break; }\n"
		"  a ? (__entry->tern = 1) : (__entry->tern = 2);),\n"
		" TP_printk(\"%d\", __entry->both));\n");
	struct tc_class *c = h->classes[0];
	ck_assert_int_eq(tc_class_field(c, "both")->written, TC_WRITTEN_ALWAYS);
	ck_assert_int_eq(tc_class_field(c, "one")->written, TC_WRITTEN_CONDITIONAL);
	ck_assert_int_eq(tc_class_field(c, "sw")->written, TC_WRITTEN_CONDITIONAL);
	ck_assert_int_eq(tc_class_field(c, "tern")->written, TC_WRITTEN_ALWAYS);
	ck_assert_int_eq(tc_class_field(c, "never")->written, TC_WRITTEN_NEVER);
	tc_header_free(h);
}
END_TEST

START_TEST(test_frontend_print)
{
	struct tc_header *h = parse_text(
		"const char *nm(int);\n#define LETTER(x) ((x) + 'a')\n"
		"TRACE_EVENT(ev, TP_PROTO(int a), TP_ARGS(a),\n"
		" TP_STRUCT__entry(__field(int, a)),\n"
		" TP_fast_assign(__entry->a = a;),\n"
		" TP_printk(\"%s %c\", nm(__entry->a), LETTER(__entry->a)));\n");
	struct tc_printk *p = &h->classes[0]->print;
	ck_assert(p->present && p->args_analyzed && p->args_located);
	ck_assert_str_eq(p->print_fmt, "\"%s %c\", nm(REC->a), ((REC->a) + 'a')");
	ck_assert_uint_eq(p->nr_args, 2);
	ck_assert_uint_eq(p->args[0].nr_calls, 1);
	ck_assert_str_eq(p->args[0].calls[0].callee, "nm");
	ck_assert(p->args[0].calls[0].declared);
	ck_assert_uint_eq(p->args[1].nr_calls, 0);
	int found = 0;
	for (size_t i = 0; i < p->args[1].nr_macros; i++)
		found |= !strcmp(p->args[1].macros[i].name, "LETTER") && !p->args[1].macros[i].standard;
	ck_assert(found);
	ck_assert_uint_eq(p->args[1].loc.line, 11);
	tc_header_free(h);
}
END_TEST

START_TEST(test_frontend_print_helpers)
{
	struct tc_header *h = parse_text(
		"TRACE_EVENT(ev, TP_PROTO(int a), TP_ARGS(a),\n"
		" TP_STRUCT__entry(__dynamic_array(u32, w, a) __array(u16, arr, 3) __string(s, \"x\")\n"
		"  __field(u8, st)),\n"
		" TP_fast_assign(__entry->st = a; __assign_str(s);),\n"
		" TP_printk(\"%s %s %s %s\", __get_str(s),\n"
		"  __print_array(__get_dynamic_array(w), __get_dynamic_array_len(w), 4),\n"
		"  __print_hex(__entry->arr, 10),\n"
		"  __print_symbolic(__entry->st, { 1, \"one\" }, { 1 << 2, \"four\" })));\n");
	struct tc_class *c = h->classes[0];
	struct tc_printk *p = &c->print;
	ck_assert_int_eq(tc_class_field(c, "w")->el_size, 4);
	ck_assert_int_eq(tc_class_field(c, "arr")->el_size, 2);
	ck_assert_uint_eq(p->nr_args, 4);
	ck_assert_uint_eq(p->args[0].nr_helpers, 1);
	ck_assert_str_eq(p->args[0].helpers[0].helper, "__get_str");
	ck_assert_str_eq(p->args[0].helpers[0].field, "s");
	ck_assert(p->args[0].helpers[0].whole_arg);
	/* __print_array, then the getter inside it */
	ck_assert_uint_eq(p->args[1].nr_helpers, 2);
	struct tc_helper_use *u = &p->args[1].helpers[0];
	ck_assert_str_eq(u->helper, "__print_array");
	ck_assert_str_eq(u->field, "w");
	ck_assert(u->buf_dynamic);
	ck_assert_str_eq(u->len_field, "w");
	ck_assert_int_eq(u->el_size, 4);
	ck_assert_str_eq(p->args[1].helpers[1].helper, "__get_dynamic_array");
	ck_assert(!p->args[1].helpers[1].whole_arg);
	u = &p->args[2].helpers[0];
	ck_assert_str_eq(u->helper, "__print_hex");
	ck_assert_str_eq(u->field, "arr");
	ck_assert(!u->buf_dynamic);
	ck_assert_int_eq(u->count, 10);
	u = &p->args[3].helpers[0];
	ck_assert_str_eq(u->helper, "__print_symbolic");
	ck_assert(u->syms_known);
	ck_assert_uint_eq(u->nr_syms, 2);
	ck_assert_int_eq(u->syms[1].value, 4);
	ck_assert_str_eq(u->syms[1].name, "four");
	ck_assert_int_eq(u->value_size, 1);
	ck_assert(!u->value_signed);
	tc_header_free(h);
}
END_TEST

static const char kfmt_head[] =
	"name: k\nID: 7\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:int d;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield:u8 b;\toffset:12;\tsize:1;\tsigned:0;\n"
	"\tfield:char name[8];\toffset:13;\tsize:8;\tsigned:0;\n"
	"\tfield:__data_loc char[] s;\toffset:24;\tsize:4;\tsigned:0;\n"
	"\tfield:u64 big;\toffset:32;\tsize:8;\tsigned:0;\n\n";

/* Render one print fmt against a record: d=-3, b=200, name "ab", s "xyz", big 2^40. */
static char *krender(const char *print)
{
	struct strbuf text = STRBUF_INIT, out = STRBUF_INIT;
	struct tc_fmtfile ff;
	const char *why;
	unsigned char rec[48] = { 0 };

	strbuf_addf(&text, "%sprint fmt: %s\n", kfmt_head, print);
	ck_assert_int_eq(tc_fmtfile_parse(text.buf, &ff, &why), 0);
	int d = -3;
	memcpy(rec + 8, &d, 4);
	rec[12] = 200;
	memcpy(rec + 13, "ab", 3);
	unsigned loc = 40 | 4u << 16;
	memcpy(rec + 24, &loc, 4);
	memcpy(rec + 40, "xyz", 4);
	unsigned long long big = 1ULL << 40;
	memcpy(rec + 32, &big, 8);
	struct tc_krecord r = { .ff = &ff, .data = rec, .size = sizeof(rec) };
	int ok = tc_krender(&r, &out);
	tc_fmtfile_release(&ff);
	strbuf_release(&text);
	if (!ok) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out);
}

#define KCHECK(print, want)                                                  \
	do {                                                                 \
		char *got = krender(print);                                  \
		ck_assert_msg(got && !strcmp(got, want), "%s: got '%s', want '%s'", \
			      print, got ? got : "(unknown)", want);          \
		free(got);                                                   \
	} while (0)

START_TEST(test_keval)
{
	/* C semantics: signed fields, promotions, char constants, casts */
	KCHECK("\"%d %u %x\", REC->d, REC->d, REC->b", "-3 4294967293 c8");
	KCHECK("\"%d\", REC->d < 0", "1");
	KCHECK("\"%c%c\", REC->d + 'D', 'A' + 1", "AB");
	KCHECK("\"%d\", (s8)REC->b", "-56");
	KCHECK("\"%llu %d\", REC->big, (int)(REC->big >> 38)", "1099511627776 4");
	KCHECK("\"%u\", REC->b ^ 1", "201");
	KCHECK("\"%d\", REC->d ? 10 / 4 : 0", "2");
	/* strings, arrays, dynamic data */
	KCHECK("\"[%s] [%-4s] [%.1s]\", REC->name, __get_str(s), \"tab\\tx\"", "[ab] [xyz ] [t]");
	KCHECK("\"%d\", __get_dynamic_array_len(s)", "4");
	/* the helpers, as kernel/trace/trace_output.c renders them */
	KCHECK("\"%s\", __print_symbolic(REC->b, { 1, \"one\" }, { 200, \"many\" })", "many");
	KCHECK("\"%s\", __print_symbolic(REC->b, { 1, \"one\" })", "0xc8");
	KCHECK("\"%s\", __print_flags(REC->b, \"|\", { 0, \"Z\" }, { 8, \"E\" }, { 64, \"S\" })",
	       "Z|E|S|0x80");
	KCHECK("\"%s\", __print_hex(REC->name, 3)", "61 62 00");
	KCHECK("\"%s\", __print_hex_str(REC->name, 2)", "6162");
	KCHECK("\"%s\", __print_array(REC->name, 2, 1)", "{0x61,0x62}");
	/* %p: vsnprintf() swallows every letter after the extension it knows */
	KCHECK("\"%pM %pMpmk_len\", REC->name, REC->name", "61:62:00:00:00:00 61:62:00:00:00:00_len");
	KCHECK("\"%px\", REC->big", "0000010000000000");
	/* what only the kernel knows */
	ck_assert_ptr_null(krender("\"%s\", some_function(REC->d)"));
	ck_assert_ptr_null(krender("\"%d\", ENUM_NAME"));
	ck_assert_ptr_null(krender("\"%p\", REC->big"));
	ck_assert_ptr_null(krender("\"%d\", REC->d / 0"));
}
END_TEST

/* text: s repeated n times, then mid, then e repeated n times; malloced */
static char *nest(const char *s, int n, const char *mid, const char *e)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < n; i++)
		strbuf_addstr(&sb, s);
	strbuf_addstr(&sb, mid);
	for (int i = 0; i < n; i++)
		strbuf_addstr(&sb, e);
	return strbuf_detach(&sb);
}

static size_t nesting_of(const char *text)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(text, &t), d = tc_ctok_nesting(t, n);

	free(t);
	return d;
}

/* Nesting past TC_MAX_NESTING is not evaluated, whatever makes it: never a crash. */
START_TEST(test_keval_nesting)
{
	static const struct {
		const char *open, *mid, *close;
		int extra; /* nesting besides the repetitions' */
	} kinds[] = {
		{ "(", "REC->d", ")", 0 },
		{ "!", "REC->d", "", 0 },
		{ "- ", "REC->d", "", 0 },
		{ "(int)", "REC->d", "", 0 },
		{ "REC->d ? 1 : ", "0", "", 0 },
		{ "__print_symbolic(", "REC->d", ", { 1, \"a\" })", 1 },
		{ "\"abc\"[", "0", "]", 0 },
	};
	static const int counts[] = { TC_MAX_NESTING - 1, TC_MAX_NESTING, TC_MAX_NESTING + 1,
				      10000 };

	ck_assert_uint_eq(nesting_of("REC->d + 1"), 0);
	ck_assert_uint_eq(nesting_of("f(a, (b), c[1])"), 2);
	ck_assert_uint_eq(nesting_of("a ? b : c ? d : e"), 2);
	ck_assert_uint_eq(nesting_of("{ 1, \"a\" }, { 2, \"b\" }"), 1);
	ck_assert_uint_eq(nesting_of("(u8)(s16)-x"), 3);
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		for (size_t c = 0; c < ARRAY_SIZE(counts); c++) {
			int n = counts[c] - kinds[k].extra;
			char *arg = nest(kinds[k].open, n, kinds[k].mid, kinds[k].close);
			char *print = xasprintf("\"%%d\", %s", arg);
			int deep = tc_karg_too_deep(arg);
			ck_assert_msg(nesting_of(arg) == (size_t)counts[c], "%s x %d: %zu",
				      kinds[k].open, n, nesting_of(arg));
			ck_assert_msg(deep == (counts[c] > TC_MAX_NESTING), "%s x %d: too deep %d",
				      kinds[k].open, n, deep);
			char *got = krender(print); /* never a crash */
			if (deep)
				ck_assert_ptr_null(got);
			free(got);
			free(print);
			free(arg);
		}
	}
}
END_TEST

START_TEST(test_fmtfile)
{
	struct strbuf text = STRBUF_INIT;
	struct tc_fmtfile ff;
	const char *why;

	strbuf_addf(&text, "%sprint fmt: \"a=\"%%s\" b=%%d\", __get_str(s), (REC->d, 1)\n", kfmt_head);
	ck_assert_int_eq(tc_fmtfile_parse(text.buf, &ff, &why), 0);
	ck_assert_str_eq(ff.name, "k");
	ck_assert_int_eq(ff.id, 7);
	ck_assert_uint_eq(ff.nr_fields, 9);
	ck_assert_str_eq(ff.fields[6].name, "name");
	ck_assert_int_eq(ff.fields[6].array_len, 8);
	ck_assert_int_eq(ff.fields[7].dyn, TC_FF_DATA_LOC);
	ck_assert_str_eq(ff.fmt, "a=\"%s\" b=%d");
	ck_assert_uint_eq(ff.nr_args, 2);
	ck_assert_str_eq(ff.args[1], "(REC->d, 1)");
	struct tc_pconv *cv;
	ck_assert_uint_eq(tc_pconvs("%*d %% %-5.2s %pISpc %llx", TC_PCONV_GNU, &cv), 4);
	ck_assert_uint_eq(cv[0].nr_args, 2);
	ck_assert_int_eq(cv[2].conv, 'p');
	ck_assert_uint_eq(cv[3].first_arg, 4);
	free(cv);
	tc_fmtfile_release(&ff);
	ck_assert_int_ne(tc_fmtfile_parse("name: x\nID: 1\n", &ff, &why), 0);
	ck_assert_str_eq(why, "it has no 'print fmt:' line");
	tc_fmtfile_release(&ff);
	strbuf_release(&text);
}
END_TEST

START_TEST(test_fingerprints)
{
	struct tc_diags a = { 0 }, b = { 0 };
	struct tc_loc l1 = { "x.h", 10, 3 }, l2 = { "x.h", 42, 7 };

	tc_diags_add(&a, TC_SEV_ERROR, "printk-call", l1, "calls 'f()'");
	tc_diags_add(&a, TC_SEV_ERROR, "printk-call", l1, "calls 'f()'");
	tc_diags_add(&b, TC_SEV_ERROR, "printk-call", l2, "calls 'f()'");
	tc_diags_add(&b, TC_SEV_ERROR, "printk-call", l2, "calls 'f()'");
	char **fa = tc_fingerprints(&a, "drivers/x.h"), **fb = tc_fingerprints(&b, "drivers/x.h");
	char **fc = tc_fingerprints(&a, "drivers/y.h");
	/* the line moved: the same fingerprints; a repeat gets its own */
	ck_assert_str_eq(fa[0], fb[0]);
	ck_assert_str_eq(fa[1], fb[1]);
	ck_assert_str_ne(fa[0], fa[1]);
	ck_assert_str_ne(fa[0], fc[0]);
	ck_assert_uint_eq(strlen(fa[0]), 16);
	tc_fingerprints_free(fa, 2);
	tc_fingerprints_free(fb, 2);
	tc_fingerprints_free(fc, 2);
	tc_diags_release(&a);
	tc_diags_release(&b);

	/* __COUNTER__'s numbers depend on what the unit read first */
	struct tc_diags u = { 0 }, v = { 0 };
	tc_diags_add(&u, TC_SEV_ERROR, "printk-custom-macro", l1,
		     "records '({ int __UNIQUE_ID_x_359 = (REC->n); __UNIQUE_ID_x_359; })'");
	tc_diags_add(&v, TC_SEV_ERROR, "printk-custom-macro", l2,
		     "records '({ int __UNIQUE_ID_x_347 = (REC->n); __UNIQUE_ID_x_347; })'");
	tc_diags_add(&v, TC_SEV_ERROR, "printk-custom-macro", l2,
		     "records '({ int __UNIQUE_ID_x_349 = (REC->n); __UNIQUE_ID_x_349; })'");
	char **fu = tc_fingerprints(&u, "x.h"), **fv = tc_fingerprints(&v, "x.h");
	ck_assert_str_eq(fu[0], fv[0]);
	ck_assert_str_ne(fv[0], fv[1]); /* the second is another occurrence */
	tc_fingerprints_free(fu, 1);
	tc_fingerprints_free(fv, 2);
	tc_diags_release(&u);
	tc_diags_release(&v);

	/*
	 * Version 2 keys on the subject: a reworded message (or another
	 * libtraceevent named in it) keeps the fingerprint; another field
	 * or argument of the same event does not.
	 */
	struct tc_diags p = { 0 }, q = { 0 };
	struct tc_diag *g;
	g = tc_diags_add(&p, TC_SEV_ERROR, "printk-userspace", l1, "libtraceevent 1.7.1 prints '>c<'");
	tc_diag_subject(g, TC_SCOPE_CLASS, "g4x_wm", TC_ELEM_ARG, NULL, 1);
	g = tc_diags_add(&p, TC_SEV_WARNING, "field-unassigned", l1, "field 'a' is never written");
	tc_diag_subject(g, TC_SCOPE_CLASS, "g4x_wm", TC_ELEM_FIELD, "a", 0);
	g = tc_diags_add(&q, TC_SEV_ERROR, "printk-userspace", l2,
			 "libtraceevent 1.8.4 renders it as '>c<' where the kernel prints 'B'");
	tc_diag_subject(g, TC_SCOPE_CLASS, "g4x_wm", TC_ELEM_ARG, NULL, 1);
	g = tc_diags_add(&q, TC_SEV_WARNING, "field-unassigned", l2, "field 'a' is never written");
	tc_diag_subject(g, TC_SCOPE_CLASS, "g4x_wm", TC_ELEM_FIELD, "b", 0);
	char **fp = tc_fingerprints(&p, "x.h"), **fq = tc_fingerprints(&q, "x.h");
	ck_assert_str_eq(fp[0], fq[0]);
	ck_assert_str_ne(fp[1], fq[1]);
	char *k = tc_subject_key(&p.v[0].subj);
	ck_assert_str_eq(k, "class:g4x_wm arg:1");
	free(k);
	k = tc_subject_key(&q.v[1].subj);
	ck_assert_str_eq(k, "class:g4x_wm field:b");
	free(k);
	tc_fingerprints_free(fp, 2);
	tc_fingerprints_free(fq, 2);
	tc_diags_release(&p);
	tc_diags_release(&q);
}
END_TEST

START_TEST(test_timeconst)
{
	/* the values bc prints for kernel/time/timeconst.bc (6.12) */
	static const struct {
		unsigned long long hz;
		const char *lines[4];
	} v[] = {
		{ 100,
		  { "#define MSEC_TO_HZ_MUL32\tU64_C(0xCCCCCCCD)\n",
		    "#define MSEC_TO_HZ_ADJ32\tU64_C(0x733333333)\n",
		    "#define USEC_TO_HZ_ADJ32\tU64_C(0x1FFF2E48E8A7)\n",
		    "#define USEC_TO_HZ_SHR32\t45\n" } },
		{ 300,
		  { "#define HZ_TO_MSEC_MUL32\tU64_C(0xD5555556)\n",
		    "#define HZ_TO_MSEC_ADJ32\tU64_C(0x2AAAAAAA)\n",
		    "#define HZ_TO_USEC_ADJ32\tU64_C(0xAAAAA)\n",
		    "#define USEC_TO_HZ_MUL32\tU64_C(0x9D495183)\n" } },
		{ 1000,
		  { "#define HZ_TO_MSEC_SHR32\t31\n", "#define MSEC_TO_HZ_ADJ32\tU64_C(0x0)\n",
		    "#define USEC_TO_HZ_ADJ32\tU64_C(0x1FF7CED9168)\n",
		    "#define HZ_TO_NSEC_NUM\t\t1000000\n" } },
		{ 24,
		  { "#define HZ_TO_MSEC_MUL32\tU64_C(0xA6AAAAAB)\n",
		    "#define MSEC_TO_HZ_ADJ32\tU64_C(0x1FBE76C8B4)\n",
		    "#define USEC_TO_HZ_ADJ32\tU64_C(0x7FFFBCE4217D)\n",
		    "#define HZ_TO_USEC_DEN\t\t3\n" } },
	};

	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		struct strbuf sb = STRBUF_INIT;
		tc_ktree_timeconst(&sb, v[i].hz);
		for (size_t k = 0; k < 4; k++)
			ck_assert_msg(strstr(sb.buf, v[i].lines[k]), "HZ=%llu: no %s", v[i].hz,
				      v[i].lines[k]);
		strbuf_release(&sb);
	}
}
END_TEST

START_TEST(test_json)
{
	const char *why = NULL;
	unsigned line = 0;
	struct tc_json *v = tc_json_parse(
		"{ \"a\": [1, -2.5, true, false, null],\n \"s\": \"q\\\"\\\\\\n\\u00e9\\ud83d\\ude00\",\n"
		" \"o\": {} }",
		&why, &line);
	ck_assert_ptr_nonnull(v);
	const struct tc_json *a = tc_json_get(v, "a");
	ck_assert_int_eq(a->type, TC_JSON_ARRAY);
	ck_assert_uint_eq(a->nr, 5);
	ck_assert_int_eq(tc_json_int(a->items[0], 0), 1);
	ck_assert_int_eq(a->items[2]->type, TC_JSON_TRUE);
	ck_assert_str_eq(tc_json_str(tc_json_get(v, "s")), "q\"\\\n\xc3\xa9\xf0\x9f\x98\x80");
	ck_assert_ptr_null(tc_json_get(v, "none"));
	ck_assert_int_eq(tc_json_get(v, "o")->nr, 0);

	/* what it writes, it reads back */
	struct strbuf sb = STRBUF_INIT;
	tc_json_quote(&sb, tc_json_str(tc_json_get(v, "s")));
	ck_assert_str_eq(sb.buf, "\"q\\\"\\\\\\n\xc3\xa9\xf0\x9f\x98\x80\"");
	strbuf_reset(&sb);
	tc_json_quote(&sb, "tab\there\x01 bad\xff");
	ck_assert_str_eq(sb.buf, "\"tab\\there\\u0001 bad\\ufffd\"");
	/* byte for byte: a byte that is not UTF-8 as U+DC00 + the byte, read back as it */
	strbuf_reset(&sb);
	tc_json_quote_raw(&sb, "bad\xff \xc3\xa9 \xc3");
	ck_assert_str_eq(sb.buf, "\"bad\\udcff \xc3\xa9 \\udcc3\"");
	struct tc_json *raw = tc_json_parse(sb.buf, &why, &line);
	ck_assert_str_eq(tc_json_str(raw), "bad\xff \xc3\xa9 \xc3");
	tc_json_free(raw);
	strbuf_release(&sb);
	tc_json_free(v);

	ck_assert_ptr_null(tc_json_parse("[1,\n2,\n", &why, &line));
	ck_assert_str_eq(why, "unexpected end of input");
	ck_assert_uint_eq(line, 3);
	ck_assert_ptr_null(tc_json_parse("{\"a\" 1}", &why, &line));
	ck_assert_str_eq(why, "expected ':'");
	ck_assert_ptr_null(tc_json_parse("[1] x", &why, &line));
	ck_assert_str_eq(why, "text after the value");
	char deep[2000];
	memset(deep, '[', sizeof(deep) - 1);
	deep[sizeof(deep) - 1] = '\0';
	ck_assert_ptr_null(tc_json_parse(deep, &why, &line));
	ck_assert_str_eq(why, "nested too deeply");
}
END_TEST

/* The cache (cache.h): entries round-trip, corrupt ones are refused, trimming drops the oldest */
START_TEST(test_cache)
{
	char dir[] = "/tmp/tc-cache-unit-XXXXXX";
	char big[8192];
	size_t len;

	const char *was = getenv("XDG_CACHE_HOME");
	char *saved = was ? strdup(was) : NULL;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	setenv("XDG_CACHE_HOME", dir, 1);
	ck_assert(tc_cache_enabled());
	ck_assert_ptr_null(tc_cache_get("t", "none", &len));
	tc_cache_put("t", "a", "alpha", 5);
	char *got = tc_cache_get("t", "a", &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, 5);
	ck_assert_str_eq(got, "alpha");
	free(got);

	/* five entries of 8 KiB, the first used longest ago */
	memset(big, 'x', sizeof(big));
	for (int i = 0; i < 5; i++) {
		char key[8];
		snprintf(key, sizeof(key), "k%d", i);
		tc_cache_put("t", key, big, sizeof(big));
	}
	char *cmd;
	ck_assert_int_ge(asprintf(&cmd, "find %s -type f -path '*/t/*' -exec touch -d '2020-01-01' {} +",
				  dir), 0);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	got = tc_cache_get("t", "k4", &len); /* used now */
	ck_assert_ptr_nonnull(got);
	free(got);
	tc_cache_trim(4 * 9000);
	got = tc_cache_get("t", "k4", &len);
	ck_assert_ptr_nonnull(got);
	free(got);
	int left = 0;
	for (int i = 0; i < 4; i++) {
		char key[8];
		snprintf(key, sizeof(key), "k%d", i);
		got = tc_cache_get("t", key, &len);
		left += got != NULL;
		free(got);
	}
	ck_assert_int_lt(left, 3); /* under three quarters of 36 000 bytes: at most 3 entries in all */
	/* what was used within the hour stays, over the limit or not (a sweep's own results) */
	for (int i = 5; i < 12; i++) {
		char key[8];
		snprintf(key, sizeof(key), "k%d", i);
		tc_cache_put("t", key, big, sizeof(big));
	}
	tc_cache_trim(4 * 9000);
	for (int i = 4; i < 12; i++) {
		char key[8];
		snprintf(key, sizeof(key), "k%d", i);
		got = tc_cache_get("t", key, &len);
		ck_assert_ptr_nonnull(got);
		free(got);
	}

	/* a corrupt entry is refused (and the cache off means nothing read) */
	ck_assert_int_ge(asprintf(&cmd, "for f in $(find %s -type f -path '*/t/*'); do "
					"printf 'tracecheck-cache 1 5 0\\nalpha' >$f; done",
				  dir), 0);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	ck_assert_ptr_null(tc_cache_get("t", "k4", &len));
	ck_assert_int_ge(asprintf(&cmd, "rm -rf %s", dir), 0);
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	if (saved)
		setenv("XDG_CACHE_HOME", saved, 1);
	else
		unsetenv("XDG_CACHE_HOME");
	free(saved);
}
END_TEST

/* text into path, its mtime an old one (its ctime is now: compared by content) */
static void write_old(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	struct timespec old[2] = { { 1577232000, 0 }, { 1577232000, 0 } };

	ck_assert_ptr_nonnull(f);
	ck_assert_int_ge(fputs(text, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(utimensat(AT_FDCWD, path, old, 0), 0);
}

static int deps_hold(const struct strbuf *deps)
{
	const char *p = deps->buf;

	return tc_deps_check(&p, deps->buf + deps->len);
}

static int has_line(const struct strbuf *deps, const char *type, const char *text,
		    const char *path)
{
	char h[33];

	tc_hash_hex(text, strlen(text), h);
	char *l = xasprintf("%s%s %s\n", type, h, path);
	int yes = strstr(deps->buf, l) != NULL;
	free(l);
	return yes;
}

/* A recording: a (whose text is "one\n") read, b looked for and absent. */
static void record_one(const char *a, const char *b, struct strbuf *deps)
{
	char *absent = xasprintf("a %s\n", b);

	tc_deps_start();
	free(read_file(a, NULL));
	ck_assert(!is_file(b));
	ck_assert_int_eq(tc_deps_finish(deps), 0);
	ck_assert(has_line(deps, "f - - - - - ", "one\n", a));
	ck_assert_ptr_nonnull(strstr(deps->buf, absent));
	free(absent);
}

/* A resolver that records, as a check's can: dir/a.h read, dir/b.h looked for. */
static char *record_now(const char *dir)
{
	char *a = xasprintf("%s/a.h", dir), *b = xasprintf("%s/b.h", dir);

	tc_deps_file(a, NULL, 0);
	tc_deps_passed_over(b);
	free(a);
	free(b);
	return xstrdup("1");
}

/*
 * The memo of the dependency checks (deps.c): a path's state is the one
 * the first check of the process saw, until a recording starts or
 * tc_deps_forget(); a recording sees every change, also one the memo
 * does not know of.
 */
START_TEST(test_deps_memo)
{
	char dir[] = "/tmp/tc-deps-memo-XXXXXX";
	struct strbuf d1 = STRBUF_INIT, d2 = STRBUF_INIT, d3 = STRBUF_INIT, d4 = STRBUF_INIT;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *a = xasprintf("%s/a.h", dir), *b = xasprintf("%s/b.h", dir);
	char *absent = xasprintf("a %s\n", b);
	write_old(a, "one\n");
	record_one(a, b, &d1);
	ck_assert_int_eq(deps_hold(&d1), 1);

	/* changed since the first check: the checks of this process still see it as it was */
	write_old(a, "two\n");
	write_old(b, "");
	ck_assert_int_eq(deps_hold(&d1), 1);
	tc_deps_forget();
	ck_assert_int_eq(deps_hold(&d1), 0);

	/* a recording forgets the memo and sees what is there now */
	write_old(a, "one\n");
	unlink(b);
	ck_assert_int_eq(deps_hold(&d1), 0); /* the memo: "two", b.h there */
	record_one(a, b, &d2);
	ck_assert_int_eq(deps_hold(&d1), 1);

	/*
	 * checked during a recording (a precompiled header's entry): no memo,
	 * what a resolver records is what is there then
	 */
	write_old(a, "three\n");
	write_old(b, "");
	tc_deps_start();
	ck_assert_int_eq(deps_hold(&d1), 0);
	write_old(a, "four\n");
	unlink(b);
	strbuf_addf(&d4, "k memotest %s 1\nR\n", dir);
	tc_deps_set_resolver("memotest", record_now);
	ck_assert_int_eq(deps_hold(&d4), 1);
	ck_assert_int_eq(tc_deps_finish(&d3), 0);
	ck_assert(has_line(&d3, "f - - - - - ", "four\n", a));
	ck_assert_ptr_nonnull(strstr(d3.buf, absent));
	ck_assert_int_eq(deps_hold(&d3), 1);
	tc_deps_forget();

	unlink(a);
	unlink(b);
	ck_assert_int_eq(rmdir(dir), 0);
	strbuf_release(&d1);
	strbuf_release(&d2);
	strbuf_release(&d3);
	strbuf_release(&d4);
	free(absent);
	free(a);
	free(b);
}
END_TEST

/* The cache's hash: MurmurHash3 x64 128 (seed 0), the same fed whole or in pieces. */
START_TEST(test_cache_hash)
{
	static const char fox[] = "The quick brown fox jumps over the lazy dog";
	char whole[33], pieces[33];

	tc_hash_hex("", 0, whole);
	ck_assert_str_eq(whole, "00000000000000000000000000000000");
	tc_hash_hex(fox, strlen(fox), whole);
	ck_assert_str_eq(whole, "e34bbc7bbc071b6c7a433ca9c49a9347");
	for (size_t step = 1; step <= 17; step++) {
		struct tc_hasher hs;
		tc_hasher_init(&hs);
		for (size_t i = 0; i < strlen(fox); i += step)
			tc_hasher_add(&hs, fox + i, strlen(fox) - i < step ? strlen(fox) - i : step);
		tc_hasher_hex(&hs, pieces);
		ck_assert_str_eq(pieces, whole);
	}
	/* a byte more, or one changed, is another hash */
	tc_hash_hex(fox, strlen(fox) - 1, pieces);
	ck_assert_str_ne(pieces, whole);
	tc_hash_hex("The quick brown fox jumps over the lazy cog", strlen(fox), pieces);
	ck_assert_str_ne(pieces, whole);
}
END_TEST

START_TEST(test_line_hashes)
{
	/* the vectors of ../shared/reference/anchors.md 4.1 (codeql-action's algorithm) */
	static const struct {
		const char *text;
		const char *want[4];
	} v[] = {
		{ "int a;\n\tint a;\nint b;\n",
		  { "1fa76b0139708af7:1", "ce87b61c11481a6:1", "bd39bb1f00ad510d:1",
		    "c129715d7a2bc9a3:1" } },
		{ "TRACE_EVENT(foo_bar,\n\tTP_printk(\"a=%d\", __entry->a)\n);\n",
		  { "e38a006fccb46a00:1", "754b7a89fdeb61be:1", "4198bb0649bf73d9:1",
		    "c129715d7a2bc9a3:1" } },
	};

	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		char **h;
		size_t n;
		tc_line_hashes(v[i].text, strlen(v[i].text), &h, &n);
		ck_assert_uint_eq(n, 4);
		for (size_t k = 0; k < 4; k++)
			ck_assert_str_eq(h[k], v[i].want[k]);
		free_strings(h, n);
	}
	/* CRLF is LF; identical lines are told apart by their count */
	char **a, **b;
	size_t na, nb;
	tc_line_hashes("int a;\r\n\tint a;\r\nint b;\r\n", 24, &a, &na);
	ck_assert_uint_eq(na, 4);
	ck_assert_str_eq(a[0], "1fa76b0139708af7:1");
	ck_assert_str_eq(a[3], "c129715d7a2bc9a3:1");
	free_strings(a, na);
	tc_line_hashes("x\nx\n", 4, &b, &nb);
	ck_assert_uint_eq(nb, 3);
	ck_assert(strcmp(b[0], b[1]));
	free_strings(b, nb);
}
END_TEST

START_TEST(test_patches)
{
	static const char mbox[] =
		"From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001\n"
		"From: A Developer <a@example.org>\n"
		"Subject: [PATCH 1/2] foo: record the name at assign time\n"
		" instead of calling it\n"
		"\n"
		"Body.\n"
		"---\n"
		" drivers/foo/trace.h | 2 +-\n"
		"\n"
		"diff --git a/drivers/foo/trace.h b/drivers/foo/trace.h\n"
		"index 1..2 100644\n"
		"--- a/drivers/foo/trace.h\n"
		"+++ b/drivers/foo/trace.h\n"
		"@@ -2,3 +2,3 @@ TRACE_EVENT(foo,\n"
		" \tb\n"
		"-\tc\n"
		"+\tC\n"
		" \td\n"
		"-- \n"
		"2.39.5\n"
		"\n"
		"From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001\n"
		"Subject: [PATCH 2/2] new file\n"
		"\n"
		"diff --git a/x.h b/x.h\n"
		"new file mode 100644\n"
		"--- /dev/null\n"
		"+++ b/x.h\n"
		"@@ -0,0 +1 @@\n"
		"+only\n"
		"\\ No newline at end of file\n";
	struct tc_patches ps;
	char *why = NULL;

	ck_assert_int_eq(tc_patches_parse(mbox, &ps, &why), 0);
	ck_assert_uint_eq(ps.nr, 2);
	ck_assert_str_eq(ps.v[0].subject,
			 "[PATCH 1/2] foo: record the name at assign time instead of calling it");
	ck_assert_uint_eq(ps.v[0].nr, 1);
	ck_assert_str_eq(ps.v[0].files[0].old_path, "drivers/foo/trace.h");
	ck_assert_str_eq(ps.v[0].files[0].new_path, "drivers/foo/trace.h");
	const struct tc_hunk *h = &ps.v[0].files[0].hunks[0];
	ck_assert_uint_eq(h->old_start, 2);
	ck_assert_uint_eq(h->nr, 4);
	ck_assert_uint_eq(h->line, 14);
	ck_assert_ptr_null(ps.v[1].files[0].old_path);
	ck_assert_str_eq(ps.v[1].files[0].new_path, "x.h");
	ck_assert(ps.v[1].files[0].hunks[0].no_newline_new);

	/* exactly where it says, then shifted by two lines, then reversed */
	struct strbuf t = STRBUF_INIT;
	int failed;
	strbuf_addstr(&t, "a\n\tb\n\tc\n\td\ne\n");
	ck_assert_int_eq(tc_hunk_apply(h, &t, 0, &failed, NULL), 0);
	ck_assert(!failed);
	ck_assert_str_eq(t.buf, "a\n\tb\n\tC\n\td\ne\n");
	ck_assert_int_eq(tc_hunk_apply(h, &t, 1, &failed, NULL), 0);
	ck_assert_str_eq(t.buf, "a\n\tb\n\tc\n\td\ne\n");
	strbuf_reset(&t);
	strbuf_addstr(&t, "0\n1\na\n\tb\n\tc\n\td\n");
	ck_assert_int_eq(tc_hunk_apply(h, &t, 0, &failed, NULL), 2);
	ck_assert_str_eq(t.buf, "0\n1\na\n\tb\n\tC\n\td\n");
	/* applied already: its removed line is not there, so it fails */
	ck_assert_int_eq(tc_hunk_apply(h, &t, 0, &failed, NULL), 0);
	ck_assert(failed);
	ck_assert_str_eq(t.buf, "0\n1\na\n\tb\n\tC\n\td\n");
	/* a changed context line at the edge: patch(1)'s fuzz 1 */
	strbuf_reset(&t);
	strbuf_addstr(&t, "a\n\tB\n\tc\n\td\ne\n");
	int fuzz;
	ck_assert_int_eq(tc_hunk_apply(h, &t, 0, &failed, &fuzz), 0);
	ck_assert(!failed);
	ck_assert_int_eq(fuzz, 1);
	ck_assert_str_eq(t.buf, "a\n\tB\n\tC\n\td\ne\n");
	/* a new file without a final newline */
	strbuf_reset(&t);
	tc_hunk_apply(&ps.v[1].files[0].hunks[0], &t, 0, &failed, NULL);
	ck_assert(!failed);
	ck_assert_str_eq(t.buf, "only");
	strbuf_release(&t);
	tc_patches_release(&ps);

	/* a plain diff with timestamps */
	ck_assert_int_eq(tc_patches_parse("--- old/f.h\t2024-01-01 10:00:00\n+++ new/f.h\t2024-01-02\n"
					  "@@ -1 +1 @@\n-x\n+y\n",
					  &ps, &why),
			 0);
	ck_assert_str_eq(ps.v[0].files[0].old_path, "old/f.h");
	ck_assert_str_eq(ps.v[0].files[0].new_path, "new/f.h");
	tc_patches_release(&ps);

	/* broken input, with the line */
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n x\n-y\n", &ps, &why), -1);
	ck_assert_str_eq(why, "line 5: the hunk at line 3 ends early (it says 2 old and 2 new lines, "
			      "it has 2 and 1)");
	free(why);
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -1,x @@\n", &ps, &why), -1);
	ck_assert_str_eq(why, "line 3: malformed hunk header");
	free(why);
	ck_assert_int_eq(tc_patches_parse("just a mail\n", &ps, &why), -1);
	ck_assert_str_eq(why, "no diff in it");
	free(why);

	/* git's extended headers: rename, copy, new and deleted files, binary, modes */
	ck_assert_int_eq(tc_patches_parse("diff --git a/x.h b/y.h\n"
					  "similarity index 100%\n"
					  "rename from x.h\n"
					  "rename to y.h\n"
					  "diff --git a/c.c b/d.c\n"
					  "copy from c.c\n"
					  "copy to d.c\n"
					  "diff --git a/e b/e\n"
					  "new file mode 100644\n"
					  "diff --git a/g b/g\n"
					  "deleted file mode 100644\n"
					  "diff --git a/i.png b/i.png\n"
					  "GIT binary patch\n"
					  "literal 0\n"
					  "HcmV?d00001\n"
					  "\n"
					  "diff --git a/k b/k\n"
					  "old mode 100644\n"
					  "new mode 100755\n"
					  "diff --git a/m b/m\n"
					  "Binary files a/m and b/m differ\n",
					  &ps, &why),
			 0);
	ck_assert_uint_eq(ps.v[0].nr, 7);
	const struct tc_pfile *g = ps.v[0].files;
	ck_assert_str_eq(g[0].old_path, "x.h");
	ck_assert_str_eq(g[0].new_path, "y.h");
	ck_assert(!g[0].copy && !g[0].binary && !g[0].nr);
	ck_assert_uint_eq(g[0].line, 1);
	ck_assert_str_eq(g[1].new_path, "d.c");
	ck_assert(g[1].copy);
	ck_assert_ptr_null(g[2].old_path);
	ck_assert_str_eq(g[2].new_path, "e");
	ck_assert_str_eq(g[3].old_path, "g");
	ck_assert_ptr_null(g[3].new_path);
	ck_assert(g[4].binary);
	ck_assert_str_eq(g[5].old_path, "k");
	ck_assert(!g[5].binary);
	ck_assert(g[6].binary);
	tc_patches_release(&ps);

	/* quoted paths, --no-prefix, a space in a name */
	ck_assert_int_eq(tc_patches_parse("--- \"a/q\\\"q\"\n+++ \"b/q\\\"q\"\n@@ -1 +1 @@\n-x\n+y\n"
					  "diff --git \"a/t\\tx\\303\\251.h\" \"b/t\\tx\\303\\251.h\"\n"
					  "diff --git dir/f.h dir/f.h\n"
					  "diff --git a/my file.h b/my file.h\n",
					  &ps, &why),
			 0);
	g = ps.v[0].files;
	ck_assert_uint_eq(ps.v[0].nr, 4);
	ck_assert_str_eq(g[0].new_path, "q\"q");
	ck_assert_str_eq(g[1].old_path, "t\tx\303\251.h");
	ck_assert_str_eq(g[2].old_path, "dir/f.h");
	ck_assert_str_eq(g[2].new_path, "dir/f.h");
	ck_assert_str_eq(g[3].new_path, "my file.h");
	tc_patches_release(&ps);
	ck_assert_int_eq(tc_patches_parse("--- \"a/x\\000\"\n+++ b/x\n@@ -1 +1 @@\n-x\n+y\n", &ps, &why), -1);
	ck_assert_str_eq(why, "line 1: malformed quoted path");
	free(why);
	ck_assert_int_eq(tc_patches_parse("--- /dev/null\n+++ /dev/null\n@@ -0,0 +1 @@\n+y\n", &ps, &why), -1);
	ck_assert_str_eq(why, "line 1: a file without a name (or /dev/null on both sides)");
	free(why);

	/* a mail saved with CRLF loses its CRs; a CRLF file's lines in an LF mail keep theirs */
	ck_assert_int_eq(tc_patches_parse("--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\r\n-x\r\n+y\r\n", &ps, &why), 0);
	ck_assert_str_eq(ps.v[0].files[0].new_path, "f");
	ck_assert_str_eq(ps.v[0].files[0].hunks[0].lines[1], "+y");
	tc_patches_release(&ps);
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -1 +1 @@\n-x\r\n+y\r\n", &ps, &why), 0);
	ck_assert_str_eq(ps.v[0].files[0].hunks[0].lines[1], "+y\r");
	strbuf_addstr(&t, "x\r\nz\r\n");
	tc_hunk_apply(&ps.v[0].files[0].hunks[0], &t, 0, &failed, NULL);
	ck_assert(!failed);
	ck_assert_str_eq(t.buf, "y\r\nz\r\n");
	strbuf_release(&t);
	tc_patches_release(&ps);

	/* numbers too large for a hunk header; an empty input */
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -1,4000000000 +1 @@\n", &ps, &why), -1);
	ck_assert_str_eq(why, "line 3: malformed hunk header (a line number or count over 2147483647)");
	free(why);
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -99999999999999999999 +1 @@\n", &ps, &why), -1);
	free(why);
	ck_assert_int_eq(tc_patches_parse("", &ps, &why), -1);
	ck_assert_str_eq(why, "it is empty");
	free(why);

	ck_assert(tc_patch_path_ok("drivers/foo/trace.h"));
	ck_assert(tc_patch_path_ok("a..b/c"));
	ck_assert(!tc_patch_path_ok("/etc/passwd"));
	ck_assert(!tc_patch_path_ok("../x"));
	ck_assert(!tc_patch_path_ok("drivers/../../x"));
	ck_assert(!tc_patch_path_ok("drivers/.."));
	ck_assert(!tc_patch_path_ok(""));
}
END_TEST

START_TEST(test_token_stream)
{
	const char *text = "/* x */\n"
			   "TRACE_EVENT(a,\n"
			   "\tTP_printk(\"%d)\", ')' /* ) */ + 1) // )\n"
			   ");\n"
			   "  DEFINE_EVENT(c, d, TP_PROTO(int x), TP_ARGS(x));\n"
			   "TRACE_EVENT(open, \"never closed\"\n"
			   " /* c */ # define X(a) \\\n"
			   "\t'q' /* 1\n2 */ a ## b\n"
			   "x; \"unclosed\n"
			   "#if";
	struct tc_toks ts;
	struct strbuf sb = STRBUF_INIT;
	unsigned line, col;

	tc_toks_scan(&ts, text, strlen(text));
	ck_assert_uint_eq(ts.nr_comments, 5);
	ck_assert_uint_eq(ts.comments[0].line, 1);
	ck_assert(tc_toks_comment_at(&ts, 3) == &ts.comments[0]);
	ck_assert_ptr_null(tc_toks_comment_at(&ts, 7));
	/* TRACE_EVENT( on line 2 closes on line 4, past the ')' in literals and comments */
	size_t k = tc_toks_at_loc(&ts, 2, 1);
	ck_assert(tc_toks_is(&ts, k, "TRACE_EVENT"));
	ck_assert_uint_eq(ts.v[k].flags, TC_TOK_BOL);
	size_t c = tc_toks_close(&ts, k + 1);
	ck_assert_uint_ne(c, TC_TOK_NONE);
	ck_assert_uint_eq(ts.v[c].line, 4);
	ck_assert_uint_eq(ts.v[c].col, 1);
	ck_assert_uint_eq(ts.v[k + 6].kind, TC_TK_LITERAL); /* "%d)" */
	ck_assert_uint_eq(ts.v[k + 6].len, 5);
	k = tc_toks_at_loc(&ts, 5, 2);
	ck_assert(tc_toks_is(&ts, k, "DEFINE_EVENT"));
	ck_assert_uint_eq(ts.v[k].col, 3);
	ck_assert_uint_eq(ts.v[tc_toks_close(&ts, k + 1)].line, 5);
	k = tc_toks_at_loc(&ts, 6, 1);
	ck_assert_uint_eq(tc_toks_close(&ts, k + 1), TC_TOK_NONE); /* never closed */
	ck_assert_uint_eq(tc_toks_close(&ts, k), TC_TOK_NONE);	    /* not a bracket */
	/* a directive after a comment, continued over a backslash-newline and a comment's newline */
	k = tc_toks_at_loc(&ts, 7, 1);
	ck_assert(tc_toks_is(&ts, k, "#"));
	ck_assert_uint_eq(ts.v[k].col, 10);
	ck_assert_uint_eq(ts.v[k].flags, TC_TOK_BOL | TC_TOK_PP);
	size_t e = k;
	while (e < ts.nr && (ts.v[e].flags & TC_TOK_PP) && (e == k || !(ts.v[e].flags & TC_TOK_BOL)))
		e++;
	ck_assert(tc_toks_is(&ts, e - 1, "b"));
	ck_assert(tc_toks_is(&ts, e - 2, "##"));
	ck_assert_uint_eq(ts.v[e - 1].line, 9);
	tc_toks_spell(&ts, k + 2, e, &sb);
	ck_assert_str_eq(sb.buf, "X(a) \t'q'   a ## b");
	/* the unclosed literal ends at its newline: the next line is a directive */
	ck_assert(tc_toks_is(&ts, e, "x"));
	ck_assert_uint_eq(ts.v[e + 2].kind, TC_TK_LITERAL);
	ck_assert_uint_eq(ts.v[e + 2].len, 9);
	ck_assert(tc_toks_is(&ts, e + 3, "#"));
	ck_assert_uint_eq(ts.v[e + 3].flags, TC_TOK_BOL | TC_TOK_PP);
	ck_assert_uint_eq(ts.v[e + 3].line, 11);
	ck_assert_uint_eq(e + 5, ts.nr);
	tc_toks_loc(&ts, ts.v[e + 2].off + 3, &line, &col);
	ck_assert_uint_eq(line, 10);
	ck_assert_uint_eq(col, 7);
	tc_toks_loc(&ts, 0, &line, &col);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
	ck_assert_uint_eq(tc_toks_at_loc(&ts, 99, 1), ts.nr);
	strbuf_release(&sb);
	tc_toks_release(&ts);
}
END_TEST

/* The extents of the context: each class's and event's macro, with its TP_*() parts. */
START_TEST(test_context_extents)
{
	const char *text = "TRACE_EVENT(a,\n"			      /* 1 */
			   "\tTP_PROTO(int x), TP_ARGS(x),\n"	      /* 2 */
			   "\tTP_STRUCT__entry(__field(int, x)),\n"   /* 3 */
			   "\tTP_fast_assign(__entry->x = x;),\n"     /* 4 */
			   "\tTP_printk(\"%d)\", /* ) */ __entry->x)\n" /* 5 */
			   ");\n"				      /* 6 */
			   "MY_EVENT(b, TP_printk \"no paren\")\n"    /* 7 */
			   "DEFINE_EVENT(a, c;\n";		      /* 8 */
	struct tc_header *h = tc_header_new("ext.h");
	struct tc_context ctx;

	h->text = xstrdup(text);
	h->text_len = strlen(text);
	struct tc_class *a = tc_header_class(h, "a", 1);
	a->loc = (struct tc_loc){ h->path, 1, 1 };
	struct tc_event *b = tc_header_event(h, "b", 1), *c = tc_header_event(h, "c", 1);
	struct tc_event *d = tc_header_event(h, "d", 1);
	b->loc = (struct tc_loc){ h->path, 7, 1 };
	c->loc = (struct tc_loc){ h->path, 8, 1 };
	d->loc = (struct tc_loc){ "other.h", 1, 1 };
	tc_context_init(&ctx, h, TC_NEED_EXTENTS);
	const struct tc_toks *ts = &ctx.toks;
	const struct tc_extent *x = &ctx.class_ext[0];
	ck_assert(tc_toks_is(ts, x->macro.name, "TRACE_EVENT"));
	ck_assert_uint_eq(ts->v[x->macro.close].line, 6);
	ck_assert(tc_toks_is(ts, x->entry.name, "TP_STRUCT__entry"));
	ck_assert_uint_eq(ts->v[x->entry.open].line, 3);
	ck_assert_uint_eq(x->entry.close, tc_toks_close(ts, x->entry.open));
	ck_assert(tc_toks_is(ts, x->entry.close + 1, ","));
	ck_assert(tc_toks_is(ts, x->assign.name, "TP_fast_assign"));
	ck_assert_uint_eq(ts->v[x->assign.close].line, 4);
	ck_assert_uint_eq(ts->v[x->print.name].line, 5);
	ck_assert_uint_eq(ts->v[x->print.name].col, 2);
	ck_assert_uint_eq(x->print.close + 1, x->macro.close); /* its ")", then the macro's */
	/* a wrapper macro; a TP_printk without parentheses is named still */
	x = &ctx.event_ext[0];
	ck_assert(tc_toks_is(ts, x->macro.name, "MY_EVENT"));
	ck_assert_uint_eq(ts->v[x->macro.close].line, 7);
	ck_assert_uint_eq(x->entry.name, TC_TOK_NONE);
	ck_assert_uint_eq(x->print.open, TC_TOK_NONE);
	ck_assert(tc_toks_is(ts, x->print.name, "TP_printk"));
	/* a ';' before the parenthesis closes, and another file: none */
	ck_assert_uint_eq(ctx.event_ext[1].macro.close, TC_TOK_NONE);
	ck_assert_uint_eq(ctx.event_ext[1].macro.name, TC_TOK_NONE);
	ck_assert_uint_eq(ctx.event_ext[2].macro.close, TC_TOK_NONE);
	tc_context_release(&ctx);
	tc_header_free(h);
}
END_TEST

START_TEST(test_ignore_settings)
{
	struct tc_settings s, c;
	int pc = tc_rule_index("printk-call");

	tc_settings_init(&s);
	ck_assert_int_eq(tc_settings_apply(&s, "--ignore", "printk-call:ev_a,all:ev_b,layout-hole", "t"), 1);
	ck_assert_uint_eq(s.nr_ignores, 2);
	ck_assert_int_eq(s.ignores[0].rule, pc);
	ck_assert_str_eq(s.ignores[0].event, "ev_a");
	ck_assert_int_eq(s.ignores[1].rule, -1);
	ck_assert_str_eq(s.ignores[1].event, "ev_b");
	ck_assert(s.rules[pc].enabled); /* one event ignored, the rule still on */
	ck_assert(!s.rules[tc_rule_index("layout-hole")].enabled);
	tc_settings_copy(&c, &s);
	ck_assert_uint_eq(c.nr_ignores, 2);
	ck_assert_str_eq(c.ignores[1].event, "ev_b");
	ck_assert_ptr_ne(c.ignores[1].event, s.ignores[1].event);
	ck_assert_int_eq(tc_settings_apply(&s, "--ignore", "nosuch:ev", "t"), -1);
	ck_assert_int_eq(tc_settings_apply(&s, "--ignore", "printk-call:1ev", "t"), -1);
	ck_assert_int_eq(tc_settings_apply(&s, "--disable", "printk-call:ev", "t"), -1);
	tc_settings_release(&c);
	tc_settings_release(&s);
	ck_assert_uint_eq(s.nr_ignores, 0);
}
END_TEST

/* Each rule documents every section, in ASCII, and says "None" exactly when it has no repair. */
START_TEST(test_rule_docs)
{
	for (size_t i = 0; i < tc_nr_rules; i++) {
		const struct tc_rule *r = tc_rules[i];
		const char *f[] = { r->doc->catches, r->doc->why, r->doc->kernel, r->doc->example,
				    r->doc->fix, r->doc->silence };
		for (size_t k = 0; k < 6; k++) {
			if (k == 5 && !f[k])
				continue;
			ck_assert_msg(f[k] && f[k][0], "%s: section %zu is empty", r->name, k);
			size_t n = strlen(f[k]);
			ck_assert_msg((f[k][n - 1] == '\n') == (k == 3),
				      "%s: section %zu: only the example ends in a newline", r->name, k);
			for (const char *p = f[k]; *p; p++)
				ck_assert_msg((unsigned char)*p < 0x80, "%s: section %zu is not ASCII",
					      r->name, k);
		}
		ck_assert_msg(!strncmp(r->doc->fix, "None", 4) == !r->fix,
			      "%s: its --fix section does not match its repair", r->name);
		char *first = tc_rule_doc_first_paragraph(r);
		ck_assert(!strchr(first, '\n') && strlen(first) <= 1024);
		free(first);
	}
	/* the troff: only requests the generator writes start a line with '.' */
	struct strbuf sb = STRBUF_INIT;
	tc_rules_man(&sb);
	for (const char *p = sb.buf; *p; p = strchr(p, '\n') + 1) {
		if (*p == '.')
			ck_assert_msg(!strncmp(p, ".SS ", 4) || !strncmp(p, ".PP\n", 4) ||
					      !strncmp(p, ".TP\n", 4) || !strncmp(p, ".B ", 3) ||
					      !strncmp(p, ".BI ", 4) || !strncmp(p, ".IP\n", 4) ||
					      !strncmp(p, ".nf\n", 4) || !strncmp(p, ".fi\n", 4) ||
					      !strncmp(p, ".\\\" tracecheck-rules-", 21),
				      "troff line '%.20s'", p);
		ck_assert_msg(strncmp(p, "'", 1), "troff line '%.20s'", p);
	}
	strbuf_release(&sb);
}
END_TEST

/* What the fuzzers found in the patch reader (inputs in testdata/fuzz/regress/patch/). */
START_TEST(test_patch_fuzz_regressions)
{
	struct tc_patches ps = { 0 };
	struct strbuf t = STRBUF_INIT;
	char *why = NULL;
	int failed, fuzz;

	/* a hunk that names a line past the end of a short file still finds its place */
	ck_assert_int_eq(tc_patches_parse("--- a/x.h\n+++ b/x.h\n@@ -100,2 +100,2 @@\n a\n-b\n+c\n", &ps,
					  &why),
			 0);
	strbuf_addstr(&t, "z\na\nb\n");
	ck_assert_int_eq(tc_hunk_apply(&ps.v[0].files[0].hunks[0], &t, 0, &failed, &fuzz), -98);
	ck_assert(!failed);
	ck_assert_int_eq(fuzz, 0);
	ck_assert_str_eq(t.buf, "z\na\nc\n");
	ck_assert_int_eq(tc_hunk_apply(&ps.v[0].files[0].hunks[0], &t, 1, &failed, &fuzz), -98);
	ck_assert(!failed);
	ck_assert_str_eq(t.buf, "z\na\nb\n");
	strbuf_release(&t);
	tc_patches_release(&ps);

	/* a CRLF file's empty context line, its space dropped by the mailer, in an LF mail */
	ck_assert_int_eq(tc_patches_parse("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\r\n\r\n-x\r\n+y\r\n",
					  &ps, &why),
			 0);
	ck_assert_str_eq(ps.v[0].files[0].hunks[0].lines[1], " \r");
	strbuf_addstr(&t, "a\r\n\r\nx\r\n");
	tc_hunk_apply(&ps.v[0].files[0].hunks[0], &t, 0, &failed, &fuzz);
	ck_assert(!failed);
	ck_assert_int_eq(fuzz, 0);
	ck_assert_str_eq(t.buf, "a\r\n\r\ny\r\n");
	strbuf_release(&t);
	tc_patches_release(&ps);
}
END_TEST

/* What the fuzzers found in the format-file reader (testdata/fuzz/regress/fmtfile/). */
START_TEST(test_fmtfile_fuzz_regressions)
{
	static const char head[] = "name: t\nID: 1\nformat:\n\tfield:int op;\toffset:8;\t";
	static const char tail[] = "\tsigned:1;\n\nprint fmt: \"%d\", REC->op\n";
	struct tc_fmtfile ff;
	const char *why = NULL;
	char *text;

	/* a size or offset that is not a number, or out of range, is not read as 0 */
	const char *bad[] = { "size:`4;", "size:;", "size:4x;", "size:99999999999999999999;",
			      "size:16777216;" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_ne(asprintf(&text, "%s%s%s", head, bad[i], tail), -1);
		ck_assert_int_eq(tc_fmtfile_parse(text, &ff, &why), -1);
		ck_assert_str_eq(why, "a field's offset or size is missing or not a number of bytes "
				      "(below 16777216)");
		tc_fmtfile_release(&ff);
		free(text);
	}
	/* an int of size 0: the kernel's value is not known (it was a shift by -1) */
	ck_assert_int_ne(asprintf(&text, "%s%s%s", head, "size:0;", tail), -1);
	ck_assert_int_eq(tc_fmtfile_parse(text, &ff, &why), 0);
	ck_assert_int_eq(ff.fields[0].size, 0);
	size_t size;
	unsigned char *rec = tc_synthetic_record(&ff, &size);
	struct tc_krecord r = { &ff, rec, size };
	struct tc_pconv *cv = NULL;
	ck_assert_uint_eq(tc_pconvs(ff.fmt, TC_PCONV_GNU, &cv), 1);
	struct strbuf out = STRBUF_INIT;
	ck_assert_int_eq(tc_krender_conv(&r, &cv[0], &out, &why), 0);
	ck_assert_str_eq(why, "the field's size is not that of an integer");
	strbuf_release(&out);
	free(cv);
	free(rec);
	tc_fmtfile_release(&ff);
	free(text);
}
END_TEST

START_TEST(test_pconv)
{
	struct tc_pconv *cv, c;
	size_t pos = 0;
	const char *f;

	/* %% is text; %*d and %.*s take an int first */
	f = "100%% %*d %.*s";
	ck_assert_uint_eq(tc_pconvs(f, TC_PCONV_KERNEL, &cv), 2);
	ck_assert_int_eq(cv[0].width_star, 1);
	ck_assert_uint_eq(cv[0].nr_args, 2);
	ck_assert_int_eq(cv[0].conv, 'd');
	ck_assert_int_eq(cv[1].prec_star, 1);
	ck_assert_uint_eq(cv[1].first_arg, 2);
	ck_assert_uint_eq(cv[1].end, strlen(f));
	free(cv);
	ck_assert_uint_eq(tc_pconv_nr_args(f), 4);
	/* flags, width, ll */
	f = "%-08llx";
	ck_assert_int_eq(tc_pconv_next(f, &pos, TC_PCONV_KERNEL, &c), 1);
	ck_assert_int_eq(c.width, 8);
	ck_assert_int_eq(c.qual, 'L');
	ck_assert_uint_eq(c.len, 4);
	ck_assert_uint_eq(c.len_n, 2);
	ck_assert_int_eq(c.conv, 'x');
	ck_assert_int_eq(c.invalid, 0);
	ck_assert_uint_eq(pos, strlen(f));
	ck_assert_int_eq(tc_pconv_next(f, &pos, TC_PCONV_KERNEL, &c), 0);
	/* %p takes its letters; %ph with a width and a precision */
	f = "%pISpc:%u %8.2phD";
	ck_assert_uint_eq(tc_pconvs(f, TC_PCONV_KERNEL, &cv), 3);
	ck_assert_uint_eq(cv[0].ext, 2);
	ck_assert_uint_eq(cv[0].ext_n, 4);
	ck_assert_uint_eq(cv[0].end, 6);
	ck_assert_int_eq(cv[1].conv, 'u');
	ck_assert_int_eq(cv[2].width, 8);
	ck_assert_int_eq(cv[2].prec, 2);
	ck_assert_uint_eq(cv[2].ext_n, 2);
	free(cv);
	/* j, Z and q: the kernel stops at the letter; -Wformat takes a modifier */
	f = "%jd %Zu %qx %hhu";
	ck_assert_uint_eq(tc_pconvs(f, TC_PCONV_KERNEL, &cv), 4);
	ck_assert_int_eq(cv[0].conv, 'j');
	ck_assert_int_eq(cv[0].invalid, 1);
	ck_assert_uint_eq(cv[0].end, 2);
	ck_assert_int_eq(cv[1].conv, 'Z');
	ck_assert_int_eq(cv[2].conv, 'q');
	ck_assert_int_eq(cv[3].qual, 'H');
	free(cv);
	ck_assert_uint_eq(tc_pconvs(f, TC_PCONV_GNU, &cv), 4);
	ck_assert_int_eq(cv[0].conv, 'd');
	ck_assert_int_eq(cv[0].qual, 'j');
	ck_assert_uint_eq(cv[0].end, 3);
	ck_assert_int_eq(cv[1].qual, 'z');
	ck_assert_int_eq(cv[2].qual, 'L');
	ck_assert_int_eq(cv[2].invalid, 0);
	free(cv);
	ck_assert_uint_eq(tc_pconv_nr_args(f), 4);
	/* an unknown conversion: invalid, and no argument in -Wformat's count */
	ck_assert_uint_eq(tc_pconv_nr_args("%y %d %n %f"), 3);
	/* format_decode(): a '%' after flags or a width prints a '%' */
	ck_assert_uint_eq(tc_pconvs("%-5% %d", TC_PCONV_KERNEL, &cv), 1);
	ck_assert_int_eq(cv[0].conv, 'd');
	free(cv);
	/* a trailing '%', and one cut after its modifier */
	ck_assert_uint_eq(tc_pconvs("a%", TC_PCONV_KERNEL, &cv), 1);
	ck_assert_int_eq(cv[0].conv, '\0');
	ck_assert_int_eq(cv[0].invalid, 1);
	ck_assert_uint_eq(cv[0].nr_args, 0);
	free(cv);
	ck_assert_uint_eq(tc_pconvs("%ll", TC_PCONV_GNU, &cv), 1);
	ck_assert_uint_eq(cv[0].end, 3);
	free(cv);
}
END_TEST

START_TEST(test_pext)
{
	/* by value, dereferencing, and what they read */
	ck_assert_int_eq(tc_pext_by_value("", 0), 1);
	ck_assert_int_eq(tc_pext_by_value("K", 1), 1);
	ck_assert_int_eq(tc_pext_by_value("M", 1), 0);
	ck_assert_int_eq(tc_pext_reads("I4", 2, 8), 4);
	ck_assert_int_eq(tc_pext_reads("I6c", 3, 8), 16);
	ck_assert_int_eq(tc_pext_reads("ad", 2, 4), 0);
	/* libtraceevent renders %pISpc and %phD, not %pK or %pMx */
	ck_assert_int_eq(tc_pext_in_userspace("ISpc", 4), 1);
	ck_assert_int_eq(tc_pext_in_userspace("hD", 2), 1);
	ck_assert_int_eq(tc_pext_in_userspace("K", 1), 0);
	ck_assert_int_eq(tc_pext_in_userspace("Mx", 2), 0);
	/* pointer() uses "MF" of "MFoo", "pISpc" whole, "Sb" of "Sbx" */
	ck_assert_int_eq(tc_pext_used("MFoo", 4), 2);
	ck_assert_int_eq(tc_pext_used("ISpc", 4), 4);
	ck_assert_int_eq(tc_pext_used("SRbx", 4), 3);
	ck_assert_int_eq(tc_pext_used("z", 1), -1);
	ck_assert_str_eq(tc_pext_meaning("x", 1), "the raw pointer value in hex");
	/* test_event_printk()'s list has 'B'; 'K' and 'S' are not in it */
	ck_assert_int_eq(tc_pext_test_event_derefs('B'), 1);
	ck_assert_int_eq(tc_pext_test_event_derefs('K'), 0);
	ck_assert_int_eq(tc_pext_test_event_derefs('\0'), 0);
}
END_TEST

START_TEST(test_cskip)
{
	static const struct {
		size_t (*skip)(const char *, size_t, size_t);
		const char *t;
		size_t end, i, want; /* end 0: the whole text */
	} cases[] = {
		/* a comment opener inside a string is not a comment */
		{ tc_cskip_comment, "\"a /* b\" x", 0, 0, 0 },
		{ tc_cskip, "\"a /* b\" x", 0, 0, 8 },
		{ tc_cskip_comment, "\"a /* b\" x", 0, 3, 10 },
		/* escaped quotes, and a character literal of a quote */
		{ tc_cskip_literal, "\"a\\\"b\" '\\'' '\"'", 0, 0, 6 },
		{ tc_cskip_literal, "\"a\\\"b\" '\\'' '\"'", 0, 7, 11 },
		{ tc_cskip_literal, "\"a\\\"b\" '\\'' '\"'", 0, 12, 15 },
		/* a // comment ends at its newline, or goes on over a backslash-newline */
		{ tc_cskip, "// a \"b\nx", 0, 0, 7 },
		{ tc_cskip_comment, "// a \\\nb\nx", 0, 0, 8 },
		/* a block comment over lines, with a quote; one never closed */
		{ tc_cskip, "/* it's\n */x", 0, 0, 11 },
		{ tc_cskip_comment, "/* open", 0, 0, 7 },
		{ tc_cskip_comment, "/", 0, 0, 0 },
		{ tc_cskip_comment, "/*/", 0, 0, 3 },
		/* a continuation inside a string; an unclosed one ends with its line */
		{ tc_cskip_literal, "\"a\\\nb\" x", 0, 0, 6 },
		{ tc_cskip_literal, "\"a\nb\"", 0, 0, 3 },
		{ tc_cskip_literal, "'a", 0, 0, 2 },
		/* only within end */
		{ tc_cskip_literal, "\"abc\"", 3, 0, 3 },
		{ tc_cskip, "x", 0, 0, 0 },
	};

	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		size_t end = cases[k].end ? cases[k].end : strlen(cases[k].t);
		ck_assert_msg(cases[k].skip(cases[k].t, end, cases[k].i) == cases[k].want,
			      "case %zu", k);
	}
}
END_TEST

START_TEST(test_cx_signed_int)
{
	ck_assert_int_eq(tc_cx_signed_int(CXType_SChar), 1);
	ck_assert_int_eq(tc_cx_signed_int(CXType_Int128), 1);
	ck_assert_int_eq(tc_cx_signed_int(CXType_UInt), 0);
	/* what a caller adds on its own: floats, wchar_t */
	ck_assert_int_eq(tc_cx_signed_int(CXType_Double), 0);
	ck_assert_int_eq(tc_cx_signed_int(CXType_WChar), 0);
}
END_TEST

static const char *nc_datadir = "/stage/dir";

/* Why a header without events was not checked, from its text (and libclang's errors). */
static int nc_of(const char *text, const char *clang_msg, char **msg)
{
	struct tc_header *h = tc_header_new("t.h");
	h->text = strdup(text);
	if (clang_msg) {
		h->clang_messages = calloc(1, sizeof(char *));
		h->clang_messages[h->nr_clang_messages++] = strdup(clang_msg);
	}
	int k = tc_not_checked(h, nc_datadir, NULL, msg, NULL);
	tc_header_free(h);
	return k;
}

/* text (with the define_trace.h include after it if dtrace) is skipped for kind, saying part */
static void expect_nc(const char *text, int dtrace, const char *clang_msg, int kind,
		      const char *part)
{
	char *t = xasprintf("%s%s", text, dtrace ? "#include <trace/define_trace.h>\n" : "");
	char *msg = NULL;

	ck_assert_int_eq(nc_of(t, clang_msg, &msg), kind);
	if (part)
		ck_assert_ptr_nonnull(strstr(msg, part));
	else
		ck_assert_ptr_null(msg);
	free(msg);
	free(t);
}

START_TEST(test_not_checked)
{
	/* IS_ENABLED(), defined(), comments and the header's own guard are no options */
	expect_nc("#if !defined(_T_H) || defined(TRACE_HEADER_MULTI_READ)\n#define _T_H\n"
		  "#if IS_ENABLED(CONFIG_A) || \\\n defined(CONFIG_B) /* c */\n"
		  "TRACE_EVENT(a,\n\tTP_PROTO(int v));\n#endif\n#endif\n",
		  1, NULL, TC_NC_CONFIG,
		  "all its events are under #if of options this configuration leaves off "
		  "(CONFIG_A, CONFIG_B); --kconfig FILE or --kernel-build DIR selects one");
	/* an #else branch, and the outermost #if only */
	expect_nc("#ifndef CONFIG_X\n#define trace_a(...)\n#else\n#ifdef CONFIG_Y\n"
		  "DEFINE_EVENT(c, a, TP_PROTO(int v));\n#endif\n#endif\n",
		  1, NULL, TC_NC_CONFIG, "off (CONFIG_X);");
	/* four options named at the most */
	expect_nc("#ifdef CONFIG_1\nTRACE_EVENT(a,);\n#elif CONFIG_2 && CONFIG_3\n"
		  "TRACE_EVENT(b,);\n#endif\n#if CONFIG_4 || CONFIG_5\nTRACE_EVENT(c,);\n#endif\n",
		  1, NULL, TC_NC_CONFIG, "(CONFIG_1, CONFIG_2, CONFIG_3, CONFIG_4, ...)");
	/* no Kconfig option: the macros are named */
	expect_nc("#ifdef WITH_T\nTRACE_EVENT(a,);\n#endif\n", 1, NULL, TC_NC_CONFIG,
		  "off (WITH_T);");
	/* one event outside any #if: not the configuration's doing */
	expect_nc("#ifdef CONFIG_A\nTRACE_EVENT(a,);\n#endif\nTRACE_EVENT(b,);\n", 1, NULL,
		  TC_NC_UNRECOGNISED, "none of its events was read");
	expect_nc("TRACE_EVENT(a,);\n", 0, NULL, TC_NC_FRAGMENT, "a fragment");
	/* TRACE_SYSTEM without define_trace.h: no fragment, a header off the protocol */
	expect_nc("#define TRACE_SYSTEM s\nTRACE_EVENT(a,);\n", 0, NULL, TC_NC_UNRECOGNISED,
		  "does not follow the trace header protocol");
	/* the stage headers' error first; an error elsewhere is not theirs */
	expect_nc("TRACE_EVENT(a,);\n", 0, "/stage/dir/trace/x.h:3:7: error: e",
		  TC_NC_STAGE_HEADERS, "error at trace/x.h:3:7;");
	expect_nc("TRACE_EVENT(a,);\n", 0, "/elsewhere/x.h:3:7: error: e", TC_NC_FRAGMENT,
		  "a fragment");
	/* an error at a stage header's #include: its re-read of the header failed, not it */
	char dir[] = "/tmp/tc-units-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *file = xasprintf("%s/define_trace.h", dir), *msg = xasprintf("%s:2:10: error: e", file);
	FILE *f = fopen(file, "w");
	fputs("#define X\n# include __REREAD\n", f);
	fclose(f);
	nc_datadir = dir;
	expect_nc("TRACE_EVENT(a,);\n", 1, msg, TC_NC_UNRECOGNISED, "none of its events was read");
	nc_datadir = "/stage/dir";
	unlink(file);
	rmdir(dir);
	free(file);
	free(msg);
	/* no event macro and no define_trace.h: no trace header, nothing skipped */
	expect_nc("int x;\n", 0, NULL, TC_NC_NONE, NULL);
	ck_assert_str_eq(tc_nc_code(TC_NC_TIMEOUT), "timeout");
	ck_assert_str_eq(tc_nc_summary("internal-error"), "failed: internal error");
	ck_assert_str_eq(tc_nc_summary("what"), "what");
}
END_TEST

/*
 * The options cfgcond.c finds to let line of text in, from base (the
 * options named on, in text order of tc_conds_option()): "A=1 B=0" of the
 * options the conditions name, "already", "none" or "too many".
 */
static char *solve_of(const char *text, unsigned line, const char *const *on)
{
	struct tc_toks ts = { 0 };
	struct tc_cfgreq r;
	struct strbuf sb = STRBUF_INIT;

	tc_toks_scan(&ts, text, strlen(text));
	struct tc_conds *c = tc_conds_read(&ts);
	unsigned char *base = xcalloc(tc_conds_nr_options(c) + 1, 1);
	for (size_t i = 0; i < tc_conds_nr_options(c); i++)
		for (size_t k = 0; on && on[k]; k++)
			base[i] |= !strcmp(tc_conds_option(c, i), on[k]);
	switch (tc_conds_solve(c, line, base, &r)) {
	case TC_COND_SOLVED:
		for (size_t i = 0; i < tc_conds_nr_options(c); i++)
			if (tc_cfgreq_get(&r, i) >= 0)
				strbuf_addf(&sb, "%s%s=%d", sb.len ? " " : "",
					    tc_conds_option(c, i) + 7, tc_cfgreq_get(&r, i));
		break;
	case TC_COND_ALREADY:
		strbuf_addstr(&sb, "already");
		break;
	case TC_COND_NONE:
		strbuf_addstr(&sb, "none");
		break;
	case TC_COND_TOO_MANY:
		strbuf_addstr(&sb, "too many");
		break;
	}
	tc_cfgreq_release(&r);
	free(base);
	tc_conds_free(c);
	tc_toks_release(&ts);
	return strbuf_detach(&sb);
}

#define expect_solve(text, line, on, want)                                                    \
	do {                                                                                    \
		char *got_ = solve_of(text, line, on);                                          \
		ck_assert_str_eq(got_, want);                                                   \
		free(got_);                                                                     \
	} while (0)

/* A tree's Kconfig read again when --patch's overlay changes one of its files. */
START_TEST(test_kconfig_overlay)
{
	char dir[] = "/tmp/tc-units-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *file = xasprintf("%s/Kconfig", dir);
	FILE *f = fopen(file, "w");
	fputs("config TC_A\n\tbool \"a\"\n", f);
	fclose(f);
	char *disk = xstrdup(tc_kconfig_digest(tc_kconfig_of(dir, "x86")));
	const char *patched = "config TC_A\n\tbool \"a\"\n\tdepends on TC_B\n";
	tc_overlay_set(file, patched, strlen(patched));
	char *after = xstrdup(tc_kconfig_digest(tc_kconfig_of(dir, "x86")));
	ck_assert_str_ne(disk, after);
	tc_overlay_clear();
	ck_assert_str_eq(tc_kconfig_digest(tc_kconfig_of(dir, "x86")), disk);
	unlink(file);
	rmdir(dir);
	free(file);
	free(disk);
	free(after);
}
END_TEST

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

/* The dump of a decoded model (its root, arch and overlaid set as k's), freed. */
static char *decoded_dump(struct tc_kconfig *d, const struct tc_kconfig *k)
{
	struct strbuf sb = STRBUF_INIT;

	d->root = xstrdup(k->root);
	d->arch = xstrdup(k->arch);
	d->overlaid = xstrdup(k->overlaid ? k->overlaid : "");
	tc_kmodel_dump(d, &sb);
	tc_kmodel_free(d);
	return strbuf_detach(&sb);
}

/* len bytes of text, and a NUL after them (as tc_cache_get() returns an entry) */
static char *entry_of(const char *text, size_t len)
{
	char *blob = xmalloc(len + 1);
	memcpy(blob, text, len);
	blob[len] = '\0';
	return blob;
}

/* text (len bytes) decoded: NULL or a whole model; never a read past its end (ASan). */
static void decode_any(const char *text, size_t len, const struct tc_kconfig *k)
{
	char *blob = entry_of(text, len);
	struct tc_kconfig *d = tc_kmodel_decode(blob, len, k->digest);
	if (d)
		free(decoded_dump(d, k));
	else
		free(blob);
}

/*
 * The Kconfig model's entry in the cache (kmodel.c): decoded, the model
 * encoded; of another digest, refused; cut short or with a byte changed,
 * refused or a whole model.
 */
START_TEST(test_kmodel_decode)
{
	char dir[] = "/tmp/tc-units-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *top = xasprintf("%s/Kconfig", dir), *sub = xasprintf("%s/sub", dir);
	char *subk = xasprintf("%s/Kconfig", sub);
	write_text(top, "config TC_A\n\tbool\n\tselect TC_B if TC_C\n\tselect TC_E\n"
			"if TC_C\nsource \"sub/Kconfig\"\nendif\nconfig TC_A\n\ttristate\n");
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	write_text(subk, "menu \"m\"\n\tdepends on TC_M\nconfig TC_B\n\tbool\n"
			 "\tdepends on TC_A && !TC_D\nendmenu\nconfig TC_C\n\tdef_bool y\n");
	struct tc_kconfig *k = tc_kconfig_of(dir, "x86");
	ck_assert_ptr_nonnull(k);
	struct strbuf want = STRBUF_INIT, sb = STRBUF_INIT;
	tc_kmodel_dump(k, &want);
	ck_assert(strstr(want.buf, "config TC_B order 1 file sub/Kconfig boolish 1\n"
				   "\tdepends on TC_C\n\tdepends on TC_M\n"
				   "\tdepends on TC_A && !TC_D\n"));
	ck_assert(tc_kmodel_encode(k, &sb));

	char *blob = entry_of(sb.buf, sb.len);
	struct tc_kconfig *d = tc_kmodel_decode(blob, sb.len, k->digest);
	ck_assert_ptr_nonnull(d);
	char *got = decoded_dump(d, k);
	ck_assert_str_eq(got, want.buf);
	free(got);
	blob = entry_of(sb.buf, sb.len);
	ck_assert_ptr_null(tc_kmodel_decode(blob, sb.len, "00000000000000000000000000000000"));
	free(blob);

	char *text = entry_of(sb.buf, sb.len);
	for (size_t n = 0; n < sb.len; n++) {
		decode_any(sb.buf, n, k);
		for (int delta = 1; delta < 256; delta *= 4) {
			text[n] = (char)(sb.buf[n] + delta);
			decode_any(text, sb.len, k);
			text[n] = sb.buf[n];
		}
	}
	free(text);
	strbuf_release(&want);
	strbuf_release(&sb);
	unlink(subk);
	rmdir(sub);
	unlink(top);
	rmdir(dir);
	free(top);
	free(sub);
	free(subk);
}
END_TEST

START_TEST(test_cfgcond)
{
	static const char *const a_on[] = { "CONFIG_A", NULL };
	static const char *const am_on[] = { "CONFIG_A_MODULE", NULL };
	/* #ifdef, and the event inside an #if of it */
	expect_solve("#ifdef CONFIG_A\nx\n#endif\n", 2, NULL, "A=1");
	expect_solve("#ifdef CONFIG_A\nx\n#endif\n", 2, a_on, "already");
	expect_solve("#ifndef CONFIG_A\nx\n#endif\n", 2, a_on, "A=0");
	/* IS_ENABLED(): the option or its _MODULE; already on as a module */
	expect_solve("#if IS_ENABLED(CONFIG_A)\nx\n#endif\n", 2, NULL, "A=1 A_MODULE=0");
	expect_solve("#if IS_ENABLED(CONFIG_A)\nx\n#endif\n", 2, am_on, "already");
	expect_solve("#if IS_MODULE(CONFIG_A)\nx\n#endif\n", 2, NULL, "A_MODULE=1");
	/* #elif and #else: the branches before off */
	const char *chain = "#if IS_ENABLED(CONFIG_A)\na\n#elif defined(CONFIG_B)\nb\n#else\nc\n#endif\n";
	expect_solve(chain, 2, NULL, "A=1 A_MODULE=0");
	expect_solve(chain, 4, NULL, "A=0 A_MODULE=0 B=1");
	expect_solve(chain, 6, a_on, "A=0 A_MODULE=0 B=0");
	/* nested: the outer #if too; a bare CONFIG_X and ! and || */
	expect_solve("#if CONFIG_A\n#if !defined(CONFIG_B) || defined(CONFIG_C)\nx\n#endif\n#endif\n", 3,
		     NULL, "A=1 B=0 C=0");
	/* a macro that is no option: no objection, and alone no option decides */
	expect_solve("#if defined(CONFIG_A) && defined(FOO)\nx\n#endif\n", 2, NULL, "A=1");
	expect_solve("#ifdef FOO\nx\n#endif\n", 2, NULL, "already");
	expect_solve("#if CONFIG_NR_CPUS > 1\nx\n#endif\n", 2, NULL, "already");
	/* contradictions: no value lets it in */
	expect_solve("#ifdef CONFIG_A\n#ifndef CONFIG_A\nx\n#endif\n#endif\n", 3, NULL, "none");
	expect_solve("#if 0\nx\n#endif\n", 2, NULL, "none");
	/* a comment, a continuation line, a #define's body are no directives of it */
	expect_solve("/* #if CONFIG_Z */\n#if defined(CONFIG_A) && \\\n defined(CONFIG_B)\nx\n#endif\n",
		     4, NULL, "A=1 B=1");
	/* more than TC_COND_MAX_FLIPS to change */
	expect_solve("#if defined(CONFIG_A) && defined(CONFIG_B) && defined(CONFIG_C) && "
		     "defined(CONFIG_D) && defined(CONFIG_E)\nx\n#endif\n",
		     2, NULL, "none");
	/* the condition that is more than options, for the message */
	struct tc_toks ts = { 0 };
	const char *t = "#if !defined(_H) || defined(TRACE_HEADER_MULTI_READ)\n#ifdef FOO\nx\n#endif\n#endif\n";
	tc_toks_scan(&ts, t, strlen(t));
	struct tc_conds *c = tc_conds_read(&ts);
	char *other = tc_conds_other(c, 3);
	ck_assert_str_eq(other, "line 2's #ifdef FOO");
	free(other);
	ck_assert_ptr_null(tc_conds_other(c, 5)); /* the multi-read guard is no reason */
	tc_conds_free(c);
	tc_toks_release(&ts);
}
END_TEST

START_TEST(test_status_worse)
{
	ck_assert_int_eq(tc_status_worse(0, 3), 3);
	ck_assert_int_eq(tc_status_worse(3, 1), 1);
	ck_assert_int_eq(tc_status_worse(1, 3), 1);
	ck_assert_int_eq(tc_status_worse(2, 1), 2);
	ck_assert_int_eq(tc_status_worse(3, 2), 2);
	ck_assert_int_eq(tc_status_worse(0, 0), 0);
}
END_TEST

/* A check that says things, prints output and has a finding, for test_result. */
static int says(const char *path, void *ctx, struct tc_file_result *r)
{
	struct tc_diags d = { 0 };
	struct tc_loc here = { path, 3, 4 }, there = { "other.h", 7, 1 };

	(void)ctx;
	error("%s: bad \xff byte", path);
	advise("a note");
	inform("plain\tline");
	fputs("out\xfe put\n", tc_result_output(r));
	struct tc_diag *g = tc_diags_add(&d, TC_SEV_WARNING, "layout-hole", here, "msg \x80");
	tc_diag_advise(g, there, "a note elsewhere");
	tc_diag_note(g, here, "evidence");
	tc_diags_add(&d, TC_SEV_ERROR, "printk-call", there, "in another file");
	g = tc_diags_add(&d, TC_SEV_NOTE, "printk-userspace", here, "a library's gap");
	g->library = 1;
	tc_rfile_add_findings(&r->file, &d, NULL, NULL, 0, NULL);
	r->file.fail_on = TC_SEV_ERROR;
	r->file.events = 2;
	r->fixed = 5;
	tc_diags_release(&d);
	return 2;
}

/* The gcc shape's detail: the notes it prints, a library's gaps once per header. */
START_TEST(test_gcc_detail)
{
	struct tc_diags d = { 0 };
	struct tc_rfile f = { 0 };
	struct strbuf sb = STRBUF_INIT;
	struct tc_loc l3 = { "h.h", 3, 1 }, l5 = { "h.h", 5, 2 }, l9 = { "h.h", 9, 2 },
		      c = { "x.c", 40, 2 };

	struct tc_diag *g = tc_diags_add(&d, TC_SEV_ERROR, "tracepoint-after-free", l3, "freed");
	tc_diag_note(g, l3, "why");
	tc_diag_advise(g, l3, "first");
	tc_diag_note_as(g, TC_NOTE_PROVENANCE, l3, "source");
	tc_diag_advise(g, l3, "second");
	tc_diag_note_as(g, TC_NOTE_LOCUS, c, "called here");
	tc_diag_note_as(g, TC_NOTE_LIBRARY, l3, "1.7.1 only");
	for (int i = 0; i < 2; i++) {
		g = tc_diags_add(&d, TC_SEV_NOTE, "printk-userspace", i ? l9 : l5, "a gap");
		g->library = 1;
		tc_diag_advise(g, i ? l9 : l5, "spell it so");
	}
	g = tc_diags_add(&d, TC_SEV_NOTE, "printk-userspace", l9, "another gap");
	g->library = 1;
	f.path = xstrdup("h.h");
	f.fail_on = TC_SEV_WARNING;
	tc_rfile_add_findings(&f, &d, NULL, NULL, 0, NULL);

	/* a locus first, then advice, two in all; the same gap once, a lone one as it is */
	tc_rfile_gcc(&f, &sb, 0);
	ck_assert_str_eq(sb.buf, "h.h:3:1: error: freed [tracepoint-after-free]\n"
				 "h.h:3:1: note: first\n"
				 "x.c:40:2: note: called here\n"
				 "h.h:5:2: note: a gap; here and at 1 more place of this header (-v "
				 "lists them) [printk-userspace]\n"
				 "h.h:9:2: note: another gap [printk-userspace]\n");
	strbuf_reset(&sb);
	tc_rfile_gcc(&f, &sb, TC_DETAIL_TERSE);
	ck_assert_str_eq(sb.buf, "h.h:3:1: error: freed [tracepoint-after-free]\n"
				 "h.h:5:2: note: a gap [printk-userspace]\n"
				 "h.h:9:2: note: a gap [printk-userspace]\n"
				 "h.h:9:2: note: another gap [printk-userspace]\n");
	strbuf_reset(&sb);
	tc_rfile_gcc(&f, &sb, TC_DETAIL_ALL);
	ck_assert_ptr_nonnull(strstr(sb.buf, "h.h:3:1: note: source\n"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "h.h:3:1: note: 1.7.1 only\n"));
	ck_assert_ptr_nonnull(strstr(sb.buf, "h.h:9:2: note: spell it so\n"));
	ck_assert_ptr_null(strstr(sb.buf, "more place"));
	/* -q: at or above --fail-on; with --fail-on note the gaps fail the run, each said */
	strbuf_reset(&sb);
	tc_rfile_gcc(&f, &sb, TC_DETAIL_QUIET);
	ck_assert_str_eq(sb.buf, "h.h:3:1: error: freed [tracepoint-after-free]\n");
	f.fail_on = TC_SEV_NOTE;
	strbuf_reset(&sb);
	tc_rfile_gcc(&f, &sb, 0);
	ck_assert_ptr_nonnull(strstr(sb.buf, "h.h:5:2: note: a gap [printk-userspace]\n"
					     "h.h:5:2: note: spell it so\n"));
	ck_assert_ptr_null(strstr(sb.buf, "more place"));
	strbuf_release(&sb);
	tc_rfile_release(&f);
	tc_diags_release(&d);
}
END_TEST

START_TEST(test_result)
{
	int fd[2];
	struct strbuf sb = STRBUF_INIT, gcc = STRBUF_INIT;
	char buf[4096];
	ssize_t n;

	/* a worker's result comes back as it was, byte for byte */
	ck_assert_int_eq(pipe(fd), 0);
	tc_result_work("t.h", says, NULL, fd[1]);
	close(fd[1]);
	while ((n = read(fd[0], buf, sizeof(buf))) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	close(fd[0]);
	struct tc_file_result r;
	struct tc_worker_end end = { sb.buf, sb.len, 0, 0, 0 };
	tc_result_init(&r, "t.h");
	ck_assert_uint_eq(tc_result_collect(&r, &end), 3);
	ck_assert_int_eq(r.file.status, 2);
	ck_assert_str_eq(r.file.error, "t.h: bad \xff byte");
	ck_assert_uint_eq(r.file.events, 2);
	ck_assert_uint_eq(r.fixed, 5);
	ck_assert_uint_eq(r.nr_msgs, 3);
	ck_assert_int_eq(r.msgs[1].level, TC_MSG_NOTE);
	ck_assert_str_eq(r.msgs[2].text, "plain\tline");
	ck_assert_str_eq(r.out, "out\xfe put\n");
	/* the notes keep their kinds, the findings the library's, the file its --fail-on */
	ck_assert_int_eq(r.file.fail_on, TC_SEV_ERROR);
	ck_assert_int_eq(r.file.v[0].notes[0].kind, TC_NOTE_ADVICE);
	ck_assert_int_eq(r.file.v[0].notes[1].kind, TC_NOTE_EVIDENCE);
	ck_assert_int_eq(r.file.v[2].library, 1);
	/* by default: the advice; -v: every note; -q: what fails the run, no note */
	tc_rfile_gcc(&r.file, &gcc, 0);
	ck_assert_str_eq(gcc.buf, "t.h:3:4: warning: msg \x80 [layout-hole]\n"
				  "other.h:7:1: note: a note elsewhere\n"
				  "other.h:7:1: error: in another file [printk-call]\n"
				  "t.h:3:4: note: a library's gap [printk-userspace]\n");
	strbuf_reset(&gcc);
	tc_rfile_gcc(&r.file, &gcc, TC_DETAIL_ALL);
	ck_assert_str_eq(gcc.buf, "t.h:3:4: warning: msg \x80 [layout-hole]\n"
				  "other.h:7:1: note: a note elsewhere\n"
				  "t.h:3:4: note: evidence\n"
				  "other.h:7:1: error: in another file [printk-call]\n"
				  "t.h:3:4: note: a library's gap [printk-userspace]\n");
	strbuf_reset(&gcc);
	tc_rfile_gcc(&r.file, &gcc, TC_DETAIL_QUIET);
	ck_assert_str_eq(gcc.buf, "other.h:7:1: error: in another file [printk-call]\n");
	tc_result_release(&r);

	/* a frame cut short is a worker that died; one over its time limit failed so */
	end.len = sb.len - 1;
	end.exit_code = 2;
	tc_result_init(&r, "t.h");
	ck_assert_uint_eq(tc_result_collect(&r, &end), 0);
	ck_assert_str_eq(r.file.nc_reason, "internal-error");
	ck_assert_str_eq(r.file.error, "t.h: internal error (its worker ended with status 2 and "
				       "no result); please report it");
	tc_result_release(&r);
	end.timeout = 9;
	tc_result_init(&r, "t.h");
	tc_result_collect(&r, &end);
	ck_assert_str_eq(r.file.nc_reason, "timeout");
	ck_assert_str_eq(r.file.nc_message, "it took longer than 9 s (--timeout)");
	ck_assert_int_eq(r.file.status, 2);
	tc_result_release(&r);
	strbuf_release(&sb);
	strbuf_release(&gcc);
}
END_TEST

/* The kernel facts table: each boundary a rule, repair or message depends on. */
START_TEST(test_kfacts)
{
	const char *fill[4];
	char buf[24];

	/* __assign_str(): 2 arguments up to 6.9, 1 from 6.10 (2c92ca849fcc); unknown: the newest */
	ck_assert_int_eq(tc_kf_arity("__assign_str", TC_KV(6, 1, 192)), 2);
	ck_assert_int_eq(tc_kf_arity("__assign_str", TC_KV(6, 9, 12)), 2);
	ck_assert_int_eq(tc_kf_arity("__assign_str", TC_KV(6, 10, 0)), 1);
	ck_assert_int_eq(tc_kf_arity("__assign_str", TC_KV(7, 2, 13)), 1);
	ck_assert_int_eq(tc_kf_arity("__assign_str", 0), 1);
	ck_assert_int_eq(tc_kf_form("__assign_str", 1)->since, TC_KV(6, 10, 0));
	ck_assert_int_eq(tc_kf_form("__assign_str", 2)->until, TC_KV(6, 10, 0));
	/* 6.9: the second argument is only compared; before, it is what is copied */
	ck_assert(tc_kf_next("__assign_str", TC_KV(6, 9, 0), NULL)->flags & TC_KF_WARNS_SRC);
	ck_assert(tc_kf_next("__assign_str", TC_KV(6, 8, 0), NULL)->flags & TC_KF_COPIES_SRC);
	/* __assign_rel_str(): 1 argument from 6.9 (0bdfb68c845e) */
	ck_assert_int_eq(tc_kf_arity("__assign_rel_str", TC_KV(6, 8, 0)), 2);
	ck_assert_int_eq(tc_kf_arity("__assign_rel_str", TC_KV(6, 9, 0)), 1);
	/* __assign_str_len(), __assign_rel_str_len(): gone in 6.9 (c759e609030c) */
	ck_assert(tc_kf_has("__assign_str_len", TC_KV(6, 8, 12)));
	ck_assert(!tc_kf_has("__assign_str_len", TC_KV(6, 9, 0)));
	ck_assert(!tc_kf_has("__assign_rel_str_len", TC_KV(6, 12, 0)));
	ck_assert_int_eq(tc_kf_arity("__assign_str_len", TC_KV(6, 12, 0)), -1);
	/* who fills __string_len(): the kernel's own form, every kernel's when unknown */
	ck_assert_uint_eq(tc_kf_fillers("__string_len", TC_KV(6, 8, 0), fill, 4), 1);
	ck_assert_str_eq(fill[0], "__assign_str_len");
	ck_assert_uint_eq(tc_kf_fillers("__string_len", TC_KV(6, 9, 0), fill, 4), 1);
	ck_assert_str_eq(fill[0], "__assign_str");
	ck_assert_uint_eq(tc_kf_fillers("__string_len", 0, fill, 4), 2);
	ck_assert_str_eq(fill[0], "__assign_str");
	ck_assert_str_eq(fill[1], "__assign_str_len");
	ck_assert_ptr_null(fill[2]);
	ck_assert_uint_eq(tc_kf_fillers("__vstring", TC_KV(6, 1, 0), fill, 4), 1);
	ck_assert_str_eq(fill[0], "__assign_vstr");
	ck_assert_uint_eq(tc_kf_fillers("__field", 0, fill, 4), 0);
	ck_assert_uint_eq(tc_kf_fillers("__string", 0, fill, 1), 0); /* no room but for NULL */
	/* DECLARE_TRACE(NAME): trace_NAME_tp() from 6.16 (ac01fa73f530); events keep their name */
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE", TC_KV(6, 15, 11)), "");
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE", TC_KV(6, 16, 0)), "_tp");
	ck_assert_ptr_null(tc_kf_tp_suffix("DECLARE_TRACE", 0));
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE_CONDITION", TC_KV(7, 2, 0)), "_tp");
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE_WRITABLE", TC_KV(6, 12, 0)), "");
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE_SYSCALL", TC_KV(6, 16, 0)), "_tp");
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_TRACE_EVENT", TC_KV(6, 16, 0)), "");
	ck_assert_str_eq(tc_kf_tp_suffix("TRACE_EVENT", 0), "");
	ck_assert_str_eq(tc_kf_tp_suffix("DECLARE_EVENT_CLASS", 0), "");
	ck_assert_str_eq(tc_kf_tp_suffix("NOT_A_MACRO", TC_KV(6, 16, 0)), "");
	ck_assert(!tc_kf_has("DECLARE_TRACE_EVENT", TC_KV(6, 15, 0)));
	ck_assert(tc_kf_has("DECLARE_TRACE_EVENT", TC_KV(6, 16, 0)));
	/* trace_NAME_rcuidle(): gone in 6.13 (48bcda684823) */
	ck_assert(tc_kf_has("trace_NAME_rcuidle", TC_KV(6, 12, 118)));
	ck_assert(!tc_kf_has("trace_NAME_rcuidle", TC_KV(6, 13, 0)));
	/* TRACE_EVENT_SYSCALL: 6.13 (0e6caab8db8b) */
	ck_assert(!tc_kf_has("TRACE_EVENT_SYSCALL", TC_KV(6, 12, 118)));
	ck_assert(tc_kf_has("TRACE_EVENT_SYSCALL", TC_KV(6, 13, 0)));
	/* backports: __print_dynamic_array() in 6.13 and 6.1.136, 6.12.26 */
	ck_assert(!tc_kf_has("__print_dynamic_array", TC_KV(6, 1, 135)));
	ck_assert(tc_kf_has("__print_dynamic_array", TC_KV(6, 1, 136)));
	ck_assert(!tc_kf_has("__print_dynamic_array", TC_KV(6, 6, 200)));
	ck_assert(!tc_kf_has("__print_dynamic_array", TC_KV(6, 12, 25)));
	ck_assert(tc_kf_has("__print_dynamic_array", TC_KV(6, 12, 26)));
	ck_assert(tc_kf_has("__print_dynamic_array", TC_KV(6, 13, 0)));
	ck_assert(!tc_kf_has("__cpumask", TC_KV(6, 1, 135)));
	ck_assert(tc_kf_has("__cpumask", TC_KV(6, 1, 192)));
	ck_assert(tc_kf_has("__cpumask", TC_KV(6, 2, 0)));
	ck_assert(!tc_kf_has("__no_such_helper", 0));

	/* every row: a form, a source, a range that is not empty, a filler the kernel has */
	for (size_t i = 0; i < tc_nr_kfacts; i++) {
		const struct tc_kfact *f = &tc_kfacts[i];
		ck_assert_msg(f->source && *f->source, "%s: no source", f->form);
		ck_assert_msg(!f->since || !f->until || f->since < f->until, "%s: empty range", f->form);
		if (f->fills) {
			int at = f->since ? f->since : tc_kv_oldest;
			ck_assert_msg(tc_kf_has(f->fills, at), "%s: %s is not in %d", f->form, f->fills, at);
			if (f->until)
				ck_assert_msg(tc_kf_has(f->fills, f->until - 1), "%s: %s", f->form, f->fills);
		}
	}
	ck_assert_int_eq(tc_kf_nargs(tc_kf_form("__assign_str_len", 3)), 3);
	ck_assert_str_eq(tc_kf_param(tc_kf_row("__assign_vstr", 0), 2, buf, sizeof(buf)), "va");
	ck_assert_str_eq(tc_kf_param(tc_kf_row("__assign_str", TC_KV(6, 1, 0)), 1, buf, sizeof(buf)),
			 "src");
	ck_assert_str_eq(tc_kf_param(tc_kf_row("__assign_str", 0), 1, buf, sizeof(buf)), "");
	ck_assert_str_eq(tc_kf_param(tc_kf_row("__event_in_irq", 0), 0, buf, sizeof(buf)), "");
	ck_assert_ptr_null(tc_kf_row("__assign_str_len", TC_KV(6, 9, 0)));
	ck_assert_int_eq(tc_kf_nargs(tc_kf_next("__event_in_irq", 0, NULL)), 0);

	ck_assert_str_eq(tc_kv_str(TC_KV(6, 10, 0), buf, sizeof(buf)), "6.10");
	ck_assert_str_eq(tc_kv_str(TC_KV(6, 1, 192), buf, sizeof(buf)), "6.1.192");
	ck_assert_str_eq(tc_kv_str(TC_KV(6, 1, 300), buf, sizeof(buf)), "6.1.255");
	ck_assert_str_eq(tc_kv_str(0, buf, sizeof(buf)), "?");
	int v = 0;
	ck_assert_int_eq(tc_kv_parse("6.12", &v), 0);
	ck_assert_int_eq(v, TC_KV(6, 12, 0));
	ck_assert_int_eq(tc_kv_parse("6.12.118", &v), 0);
	ck_assert_int_eq(v, TC_KV(6, 12, 118));
	ck_assert_int_eq(tc_kv_parse("6", &v), -1);
	ck_assert_int_eq(tc_kv_parse("6.12-rc1", &v), -1);
	ck_assert_int_eq(tc_kv_parse("6.12.", &v), -1);
	ck_assert_int_eq(tc_kv_parse("6.256", &v), -1);
}
END_TEST

/* Where the version of the kernel a header is built against comes from. */
START_TEST(test_kernel_version_source)
{
	const char *top = getenv("TC_SRCDIR");
	char *common, *amd64, *obuild, *t61, *tree, *src;

	ck_assert_ptr_nonnull(top);
	common = xasprintf("%s/testdata/kver/linux-headers-6.9.7-common", top);
	amd64 = xasprintf("%s/testdata/kver/linux-headers-6.9.7-amd64", top);
	obuild = xasprintf("%s/testdata/kver/o-build-6.1", top);
	t61 = xasprintf("%s/testdata/tree-6.1", top);
	tree = xasprintf("%s/testdata/tree", top);
	/* the build's version.h; else the Makefile, followed into the one it includes */
	ck_assert_int_eq(tc_kernel_version_of(common, amd64), TC_KV(6, 9, 7));
	ck_assert_int_eq(tc_kernel_version_of(amd64, NULL), TC_KV(6, 9, 7));
	ck_assert_int_eq(tc_kernel_version_of(common, NULL), TC_KV(6, 9, 7));
	ck_assert_int_eq(tc_kernel_version_of(tree, NULL), TC_KV(6, 12, 0));
	ck_assert_int_eq(tc_kernel_version_of(tree, obuild), TC_KV(6, 1, 0));
	ck_assert_int_eq(tc_kernel_version_of(obuild, NULL), TC_KV(6, 1, 0)); /* its own version.h */
	/* a build directory's source tree: a headers package's, an O= build's link */
	src = tc_ktree_source_of(amd64);
	ck_assert_ptr_nonnull(src);
	ck_assert(ends_with(src, "/testdata/kver/linux-headers-6.9.7-common"));
	free(src);
	src = tc_ktree_source_of(obuild);
	ck_assert_ptr_nonnull(src);
	ck_assert(ends_with(src, "/testdata/tree-6.1") || ends_with(src, "/kver/o-build-6.1/source"));
	free(src);
	ck_assert_ptr_null(tc_ktree_source_of(common));
	ck_assert_ptr_null(tc_ktree_source_of(t61));
	/* kbuild's flags: -I$(objtree)/include, else the tree of -I$(srctree)/include */
	char *i_common = xasprintf("-I%s/include", common), *i_amd64 = xasprintf("%s/include", amd64);
	const char *kbuild[] = { "-D__KERNEL__", i_common, "-I", i_amd64, "-include", "x.h" };
	ck_assert_int_eq(tc_kernel_version_of_flags(kbuild, 6), TC_KV(6, 9, 7));
	char *i_t61 = xasprintf("-I%s/include/", t61);
	const char *tree_only[] = { "-Ifoo", i_t61 };
	ck_assert_int_eq(tc_kernel_version_of_flags(tree_only, 2), TC_KV(6, 1, 0));
	/* else kbuild's environment */
	const char *none[] = { "-Ifoo/include" };
	unsetenv("srctree");
	unsetenv("objtree");
	ck_assert_int_eq(tc_kernel_version_of_flags(none, 1), 0);
	setenv("srctree", common, 1);
	setenv("objtree", amd64, 1);
	ck_assert_int_eq(tc_kernel_version_of_flags(none, 1), TC_KV(6, 9, 7));
	setenv("objtree", obuild, 1);
	ck_assert_int_eq(tc_kernel_version_of_flags(none, 1), TC_KV(6, 1, 0));
	unsetenv("srctree");
	unsetenv("objtree");
	free(i_common);
	free(i_amd64);
	free(i_t61);
	free(common);
	free(amd64);
	free(obuild);
	free(t61);
	free(tree);
}
END_TEST

/* depsmemo.h: a line's answer kept for the run, not for a child, not after the end */
static int memo_holds(const char *entry)
{
	const char *p = entry;
	int ok = tc_deps_check_memo(&p, entry + strlen(entry));

	ck_assert(ok != 1 || !*p); /* after the "R" line */
	return ok;
}

START_TEST(test_depsmemo_lines)
{
	char dir[] = "/tmp/tc-unit-XXXXXX";
	ck_assert_ptr_nonnull(mkdtemp(dir));
	char *a = xasprintf("%s/a.h", dir), *b = xasprintf("%s/b.h", dir);
	struct strbuf sb = STRBUF_INIT;
	FILE *f = fopen(a, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int a;\n", f);
	fclose(f);
	tc_deps_start();
	tc_deps_file(a, NULL, 0);
	tc_deps_absent(b);
	ck_assert_int_eq(tc_deps_finish(&sb), 0);
	const char *entry = strbuf_str(&sb);

	ck_assert_int_eq(memo_holds(entry), 1); /* no memo: tc_deps_check() */
	tc_deps_memo_begin();
	ck_assert_int_eq(memo_holds(entry), 1);
	ck_assert_int_eq(memo_holds("f nonsense\nR\n"), -1);
	ck_assert_int_eq(memo_holds("f nonsense\nR\n"), -1); /* not kept as an answer */
	/* a.h changes (its size too): the run's answer stays, a child checks anew */
	f = fopen(a, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int a, b;\n", f);
	fclose(f);
	ck_assert_int_eq(memo_holds(entry), 1);
	const char *q = entry;
	tc_deps_forget(); /* statmemo.h: this process looks at the files again */
	ck_assert_int_eq(tc_deps_check(&q, entry + strlen(entry)), 0);
	fflush(NULL);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid)
		_exit(memo_holds(entry) == 0 ? 0 : 1);
	int st;
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	tc_deps_memo_end();
	/* the next run asks again; an absent file that appears is a change too */
	tc_deps_memo_begin();
	ck_assert_int_eq(memo_holds(entry), 0);
	tc_deps_memo_end();
	f = fopen(a, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int a;\n", f);
	fclose(f);
	tc_deps_memo_begin();
	ck_assert_int_eq(memo_holds(entry), 1);
	f = fopen(b, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(memo_holds(entry), 1);
	tc_deps_memo_end();
	tc_deps_memo_begin();
	ck_assert_int_eq(memo_holds(entry), 0);
	tc_deps_memo_end();
	unlink(a);
	unlink(b);
	rmdir(dir);
	free(a);
	free(b);
	strbuf_release(&sb);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("units");
	TCase *t = tcase_create("core");

	tcase_set_timeout(t, 120);
	tcase_add_test(t, test_strbuf);
	tcase_add_test(t, test_depsmemo_lines);
	tcase_add_test(t, test_kconfig_overlay);
	tcase_add_test(t, test_kmodel_decode);
	tcase_add_test(t, test_cx_signed_int);
	tcase_add_test(t, test_cskip);
	tcase_add_test(t, test_pext);
	tcase_add_test(t, test_pconv);
	tcase_add_test(t, test_paths);
	tcase_add_test(t, test_settings);
	tcase_add_test(t, test_uspace_scan);
	tcase_add_test(t, test_diags_sort);
	tcase_add_test(t, test_split_print_fmt);
	tcase_add_test(t, test_frontend_layout);
	tcase_add_test(t, test_frontend_conditions);
	tcase_add_test(t, test_frontend_print);
	tcase_add_test(t, test_keval);
	tcase_add_test(t, test_keval_nesting);
	tcase_add_test(t, test_fmtfile);
	tcase_add_test(t, test_fingerprints);
	tcase_add_test(t, test_timeconst);
	tcase_add_test(t, test_json);
	tcase_add_test(t, test_not_checked);
	tcase_add_test(t, test_status_worse);
	tcase_add_test(t, test_gcc_detail);
	tcase_add_test(t, test_result);
	tcase_add_test(t, test_cache_hash);
	tcase_add_test(t, test_line_hashes);
	tcase_add_test(t, test_patches);
	tcase_add_test(t, test_frontend_print_helpers);
	tcase_add_test(t, test_token_stream);
	tcase_add_test(t, test_context_extents);
	tcase_add_test(t, test_ignore_settings);
	tcase_add_test(t, test_rule_docs);
	tcase_add_test(t, test_urelease);
	tcase_add_test(t, test_unested);
	tcase_add_test(t, test_umodel_scan);
	tcase_add_test(t, test_ufact_severity);
	tcase_add_test(t, test_patch_fuzz_regressions);
	tcase_add_test(t, test_fmtfile_fuzz_regressions);
	tcase_add_test(t, test_kfacts);
	tcase_add_test(t, test_kernel_version_source);
	tcase_add_test(t, test_cache);
	tcase_add_test(t, test_deps_memo);
	tcase_add_test(t, test_cfgcond);
	suite_add_tcase(s, t);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_VERBOSE);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}
