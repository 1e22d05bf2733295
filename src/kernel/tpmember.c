// SPDX-License-Identifier: MIT
/*
 * The integer type of a struct member a tracepoint's caller passes
 * (`current->nr_dirtied`, `wb->stats.hits`), for field-truncated: 7.3's
 * balance_dirty_pages() passes its unsigned long parameter on, and its
 * caller passes `current->nr_dirtied`, an int.
 *
 * The scan: each "struct TAG {" or "union TAG {" of a file's text (and
 * "struct {") is an 'M' line, "M TAG\tMEMBER TYPE\tMEMBER TYPE...":
 * TYPE the width in bytes when the words say it ("unsigned long" 8, u32
 * 4), else the one word of a typedef's name; "=T" for a struct or union
 * T or a pointer to one (what a chain of members goes on through); '?'
 * for each word of a declaration the scan does not understand (an enum,
 * an attribute after the name, a macro).  A pointer or an array of
 * anything else is left out: a call that compiles passes no pointer to
 * an integer parameter.  The members of a nested struct without a tag
 * (an anonymous union) are the outer one's too; a nested "struct T {"
 * has its own line.  Members declared under #if count whatever the
 * branch: two that differ are not known.
 *
 * The argument (tpwidth.c) is ":&BASE M1 ... MK": BASE the tag of the
 * struct the first identifier is declared with (in the function, then
 * at file scope; `current` is the running struct task_struct), '?'
 * when not known.
 *
 * The merge, tp_member_width(): with BASE known, each Mi the struct
 * every declaration of Mi in it names, and MK's width where every
 * declaration of MK in that struct agrees on it; a member the struct
 * has no line for is not known.  With BASE (or a step) not known, not
 * known either: a member a macro declares, or one of a generated header
 * or of a named struct without a tag, has no line, so the declarations
 * of a name the scan sees need not be all there are.  0 when not known.
 */
#include "tpindex_int.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "strbuf.h"
#include "util.h"

/* ------------------------------------------------------------------ */
/* the scan */

struct lx {
	const char *text, *p, *end;
};

struct mtok {
	const char *s;
	size_t n;
	char k; /* 'w' a word or a number, '"' a literal, else the character */
};

static int at_line_start(const struct lx *x, const char *p)
{
	while (p > x->text && (p[-1] == ' ' || p[-1] == '\t'))
		p--;
	return p == x->text || p[-1] == '\n';
}

/* The next token, comments, literals' text and preprocessor lines left out; 0 at the end. */
static char lx_next(struct lx *x, struct mtok *k)
{
	const char *p = x->p, *end = x->end;

	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
				   *p == '\f' || *p == '\v'))
			p++;
		if (p >= end) {
			x->p = p;
			return 0;
		}
		if (*p == '/' && p + 1 < end && p[1] == '*') {
			const char *e = memmem(p + 2, (size_t)(end - p - 2), "*/", 2);
			p = e ? e + 2 : end;
		} else if (*p == '/' && p + 1 < end && p[1] == '/') {
			const char *e = memchr(p, '\n', (size_t)(end - p));
			p = e ? e : end;
		} else if (*p == '#' && at_line_start(x, p)) {
			/* to the end of the line, through its continuations */
			while (p < end && *p != '\n')
				p += *p == '\\' && p + 1 < end ? 2 : 1;
		} else if (*p == '\\' && p + 1 < end && (p[1] == '\n' || p[1] == '\r')) {
			p++;
		} else {
			break;
		}
	}
	k->s = p;
	if (tc_cident_char((unsigned char)*p)) {
		while (p < end && tc_cident_char((unsigned char)*p))
			p++;
		k->k = 'w';
	} else if (*p == '"' || *p == '\'') {
		char q = *p++;
		while (p < end && *p != q && *p != '\n')
			p += *p == '\\' && p + 1 < end ? 2 : 1;
		p = p < end ? p + 1 : end;
		k->k = '"';
	} else {
		k->k = *p++;
	}
	k->n = (size_t)(p - k->s);
	x->p = p;
	return k->k;
}

static int mword(const struct mtok *k, const char *w)
{
	return k->k == 'w' && strlen(w) == k->n && !memcmp(k->s, w, k->n);
}

