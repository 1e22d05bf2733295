// SPDX-License-Identifier: MIT
/*
 * header-protocol: the structure that <trace/define_trace.h>'s
 * multi-read depends on.
 *
 * A trace header is read once as an ordinary header and, in the one .c
 * that defines CREATE_TRACE_POINTS, again by define_trace.h (once to
 * learn the events, then once per stage of trace_events.h), with
 * TRACE_HEADER_MULTI_READ defined, from the path it builds out of
 * TRACE_INCLUDE_PATH and TRACE_INCLUDE_FILE (default: TRACE_SYSTEM).
 * That only works when the header follows the protocol of
 * samples/trace_events/trace-events-sample.h.  The checks work on the
 * header's logical lines, made of its token stream (ctx->toks: comments
 * removed, continuation lines joined, directives marked) and, for where
 * the re-include goes, on what the front end saw it resolve to
 * (tc_header.reread_*).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A trace header that breaks the protocol <trace/define_trace.h> relies\n"
		"on to re-read it. Errors: no TRACE_SYSTEM in a header that includes\n"
		"define_trace.h, or one that is not an identifier without\n"
		"TRACE_SYSTEM_VAR; a guard without '|| defined(TRACE_HEADER_MULTI_READ)';\n"
		"events and TRACE_SYSTEM but no define_trace.h; TRACE_INCLUDE_PATH or\n"
		"TRACE_INCLUDE_FILE (or TRACE_SYSTEM, the default file name) that make\n"
		"define_trace.h re-read another file or none; an #undef of one of these\n"
		"after define_trace.h. One level lower: '#define TRACE_SYSTEM' without an\n"
		"#undef before it, no <linux/tracepoint.h>, define_trace.h inside the\n"
		"guard or followed by anything but #undef, #endif and comments. Notes:\n"
		"TRACE_SYSTEM inside the guard when it names the re-read file, and\n"
		"define_trace.h inside the guard when a .c of the kernel tree creates the\n"
		"header's events. Headers\n"
		"with neither TRACE_SYSTEM nor define_trace.h are fragments of another\n"
		"trace header and are not checked.",
	.why =
		"define_trace.h re-reads the header once per stage with\n"
		"TRACE_HEADER_MULTI_READ defined. A header that breaks the protocol\n"
		"defines no event (the re-reads find the guard closed), re-reads another\n"
		"file, or builds only thanks to the include order of the files that use\n"
		"it - until a new user includes it in another order.\n"
		"\n"
		"TRACE_SYSTEM inside the guard is a note, not a warning: it is latent,\n"
		"true but minor, as a blind sample of 7.3 (docs/RESULTS.md) judged it,\n"
		"and 7.3's three (kvm.h, pwc.h and tegra_apb_dma.h) build right, as\n"
		"nothing includes them before the CREATE_TRACE_POINTS that creates their\n"
		"events. It matters when a unit includes the header before its\n"
		"CREATE_TRACE_POINTS.\n"
		"\n"
		"define_trace.h inside the guard is a note in a kernel tree where a .c\n"
		"defines CREATE_TRACE_POINTS and includes the header (the tree index's\n"
		"instantiating units), a warning elsewhere: if that unit included the\n"
		"header before CREATE_TRACE_POINTS, the guard would be closed, the\n"
		"tracepoints never defined and the kernel would not link (modpost:\n"
		"__tracepoint_NAME undefined). A tree that builds has it right: the\n"
		"defect is latent, and when it bites the build says so, never the trace\n"
		"(7.3's brcmfmac tracepoint.h, judged latent in a blind sample).",
	.kernel =
		"No fix to cite. 6.12 code it fires on (notes):\n"
		"include/trace/events/kvm.h, pwc.h and tegra_apb_dma.h define\n"
		"TRACE_SYSTEM inside the multi-read guard.\n"
		"samples/trace_events/trace-events-sample.h shows the protocol.",
	.example =
		"#undef TRACE_SYSTEM\n"
		"#define TRACE_SYSTEM foo\t/* before the guard */\n"
		"\n"
		"#if !defined(_TRACE_FOO_H) || defined(TRACE_HEADER_MULTI_READ)\n"
		"#define _TRACE_FOO_H\n"
		"#include <linux/tracepoint.h>\n"
		"\n"
		"TRACE_EVENT(...);\n"
		"\n"
		"#endif /* _TRACE_FOO_H */\n"
		"\n"
		"#undef TRACE_INCLUDE_PATH\t/* when not in include/trace/events */\n"
		"#define TRACE_INCLUDE_PATH .\n"
		"#define TRACE_INCLUDE_FILE foo_trace\t/* when not TRACE_SYSTEM.h */\n"
		"#include <trace/define_trace.h>\t/* last */\n",
	.fix =
		"None.",
	.silence =
		"Its findings are about the header, not an event: --disable\n"
		"header-protocol in a .tracecheck file beside the header silences one\n"
		"header.",
};

