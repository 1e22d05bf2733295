// SPDX-License-Identifier: MIT
/*
 * What kbuild's own Makefiles, Kbuild files and Kconfig say about a
 * tree, read from the tree rather than listed here, so that a new
 * kernel's flags and generated headers come from the kernel itself:
 *
 *  - the C dialect flags of KBUILD_CFLAGS (-std=, -fms-extensions and
 *    its successors), with $(CONFIG_...) string symbols taken from the
 *    configuration or, in an unconfigured tree, from their Kconfig
 *    defaults (each default an alternative, as kbuild's cc-option
 *    picks the first the compiler takes);
 *  - the headers an unconfigured tree lacks because kbuild makes them
 *    before the first compile: the offsets headers of the top Kbuild's
 *    "$(call filechk,offsets,GUARD)" rules (the symbols their .c
 *    DEFINE()s, value 0: tracecheck computes no layout through them),
 *    the syscall-number headers of the architecture's syscalls
 *    Makefile (scripts/syscallhdr.sh from the .tbl files), x86's
 *    cpufeaturemasks.h (arch/x86/tools/cpufeaturemasks.awk from
 *    cpufeatures.h and the configuration), and an empty stand-in for
 *    any other generated-y header.
 *
 * Everything is best effort: a tree without one of these files simply
 * gets nothing from it.
 */
#include "kmake.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* Make's variables, as far as plain assignments go */

struct mk_var {
	char *name;
	char **vals; /* the right-hand sides, in order (:= starts afresh) */
	size_t nr, alloc;
};

struct mk {
	struct mk_var *v;
	size_t nr, alloc;
	const char *arch;
	const char *config; /* the autoconf.h text in use, or NULL */
	const char *root;
};

static struct mk_var *mk_var(struct mk *m, const char *name, size_t len, int create)
{
	for (size_t i = 0; i < m->nr; i++)
		if (strlen(m->v[i].name) == len && !strncmp(m->v[i].name, name, len))
			return &m->v[i];
	if (!create)
		return NULL;
	ALLOC_GROW(m->v, m->nr + 1, m->alloc);
	struct mk_var *v = &m->v[m->nr++];
	memset(v, 0, sizeof(*v));
	v->name = xstrndup(name, len);
	return v;
}

static void mk_release(struct mk *m)
{
	for (size_t i = 0; i < m->nr; i++) {
		free_strings(m->v[i].vals, m->v[i].nr);
		free(m->v[i].name);
	}
	free(m->v);
}

/* text's logical lines: continuations joined, comments dropped; malloced. */
static char **text_lines(const char *text, size_t *nr)
{
	char **v = NULL;
	size_t n = 0, alloc = 0;
	struct strbuf sb = STRBUF_INIT;

	for (const char *p = text; *p;) {
		char *eol = strchrnul(p, '\n');
		int cont = eol > p && eol[-1] == '\\';
		strbuf_add(&sb, p, (size_t)(eol - p - cont));
		if (cont) {
			strbuf_addch(&sb, ' ');
		} else {
			char *l = strbuf_detach(&sb);
			char *hash = strchr(l, '#');
			if (hash && (hash == l || hash[-1] != '\\'))
				*hash = '\0';
			ALLOC_GROW(v, n + 1, alloc);
			v[n++] = l;
		}
		p = *eol ? eol + 1 : eol;
	}
	if (sb.len) {
		ALLOC_GROW(v, n + 1, alloc);
		v[n++] = strbuf_detach(&sb);
	}
	strbuf_release(&sb);
	*nr = n;
	return v;
}

