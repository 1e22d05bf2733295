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
 * An expectation that depends on the libtraceevent tracecheck is linked
 * with says so with a condition, "check-output-start (libtraceevent =
 * 1.8.4)" (see condition() below); in expected text @LIBTRACEEVENT@ is
 * the linked version and @SRCDIR@ the absolute source directory (the
 * root of the reports' paths: Makefile.am sets GIT_CEILING_DIRECTORIES
 * so that a tree unpacked inside another work tree is its own root).  A case never compares a tool's wording (clang's,
 * libtraceevent's) unless a condition names the versions it expects.
 *
 * With TRACECHECK_WRAPPER set (scripts/test-valgrind sets it to
 * tests/memcheck), "tracecheck" becomes "WRAPPER PROGRAM", and a case
 * fails when the wrapper wrote to the file it is given as
 * TRACECHECK_WRAPPER_FAILURES (a pipe in the command may hide the
 * wrapper's exit status).  A case whose output depends on the wall clock
 * (--timeout) says "check-wall-clock: yes"; under a wrapper, which slows
 * the program down, only the wrapper's verdict counts for it.  With
 * TC_TESTDATA_JOBS=N (N > 1) the commands run N at a time before the
 * cases compare their results.  TC_TESTDATA_CASES="testdata/a.h ..."
 * runs only those cases (paths relative to the source directory).
 *
 * Each case is reported by its check-name, as sparse's validation suite
 * does, on standard error (tests/check_testdata.log under make check):
 *   ok   NAME (PATH)
 *   FAIL NAME (PATH): REASON
 * and Check's failure message names it too.  A case without check-name
 * fails.
 */
#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
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

/* TC_TESTDATA_CASES: the cases named in list, not every one under testdata/ */
static void pick(const char *srcdir, const char *list)
{
	for (const char *p = list + strspn(list, " \t\n"); *p; p += strspn(p, " \t\n")) {
		size_t n = strcspn(p, " \t\n");
		char *rel = strndup(p, n), *full;
		if (asprintf(&full, "%s/%s", srcdir, rel) < 0)
			abort();
		if (access(full, R_OK)) {
			fprintf(stderr, "check_testdata: TC_TESTDATA_CASES: %s: %s\n", full,
				strerror(errno));
			exit(2);
		}
		free(full);
		files = realloc(files, (nr_files + 1) * sizeof(*files));
		files[nr_files++] = rel;
		p += n;
	}
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

/*
 * Expectations that depend on the libtraceevent tracecheck is linked
 * with (its user-space witness) carry a condition after the name:
 *
 *   check-exit-value: 1
 *   check-exit-value (libtraceevent >= 1.8.0): 0
 *   check-output-start (libtraceevent < 1.7.3)
 *   ...
 *   check-output-end
 *
 * The condition is "libtraceevent OP VERSION" (OP one of < <= = >= >)
 * or "libtraceevent none" (a build without it).  Of the directives or
 * blocks of one name, the last whose condition holds counts; one without
 * a condition always holds.  In expected text, @LIBTRACEEVENT@ stands
 * for the linked version, where a message names it but the behaviour
 * does not depend on it.
 */
static char *tep_version; /* "1.7.1", or "none" */

static void find_tep_version(void)
{
	char *cmd;

	if (asprintf(&cmd, "'%s' --version", env("TRACECHECK")) < 0)
		abort();
	FILE *p = popen(cmd, "r");
	char *out = p ? slurp(p) : strdup("");
	const char *v = strstr(out, "libtraceevent ");

	if (p)
		pclose(p);
	tep_version = v ? strndup(v + 14, strcspn(v + 14, " \n)")) : strdup("none");
	fprintf(stderr, "check_testdata: libtraceevent %s\n", tep_version);
	free(out);
	free(cmd);
}

/* <0, 0, >0 as dotted version a is older than, the same as, newer than b */
static int version_cmp(const char *a, const char *b)
{
	while (*a || *b) {
		char *ea, *eb;
		long x = strtol(a, &ea, 10), y = strtol(b, &eb, 10);
		if (x != y)
			return x < y ? -1 : 1;
		a = *ea == '.' ? ea + 1 : ea;
		b = *eb == '.' ? eb + 1 : eb;
		if (ea == a && eb == b && !*a && !*b)
			break;
	}
	return 0;
}

/*
 * Does the condition c (the text between the parentheses, n bytes)
 * hold?  -1 when it is not one.
 */
static int cond_holds(const char *c, size_t n)
{
	char buf[64], op[3] = "", ver[32] = "";

	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, c, n);
	buf[n] = '\0';
	if (!strcmp(buf, "libtraceevent none"))
		return !strcmp(tep_version, "none");
	if (sscanf(buf, "libtraceevent %2[<=>] %31[0-9.]", op, ver) != 2)
		return -1;
	if (!strcmp(tep_version, "none"))
		return 0;
	int r = version_cmp(tep_version, ver);
	if (!strcmp(op, "<"))
		return r < 0;
	if (!strcmp(op, "<="))
		return r <= 0;
	if (!strcmp(op, "=") || !strcmp(op, "=="))
		return r == 0;
	if (!strcmp(op, ">="))
		return r >= 0;
	if (!strcmp(op, ">"))
		return r > 0;
	return -1;
}

/* A bad condition in the case being read, for its test to report. */
static char bad_cond[128];

/*
 * After "check-NAME" at s: an optional " (condition)"; sets *holds and
 * returns what follows it.
 */
static const char *condition(const char *s, int *holds)
{
	*holds = 1;
	if (s[0] != ' ' || s[1] != '(')
		return s;
	const char *e = strchr(s, ')');
	const char *nl = strchr(s, '\n');
	if (!e || (nl && nl < e)) {
		snprintf(bad_cond, sizeof(bad_cond), "%.60s", s + 1);
		*holds = 0;
		return s;
	}
	*holds = cond_holds(s + 2, (size_t)(e - s - 2));
	if (*holds < 0) {
		snprintf(bad_cond, sizeof(bad_cond), "%.*s", (int)(e - s + 1 < 60 ? e - s : 60), s + 1);
		*holds = 0;
	}
	return e + 1;
}

/* Replace every key of text (freed) with val. */
static char *substitute_one(char *text, const char *key, const char *val)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, key)); p += strlen(key))
		n++;
	if (!n)
		return text;
	char *out = malloc(strlen(text) + n * strlen(val) + 1), *o = out;
	const char *p = text, *q;
	while ((q = strstr(p, key))) {
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		o += sprintf(o, "%s", val);
		p = q + strlen(key);
	}
	strcpy(o, p);
	free(text);
	return out;
}