static int struct_kw(const struct mtok *k)
{
	return mword(k, "struct") || mword(k, "union");
}

/* Words that change no type, as the scan leaves them out of a member's. */
static int mqualifier(const struct mtok *k)
{
	static const char *const q[] = { "const", "volatile", "__rcu", "__user", "__iomem",
					 "__percpu", "__force", "__bitwise", "__private" };

	for (size_t i = 0; i < ARRAY_SIZE(q); i++)
		if (mword(k, q[i]))
			return 1;
	return 0;
}

static int base_word(const struct mtok *k)
{
	return mword(k, "unsigned") || mword(k, "signed") || mword(k, "int") ||
	       mword(k, "char") || mword(k, "short") || mword(k, "long");
}

#define MAX_SEG 64

struct seg {
	struct mtok v[MAX_SEG];
	size_t nr;
	int over; /* more tokens than v holds */
};

static void add_member(struct strbuf *line, const struct mtok *m, const char *type, size_t typen)
{
	strbuf_addf(line, "\t%.*s %.*s", (int)m->n, m->s, (int)typen, type);
}

/* Each word of v[s, e) a member of no known type. */
static void poison(struct strbuf *line, const struct mtok *v, size_t s, size_t e)
{
	for (size_t i = s; i < e; i++)
		if (v[i].k == 'w' && !(v[i].s[0] >= '0' && v[i].s[0] <= '9'))
			add_member(line, &v[i], "?", 1);
}

/* The close of the bracket at v[i] (open o, close c) in v[0, n), or n. */
static size_t close_at(const struct mtok *v, size_t n, size_t i, char o, char c)
{
	int depth = 0;

	for (size_t j = i; j < n; j++) {
		if (v[j].k == o)
			depth++;
		else if (v[j].k == c && !--depth)
			return j;
	}
	return n;
}

/*
 * One declaration of the struct tag: "TYPE D1, D2 ...", each D
 * "[*...]NAME[[N]...][: BITS]" or a function pointer "(*NAME)(...)".
 */