/* The file's logical lines (text_lines()); NULL if it cannot be read. */
static char **logical_lines(const char *path, size_t *nr)
{
	char *text = read_file(path, NULL);

	*nr = 0;
	if (!text)
		return NULL;
	char **v = text_lines(text, nr);
	free(text);
	return v;
}

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* NAME op VALUE (op :=, ::=, =, +=, ?=), an "export " before it allowed. */
static void mk_assign(struct mk *m, const char *line)
{
	const char *p = skip_ws(line), *name;
	size_t len;

	if (starts_with(p, "export ") || starts_with(p, "override "))
		p = skip_ws(strchr(p, ' '));
	name = p;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.')
		p++;
	len = (size_t)(p - name);
	p = skip_ws(p);
	if (!len)
		return;
	int append = 0;
	if (starts_with(p, "+="))
		append = 1, p += 2;
	else if (starts_with(p, "::="))
		p += 3;
	else if (starts_with(p, ":=") || starts_with(p, "?="))
		p += 2;
	else if (*p == '=')
		p++;
	else
		return;
	struct mk_var *v = mk_var(m, name, len, 1);
	if (!append) {
		free_strings(v->vals, v->nr);
		v->vals = NULL;
		v->nr = v->alloc = 0;
	}
	ALLOC_GROW(v->vals, v->nr + 1, v->alloc);
	v->vals[v->nr++] = xstrdup(skip_ws(p));
}

static void mk_read(struct mk *m, const char *path)
{
	size_t n;
	char **lines = logical_lines(path, &n);

	for (size_t i = 0; i < n; i++)
		if (lines[i][0] != '\t')
			mk_assign(m, lines[i]);
	free_strings(lines, n);
}

/* The end of the $(...) or ${...} that starts at s. */
static const char *ref_end(const char *s)
{
	char open = s[1], close = open == '(' ? ')' : '}';
	int depth = 0;

	for (const char *p = s + 1; *p; p++) {
		if (*p == open)
			depth++;
		else if (*p == close && !--depth)
			return p + 1;
	}
	return s + strlen(s);
}

/* The next whitespace-separated word of *s (a $(...) is one word); malloced, NULL at the end. */
static char *next_word(const char **s)
{
	const char *p = skip_ws(*s), *start = p;

	if (!*p)
		return NULL;
	while (*p && *p != ' ' && *p != '\t') {
		if (*p == '$' && (p[1] == '(' || p[1] == '{'))
			p = ref_end(p);
		else
			p++;
	}
	*s = p;
	return xstrndup(start, (size_t)(p - start));
}

/* ------------------------------------------------------------------ */
/* Configuration symbols */

/* CONFIG_name's string value in the autoconf.h text, malloced, or NULL. */
static char *config_string(const char *config, const char *name)
{
	char *key = xasprintf("#define %s \"", name);
	const char *at = config ? strstr(config, key) : NULL;
	char *val = NULL;

	if (at) {
		at += strlen(key);
		val = xstrndup(at, strcspn(at, "\"\n"));
	}
	free(key);
	return val;
}

/* A Kconfig keyword that ends a config entry. */
static int ends_entry(const char *l)
{
	static const char *const kw[] = { "config ", "menuconfig ", "choice", "endchoice", "menu ",
					  "endmenu", "if ", "endif", "source ", "comment " };

	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (starts_with(l, kw[i]))
			return 1;
	return 0;
}

/*
 * The string defaults of "config NAME" (without CONFIG_) in the Kconfig
 * files kbuild's compiler options live in, in order; a default only
 * for GCC is left out (tracecheck's compiler is clang).
 */
static void kconfig_defaults(const struct mk *m, const char *name, struct tc_kchoice *c)
{
	char *files[] = { xasprintf("%s/init/Kconfig", m->root),
			  xasprintf("%s/arch/%s/Kconfig", m->root, m->arch) };
	char *head = xasprintf("config %s", name);

	for (size_t f = 0; f < ARRAY_SIZE(files); f++) {
		size_t n;
		char **lines = logical_lines(files[f], &n);
		int in = 0;
		for (size_t i = 0; i < n; i++) {
			const char *l = skip_ws(lines[i]);
			if (!strcmp(l, head) || (starts_with(l, head) && isspace((unsigned char)l[strlen(head)]))) {
				in = 1;
				continue;
			}
			if (!in)
				continue;
			if (l == lines[i] && *l && ends_entry(l))
				break;
			if (!starts_with(l, "default \""))
				continue;
			const char *v = l + strlen("default \"");
			const char *q = strchr(v, '"');
			if (!q || strstr(q, "CC_IS_GCC"))
				continue;
			ALLOC_GROW(c->alts, c->nr + 1, c->alloc);
			c->alts[c->nr++] = xstrndup(v, (size_t)(q - v));
		}
		free_strings(lines, n);
		if (in)
			break;
	}
	free(head);
	for (size_t f = 0; f < ARRAY_SIZE(files); f++)
		free(files[f]);
}