enum dkind {
	D_NONE, /* not a directive */
	D_OTHER,
	D_DEFINE,
	D_UNDEF,
	D_INCLUDE,
	D_IF,
	D_IFDEF,
	D_IFNDEF,
	D_ELIF,
	D_ELSE,
	D_ENDIF,
};

struct pline {
	unsigned line, col; /* of its first token ('#' for a directive) */
	enum dkind kind;
	char *name; /* define/undef/ifdef/ifndef: the macro */
	char *rest; /* what follows the directive (and the macro), trimmed */
	int parent; /* innermost enclosing #if (not counting the line's own) or -1 */
	int owner;  /* #if..#endif: the #if of the conditional, else -1 */
	int endif;  /* for an #if: its #endif, -1 if none */
	int event;  /* code that starts with an event macro */
};

struct ptext {
	struct pline *v;
	size_t nr, alloc;
};

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\f' || *s == '\v' || *s == '\r')
		s++;
	return s;
}

static char *trimmed(const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '\t' || *s == '\r'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
		n--;
	return xstrndup(s, n);
}

static const char *const event_macros[] = {
	"TRACE_EVENT",		 "TRACE_EVENT_FN",	   "TRACE_EVENT_FN_COND",
	"TRACE_EVENT_CONDITION", "DECLARE_EVENT_CLASS",	   "DEFINE_EVENT",
	"DEFINE_EVENT_FN",	 "DEFINE_EVENT_PRINT",	   "DEFINE_EVENT_CONDITION",
	"DECLARE_TRACE",	 "DECLARE_TRACE_CONDITION", "TRACE_EVENT_NOP",
	"DEFINE_EVENT_NOP",	 "TRACE_EVENT_SYSCALL",	   "DECLARE_TRACE_SYSCALL",
	"DECLARE_TRACE_EVENT",	 "DECLARE_TRACE_EVENT_CONDITION", "DECLARE_TRACE_EVENT_SYSCALL",
};

/* What the logical line of tokens [i, e) is. */
static void classify(const struct tc_toks *ts, size_t i, size_t e, struct pline *l)
{
	static const struct {
		const char *name;
		enum dkind kind;
	} dirs[] = { { "define", D_DEFINE }, { "undef", D_UNDEF },   { "include", D_INCLUDE },
		     { "if", D_IF },	     { "ifdef", D_IFDEF },   { "ifndef", D_IFNDEF },
		     { "elif", D_ELIF },     { "else", D_ELSE },     { "endif", D_ENDIF } };
	struct strbuf rest = STRBUF_INIT;

	if (!(ts->v[i].flags & TC_TOK_PP)) {
		for (size_t k = 0; ts->v[i].kind == TC_TK_IDENT && k < ARRAY_SIZE(event_macros); k++)
			if (tc_toks_is(ts, i, event_macros[k]) && i + 1 < e && tc_toks_is(ts, i + 1, "("))
				l->event = 1;
		return;
	}
	l->kind = D_OTHER;
	if (++i < e && ts->v[i].kind == TC_TK_IDENT) {
		for (size_t k = 0; k < ARRAY_SIZE(dirs); k++)
			if (tc_toks_is(ts, i, dirs[k].name))
				l->kind = dirs[k].kind;
		i++;
	}
	if (l->kind == D_DEFINE || l->kind == D_UNDEF || l->kind == D_IFDEF ||
	    l->kind == D_IFNDEF) {
		int named = i < e && (ts->v[i].kind == TC_TK_IDENT || ts->v[i].kind == TC_TK_NUMBER);
		l->name = named ? xstrndup(ts->text + ts->v[i].off, ts->v[i].len) : xstrdup("");
		i += named;
	}
	tc_toks_spell(ts, i, e, &rest);
	l->rest = trimmed(strbuf_str(&rest), rest.len);
	strbuf_release(&rest);
}

