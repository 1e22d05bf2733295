// SPDX-License-Identifier: MIT
/*
 * The testdata runner.  Every file under testdata/ (a trace header,
 * patch or config case) carries its own expectations, as sparse's
 * validation/ files do:
 *
 *   check-name: what the case is about
 *   check-command: tracecheck --no-kernel-tree $file
 *   check-exit-value: 1
 *   check-output-start
 *   ...the whole expected standard output...
 *   check-output-end
 *
 * The command runs from the source directory with $file replaced by the
 * file's path relative to it and "tracecheck" by the built program; its
 * standard output must match exactly (no missing, no extra lines), and
 * so must the exit status (default 0).  Lines of the form
 *   check-error-start ... check-error-end
 * give the expected standard error the same way (default: ignored).
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char **files;
static size_t nr_files;

static const char *env(const char *name)
{
	const char *v = getenv(name);

	if (!v || !*v) {
		fprintf(stderr, "check_testdata: %s is not set\n", name);
		exit(2);
	}
	return v;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && !strcmp(s + ls - lx, suffix);
}

static void scan(const char *srcdir, const char *rel)
{
	char *dir;
	DIR *d;
	struct dirent *e;

	if (asprintf(&dir, "%s/%s", srcdir, rel) < 0)
		abort();
	/* A directory with a .testdata-ignore file holds fixtures, not cases. */
	char *ignore;
	if (asprintf(&ignore, "%s/.testdata-ignore", dir) < 0)
		abort();
	if (access(ignore, F_OK) == 0) {
		free(ignore);
		free(dir);
		return;
	}
	free(ignore);
	d = opendir(dir);
	if (!d) {
		fprintf(stderr, "check_testdata: %s: %s\n", dir, strerror(errno));
		exit(2);
	}
	while ((e = readdir(d))) {
		char *p, *full;
		struct stat st;
		if (e->d_name[0] == '.')
			continue;
		if (asprintf(&p, "%s/%s", rel, e->d_name) < 0 ||
		    asprintf(&full, "%s/%s", srcdir, p) < 0)
			abort();
		if (stat(full, &st) == 0 && S_ISDIR(st.st_mode)) {
			scan(srcdir, p);
			free(p);
		} else if (has_suffix(e->d_name, ".h") || has_suffix(e->d_name, ".patch") ||
			   has_suffix(e->d_name, ".case")) {
			files = realloc(files, (nr_files + 1) * sizeof(*files));
			files[nr_files++] = p;
		} else {
			free(p);
		}
		free(full);
	}
	closedir(d);
	free(dir);
}

static char *slurp(FILE *f)
{
	size_t n = 0, a = 4096;
	char *buf = malloc(a);

	for (;;) {
		if (n + 4096 + 1 > a)
			buf = realloc(buf, a *= 2);
		size_t r = fread(buf + n, 1, 4096, f);
		n += r;
		if (r < 4096)
			break;
	}
	buf[n] = '\0';
	return buf;
}

/* The text between "check-NAME-start" and "check-NAME-end" lines. */
static char *block(const char *text, const char *name, int *found)
{
	char start[64], end[64];
	snprintf(start, sizeof(start), "check-%s-start", name);
	snprintf(end, sizeof(end), "check-%s-end", name);
	const char *s = strstr(text, start);
	*found = 0;
	if (!s)
		return strdup("");
	s = strchr(s, '\n');
	const char *e = s ? strstr(s, end) : NULL;
	if (!s || !e)
		return strdup("");
	s++;
	while (e > s && e[-1] != '\n')
		e--;
	*found = 1;
	return strndup(s, (size_t)(e - s));
}

static char *directive(const char *text, const char *name)
{
	char key[64];
	snprintf(key, sizeof(key), "check-%s:", name);
	const char *s = strstr(text, key);
	if (!s)
		return NULL;
	s += strlen(key);
	while (*s == ' ')
		s++;
	const char *e = strchr(s, '\n');
	return strndup(s, e ? (size_t)(e - s) : strlen(s));
}