/* ------------------------------------------------------------------ */
/* The dialect flags of KBUILD_CFLAGS */

/* A flag that changes what C the compiler reads (not code generation, not warnings). */
static int dialect_flag(const char *w)
{
	static const char *const families[] = { "-std=", "-fms-", "-fno-ms-", "-fplan9-" };

	for (size_t i = 0; i < ARRAY_SIZE(families); i++)
		if (starts_with(w, families[i]))
			return 1;
	return 0;
}

static void add_choice(struct tc_kflags *out, struct tc_kchoice *c)
{
	/* only alternatives made of dialect flags */
	size_t k = 0;
	for (size_t i = 0; i < c->nr; i++) {
		const char *p = c->alts[i];
		char *w;
		int ok = 1;
		while ((w = next_word(&p))) {
			ok &= dialect_flag(w);
			free(w);
		}
		/* an empty alternative is one: a configuration that sets no flag */
		if (ok)
			c->alts[k++] = c->alts[i];
		else
			free(c->alts[i]);
	}
	c->nr = k;
	if (!k) {
		free(c->alts);
		return;
	}
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	out->v[out->nr++] = *c;
}

static void expand(const struct mk *m, const char *text, struct tc_kflags *out, int depth)
{
	const char *p = text;
	char *w;

	while ((w = next_word(&p))) {
		struct tc_kchoice c = { 0 };
		if (w[0] == '$' && (w[1] == '(' || w[1] == '{') && ref_end(w) == w + strlen(w)) {
			char *in = xstrndup(w + 2, strlen(w) - 3);
			if (starts_with(in, "call cc-option,")) {
				/* $(call cc-option,FLAG[,FALLBACK]) */
				char *args = in + strlen("call cc-option,");
				char *comma = strchr(args, ',');
				if (comma)
					*comma = '\0';
				ALLOC_GROW(c.alts, c.nr + 2, c.alloc);
				c.alts[c.nr++] = xstrdup(args);
				if (comma && *skip_ws(comma + 1))
					c.alts[c.nr++] = xstrdup(skip_ws(comma + 1));
				add_choice(out, &c);
			} else if (starts_with(in, "CONFIG_")) {
				char *val = config_string(m->config, in);
				if (val) {
					ALLOC_GROW(c.alts, c.nr + 1, c.alloc);
					c.alts[c.nr++] = val;
				}
				/* the Kconfig defaults: what the compiler may take instead */
				kconfig_defaults(m, in + strlen("CONFIG_"), &c);
				add_choice(out, &c);
			} else {
				const struct mk_var *v = mk_var((struct mk *)m, in, strlen(in), 0);
				for (size_t i = 0; v && depth < 8 && i < v->nr; i++)
					expand(m, v->vals[i], out, depth + 1);
			}
			free(in);
		} else if (dialect_flag(w)) {
			ALLOC_GROW(c.alts, 1, c.alloc);
			c.alts[c.nr++] = xstrdup(w);
			add_choice(out, &c);
		}
		free(w);
	}
}

void tc_kmake_dialect(const char *root, const char *arch, const char *config,
		      struct tc_kflags *out)
{
	struct mk m = { .arch = arch, .config = config, .root = root };
	char *top = xasprintf("%s/Makefile", root);
	char *am = xasprintf("%s/arch/%s/Makefile", root, arch);

	mk_read(&m, top);
	mk_read(&m, am);
	const struct mk_var *v = mk_var(&m, "KBUILD_CFLAGS", strlen("KBUILD_CFLAGS"), 0);
	for (size_t i = 0; v && i < v->nr; i++)
		expand(&m, v->vals[i], out, 0);
	mk_release(&m);
	free(top);
	free(am);
}