/* The header's logical lines, with their conditional structure. */
static void scan(const struct tc_toks *ts, struct ptext *pt)
{
	int *stack = NULL;
	size_t nst = 0, ast = 0;

	for (size_t i = 0, e; i < ts->nr; i = e) {
		for (e = i + 1; e < ts->nr && !(ts->v[e].flags & TC_TOK_BOL); e++)
			;
		ALLOC_GROW(pt->v, pt->nr + 1, pt->alloc);
		struct pline *l = &pt->v[pt->nr];
		memset(l, 0, sizeof(*l));
		l->line = ts->v[i].line;
		l->col = ts->v[i].col;
		l->parent = nst ? stack[nst - 1] : -1;
		l->owner = l->endif = -1;
		classify(ts, i, e, l);
		int idx = (int)pt->nr++;
		if (l->kind == D_IF || l->kind == D_IFDEF || l->kind == D_IFNDEF) {
			l->owner = idx;
			ALLOC_GROW(stack, nst + 1, ast);
			stack[nst++] = idx;
		} else if ((l->kind == D_ELIF || l->kind == D_ELSE || l->kind == D_ENDIF) && nst) {
			l->owner = stack[nst - 1];
			l->parent = pt->v[l->owner].parent;
			if (l->kind == D_ENDIF) {
				pt->v[l->owner].endif = idx;
				nst--;
			}
		}
	}
	free(stack);
}

static void ptext_release(struct ptext *pt)
{
	for (size_t i = 0; i < pt->nr; i++) {
		free(pt->v[i].name);
		free(pt->v[i].rest);
	}
	free(pt->v);
}

/* Line i is inside the conditional opened at line g. */
static int inside(const struct ptext *pt, int i, int g)
{
	if (g < 0)
		return 0;
	for (int j = pt->v[i].parent; j >= 0; j = pt->v[j].parent)
		if (j == g)
			return 1;
	return 0;
}

static int has_token(const char *s, const char *tok)
{
	size_t n = strlen(tok);

	for (const char *p = s; (p = strstr(p, tok)); p += n)
		if ((p == s || !tc_cident_char(p[-1])) && !tc_cident_char(p[n]))
			return 1;
	return 0;
}

/* s without its white space; malloced. */
static char *squeezed(const char *s)
{
	char *r = xmalloc(strlen(s) + 1), *o = r;

	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r')
			*o++ = *s;
	*o = '\0';
	return r;
}

/* `#include <linux/tracepoint.h>` (or quoted) for name "linux/tracepoint.h". */
static int includes(const struct pline *l, const char *name)
{
	char *s;
	int r;

	if (l->kind != D_INCLUDE)
		return 0;
	s = squeezed(l->rest);
	r = strlen(s) == strlen(name) + 2 && (s[0] == '<' || s[0] == '"') &&
	    !strncmp(s + 1, name, strlen(name));
	free(s);
	return r;
}

/* `#ifndef X` or `#if !defined(X)` / `#if !defined X`: the X, else NULL (malloced). */
static char *plain_guard_macro(const struct pline *l)
{
	if (l->kind == D_IFNDEF)
		return l->name[0] && !l->rest[0] ? xstrdup(l->name) : NULL;
	if (l->kind != D_IF)
		return NULL;
	char *s = squeezed(l->rest), *r = NULL;
	size_t n;
	if (starts_with(s, "!defined(") && (n = strlen(s)) > 10 && s[n - 1] == ')') {
		r = xstrndup(s + 9, n - 10);
	} else if (starts_with(l->rest, "!defined ") || starts_with(l->rest, "! defined ")) {
		const char *p = skip_blank(strstr(l->rest, "defined") + 7), *e = p;
		while (tc_cident_char(*e))
			e++;
		if (e > p && !*skip_blank(e))
			r = xstrndup(p, e - p);
	}
	for (char *p = r; p && *p; p++)
		if (!tc_cident_char(*p)) {
			free(r);
			r = NULL;
			break;
		}
	free(s);
	return r;
}

static struct tc_loc loc_of(const struct tc_header *h, const struct pline *l)
{
	struct tc_loc loc = { h->path, l->line, l->col };
	return loc;
}

