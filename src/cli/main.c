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
#include "cli_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cache.h"
#include "datadir.h"
#include "checkfmt.h"
#include "baseline.h"
#include "compdb.h"
#include "hook.h"
#include "kbuild.h"
#include "kerneltree.h"
#include "patchmode.h"
#include "strbuf.h"
#include "discover.h"
#include "ruledoc.h"
#include "rules.h"
#include "tpindex.h"
#include "uverdict.h"
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

	if (argc == 5 && !strcmp(argv[1], "--watch-daemon"))
		return tc_tp_watchd_main(argv[2], argv[3], argv[4]); /* tpwatch.c runs it */

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
		.jobs = cl->jobs > 0 ? cl->jobs : tc_cli_online_cpus(),
		.timeout = cl->timeout,
		.origin = origin,
		.check = tc_cli_check_path,
		.read_before = tc_cli_read_before,
		.prime_before =
			!cl->fix && !cl->emit_format && !cl->save_tu ? tc_cli_prime_before : NULL,
		.fail_on = tc_cli_fail_on_of,
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
	tc_cli_cache_setup(&cl, argc, argv, kb != NULL);
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
		if (tc_cli_header_settings(&cl, here, &s))
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

	status = tc_cli_check_files(&ctx, &fixed);
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
