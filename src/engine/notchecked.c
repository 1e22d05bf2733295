// SPDX-License-Identifier: MIT
#include "notchecked.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "discover.h"
#include "kerneltree.h"
#include "config.h"
#include "strbuf.h"
#include "util.h"

static const struct {
	const char *code, *summary;
} reasons[] = {
	[TC_NC_CONFIG] = { "config", "not checked: their events are under #if that neither this "
				     "configuration nor a pass in another lets in (--kconfig, "
				     "--kernel-build, -D)" },
	[TC_NC_FRAGMENT] = { "fragment",
			     "not checked: fragments of other trace headers (checked with them)" },
	[TC_NC_UNRECOGNISED] = { "unrecognised", "not checked: no event read (not the trace "
						  "header protocol, or unknown event macros)" },
	[TC_NC_STAGE_HEADERS] = { "stage-headers",
				  "not checked: an error in tracecheck's stage headers" },
	[TC_NC_NESTED] = { "nested", "not checked (in part): nested too deeply" },
	[TC_NC_OTHER_ARCH] = { "other-arch", "not checked (in part): another architecture's "
					     "headers (below arch/ of an architecture other "
					     "than the target's)" },
	[TC_NC_INTERRUPTED] = { "interrupted", "not checked (in part): a helper process was "
					       "killed from outside (run again)" },
	[TC_NC_TIMEOUT] = { "timeout", "failed: over the time limit (--timeout)" },
	[TC_NC_INTERNAL] = { "internal-error", "failed: internal error" },
};

const char *tc_nc_code(enum tc_nc_reason r)
{
	return r > TC_NC_NONE && r < ARRAY_SIZE(reasons) ? reasons[r].code : NULL;
}

const char *tc_nc_summary(const char *code)
{
	for (size_t i = 1; i < ARRAY_SIZE(reasons); i++)
		if (!strcmp(code, reasons[i].code))
			return reasons[i].summary;
	return code;
}

/* ---- an error in the stage headers ---- */

/*
 * Whether line n of the file at path is an #include: the stage headers'
 * re-read of the header, which fails for the header's own reasons (its
 * TRACE_INCLUDE_PATH, the protocol), not theirs.
 */
