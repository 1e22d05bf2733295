// SPDX-License-Identifier: MIT
/*
 * Every event checked in some configuration: the events a parse leaves
 * out because they are under #if, #ifdef or IS_ENABLED() of options its
 * configuration leaves off are read in passes of their own, the header
 * parsed again with those options on (and, for an #elif or #else, the
 * options before it off).
 *
 * The plan is made from the first parse: the event macros (and the
 * #include <trace/define_trace.h>) in the regions the preprocessor
 * skipped whose events that parse did not read are the targets; the
 * conditions around each (cfgcond.c) give the values of the options
 * that let it in, changing the fewest from the configuration.  Targets
 * whose values agree share a pass (one usually suffices: the options of
 * one header seldom exclude each other); at most TC_CFG_MAX_PASSES
 * passes are made, the targets beyond them stay not checked.
 *
 * A pass is the same parse (tc_fe_parse_variant(): the flags, the
 * instantiator, the context the header needs) with an autoconf.h of its
 * own found first: the configuration's (the one the tree's kconfig.h
 * would include: the first generated/autoconf.h along the -I path), the
 * pass's options #defined or #undefined after it.  So the kernel's
 * headers see the options as the header does: a struct member under
 * #ifdef CONFIG_NUMA_BALANCING is there for an event that reads it.
 * The file is the cache's, named by its content (variant_dir()), or
 * without a cache a private one while the pass parses; what it holds
 * follows from what the result's key and dependencies already have (the
 * header, the configuration's autoconf.h), so it is no dependency of its
 * own.
 */
#include <clang-c/Index.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cache.h"
#include "cfgcond.h"
#include "ctok.h"
#include "deps.h"
#include "discover.h"
#include "kconfig.h"
#include "fe_internal.h"
#include "strbuf.h"
#include "util.h"

/* The most passes a header gets besides its first parse. */
#define TC_CFG_MAX_PASSES 4
/* The most symbols a pass turns on for what its options depend on and select. */
#define TC_CFG_MAX_IMPLIED 64

struct target {
	unsigned line, end; /* of the event macro's call */
	char *name;	    /* the event; NULL: the #include <trace/define_trace.h> */
	/*
	 * the line whose conditions let it in: its own, or for a call of a
	 * wrapper this configuration defines as a _NOP form, the line of the
	 * wrapper's #define as an event macro (the event must be instantiated)
	 */
	unsigned cond_line;
	/* and the line of the #define that makes the alias it calls an event macro, or 0 */
	unsigned cond_line2;
	int nop;
	struct tc_cfgreq req;
	int pass; /* -1: none */
	char *why; /* why it has no pass */
	int other; /* no option decides: a macro that is none does */
};

struct tc_cfgpass_plan {
	struct target *t;
	size_t nr, alloc;
	struct tc_cfgreq *passes;
	size_t nr_passes;
	struct tc_conds *conds;
	char *autoconf; /* the configuration's autoconf.h text; NULL: none (a bare header) */
	unsigned char *base; /* each option's value in it */
	char *kroot, *karch; /* the kernel tree and its architecture, for its Kconfig; or NULL */
};

void tc_cfgpass_plan_free(struct tc_cfgpass_plan *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->nr; i++) {
		free(p->t[i].name);
		free(p->t[i].why);
		tc_cfgreq_release(&p->t[i].req);
	}
	free(p->t);
	for (size_t i = 0; i < p->nr_passes; i++)
		tc_cfgreq_release(&p->passes[i]);
	free(p->passes);
	tc_conds_free(p->conds);
	free(p->autoconf);
	free(p->base);
	free(p->kroot);
	free(p->karch);
	free(p);
}

/* ---- the targets ---- */

struct lines {
	unsigned (*v)[2];
	size_t nr;
};

static int skipped(const struct lines *s, unsigned line)
{
	for (size_t i = 0; i < s->nr; i++)
		if (line >= s->v[i][0] && line <= s->v[i][1])
			return 1;
	return 0;
}

/*
 * Did the parse read event name from the macro call at lines [line, end]
 * (instantiated: as an event, not a _NOP form)?
 */
