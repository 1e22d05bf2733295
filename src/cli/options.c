// SPDX-License-Identifier: MIT
/*
 * The command line as two tables.  options[]: each option's spellings,
 * whether it takes a value (as "--opt=V", "--opt V" or, for the
 * compiler's, "-IV"), and what it sets.  conflicts[]: which options do
 * not go together and which need another, each with its message, checked
 * in order.  An option not in the table is a rule option (config.c), the
 * same as in a .tracecheck file.
 */
#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfacts.h"
#include "rules.h"
#include "strbuf.h"
#include "umodel.h"
#include "util.h"
#include "uverdict.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

static const char usage_head[] =
	"usage: tracecheck [OPTION]... HEADER|DIR|FILE.c...\n"
	"       tracecheck [OPTION]... --kernel-tree DIR\n"
	"       tracecheck [OPTION]... --patch [PATCH...]\n"
	"Check the TRACE_EVENT() definitions of kernel trace headers; a directory\n"
	"(or --kernel-tree DIR alone) means every trace header below it, a .c file\n"
	"the trace headers it instantiates (kbuild's CHECK: with compiler flags).\n"
	"\n"
	"Input:\n"
	"  --kernel-tree DIR    take include paths, types and macros from the kernel\n"
	"                       tree DIR (default: the tree containing the header)\n"
	"  --kernel-build DIR   an O= build directory of the tree: its generated\n"
	"                       headers (include/generated/autoconf.h ...) are used;\n"
	"                       a module's build directory (/lib/modules/R/build) names\n"
	"                       its tree too, as --kernel-tree or here\n"
	"  --kernel-version X.Y[.Z]\n"
	"                       the kernel the header is checked and repaired for\n"
	"                       (default: the version of the build directory or tree\n"
	"                       it is built against)\n"
	"  -p BUILD_DIR, --compile-commands FILE\n"
	"                       take the flags of the .c that instantiates the header\n"
	"                       from BUILD_DIR/compile_commands.json (or FILE)\n"
	"  --kconfig FILE       a kernel .config: the tree's CONFIG_ symbols, as kbuild\n"
	"                       defines them (=y -> 1, =m -> CONFIG_X_MODULE 1); events\n"
	"                       it leaves off are checked in passes of their own\n"
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
	"  --force              --fix a read-only file too (its mode kept), or one\n"
	"                       another process has open for writing (what it writes\n"
	"                       after is lost)\n"
	"  --break-hard-links   --fix a file with other hard links: this name gets the\n"
	"                       fixed text, the other names keep the old one (as in a\n"
	"                       tree copied with cp -al)\n"
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
	"  --userspace VERSION,...\n"
	"                       the libtraceevent releases the user-space verdicts\n"
	"                       are about (default 1.7.1 to 1.9.0; also in\n"
	"                       .tracecheck)\n"
	"  --list-userspace     list those releases and what changes between them,\n"
	"                       each fact with its source\n"
	"  --man-rules          print the rules' entries of tracecheck-rules(7) (troff)\n"
	"  --enable RULE[,RULE], --disable RULE[,RULE], --ignore RULE[,RULE]\n"
	"  --ignore RULE:EVENT[,...]  drop RULE's findings inside one event or class\n"
	"  --accept-not-checked EVENT[,SYSTEM:EVENT...]\n"
	"                       events that may stay not checked (no configuration\n"
	"                       lets them in): no warning, exit status 0 (also in\n"
	"                       .tracecheck)\n"
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
	"  -q, --quiet          only the findings at or above --fail-on, without\n"
	"                       their notes; no progress line\n"
	"  --no-cache           neither use nor update the cache of results and of\n"
	"                       the tree's tracepoint index ($XDG_CACHE_HOME/tracecheck,\n"
	"                       default ~/.cache/tracecheck)\n"
	"  --watch              keep a watcher of the kernel tree (inotify; it ends\n"
	"                       after an hour unused) that tells later runs what\n"
	"                       changed, instead of a stat() of every file of the tree\n"
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
	"  --color[=WHEN], --colour[=WHEN]\n"
	"                       colour the gcc format: auto (the default: on a\n"
	"                       terminal, unless NO_COLOR is set), always, never;\n"
	"                       the colours from TRACECHECK_COLORS (GCC_COLORS' syntax)\n"
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
	"  -v, --verbose        every note of each finding (by default at most two,\n"
	"                       what to do), each of a library's gaps; also the\n"
	"                       context each header was read in and the compiler\n"
	"                       errors behind the analysis\n"
	"  -h, --help           this text\n"
	"  --version            the version, and libtraceevent's\n"
	"\n"
	"Exit status:\n"
	"  0  no finding at or above --fail-on\n"
	"  1  findings at or above --fail-on (a patch's: that it introduces)\n"
	"  2  usage error, unreadable or unusable input, a file over --timeout, or\n"
	"     an internal error; the other files are still checked\n"
	"  3  a header was not checked (its events under #if of options this\n"
	"     configuration leaves off, a fragment, unknown event macros), and\n"
	"     nothing worse\n"
	"Of several, 2 wins over 1, 1 over 3, 3 over 0.  In kbuild mode (make C=1\n"
	"CHECK=tracecheck): 0, or 1 for findings with --fatal, 2 for an option\n"
	"neither tracecheck's nor the compiler's; with --chain, the chained\n"
	"checker's status.\n";

