// SPDX-License-Identifier: MIT
/*
 * kbuild lines and #if conditions: under which option a file or a line
 * of a kernel tree is built.  A text reading, not kbuild: the Makefile's
 * own lines, continuation lines joined, $(...) other than $(CONFIG_...)
 * left alone.
 */
#include "kbuildcfg.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

const char *tc_kbuild_cond(const char *s, size_t n, size_t *len)
{
	const char *end = s + n, *first = NULL;

	*len = 0;
	for (const char *p = s; p < end; p++) {
		if (*p == '/' && p + 1 < end && (p[1] == '*' || p[1] == '/'))
			break; /* a comment to the end of the line */
		if (*p == '!' || (*p == '|' && p + 1 < end && p[1] == '|'))
			return NULL;
		if (!tc_cident_char((unsigned char)*p) || (p > s && tc_cident_char((unsigned char)p[-1])))
			continue;
		const char *q = p;
		while (q < end && tc_cident_char((unsigned char)*q))
			q++;
		if (!first && q - p > 7 && !memcmp(p, "CONFIG_", 7)) {
			first = p;
			*len = (size_t)(q - p);
		}
		p = q - 1;
	}
	return first;
}

/* Does the list of objects [s, e) name obj ("foo.o") as a whole word? */
static int lists(const char *s, const char *e, const char *obj)
{
	size_t n = strlen(obj);

	for (const char *p = s; p + n <= e; p++) {
		if (memcmp(p, obj, n))
			continue;
		if ((p == s || p[-1] == ' ' || p[-1] == '\t') &&
		    (p + n == e || p[n] == ' ' || p[n] == '\t'))
			return 1;
	}
	return 0;
}

struct kline {
	char *target; /* "obj", or a composite's name */
	char *config; /* "CONFIG_X", "" for -y and -objs, NULL otherwise */
	char *objs;
	char *conds; /* the options of the ifdef/ifeq/ifneq blocks around it, space-separated */
};

/*
 * A Makefile conditional's option: ifdef CONFIG_X, ifeq ($(CONFIG_X),y)
 * or m, ifneq ($(CONFIG_X),); NULL for any other (and for else).
 */
static char *make_cond(const char *t)
{
	const char *c = strstr(t, "CONFIG_");

	if (!c || (!starts_with(t, "ifdef") && !starts_with(t, "ifeq") && !starts_with(t, "ifneq")))
		return NULL;
	size_t n = 0;
	while (tc_cident_char((unsigned char)c[n]))
		n++;
	const char *rest = c + n;
	if (starts_with(t, "ifdef") ||
	    (starts_with(t, "ifneq") && (starts_with(rest, "),)") || starts_with(rest, "), )"))) ||
	    (starts_with(t, "ifeq") && (starts_with(rest, "),y)") || starts_with(rest, "),m)"))))
		return xstrndup(c, n);
	return NULL;
}

/* The options of the open conditionals, space-separated; malloced. */
static char *open_conds(char *const *stack, size_t nr)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < nr; i++) {
		if (!stack[i])
			continue;
		if (sb.len)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, stack[i]);
	}
	return strbuf_detach(&sb);
}

/* The Makefile's assignments target-$(CONFIG_X) / target-y / target-objs [+:]= objs. */
static size_t klines(const char *text, struct kline **out)
{
	struct kline *v = NULL;
	size_t nr = 0, alloc = 0;
	char **stack = NULL; /* the open ifdef/ifeq/ifneq: their options */
	size_t nr_stack = 0, alloc_stack = 0;
	struct strbuf line = STRBUF_INIT;

	for (const char *p = text; *p;) {
		strbuf_reset(&line);
		/* one logical line, continuations joined, comments dropped */
		while (*p) {
			const char *nl = strchrnul(p, '\n');
			const char *hash = memchr(p, '#', (size_t)(nl - p));
			const char *stop = hash ? hash : nl;
			int cont = !hash && nl > p && nl[-1] == '\\';
			strbuf_add(&line, p, (size_t)(stop - p) - (size_t)cont);
			strbuf_addch(&line, ' ');
			p = *nl ? nl + 1 : nl;
			if (!cont)
				break;
		}
		const char *l = strbuf_str(&line), *t = l;
		while (*t == ' ' || *t == '\t')
			t++;
		if (starts_with(t, "ifdef") || starts_with(t, "ifndef") || starts_with(t, "ifeq") ||
		    starts_with(t, "ifneq")) {
			ALLOC_GROW(stack, nr_stack + 1, alloc_stack);
			stack[nr_stack++] = make_cond(t);
			continue;
		}
		if (starts_with(t, "else") && nr_stack) {
			free(stack[nr_stack - 1]);
			stack[nr_stack - 1] = NULL;
			continue;
		}
		if (starts_with(t, "endif")) {
			if (nr_stack)
				free(stack[--nr_stack]);
			continue;
		}
		const char *te = t;
		while (tc_cident_char((unsigned char)*te) || *te == '-' || *te == '.' || *te == '$' ||
		       *te == '(' || *te == ')')
			te++;
		const char *op = te;
		while (*op == ' ' || *op == '\t')
			op++;
		if (!(op[0] == '=' || ((op[0] == '+' || op[0] == ':') && op[1] == '=')))
			continue;
		/* the last '-': composite names have their own (snd-soc-foo-objs) */
		const char *dash = NULL;
		for (const char *q = t; q < te; q++)
			if (*q == '-' && (!strncmp(q, "-$(", 3) || q + 2 == te || q + 5 == te))
				dash = q;
		if (!dash || dash == t)
			continue;
		char *config;
		if (!strncmp(dash, "-$(CONFIG_", 10)) {
			const char *ce = strchr(dash + 3, ')');
			if (!ce || ce >= te)
				continue;
			config = xstrndup(dash + 3, (size_t)(ce - dash - 3));
		} else if ((dash + 2 == te && dash[1] == 'y') || (dash + 5 == te && dash[1] == 'o')) {
			config = xstrdup("");
		} else {
			continue;
		}
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr++] = (struct kline){ xstrndup(t, (size_t)(dash - t)), config,
					  xstrdup(op + (op[0] == '=' ? 1 : 2)),
					  open_conds(stack, nr_stack) };
	}
	while (nr_stack)
		free(stack[--nr_stack]);
	free(stack);
	strbuf_release(&line);
	*out = v;
	return nr;
}