static int read_event(const struct tc_header *h, const char *name, unsigned line, unsigned end,
		      int instantiated)
{
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		if (strcmp(e->name, name) || (instantiated && !e->instantiated))
			continue;
		/* a wrapper macro's event is where the wrapper is called */
		if (!e->loc.file || strcmp(e->loc.file, h->path) ||
		    (e->loc.line >= line && e->loc.line <= end))
			return 1;
	}
	return 0;
}

static int instantiates(const struct tc_header *h)
{
	for (size_t i = 0; i < h->nr_events; i++)
		if (h->events[i]->instantiated)
			return 1;
	return 0;
}

static void add_target(struct tc_cfgpass_plan *p, unsigned line, unsigned end, char *name)
{
	ALLOC_GROW(p->t, p->nr + 1, p->alloc);
	memset(&p->t[p->nr], 0, sizeof(p->t[0]));
	p->t[p->nr].line = line;
	p->t[p->nr].end = end;
	p->t[p->nr].name = name;
	p->t[p->nr].cond_line = line;
	p->t[p->nr++].pass = -1;
}

static int instantiates_event(const struct tc_header *h, const char *name)
{
	for (size_t i = 0; i < h->nr_events; i++)
		if (h->events[i]->instantiated && !strcmp(h->events[i]->name, name))
			return 1;
	return 0;
}

/*
 * A macro the header #defines as an event macro that defines events:
 * alias, for an object-like one whose body is that macro alone
 * (DEFINE_EVENT_SCHEDSTAT as DEFINE_EVENT), else NULL.
 */
struct wrapper {
	const char *name, *alias;
	size_t len, alias_len;
	unsigned line;
	int skipped; /* in lines the preprocessor skipped */
};

struct wrappers {
	struct wrapper *v;
	size_t nr, alloc;
};

/* The #defines of the header whose body names an event macro that defines events. */
static void find_wrappers(const struct tc_toks *ts, const struct lines *sk, struct wrappers *w)
{
	memset(w, 0, sizeof(*w));
	for (size_t i = 0; i < ts->nr; i++) {
		const struct tc_tok *t = &ts->v[i];
		if (!(t->flags & TC_TOK_BOL) || !(t->flags & TC_TOK_PP))
			continue;
		const char *d = tc_directive(ts->text + t->off, "define");
		if (!d || (*d != ' ' && *d != '\t'))
			continue;
		/* after '#' and "define", the name, then the body up to the directive's end */
		size_t j, name = i + 2, body = name + 1, at = 0;
		if (name >= ts->nr || ts->v[name].kind != TC_TK_IDENT ||
		    (ts->v[name].flags & TC_TOK_BOL))
			continue;
		for (j = body; j < ts->nr && !(ts->v[j].flags & TC_TOK_BOL) && !at; j++)
			if (ts->v[j].kind == TC_TK_IDENT &&
			    tc_is_event_defining_macro(ts->text + ts->v[j].off, ts->v[j].len))
				at = j;
		if (!at)
			continue;
		const struct tc_tok *n = &ts->v[name], *a = &ts->v[at];
		int function_like = body < ts->nr && ts->text[n->off + n->len] == '(';
		int alone = at == body && (at + 1 == ts->nr || (ts->v[at + 1].flags & TC_TOK_BOL));
		ALLOC_GROW(w->v, w->nr + 1, w->alloc);
		w->v[w->nr++] = (struct wrapper){ ts->text + n->off,
						  !function_like && alone ? ts->text + a->off : NULL,
						  n->len,
						  a->len,
						  t->line,
						  skipped(sk, t->line) };
	}
}

/* The wrapper (an alias, if alias) named as the token t, skipped or not; NULL: none. */
static const struct wrapper *wrapper_of(const struct wrappers *w, const struct tc_toks *ts,
					const struct tc_tok *t, int skipped, int alias)
{
	for (size_t k = 0; k < w->nr; k++)
		if (w->v[k].len == t->len && !strncmp(w->v[k].name, ts->text + t->off, t->len) &&
		    w->v[k].skipped == skipped && (!alias || w->v[k].alias))
			return &w->v[k];
	return NULL;
}

/* The event the call of alias a at text defines (malloced), or NULL. */
static char *alias_event(const struct wrapper *a, const char *text)
{
	char *m = xstrndup(a->alias, a->alias_len);
	const char *args = text + a->len;
	char *call = xasprintf("%s%.*s", m, (int)strcspn(args, ";"), args);
	char *name = tc_event_name_at(m, call);

	free(call);
	free(m);
	return name;
}

