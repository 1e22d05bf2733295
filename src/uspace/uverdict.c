// SPDX-License-Identifier: MIT
#include "uverdict.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "ctok.h"
#include "fmtfile.h"
#include "keval.h"
#include "pext.h"
#include "strbuf.h"
#include "tep.h"
#include "util.h"

enum tc_severity tc_uv_severity(const struct tc_uv_finding *f, enum tc_severity sev)
{
	return f->kind == TC_UV_PLUGIN_ONLY ? tc_severity_lower(sev) : sev;
}

const char *tc_uv_consumer(void)
{
	static char buf[64];

	if (!tc_tep_version())
		return NULL;
	snprintf(buf, sizeof(buf), "libtraceevent %s", tc_tep_version());
	return buf;
}

static struct tc_uv_finding *add(struct tc_uv_findings *out, enum tc_uv_kind kind, long arg,
				 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static struct tc_uv_finding *add(struct tc_uv_findings *out, enum tc_uv_kind kind, long arg,
				 const char *fmt, ...)
{
	va_list ap;
	struct tc_uv_finding *f;

	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	f = &out->v[out->nr++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->arg = arg;
	va_start(ap, fmt);
	f->msg = xvasprintf(fmt, ap);
	va_end(ap);
	return f;
}

static void note(struct tc_uv_finding *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(struct tc_uv_finding *f, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	ALLOC_GROW(f->notes, f->nr_notes + 1, f->alloc_notes);
	f->notes[f->nr_notes++] = s;
}

void tc_uv_finding_release(struct tc_uv_finding *f)
{
	free(f->msg);
	free(f->spec);
	free(f->construct);
	for (size_t j = 0; j < f->nr_notes; j++)
		free(f->notes[j]);
	free(f->notes);
}

void tc_uv_findings_release(struct tc_uv_findings *f)
{
	for (size_t i = 0; i < f->nr; i++)
		tc_uv_finding_release(&f->v[i]);
	free(f->v);
	free(f->unchecked);
	memset(f, 0, sizeof(*f));
}

/* Printable as it is, or with C escapes: for quoting renderings. */
static char *visible(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n')
			strbuf_addstr(&sb, "\\n");
		else if (c == '\t')
			strbuf_addstr(&sb, "\\t");
		else if (c == '\\')
			strbuf_addstr(&sb, "\\\\");
		else if (c < 0x20 || c == 0x7f)
			strbuf_addf(&sb, "\\x%02x", c);
		else
			strbuf_addch(&sb, (char)c);
	}
	return strbuf_detach(&sb);
}

static int has_control(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
			return 1;
	}
	return 0;
}

/* The format text with a new print fmt: "fmt", args. */
static char *with_print(const char *format, const char *fmt, char *const *args, size_t nr)
{
	const char *pf = strstr(format, "\nprint fmt: ");
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, format, pf ? (size_t)(pf - format) : strlen(format));
	strbuf_addf(&sb, "\nprint fmt: \"%s\"", fmt);
	for (size_t i = 0; i < nr; i++)
		strbuf_addf(&sb, ", %s", args[i]);
	strbuf_addch(&sb, '\n');
	return strbuf_detach(&sb);
}

static int parses(const char *format, const char *system, int plugins, struct strbuf *warn)
{
	int failed;
	int id = tc_tep_parse(format, system, plugins, &failed, warn);

	return id > 0 && !failed;
}

/* The warnings as one note line each, without duplicates. */
static void warn_notes(struct tc_uv_finding *f, const struct strbuf *w, const char *who)
{
	char *copy = xstrdup(strbuf_str(w));
	char *save = NULL;
	size_t n = 0;

	for (char *l = strtok_r(copy, "\n", &save); l && n < 4; l = strtok_r(NULL, "\n", &save)) {
		int dup = 0;
		for (size_t i = 0; i < f->nr_notes && !dup; i++)
			dup = strstr(f->notes[i], l) != NULL;
		if (!dup) {
			note(f, "%s says: %s", who, l);
			n++;
		}
	}
	free(copy);
}