/* --format's names, in enum tc_format's order */
static const char *const format_names[] = { "gcc",    "json",	"sarif",
					    "gitlab", "github", "checkpatch", "html" };

void tc_cmdline_release(struct cmdline *cl)
{
	free(cl->files);
	free(cl->events);
	free(cl->cflags);
	free(cl->ropts);
	for (size_t i = 0; i < cl->nr_owned; i++)
		free(cl->owned[i]);
	free(cl->owned);
}

void tc_strv_push(const char ***v, size_t *nr, size_t *alloc, const char *s)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = s;
}

const char *tc_cmdline_own(struct cmdline *cl, char *s)
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
void tc_usage(void)
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
			   "the file did not change meanwhile, with the file's owner, group, mode, "
			   "extended attributes and line ends (CRLF); a write to the file while "
			   "the fix is put in place undoes it; the findings left are printed");
	print_option_help("--fix", strbuf_str(&sb));
	strbuf_release(&sb);
	fputs(usage_tail, stdout);
}

void tc_usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", tc_progname);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'tracecheck --help' for more information.\n");
	exit(2);
}

#define push tc_strv_push
#define own tc_cmdline_own

/* ---- what each option sets ---- */

typedef void set_fn(struct cmdline *cl, struct tc_settings *check, const char *opt,
		    const char *v);

static void help(struct cmdline *cl, struct tc_settings *check, const char *opt, const char *v)
{
	(void)cl, (void)check, (void)opt, (void)v;
	tc_usage();
	exit(0);
}

static void version(struct cmdline *cl, struct tc_settings *check, const char *opt, const char *v)
{
	(void)cl, (void)check, (void)opt, (void)v;
	printf("tracecheck %s\n", PACKAGE_VERSION);
	if (tc_uv_consumer())
		printf("user-space verdicts: %s\n", tc_uv_consumer());
	else
		printf("user-space verdicts: unavailable (built without libtraceevent)\n");
	exit(0);
}

static void list_userspace(struct cmdline *cl, struct tc_settings *check, const char *opt,
			   const char *v)
{
	(void)cl, (void)check, (void)opt, (void)v;
	tc_umodel_print(stdout);
	exit(0);
}

static void set_explain(struct cmdline *cl, struct tc_settings *check, const char *opt,
			const char *v)
{
	(void)check, (void)opt;
	cl->explain = v;
	if (tc_rule_index(v) < 0)
		tc_usage_error("--explain: unknown rule '%s' (tracecheck --list-rules lists them)", v);
}

static void set_format(struct cmdline *cl, struct tc_settings *check, const char *opt,
		       const char *v)
{
	size_t k = 0;

	(void)check;
	while (k < ARRAY_SIZE(format_names) && strcmp(v, format_names[k]))
		k++;
	if (k == ARRAY_SIZE(format_names))
		tc_usage_error(!strcmp(opt, "--format") ? "unknown --format '%s' (gcc, json, sarif, "
							  "gitlab, github, checkpatch or html)"
							: "unknown --report '%s' (gcc, json, sarif, "
							  "gitlab, github, checkpatch or html)",
			       v);
	cl->format = (enum tc_format)k;
}

