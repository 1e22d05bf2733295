// SPDX-License-Identifier: MIT
/*
 * A libFuzzer harness (fuzz/fuzz_NAME.c) as a plain program, built by
 * make check: it runs the harness on every input in
 * testdata/fuzz/NAME/ (the seeds) and testdata/fuzz/regress/NAME/ (the
 * inputs the fuzzers found bugs with), or on the files or directories
 * given.  A harness aborts (and an ASan build reports) on a bug; a
 * clean run prints how many inputs ran and exits 0.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stackguard.h"
#include "util.h"

#ifndef TC_FUZZ_HARNESS
#error TC_FUZZ_HARNESS names the harness
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static size_t run(const char *path)
{
	struct stat st;
	size_t n = 0, len = 0;

	if (stat(path, &st))
		return 0;
	if (S_ISDIR(st.st_mode)) {
		char **names;
		size_t nr = list_dir(path, &names);
		sort_strings(names, nr);
		for (size_t i = 0; i < nr; i++) {
			char *p = xasprintf("%s/%s", path, names[i]);
			if (names[i][0] != '.')
				n += run(p);
			free(p);
		}
		free_strings(names, nr);
		return n;
	}
	/*
	 * Each input in a process of its own: a parse the stack guard
	 * jumped out of (stackguard.h) leaves what it had allocated
	 * behind, by design, and that process ends without the leak
	 * checker's report; every other input's leaks are reported.
	 */
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		fprintf(stderr, "fuzz_replay: fork: %s\n", strerror(errno));
		exit(2);
	}
	if (!pid) {
		char *text = read_file(path, &len);
		if (!text) {
			fprintf(stderr, "fuzz_replay: %s: cannot read\n", path);
			_exit(2);
		}
		LLVMFuzzerTestOneInput((const uint8_t *)text, len);
		free(text);
		fflush(NULL);
		if (tc_guard_cut_short())
			_exit(0);
		exit(0);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "fuzz_replay: waitpid: %s\n", strerror(errno));
			exit(2);
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		fprintf(stderr, "fuzz_replay: %s: the harness failed (%s %d)\n", path,
			WIFEXITED(status) ? "exit status" : "signal",
			WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		exit(1);
	}
	return 1;
}

int main(int argc, char **argv)
{
	size_t n = 0;

	if (LLVMFuzzerInitialize)
		LLVMFuzzerInitialize(&argc, &argv);
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			n += run(argv[i]);
	} else {
		const char *src = getenv("TC_SRCDIR");
		char *seeds = xasprintf("%s/testdata/fuzz/%s", src ? src : ".", TC_FUZZ_HARNESS);
		char *regress = xasprintf("%s/testdata/fuzz/regress/%s", src ? src : ".", TC_FUZZ_HARNESS);
		char *list = xasprintf("%s/testdata/fuzz/%s.dirs", src ? src : ".", TC_FUZZ_HARNESS);
		size_t len;
		char *dirs = read_file(list, &len);
		n = run(seeds) + run(regress);
		char *save = NULL; /* strtok_r: the harnesses may use strtok() */
		for (char *d = dirs ? strtok_r(dirs, "\n", &save) : NULL; d;
		     d = strtok_r(NULL, "\n", &save)) {
			char *p = xasprintf("%s/%s", src ? src : ".", d);
			n += run(p);
			free(p);
		}
		free(dirs);
		free(list);
		free(seeds);
		free(regress);
	}
	printf("fuzz_%s: %zu inputs, no failure\n", TC_FUZZ_HARNESS, n);
	return n ? 0 : 1;
}