/* Step 1: which argument keeps the print fmt from parsing. */
static void blame_parse(const char *format, const char *system, const struct tc_fmtfile *ff,
			int plugin_ok, struct strbuf *warn0, struct tc_uv_findings *out)
{
	const char *who = tc_uv_consumer();
	char **zeros = xcalloc(ff->nr_args + 1, sizeof(*zeros));
	size_t blamed = 0;

	for (size_t i = 0; i < ff->nr_args; i++)
		zeros[i] = "0";
	char *all0 = with_print(format, ff->fmt, zeros, ff->nr_args);
	struct strbuf w = STRBUF_INIT;
	int fmt_ok = parses(all0, system, 0, &w);
	free(all0);
	for (size_t i = 0; fmt_ok && i < ff->nr_args; i++) {
		struct strbuf wi = STRBUF_INIT;
		zeros[i] = ff->args[i];
		char *one = with_print(format, ff->fmt, zeros, ff->nr_args);
		int ok = parses(one, system, 0, &wi);
		int ok_plugins = ok || parses(one, system, 1, NULL);
		free(one);
		zeros[i] = "0";
		if (!ok) {
			struct tc_uv_finding *f;
			if (ok_plugins)
				f = add(out, TC_UV_PLUGIN_ONLY, (long)i,
					"%s parses this argument only with its plugins loaded; "
					"without them the event prints as [FAILED TO PARSE]",
					who);
			else
				f = add(out, TC_UV_UNPARSABLE, (long)i,
					"%s cannot parse this argument: perf and trace-cmd print "
					"the event as [FAILED TO PARSE]",
					who);
			if (!ok_plugins)
				f->why |= TC_UV_WHY_CANNOT_PARSE;
			warn_notes(f, &wi, who);
			blamed++;
		}
		strbuf_release(&wi);
	}
	if (!blamed) {
		struct tc_uv_finding *f =
			plugin_ok ? add(out, TC_UV_PLUGIN_ONLY, -1,
					"%s parses this print fmt only with its plugins loaded", who)
				  : add(out, TC_UV_UNPARSABLE, -1,
					"%s cannot parse this print fmt: perf and trace-cmd print "
					"the event as [FAILED TO PARSE]",
					who);
		if (!plugin_ok)
			f->why |= TC_UV_WHY_CANNOT_PARSE;
		warn_notes(f, fmt_ok ? warn0 : &w, who);
		if (has_control(ff->fmt, strlen(ff->fmt)) || strchr(ff->fmt, '"') ||
		    strchr(ff->fmt, '\t'))
			note(f, "the format string holds a TAB, a control character or a '\"', "
				"which ends libtraceevent's string token");
	}
	strbuf_release(&w);
	free(zeros);
}

/* Two fields of one name (a __data_loc descriptor and a plain field) that arg names. */
static const char *twin_in(const struct tc_fmtfile *ff, const char *arg)
{
	struct tc_ctok *t;
	size_t n = tc_ctokenize(arg, &t);
	const char *r = NULL;

	for (size_t i = 0; i < ff->nr_fields && !r; i++)
		for (size_t j = i + 1; j < ff->nr_fields && !r; j++)
			for (size_t k = 0; k < n && !r && !strcmp(ff->fields[i].name, ff->fields[j].name); k++)
				if (tc_ctok_is(&t[k], ff->fields[i].name))
					r = ff->fields[i].name;
	free(t);
	return r;
}