static void declaration(struct strbuf *line, const struct seg *sg)
{
	struct mtok v[MAX_SEG];
	size_t n = 0, s = 0, u = (size_t)-1;
	int depth = 0;

	/* "struct T { ... };" or "union { ... };": no member of its own */
	if (!sg->nr || (sg->nr <= 2 && struct_kw(&sg->v[0]) && sg->v[sg->nr - 1].k == 'w'))
		return;
	if (sg->over) {
		poison(line, sg->v, 0, sg->nr);
		return;
	}
	/* struct_group(NAME, TYPE a; ...): what follows the last unmatched '(' and its ','s */
	for (size_t i = 0; i < sg->nr; i++) {
		if (sg->v[i].k == '(')
			depth++;
		else if (sg->v[i].k == ')' && depth)
			depth--;
	}
	if (depth) {
		depth = 0;
		for (size_t i = sg->nr; i-- > 0;) {
			if (sg->v[i].k == ')')
				depth++;
			else if (sg->v[i].k == '(' && !depth--) {
				u = i;
				break;
			}
		}
		s = u + 1;
		for (size_t i = u + 1; i < sg->nr; i++)
			if (sg->v[i].k == ',')
				s = i + 1;
	}
	while (s < sg->nr && sg->v[s].k == ')')
		s++;
	for (size_t i = s; i < sg->nr; i++)
		if (!mqualifier(&sg->v[i]))
			v[n++] = sg->v[i];
	size_t i = 0;
	while (i < n && v[i].k == 'w')
		i++;
	size_t pos, nt;
	if (i < n && (v[i].k == '*' || v[i].k == '('))
		pos = nt = i;
	else
		pos = nt = i ? i - 1 : 0;
	if (!nt)
		goto bad;
	/* the type */
	struct strbuf ty = STRBUF_INIT, out = STRBUF_INIT;
	int kind; /* 's' a struct, 'i' an integer */
	if (struct_kw(&v[0])) {
		if (nt != 2)
			goto bad_ty;
		kind = 's';
		strbuf_addf(&ty, "=%.*s", (int)v[1].n, v[1].s);
	} else {
		if (mword(&v[0], "enum") || (nt >= 2 && !base_word(&v[nt - 1])))
			goto bad_ty;
		kind = 'i';
		for (size_t j = 0; j < nt; j++)
			strbuf_addf(&ty, "%s%.*s", j ? " " : "", (int)v[j].n, v[j].s);
		/* the width when the words say it, else the one word (a typedef's name) */
		int w = tp_type_width(ty.buf, ty.len, NULL, 0, 0);
		if (w) {
			strbuf_reset(&ty);
			strbuf_addch(&ty, (char)('0' + w));
		} else if (nt > 1) {
			goto bad_ty;
		}
	}
	/* the declarators */
	while (pos < n) {
		int ptr = 0, arr = 0, fnp = 0;
		const struct mtok *name;
		while (pos < n && v[pos].k == '*')
			ptr++, pos++;
		if (pos + 3 < n && v[pos].k == '(' && v[pos + 1].k == '*' && v[pos + 2].k == 'w' &&
		    v[pos + 3].k == ')') {
			name = &v[pos + 2];
			fnp = 1;
			pos += 4;
			if (pos < n && v[pos].k == '(')
				pos = close_at(v, n, pos, '(', ')') + 1;
		} else if (pos < n && v[pos].k == 'w') {
			name = &v[pos++];
		} else {
			goto bad_ty;
		}
		while (pos < n && v[pos].k == '[') {
			pos = close_at(v, n, pos, '[', ']') + 1;
			arr = 1;
		}
		if (pos < n && v[pos].k == ':')
			while (pos < n && v[pos].k != ',')
				pos++;
		if (pos > n || (pos < n && v[pos].k != ','))
			goto bad_ty;
		pos++;
		if (fnp || arr || (ptr && (kind != 's' || ptr > 1)))
			continue; /* a pointer or an array: no integer */
		add_member(&out, name, ty.buf, ty.len);
	}
	strbuf_add(line, out.buf ? out.buf : "", out.len);
	strbuf_release(&ty);
	strbuf_release(&out);
	return;
bad_ty:
	strbuf_release(&ty);
	strbuf_release(&out);
bad:
	poison(line, v, 0, n);
}

/* Skip to the '}' closing a '{' already read. */
static void skip_braces(struct lx *x)
{
	struct mtok k;
	int depth = 1;

	while (depth && lx_next(x, &k))
		depth += k.k == '{' ? 1 : k.k == '}' ? -1 : 0;
}

static void body(struct strbuf *rec, struct lx *x, struct strbuf *line, int depth);

/* The body of struct tag (tagn bytes), its '{' read, to its '}': an 'M' line if it has members. */
static void tagged(struct strbuf *rec, struct lx *x, const char *tag, size_t tagn, int depth)
{
	struct strbuf line = STRBUF_INIT;

	strbuf_addf(&line, "M %.*s", (int)tagn, tag);
	size_t empty = line.len;
	body(rec, x, &line, depth);
	if (line.len > empty) {
		strbuf_add(rec, line.buf, line.len);
		strbuf_addch(rec, '\n');
	}
	strbuf_release(&line);
}

/* The members of a body, its '{' read, to its '}', into line. */
static void body(struct strbuf *rec, struct lx *x, struct strbuf *line, int depth)
{
	struct seg *sg = xcalloc(1, sizeof(*sg));
	struct mtok k;

	while (lx_next(x, &k)) {
		if (k.k == '}') {
			poison(line, sg->v, 0, sg->nr);
			break;
		}
		if (k.k == ';') {
			declaration(line, sg);
			sg->nr = 0;
			sg->over = 0;
			continue;
		}
		if (k.k == '{') {
			size_t n = sg->nr;
			if (depth < 8 && n && struct_kw(&sg->v[n - 1])) {
				/* no tag: its members are the outer struct's too */
				body(rec, x, line, depth + 1);
				continue;
			}
			if (depth < 8 && n >= 2 && struct_kw(&sg->v[n - 2]) &&
			    sg->v[n - 1].k == 'w') {
				tagged(rec, x, sg->v[n - 1].s, sg->v[n - 1].n, depth + 1);
				continue;
			}
			skip_braces(x); /* an enum's: the '{' left in makes it no shape */
		}
		if (sg->nr < MAX_SEG)
			sg->v[sg->nr++] = k;
		else
			sg->over = 1;
	}
	free(sg);
}

