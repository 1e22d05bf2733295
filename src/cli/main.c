// SPDX-License-Identifier: MIT
/*
 * tracecheck: a static checker for the Linux kernel's TRACE_EVENT()
 * definitions.
 *
 * Flow: main() reads the options; for each header it loads the rule
 * settings (.tracecheck, then the command line), the front end
 * (frontend.c) parses the header into the event model (model.h), every
 * enabled rule (rules/registry.c) reports into a diagnostics list
 * (diag.c), which is sorted and printed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyze.h"
#include "config.h"
#include "diag.h"
#include "dump.h"
#include "baseline.h"
#include "checkfmt.h"
#include "compdb.h"
#include "hook.h"
#include "kbuild.h"
#include "layoutview.h"
#include "patchmode.h"
#include "report.h"
#include "strbuf.h"
#include "suppress.h"
#include "discover.h"
#include "runner.h"
#include "uverdict.h"
#include "emit.h"
#include "fixrun.h"
#include "input.h"
#include "frontend.h"
#include "rules.h"
#include "ruledoc.h"
#include "util.h"

#ifndef TC_DATADIR
#define TC_DATADIR "/usr/local/share/tracecheck/include"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

static const char usage_head[] =
	"usage: tracecheck [OPTION]... HEADER|DIR...\n"
	"       tracecheck [OPTION]... --kernel-tree DIR\n"
	"       tracecheck [OPTION]... --patch [PATCH...]\n"
	"Check the TRACE_EVENT() definitions of kernel trace headers; a directory\n"
	"(or --kernel-tree DIR alone) means every trace header below it.\n"
	"\n"
	"Input:\n"
	"  --kernel-tree DIR    take include paths, types and macros from the kernel\n"
	"                       tree DIR (default: the tree containing the header)\n"
	"  --kernel-build DIR   an O= build directory of the tree: its generated\n"
	"                       headers (include/generated/autoconf.h ...) are used\n"
	"  -p BUILD_DIR, --compile-commands FILE\n"
	"                       take the flags of the .c that instantiates the header\n"
	"                       from BUILD_DIR/compile_commands.json (or FILE)\n"
	"  --kconfig FILE       a kernel .config: the tree's CONFIG_ symbols, as kbuild\n"
	"                       defines them (=y -> 1, =m -> CONFIG_X_MODULE 1)\n"
	"  --no-kernel-tree     check the header on its own\n"
	"  --full-context       always read the instantiating .c's includes before\n"
	"                       the header (default: only when the header needs them)\n"
	"  -I DIR, -D NAME[=VAL], -U NAME, -include FILE\n"
	"                       passed on to the compiler front end\n"
	"  --target=TRIPLE      the ABI of the record layout (default x86_64-linux-gnu)\n"
	"  --target=ABI,ABI...  x86_64, i386, aarch64, arm: the first is the target,\n"
	"                       layout-abi compares the record layouts of all\n"
	"  --layout-abi ABI,... the ABIs layout-abi compares (also in .tracecheck)\n"
	"\n"
	"Fixing:\n";
/* then --fix, with the rules that have a repair (usage()), then: */
static const char usage_tail[] =
	"  --diff, --dry-run    print the repairs as a unified diff instead\n"
	"  --kernel-version X.Y the kernel the repairs are for (default: the tree's\n"
	"                       Makefile; __assign_str() has one argument from 6.10)\n"
	"\n"
	"Patches:\n"
	"  --patch [PATCH...]   the arguments (default: standard input) are patches:\n"
	"                       git format-patch files, mbox series or plain diffs,\n"
	"                       applied in memory to the tree (--kernel-tree, default:\n"
	"                       the kernel tree or git work tree the current directory\n"
	"                       is in, else the current directory); report\n"
	"                       the findings each patch introduces (they decide the\n"
	"                       exit status) and the ones it fixes\n"
	"  --all                also the findings a patch leaves in place\n"
	"  -R, --reverse        apply the patches in reverse\n"
	"  --install-hook       install the git pre-commit hook (tracecheck-pre-commit:\n"
	"                       the staged changes as a patch, blocking on errors)\n"
	"\n"
	"Rules:\n"
	"  --list-rules         list the rules, their default severity and summary, and\n"
	"                       which --fix repairs\n"
	"  --explain RULE       print the rule's documentation\n"
	"  --man-rules          print the man page's RULES section (troff) from it\n"
	"  --enable RULE[,RULE], --disable RULE[,RULE], --ignore RULE[,RULE]\n"
	"  --ignore RULE:EVENT[,...]  drop RULE's findings inside one event or class\n"
	"  -WRULE, -Wno-RULE, -Werror=RULE, -Wno-error=RULE\n"
	"  --severity RULE=error|warning|note\n"
	"  --fail-on error|warning|note\n"
	"                       lowest severity that makes the exit status 1 (warning)\n"
	"  --config FILE        read rule settings from FILE instead of .tracecheck\n"
	"  --no-config          do not look for .tracecheck files\n"
	"\n"
	"Running:\n"
	"  -j N, --jobs N       check N files at a time (default: the number of CPUs);\n"
	"                       the output is in file order whatever N is\n"
	"  --timeout SECONDS    give up on a file after that long (default 60, 0: never;\n"
	"                       also in .tracecheck)\n"
	"  --max-findings N     report at most the first N findings of a file, and how\n"
	"                       many more there are (default 1000, 0: no limit; also\n"
	"                       in .tracecheck)\n"
	"  -q, --quiet          no progress line and no summary\n"
	"  --shard K/N          check only the K-th of N deterministic slices\n"
	"  --write-baseline FILE  record today's findings in FILE instead of printing\n"
	"  --baseline FILE      report only findings not in FILE, and how many of its\n"
	"                       entries are fixed\n"
	"\n"
	"Output:\n"
	"  --format=FMT         gcc (the default: FILE:LINE:COL: error: ...), or one\n"
	"                       report of the whole run: json, sarif (SARIF 2.1.0),\n"
	"                       gitlab (Code Quality), github (workflow commands),\n"
	"                       checkpatch (checkpatch.pl's shape), html (one\n"
	"                       self-contained page: summary, findings per\n"
	"                       directory, source excerpts, records drawn as SVG)\n"
	"  --report=FMT         the same as --format=FMT\n"
	"  --terse              one line per finding: no notes (gcc), checkpatch's\n"
	"                       --terse --showfile lines without the total (checkpatch)\n"
	"  --output FILE        write the findings to FILE (replaced when complete)\n"
	"  --merge REPORT...    merge JSON or SARIF reports (of --shard runs) into one\n"
	"                       (json, or --format=FMT), as one run would write it\n"
	"  --dump-model         print the event model instead of checking\n"
	"  --emit-format[=DIR]  print each event's tracefs format file instead of\n"
	"                       checking, or write DIR/SYSTEM/EVENT/format\n"
	"  --layout             print each event class's record as pahole prints a\n"
	"                       struct (holes, padding, __data_loc targets) instead\n"
	"                       of checking; with --target=ABI,ABI... side by side\n"
	"  --event NAME         --layout: only the record of this event or class\n"
	"  --suggest            --layout: also the field order without the holes\n"
	"  --check-format       the arguments are format files, or directories of\n"
	"                       them (a tracefs events/ directory): report what\n"
	"                       libtraceevent cannot parse or prints wrongly\n"
	"  --save-tu DIR        also write the unit libclang parses (DIR/tu.c) and its\n"
	"                       arguments (DIR/args), for benchmarks and bug reports\n"
	"  -v, --verbose        also print the context each header was read in and\n"
	"                       the compiler errors behind the analysis\n"
	"  -h, --help           this text\n"
	"  --version            the version, and libtraceevent's\n"
	"\n"
	"Exit status: 0 no findings at or above --fail-on, 1 findings, 2 usage\n"
	"error, unreadable input or internal error.\n";