/*
 * The calls of wrappers, outside the skipped lines, that this parse read
 * as a _NOP form: their events, checked where the wrapper is an event
 * macro.
 */
static void find_nop_targets(struct tc_cfgpass_plan *p, const struct tc_toks *ts,
			     const struct lines *sk, const struct wrappers *w,
			     const struct tc_header *h)
{
	for (size_t i = 0; w->nr && i < ts->nr; i++) {
		const struct tc_tok *t = &ts->v[i];
		if (!(t->flags & TC_TOK_BOL) || (t->flags & TC_TOK_PP) || t->kind != TC_TK_IDENT ||
		    skipped(sk, t->line) || i + 1 >= ts->nr)
			continue;
		const struct wrapper *k = wrapper_of(w, ts, t, 1, 0);
		size_t close = k ? tc_toks_close(ts, i + 1) : TC_TOK_NONE;
		if (close == TC_TOK_NONE)
			continue;
		unsigned end = ts->v[close].line;
		for (size_t e = 0; e < h->nr_events; e++) {
			const struct tc_event *ev = h->events[e];
			if (ev->instantiated || !ev->loc.file || strcmp(ev->loc.file, h->path) ||
			    ev->loc.line < t->line || ev->loc.line > end || instantiates_event(h, ev->name))
				continue;
			add_target(p, t->line, end, xstrdup(ev->name));
			p->t[p->nr - 1].cond_line = k->line;
			p->t[p->nr - 1].nop = 1;
			break;
		}
	}
}

/*
 * The event macros in skipped lines whose events h lacks, and a skipped
 * define_trace.h.  A call of an alias the header defines counts: where
 * the alias is an event macro, or where its #define in a skipped region
 * makes it one (TRACE_EVENT_RCU under #ifdef CONFIG_RCU_TRACE, called
 * under #ifdef CONFIG_RCU_NOCB_CPU: the conditions of both).
 */
static void find_targets(struct tc_cfgpass_plan *p, const struct tc_toks *ts,
			 const struct lines *sk, const struct wrappers *w,
			 const struct tc_header *h)
{
	for (size_t i = 0; i < ts->nr; i++) {
		const struct tc_tok *t = &ts->v[i];
		if (!(t->flags & TC_TOK_BOL) || !skipped(sk, t->line))
			continue;
		if (t->flags & TC_TOK_PP) {
			const char *l = ts->text + t->off, *eol = strchrnul(l, '\n');
			size_t len = (size_t)(eol - l);
			if (tc_directive(l, "include") && !instantiates(h) &&
			    memmem(l, len, "trace/define_trace.h", 20))
				add_target(p, t->line, t->line, NULL);
			continue;
		}
		const char *text = ts->text + t->off;
		const char *m = t->kind == TC_TK_IDENT ? tc_event_macro_at(text) : NULL;
		char *name = m ? tc_event_name_at(m, text) : NULL;
		const struct wrapper *a = NULL, *off = NULL;
		if (!m && t->kind == TC_TK_IDENT) {
			a = wrapper_of(w, ts, t, 0, 1);
			off = a ? NULL : wrapper_of(w, ts, t, 1, 1);
			name = a || off ? alias_event(a ? a : off, text) : NULL;
		}
		if (!name)
			continue;
		size_t close = i + 1 < ts->nr ? tc_toks_close(ts, i + 1) : TC_TOK_NONE;
		unsigned end = close == TC_TOK_NONE ? t->line : ts->v[close].line;
		if (read_event(h, name, t->line, end, 0)) {
			free(name);
			continue;
		}
		add_target(p, t->line, end, name);
		if (off) {
			p->t[p->nr - 1].cond_line2 = off->line;
			p->t[p->nr - 1].nop = 1;
		}
	}
}

