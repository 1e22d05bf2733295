// SPDX-License-Identifier: MIT
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "umodel.h"
#include "util.h"

void tc_settings_init(struct tc_settings *s)
{
	s->rules = xcalloc(tc_nr_rules, sizeof(*s->rules));
	for (size_t i = 0; i < tc_nr_rules; i++) {
		s->rules[i].enabled = tc_rules[i]->enabled;
		s->rules[i].severity = tc_rules[i]->severity;
	}
	s->fail_on = TC_SEV_WARNING;
	s->layout_abis = 0;
	s->userspace = 0;
	s->ignores = NULL;
	s->nr_ignores = 0;
	s->timeout = -1;
	s->max_findings = -1;
	s->accept_nc = NULL;
	s->nr_accept_nc = 0;
}

void tc_settings_copy(struct tc_settings *dst, const struct tc_settings *src)
{
	dst->rules = xcalloc(tc_nr_rules, sizeof(*dst->rules));
	memcpy(dst->rules, src->rules, tc_nr_rules * sizeof(*dst->rules));
	dst->fail_on = src->fail_on;
	dst->layout_abis = src->layout_abis;
	dst->userspace = src->userspace;
	dst->ignores = src->nr_ignores ? xcalloc(src->nr_ignores, sizeof(*dst->ignores)) : NULL;
	for (size_t i = 0; i < src->nr_ignores; i++) {
		dst->ignores[i].rule = src->ignores[i].rule;
		dst->ignores[i].event = xstrdup(src->ignores[i].event);
		dst->ignores[i].where = xstrdup(src->ignores[i].where);
	}
	dst->nr_ignores = src->nr_ignores;
	dst->timeout = src->timeout;
	dst->max_findings = src->max_findings;
	dst->accept_nc = src->nr_accept_nc ? xcalloc(src->nr_accept_nc, sizeof(*dst->accept_nc))
					   : NULL;
	for (size_t i = 0; i < src->nr_accept_nc; i++)
		dst->accept_nc[i] = xstrdup(src->accept_nc[i]);
	dst->nr_accept_nc = src->nr_accept_nc;
}

void tc_settings_release(struct tc_settings *s)
{
	free(s->rules);
	s->rules = NULL;
	for (size_t i = 0; i < s->nr_ignores; i++) {
		free(s->ignores[i].event);
		free(s->ignores[i].where);
	}
	free(s->ignores);
	s->ignores = NULL;
	s->nr_ignores = 0;
	free_strings(s->accept_nc, s->nr_accept_nc);
	s->accept_nc = NULL;
	s->nr_accept_nc = 0;
}

int tc_settings_accepts_nc(const struct tc_settings *s, const char *system, const char *name)
{
	for (size_t i = 0; s && i < s->nr_accept_nc; i++) {
		const char *a = s->accept_nc[i], *colon = strchr(a, ':');
		if (!colon && !strcmp(a, name))
			return 1;
		if (colon && system && !strcmp(colon + 1, name) &&
		    strlen(system) == (size_t)(colon - a) && !strncmp(a, system, (size_t)(colon - a)))
			return 1;
	}
	return 0;
}

int tc_settings_option_takes_arg(const char *opt)
{
	return !strcmp(opt, "--enable") || !strcmp(opt, "--disable") ||
	       !strcmp(opt, "--ignore") || !strcmp(opt, "--severity") ||
	       !strcmp(opt, "--fail-on") || !strcmp(opt, "--layout-abi") ||
	       !strcmp(opt, "--userspace") ||
	       !strcmp(opt, "--max-findings") || !strcmp(opt, "--timeout") ||
	       !strcmp(opt, "--accept-not-checked");
}

unsigned tc_parse_abi_list(const char *list, const char **bad)
{
	static char name[64];
	unsigned mask = 0;
	const char *p = list;

	for (;;) {
		size_t n = strcspn(p, ",");
		int a;
		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) - 1 ? n : sizeof(name) - 1), p);
		a = n ? tc_abi_of(name) : -1;
		if (a < 0) {
			*bad = name;
			return 0;
		}
		mask |= 1u << a;
		if (!p[n])
			return mask;
		p += n + 1;
	}
}

/*
 * An error about the setting at where: "command line", or the place of a
 * word of a config file ("FILE:LINE:COL", which the message leads with,
 * as gcc's do).  -1.
 */