/* --format's names, in enum tc_format's order */
static const char *const format_names[] = { "gcc",    "json",	"sarif",
					    "gitlab", "github", "checkpatch", "html" };

struct cmdline {
	const char **cflags;
	size_t nr_cflags, alloc_cflags;
	const char **files;
	size_t nr_files, alloc_files;
	/* rule options, replayed after each header's config file */
	const char **ropts;
	size_t nr_ropts, alloc_ropts;
	char **owned; /* strings made while parsing, freed at exit */
	size_t nr_owned, alloc_owned;
	const char *kernel_tree;
	const char *kconfig;
	const char *kernel_build;
	int no_kernel_tree;
	int full_context;
	const char *target;
	const char *config;
	int no_config;
	int dump_model;
	int emit_format;
	const char *emit_dir; /* --emit-format=DIR */
	int check_format;
	enum tc_format format; /* --format; other than gcc, a report of the run */
	const char *output; /* --output FILE */
	int merge;	    /* --merge: the arguments are reports */
	int patch;	    /* --patch: the arguments are patches */
	int install_hook;   /* --install-hook */
	int fix;	    /* --fix */
	int fix_diff;	    /* --diff / --dry-run */
	int kernel_version; /* --kernel-version X.Y */
	int patch_all;	    /* --all */
	int reverse;	    /* -R */
	int jobs, timeout, quiet;
	int shard_k, shard_n;
	const char *baseline, *write_baseline;
	const char *compdb; /* -p DIR / --compile-commands FILE */
	const char *save_tu;
	struct tc_baseline base;
	int discovered; /* files found below directories */
	int verbose;
	int list_rules;
	const char *explain; /* --explain RULE */
	int man_rules;
	int timeout_set;     /* --timeout given: it wins over the config files' */
	int empty_dir;	     /* a directory argument had no trace headers (an error) */
	int layout;	     /* --layout */
	int suggest;	     /* --suggest */
	const char **events; /* --event NAME */
	size_t nr_events, alloc_events;
};

static void cmdline_release(struct cmdline *cl)
{
	free(cl->files);
	free(cl->events);
	free(cl->cflags);
	free(cl->ropts);
	for (size_t i = 0; i < cl->nr_owned; i++)
		free(cl->owned[i]);
	free(cl->owned);
}

static void push(const char ***v, size_t *nr, size_t *alloc, const char *s)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = s;
}

static const char *own(struct cmdline *cl, char *s)
{
	ALLOC_GROW(cl->owned, cl->nr_owned + 1, cl->alloc_owned);
	cl->owned[cl->nr_owned++] = s;
	return s;
}