void tc_kflags_release(struct tc_kflags *f)
{
	for (size_t i = 0; i < f->nr; i++)
		free_strings(f->v[i].alts, f->v[i].nr);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* ------------------------------------------------------------------ */
/* What the architecture's Kconfig selects */

struct symset {
	char **v;
	size_t nr, alloc;
};

static int sym_has(const struct symset *s, const char *name, size_t len)
{
	for (size_t i = 0; i < s->nr; i++)
		if (strlen(s->v[i]) == len && !strncmp(s->v[i], name, len))
			return 1;
	return 0;
}

static void sym_add(struct symset *s, const char *name, size_t len)
{
	ALLOC_GROW(s->v, s->nr + 1, s->alloc);
	s->v[s->nr++] = xstrndup(name, len);
}

/* Is the symbol name (len bytes) in the set ctx? */
static int in_set(const char *name, size_t len, void *ctx)
{
	return sym_has(ctx, name, len);
}

/* Whether a symbol (name, len) is y. */
typedef int kexpr_on_fn(const char *name, size_t len, void *ctx);

/*
 * A Kconfig expression: SYM, SYM=y, SYM!=y, !, &&, ||, parentheses;
 * anything else is n, so that what is not understood stays out.
 */
static int kexpr_or(const char **p, kexpr_on_fn *on, void *ctx, int depth);

/* Past TC_MAX_NESTING (ctok.h) of '!' and '(' an expression is not understood: n. */
static int kexpr_factor(const char **p, kexpr_on_fn *on, void *ctx, int depth)
{
	*p = skip_ws(*p);
	if ((**p == '!' || **p == '(') && depth >= TC_MAX_NESTING) {
		*p += strlen(*p);
		return 0;
	}
	if (**p == '!') {
		(*p)++;
		return !kexpr_factor(p, on, ctx, depth + 1);
	}
	if (**p == '(') {
		(*p)++;
		int v = kexpr_or(p, on, ctx, depth + 1);
		*p = skip_ws(*p);
		if (**p == ')')
			(*p)++;
		return v;
	}
	const char *name = *p;
	while (isalnum((unsigned char)**p) || **p == '_')
		(*p)++;
	size_t len = (size_t)(*p - name);
	if (!len) {
		*p += strlen(*p); /* not understood: n */
		return 0;
	}
	int v = on(name, len, ctx);
	const char *q = skip_ws(*p);
	int neg = starts_with(q, "!=");
	if (neg || *q == '=') {
		q = skip_ws(q + 1 + neg);
		int y = *q == 'y' && !isalnum((unsigned char)q[1]) && q[1] != '_';
		while (isalnum((unsigned char)*q) || *q == '_' || *q == '"')
			q++;
		*p = q;
		v = (v == y) != neg;
	}
	return v;
}

static int kexpr_and(const char **p, kexpr_on_fn *on, void *ctx, int depth)
{
	int v = kexpr_factor(p, on, ctx, depth);

	while (starts_with(*p = skip_ws(*p), "&&")) {
		*p += 2;
		v &= kexpr_factor(p, on, ctx, depth);
	}
	return v;
}

static int kexpr_or(const char **p, kexpr_on_fn *on, void *ctx, int depth)
{
	int v = kexpr_and(p, on, ctx, depth);

	while (starts_with(*p = skip_ws(*p), "||")) {
		*p += 2;
		v |= kexpr_and(p, on, ctx, depth);
	}
	return v;
}

int tc_kexpr(const char *expr, int (*on)(const char *name, size_t len, void *ctx), void *ctx)
{
	return kexpr_or(&expr, on, ctx, 0);
}

char **tc_kmake_logical_lines(const char *path, size_t *nr)
{
	return logical_lines(path, nr);
}

char **tc_kmake_text_lines(const char *text, size_t *nr)
{
	return text_lines(text, nr);
}

void tc_kmake_arch_selects(const char *root, const char *arch, struct strbuf *config)
{
	char *path = xasprintf("%s/arch/%s/Kconfig", root, arch);
	size_t n;
	char **lines = logical_lines(path, &n);
	struct symset set = { 0 };
	size_t given;

	for (const char *l = config->buf; (l = strstr(l, "#define CONFIG_")); l++) {
		const char *name = l + strlen("#define CONFIG_");
		sym_add(&set, name, strcspn(name, " \t\n"));
	}
	given = set.nr;
	/* the selects of every symbol set, until nothing changes */
	for (int changed = 1, round = 0; changed && round < 16; round++) {
		changed = 0;
		int in = 0;
		for (size_t i = 0; i < n; i++) {
			const char *l = lines[i];
			if (starts_with(l, "config ") || starts_with(l, "menuconfig ")) {
				const char *name = skip_ws(strchr(l, ' '));
				in = sym_has(&set, name, strcspn(name, " \t"));
				continue;
			}
			if (l[0] != ' ' && l[0] != '\t') {
				in = in && !*l;
				continue;
			}
			l = skip_ws(l);
			if (!in || !starts_with(l, "select "))
				continue;
			const char *name = skip_ws(l + strlen("select "));
			size_t len = strcspn(name, " \t");
			const char *cond = skip_ws(name + len);
			if (starts_with(cond, "if ")) {
				if (!tc_kexpr(cond + 3, in_set, &set))
					continue;
			} else if (*cond) {
				continue;
			}
			if (!sym_has(&set, name, len)) {
				sym_add(&set, name, len);
				changed = 1;
			}
		}
	}
	if (set.nr > given)
		strbuf_addf(config, "/* selected by arch/%s/Kconfig */\n", arch);
	for (size_t i = given; i < set.nr; i++)
		strbuf_addf(config, "#define CONFIG_%s 1\n", set.v[i]);
	free_strings(set.v, set.nr);
	free_strings(lines, n);
	free(path);
}

/* ------------------------------------------------------------------ */
/* Generated headers */

static int write_new(const char *dir, const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", dir, rel);
	char *d = dir_name(path);
	FILE *f = NULL;

	if (!is_file(path) && !mkdir_p(d, 0700))
		f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	free(d);
	free(path);
	return f != NULL;
}

/* Does the tree have rel itself (then nothing is generated for it)? */
static int in_tree(const char *root, const char *rel)
{
	char *p = xasprintf("%s/%s", root, rel);
	int yes = is_file(p);

	free(p);
	return yes;
}

/* $(VAR) and $(SRCARCH) in s, from m; malloced. */
static char *subst(const struct mk *m, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	while (*s) {
		if (s[0] == '$' && (s[1] == '(' || s[1] == '{')) {
			const char *e = ref_end(s);
			size_t len = (size_t)(e - s) - 3;
			const struct mk_var *v = mk_var((struct mk *)m, s + 2, len, 0);
			if (len == strlen("SRCARCH") && !strncmp(s + 2, "SRCARCH", len))
				strbuf_addstr(&sb, m->arch);
			else if (v && v->nr)
				strbuf_addstr(&sb, v->vals[v->nr - 1]);
			s = e;
		} else {
			strbuf_addch(&sb, *s++);
		}
	}
	return strbuf_detach(&sb);
}

/* The first argument of each NAME( in text that is a plain identifier. */
static void macro_args(const char *text, const char *name, struct strbuf *out)
{
	size_t n = strlen(name);

	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *a = skip_ws(p + n);
		if (*a != '(')
			continue;
		a = skip_ws(a + 1);
		const char *e = a;
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		if (e > a && (*skip_ws(e) == ',' || *skip_ws(e) == ')') && !isdigit((unsigned char)*a))
			strbuf_addf(out, "#define %.*s 0\n", (int)(e - a), a);
	}
}