/* The header's lines the preprocessor skipped, in some inclusion of it. */
static void skipped_lines(struct tc_tu *t, struct lines *out)
{
	CXSourceRangeList *rl =
		t->header_file ? clang_getSkippedRanges(t->tu, t->header_file) : NULL;

	out->v = xcalloc(rl ? rl->count + 1 : 1, sizeof(*out->v));
	out->nr = 0;
	for (unsigned i = 0; rl && i < rl->count; i++) {
		clang_getFileLocation(clang_getRangeStart(rl->ranges[i]), NULL, &out->v[out->nr][0],
				      NULL, NULL);
		clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]), NULL, &out->v[out->nr][1],
				      NULL, NULL);
		out->nr++;
	}
	if (rl)
		clang_disposeSourceRangeList(rl);
}

/* ---- the configuration ---- */

/* The directory of an -I flag at args[*i] (-IDIR or -I DIR), or NULL. */
static const char *include_dir(const char *const *args, size_t n, size_t *i)
{
	if (!strcmp(args[*i], "-I"))
		return *i + 1 < n ? args[++*i] : NULL;
	return starts_with(args[*i], "-I") && args[*i][2] ? args[*i] + 2 : NULL;
}

/*
 * The configuration's autoconf.h (malloced text), as the unit includes
 * it: the file the flags -include, else <generated/autoconf.h> along the
 * -I directories (kconfig.h's #include).  NULL: none.
 */
static char *find_autoconf(const char *const *args, size_t n)
{
	char *path = NULL;

	for (size_t i = 0; i + 1 < n && !path; i++)
		if (!strcmp(args[i], "-include") && ends_with(args[i + 1], "/generated/autoconf.h"))
			path = xstrdup(args[i + 1]);
	for (size_t i = 0; i < n && !path; i++) {
		const char *d = include_dir(args, n, &i);
		char *p = d ? xasprintf("%s/generated/autoconf.h", d) : NULL;
		if (p && is_file(p))
			path = p;
		else
			free(p);
	}
	char *text = path ? read_file(path, NULL) : NULL;
	free(path);
	return text;
}

/* Set option name (len bytes) in base to v, if the conditions name it. */
static void set_base(struct tc_cfgpass_plan *p, const char *name, size_t len, int v)
{
	for (size_t i = 0; i < tc_conds_nr_options(p->conds); i++) {
		const char *o = tc_conds_option(p->conds, i);
		if (strlen(o) == len && !strncmp(o, name, len))
			p->base[i] = (unsigned char)v;
	}
}

/* A -D or -U of the flags, as "NAME" or "NAME=VALUE" */
static void flag_define(struct tc_cfgpass_plan *p, const char *def, int undef)
{
	size_t len = strcspn(def, "=");
	const char *val = def[len] ? def + len + 1 : "1";

	set_base(p, def, len, !undef && strcmp(val, "0"));
}

/* Each option's value in the configuration: its autoconf.h, then the -D and -U flags. */
static void read_base(struct tc_cfgpass_plan *p, const char *const *args, size_t n)
{
	p->base = xcalloc(tc_conds_nr_options(p->conds) + 1, 1);
	for (const char *l = p->autoconf; l && *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *d = tc_directive(l, "define");
		if (!d || (*d != ' ' && *d != '\t'))
			continue;
		d += strspn(d, " \t");
		size_t len = strcspn(d, " \t\n(");
		const char *v = d + len + strspn(d + len, " \t");
		set_base(p, d, len, strncmp(v, "0\n", 2) != 0);
	}
	for (size_t i = 0; i < n; i++) {
		const char *a = args[i];
		int undef = starts_with(a, "-U");
		if (!starts_with(a, "-D") && !undef)
			continue;
		if (!a[2] && i + 1 < n)
			flag_define(p, args[++i], undef);
		else if (a[2])
			flag_define(p, a + 2, undef);
	}
}

/* ---- the passes ---- */

/* Group the targets: those whose values agree share a pass, in the order of the header. */
static void group(struct tc_cfgpass_plan *p)
{
	size_t alloc = 0;

	for (size_t i = 0; i < p->nr; i++) {
		struct target *t = &p->t[i];
		if (!t->req.nr)
			continue;
		for (size_t k = 0; k < p->nr_passes && t->pass < 0; k++)
			if (tc_cfgreq_agree(&p->passes[k], &t->req)) {
				tc_cfgreq_merge(&p->passes[k], &t->req);
				t->pass = (int)k;
			}
		if (t->pass >= 0)
			continue;
		if (p->nr_passes == TC_CFG_MAX_PASSES) {
			t->why = xasprintf("it needs a configuration of its own, and the header has "
					   "had the %d passes tracecheck makes",
					   TC_CFG_MAX_PASSES);
			continue;
		}
		ALLOC_GROW(p->passes, p->nr_passes + 1, alloc);
		memset(&p->passes[p->nr_passes], 0, sizeof(p->passes[0]));
		tc_cfgreq_merge(&p->passes[p->nr_passes], &t->req);
		t->pass = (int)p->nr_passes++;
	}
}