/* Print words (a paragraph) as an option's help: after the column, wrapped. */
static void print_option_help(const char *option, const char *words)
{
	const int column = 23, width = 78;
	int col = printf("  %s", option);

	while (*words) {
		size_t n = strcspn(words, " ");
		if (col >= column - 1 && col + 1 + (int)n > width) {
			putchar('\n');
			col = 0;
		}
		if (col < column)
			col += printf("%*s", column - col, "");
		else
			col += printf(" ");
		col += printf("%.*s", (int)n, words);
		words += n;
		words += strspn(words, " ");
	}
	putchar('\n');
}

/* --help; --fix's list of rules comes from the rule table */
static void usage(void)
{
	struct strbuf sb = STRBUF_INIT;
	const char *sep = "";

	fputs(usage_head, stdout);
	strbuf_addstr(&sb, "repair the findings that have a canonical repair in place (");
	for (int enabled = 1; enabled >= 0; enabled--)
		for (size_t i = 0; i < tc_nr_rules; i++) {
			const struct tc_rule *r = tc_rules[i];
			if (!r->fix || !r->enabled != !enabled)
				continue;
			strbuf_addf(&sb, "%s%s%s", sep, r->name, enabled ? "" : " when enabled");
			sep = ", ";
		}
	strbuf_addstr(&sb, "): written atomically, only if the fixed header re-checks clean and "
			   "the file did not change meanwhile; the findings left are printed");
	print_option_help("--fix", strbuf_str(&sb));
	strbuf_release(&sb);
	fputs(usage_tail, stdout);
}

static void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", tc_progname);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'tracecheck --help' for more information.\n");
	exit(2);
}

/* "--opt=value" or "--opt value": the value, advancing *i as needed. */
static const char *opt_value(int argc, char **argv, int *i, const char *name)
{
	const char *a = argv[*i];
	size_t n = strlen(name);

	if (a[n] == '=')
		return a + n + 1;
	if (*i + 1 >= argc)
		usage_error("option '%s' needs an argument", name);
	return argv[++*i];
}

static int is_opt(const char *a, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(a, name, n) && (a[n] == '\0' || a[n] == '=');
}