/* The DEFINE()d and OFFSET()ed symbols of an offsets .c and the .c files it includes. */
static void offsets_symbols(const char *path, struct strbuf *out, int depth)
{
	char *text = read_file(path, NULL);

	if (!text)
		return;
	macro_args(text, "DEFINE", out);
	macro_args(text, "OFFSET", out);
	char *dir = dir_name(path);
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		const char *inc = tc_directive(l, "include");
		if (!inc || *(inc = skip_ws(inc)) != '"')
			continue;
		const char *e = strchr(inc + 1, '"');
		if (!e || e - inc < 3 || strncmp(e - 2, ".c", 2) || depth > 4)
			continue;
		char *sub = xasprintf("%s/%.*s", dir, (int)(e - inc - 1), inc + 1);
		offsets_symbols(sub, out, depth + 1);
		free(sub);
	}
	free(dir);
	free(text);
}

/*
 * The top Kbuild's offsets headers: "TARGET: SOURCE.s ..." followed by
 * "$(call filechk,offsets,GUARD)".
 */
static void gen_offsets(const char *root, const char *arch, const char *gen)
{
	struct mk m = { .arch = arch, .root = root };
	char *kb = xasprintf("%s/Kbuild", root);
	size_t n;
	char **lines = logical_lines(kb, &n);

	mk_read(&m, kb);
	for (size_t i = 1; i < n; i++) {
		const char *call = strstr(lines[i], "$(call filechk,offsets,");
		if (!call || lines[i][0] != '\t')
			continue;
		const char *g = call + strlen("$(call filechk,offsets,");
		char *guard = xstrndup(g, strcspn(g, ")"));
		size_t r = i;
		while (r > 0 && (lines[r - 1][0] == '\t' || !*skip_ws(lines[r - 1])))
			r--;
		char *rule = r > 0 ? subst(&m, lines[r - 1]) : NULL;
		char *colon = rule ? strchr(rule, ':') : NULL;
		if (colon) {
			*colon = '\0';
			const char *p = colon + 1;
			char *target = xstrdup(skip_ws(rule)), *w, *src = NULL;
			*strchrnul(target, ' ') = '\0';
			while (!src && (w = next_word(&p))) {
				if (ends_with(w, ".s")) {
					w[strlen(w) - 1] = 'c';
					src = xasprintf("%s/%s", root, w);
				}
				free(w);
			}
			if (src && starts_with(target, "include/generated/") && !in_tree(root, target)) {
				struct strbuf sb = STRBUF_INIT;
				const char *rel = path_below(src, root);
				strbuf_addf(&sb, "/* tracecheck: the symbols of %s, not computed */\n"
						 "#ifndef %s\n#define %s\n\n", rel ? rel : src, guard, guard);
				offsets_symbols(src, &sb, 0);
				strbuf_addf(&sb, "\n#endif\n");
				write_new(gen, target, sb.buf);
				strbuf_release(&sb);
			}
			free(src);
			free(target);
		}
		free(rule);
		free(guard);
	}
	free_strings(lines, n);
	free(kb);
	mk_release(&m);
}