static int is_name(const char *s, int allow_dash)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!tc_cident_char(*s) && !(allow_dash && (*s == '-' || *s == '.' || *s == '+')))
			return 0;
	return 1;
}

struct hp {
	struct tc_check *ck;
	const struct tc_header *h;
	struct ptext pt;
	int guard;	 /* the multi-read guard's #if, -1 */
	int plain_guard; /* a guard without TRACE_HEADER_MULTI_READ around events, -1 */
	int dtrace;	 /* the last #include <trace/define_trace.h>, -1 */
	int first_event; /* -1 */
};

static int find_def(const struct hp *x, enum dkind kind, const char *name, int from, int to)
{
	for (int i = from; i < to; i++)
		if (x->pt.v[i].kind == kind && !strcmp(x->pt.v[i].name, name))
			return i;
	return -1;
}

static void find_guards(struct hp *x)
{
	const struct ptext *pt = &x->pt;

	x->guard = x->plain_guard = -1;
	for (size_t i = 0; i < pt->nr; i++) {
		const struct pline *l = &pt->v[i];
		if ((l->kind == D_IF || l->kind == D_IFDEF || l->kind == D_IFNDEF) && has_token(l->rest, "TRACE_HEADER_MULTI_READ") &&
		    (x->guard < 0 || (x->first_event >= 0 && !inside(pt, x->first_event, x->guard) &&
				      inside(pt, x->first_event, (int)i))))
			x->guard = (int)i;
	}
	if (x->guard >= 0 || x->first_event < 0)
		return;
	/* an include guard around the events that lacks the multi-read clause */
	for (int j = x->pt.v[x->first_event].parent; j >= 0; j = pt->v[j].parent) {
		char *m = plain_guard_macro(&pt->v[j]);
		int k = j + 1;
		while (k < (int)pt->nr && pt->v[k].kind == D_NONE)
			k++;
		if (m && k < (int)pt->nr && pt->v[k].kind == D_DEFINE && !strcmp(pt->v[k].name, m))
			x->plain_guard = j;
		free(m);
	}
}

/* Macros define_trace.h's later re-reads (trace_events.h's stages) still need. */
static int needed_by_rereads(const char *name)
{
	return !strcmp(name, "TRACE_INCLUDE_PATH") || !strcmp(name, "TRACE_INCLUDE_FILE") ||
	       !strcmp(name, "TRACE_SYSTEM") || !strcmp(name, "TRACE_SYSTEM_VAR");
}

/*
 * What follows the define_trace.h include at k that is not #undef,
 * #endif or comments (or is an #undef of what the re-reads need), -1.
 */
static int after_last(const struct hp *x, int k, int from)
{
	const struct ptext *pt = &x->pt;

	for (int i = from + 1; i < (int)pt->nr; i++) {
		const struct pline *l = &pt->v[i];
		switch (l->kind) {
		case D_UNDEF:
			if (needed_by_rereads(l->name))
				return i;
			continue;
		case D_IF:
		case D_IFDEF:
		case D_IFNDEF:
			continue;
		case D_ENDIF:
			continue;
		case D_ELSE:
		case D_ELIF:
			/* a branch of a conditional around the include: not read with it */
			if (l->owner >= 0 && inside(pt, k, l->owner)) {
				if (pt->v[l->owner].endif < 0)
					return -1;
				i = pt->v[l->owner].endif;
				continue;
			}
			continue;
		default:
			return i;
		}
	}
	return -1;
}