/*
 * Replace every @LIBTRACEEVENT@ of text (freed) with the linked version,
 * every @SRCDIR@ with the absolute source directory the cases run in.
 */
static char *substitute(char *text)
{
	static char *srcdir;

	if (!srcdir && !(srcdir = realpath(env("TC_SRCDIR"), NULL)))
		srcdir = strdup(env("TC_SRCDIR"));
	text = substitute_one(text, "@LIBTRACEEVENT@", tep_version);
	return substitute_one(text, "@SRCDIR@", srcdir);
}

/* The text between "check-NAME-start" and "check-NAME-end" lines: the last that holds. */
static char *block(const char *text, const char *name, int *found)
{
	char start[64], end[64];
	const char *best_s = NULL, *best_e = NULL;

	snprintf(start, sizeof(start), "check-%s-start", name);
	snprintf(end, sizeof(end), "check-%s-end", name);
	*found = 0;
	for (const char *s = text; (s = strstr(s, start)); s += strlen(start)) {
		int holds;
		const char *after = condition(s + strlen(start), &holds);
		const char *b = strchr(after, '\n');
		const char *e = b ? strstr(b, end) : NULL;
		if (!b || !e)
			break;
		if (!holds)
			continue;
		b++;
		while (e > b && e[-1] != '\n')
			e--;
		best_s = b;
		best_e = e;
	}
	if (!best_s)
		return strdup("");
	*found = 1;
	return substitute(strndup(best_s, (size_t)(best_e - best_s)));
}

/* The value of a "check-NAME: value" line: the last that holds. */
static char *directive(const char *text, const char *name)
{
	char key[64];
	const char *best = NULL;

	snprintf(key, sizeof(key), "check-%s", name);
	for (const char *s = text; (s = strstr(s, key)); s += strlen(key)) {
		int holds;
		const char *after = condition(s + strlen(key), &holds);
		if (*after != ':' || !holds)
			continue;
		best = after + 1;
	}
	if (!best)
		return NULL;
	while (*best == ' ')
		best++;
	const char *e = strchr(best, '\n');
	return strndup(best, e ? (size_t)(e - best) : strlen(best));
}