/* Replace every "$file" and leading "tracecheck" word. */
static char *command_line(const char *cmd, const char *file, const char *prog)
{
	size_t cap = strlen(cmd) * 4 + strlen(file) * 8 + strlen(prog) * 8 + 64;
	char *out = malloc(cap), *o = out;
	const char *p = cmd;

	while (*p) {
		if (!strncmp(p, "$file", 5)) {
			o += sprintf(o, "%s", file);
			p += 5;
		} else if (!strncmp(p, "tracecheck", 10) &&
			   (p == cmd || p[-1] == ' ' || p[-1] == '|' || p[-1] == '(') &&
			   (p[10] == ' ' || p[10] == '\0')) {
			o += sprintf(o, "%s", prog);
			p += 10;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

START_TEST(test_file)
{
	const char *srcdir = env("TC_SRCDIR");
	const char *prog = env("TRACECHECK");
	const char *rel = files[_i];
	char *full, *errfile;
	FILE *f;
	int found, efound;

	if (asprintf(&full, "%s/%s", srcdir, rel) < 0)
		abort();
	f = fopen(full, "r");
	ck_assert_msg(f != NULL, "%s: cannot open", rel);
	char *text = slurp(f);
	fclose(f);

	char *cmd = directive(text, "command");
	ck_assert_msg(cmd != NULL, "%s: no check-command", rel);
	char *exit_s = directive(text, "exit-value");
	int want_exit = exit_s ? atoi(exit_s) : 0;
	char *want = block(text, "output", &found);
	ck_assert_msg(found, "%s: no check-output-start/end block", rel);
	char *want_err = block(text, "error", &efound);

	if (asprintf(&errfile, "%s/tc-stderr-%d-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		     (int)getpid(), _i) < 0)
		abort();
	char *line = command_line(cmd, rel, prog);
	char *shell;
	if (asprintf(&shell, "cd '%s' && %s 2>'%s'", srcdir, line, errfile) < 0)
		abort();
	FILE *p = popen(shell, "r");
	ck_assert_msg(p != NULL, "%s: cannot run %s", rel, shell);
	char *got = slurp(p);
	int st = pclose(p);
	int code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	FILE *ef = fopen(errfile, "r");
	char *got_err = ef ? slurp(ef) : strdup("");
	if (ef)
		fclose(ef);
	unlink(errfile);

	if (strcmp(got, want))
		fprintf(stderr, "--- %s: expected output\n%s--- got\n%s--- stderr\n%s---\n", rel, want,
			got, got_err);
	ck_assert_msg(!strcmp(got, want), "%s: output differs (see above)", rel);
	if (efound) {
		if (strcmp(got_err, want_err))
			fprintf(stderr, "--- %s: expected stderr\n%s--- got\n%s---\n", rel, want_err,
				got_err);
		ck_assert_msg(!strcmp(got_err, want_err), "%s: standard error differs", rel);
	}
	ck_assert_msg(code == want_exit, "%s: exit status %d, expected %d (stderr: %s)", rel, code,
		      want_exit, got_err);

	free(full);
	free(errfile);
	free(text);
	free(cmd);
	free(exit_s);
	free(want);
	free(want_err);
	free(line);
	free(shell);
	free(got);
	free(got_err);
}
END_TEST

int main(void)
{
	const char *srcdir = env("TC_SRCDIR");

	scan(srcdir, "testdata");
	qsort(files, nr_files, sizeof(*files), cmp_str);
	if (!nr_files) {
		fprintf(stderr, "check_testdata: no test files under %s/testdata\n", srcdir);
		return 1;
	}
	Suite *s = suite_create("testdata");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_file, 0, (int)nr_files);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_VERBOSE);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	for (size_t i = 0; i < nr_files; i++)
		free(files[i]);
	free(files);
	return failed ? 1 : 0;
}