static void set_color(struct cmdline *cl, struct tc_settings *check, const char *opt,
		      const char *v)
{
	(void)check;
	if (!v)
		v = "always"; /* --color alone, as git and gcc take it */
	if (strcmp(v, "auto") && strcmp(v, "always") && strcmp(v, "never"))
		tc_usage_error(!strcmp(opt, "--color") ? "--color needs auto, always or never, not '%s'"
						       : "--colour needs auto, always or never, not '%s'",
			       v);
	cl->color = v;
}

static void set_diff(struct cmdline *cl, struct tc_settings *check, const char *opt, const char *v)
{
	(void)check, (void)opt, (void)v;
	cl->fix = cl->fix_diff = 1;
}

static void set_kernel_version(struct cmdline *cl, struct tc_settings *check, const char *opt,
			       const char *v)
{
	(void)check, (void)opt;
	if (tc_kv_parse(v, &cl->kernel_version))
		tc_usage_error("--kernel-version needs a version such as 6.12, not '%s'", v);
}

static void add_event(struct cmdline *cl, struct tc_settings *check, const char *opt,
		      const char *v)
{
	(void)check, (void)opt;
	push(&cl->events, &cl->nr_events, &cl->alloc_events, v);
}

static void set_emit_format(struct cmdline *cl, struct tc_settings *check, const char *opt,
			    const char *v)
{
	(void)check, (void)opt;
	cl->emit_format = 1;
	if (v && !*v)
		tc_usage_error("%s", "--emit-format= needs a directory");
	cl->emit_dir = v;
}

static void set_jobs(struct cmdline *cl, struct tc_settings *check, const char *opt, const char *v)
{
	char *end = NULL;
	long n = v ? strtol(v, &end, 10) : 0;

	(void)check, (void)opt;
	if (!v || !*v || *end || n < 1 || n > 1024)
		tc_usage_error("-j needs a number of jobs between 1 and 1024, not '%s'", v ? v : "");
	cl->jobs = (int)n;
}

static void set_timeout(struct cmdline *cl, struct tc_settings *check, const char *opt,
			const char *v)
{
	char *end = NULL;
	long n = strtol(v, &end, 10);

	(void)check, (void)opt;
	if (!*v || *end || n < 0 || n > 86400)
		tc_usage_error("--timeout needs a number of seconds (0: none), not '%s'", v);
	cl->timeout = (int)n;
	cl->timeout_set = 1;
}

static void set_shard(struct cmdline *cl, struct tc_settings *check, const char *opt, const char *v)
{
	int k, n, used = 0;

	(void)check, (void)opt;
	if (sscanf(v, "%d/%d%n", &k, &n, &used) != 2 || v[used] || n < 1 || k < 1 || k > n)
		tc_usage_error("--shard needs K/N with 1 <= K <= N, not '%s'", v);
	cl->shard_k = k;
	cl->shard_n = n;
}

static void set_build_dir(struct cmdline *cl, struct tc_settings *check, const char *opt,
			  const char *v)
{
	(void)check, (void)opt;
	cl->compdb = own(cl, xasprintf("%s/compile_commands.json", v));
}

static void set_target(struct cmdline *cl, struct tc_settings *check, const char *opt,
		       const char *v)
{
	(void)opt;
	cl->target = v;
	if (!strchr(v, ','))
		return;
	/*
	 * --target=x86_64,i386,...: the first is the parse's target, all of
	 * them the ABIs layout-abi compares.
	 */
	static const char *const triples[TC_NR_ABIS] = { "x86_64-linux-gnu", "i386-linux-gnu",
							 "aarch64-linux-gnu", "arm-linux-gnueabi" };
	const char *bad = NULL;
	char *first = xstrndup(v, strcspn(v, ","));
	if (!tc_parse_abi_list(v, &bad))
		tc_usage_error("--target: '%s' is not one of x86_64, i386, aarch64, arm", bad);
	cl->target = strchr(first, '-') ? own(cl, first) : triples[tc_abi_of(first)];
	if (cl->target != first)
		free(first);
	if (tc_settings_apply(check, "--layout-abi", v, "command line") < 0)
		exit(2);
	push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, "--layout-abi");
	push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, v);
}