/* scripts/syscallhdr.sh: the numbers of the table's lines of the ABIs. */
static char *syscall_header(const char *tbl, const char *out, const char *abis,
			    const char *offset, const char *prefix)
{
	char *text = read_file(tbl, NULL);
	struct strbuf sb = STRBUF_INIT, guard = STRBUF_INIT;
	const char *base = strrchr(out, '/') ? strrchr(out, '/') + 1 : out;
	long max = -1;

	if (!text)
		return NULL;
	/* _UAPI_ASM_ and the name upper-cased, other characters '_', then "__" -> "_" */
	strbuf_addstr(&guard, "_UAPI_ASM_");
	for (const char *p = base; *p; p++) {
		int c = isalnum((unsigned char)*p) ? toupper((unsigned char)*p) : '_';
		int n = isalnum((unsigned char)p[1]) || !p[1] ? 0 : '_';
		strbuf_addch(&guard, c);
		if (c == '_' && n == '_')
			p++;
	}
	strbuf_addf(&sb, "#ifndef %s\n#define %s\n\n", guard.buf, guard.buf);
	for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n")) {
		char nr[32], abi[64], name[128];
		if (sscanf(l, "%31s %63s %127s", nr, abi, name) != 3 || !isdigit((unsigned char)nr[0]))
			continue;
		char *want = xasprintf(",%s,", abis);
		char *have = xasprintf(",%s,", abi);
		int ok = !*abis || strstr(want, have);
		free(want);
		free(have);
		if (!ok)
			continue;
		max = strtol(nr, NULL, 0);
		if (*offset)
			strbuf_addf(&sb, "#define __NR_%s%s (%s + %s)\n", prefix, name, offset, nr);
		else
			strbuf_addf(&sb, "#define __NR_%s%s %s\n", prefix, name, nr);
	}
	strbuf_addf(&sb, "\n#ifdef __KERNEL__\n#define __NR_%ssyscalls %ld\n#endif\n\n#endif /* %s */\n",
		    prefix, max + 1, guard.buf);
	strbuf_release(&guard);
	free(text);
	return strbuf_detach(&sb);
}