static void parse_args(int argc, char **argv, struct cmdline *cl, struct tc_settings *check)
{
	int only_files = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (only_files || a[0] != '-' || !strcmp(a, "-")) {
			push(&cl->files, &cl->nr_files, &cl->alloc_files, a);
		} else if (!strcmp(a, "--")) {
			only_files = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage();
			exit(0);
		} else if (!strcmp(a, "--version")) {
			printf("tracecheck %s\n", PACKAGE_VERSION);
			if (tc_uv_consumer())
				printf("user-space verdicts: %s\n", tc_uv_consumer());
			else
				printf("user-space verdicts: unavailable (built without libtraceevent)\n");
			exit(0);
		} else if (!strcmp(a, "--list-rules")) {
			cl->list_rules = 1;
		} else if (!strcmp(a, "--man-rules")) {
			cl->man_rules = 1;
		} else if (is_opt(a, "--explain")) {
			cl->explain = opt_value(argc, argv, &i, "--explain");
			if (tc_rule_index(cl->explain) < 0)
				usage_error("--explain: unknown rule '%s' (tracecheck --list-rules "
					    "lists them)",
					    cl->explain);
		} else if (is_opt(a, "--format") || is_opt(a, "--report")) {
			/* --report=FMT: another name for --format=FMT (--report=html) */
			const char *opt = is_opt(a, "--format") ? "--format" : "--report";
			const char *v = opt_value(argc, argv, &i, opt);
			size_t k = 0;
			while (k < ARRAY_SIZE(format_names) && strcmp(v, format_names[k]))
				k++;
			if (k == ARRAY_SIZE(format_names))
				usage_error(opt[2] == 'f' ? "unknown --format '%s' (gcc, json, sarif, "
							    "gitlab, github, checkpatch or html)"
							  : "unknown --report '%s' (gcc, json, sarif, "
							    "gitlab, github, checkpatch or html)",
					    v);
			cl->format = (enum tc_format)k;
		} else if (!strcmp(a, "--terse")) {
			tc_diag_terse = 1;
		} else if (is_opt(a, "--output")) {
			cl->output = opt_value(argc, argv, &i, "--output");
		} else if (!strcmp(a, "--merge")) {
			cl->merge = 1;
		} else if (!strcmp(a, "--fix")) {
			cl->fix = 1;
		} else if (!strcmp(a, "--diff") || !strcmp(a, "--dry-run")) {
			cl->fix = cl->fix_diff = 1;
		} else if (is_opt(a, "--kernel-version")) {
			const char *v = opt_value(argc, argv, &i, "--kernel-version");
			int major, minor, used = 0;
			if (sscanf(v, "%d.%d%n", &major, &minor, &used) != 2 ||
			    (v[used] && v[used] != '.') || major < 2 || major > 99 || minor < 0 ||
			    minor > 255)
				usage_error("--kernel-version needs a version such as 6.12, not '%s'", v);
			cl->kernel_version = major * 256 + minor;
		} else if (!strcmp(a, "--install-hook")) {
			cl->install_hook = 1;
		} else if (!strcmp(a, "--patch")) {
			cl->patch = 1;
		} else if (!strcmp(a, "--all")) {
			cl->patch_all = 1;
		} else if (!strcmp(a, "-R") || !strcmp(a, "--reverse")) {
			cl->reverse = 1;
		} else if (!strcmp(a, "--layout")) {
			cl->layout = 1;
		} else if (!strcmp(a, "--suggest")) {
			cl->suggest = 1;
		} else if (is_opt(a, "--event")) {
			push(&cl->events, &cl->nr_events, &cl->alloc_events,
			     opt_value(argc, argv, &i, "--event"));
		} else if (!strcmp(a, "--dump-model")) {
			cl->dump_model = 1;
		} else if (!strcmp(a, "--check-format")) {
			cl->check_format = 1;
		} else if (!strcmp(a, "--emit-format")) {
			cl->emit_format = 1;
		} else if (starts_with(a, "--emit-format=")) {
			cl->emit_format = 1;
			cl->emit_dir = a + strlen("--emit-format=");
			if (!*cl->emit_dir)
				usage_error("%s", "--emit-format= needs a directory");
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			cl->verbose = 1;
		} else if (is_opt(a, "--kernel-tree")) {
			cl->kernel_tree = opt_value(argc, argv, &i, "--kernel-tree");
		} else if (!strcmp(a, "-j") || is_opt(a, "--jobs") || (starts_with(a, "-j") && a[2])) {
			const char *v = !strcmp(a, "-j") ? (i + 1 < argc ? argv[++i] : NULL)
				      : starts_with(a, "--") ? opt_value(argc, argv, &i, "--jobs")
							     : a + 2;
			char *end = NULL;
			long n = v ? strtol(v, &end, 10) : 0;
			if (!v || !*v || *end || n < 1 || n > 1024)
				usage_error("-j needs a number of jobs between 1 and 1024, not '%s'",
					    v ? v : "");
			cl->jobs = (int)n;
		} else if (is_opt(a, "--timeout")) {
			const char *v = opt_value(argc, argv, &i, "--timeout");
			char *end = NULL;
			long n = strtol(v, &end, 10);
			if (!*v || *end || n < 0 || n > 86400)
				usage_error("--timeout needs a number of seconds (0: none), not '%s'", v);
			cl->timeout = (int)n;
			cl->timeout_set = 1;
		} else if (is_opt(a, "--shard")) {
			const char *v = opt_value(argc, argv, &i, "--shard");
			int k, n, used = 0;
			if (sscanf(v, "%d/%d%n", &k, &n, &used) != 2 || v[used] || n < 1 || k < 1 ||
			    k > n)
				usage_error("--shard needs K/N with 1 <= K <= N, not '%s'", v);
			cl->shard_k = k;
			cl->shard_n = n;
		} else if (is_opt(a, "--save-tu")) {
			cl->save_tu = opt_value(argc, argv, &i, "--save-tu");
		} else if (!strcmp(a, "-p")) {
			if (i + 1 >= argc)
				usage_error("option '%s' needs an argument", a);
			cl->compdb = own(cl, xasprintf("%s/compile_commands.json", argv[++i]));
		} else if (is_opt(a, "--compile-commands")) {
			cl->compdb = opt_value(argc, argv, &i, "--compile-commands");
		} else if (is_opt(a, "--baseline")) {
			cl->baseline = opt_value(argc, argv, &i, "--baseline");
		} else if (is_opt(a, "--write-baseline")) {
			cl->write_baseline = opt_value(argc, argv, &i, "--write-baseline");
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			cl->quiet = 1;
		} else if (is_opt(a, "--kernel-build")) {
			cl->kernel_build = opt_value(argc, argv, &i, "--kernel-build");
		} else if (is_opt(a, "--kconfig")) {
			cl->kconfig = opt_value(argc, argv, &i, "--kconfig");
		} else if (!strcmp(a, "--full-context")) {
			cl->full_context = 1;
		} else if (!strcmp(a, "--no-kernel-tree")) {
			cl->no_kernel_tree = 1;
		} else if (is_opt(a, "--target")) {
			cl->target = opt_value(argc, argv, &i, "--target");
			if (strchr(cl->target, ',')) {
				/*
				 * --target=x86_64,i386,...: the first is the parse's
				 * target, all of them the ABIs layout-abi compares.
				 */
				static const char *const triples[TC_NR_ABIS] = {
					"x86_64-linux-gnu", "i386-linux-gnu", "aarch64-linux-gnu",
					"arm-linux-gnueabi"
				};
				const char *list = cl->target, *bad = NULL;
				char *first = xstrndup(list, strcspn(list, ","));
				if (!tc_parse_abi_list(list, &bad))
					usage_error("--target: '%s' is not one of x86_64, i386, aarch64, arm",
						    bad);
				cl->target = strchr(first, '-') ? own(cl, first) : triples[tc_abi_of(first)];
				if (cl->target != first)
					free(first);
				if (tc_settings_apply(check, "--layout-abi", list, "command line") < 0)
					exit(2);
				push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, "--layout-abi");
				push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, list);
			}
		} else if (is_opt(a, "--config")) {
			cl->config = opt_value(argc, argv, &i, "--config");
		} else if (!strcmp(a, "--no-config")) {
			cl->no_config = 1;
		} else if (!strcmp(a, "-include") || !strcmp(a, "-I") || !strcmp(a, "-D") ||
			   !strcmp(a, "-U") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote")) {
			if (i + 1 >= argc)
				usage_error("option '%s' needs an argument", a);
			if (!strcmp(a, "-include") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote")) {
				push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, a);
				push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, argv[++i]);
			} else {
				push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags,
				     own(cl, xasprintf("%s%s", a, argv[++i])));
			}
		} else if (starts_with(a, "-I") || starts_with(a, "-D") || starts_with(a, "-U")) {
			push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, a);
		} else {
			/* a rule option */
			const char *opt = a, *arg = NULL;
			char *name = NULL;
			if (starts_with(a, "--") && strchr(a, '=')) {
				name = xstrndup(a, (size_t)(strchr(a, '=') - a));
				if (tc_settings_option_takes_arg(name)) {
					opt = name;
					arg = strchr(a, '=') + 1;
				}
			} else if (tc_settings_option_takes_arg(a)) {
				if (i + 1 >= argc)
					usage_error("option '%s' needs an argument", a);
				arg = argv[++i];
			}
			int r = tc_settings_apply(check, opt, arg, "command line");
			if (r == 0)
				usage_error("unknown option '%s'", a);
			if (r < 0)
				exit(2);
			push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, opt == name ? own(cl, name) : opt);
			push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, arg);
			if (opt != name)
				free(name);
		}
	}
}

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