/* -I DIR, -IDIR, -D X, -U X: one word for the compiler; -include, -isystem, -iquote: two */
static void add_cflag(struct cmdline *cl, struct tc_settings *check, const char *opt,
		      const char *v)
{
	(void)check;
	if (opt[1] == 'i') {
		push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, opt);
		push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, v);
	} else {
		push(&cl->cflags, &cl->nr_cflags, &cl->alloc_cflags, own(cl, xasprintf("%s%s", opt, v)));
	}
}

enum takes {
	NONE,	/* a flag */
	VAL,	/* --opt=V or --opt V (-x V for a one-dash name) */
	OPTVAL, /* a flag, or --opt=V */
	JOINED, /* -xV, or -x V */
};

/* The field of struct cmdline that says an option was given (and, without a set_fn, takes it). */
enum field {
	NO_FIELD,
	INT,   /* set to 1 */
	STR,   /* set to the value */
	COUNT, /* a size_t count, its set_fn adds */
};

#define F(kind, member) kind, offsetof(struct cmdline, member)

static const struct option {
	const char *names; /* spellings, separated by '|' */
	enum takes takes;
	set_fn *set;	   /* NULL: set the field */
	enum field field;
	size_t off;
} options[] = {
	{ "-h|--help", NONE, help, NO_FIELD, 0 },
	{ "--version", NONE, version, NO_FIELD, 0 },
	{ "--list-userspace", NONE, list_userspace, NO_FIELD, 0 },
	{ "--list-rules", NONE, NULL, F(INT, list_rules) },
	{ "--man-rules", NONE, NULL, F(INT, man_rules) },
	{ "--explain", VAL, set_explain, F(STR, explain) },
	{ "--format|--report", VAL, set_format, NO_FIELD, 0 },
	{ "--terse", NONE, NULL, F(INT, terse) },
	{ "--color|--colour", OPTVAL, set_color, F(STR, color) },
	{ "--output", VAL, NULL, F(STR, output) },
	{ "--merge", NONE, NULL, F(INT, merge) },
	{ "--fix", NONE, NULL, F(INT, fix) },
	{ "--diff|--dry-run", NONE, set_diff, F(INT, fix_diff) },
	{ "--force", NONE, NULL, F(INT, force) },
	{ "--break-hard-links", NONE, NULL, F(INT, break_hard_links) },
	{ "--kernel-version", VAL, set_kernel_version, F(INT, kernel_version) },
	{ "--install-hook", NONE, NULL, F(INT, install_hook) },
	{ "--patch", NONE, NULL, F(INT, patch) },
	{ "--all", NONE, NULL, F(INT, patch_all) },
	{ "-R|--reverse", NONE, NULL, F(INT, reverse) },
	{ "--layout", NONE, NULL, F(INT, layout) },
	{ "--suggest", NONE, NULL, F(INT, suggest) },
	{ "--event", VAL, add_event, F(COUNT, nr_events) },
	{ "--dump-model", NONE, NULL, F(INT, dump_model) },
	{ "--check-format", NONE, NULL, F(INT, check_format) },
	{ "--emit-format", OPTVAL, set_emit_format, F(INT, emit_format) },
	{ "-v|--verbose", NONE, NULL, F(INT, verbose) },
	{ "--kernel-tree", VAL, NULL, F(STR, kernel_tree) },
	{ "-j", JOINED, set_jobs, F(INT, jobs) },
	{ "--jobs", VAL, set_jobs, F(INT, jobs) },
	{ "--timeout", VAL, set_timeout, F(INT, timeout_set) },
	{ "--shard", VAL, set_shard, F(INT, shard_n) },
	{ "--save-tu", VAL, NULL, F(STR, save_tu) },
	{ "-p", VAL, set_build_dir, F(STR, compdb) },
	{ "--compile-commands", VAL, NULL, F(STR, compdb) },
	{ "--baseline", VAL, NULL, F(STR, baseline) },
	{ "--write-baseline", VAL, NULL, F(STR, write_baseline) },
	{ "-q|--quiet", NONE, NULL, F(INT, quiet) },
	{ "--kernel-build", VAL, NULL, F(STR, kernel_build) },
	{ "--kconfig", VAL, NULL, F(STR, kconfig) },
	{ "--full-context", NONE, NULL, F(INT, full_context) },
	{ "--no-kernel-tree", NONE, NULL, F(INT, no_kernel_tree) },
	{ "--target", VAL, set_target, F(STR, target) },
	{ "--config", VAL, NULL, F(STR, config) },
	{ "--no-config", NONE, NULL, F(INT, no_config) },
	{ "--no-cache", NONE, NULL, F(INT, no_cache) },
	{ "--watch", NONE, NULL, F(INT, watch) },
	{ "-include|-isystem|-iquote", VAL, add_cflag, NO_FIELD, 0 },
	{ "-I|-D|-U", JOINED, add_cflag, NO_FIELD, 0 },
};