/* The value of "TARGET: VAR := VALUE" for target, or "". */
static const char *target_var(char **lines, size_t n, const char *target, const char *var,
			      char **keep)
{
	for (size_t i = 0; i < n; i++) {
		const char *p = lines[i];
		if (!starts_with(p, target) || *skip_ws(p + strlen(target)) != ':')
			continue;
		p = skip_ws(skip_ws(p + strlen(target)) + 1);
		if (!starts_with(p, var))
			continue;
		p = skip_ws(p + strlen(var));
		if (starts_with(p, ":="))
			p += 2;
		else if (*p == '=')
			p++;
		else
			continue;
		free(*keep);
		*keep = xstrdup(skip_ws(p));
		(*keep)[strcspn(*keep, " \t")] = '\0';
		return *keep;
	}
	return "";
}

/* The architecture's syscalls Makefile: each $(uapi|out)/X.h made with $(syshdr). */
static void gen_syscalls(const char *root, const char *arch, const char *gen)
{
	static const char *const dirs[] = { "entry/syscalls", "kernel/syscalls" };

	for (size_t d = 0; d < ARRAY_SIZE(dirs); d++) {
		char *dir = xasprintf("%s/arch/%s/%s", root, arch, dirs[d]);
		char *mkf = xasprintf("%s/Makefile", dir);
		struct mk m = { .arch = arch, .root = root };
		size_t n;
		char **lines = logical_lines(mkf, &n);
		mk_read(&m, mkf);
		for (size_t i = 0; i < n; i++) {
			const char *l = lines[i];
			const char *colon = strchr(l, ':');
			if (!colon || colon[1] == '=' || !strstr(colon, "$(syshdr)"))
				continue;
			char *target = xstrndup(l, (size_t)(colon - l));
			const char *p = colon + 1;
			char *w, *tbl = NULL, *out = NULL, *keep[3] = { NULL, NULL, NULL };
			while (!tbl && (w = next_word(&p))) {
				char *s = subst(&m, w);
				if (ends_with(s, ".tbl"))
					tbl = s;
				else
					free(s);
				free(w);
			}
			if (starts_with(target, "$(uapi)/"))
				out = xasprintf("arch/%s/include/generated/uapi/asm/%s", arch,
						target + strlen("$(uapi)/"));
			else if (starts_with(target, "$(out)/"))
				out = xasprintf("arch/%s/include/generated/asm/%s", arch,
						target + strlen("$(out)/"));
			if (tbl && out) {
				/* $(src) is the Makefile's directory */
				char *path = starts_with(tbl, "$(src)/")
						     ? xasprintf("%s/%s", dir, tbl + strlen("$(src)/"))
						     : xasprintf("%s/%s", root, tbl);
				char *text = syscall_header(
					path, out, target_var(lines, n, target, "abis", &keep[0]),
					target_var(lines, n, target, "offset", &keep[1]),
					target_var(lines, n, target, "prefix", &keep[2]));
				if (text)
					write_new(gen, out, text);
				free(text);
				free(path);
			}
			for (size_t k = 0; k < ARRAY_SIZE(keep); k++)
				free(keep[k]);
			free(out);
			free(tbl);
			free(target);
		}
		free_strings(lines, n);
		mk_release(&m);
		free(mkf);
		free(dir);
	}
}

/*
 * arch/x86/tools/cpufeaturemasks.awk: REQUIRED_MASKn and DISABLED_MASKn
 * for the NCAPINTS words of cpufeatures.h, from the configuration's
 * CONFIG_X86_{REQUIRED,DISABLED}_FEATURE_<NAME>.
 */
