/* SPDX-License-Identifier: MIT */
/*
 * The command line: the options as one table (what each takes and
 * sets) and their conflicts as another (which do not go together, and
 * which need another), both in options.c.
 */
#ifndef TC_OPTIONS_H
#define TC_OPTIONS_H

#include <stddef.h>

#include "baseline.h"
#include "config.h"
#include "report.h"

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
	int force;	    /* --force: --fix a read-only file, one open for writing */
	int break_hard_links; /* --break-hard-links: --fix one name of a hard-linked file */
	int kernel_version; /* --kernel-version X.Y[.Z]: kfacts.h's TC_KV() */
	int patch_all;	    /* --all */
	int reverse;	    /* -R */
	int jobs, timeout, quiet;
	int terse; /* --terse */
	int shard_k, shard_n;
	const char *baseline, *write_baseline;
	const char *compdb; /* -p DIR / --compile-commands FILE */
	const char *save_tu;
	struct tc_baseline base;
	int discovered; /* files found below directories */
	int verbose;
	const char *color; /* --color=auto|always|never; NULL: auto */
	int list_rules;
	const char *explain; /* --explain RULE */
	int man_rules;
	int timeout_set;     /* --timeout given: it wins over the config files' */
	int layout;	     /* --layout */
	int suggest;	     /* --suggest */
	const char **events; /* --event NAME */
	size_t nr_events, alloc_events;
	int no_cache; /* --no-cache */
	int watch;    /* --watch */
};

/* Parse argv into cl; rule options are applied to check (and kept in cl->ropts). */
void tc_cmdline_parse(int argc, char **argv, struct cmdline *cl, struct tc_settings *check);
/*
 * The conflicts table: exits with a usage error naming the first
 * combination that does not work (kbuild: in kbuild's CHECK mode).
 */
void tc_cmdline_check(const struct cmdline *cl, int kbuild);
void tc_cmdline_release(struct cmdline *cl);
/*
 * How many words of argv, from argv[i], are one of tracecheck's own
 * long options (the option table's or a rule option, with its value),
 * or 0: kbuild mode picks them out of the compiler's command line.
 */
int tc_cmdline_option_words(int argc, char **argv, int i);

/* Keep s (malloced) until tc_cmdline_release(). */
const char *tc_cmdline_own(struct cmdline *cl, char *s);
void tc_strv_push(const char ***v, size_t *nr, size_t *alloc, const char *s);

void tc_usage(void);
/* "tracecheck: MESSAGE" and the --help hint on stderr; exit status 2 */
void tc_usage_error(const char *fmt, const char *arg) __attribute__((noreturn));

#endif