/* Step 2: the synthetic record, conversion by conversion. */
/* id: the event as parsed already, with plugins or without. */
static void compare_render(const char *format, const char *system, const struct tc_fmtfile *ff,
			   int plugins, int id, struct tc_uv_findings *out)
{
	const char *who = tc_uv_consumer();
	size_t size;
	unsigned char *rec = tc_synthetic_record(ff, &size);
	int unmatched = 0;
	struct tc_krecord kr = { .ff = ff, .data = rec, .size = size, .sym_unmatched = &unmatched };
	struct tc_pconv *cv;
	size_t nc = tc_pconvs(ff->fmt, TC_PCONV_GNU, &cv);
	struct strbuf kline = STRBUF_INIT, uline = STRBUF_INIT, w = STRBUF_INIT;
	int failed;
	int kline_ok = tc_krender(&kr, &kline);

	tc_tep_render(plugins, id, rec, size, &uline, &w);
	out->rendered = 1;
	for (size_t i = 0; i < nc; i++) {
		const struct tc_pconv *c = &cv[i];
		if (!c->nr_args || c->first_arg + c->nr_args > ff->nr_args)
			continue;
		char *spec = xstrndup(ff->fmt + c->start, c->end - c->start);
		char *probe = with_print(format, spec, ff->args + c->first_arg, c->nr_args);
		struct strbuf u = STRBUF_INIT, k = STRBUF_INIT, wu = STRBUF_INIT;
		const char *why;
		int pid = tc_tep_parse(probe, system, plugins, &failed, NULL);
		if (pid > 0 && !failed)
			tc_tep_render(plugins, pid, rec, size, &u, &wu);
		unmatched = 0;
		int known = tc_krender_conv(&kr, c, &k, &why);
		long arg = (long)(c->first_arg + c->nr_args - 1);
		struct tc_uv_finding *f = NULL;
		if (pid > 0 && !failed && known && (u.len != k.len || memcmp(u.buf, k.buf, u.len))) {
			char *uv = visible(strbuf_str(&u), u.len), *kv = visible(k.buf, k.len);
			f = add(out, has_control(u.buf, u.len) ? TC_UV_NONPRINTABLE : TC_UV_MISRENDERED,
				arg, "%s prints '%s' for this '%s' where the kernel prints '%s'", who,
				uv, spec, kv);
			f->why |= TC_UV_WHY_DIFFERS;
			if (unmatched)
				f->why |= TC_UV_WHY_UNMATCHED_SYMBOL;
			free(uv);
			free(kv);
		} else if (pid > 0 && !failed && !known && c->conv == 'p' &&
			   !tc_pext_in_userspace(ff->fmt + c->ext, c->ext_n)) {
			char *uv = visible(strbuf_str(&u), u.len);
			f = add(out, TC_UV_MISRENDERED, arg,
				"%s does not implement the kernel's '%s': it prints '%s' (the "
				"value as %%p, then the letters)",
				who, spec, uv);
			free(uv);
		} else if (pid > 0 && !failed && !known && has_control(u.buf, u.len)) {
			char *uv = visible(u.buf, u.len);
			f = add(out, TC_UV_NONPRINTABLE, arg,
				"%s prints a control character for this '%s': '%s'", who, spec, uv);
			free(uv);
		}
		if (f) {
			f->spec = xstrdup(spec);
			char *ul = visible(strbuf_str(&uline), uline.len);
			if (kline_ok) {
				char *kl = visible(kline.buf, kline.len);
				note(f, "for a record whose fields hold 1, 2, 3, ... the kernel prints "
					"'%s'", kl);
				free(kl);
			}
			note(f, "%s prints '%s'", who, ul);
			const char *twin = twin_in(ff, ff->args[arg]);
			if (twin)
				note(f, "the record has two fields named '%s'; user space looks "
					"fields up by name and finds the first",
				     twin);
			warn_notes(f, &wu, who);
			free(ul);
		}
		strbuf_release(&u);
		strbuf_release(&k);
		strbuf_release(&wu);
		free(probe);
		free(spec);
	}
	strbuf_release(&kline);
	strbuf_release(&uline);
	strbuf_release(&w);
	free(cv);
	free(rec);
}