/*
 * The next "struct" or "union" in [p, end), as text (the words are
 * checked by the caller), its length into *kl; NULL for none.  Both have
 * a 'u', and memchr() finds those faster than memmem() finds either
 * word: two memmem() passes over every header were a fifth of a cold
 * index build.
 */
static const char *next_kw(const char *text, const char *p, const char *end, size_t *kl)
{
	while (p < end && (p = memchr(p, 'u', (size_t)(end - p)))) {
		if (p - text >= 3 && end - p >= 3 && !memcmp(p - 3, "struct", 6)) {
			*kl = 6;
			return p - 3;
		}
		if (end - p >= 5 && !memcmp(p, "union", 5)) {
			*kl = 5;
			return p;
		}
		p++;
	}
	return NULL;
}

void tp_scan_members(struct strbuf *rec, const char *text, size_t len)
{
	const char *end = text + len, *p = text, *q;
	struct lx x = { text, text, end };
	size_t kl;

	while (p < end && (q = next_kw(text, p, end, &kl))) {
		p = q + kl;
		if ((q > text && tc_cident_char((unsigned char)q[-1])) ||
		    (p < end && tc_cident_char((unsigned char)*p)))
			continue;
		struct mtok a, b;
		x.p = p;
		char ka = lx_next(&x, &a);
		if (ka == '{')
			tagged(rec, &x, "", 0, 0);
		else if (ka != 'w' || lx_next(&x, &b) != '{' || mqualifier(&a))
			continue;
		else
			tagged(rec, &x, a.s, a.n, 0);
		p = x.p;
	}
}

/* ------------------------------------------------------------------ */
/* the merge */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The member words of a ":&BASE M1 ... MK" type in class c (n bytes), into names. */
static void want_of(const char *c, size_t n, char ***names, size_t *nr, size_t *alloc)
{
	const char *amp = memmem(c, n, ":&", 2), *end = c + n;

	if (!amp)
		return;
	const char *p = memchr(amp, ' ', (size_t)(end - amp));
	while (p && p < end) {
		const char *s = ++p;
		while (p < end && *p != ' ')
			p++;
		if (p > s)
			tp_add_name(names, nr, alloc, s, (size_t)(p - s));
	}
}

/*
 * The members of a line "TAG\tM T\tM T..." ([p, nl)) named in want: as
 * "MEMBER\tTAG\tTYPE", T's digit a "uN", its "=T" "struct T".
 */
static void collect_line(const char *p, const char *nl, char *const *want, size_t nr_want,
			 char ***v, size_t *nr, size_t *alloc)
{
	static const char *const un[] = { "", "u8", "u16", "", "u32", "", "", "", "u64" };
	const char *tab = memchr(p, '\t', (size_t)(nl - p));
	size_t tagn = (size_t)((tab ? tab : nl) - p);

	while (tab && tab < nl) {
		const char *m = tab + 1, *sp = memchr(m, ' ', (size_t)(nl - m));
		tab = memchr(m, '\t', (size_t)(nl - m));
		const char *e = tab ? tab : nl;
		if (!sp || sp > e)
			continue;
		char *name = xstrndup(m, (size_t)(sp - m));
		if (BSEARCH(&name, want, nr_want, cmp_str)) {
			const char *ty = sp + 1;
			size_t tn = (size_t)(e - ty);
			ALLOC_GROW(*v, *nr + 1, *alloc);
			int st = *ty == '=', digit = tn == 1 && *ty >= '1' && *ty <= '8';
			(*v)[(*nr)++] = xasprintf("%s\t%.*s\t%s%.*s", name, (int)tagn, p,
						  digit ? un[*ty - '0'] : st ? "struct " : "",
						  digit ? 0 : (int)(tn - st), ty + st);
		}
		free(name);
	}
}