/* The values of the options that let t in: around its line, and its alias's #define. */
static enum tc_cond_answer solve_target(struct tc_cfgpass_plan *p, struct target *t)
{
	struct tc_cfgreq r2 = { 0 };
	enum tc_cond_answer a = tc_conds_solve(p->conds, t->cond_line, p->base, &t->req);

	if (a != TC_COND_SOLVED || !t->cond_line2)
		return a;
	a = tc_conds_solve(p->conds, t->cond_line2, p->base, &r2);
	if (a == TC_COND_SOLVED && tc_cfgreq_agree(&t->req, &r2))
		tc_cfgreq_merge(&t->req, &r2);
	else if (a == TC_COND_SOLVED)
		a = TC_COND_NONE; /* the two want an option each way */
	if (a != TC_COND_SOLVED) {
		tc_cfgreq_release(&t->req);
		memset(&t->req, 0, sizeof(t->req));
	}
	tc_cfgreq_release(&r2);
	return a;
}

static void solve(struct tc_cfgpass_plan *p)
{
	for (size_t i = 0; i < p->nr; i++) {
		struct target *t = &p->t[i];
		char *other;
		switch (solve_target(p, t)) {
		case TC_COND_SOLVED:
			break;
		case TC_COND_ALREADY:
			t->other = 1;
			other = tc_conds_other(p->conds, t->cond_line);
			t->why = other ? xasprintf("%s wants more than Kconfig options", other)
				       : xstrdup("it is left out, though its options are as its #if "
						 "wants them");
			free(other);
			break;
		case TC_COND_NONE:
			t->why = xasprintf("no values of up to %d options let it in",
					   TC_COND_MAX_FLIPS);
			break;
		case TC_COND_TOO_MANY:
			t->why = xasprintf("the conditions around it name more than %d options",
					   TC_COND_MAX_OPTIONS);
			break;
		}
	}
}