static int where_error(const char *where, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int where_error(const char *where, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (strcmp(where, "command line"))
		error_place(where, "%s", msg);
	else
		error("%s: %s", where, msg);
	free(msg);
	return -1;
}

static int rule_or_error(const char *name, const char *where)
{
	int i = tc_rule_index(name);

	if (i < 0)
		where_error(where, "unknown rule '%s' (see --list-rules)", name);
	return i;
}

static int is_identifier(const char *s)
{
	if (!*s || isdigit((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* enable: 1 --enable, 0 --disable, -1 --ignore (which also takes RULE:EVENT) */
static int apply_rule_list(struct tc_settings *s, const char *list, const char *where,
			   int enable)
{
	char *copy = xstrdup(list);
	int rc = 1;
	int ignore = enable < 0;

	if (ignore)
		enable = 0;

	for (char *name = strtok(copy, ","); name; name = strtok(NULL, ",")) {
		char *colon = strchr(name, ':');
		if (colon && ignore) {
			/* --ignore RULE:EVENT */
			*colon = '\0';
			const char *ev = colon + 1;
			int i = !strcmp(name, "all") ? -1 : rule_or_error(name, where);
			if (i < 0 && strcmp(name, "all")) {
				rc = -1;
				break;
			}
			if (!is_identifier(ev)) {
				where_error(where, "--ignore RULE:EVENT: '%s' is not an event name",
					    ev);
				rc = -1;
				break;
			}
			s->ignores = xrealloc(s->ignores, (s->nr_ignores + 1) * sizeof(*s->ignores));
			s->ignores[s->nr_ignores].rule = i;
			s->ignores[s->nr_ignores].where = xstrdup(where);
			s->ignores[s->nr_ignores++].event = xstrdup(ev);
			continue;
		}
		if (!strcmp(name, "all")) {
			for (size_t i = 0; i < tc_nr_rules; i++)
				s->rules[i].enabled = enable;
			continue;
		}
		int i = rule_or_error(name, where);
		if (i < 0) {
			rc = -1;
			break;
		}
		s->rules[i].enabled = enable;
	}
	free(copy);
	return rc;
}

/* --accept-not-checked EVENT,SYSTEM:EVENT,... */
static int accept_not_checked(struct tc_settings *s, const char *list, const char *where)
{
	char *copy = xstrdup(list ? list : "");
	int rc = 1;

	for (char *save = NULL, *w = strtok_r(copy, ",", &save); w && rc > 0;
	     w = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(w, ':');
		if (colon)
			*colon = '\0';
		if (!is_identifier(w) || (colon && !is_identifier(colon + 1))) {
			if (colon)
				*colon = ':';
			where_error(where, "--accept-not-checked takes EVENT or SYSTEM:EVENT, not '%s'",
				    w);
			rc = -1;
			break;
		}
		if (colon)
			*colon = ':';
		s->accept_nc = xrealloc(s->accept_nc, (s->nr_accept_nc + 1) * sizeof(*s->accept_nc));
		s->accept_nc[s->nr_accept_nc++] = xstrdup(w);
	}
	if (rc > 0 && !s->nr_accept_nc && !*copy) {
		where_error(where, "--accept-not-checked needs a list of events");
		rc = -1;
	}
	free(copy);
	return rc;
}

int tc_settings_apply(struct tc_settings *s, const char *opt, const char *arg,
		      const char *where)
{
	int i;

	if (!strcmp(opt, "--enable"))
		return apply_rule_list(s, arg, where, 1);
	if (!strcmp(opt, "--disable"))
		return apply_rule_list(s, arg, where, 0);
	if (!strcmp(opt, "--ignore"))
		return apply_rule_list(s, arg, where, -1);
	if (!strcmp(opt, "--accept-not-checked"))
		return accept_not_checked(s, arg, where);
	if (!strcmp(opt, "--fail-on")) {
		if (tc_severity_parse(arg, &s->fail_on)) {
			where_error(where, "--fail-on takes error, warning or note, not '%s'", arg);
			return -1;
		}
		return 1;
	}
	if (!strcmp(opt, "--max-findings") || !strcmp(opt, "--timeout")) {
		int to = !strcmp(opt, "--timeout");
		char *end = NULL;
		long n = arg && *arg ? strtol(arg, &end, 10) : -1;
		if (n < 0 || *end || n > (to ? 86400 : 1000000000L)) {
			where_error(where,
				    to ? "--timeout needs a number of seconds (0: none), not '%s'"
				       : "--max-findings needs a number of findings per file (0: no "
					 "limit), not '%s'",
				    arg ? arg : "");
			return -1;
		}
		if (to)
			s->timeout = (int)n;
		else
			s->max_findings = n;
		return 1;
	}
	if (!strcmp(opt, "--layout-abi")) {
		const char *bad = NULL;
		unsigned m = tc_parse_abi_list(arg, &bad);
		if (!m) {
			where_error(where,
				    "--layout-abi takes a comma list of x86_64, i386, aarch64, arm, not "
				    "'%s'",
				    bad);
			return -1;
		}
		s->layout_abis = m;
		return 1;
	}
	if (!strcmp(opt, "--userspace")) {
		const char *bad = NULL;
		tc_uset u = arg && *arg ? tc_uset_parse(arg, &bad) : 0;
		if (!u) {
			struct strbuf known = STRBUF_INIT;
			for (int r = 0; r < TC_UREL_NR; r++)
				strbuf_addf(&known, "%s%s", r ? ", " : "", tc_ureleases[r].name);
			where_error(where,
				    "--userspace takes a comma list of libtraceevent releases (%s, or "
				    "all), not '%s'",
				    known.buf, bad ? bad : "");
			strbuf_release(&known);
			return -1;
		}
		s->userspace = u;
		return 1;
	}
	if (!strcmp(opt, "--severity")) {
		const char *eq = strchr(arg, '=');
		enum tc_severity sev;
		if (!eq) {
			where_error(where, "--severity takes RULE=LEVEL, not '%s'", arg);
			return -1;
		}
		char *name = xstrndup(arg, (size_t)(eq - arg));
		i = rule_or_error(name, where);
		free(name);
		if (i < 0)
			return -1;
		if (tc_severity_parse(eq + 1, &sev)) {
			where_error(where, "severity must be error, warning or note, not '%s'",
				    eq + 1);
			return -1;
		}
		s->rules[i].severity = sev;
		s->rules[i].enabled = 1;
		return 1;
	}
	if (!starts_with(opt, "-W") || !opt[2])
		return 0;
	const char *w = opt + 2;
	if (starts_with(w, "error=")) {
		if ((i = rule_or_error(w + 6, where)) < 0)
			return -1;
		s->rules[i].severity = TC_SEV_ERROR;
		s->rules[i].enabled = 1;
	} else if (starts_with(w, "no-error=")) {
		if ((i = rule_or_error(w + 9, where)) < 0)
			return -1;
		if (s->rules[i].severity == TC_SEV_ERROR)
			s->rules[i].severity = TC_SEV_WARNING;
	} else if (starts_with(w, "no-")) {
		if ((i = rule_or_error(w + 3, where)) < 0)
			return -1;
		s->rules[i].enabled = 0;
	} else {
		if ((i = rule_or_error(w, where)) < 0)
			return -1;
		s->rules[i].enabled = 1;
	}
	return 1;
}

int tc_settings_load_file(struct tc_settings *s, const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	unsigned lineno = 0;
	int rc = 0;
	char *where = NULL;

	if (!text)
		return error("%s: %s", path, strerror(errno));
	char *save = NULL;
	char *line = text;
	while (line && rc == 0) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		lineno++;
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char **words = NULL;
		size_t nw = 0, aw = 0;
		for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
			ALLOC_GROW(words, nw + 1, aw);
			words[nw++] = w;
		}
		for (size_t i = 0; i < nw && rc == 0; i++) {
			const char *opt = words[i], *arg = NULL;
			char *eqopt = NULL;
			/* where the option is, for its errors: FILE:LINE:COL */
			free(where);
			where = xasprintf("%s:%u:%u", path, lineno,
					  (unsigned)(words[i] - line) + 1);
			if (starts_with(opt, "--") && strchr(opt, '=')) {
				const char *eq = strchr(opt, '=');
				eqopt = xstrndup(opt, (size_t)(eq - opt));
				if (tc_settings_option_takes_arg(eqopt)) {
					arg = eq + 1;
					opt = eqopt;
				}
			} else if (tc_settings_option_takes_arg(opt)) {
				if (i + 1 >= nw) {
					where_error(where, "%s needs an argument", opt);
					rc = -1;
					break;
				}
				arg = words[++i];
			}
			int r = tc_settings_apply(s, opt, arg, where);
			if (r == 0) {
				where_error(where,
					    "'%s' is not a rule setting (allowed: --enable, --disable, "
					    "--ignore, -W..., --severity, --fail-on, --layout-abi, "
					    "--userspace, --max-findings, --timeout, "
					    "--accept-not-checked)",
					    opt);
				rc = -1;
			} else if (r < 0) {
				rc = -1;
			}
			free(eqopt);
		}
		free(words);
		line = nl ? nl + 1 : NULL;
	}
	free(where);
	free(text);
	return rc;
}

char *tc_find_config(const char *header_abs_path)
{
	char *dir = dir_name(header_abs_path);

	for (;;) {
		char *p = xasprintf("%s/.tracecheck", dir);
		if (is_file(p)) {
			free(dir);
			return p;
		}
		free(p);
		if (!strcmp(dir, "/") || !strcmp(dir, ".")) {
			free(dir);
			return NULL;
		}
		char *up = dir_name(dir);
		free(dir);
		dir = up;
	}
}
