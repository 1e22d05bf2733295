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
#include "options.h"
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
			tc_strv_push(&files, &nr, &alloc, cl->files[i]);
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
			tc_strv_push(&files, &nr, &alloc, tc_cmdline_own(cl, found[k]));
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
		h->userspace = s.userspace;
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
	tc_strv_push(&av.v, &av.nr, &av.alloc, argv[0]);
	char *env = getenv("TRACECHECK_FLAGS") ? xstrdup(getenv("TRACECHECK_FLAGS")) : NULL;
	char *save = NULL;
	for (char *w = env ? strtok_r(env, " \t", &save) : NULL; w; w = strtok_r(NULL, " \t", &save))
		tc_strv_push(&av.v, &av.nr, &av.alloc, w);
	tc_strv_push(&av.v, &av.nr, &av.alloc, "--quiet");
	tc_strv_push(&av.v, &av.nr, &av.alloc, "-j1");
	tc_strv_push(&av.v, &av.nr, &av.alloc, "--");
	for (size_t i = 0; i < nh; i++)
		tc_strv_push(&av.v, &av.nr, &av.alloc, headers[i]);
	tc_strv_push(&av.v, &av.nr, &av.alloc, NULL);
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
	tc_cmdline_parse(argc, argv, &cl, &check);
	tc_settings_release(&check);
	if (kb) {
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
#ifdef TC_SRC_DATADIR
		return tc_install_hook(TC_SRC_DATADIR);
#else
		return tc_install_hook(NULL);
#endif
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
	if (!cl.check_format && expand_directories(&cl)) {
		tc_cmdline_release(&cl);
		return 2;
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
	tc_cmdline_release(&cl);
	return status;
}