static void gen_cpufeaturemasks(const char *root, const char *arch, const char *config,
				const char *gen)
{
	char *awk = xasprintf("%s/arch/%s/tools/cpufeaturemasks.awk", root, arch);
	char *hdr = xasprintf("%s/arch/%s/include/asm/cpufeatures.h", root, arch);
	char *text = is_file(awk) ? read_file(hdr, NULL) : NULL;
	static const char *const sets[] = { "REQUIRED", "DISABLED" };
	unsigned long *mask[2] = { NULL, NULL };
	int ncapints = 0;

	if (!text)
		goto out;
	const char *nc = strstr(text, "#define NCAPINTS");
	if (nc)
		ncapints = atoi(skip_ws(nc + strlen("#define NCAPINTS")));
	if (ncapints <= 0 || ncapints > 256)
		goto out;
	for (int s = 0; s < 2; s++)
		mask[s] = xcalloc((size_t)ncapints, sizeof(*mask[s]));
	for (const char *l = text; *l; l = strchrnul(l, '\n'), l += *l == '\n') {
		char name[128];
		int word, bit;
		if (sscanf(l, "#define X86_FEATURE_%127[A-Za-z0-9_] ( %d * 32 + %d )", name, &word,
			   &bit) != 3 ||
		    word < 0 || word >= ncapints || bit < 0 || bit > 31)
			continue;
		for (int s = 0; s < 2; s++) {
			char *key = xasprintf("#define CONFIG_X86_%s_FEATURE_%s 1\n", sets[s], name);
			if (config && strstr(config, key))
				mask[s][word] |= 1UL << bit;
			free(key);
		}
	}
	struct strbuf sb = STRBUF_INIT;
	strbuf_addstr(&sb, "/* tracecheck: as arch/x86/tools/cpufeaturemasks.awk makes it */\n"
			   "#ifndef _ASM_X86_CPUFEATUREMASKS_H\n#define _ASM_X86_CPUFEATUREMASKS_H\n\n");
	for (int s = 0; s < 2; s++) {
		for (int i = 0; i < ncapints; i++)
			strbuf_addf(&sb, "#define %s_MASK%d\t0x%08lxU\n", sets[s], i, mask[s][i]);
		strbuf_addf(&sb, "\n#define %s_MASK_BIT_SET(x)\t\\\n\t((", sets[s]);
		for (int i = 0; i < ncapints; i++)
			if (mask[s][i])
				strbuf_addf(&sb, "\t\\\n\t\t((x) >> 5) == %2d ? %s_MASK%d :", i, sets[s], i);
		strbuf_addstr(&sb, " 0\t\\\n\t) & (1U << ((x) & 31)))\n\n");
	}
	strbuf_addstr(&sb, "#endif /* _ASM_X86_CPUFEATUREMASKS_H */\n");
	char *rel = xasprintf("arch/%s/include/generated/asm/cpufeaturemasks.h", arch);
	write_new(gen, rel, sb.buf);
	free(rel);
	strbuf_release(&sb);
out:
	for (int s = 0; s < 2; s++)
		free(mask[s]);
	free(text);
	free(awk);
	free(hdr);
}

/* An empty stand-in for each generated-y header nothing above made. */
static void gen_rest(const char *root, const char *arch, const char *gen)
{
	static const char *const kbuilds[][2] = {
		{ "arch/%s/include/asm/Kbuild", "arch/%s/include/generated/asm" },
		{ "arch/%s/include/uapi/asm/Kbuild", "arch/%s/include/generated/uapi/asm" },
	};

	for (size_t k = 0; k < ARRAY_SIZE(kbuilds); k++) {
		char *rel = xasprintf(kbuilds[k][0], arch);
		char *kb = xasprintf("%s/%s", root, rel);
		char *outdir = xasprintf(kbuilds[k][1], arch);
		size_t n;
		char **lines = logical_lines(kb, &n);
		for (size_t i = 0; i < n; i++) {
			char name[256];
			if (sscanf(lines[i], " generated-y += %255s", name) != 1 || !ends_with(name, ".h"))
				continue;
			char *out = xasprintf("%s/%s", outdir, name);
			char *text = xasprintf("/* tracecheck: %s lists %s as generated-y; "
					       "left empty */\n", rel, name);
			write_new(gen, out, text);
			free(text);
			free(out);
		}
		free_strings(lines, n);
		free(outdir);
		free(kb);
		free(rel);
	}
}

void tc_kmake_generate(const char *root, const char *arch, const char *config, const char *gen)
{
	gen_offsets(root, arch, gen);
	gen_syscalls(root, arch, gen);
	gen_cpufeaturemasks(root, arch, config, gen);
	gen_rest(root, arch, gen);
}
