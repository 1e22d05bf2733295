// SPDX-License-Identifier: MIT
/*
 * The tree's tracepoint index, for tests/tpindex and scripts/bench-tpindex
 * (not installed): prints tc_tpindex_dump() of a tree's index, made as
 * tracecheck makes it.
 *
 *   tpindex_tool [--no-cache [--disk-first] | --records] [--key | --answers REL,NAME...]
 *                [-v] [--set REL FILE]... [--remove REL]... ROOT
 *
 * --no-cache: made from scratch, nothing read or kept; --disk-first: the
 * disk's index made first in the process (as a sweep's parent does), the
 * overlay's then from the records that build kept in memory; --records: from
 * the kept records of the files (tprec.c), not the index kept whole;
 * --set/--remove: what --patch does (the overlay: REL's text is FILE's,
 * or REL is removed); --key: print tc_tpindex_key() instead;
 * --answers: tc_tpindex_answers() for header REL and the names instead;
 * -v: the files scanned and read on stderr, and how the index was had: "merged"
 * (from the records), "kept whole" (the cache's, under its key), "the
 * disk's, reused" (for an overlay that changes nothing the index reads) or
 * "the disk's, its calls passing NULL replaced" (their line numbers moved).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "overlay.h"
#include "strbuf.h"
#include "tpindex.h"
#include "tpindex_int.h"
#include "util.h"

static void usage(void)
{
	fprintf(stderr, "usage: tpindex_tool [--no-cache [--disk-first] | --records] [--key | "
			"--answers REL,NAME...] [-v] [--set REL FILE]... [--remove REL]... ROOT\n");
	exit(2);
}

int main(int argc, char **argv)
{
	int records = 0, key = 0, verbose = 0, disk_first = 0, i;
	const char *answers = NULL;
	char *root;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--no-cache"))
			tc_cache_disable();
		else if (!strcmp(argv[i], "--records"))
			records = 1;
		else if (!strcmp(argv[i], "--disk-first"))
			disk_first = 1;
		else if (!strcmp(argv[i], "--key"))
			key = 1;
		else if (!strcmp(argv[i], "--answers") && i + 2 < argc)
			answers = argv[++i];
		else if (!strcmp(argv[i], "-v"))
			verbose = 1;
		else if ((!strcmp(argv[i], "--set") && i + 3 < argc) ||
			 (!strcmp(argv[i], "--remove") && i + 2 < argc))
			i += argv[i][2] == 's' ? 2 : 1;
		else
			usage();
	}
	if (i + 1 != argc)
		usage();
	root = absolute_path(argv[i]);
	if (disk_first)
		tc_tpindex_get(root);
	/* the overlay: paths below the root */
	for (int j = 1; j < i; j++) {
		if (strcmp(argv[j], "--set") && strcmp(argv[j], "--remove"))
			continue;
		char *rel = xasprintf("%s/%s", root, argv[j + 1]), *path = absolute_path(rel);
		if (argv[j][2] == 's') {
			size_t len;
			char *text = read_file(argv[j + 2], &len);
			if (!text)
				die("%s: cannot read it", argv[j + 2]);
			tc_overlay_set(path, text, len);
			free(text);
			j += 2;
		} else {
			tc_overlay_set(path, NULL, 0);
			j++;
		}
		free(rel);
		free(path);
	}
	if (key) {
		printf("%s\n", tc_tpindex_key(root));
		return 0;
	}
	/* static: the index lives as long as the process, as tracecheck's */
	static const struct tc_tpindex *ix;
	ix = records ? tp_build(root, 1, 1) : tc_tpindex_get(root);
	if (!ix)
		die("%s: no index", root);
	struct strbuf sb = STRBUF_INIT;
	if (answers) {
		/* REL,NAME,NAME... */
		char *copy = xstrdup(answers), *header_rel = strtok(copy, ","), *n;
		const char **names = NULL;
		size_t nr = 0, alloc = 0;
		while ((n = strtok(NULL, ","))) {
			ALLOC_GROW(names, nr + 1, alloc);
			names[nr++] = n;
		}
		char *abs = xasprintf("%s/%s", root, header_rel);
		char *text = tc_tpindex_answers(ix, abs, header_rel, names, nr);
		fputs(text, stdout);
		free(text);
		free(abs);
		free(names);
		free(copy);
	} else {
		tc_tpindex_dump(ix, &sb);
		fwrite(sb.buf, 1, sb.len, stdout);
	}
	if (verbose)
		fprintf(stderr, "files %zu, read anew %zu, index %s\n", ix->files, ix->fresh,
			ix->how == 'c'	 ? "kept whole" :
			ix->how == 'd' ? "the disk's, reused" :
			ix->how == 'n' ? "the disk's, its calls passing NULL replaced" :
					   "merged");
	strbuf_release(&sb);
	free(root);
	return 0;
}