/* Replace every "$file" and leading "tracecheck" word. */
static char *command_line(const char *cmd, const char *file, const char *prog)
{
	/* each character replaced by at most the longer replacement */
	size_t rep = strlen(file) > strlen(prog) ? strlen(file) : strlen(prog);
	size_t cap = strlen(cmd) * (rep + 1) + 1;
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

static char *tmp_name(const char *what, int i)
{
	char *path;

	if (asprintf(&path, "%s/tc-%s-%d-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", what,
		     (int)getpid(), i) < 0)
		abort();
	return path;
}

static char *slurp_path(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = f ? slurp(f) : strdup("");

	if (f)
		fclose(f);
	return text;
}

/* What a case's command did. */
struct result {
	char *out, *err, *failures; /* failures: the wrapper's, "" if none */
	int code;
};

/* Run case i's command (cmd, of file rel). */
static void run(int i, const char *rel, const char *cmd, struct result *r)
{
	const char *srcdir = env("TC_SRCDIR");
	const char *prog = env("TRACECHECK");
	const char *wrapper = getenv("TRACECHECK_WRAPPER");
	char *errfile = tmp_name("stderr", i), *failfile = tmp_name("wrapper-failures", i);
	char *wrapped = NULL, *shell;

	if (wrapper && *wrapper && asprintf(&wrapped, "%s %s", wrapper, prog) < 0)
		abort();
	char *line = command_line(cmd, rel, wrapped ? wrapped : prog);
	if (asprintf(&shell,
		     "cd '%s' && TRACECHECK_WRAPPER_FAILURES='%s' && "
		     "export TRACECHECK_WRAPPER_FAILURES && %s 2>'%s'",
		     srcdir, failfile, line, errfile) < 0)
		abort();
	FILE *p = popen(shell, "r");
	if (!p) {
		fprintf(stderr, "check_testdata: %s: cannot run %s\n", rel, shell);
		exit(2);
	}
	r->out = slurp(p);
	int st = pclose(p);
	r->code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->err = slurp_path(errfile);
	r->failures = slurp_path(failfile);
	unlink(errfile);
	unlink(failfile);
	free(errfile);
	free(failfile);
	free(wrapped);
	free(line);
	free(shell);
}

/* TC_TESTDATA_JOBS > 1: every result, run beforehand, in this directory. */
static char *results_dir;

static char *result_path(int i, const char *what)
{
	char *path;

	if (asprintf(&path, "%s/%d.%s", results_dir, i, what) < 0)
		abort();
	return path;
}

static void save_text(int i, const char *what, const char *text)
{
	char *path = result_path(i, what);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f)) {
		fprintf(stderr, "check_testdata: %s: %s\n", path, strerror(errno));
		_exit(2);
	}
	free(path);
}

static void load_result(int i, struct result *r)
{
	char *paths[] = { result_path(i, "out"), result_path(i, "err"), result_path(i, "failures"),
			  result_path(i, "code") };
	char *code = slurp_path(paths[3]);

	r->out = slurp_path(paths[0]);
	r->err = slurp_path(paths[1]);
	r->failures = slurp_path(paths[2]);
	r->code = *code ? atoi(code) : -1; /* -1: the command did not run */
	free(code);
	for (size_t k = 0; k < 4; k++)
		free(paths[k]);
}

static char *file_text(const char *rel)
{
	char *full;

	if (asprintf(&full, "%s/%s", env("TC_SRCDIR"), rel) < 0)
		abort();
	FILE *f = fopen(full, "r");
	free(full);
	if (!f)
		return NULL;
	char *text = slurp(f);
	fclose(f);
	return text;
}

/* Run every case's command, jobs at a time, each in a process of its own. */
static void run_all(size_t jobs)
{
	char tmpl[] = "/tmp/tc-testdata-XXXXXX";
	size_t running = 0;

	if (getenv("TMPDIR") && asprintf(&results_dir, "%s/tc-testdata-XXXXXX", getenv("TMPDIR")) < 0)
		abort();
	if (!results_dir)
		results_dir = strdup(tmpl);
	if (!mkdtemp(results_dir)) {
		fprintf(stderr, "check_testdata: %s: %s\n", results_dir, strerror(errno));
		exit(2);
	}
	fflush(NULL);
	for (size_t i = 0; i < nr_files; i++) {
		if (running == jobs && wait(NULL) > 0)
			running--;
		pid_t pid = fork();
		if (pid < 0) {
			perror("check_testdata: fork");
			exit(2);
		}
		if (pid) {
			running++;
			continue;
		}
		char *text = file_text(files[i]);
		char *cmd = text ? directive(text, "command") : NULL;
		if (cmd) {
			struct result r;
			char code[32];
			run((int)i, files[i], cmd, &r);
			snprintf(code, sizeof(code), "%d", r.code);
			save_text((int)i, "out", r.out);
			save_text((int)i, "err", r.err);
			save_text((int)i, "failures", r.failures);
			save_text((int)i, "code", code);
			free(r.out);
			free(r.err);
			free(r.failures);
		}
		free(cmd);
		free(text);
		_exit(0);
	}
	while (wait(NULL) > 0)
		;
}

static void remove_results(void)
{
	const char *what[] = { "out", "err", "failures", "code" };

	for (size_t i = 0; i < nr_files; i++)
		for (size_t k = 0; k < 4; k++) {
			char *path = result_path((int)i, what[k]);
			unlink(path);
			free(path);
		}
	rmdir(results_dir);
	free(results_dir);
}