static int include_line(const char *path, unsigned n)
{
	char *text = read_file(path, NULL);
	const char *l = text;
	int yes = 0;

	for (unsigned i = 1; l && i < n; i++) {
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
	if (l)
		yes = tc_directive(l, "include") != NULL;
	free(text);
	return yes;
}

/*
 * The place ("trace/tc_stages.h:12:3") of the first libclang error that
 * is the stage headers' own, or NULL; malloced.  The messages are
 * "FILE:LINE:COL: error: ...".
 */
static char *stage_error(const struct tc_header *h, const char *datadir)
{
	char *top = absolute_path(datadir), *place = NULL;

	for (size_t i = 0; i < h->nr_clang_messages && !place; i++) {
		const char *m = h->clang_messages[i], *c = m;
		unsigned line = 0, col = 0;
		while ((c = strchr(c, ':')) && sscanf(c, ":%u:%u:", &line, &col) != 2)
			c++;
		if (!c)
			continue;
		char *file = xstrndup(m, (size_t)(c - m)), *abs = absolute_path(file);
		const char *rel = path_below(abs, top);
		if (rel && !include_line(abs, line))
			place = xasprintf("%s:%u:%u", rel, line, col);
		free(abs);
		free(file);
	}
	free(top);
	return place;
}

/* ---- events under #if ---- */

struct names {
	char **v;
	size_t nr, alloc;
};

static int has_name(const struct names *n, const char *s, size_t len)
{
	for (size_t i = 0; i < n->nr; i++)
		if (strlen(n->v[i]) == len && !strncmp(n->v[i], s, len))
			return 1;
	return 0;
}

static void add_name(struct names *n, const char *s, size_t len)
{
	if (has_name(n, s, len))
		return;
	ALLOC_GROW(n->v, n->nr + 1, n->alloc);
	n->v[n->nr++] = xstrndup(s, len);
}

struct scan {
	struct names defined; /* the macros the header defines (its guard) */
	struct names *frames; /* the options of each open #if, inner last */
	size_t depth, alloc;
	struct names options; /* of the outermost #if around each event */
	size_t events, under_if;
	int dtrace, dtrace_under_if; /* the #include <trace/define_trace.h> */
};

/* The next logical line (backslash-newlines joined) into sb; returns the one after. */
static const char *logical_line(const char *l, struct strbuf *sb)
{
	strbuf_reset(sb);
	for (;;) {
		const char *e = strchrnul(l, '\n');
		int cont = e > l && e[-1] == '\\' && *e;
		strbuf_add(sb, l, (size_t)(e - l - cont));
		l = *e ? e + 1 : e;
		if (!cont)
			return l;
	}
}

/* Names of a condition that are options: not defined, IS_ENABLED, the header's own macros. */
static void add_options(struct scan *s, struct names *to, const char *cond)
{
	static const char *const not_options[] = { "defined",	 "IS_ENABLED",	 "IS_BUILTIN",
						   "IS_MODULE",	 "IS_REACHABLE", "def",
						   "ndef",	 "TRACE_HEADER_MULTI_READ" };
	size_t end = strcspn(cond, "/"); /* a comment after it */
	char *text = xstrndup(cond, end);
	struct tc_ctok *t;
	size_t n = tc_ctokenize(text, &t);

	for (size_t i = 0; i < n; i++) {
		int skip = !tc_ctok_is_ident(&t[i]) || has_name(&s->defined, t[i].p, t[i].n);
		for (size_t k = 0; k < ARRAY_SIZE(not_options) && !skip; k++)
			skip = tc_ctok_is(&t[i], not_options[k]);
		if (!skip)
			add_name(to, t[i].p, t[i].n);
	}
	free(t);
	free(text);
}

/* The line is inside an #if of options: add those of the outermost to s->options. */
static int under_if(struct scan *s)
{
	for (size_t i = 0; i < s->depth; i++)
		if (s->frames[i].nr) {
			for (size_t k = 0; k < s->frames[i].nr; k++)
				add_name(&s->options, s->frames[i].v[k], strlen(s->frames[i].v[k]));
			return 1;
		}
	return 0;
}

static void pop(struct scan *s)
{
	if (!s->depth)
		return;
	struct names *f = &s->frames[--s->depth];
	free_strings(f->v, f->nr);
	memset(f, 0, sizeof(*f));
}

static void scan_line(struct scan *s, const char *line)
{
	const char *p;

	if ((p = tc_directive(line, "if"))) {
		ALLOC_GROW(s->frames, s->depth + 1, s->alloc);
		memset(&s->frames[s->depth], 0, sizeof(s->frames[0]));
		add_options(s, &s->frames[s->depth++], p);
	} else if ((p = tc_directive(line, "elif")) && s->depth) {
		add_options(s, &s->frames[s->depth - 1], p);
	} else if (tc_directive(line, "endif")) {
		pop(s);
	} else if ((p = tc_directive(line, "include")) && strstr(p, "trace/define_trace.h")) {
		s->dtrace = 1;
		s->dtrace_under_if = under_if(s);
	} else if (*line != '#' && tc_is_trace_header_text(line)) {
		s->events++;
		s->under_if += under_if(s);
	}
}

static void scan_text(struct scan *s, const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	for (const char *l = text; *l;) {
		l = logical_line(l, &sb);
		if ((p = tc_directive(strbuf_str(&sb), "define"))) {
			struct tc_ctok *t;
			size_t n = tc_ctokenize(p, &t);
			if (n && tc_ctok_is_ident(&t[0]))
				add_name(&s->defined, t[0].p, t[0].n);
			free(t);
		}
	}
	for (const char *l = text; *l;) {
		l = logical_line(l, &sb);
		scan_line(s, strbuf_str(&sb));
	}
	strbuf_release(&sb);
}

/*
 * " (A, B, C)": the options, at most four; the Kconfig ones (CONFIG_*)
 * alone if there are any; "" for none.
 */
static char *option_list(const struct names *n)
{
	struct strbuf sb = STRBUF_INIT;
	int kconfig = 0;
	size_t shown = 0;

	for (size_t i = 0; i < n->nr; i++)
		kconfig |= starts_with(n->v[i], "CONFIG_");
	for (size_t i = 0; i < n->nr; i++) {
		if (kconfig && !starts_with(n->v[i], "CONFIG_"))
			continue;
		if (shown++ == 4) {
			strbuf_addstr(&sb, ", ...");
			break;
		}
		strbuf_addf(&sb, "%s%s", shown > 1 ? ", " : " (", n->v[i]);
	}
	if (shown)
		strbuf_addch(&sb, ')');
	return strbuf_detach(&sb);
}

static void scan_release(struct scan *s)
{
	while (s->depth)
		pop(s);
	free(s->frames);
	free_strings(s->defined.v, s->defined.nr);
	free_strings(s->options.v, s->options.nr);
}

/* ---- the events under #if that no configuration read ---- */

void tc_nc_events_release(struct tc_nc_events *e)
{
	for (size_t i = 0; i < e->nr; i++)
		free(e->v[i].name);
	free(e->v);
	memset(e, 0, sizeof(*e));
}

/* Each event macro's call in text (not in a #define): its event, line and last line. */
static void text_events(const char *text, struct tc_nc_events *out)
{
	struct tc_toks ts = { 0 };
	size_t alloc = 0;

	memset(out, 0, sizeof(*out));
	tc_toks_scan(&ts, text, strlen(text));
	for (size_t i = 0; i < ts.nr; i++) {
		const struct tc_tok *t = &ts.v[i];
		if (!(t->flags & TC_TOK_BOL) || (t->flags & TC_TOK_PP) || t->kind != TC_TK_IDENT)
			continue;
		const char *m = tc_event_macro_at(text + t->off);
		char *name = m ? tc_event_name_at(m, text + t->off) : NULL;
		if (!name)
			continue;
		size_t close = i + 1 < ts.nr ? tc_toks_close(&ts, i + 1) : TC_TOK_NONE;
		ALLOC_GROW(out->v, out->nr + 1, alloc);
		out->v[out->nr++] = (struct tc_nc_event){ name, t->line,
							  close == TC_TOK_NONE ? t->line
									       : ts.v[close].line };
	}
	tc_toks_release(&ts);
}

static const struct tc_cfg_left *left_at(const struct tc_header *h, unsigned line)
{
	for (size_t i = 0; i < h->nr_cfg_left; i++)
		if (h->cfg_left[i].line == line)
			return &h->cfg_left[i];
	return NULL;
}

/*
 * The events of h under #if that no configuration read, with why (the
 * option, or why no pass read it), as "'NAME' (line N, WHY)"; those s
 * accepts are left out.  all: h read no event (every event under #if is
 * one).  The number; *list (malloced) and out (if not NULL) have them.
 */
static size_t unread_events(const struct tc_header *h, const struct tc_settings *s, int all,
			    char **list, struct tc_nc_events *out)
{
	struct tc_nc_events ev;
	struct strbuf sb = STRBUF_INIT;
	struct names seen = { 0 };
	size_t alloc = 0;

	text_events(h->text, &ev);
	for (size_t i = 0; i < ev.nr; i++) {
		const struct tc_nc_event *e = &ev.v[i];
		const struct tc_cfg_left *left = left_at(h, e->line);
		const char *opt = tc_header_cfg_off(h, e->line);
		int found = 0;
		/* one a pass was for and did not read, where options decide */
		int stuck = left && left->options;
		/* else one under #if of an option whose event neither h nor a pass defines */
		if (!stuck && !opt)
			continue;
		tc_header_event_pass(h, e->name, &found);
		if ((!stuck && found && !all) || has_name(&seen, e->name, strlen(e->name)) ||
		    tc_settings_accepts_nc(s, h->system, e->name))
			continue;
		add_name(&seen, e->name, strlen(e->name));
		strbuf_addf(&sb, "%s'%s' (line %u, %s)", seen.nr > 1 ? ", " : "", e->name, e->line,
			    left && left->why ? left->why : opt ? opt : "under #if");
		if (out) {
			ALLOC_GROW(out->v, out->nr + 1, alloc);
			out->v[out->nr++] = (struct tc_nc_event){ xstrdup(e->name), e->line, e->end };
		}
	}
	tc_nc_events_release(&ev);
	free_strings(seen.v, seen.nr);
	*list = strbuf_detach(&sb);
	return seen.nr;
}

/*
 * Why h is skipped, as its text s says: TC_NC_CONFIG or TC_NC_FRAGMENT
 * with *message set; TC_NC_NONE, *accepted set, when the events under
 * #if that left it empty are all accepted.
 */
static enum tc_nc_reason skipped_by_text(const struct tc_header *h, const struct scan *s,
					 const struct tc_settings *set, char **message,
					 struct tc_nc_events *out, int *accepted)
{
	if (!s->dtrace && !has_name(&s->defined, "TRACE_SYSTEM", 12)) {
		*message = xstrdup("it has no #include <trace/define_trace.h> and no TRACE_SYSTEM: "
				   "a fragment of another trace header, whose check reads its events");
		return TC_NC_FRAGMENT;
	}
	int events_off = s->events && s->under_if == s->events;
	if (!events_off && !s->dtrace_under_if)
		return TC_NC_NONE;
	char *list = NULL;
	size_t n = unread_events(h, set, 1, &list, out);
	free(list);
	if (!n && set && set->nr_accept_nc && events_off) {
		*accepted = 1;
		return TC_NC_NONE;
	}
	char *opts = option_list(&s->options);
	/* why the passes in other configurations did not read them */
	const char *why = NULL;
	for (size_t i = 0; i < h->nr_cfg_left && !why; i++)
		if (h->cfg_left[i].options)
			why = h->cfg_left[i].why;
	*message = xasprintf("%s under #if of options this configuration leaves off%s%s%s; "
			     "--kconfig FILE or --kernel-build DIR selects one",
			     events_off ? "all its events are" : "its #include <trace/define_trace.h> is",
			     opts, why ? ", and no other configuration read them: " : "", why ? why : "");
	free(opts);
	return TC_NC_CONFIG;
}

static enum tc_nc_reason why_not(const struct tc_header *h, const struct scan *s,
				 const char *datadir, const struct tc_settings *set, char **message,
				 struct tc_nc_events *out)
{
	char *place = stage_error(h, datadir);
	int accepted = 0;

	if (place) {
		*message = xasprintf("its events were not read: tracecheck's own stage header has an "
				     "error at %s; please report it",
				     place);
		free(place);
		return TC_NC_STAGE_HEADERS;
	}
	enum tc_nc_reason k = skipped_by_text(h, s, set, message, out, &accepted);
	if (k || accepted)
		return k;
	*message = xstrdup("it reads as a trace header, but none of its events was read: it does "
			   "not follow the trace header protocol (header-protocol says how), or its "
			   "event macros are not ones tracecheck knows");
	return TC_NC_UNRECOGNISED;
}

/* Whether h or one of its passes read events or classes. */
static int read_any(const struct tc_header *h)
{
	if (h->nr_events || h->nr_classes)
		return 1;
	for (size_t i = 0; i < h->nr_cfg_passes; i++)
		if (h->cfg_passes[i].h->nr_events || h->cfg_passes[i].h->nr_classes)
			return 1;
	return 0;
}

enum tc_nc_reason tc_not_checked(const struct tc_header *h, const char *datadir,
				 const struct tc_settings *set, char **message,
				 struct tc_nc_events *out)
{
	struct scan s = { 0 };
	enum tc_nc_reason k = TC_NC_NONE;

	*message = NULL;
	if (out)
		memset(out, 0, sizeof(*out));
	if (h->too_deep) {
		*message = xstrdup(h->too_deep);
		return TC_NC_NESTED;
	}
	if (read_any(h) || !h->text)
		return TC_NC_NONE;
	scan_text(&s, h->text);
	/* event macros, or the protocol's last line: a trace header */
	if (s.dtrace || tc_is_trace_header_text(h->text))
		k = why_not(h, &s, datadir, set, message, out);
	scan_release(&s);
	return k;
}

enum tc_nc_reason tc_events_not_checked(const struct tc_header *h, const struct tc_settings *s,
					char **message, struct tc_nc_events *out)
{
	char *list = NULL;

	*message = NULL;
	if (out)
		memset(out, 0, sizeof(*out));
	if ((!h->nr_cfg_off && !h->nr_cfg_left) || !read_any(h) || !h->text)
		return TC_NC_NONE;
	size_t n = unread_events(h, s, 0, &list, out);
	if (n)
		*message = xasprintf("%s %s %s under #if of options this configuration leaves off, "
				     "and no other configuration read %s; --kconfig FILE or "
				     "--kernel-build DIR selects one",
				     n > 1 ? "events" : "event", list, n > 1 ? "are" : "is",
				     n > 1 ? "them" : "it");
	free(list);
	return n ? TC_NC_CONFIG : TC_NC_NONE;
}

/* ---- nested past libclang's limit ---- */

enum tc_nc_reason tc_nesting_not_checked(const struct tc_header *h, char **message)
{
	static const char limit[] = ": error: bracket nesting level exceeded maximum of ";
	struct strbuf where = STRBUF_INIT;
	const char *max = NULL;
	size_t n = 0;

	*message = NULL;
	for (size_t i = 0; i < h->nr_clang_messages; i++) {
		const char *m = h->clang_messages[i], *at = strstr(m, limit), *c = m;
		unsigned line = 0, col = 0;
		if (!at)
			continue;
		max = at + strlen(limit);
		while ((c = strchr(c, ':')) && c < at && sscanf(c, ":%u:%u:", &line, &col) != 2)
			c++;
		if (!c || c >= at)
			continue;
		char *file = xstrndup(m, (size_t)(c - m));
		if (n++ < 3) {
			if (h->abs_path && !strcmp(file, h->abs_path))
				strbuf_addf(&where, "%sline %u", where.len ? ", " : "", line);
			else
				strbuf_addf(&where, "%s%s:%u", where.len ? ", " : "", file, line);
		} else if (n == 4) {
			strbuf_addstr(&where, ", ...");
		}
		free(file);
	}
	if (max)
		*message = xasprintf("brackets nested more than %.*s levels deep (%s): libclang "
				     "does not read what is nested deeper, and what it is part of",
				     (int)strspn(max, "0123456789"), max,
				     where.len ? where.buf : "in what it expands to");
	strbuf_release(&where);
	return max ? TC_NC_NESTED : TC_NC_NONE;
}

/* ---- a header of another architecture ---- */

const char *tc_other_arch(const struct tc_header *h, size_t *n)
{
	const char *rel = h->tree_path, *slash;

	if (!rel || !starts_with(rel, "arch/") || !(slash = strchr(rel + 5, '/')) || h->abi < 0)
		return NULL;
	const char *mine = tc_kernel_arch(tc_abi_name((enum tc_abi)h->abi));
	*n = (size_t)(slash - rel - 5);
	if (strlen(mine) == *n && !strncmp(rel + 5, mine, *n))
		return NULL;
	return rel + 5;
}