/* The spelling of o that a is (with "=V" or a joined value after it), or NULL. */
static const char *spelling(const struct option *o, const char *a, const char **joined)
{
	const char *p = o->names;

	*joined = NULL;
	while (*p) {
		size_t n = strcspn(p, "|");
		if (!strncmp(a, p, n)) {
			if (!a[n])
				return p;
			if (a[n] == '=' && o->takes != NONE && o->takes != JOINED && a[1] == '-') {
				*joined = a + n + 1;
				return p;
			}
			if (o->takes == JOINED) {
				*joined = a + n;
				return p;
			}
		}
		p += n;
		p += *p == '|';
	}
	return NULL;
}

int tc_cmdline_option_words(int argc, char **argv, int i)
{
	const char *a = argv[i], *v = NULL;

	if (!starts_with(a, "--") || !a[2])
		return 0;
	for (size_t k = 0; k < ARRAY_SIZE(options); k++) {
		const struct option *o = &options[k];
		if (!spelling(o, a, &v))
			continue;
		if (o->set == add_cflag)
			return 0; /* the compiler's as well */
		return 1 + (!v && o->takes == VAL && i + 1 < argc);
	}
	char *name = xstrndup(a, strcspn(a, "="));
	int n = tc_settings_option_takes_arg(name) ? 1 + (!strchr(a, '=') && i + 1 < argc) : 0;
	free(name);
	return n;
}

/* A rule option (config.c), the same as a .tracecheck line. */
static void rule_option(int argc, char **argv, int *i, struct cmdline *cl,
			struct tc_settings *check)
{
	const char *a = argv[*i], *opt = a, *arg = NULL;
	char *name = NULL;

	if (starts_with(a, "--") && strchr(a, '=')) {
		name = xstrndup(a, (size_t)(strchr(a, '=') - a));
		if (tc_settings_option_takes_arg(name)) {
			opt = name;
			arg = strchr(a, '=') + 1;
		}
	} else if (tc_settings_option_takes_arg(a)) {
		if (*i + 1 >= argc)
			tc_usage_error("option '%s' needs an argument", a);
		arg = argv[++*i];
	}
	int r = tc_settings_apply(check, opt, arg, "command line");
	if (r == 0)
		tc_usage_error("unknown option '%s'", a);
	if (r < 0)
		exit(2);
	push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, opt == name ? own(cl, name) : opt);
	push(&cl->ropts, &cl->nr_ropts, &cl->alloc_ropts, arg);
	if (opt != name)
		free(name);
}

void tc_cmdline_parse(int argc, char **argv, struct cmdline *cl, struct tc_settings *check)
{
	int only_files = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL, *sp = NULL;
		const struct option *o = NULL;

		if (only_files || a[0] != '-' || !strcmp(a, "-")) {
			push(&cl->files, &cl->nr_files, &cl->alloc_files, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			only_files = 1;
			continue;
		}
		for (size_t k = 0; k < ARRAY_SIZE(options) && !sp; k++) {
			sp = spelling(&options[k], a, &v);
			o = &options[k];
		}
		if (!sp) {
			rule_option(argc, argv, &i, cl, check);
			continue;
		}
		char *name = xstrndup(sp, strcspn(sp, "|"));
		if (!v && (o->takes == VAL || o->takes == JOINED)) {
			if (i + 1 >= argc)
				tc_usage_error("option '%s' needs an argument", name);
			v = argv[++i];
		}
		if (o->set) {
			o->set(cl, check, own(cl, name), v);
			continue;
		}
		if (o->field == INT)
			*(int *)((char *)cl + o->off) = 1;
		else
			*(const char **)((char *)cl + o->off) = v;
		free(name);
	}
	tc_diag_detail = (cl->terse ? TC_DETAIL_TERSE : 0) | (cl->quiet ? TC_DETAIL_QUIET : 0) |
			 (cl->verbose ? TC_DETAIL_ALL : 0);
}

