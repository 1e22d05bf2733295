// SPDX-License-Identifier: MIT
/*
 * A tree's Kconfig model, for scripts/bench-kconfig (not installed):
 * tc_kconfig_of() as tracecheck calls it, in the cache of
 * $XDG_CACHE_HOME (this program's own, as every build has its own).
 *
 *   kconfig_tool [--no-cache] [--dump] [--loads N] ROOT ARCH
 *
 * Prints the CPU time (user + system) of the call and how the model
 * came: "read" (the files read), "cache" (the digest's memo held and
 * the model was loaded, kmodel.c) or "none" (no Kconfig).  --dump: the
 * model's dump (TRACECHECK_KCONFIG_DUMP's) on stdout instead; --loads N:
 * then N more loads of the model's entry alone (tc_kmodel_load()), and
 * their mean CPU time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cache.h"
#include "kconfig.h"
#include "kconfig_internal.h"
#include "strbuf.h"
#include "util.h"

static double cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void usage(void)
{
	fprintf(stderr, "usage: kconfig_tool [--no-cache] [--dump] [--loads N] ROOT ARCH\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int dump = 0, i;
	long loads = 0;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--no-cache")) {
			tc_cache_disable();
		} else if (!strcmp(argv[i], "--dump")) {
			dump = 1;
		} else if (!strcmp(argv[i], "--loads") && i + 1 < argc) {
			char *end;
			loads = strtol(argv[++i], &end, 10);
			if (*end || loads < 0)
				usage();
		} else {
			usage();
		}
	}
	if (argc - i != 2)
		usage();
	const char *root = argv[i], *arch = argv[i + 1];
	double t = cpu_ms();
	struct tc_kconfig *k = tc_kconfig_of(root, arch);
	double ms = cpu_ms() - t;

	if (dump) {
		struct strbuf sb = STRBUF_INIT;
		tc_kmodel_dump(k, &sb);
		fputs(sb.buf ? sb.buf : "", stdout);
		strbuf_release(&sb);
		return 0;
	}
	printf("tc_kconfig_of: %.2f ms CPU, %s, %zu symbols, %zu files\n", ms,
	       !k ? "none" : k->blob ? "cache" : "read", k ? k->nr : 0, k ? k->nr_files : 0);
	if (!k || !loads)
		return 0;
	t = cpu_ms();
	for (long n = 0; n < loads; n++) {
		struct tc_kconfig *m = tc_kmodel_load(root, arch, tc_kconfig_digest(k));
		if (!m)
			die("kconfig_tool: no model of %s in the cache", tc_kconfig_digest(k));
		tc_kmodel_free(m);
	}
	printf("tc_kmodel_load: %.2f ms CPU each (%ld loads)\n", (cpu_ms() - t) / (double)loads,
	       loads);
	return 0;
}