static void check_system(struct hp *x)
{
	const struct ptext *pt = &x->pt;
	int any = 0, var = find_def(x, D_DEFINE, "TRACE_SYSTEM_VAR", 0, (int)pt->nr) >= 0;
	int before_guard = x->guard >= 0 && find_def(x, D_DEFINE, "TRACE_SYSTEM", 0, x->guard) >= 0;
	int named_by_file = find_def(x, D_DEFINE, "TRACE_INCLUDE_FILE", 0, (int)pt->nr) >= 0;
	for (int i = 0; i < (int)pt->nr; i++) {
		const struct pline *l = &pt->v[i];
		if (l->kind != D_DEFINE || strcmp(l->name, "TRACE_SYSTEM"))
			continue;
		any = 1;
		char *v = squeezed(l->rest);
		if (!var && !is_name(v, 0))
			tc_report(x->ck, loc_of(x->h, l),
				  "TRACE_SYSTEM '%s' is not made of letters, digits and '_', and "
				  "TRACE_SYSTEM_VAR is not defined; trace_events.h pastes it into "
				  "identifiers, so the events do not build",
				  v);
		free(v);
		if (find_def(x, D_UNDEF, "TRACE_SYSTEM", 0, i) < 0) {
			struct tc_diag *d = tc_report_lower(
				x->ck, loc_of(x->h, l),
				"'#define TRACE_SYSTEM' is not preceded by '#undef TRACE_SYSTEM'; "
				"after another trace header it redefines that header's TRACE_SYSTEM");
			tc_diag_advise(d, loc_of(x->h, l),
				       "write '#undef TRACE_SYSTEM' on the line before");
		}
		if (x->guard >= 0 && inside(pt, i, x->guard) && !before_guard && !named_by_file) {
			/* a note: latent until a unit includes the header twice (doc.why) */
			struct tc_diag *d = tc_report_note(
				x->ck, loc_of(x->h, l),
				"TRACE_SYSTEM is defined inside the multi-read guard, and names the "
				"file define_trace.h re-reads; when the header was included before, "
				"another header's TRACE_SYSTEM picks that file");
			tc_diag_advise(d, loc_of(x->h, &pt->v[x->guard]),
				       "move '#undef TRACE_SYSTEM' and '#define TRACE_SYSTEM' above the "
				       "guard that opens here");
		}
	}
	if (!any && x->dtrace >= 0)
		tc_report(x->ck, loc_of(x->h, &pt->v[x->dtrace]),
			  "the header includes <trace/define_trace.h> but never defines "
			  "TRACE_SYSTEM; its events get the system (and the re-read file) of "
			  "whatever trace header came before, or do not build");
}

/* The values TRACE_INCLUDE_FILE (or TRACE_SYSTEM) can have at the define_trace.h include. */
static int file_candidates(const struct hp *x, const char *macro, char ***out, int *at)
{
	int n = 0;

	*out = NULL;
	*at = -1;
	for (int i = 0; i < x->dtrace; i++) {
		const struct pline *l = &x->pt.v[i];
		if (l->kind != D_DEFINE || strcmp(l->name, macro))
			continue;
		*out = xrealloc(*out, (n + 1) * sizeof(**out));
		(*out)[n++] = squeezed(l->rest);
		*at = i;
	}
	return n;
}

/* f as the header's directory or the kernel tree sees it; malloced. */
static char *shown_path(const struct tc_header *h, const char *file)
{
	char *f = absolute_path(file), *dir = dir_name(h->abs_path), *r = NULL;

	const char *below = path_below(f, dir);

	if (!below && h->tree_path && h->tree_root)
		below = path_below(f, h->tree_root);
	if (below)
		r = xstrdup(below);
	free(dir);
	if (r) {
		free(f);
		return r;
	}
	return f;
}

/*
 * An arch/X/ header whose re-include (<asm/...>) resolves in X's own
 * include/ directory: the tree was read for another architecture.
 */
static int resolves_in_own_arch(const struct tc_header *h)
{
	const char *tp = h->tree_path, *p = h->reread_path, *slash;
	size_t n, pn;
	int r;

	if (!tp || !p || !starts_with(tp, "arch/") || !(slash = strchr(tp + 5, '/')) ||
	    (n = strlen(h->abs_path)) <= strlen(tp) || (pn = strlen(p)) < 3 ||
	    (p[0] != '"' && p[0] != '<'))
		return 0;
	char *cand = xasprintf("%.*s%.*s/include/%.*s", (int)(n - strlen(tp)), h->abs_path,
			       (int)(slash - tp), tp, (int)(pn - 2), p + 1);
	char *abs = absolute_path(cand);
	r = !strcmp(abs, h->abs_path);
	free(abs);
	free(cand);
	return r;
}

/*
 * The re-include path the front end saw names one of the files the
 * header's own text gives: not a TRACE_INCLUDE_FILE (or PATH) left over
 * by the context the header was read in.
 */
static int consistent(const struct tc_header *h, char **c, int nc, char **sys, int ns)
{
	const char *p = h->reread_path;
	size_t pn;

	if (!p || (pn = strlen(p)) < 3)
		return 0;
	for (int i = 0; i < nc + ns; i++) {
		const char *v = i < nc ? c[i] : sys[i - nc];
		char *tail = xasprintf("/%s.h%c", v, p[0] == '<' ? '>' : '"');
		int ok = strlen(tail) < pn && !strcmp(p + pn - strlen(tail), tail);
		free(tail);
		if (ok)
			return 1;
	}
	return 0;
}

