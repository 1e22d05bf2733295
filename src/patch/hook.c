// SPDX-License-Identifier: MIT
#include "hook.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"
#include "util.h"

#define MARKER "# installed by tracecheck --install-hook\n"

/* The first line git prints for args, or NULL. */
static char *git_line(const char *args)
{
	char *cmd = xasprintf("git %s 2>/dev/null", args);
	FILE *p = popen(cmd, "r");
	char buf[PATH_MAX + 2];
	char *line = NULL;

	free(cmd);
	if (!p)
		return NULL;
	if (fgets(buf, sizeof(buf), p)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (*buf)
			line = xstrdup(buf);
	}
	if (pclose(p)) {
		free(line);
		line = NULL;
	}
	return line;
}

/* The hook script: beside the program (installed), else in the source tree. */
static char *hook_script(const char *exe, const char *src_datadir)
{
	char *dir = dir_name(exe);
	char *p = xasprintf("%s/tracecheck-pre-commit", dir);

	free(dir);
	if (is_file(p))
		return p;
	free(p);
	if (src_datadir) {
		p = xasprintf("%s/../../scripts/tracecheck-pre-commit", src_datadir);
		if (is_file(p))
			return p;
		free(p);
	}
	return NULL;
}

/* The script with this program's path as its default and the marker after its #! line. */
static int hook_text(const char *script, const char *exe, struct strbuf *out)
{
	const char *dflt = "tracecheck=${TRACECHECK:-tracecheck}\n";
	char *text = read_file(script, NULL);
	const char *at = text ? strstr(text, dflt) : NULL;
	const char *nl = text ? strchr(text, '\n') : NULL;

	if (!at || !nl || at < nl) {
		free(text);
		return error("%s: not tracecheck's hook script", script);
	}
	strbuf_add(out, text, (size_t)(nl + 1 - text));
	strbuf_addstr(out, MARKER);
	strbuf_add(out, nl + 1, (size_t)(at - nl - 1));
	strbuf_addf(out, "tracecheck=${TRACECHECK:-'%s'}\n", exe);
	strbuf_addstr(out, at + strlen(dflt));
	free(text);
	return 0;
}

/* Write text to dest through a temporary file beside it, executable. */
static int write_hook(const char *dest, const struct strbuf *text)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", dest);
	int fd = mkstemp(tmp);
	int ok = fd >= 0 && write(fd, text->buf, text->len) == (ssize_t)text->len &&
		 !fchmod(fd, 0755) && !fsync(fd);

	if (fd >= 0 && close(fd))
		ok = 0;
	if (ok && rename(tmp, dest))
		ok = 0;
	if (!ok) {
		error("%s: %s", dest, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return ok ? 0 : -1;
}

int tc_install_hook(const char *src_datadir)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *script = NULL, *hooks = NULL, *dest = NULL, *old = NULL;
	struct strbuf text = STRBUF_INIT;
	int status = 2;

	if (n <= 0) {
		error("--install-hook: cannot tell where tracecheck is: %s", strerror(errno));
		return 2;
	}
	exe[n] = '\0';
	script = hook_script(exe, src_datadir);
	hooks = git_line("rev-parse --git-path hooks");
	if (!script) {
		error("--install-hook: tracecheck-pre-commit is not beside %s", exe);
	} else if (!hooks) {
		error("--install-hook: not in a git repository");
	} else {
		dest = xasprintf("%s/pre-commit", hooks);
		old = read_file(dest, NULL);
		if (old && !strstr(old, MARKER))
			error("%s: there is a pre-commit hook already; call tracecheck-pre-commit "
			      "from it, or remove it first",
			      dest);
		else if (!hook_text(script, exe, &text) && !mkdir_p(hooks, 0755) &&
			 !write_hook(dest, &text))
			status = 0;
	}
	if (!status)
		printf("tracecheck: installed the pre-commit hook %s (git commit --no-verify "
		       "skips it)\n",
		       dest);
	strbuf_release(&text);
	free(old);
	free(dest);
	free(script);
	free(hooks);
	return status;
}