size_t tp_members_collect(const struct tp_set *s, char *const *calls, size_t nr_calls,
			  char ***out)
{
	char **want = NULL, **v = NULL;
	size_t nr_want = 0, alloc_want = 0, nr = 0, alloc = 0;

	for (size_t i = 0; i < nr_calls; i++)
		for (const char *p = calls[i]; (p = strchr(p, '\t')); p++)
			want_of(p + 1, strcspn(p + 1, "\t"), &want, &nr_want, &alloc_want);
	if (nr_want)
		QSORT(want, nr_want, cmp_str);
	for (size_t i = 0; i < s->nr && nr_want; i++) {
		const struct tp_file *f = s->v[i];
		const char *p = f->rec, *end = p ? p + f->rec_len : NULL;
		for (; p && p < end; p++) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			if (!nl)
				nl = end;
			if (*p == 'M' && nl - p >= 2)
				collect_line(p + 2, nl, want, nr_want, &v, &nr, &alloc);
			p = nl;
		}
	}
	for (size_t i = 0; i < nr_want; i++)
		free(want[i]);
	free(want);
	if (nr)
		QSORT(v, nr, cmp_str);
	*out = v;
	return nr;
}

/* The lines "MEMBER\tTAG\tTYPE" of member m (n bytes): the first, *last past the last. */
static size_t decls_of(char *const *mem, size_t nr, const char *m, size_t n, size_t *last)
{
	size_t lo = tp_first_line(mem, nr, m, n);

	for (*last = lo; *last < nr && !strncmp(mem[*last], m, n) && mem[*last][n] == '\t';)
		++*last;
	return lo;
}

/* Does declaration d ("MEMBER\tTAG\tTYPE") belong to tag (tn bytes)?  Its type in *ty. */
static int of_tag(const char *d, const char *tag, size_t tn, const char **ty)
{
	const char *t = strchr(d, '\t') + 1, *e = strchr(t, '\t');

	*ty = e + 1;
	return !tag || ((size_t)(e - t) == tn && !memcmp(t, tag, tn));
}

int tp_member_width(const char *path, size_t len, char *const *mem, size_t nr_mem,
		    char *const *defs, size_t nr_defs)
{
	const char *p = path, *end = path + len, *w[16];
	size_t wn[16], nw = 0;

	if (p < end && *p == '&')
		p++;
	while (p < end && nw < ARRAY_SIZE(w)) {
		const char *s = p;
		while (p < end && *p != ' ')
			p++;
		w[nw] = s;
		wn[nw++] = (size_t)(p - s);
		if (p < end)
			p++;
	}
	if (p < end || nw < 2)
		return 0;
	/* the struct each member but the last is */
	char *cur = wn[0] == 1 && *w[0] == '?' ? NULL : xstrndup(w[0], wn[0]);
	for (size_t i = 1; i + 1 < nw && cur; i++) {
		size_t last, first = decls_of(mem, nr_mem, w[i], wn[i], &last);
		char *next = NULL;
		int ok = 0;
		for (size_t j = first; j < last; j++) {
			const char *ty;
			if (!of_tag(mem[j], cur, strlen(cur), &ty))
				continue;
			if (!starts_with(ty, "struct ") || (next && strcmp(next, ty + 7))) {
				ok = 0;
				break;
			}
			if (!next)
				next = xstrdup(ty + 7);
			ok = 1;
		}
		free(cur);
		cur = ok ? next : NULL;
		if (!ok)
			free(next);
	}
	/*
	 * the last member, in cur; with the struct (or a step) not known, not
	 * known: a member declared by a macro, in a generated header or in a
	 * named struct without a tag has no line, so the members of a name the
	 * tree declares cannot be told all alike
	 */
	if (!cur)
		return 0;
	size_t last, first = decls_of(mem, nr_mem, w[nw - 1], wn[nw - 1], &last);
	int width = 0;
	for (size_t j = first; j < last; j++) {
		const char *ty;
		if (!of_tag(mem[j], cur, strlen(cur), &ty))
			continue;
		if (starts_with(ty, "struct ")) {
			width = 0;
			break;
		}
		int x = tp_type_width(ty, strlen(ty), defs, nr_defs, 0);
		if (!x || (width && x != width)) {
			width = 0;
			break;
		}
		width = x;
	}
	free(cur);
	return width;
}