/*
 * The option obj is listed under, *conds the options of the Makefile
 * conditionals around that line; "" (and *conds NULL) when
 * unconditionally or under more than one option (libiscsi.o, built for
 * any of eight drivers); NULL when not listed.
 */
static const char *listed(const struct kline *v, size_t nr, const char *target, const char *obj,
			  const char **conds)
{
	const char *found = NULL;

	for (size_t i = 0; i < nr; i++) {
		if (strcmp(v[i].target, target) || !lists(v[i].objs, v[i].objs + strlen(v[i].objs), obj))
			continue;
		/* unconditionally, or under two options: none to name */
		if ((!*v[i].config && !*v[i].conds) || (found && strcmp(found, v[i].config))) {
			*conds = NULL;
			return "";
		}
		found = v[i].config;
		*conds = v[i].conds;
	}
	return found;
}

int tc_kbuild_tracing_option(const char *s, size_t n)
{
	static const char *const v[] = { "CONFIG_TRACEPOINTS", "CONFIG_TRACING",
					 "CONFIG_EVENT_TRACING", "CONFIG_FTRACE" };

	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (strlen(v[i]) == n && !memcmp(s, v[i], n))
			return 1;
	return 0;
}

/* Add option c to the list sb (space-separated) unless it is a tracing one. */
static void add_option(struct strbuf *sb, const char *c)
{
	if (!c || !*c || tc_kbuild_tracing_option(c, strlen(c)))
		return;
	if (sb->len)
		strbuf_addch(sb, ' ');
	strbuf_addstr(sb, c);
}

/* Add each option of the space-separated list l. */
static void add_options(struct strbuf *sb, const char *l)
{
	while (l && *l) {
		size_t n = strcspn(l, " ");
		char *o = xstrndup(l, n);
		add_option(sb, o);
		free(o);
		l += n + (l[n] == ' ');
	}
}

char *tc_kbuild_config(const char *root, const char *rel)
{
	char *dir = dir_name(rel), *base = strrchr(rel, '/') ? xstrdup(strrchr(rel, '/') + 1) : xstrdup(rel);
	char *text = NULL;
	static const char *const names[] = { "Kbuild", "Makefile" };
	struct strbuf sb = STRBUF_INIT;

	if (!ends_with(base, ".c")) {
		free(dir);
		free(base);
		return NULL;
	}
	for (size_t i = 0; i < ARRAY_SIZE(names) && !text; i++) {
		char *path = !strcmp(dir, ".") ? xasprintf("%s/%s", root, names[i])
					       : xasprintf("%s/%s/%s", root, dir, names[i]);
		text = read_file(path, NULL);
		free(path);
	}
	if (text) {
		struct kline *v;
		size_t nr = klines(text, &v);
		base[strlen(base) - 1] = 'o';
		const char *conds = NULL, *cc = NULL;
		const char *c = listed(v, nr, "obj", base, &conds);
		if (c) {
			add_option(&sb, c);
			add_options(&sb, conds);
		} else {
			/* a part of a composite object: comp-y += foo.o, obj-$(CONFIG_X) += comp.o */
			for (size_t i = 0; i < nr; i++) {
				if (!strcmp(v[i].target, "obj") ||
				    !lists(v[i].objs, v[i].objs + strlen(v[i].objs), base))
					continue;
				char *comp = xasprintf("%s.o", v[i].target);
				add_option(&sb, v[i].config);
				add_options(&sb, v[i].conds);
				c = listed(v, nr, "obj", comp, &cc);
				add_option(&sb, c);
				add_options(&sb, c ? cc : NULL);
				free(comp);
				break;
			}
		}
		for (size_t i = 0; i < nr; i++) {
			free(v[i].target);
			free(v[i].config);
			free(v[i].objs);
			free(v[i].conds);
		}
		free(v);
		free(text);
	}
	free(dir);
	free(base);
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}