/*
 * A failed expectation of the case being run: "FAIL NAME (PATH): REASON"
 * on standard error, then the same as Check's failure.
 */
static const char *case_name = "(no check-name)", *case_path = "";

#define case_assert(cond, fmt, ...)                                                             \
	do {                                                                                    \
		if (!(cond)) {                                                                  \
			fprintf(stderr, "FAIL %s (%s): " fmt "\n", case_name, case_path,       \
				##__VA_ARGS__);                                                 \
			ck_abort_msg("%s (%s): " fmt, case_name, case_path, ##__VA_ARGS__);     \
		}                                                                               \
	} while (0)

START_TEST(test_file)
{
	const char *rel = files[_i];
	int found, efound;

	case_name = "(no check-name)";
	case_path = rel;
	char *text = file_text(rel);
	case_assert(text != NULL, "cannot open it");
	char *name = directive(text, "name");
	case_assert(name && *name, "no 'check-name:' line saying what the case checks");
	case_name = name;
	char *cmd = directive(text, "command");
	case_assert(cmd != NULL, "no check-command");
	char *exit_s = directive(text, "exit-value");
	int want_exit = exit_s ? atoi(exit_s) : 0;
	char *want = block(text, "output", &found);
	case_assert(found, "no check-output-start/end block that holds for libtraceevent %s",
		    tep_version);
	char *want_err = block(text, "error", &efound);
	case_assert(!bad_cond[0], "not a condition: %s", bad_cond);

	/*
	 * "check-unless-env: NAME": not run where the environment has NAME
	 * (test-all sets TC_SANITIZED for the sanitizer build, in which a
	 * 3000-event header takes many minutes)
	 */
	char *unless = directive(text, "unless-env");
	if (unless && getenv(unless) && *getenv(unless)) {
		fprintf(stderr, "skip %s (%s): %s is set\n", name, rel, unless);
		free(unless);
		free(name);
		free(text);
		free(cmd);
		free(exit_s);
		free(want);
		free(want_err);
		return;
	}
	free(unless);

	struct result r;
	if (results_dir)
		load_result(_i, &r);
	else
		run(_i, rel, cmd, &r);
	case_assert(r.code >= 0, "the command did not run");
	case_assert(!*r.failures, "%s found errors; see %s", getenv("TRACECHECK_WRAPPER"),
		    r.failures);
	char *wall = directive(text, "wall-clock");
	int compare = !wall || strcmp(wall, "yes") || !getenv("TRACECHECK_WRAPPER") ||
		      !*getenv("TRACECHECK_WRAPPER");
	free(wall);
	if (!compare)
		fprintf(stderr, "%s: its output depends on the wall clock: under %s only the "
				"wrapper's verdict counts\n",
			rel, getenv("TRACECHECK_WRAPPER"));

	if (compare && strcmp(r.out, want))
		fprintf(stderr, "--- %s (%s): expected output\n%s--- got\n%s--- stderr\n%s---\n",
			name, rel, want, r.out, r.err);
	case_assert(!compare || !strcmp(r.out, want), "output differs (see above)");
	if (compare && efound) {
		if (strcmp(r.err, want_err))
			fprintf(stderr, "--- %s (%s): expected stderr\n%s--- got\n%s---\n", name, rel,
				want_err, r.err);
		case_assert(!strcmp(r.err, want_err), "standard error differs (see above)");
	}
	case_assert(!compare || r.code == want_exit, "exit status %d, expected %d (stderr: %s)", r.code,
		    want_exit, r.err);
	fprintf(stderr, "ok   %s (%s)\n", name, rel);

	free(text);
	free(name);
	free(cmd);
	free(exit_s);
	free(want);
	free(want_err);
	free(r.out);
	free(r.err);
	free(r.failures);
}
END_TEST

int main(void)
{
	const char *srcdir = env("TC_SRCDIR");
	const char *jobs = getenv("TC_TESTDATA_JOBS");

	const char *only = getenv("TC_TESTDATA_CASES");
	if (only && *only)
		pick(srcdir, only);
	else
		scan(srcdir, "testdata");
	if (!nr_files) {
		fprintf(stderr, "check_testdata: no test files under %s/testdata\n", srcdir);
		return 1;
	}
	qsort(files, nr_files, sizeof(*files), cmp_str);
	find_tep_version();
	if (jobs && atoi(jobs) > 1)
		run_all((size_t)atoi(jobs));
	Suite *s = suite_create("testdata");
	TCase *tc = tcase_create("files");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_file, 0, (int)nr_files);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_VERBOSE);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (results_dir)
		remove_results();
	for (size_t i = 0; i < nr_files; i++)
		free(files[i]);
	free(files);
	return failed ? 1 : 0;
}