static int verdict(const char *format, const char *system, struct tc_uv_findings *out)
{
	struct tc_fmtfile ff;
	const char *why;
	struct strbuf w0 = STRBUF_INIT;
	int failed0, failed1;

	if (tc_fmtfile_parse(format, &ff, &why)) {
		add(out, TC_UV_BAD_FORMAT, -1, "not a format file: %s", why);
		tc_fmtfile_release(&ff);
		return 0;
	}
	int id0 = tc_tep_parse(format, system, 0, &failed0, &w0);
	int id1 = tc_tep_parse(format, system, 1, &failed1, NULL);
	if (id0 <= 0 && id1 <= 0) {
		struct tc_uv_finding *f = add(out, TC_UV_UNPARSABLE, -1,
					      "%s rejects this format file", tc_uv_consumer());
		warn_notes(f, &w0, tc_uv_consumer());
	} else if (failed0 || id0 <= 0) {
		blame_parse(format, system, &ff, id1 > 0 && !failed1, &w0, out);
		out->parsed = id1 > 0 && !failed1;
		if (out->parsed)
			compare_render(format, system, &ff, 1, id1, out);
	} else {
		out->parsed = 1;
		compare_render(format, system, &ff, 0, id0, out);
	}
	strbuf_release(&w0);
	tc_fmtfile_release(&ff);
	return 0;
}

/* ---- libtraceevent in a child process: it crashes on some inputs ---- */

static void put_line(struct strbuf *sb, char tag, const char *s)
{
	strbuf_addch(sb, tag);
	for (; *s; s++)
		strbuf_addch(sb, *s == '\n' ? ' ' : *s);
	strbuf_addch(sb, '\n');
}

static void serialize(const struct tc_uv_findings *f, struct strbuf *sb)
{
	strbuf_addf(sb, "P%d %d\n", f->parsed, f->rendered);
	for (size_t i = 0; i < f->nr; i++) {
		char head[64];
		snprintf(head, sizeof(head), "%d %ld %u ", (int)f->v[i].kind, f->v[i].arg,
			 f->v[i].why);
		strbuf_addf(sb, "F%s", head);
		put_line(sb, ' ', f->v[i].msg);
		if (f->v[i].spec)
			put_line(sb, 'S', f->v[i].spec);
		for (size_t k = 0; k < f->v[i].nr_notes; k++)
			put_line(sb, 'N', f->v[i].notes[k]);
	}
}

/*
 * Read the results of up to n items, each ended by an "E" line; what
 * follows the last "E" (an item cut short by a crash) is dropped.
 * Returns the number of complete items.
 */
static size_t deserialize(char *text, struct tc_uv_findings *outs, size_t n)
{
	struct tc_uv_finding *cur = NULL;
	char *save = NULL;
	size_t done = 0;

	for (char *l = strtok_r(text, "\n", &save); l && done < n; l = strtok_r(NULL, "\n", &save)) {
		struct tc_uv_findings *out = &outs[done];
		if (l[0] == 'E') {
			done++;
			cur = NULL;
		} else if (l[0] == 'P') {
			sscanf(l + 1, "%d %d", &out->parsed, &out->rendered);
		} else if (l[0] == 'F') {
			int kind, used = 0;
			long arg;
			unsigned why;
			if (sscanf(l + 1, "%d %ld %u %n", &kind, &arg, &why, &used) < 3)
				continue;
			cur = add(out, (enum tc_uv_kind)kind, arg, "%s", l + 1 + used);
			cur->why = why;
		} else if (l[0] == 'S' && cur) {
			free(cur->spec);
			cur->spec = xstrdup(l + 1);
		} else if (l[0] == 'N' && cur) {
			note(cur, "%s", l + 1);
		}
	}
	for (size_t i = done; i < n; i++) { /* partial */
		tc_uv_findings_release(&outs[i]);
		memset(&outs[i], 0, sizeof(outs[i]));
	}
	return done;
}

typedef int (*uv_fn)(const char *format, const char *system, struct tc_uv_findings *out);