/* --man-rules: the man page's RULES section, as make man-rules writes it */
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

/*
 * The stage headers: $TRACECHECK_DATADIR, else the installed copy, else
 * (running from the build tree) the source tree's.
 */
static const char *datadir(void)
{
	const char *d = getenv("TRACECHECK_DATADIR");

	if (d && *d)
		return d;
#ifdef TC_SRC_DATADIR
	if (!is_dir(TC_DATADIR) && is_dir(TC_SRC_DATADIR))
		return TC_SRC_DATADIR;
#endif
	return TC_DATADIR;
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

/* Directories among the files: the trace headers below them. */
static int expand_directories(struct cmdline *cl)
{
	const char **files = NULL;
	size_t nr = 0, alloc = 0;
	int bad = 0;

	for (size_t i = 0; i < cl->nr_files; i++) {
		if (!is_dir(cl->files[i])) {
			push(&files, &nr, &alloc, cl->files[i]);
			continue;
		}
		char **found = NULL;
		size_t nf = 0, af = 0;
		cl->discovered = 1;
		if (!tc_find_trace_headers(cl->files[i], &found, &nf, &af)) {
			error("%s: no trace headers below it", cl->files[i]);
			bad = 1;
			cl->empty_dir = 1;
		}
		for (size_t k = 0; k < nf; k++)
			push(&files, &nr, &alloc, own(cl, found[k]));
		free(found);
	}
	free(cl->files);
	cl->files = files;
	cl->nr_files = nr;
	cl->alloc_files = alloc;
	return bad && !nr;
}

struct check_ctx {
	const struct cmdline *cl;
	struct tc_frontend *fe;
};

static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

/* Check one header (in a worker process, but for a lone header). */
static int check_path(const char *path, void *vctx, struct tc_file_stats *st)
{
	struct check_ctx *ctx = vctx;
	const struct cmdline *cl = ctx->cl;
	struct tc_settings s;
	struct tc_diags diags = { 0 };
	int status = 0, fix_status = 0;

	if (tc_input_check(path))
		return 2;
	char *abs = absolute_path(path);
	if (header_settings(cl, abs, &s)) {
		free(abs);
		tc_settings_release(&s);
		return 2;
	}
	free(abs);
	/* --fix: the text as it is before it is read, so that a change since is seen */
	size_t fix_len = 0;
	char *fix_text = cl->fix ? read_file(path, &fix_len) : NULL;
	struct tc_header *h = tc_frontend_parse(ctx->fe, path);
	if (!h) {
		free(fix_text);
		tc_settings_release(&s);
		return 2;
	}
	for (size_t j = 0; j < h->nr_events; j++)
		st->events += h->events[j]->instantiated;
	if (cl->verbose && h->instantiator)
		fprintf(stderr, "%s: checked %s %s%s%s\n", path,
			h->minimal_context ? "with the flags of" : "in the context of", h->instantiator,
			h->context_why ? ", which it needs: " : "",
			h->context_why ? h->context_why : "");
	if (cl->verbose)
		for (size_t j = 0; j < h->nr_clang_messages; j++)
			fprintf(stderr, "%s: libclang: %s\n", path, h->clang_messages[j]);
	if (cl->dump_model) {
		tc_dump_model(h, stdout);
	} else if (cl->layout) {
		struct tc_layout_opts lo = { cl->events, cl->nr_events, cl->suggest, s.layout_abis };
		size_t len = 0;
		char *text = read_file(path, &len);
		if (!h->nr_classes && !h->nr_events && text && tc_is_trace_header_text(text))
			warning("%s: no trace events in this configuration (they are under #if; "
				"--kconfig FILE or --kernel-build DIR selects one)",
				path);
		else
			status = tc_layout_print(h, text, len, &lo, stdout);
		free(text);
	} else if (cl->emit_format) {
		if (tc_emit_formats(h, cl->emit_dir))
			status = 2;
	} else {
		if (!h->nr_classes && !h->nr_events) {
			char *text = read_file(path, NULL);
			if (text && tc_is_trace_header_text(text))
				warning("%s: no trace events in this configuration (they are under "
					"#if; --kconfig FILE or --kernel-build DIR selects one)",
					path);
			else
				warning("%s: no trace events defined", path);
			free(text);
		}
		if (s.layout_abis)
			h->layout_abis = s.layout_abis;
		tc_check_header(h, &s, &diags);
		if (cl->fix) {
			struct tc_fix_run fr = { cl->fix_diff, cl->kernel_version, cl->quiet };
			fix_status = fix_text ? tc_fix_header_run(ctx->fe, path, fix_text, fix_len, &h,
								 &diags, &s, &fr)
					      : 2;
		}
		const char *key = h->tree_path ? h->tree_path : path;
		if (cl->write_baseline) {
			char **fps = tc_fingerprints(&diags, key);
			tc_baseline_write(stdout, &diags, key, fps);
			tc_fingerprints_free(fps, diags.nr);
			tc_diags_release(&diags);
		} else if (cl->baseline) {
			st->fixed = tc_baseline_filter(&cl->base, &diags, key);
		}
		for (size_t j = 0; j < diags.nr; j++) {
			int ri = tc_rule_index(diags.v[j].rule);
			if (ri >= 0)
				st->counts[ri * 3 + diags.v[j].severity]++;
			if (diags.v[j].severity >= s.fail_on && diags.v[j].severity != TC_SEV_NOTE)
				status = 1;
		}
		if (s.fail_on == TC_SEV_NOTE && diags.nr)
			status = 1;
		/* --patch compares the findings before and after: all of them */
		long cap = cl->patch ? 0 : s.max_findings < 0 ? TC_MAX_FINDINGS : s.max_findings;
		if (cap && diags.nr > (size_t)cap) {
			/* the first cap by position; the exit status is the whole file's */
			unsigned char *drop = xcalloc(diags.nr, 1);
			for (size_t j = (size_t)cap; j < diags.nr; j++) {
				int ri = tc_rule_index(diags.v[j].rule);
				if (ri >= 0)
					st->counts[ri * 3 + diags.v[j].severity]--;
				drop[j] = 1;
			}
			st->omitted = diags.nr - (size_t)cap;
			fprintf(stderr, "%s: note: %s: %zu findings, only the first %ld reported "
				"(--max-findings %ld; 0: no limit)\n",
				tc_progname, path, diags.nr, cap, cap);
			tc_diags_remove(&diags, drop);
			free(drop);
		}
		if (cl->format != TC_FMT_GCC || cl->patch) {
			/* one line for the parent, which writes the report */
			struct strbuf line = STRBUF_INIT;
			char **fps = tc_fingerprints(&diags, key);
			size_t tlen = 0;
			/* for the line hashes and the fixes */
			char *text = diags.nr ? read_file(path, &tlen) : NULL;
			struct tc_rfix **fixes = tc_fix_each(h, text, tlen, &diags, cl->kernel_version);
			tc_report_file_json(&line, path, st->events, status, &diags, fps, text, tlen,
					    fixes);
			if (cl->format == TC_FMT_HTML)
				tc_report_add_records(&line, h, &diags);
			tc_report_line_omitted(&line, st->omitted, cap);
			tc_fix_each_free(fixes, diags.nr);
			free(text);
			tc_fingerprints_free(fps, diags.nr);
			puts(line.buf);
			strbuf_release(&line);
		} else if (!cl->fix_diff) {
			tc_diags_print(&diags, stdout);
		}
		if (fix_status)
			status = 2;
	}
	fflush(stdout);
	free(fix_text);
	tc_diags_release(&diags);
	tc_header_free(h);
	tc_settings_release(&s);
	return status;
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
	fflush(stderr);
	int saved = dup(2), null = open("/dev/null", O_WRONLY);
	if (null >= 0) {
		dup2(null, 2);
		close(null);
	}
	if (!header_settings(cl, abs, &s) && s.timeout >= 0)
		t = s.timeout;
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	tc_settings_release(&s);
	free(abs);
	return t;
}

static int check_file(size_t i, void *vctx, struct tc_file_stats *st)
{
	struct check_ctx *ctx = vctx;

	return check_path(ctx->cl->files[i], vctx, st);
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
		if (!tc_kbuild_parse((int)cn, cargv, &kb)) {
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
				else if (is_opt(argv[k], "--compile-commands"))
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
		if (st == 2 || (st == 1 && status == 0))
			status = st;
	}
	tc_compdb_release(&db);
	return status;
}

/*
 * --chain=sparse: run the other checker with the same arguments (less
 * tracecheck's own), its output and exit status passing through.
 */
static int chain(const char *prog, int argc, char **argv)
{
	char **av = xcalloc((size_t)argc + 1, sizeof(*av));
	int n = 0, st;

	av[n++] = (char *)prog;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--fatal") && !starts_with(argv[i], "--chain="))
			av[n++] = argv[i];
	fflush(stdout);
	fflush(stderr);
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		execvp(prog, av);
		error("--chain=%s: %s", prog, strerror(errno));
		_exit(127);
	}
	free(av);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/*
 * make C=1 CHECK=tracecheck: the argv is the compiler's.  Check the
 * trace headers the .c instantiates, with its flags; tracecheck's own
 * options come from $TRACECHECK_FLAGS.  Findings do not fail the build
 * unless --fatal.
 */
static int kbuild_main(int argc, char **argv)
{
	struct tc_kbuild kb;
	char **headers;
	size_t nh;
	int status;

	int chained = 0;
	if (tc_kbuild_parse(argc, argv, &kb)) {
		tc_kbuild_release(&kb);
		return 0; /* never stop the build for the checker's sake */
	}
	if (kb.chain)
		chained = chain(kb.chain, argc, argv);
	tc_diag_prefix = kb.prefix;
	nh = tc_kbuild_headers(&kb, &headers);
	if (!nh) {
		tc_kbuild_release(&kb);
		return 0; /* no trace events instantiated here: nothing to say */
	}
	tc_kbuild_probe(&kb);
	struct argv_list {
		const char **v;
		size_t nr, alloc;
	} av = { 0 };
	push(&av.v, &av.nr, &av.alloc, argv[0]);
	char *env = getenv("TRACECHECK_FLAGS") ? xstrdup(getenv("TRACECHECK_FLAGS")) : NULL;
	char *save = NULL;
	for (char *w = env ? strtok_r(env, " \t", &save) : NULL; w; w = strtok_r(NULL, " \t", &save))
		push(&av.v, &av.nr, &av.alloc, w);
	push(&av.v, &av.nr, &av.alloc, "--quiet");
	push(&av.v, &av.nr, &av.alloc, "-j1");
	push(&av.v, &av.nr, &av.alloc, "--");
	for (size_t i = 0; i < nh; i++)
		push(&av.v, &av.nr, &av.alloc, headers[i]);
	push(&av.v, &av.nr, &av.alloc, NULL);
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

struct emit_ctx {
	const struct cmdline *cl;
	struct tc_report report;
};

static void emit_json(size_t i, int status, const char *out, const char *err, void *vctx)
{
	struct emit_ctx *e = vctx;

	if (tc_report_add_line(&e->report, e->cl->files[i], out, status, err))
		error("%s: internal error: the worker's report line is malformed",
		      e->cl->files[i]);
}

/* The report in format (JSON for gcc: --merge writes a report). */
static void print_report(struct tc_report *r, enum tc_format format)
{
	struct strbuf sb = STRBUF_INIT;

	tc_report_print(r, format == TC_FMT_GCC ? TC_FMT_JSON : format, tc_diag_terse, &sb);
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
	char *dd = xasprintf("%s/trace/define_trace.h", datadir());
	if (!is_file(dd))
		die("tracecheck's stage headers are missing (%s); set TRACECHECK_DATADIR", dd);
	free(dd);
	return (struct tc_fe_options){
		.datadir = datadir(),
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

/* --patch: the arguments are patches; the tree becomes the current directory. */
static int patch_main(struct cmdline *cl)
{
	struct out_file of = { 0 };
	char *tree = patch_tree(cl);
	int status;

	if (!cl->nr_files)
		push(&cl->files, &cl->nr_files, &cl->alloc_files, "-");
	/* what names files relative to here, before moving to the tree */
	char *origin = absolute_path(".");
	const char **paths[] = { &cl->config, &cl->kconfig, &cl->kernel_build, &cl->output };
	for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
		if (*paths[i])
			*paths[i] = own(cl, absolute_path(*paths[i]));
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
	struct tc_frontend *fe = tc_frontend_new(&fo);
	struct check_ctx ctx = { cl, fe };
	struct tc_patch_run po = {
		.reverse = cl->reverse,
		.all = cl->patch_all,
		.terse = tc_diag_terse,
		.quiet = cl->quiet,
		.verbose = cl->verbose,
		.format = cl->format,
		.jobs = cl->jobs > 0 ? cl->jobs : online_cpus(),
		.timeout = cl->timeout,
		.origin = origin,
		.check = check_path,
		.fail_on = fail_on_of,
		.ctx = &ctx,
	};
	if (cl->output)
		out_open(&of, cl->output, "--output");
	status = tc_patch_check(cl->files, cl->nr_files, &po);
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
	parse_args(argc, argv, &cl, &check);
	tc_settings_release(&check);
	if (kb) {
		for (size_t i = 0; i < kb->nr_flags; i++)
			push(&cl.cflags, &cl.nr_cflags, &cl.alloc_cflags, kb->flags[i]);
		cl.no_kernel_tree = 1;
		if (cl.verbose)
			for (size_t i = 0; i < kb->nr_dropped; i++)
				fprintf(stderr, "%s: dropped compiler flag %s\n", kb->c_file,
					kb->dropped[i]);
	}
	if (cl.install_hook) {
		if (cl.nr_files)
			usage_error("%s", "--install-hook takes no files");
		cmdline_release(&cl);
#ifdef TC_SRC_DATADIR
		return tc_install_hook(TC_SRC_DATADIR);
#else
		return tc_install_hook(NULL);
#endif
	}
	if (cl.list_rules) {
		list_rules();
		cmdline_release(&cl);
		return 0;
	}
	if (cl.explain) {
		explain(tc_rules[tc_rule_index(cl.explain)]);
		cmdline_release(&cl);
		return 0;
	}
	if (cl.man_rules) {
		man_rules();
		cmdline_release(&cl);
		return 0;
	}
	int report = cl.format != TC_FMT_GCC;
	if ((cl.suggest || cl.nr_events) && !cl.layout)
		usage_error("%s", "--event and --suggest go with --layout");
	if (cl.layout && (report || cl.merge || cl.patch || cl.fix || kb || cl.compdb || cl.output ||
			  cl.dump_model || cl.emit_format || cl.check_format || cl.write_baseline ||
			  cl.baseline))
		usage_error("%s", "--layout is a view of headers: it does not go with --format, "
				  "--output, --merge, --patch, --fix, kbuild mode, -p, --dump-model, "
				  "--emit-format, --check-format or baselines");
	if ((report || cl.output || cl.merge) && (kb || cl.compdb))
		usage_error("%s", "--format (other than gcc), --output and --merge do not work in "
				  "kbuild mode or with -p/--compile-commands yet");
	if ((report || cl.merge) &&
	    (cl.dump_model || cl.emit_format || cl.check_format || cl.write_baseline))
		usage_error("%s", "--format (other than gcc) and --merge report findings; they do "
				  "not go with --dump-model, --emit-format, --check-format or "
				  "--write-baseline");
	if (cl.output && cl.write_baseline)
		usage_error("%s", "--output and --write-baseline do not go together");
	if (cl.merge) {
		struct out_file of = { 0 };
		if (!cl.nr_files)
			usage_error("%s", "--merge needs the reports to merge");
		if (cl.output)
			out_open(&of, cl.output, "--output");
		status = merge_reports(&cl);
		if (out_close(&of, status != 2))
			status = 2;
		cmdline_release(&cl);
		return status;
	}
	if (cl.patch) {
		if (kb || cl.compdb || cl.fix || cl.dump_model || cl.emit_format || cl.check_format ||
		    cl.write_baseline || cl.baseline || cl.shard_n)
			usage_error("%s", "--patch does not go with kbuild mode, -p, --fix, --dump-model, "
					  "--emit-format, --check-format, --shard or baselines");
		status = patch_main(&cl);
		cmdline_release(&cl);
		return status;
	}
	if (cl.fix && (report || cl.output || kb || cl.compdb || cl.dump_model || cl.emit_format ||
		       cl.check_format || cl.write_baseline || cl.baseline || cl.merge))
		usage_error("%s", "--fix and --diff go with the gcc format only, not with --output, "
				  "kbuild mode, -p, --dump-model, --emit-format, --check-format, "
				  "--merge or baselines");
	if (cl.kernel_version && !cl.fix && !report)
		usage_error("%s", "--kernel-version goes with --fix, --diff or a report format (its "
				  "fixes)");
	if ((cl.patch_all || cl.reverse) && !cl.patch)
		usage_error("%s", "--all and -R go with --patch");
	if (!cl.nr_files && cl.kernel_tree && !cl.check_format)
		push(&cl.files, &cl.nr_files, &cl.alloc_files, cl.kernel_tree);
	if (!cl.nr_files)
		usage_error("%s", cl.check_format ? "no format file to check" : "no header to check");
	if (!cl.check_format && expand_directories(&cl)) {
		cmdline_release(&cl);
		return 2;
	}
	if (cl.compdb && !kb) {
		status = compdb_run(argc, argv, &cl);
		cmdline_release(&cl);
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
		cmdline_release(&cl);
		return status;
	}

	struct tc_fe_options fo = fe_options(&cl, kb);
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
			cmdline_release(&cl);
			return 0;
		}
	}
	if (cl.baseline && cl.write_baseline)
		usage_error("%s", "--baseline and --write-baseline do not go together");
	if (cl.baseline && tc_baseline_load(cl.baseline, &cl.base)) {
		cmdline_release(&cl);
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

	struct tc_frontend *fe = tc_frontend_new(&fo);
	struct check_ctx ctx = { &cl, fe };
	size_t fixed = 0;

	struct emit_ctx ectx = { &cl, { 0 } };
	if (cl.nr_files == 1 && !cl.discovered && !report && cl.timeout_set && !cl.timeout) {
		/* no time limit: in this process */
		struct tc_file_stats st = { 0, xcalloc(tc_nr_rules * 3, sizeof(size_t)), 0, 0 };
		status = check_file(0, &ctx, &st);
		fixed = st.fixed;
		free(st.counts);
	} else if (cl.nr_files) {
		struct tc_run_options ro = {
			.jobs = cl.jobs > 0 ? cl.jobs : online_cpus(),
			.timeout = cl.timeout,
			.progress = !cl.quiet && isatty(2),
			.summary = !cl.quiet && cl.discovered,
			.fixed = &fixed,
			.emit = report ? emit_json : NULL,
			.emit_ctx = &ectx,
			.timeout_of = timeout_of,
		};
		if (cl.nr_files > 1)
			tc_frontend_warm(fe, cl.files[0]); /* shared by the workers */
		status = tc_run_files(cl.files, cl.nr_files, &ro, check_file, &ctx);
	}
	if (report) {
		print_report(&ectx.report, cl.format);
		tc_report_release(&ectx.report);
	}
	if (cl.write_baseline && status == 1)
		status = 0; /* recording findings is not failing */
	if (cl.empty_dir)
		status = 2; /* said so before the others were checked */
	/* complete, even when files failed: they say so in it (and on stderr) */
	if (out_close(&of, 1))
		status = 2;
	if (cl.baseline)
		fprintf(stderr, "tracecheck: baseline %s: %zu of its %zu entries fixed since\n",
			cl.baseline, fixed, cl.base.nr);
	tc_frontend_free(fe);
	tc_baseline_release(&cl.base);
	cmdline_release(&cl);
	return status;
}