/* ---- which options go together ---- */

/* Was the option (or condition) name given?  The option table says where it shows. */
static int given(const struct cmdline *cl, int kbuild, const char *name)
{
	const char *dummy;

	if (!strcmp(name, "kbuild"))
		return kbuild;
	if (!strcmp(name, "report")) /* --format other than gcc */
		return cl->format != TC_FMT_GCC;
	for (size_t i = 0; i < ARRAY_SIZE(options); i++) {
		const struct option *o = &options[i];
		const char *f = (const char *)cl + o->off;
		if (o->field == NO_FIELD || !spelling(o, name, &dummy) || dummy)
			continue;
		return o->field == STR	   ? *(const char *const *)f != NULL
		       : o->field == COUNT ? *(const size_t *)f != 0
					   : *(const int *)f != 0;
	}
	die("tc_cmdline_check: '%s' is not in the option table", name);
}

/* Is any of the space-separated names given? */
static int any(const struct cmdline *cl, int kbuild, const char *names)
{
	char *copy = xstrdup(names), *save = NULL;
	int yes = 0;

	for (char *w = strtok_r(copy, " ", &save); w && !yes; w = strtok_r(NULL, " ", &save))
		yes = given(cl, kbuild, w);
	free(copy);
	return yes;
}

/*
 * In order: any of opts with any of with is an error; with NULL, any
 * of opts without one of need is.  "report" is --format other than gcc,
 * "kbuild" kbuild's CHECK mode.
 */
static const struct conflict {
	const char *opts, *with, *need, *msg;
} conflicts[] = {
	{ "--event --suggest", NULL, "--layout", "--event and --suggest go with --layout" },
	{ "--layout",
	  "report --merge --patch --fix kbuild -p --output --dump-model --emit-format "
	  "--check-format --write-baseline --baseline",
	  NULL,
	  "--layout is a view of headers: it does not go with --format, --output, --merge, "
	  "--patch, --fix, kbuild mode, -p, --dump-model, --emit-format, --check-format or "
	  "baselines" },
	{ "report --output --merge", "kbuild -p", NULL,
	  "--format (other than gcc), --output and --merge do not work in kbuild mode or with "
	  "-p/--compile-commands yet" },
	{ "report --merge", "--dump-model --emit-format --check-format --write-baseline", NULL,
	  "--format (other than gcc) and --merge report findings; they do not go with "
	  "--dump-model, --emit-format, --check-format or --write-baseline" },
	{ "--output", "--write-baseline", NULL, "--output and --write-baseline do not go together" },
	{ "--patch",
	  "kbuild -p --fix --dump-model --emit-format --check-format --write-baseline "
	  "--baseline --shard",
	  NULL,
	  "--patch does not go with kbuild mode, -p, --fix, --dump-model, --emit-format, "
	  "--check-format, --shard or baselines" },
	{ "--fix",
	  "report --output kbuild -p --dump-model --emit-format --check-format "
	  "--write-baseline --baseline --merge",
	  NULL,
	  "--fix and --diff go with the gcc format only, not with --output, kbuild mode, -p, "
	  "--dump-model, --emit-format, --check-format, --merge or baselines" },
	{ "--all -R", NULL, "--patch", "--all and -R go with --patch" },
	{ "--force --break-hard-links", NULL, "--fix",
	  "--force and --break-hard-links go with --fix" },
	{ "--baseline", "--write-baseline", NULL,
	  "--baseline and --write-baseline do not go together" },
};

void tc_cmdline_check(const struct cmdline *cl, int kbuild)
{
	for (size_t i = 0; i < ARRAY_SIZE(conflicts); i++) {
		const struct conflict *c = &conflicts[i];
		if (!any(cl, kbuild, c->opts))
			continue;
		if (c->with ? any(cl, kbuild, c->with) : !any(cl, kbuild, c->need))
			tc_usage_error("%s", c->msg);
	}
}