struct tc_cfgpass_plan *tc_cfgpass_plan(struct tc_tu *t, const char *text,
					const char *const *args, size_t nargs, const char *kroot,
					const char *karch)
{
	struct tc_cfgpass_plan *p = xcalloc(1, sizeof(*p));
	struct lines sk;
	struct tc_toks ts = { 0 };

	skipped_lines(t, &sk);
	if (sk.nr) {
		struct wrappers w;
		tc_toks_scan(&ts, text, strlen(text));
		find_wrappers(&ts, &sk, &w);
		find_targets(p, &ts, &sk, &w, t->h);
		find_nop_targets(p, &ts, &sk, &w, t->h);
		free(w.v);
	}
	free(sk.v);
	if (!p->nr) {
		tc_toks_release(&ts);
		tc_cfgpass_plan_free(p);
		return NULL;
	}
	p->conds = tc_conds_read(&ts);
	tc_toks_release(&ts);
	p->autoconf = find_autoconf(args, nargs);
	read_base(p, args, nargs);
	p->kroot = kroot && karch ? xstrdup(kroot) : NULL;
	p->karch = kroot && karch ? xstrdup(karch) : NULL;
	solve(p);
	group(p);
	return p;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "CONFIG_A=y CONFIG_B=m CONFIG_C=n": how values r differ from the configuration. */
static char *label_of(const struct tc_cfgpass_plan *p, const struct tc_cfgreq *r)
{
	char **words = xcalloc(r->nr + 1, sizeof(*words));
	size_t nw = 0;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < r->nr; i++) {
		if (r->val[i] == p->base[r->opt[i]])
			continue;
		const char *o = tc_conds_option(p->conds, r->opt[i]);
		size_t len = strlen(o);
		int module = ends_with(o, "_MODULE");
		if (module)
			len -= 7;
		char *w = xasprintf("%.*s=%s", (int)len, o, !r->val[i] ? "n" : module ? "m" : "y");
		int dup = 0;
		for (size_t j = 0; j < nw && !dup; j++)
			dup = !strcmp(words[j], w);
		if (dup)
			free(w);
		else
			words[nw++] = w;
	}
	QSORT(words, nw, by_name);
	for (size_t i = 0; i < nw; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", words[i]);
	free_strings(words, nw);
	return strbuf_detach(&sb);
}

/*
 * What the options pass k turns on need besides, as its tree's Kconfig
 * says (kconfig.h): their dependencies and selects, as lines of
 * autoconf.h into sb.  The Kconfig files of the entries read are
 * dependencies of the result, and the digest of all the files the walk
 * read (a new "select" or "if" block elsewhere changes what is needed).
 */
static void kconfig_needs(const struct tc_cfgpass_plan *p, size_t k, struct strbuf *sb,
			  struct strbuf *implied)
{
	const struct tc_cfgreq *r = &p->passes[k];
	struct tc_kconfig *kc = p->kroot ? tc_kconfig_of(p->kroot, p->karch) : NULL;
	const char **want = xcalloc(r->nr + 1, sizeof(*want)), **off = xcalloc(r->nr + 1, sizeof(*off));
	size_t nw = 0, no = 0, nf = 0;
	char **added = NULL, **files = NULL;

	if (p->kroot) {
		/* what Kconfig says, from all of its files: a dependency of the result */
		char *arg = tc_kconfig_key_arg(p->kroot, p->karch);
		tc_deps_key("kconfig", arg, kc ? tc_kconfig_digest(kc) : NULL);
		free(arg);
	}
	for (size_t i = 0; kc && i < r->nr; i++) {
		const char *o = tc_conds_option(p->conds, r->opt[i]) + 7; /* CONFIG_ */
		if (!r->val[i])
			off[no++] = o; /* (its _MODULE twin: no Kconfig symbol of that name) */
		else if (!p->base[r->opt[i]])
			want[nw++] = o;
	}
	/* X_MODULE wanted: X is the symbol */
	char **names = xcalloc(nw + 1, sizeof(*names));
	for (size_t i = 0; i < nw; i++) {
		size_t len = strlen(want[i]);
		names[i] = ends_with(want[i], "_MODULE") ? xstrndup(want[i], len - 7) : xstrdup(want[i]);
	}
	size_t n = nw ? tc_kconfig_needs(kc, p->autoconf, (const char *const *)names, nw, off, no,
					 TC_CFG_MAX_IMPLIED, &added, &files, &nf)
		      : 0;
	if (n)
		strbuf_addstr(sb, "/* what they depend on and select (Kconfig) */\n");
	for (size_t i = 0; i < n; i++) {
		strbuf_addf(sb, "#define CONFIG_%s 1\n", added[i]);
		strbuf_addf(implied, "%sCONFIG_%s=y", i ? " " : "", added[i]);
	}
	for (size_t i = 0; i < nf; i++) {
		char *path = xasprintf("%s/%s", p->kroot, files[i]);
		tc_deps_file(path, NULL, 0);
		free(path);
	}
	free_strings(added, n);
	free_strings(files, nf);
	free_strings(names, nw);
	free(want);
	free(off);
}

/*
 * The pass's autoconf.h: the configuration's, then its options and what
 * they need (into implied too).
 */
static char *pass_autoconf(const struct tc_cfgpass_plan *p, size_t k, const char *label,
			   struct strbuf *implied)
{
	const struct tc_cfgreq *r = &p->passes[k];
	struct strbuf sb = STRBUF_INIT;

	if (p->autoconf)
		strbuf_addstr(&sb, p->autoconf);
	strbuf_addf(&sb, "\n/* tracecheck: a pass with %s */\n", label);
	for (size_t i = 0; i < r->nr; i++) {
		if (r->val[i] == p->base[r->opt[i]])
			continue;
		const char *o = tc_conds_option(p->conds, r->opt[i]);
		size_t len = strlen(o) - (ends_with(o, "_MODULE") ? 7 : 0);
		/* builtin or module: one of the two */
		if (r->val[i] && len < strlen(o))
			strbuf_addf(&sb, "#undef %.*s\n", (int)len, o);
		else if (r->val[i])
			strbuf_addf(&sb, "#undef %s_MODULE\n", o);
		strbuf_addf(&sb, r->val[i] ? "#undef %s\n#define %s 1\n" : "#undef %s\n", o, o);
	}
	kconfig_needs(p, k, &sb, implied);
	return strbuf_detach(&sb);
}

/* dir/include/generated/autoconf.h with text in it; -1 after an error. */
static int write_variant(const char *dir, const char *text)
{
	char *gen = xasprintf("%s/include/generated", dir);
	char *path = xasprintf("%s/autoconf.h", gen);
	FILE *f = mkdir_p(gen, 0700) ? NULL : fopen(path, "w");
	int ok = f && fputs(text, f) >= 0;

	if (f && fclose(f))
		ok = 0;
	if (!ok)
		error("%s: %s", path, strerror(errno));
	free(path);
	free(gen);
	return ok ? 0 : -1;
}

static void remove_variant(const char *dir)
{
	char *path = xasprintf("%s/include/generated/autoconf.h", dir);
	char *gen = xasprintf("%s/include/generated", dir);
	char *inc = xasprintf("%s/include", dir);

	unlink(path);
	rmdir(gen);
	rmdir(inc);
	rmdir(dir);
	free(inc);
	free(gen);
	free(path);
}

/*
 * A directory with include/generated/autoconf.h of text in it; NULL after
 * an error.  With the cache it is the cache's, named by its content, as
 * a tree's generated headers are: the same in every run, so that a
 * precompiled header made with it can name it; made beside its place and
 * renamed there (another run may have made it meanwhile), kept (*kept
 * set).  Without, a private one the caller removes.
 */
static char *variant_dir(const char *text, int *kept)
{
	char h[33];
	const char *tmp = getenv("TMPDIR");

	tc_hash_hex(text, strlen(text), h);
	char *final = tc_cache_path("cfg", h);
	*kept = final != NULL;
	if (final && is_dir(final)) {
		tc_cache_touch(final);
		return final;
	}
	char *dir = final ? tc_cache_path("cfg", ".tmp-XXXXXX")
			  : xasprintf("%s/tracecheck-cfg-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!dir || !mkdtemp(dir)) {
		error("cannot create a temporary directory: %s", strerror(errno));
		free(dir);
		free(final);
		return NULL;
	}
	if (write_variant(dir, text)) {
		remove_variant(dir);
		free(dir);
		free(final);
		return NULL;
	}
	if (!final)
		return dir;
	if (rename(dir, final)) {
		remove_variant(dir); /* made meanwhile, or the rename failed: this copy goes */
		if (!is_dir(final)) {
			*kept = 0;
			free(final);
			final = NULL;
			error("cannot keep the configuration's autoconf.h in the cache: %s",
			      strerror(errno));
		}
	}
	free(dir);
	return final;
}

/* What a pass says: its first error, for why it read nothing; a fatal one goes on. */
struct said {
	tc_msg_sink sink;
	void *ctx;
	char *first;
};

static void keep_first(enum tc_msg_level level, const char *text, void *ctx)
{
	struct said *s = ctx;

	if (level == TC_MSG_FATAL) {
		tc_set_msg_sink(s->sink, s->ctx);
		if (s->sink)
			s->sink(level, text, s->ctx);
		else
			tc_msg_print(level, text);
		return;
	}
	if (level >= TC_MSG_ERROR && !s->first)
		s->first = xstrdup(text);
}

/* The header parsed with pass k's autoconf.h; NULL if it was not (*why says why). */
static struct tc_header *parse_pass(struct tc_frontend *fe, const char *path, size_t rebuild,
				    const struct tc_cfgpass_plan *p, size_t k, const char *label,
				    char **why, struct strbuf *implied)
{
	char *text = pass_autoconf(p, k, label, implied);
	struct said s = { 0 };
	struct tc_header *h = NULL;

	s.sink = tc_get_msg_sink(&s.ctx);
	tc_set_msg_sink(keep_first, &s);
	int kept = 0;
	char *dir = variant_dir(text, &kept);
	if (dir) {
		char *inc = xasprintf("%s/include", dir);
		char *ac = xasprintf("%s/generated/autoconf.h", inc);
		struct tc_fe_variant v = { inc, ac, !p->autoconf, rebuild };
		/* made from the header and the configuration: the result's dependencies already */
		tc_deps_ignore_below(dir);
		h = tc_fe_parse_variant(fe, path, &v);
		if (!kept)
			remove_variant(dir);
		free(ac);
		free(inc);
		free(dir);
	}
	tc_set_msg_sink(s.sink, s.ctx);
	if (!h)
		*why = xasprintf("with %s it does not parse: %s", label,
				 s.first ? s.first : "no reason given");
	free(s.first);
	free(text);
	return h;
}

static int said(const struct tc_header *h, const char *msg)
{
	for (size_t i = 0; i < h->nr_clang_messages; i++)
		if (!strcmp(h->clang_messages[i], msg))
			return 1;
	return 0;
}

/*
 * Why target t, for which pass ph (label) of h was made, was not read by
 * it: the first error of the pass that the first parse did not have,
 * else the condition that is more than options.
 */
static char *unread_why(const struct tc_cfgpass_plan *p, const struct target *t,
			const struct tc_header *h, const struct tc_header *ph, const char *label)
{
	char *other = tc_conds_other(p->conds, t->cond_line), *why;

	for (size_t i = 0; i < ph->nr_clang_messages; i++)
		if (!said(h, ph->clang_messages[i])) {
			why = xasprintf("with %s still not read (libclang: %s)", label,
					ph->clang_messages[i]);
			free(other);
			return why;
		}
	why = other ? xasprintf("with %s still not read: %s wants more than Kconfig options", label,
				other)
		    : xasprintf("with %s still not read", label);
	free(other);
	return why;
}

static void leave(struct tc_header *h, const struct target *t, const char *why)
{
	h->cfg_left = xrealloc(h->cfg_left, (h->nr_cfg_left + 1) * sizeof(*h->cfg_left));
	h->cfg_left[h->nr_cfg_left++] = (struct tc_cfg_left){ t->line, xstrdup(why), !t->other };
}

void tc_cfgpass_run(struct tc_frontend *fe, struct tc_header *h, struct tc_cfgpass_plan *p,
		    size_t rebuild)
{
	if (!p)
		return;
	for (size_t k = 0; k < p->nr_passes; k++) {
		char *label = label_of(p, &p->passes[k]), *why = NULL;
		struct strbuf implied = STRBUF_INIT;
		struct tc_header *ph = parse_pass(fe, h->path, rebuild, p, k, label, &why,
						   &implied);
		struct tc_cfg_pass pass = { label, ph, NULL, NULL, 0, NULL };
		if (implied.len)
			pass.implied = strbuf_detach(&implied);
		strbuf_release(&implied);
		for (size_t i = 0; i < p->nr; i++) {
			struct target *t = &p->t[i];
			if (t->pass != (int)k)
				continue;
			int read = ph && (t->name ? read_event(ph, t->name, t->line, t->end, t->nop)
						  : instantiates(ph));
			if (read) {
				/* the part of the pass's options the event itself wants */
				size_t n = pass.nr_events + 1;
				pass.events = xrealloc(pass.events, n * sizeof(char *));
				pass.event_configs =
					xrealloc(pass.event_configs, n * sizeof(char *));
				pass.events[pass.nr_events] = xstrdup(t->name ? t->name : "");
				pass.event_configs[pass.nr_events++] = label_of(p, &t->req);
				continue;
			}
			char *tl = label_of(p, &t->req);
			char *w = ph ? unread_why(p, t, h, ph, tl) : NULL;
			leave(h, t, w ? w : why);
			free(w);
			free(tl);
		}
		if (pass.nr_events) {
			h->cfg_passes = xrealloc(h->cfg_passes,
						 (h->nr_cfg_passes + 1) * sizeof(*h->cfg_passes));
			h->cfg_passes[h->nr_cfg_passes++] = pass;
		} else {
			tc_header_free(ph);
			free(label);
		}
		free(why);
	}
	for (size_t i = 0; i < p->nr; i++)
		if (p->t[i].pass < 0)
			leave(h, &p->t[i], p->t[i].why);
	tc_cfgpass_plan_free(p);
}