static void check_include_path(struct hp *x)
{
	const struct tc_header *h = x->h;
	char **files, **sys;
	int at_file, at_sys, at;
	int nf = file_candidates(x, "TRACE_INCLUDE_FILE", &files, &at_file);
	int ns = file_candidates(x, "TRACE_SYSTEM", &sys, &at_sys);
	int at_path = -1;
	const char *base = strrchr(h->path, '/');
	char *self;
	int decidable = 1, match = 0;

	for (int i = 0; i < x->dtrace; i++)
		if (x->pt.v[i].kind == D_DEFINE && !strcmp(x->pt.v[i].name, "TRACE_INCLUDE_PATH"))
			at_path = i;
	base = base ? base + 1 : h->path;
	self = ends_with(base, ".h") ? xstrndup(base, strlen(base) - 2) : NULL;
	char **c = nf ? files : sys;
	int nc = nf ? nf : ns;
	for (int i = 0; i < nc; i++) {
		if (!strcmp(c[i], "TRACE_SYSTEM") && nf) {
			for (int j = 0; j < ns; j++)
				match |= self && !strcmp(sys[j], self);
			decidable &= ns > 0;
			continue;
		}
		if (!is_name(c[i], 1) || has_token(c[i], "linux"))
			decidable = 0;
		match |= self && !strcmp(c[i], self);
	}
	at = nf ? at_file : at_sys;
	if (self && nc && decidable && !match) {
		const char *v = nf ? files[nf - 1] : sys[ns - 1];
		struct tc_diag *d =
			tc_report(x->ck, loc_of(h, &x->pt.v[at]),
				  "%s '%s' makes define_trace.h re-read '%s.h', not this file ('%s'); "
				  "its events are never created",
				  nf ? "TRACE_INCLUDE_FILE" : "TRACE_SYSTEM (the default TRACE_INCLUDE_FILE)",
				  v, v, base);
		if (!nf)
			tc_diag_advise(d, loc_of(h, &x->pt.v[x->dtrace]),
				       "define '#define TRACE_INCLUDE_FILE %s' before this include", self);
	} else if (h->reread_how && consistent(h, c, nc, nf ? sys : NULL, nf ? ns : 0) &&
		   (!strcmp(h->reread_how, "kernel") || (!h->bare && at_path >= 0))) {
		int where = at_path >= 0 ? at_path : at >= 0 ? at : x->dtrace;
		struct tc_diag *d = NULL;
		if (!strcmp(h->reread_how, "kernel") && h->reread_is_self == 0 && h->reread_file) {
			char *shown = shown_path(h, h->reread_file);
			d = tc_report(x->ck, loc_of(h, &x->pt.v[where]),
				      "define_trace.h's re-include %s finds '%s', not this header; "
				      "its events are never created",
				      h->reread_path ? h->reread_path : "?", shown);
			free(shown);
		}
		else if (strcmp(h->reread_how, "kernel") && !resolves_in_own_arch(h))
			d = tc_report(x->ck, loc_of(h, &x->pt.v[where]),
				      "define_trace.h's re-include %s finds no file%s; the events "
				      "do not build",
				      h->reread_path ? h->reread_path : "?",
				      h->instantiator ? " with the include paths of the .c that "
							"instantiates the header"
						      : "");
		if (d && h->instantiator)
			tc_diag_note(d, loc_of(h, &x->pt.v[where]),
				     "TRACE_INCLUDE_PATH is relative to the include paths (the tree's "
				     "include/, and the -I of %s's Makefile)",
				     h->instantiator);
	}
	for (int i = 0; i < nf; i++)
		free(files[i]);
	for (int i = 0; i < ns; i++)
		free(sys[i]);
	free(files);
	free(sys);
	free(self);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	struct hp x = { .ck = ck, .h = h, .dtrace = -1, .first_event = -1 };
	int system = 0, tracepoint = 0;

	/* a trace remote's header has its own protocol (define_remote_events.h) */
	if (!ck->ctx->text || h->remote)
		return;
	scan(&ck->ctx->toks, &x.pt);
	const struct ptext *pt = &x.pt;
	for (size_t i = 0; i < pt->nr; i++) {
		const struct pline *l = &pt->v[i];
		if (l->event && x.first_event < 0)
			x.first_event = (int)i;
		if (includes(l, "trace/define_trace.h"))
			x.dtrace = (int)i;
		if (includes(l, "linux/tracepoint.h"))
			tracepoint = 1;
		if (l->kind == D_DEFINE && !strcmp(l->name, "TRACE_SYSTEM"))
			system = 1;
	}
	/* a fragment, read by the trace header that includes it */
	if (x.dtrace < 0 && !system)
		goto out;
	find_guards(&x);
	if (x.dtrace < 0) {
		if (x.first_event >= 0)
			tc_report(ck, loc_of(h, &pt->v[x.first_event]),
				  "the header defines TRACE_SYSTEM and events but never includes "
				  "<trace/define_trace.h>; the events are declared, never created");
		goto out;
	}
	check_system(&x);
	if (x.plain_guard >= 0) {
		struct tc_diag *d = tc_report(
			ck, loc_of(h, &pt->v[x.plain_guard]),
			"the header's guard lacks '|| defined(TRACE_HEADER_MULTI_READ)'; "
			"define_trace.h's re-reads find it closed and no event is created");
		tc_diag_advise(d, loc_of(h, &pt->v[x.plain_guard]),
			       "write '#if !defined(%s) || defined(TRACE_HEADER_MULTI_READ)'",
			       pt->v[x.plain_guard + 1].kind == D_DEFINE ? pt->v[x.plain_guard + 1].name
								       : "_TRACE_X_H");
	}
	if (!tracepoint && x.first_event >= 0)
		tc_report_lower(ck, loc_of(h, &pt->v[x.guard >= 0 ? x.guard : x.first_event]),
				"the header does not include <linux/tracepoint.h>; it builds only "
				"when its includer has included it first");
	for (int i = 0; i < (int)pt->nr; i++) {
		if (!includes(&pt->v[i], "trace/define_trace.h"))
			continue;
		if (inside(pt, i, x.guard)) {
			/* a note when a unit of the tree creates the events (doc.why) */
			int latent = ck->ctx->have_index && ck->ctx->nr_inst > 0;
			struct tc_diag *d = (latent ? tc_report_note : tc_report_lower)(
				ck, loc_of(h, &pt->v[i]),
				"<trace/define_trace.h> is included inside the multi-read guard; when "
				"the header was included before CREATE_TRACE_POINTS, the guard is "
				"closed and the tracepoints are never defined");
			tc_diag_note(d, loc_of(h, &pt->v[x.guard]), "the guard opens here");
			if (latent)
				tc_diag_note(d, loc_of(h, &pt->v[i]),
					     "latent: %s creates the events, so no unit includes the "
					     "header before CREATE_TRACE_POINTS (the tracepoints would "
					     "be undefined and the kernel would not link)",
					     ck->ctx->inst_files[0]);
			continue;
		}
		int text_seen = 0;
		for (int a = after_last(&x, i, i); a >= 0; a = after_last(&x, i, a)) {
			struct tc_diag *d;
			if (pt->v[a].kind == D_UNDEF) {
				d = tc_report(ck, loc_of(h, &pt->v[a]),
					      "'#undef %s' after '#include <trace/define_trace.h>' runs "
					      "in its first re-read of the header; the trace_events.h "
					      "stages that re-read it next find it undefined, and the "
					      "events do not build",
					      pt->v[a].name);
			} else if (!text_seen++) {
				d = tc_report_lower(
					ck, loc_of(h, &pt->v[a]),
					"text after the '#include <trace/define_trace.h>'; it must "
					"come last (only #undef, #endif and comments after it), since "
					"every re-read of the header reads this too");
			} else {
				continue;
			}
			tc_diag_note(d, loc_of(h, &pt->v[i]), "<trace/define_trace.h> is included here");
		}
	}
	check_include_path(&x);
out:
	ptext_release(&x.pt);
}

const struct tc_rule rule_header_protocol = {
	.name = "header-protocol",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "the trace header breaks the protocol define_trace.h's multi-read relies on",
	.doc = &doc,
	.check = check,
	.needs = TC_NEED_TOKENS | TC_NEED_TREE_INDEX,
};