static void write_all(int fd, const struct strbuf *sb)
{
	for (size_t off = 0; off < sb->len;) {
		ssize_t w = write(fd, sb->buf + off, sb->len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(3);
		off += (size_t)w;
	}
}

/*
 * Run fn on formats[0..n) in one child, one after another, each result
 * sent back as soon as it is known.  *done is the number of items
 * whose results arrived; the return value is 0 when the child finished
 * them all, else the signal that killed it (or -1 if it failed
 * otherwise) while on item *done.
 */
static int isolated_many(const char *const *formats, const char *const *systems, size_t n,
			 struct tc_uv_findings *outs, uv_fn fn, size_t *done)
{
	int fd[2];
	struct strbuf sb = STRBUF_INIT;
	int st = 0;

	fflush(stdout);
	fflush(stderr);
	if (pipe(fd))
		die("pipe: %s", strerror(errno));
	pid_t pid = fork();
	if (pid < 0)
		die("fork: %s", strerror(errno));
	if (pid == 0) {
		close(fd[0]);
		/*
		 * libtraceevent's warnings are captured (tep.c); what else the
		 * child could write to standard error is the C library's or a
		 * sanitizer's report of libtraceevent dying (1.7.1 frees twice
		 * on some print fmts), with addresses and pids that differ from
		 * run to run.  The parent reports the crash itself.
		 */
		int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
		if (null >= 0) {
			dup2(null, 2);
			close(null);
		}
		/* die of the signal, also under AddressSanitizer's handlers */
		static const int fatal[] = { SIGPIPE, SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGABRT };
		for (size_t k = 0; k < ARRAY_SIZE(fatal); k++) {
			struct sigaction sa;
			memset(&sa, 0, sizeof(sa));
			sa.sa_handler = SIG_DFL;
			sigaction(fatal[k], &sa, NULL);
		}
		for (size_t i = 0; i < n; i++) {
			struct tc_uv_findings f;
			memset(&f, 0, sizeof(f));
			fn(formats[i], systems[i], &f);
			strbuf_reset(&sb);
			serialize(&f, &sb);
			strbuf_addstr(&sb, "E\n");
			write_all(fd[1], &sb);
			tc_uv_findings_release(&f);
		}
		strbuf_release(&sb);
		tc_tep_release();
		_exit(0);
	}
	close(fd[1]);
	char buf[8192];
	ssize_t r;
	while ((r = read(fd[0], buf, sizeof(buf))) > 0 || (r < 0 && errno == EINTR))
		if (r > 0)
			strbuf_add(&sb, buf, (size_t)r);
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	*done = sb.len ? deserialize(sb.buf, outs, n) : 0;
	strbuf_release(&sb);
	if (*done == n && WIFEXITED(st) && !WEXITSTATUS(st))
		return 0;
	return WIFSIGNALED(st) ? WTERMSIG(st) : -1;
}

/* fn(format, system, out) in a child: 0, the signal that killed it, or -1. */
static int isolated(const char *format, const char *system, struct tc_uv_findings *out, uv_fn fn)
{
	size_t done;

	return isolated_many(&format, &system, 1, out, fn, &done);
}

/* Parse and print the synthetic record, nothing else: does it crash? */
static int parse_and_print(const char *format, const char *system, struct tc_uv_findings *out)
{
	struct tc_fmtfile ff;
	const char *why;

	(void)out;
	if (tc_fmtfile_parse(format, &ff, &why) == 0) {
		for (int plugins = 0; plugins <= 1; plugins++) {
			int failed;
			size_t size;
			unsigned char *rec = tc_synthetic_record(&ff, &size);
			struct strbuf u = STRBUF_INIT;
			int id = tc_tep_parse(format, system, plugins, &failed, NULL);
			if (id > 0)
				tc_tep_render(plugins, id, rec, size, &u, NULL);
			strbuf_release(&u);
			free(rec);
		}
	}
	tc_fmtfile_release(&ff);
	return 0;
}

/*
 * The witness's child was killed from outside while on the format in
 * out (kill -9, the OOM killer): no verdict, and no result to keep.
 */
static void interrupted(struct tc_uv_findings *out, int sig)
{
	char *why = xasprintf("the libtraceevent child process was killed from outside (%s)",
			      strsignal(sig));

	tc_uv_findings_release(out);
	out->interrupted = 1;
	out->unchecked = xasprintf("%s before it judged the format", why);
	tc_deps_spoil(why);
	free(why);
}

/* A signal that killed a child from outside: no verdict of the input's. */
static int from_outside(int sig)
{
	return sig > 0 && !tc_signal_is_crash(sig);
}

/*
 * The findings of a crash of the witness on the format, into out: 0, or
 * the signal that killed a child of the search from outside.
 */
static int blame_crash(const char *format, const char *system, int sig,
		       struct tc_uv_findings *out)
{
	struct tc_fmtfile ff;
	const char *why;
	const char *who = tc_uv_consumer();
	size_t blamed = 0;
	int killed = 0;

	if (tc_fmtfile_parse(format, &ff, &why) == 0) {
		char **zeros = xcalloc(ff.nr_args + 1, sizeof(*zeros));
		for (size_t i = 0; i < ff.nr_args; i++)
			zeros[i] = "0";
		char *all0 = with_print(format, ff.fmt, zeros, ff.nr_args);
		struct tc_uv_findings none = { 0 };
		int base = isolated(all0, system, &none, parse_and_print);
		tc_uv_findings_release(&none);
		free(all0);
		if (from_outside(base))
			killed = base;
		for (size_t i = 0; !base && !killed && i < ff.nr_args; i++) {
			zeros[i] = ff.args[i];
			char *one = with_print(format, ff.fmt, zeros, ff.nr_args);
			struct tc_uv_findings x = { 0 };
			int s = isolated(one, system, &x, parse_and_print);
			tc_uv_findings_release(&x);
			free(one);
			zeros[i] = "0";
			if (from_outside(s)) {
				killed = s;
			} else if (s) {
				struct tc_uv_finding *f =
					add(out, TC_UV_UNPARSABLE, (long)i,
					    "%s crashes on this argument (%s): perf and trace-cmd "
					    "die reading the event",
					    who, s > 0 ? strsignal(s) : "it failed");
				note(f, "known crashes up to libtraceevent 1.8.4: __print_flags() or "
					"__print_symbolic() of a name that is not a field, "
					"__get_rel_dynamic_array_len(), a division by zero");
				blamed++;
			}
		}
		free(zeros);
	}
	if (!blamed && !killed)
		add(out, TC_UV_UNPARSABLE, -1,
		    "%s crashes on this format file (%s): perf and trace-cmd die reading the event",
		    who, sig > 0 ? strsignal(sig) : "it failed");
	tc_fmtfile_release(&ff);
	return killed;
}

/*
 * One child for all the formats (a fork per format cost a third of a
 * header's time on ext4.h).  When the child dies on an item, that item
 * is judged again alone in a fresh child, so that what earlier items
 * left in libtraceevent's heap cannot be blamed on it, and the rest go
 * to a new child: the verdicts are those of one child per format.
 */
int tc_uwitness_many(const char *const *formats, const char *const *systems, size_t n,
		     struct tc_uv_findings *outs)
{
	memset(outs, 0, n * sizeof(*outs));
	if (!tc_tep_version())
		return -1;
	for (size_t from = 0; from < n;) {
		size_t done;
		int sig = isolated_many(formats + from, systems + from, n - from, outs + from,
					verdict, &done);
		from += done;
		if (!sig || from == n) /* all done, the child failed after the last */
			continue;
		/* a crash: judge the item again, alone */
		if (done && !from_outside(sig))
			sig = isolated(formats[from], systems[from], &outs[from], verdict);
		if (sig && !from_outside(sig)) {
			tc_uv_findings_release(&outs[from]);
			sig = blame_crash(formats[from], systems[from], sig, &outs[from]);
		}
		if (from_outside(sig))
			interrupted(&outs[from], sig);
		from++;
	}
	return 0;
}
