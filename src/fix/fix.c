// SPDX-License-Identifier: MIT
/*
 * The --fix engine: hand each finding to its rule's fix(), keep the
 * edits of the findings whose edits do not overlap those already kept,
 * apply them to the text (fixwrite.c writes the result).
 */
#include "fix_internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "util.h"

int tc_fix_skip(struct tc_fix *fx, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	if (!fx->why.len)
		strbuf_addstr(&fx->why, s);
	free(s);
	return -1;
}

static void add_edit(struct tc_fix *fx, size_t start, size_t end, const char *s, int block,
		     int append)
{
	ALLOC_GROW(fx->cur, fx->nr_cur + 1, fx->alloc_cur);
	struct tc_edit *e = &fx->cur[fx->nr_cur++];
	e->start = start;
	e->end = end;
	e->text = xstrdup(s);
	e->block = block;
	e->append = append;
	e->seq = fx->seq++;
}

void tc_fix_replace(struct tc_fix *fx, size_t start, size_t end, const char *s)
{
	add_edit(fx, start, end, s, 0, 0);
}

void tc_fix_replace_block(struct tc_fix *fx, size_t start, size_t end, const char *s)
{
	add_edit(fx, start, end, s, 1, 0);
}

/* fixtext.c's tc_fix_append() records its insertions through this. */
void tc_fix_insert_appended(struct tc_fix *fx, size_t at, const char *s);
void tc_fix_insert_appended(struct tc_fix *fx, size_t at, const char *s)
{
	add_edit(fx, at, at, s, 0, 1);
}

/* Has a line been appended at offset at (by this finding or a kept one)? */
int tc_fix_appended_at(const struct tc_fix *fx, size_t at);
int tc_fix_appended_at(const struct tc_fix *fx, size_t at)
{
	for (size_t i = 0; i < fx->nr_done; i++)
		if (fx->done[i].append && fx->done[i].start == at)
			return 1;
	for (size_t i = 0; i < fx->nr_cur; i++)
		if (fx->cur[i].append && fx->cur[i].start == at)
			return 1;
	return 0;
}

static int overlap(const struct tc_edit *a, const struct tc_edit *b)
{
	if (a->block || b->block)
		return a->start <= b->end && b->start <= a->end;
	if (a->start == a->end && b->start == b->end)
		return 0; /* insertions at one place apply in order */
	if (a->start == a->end)
		return b->start < a->start && a->start < b->end;
	if (b->start == b->end)
		return a->start < b->start && b->start < a->end;
	return a->start < b->end && b->start < a->end;
}

static void drop_cur(struct tc_fix *fx)
{
	for (size_t i = 0; i < fx->nr_cur; i++)
		free(fx->cur[i].text);
	fx->nr_cur = 0;
	for (size_t i = fx->nr_names_done; i < fx->nr_names; i++)
		free(fx->names[i].name);
	fx->nr_names = fx->nr_names_done;
}

/* Keep the current finding's edits, or say why not. */
static int commit_cur(struct tc_fix *fx)
{
	if (!fx->nr_cur)
		return tc_fix_skip(fx, "the repair changes nothing");
	for (size_t i = 0; i < fx->nr_cur; i++) {
		for (size_t j = 0; j < i; j++)
			if (overlap(&fx->cur[i], &fx->cur[j]))
				return tc_fix_skip(fx, "the repair's own edits overlap");
		for (size_t j = 0; j < fx->nr_done; j++)
			if (overlap(&fx->cur[i], &fx->done[j]))
				return tc_fix_skip(fx, "the text it changes is changed by the repair of "
						       "another finding; run --fix again");
	}
	for (size_t i = 0; i < fx->nr_cur; i++) {
		ALLOC_GROW(fx->done, fx->nr_done + 1, fx->alloc_done);
		fx->done[fx->nr_done++] = fx->cur[i];
	}
	fx->nr_cur = 0;
	fx->nr_names_done = fx->nr_names;
	return 0;
}

static int cmp_edit(const void *pa, const void *pb)
{
	const struct tc_edit *a = pa, *b = pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	/* an insertion before a replacement starting there */
	int ai = a->start == a->end, bi = b->start == b->end;
	if (ai != bi)
		return ai ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * A text with CRLF line ends is repaired as the same text with each
 * "\r\n" read as "\n" (its lines and columns are the same), and the
 * result gets them back: the text the repairs leave is copied from the
 * file as it is, and the lines a repair writes end as the line it
 * replaces or is inserted before does (the last line: the one before it).
 */

/* text without the '\r' of its "\r\n"s (malloced; fx->cr_at), or NULL if it has none */
static char *drop_crs(const char *text, size_t len, size_t *lf_len, struct tc_fix *fx)
{
	char *lf;
	size_t n = 0;

	if (!memmem(text, len, "\r\n", 2))
		return NULL;
	lf = xmalloc(len);
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n') {
			ALLOC_GROW(fx->cr_at, fx->nr_cr + 1, fx->alloc_cr);
			fx->cr_at[fx->nr_cr++] = n;
			continue;
		}
		lf[n++] = text[i];
	}
	*lf_len = n;
	return lf;
}

/*
 * How many '\r's were dropped before offset x of the text without them
 * (a '\r' goes with its '\n'), or (file set) before offset x of the file.
 */
static size_t crs_before(const struct tc_fix *fx, size_t x, int file)
{
	size_t lo = 0, hi = fx->nr_cr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		/* the '\r' of the mid-th "\r\n" is at cr_at[mid] + mid in the file */
		if (fx->cr_at[mid] + (file ? mid : 0) < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t tc_fix_from_file(const struct tc_fix *fx, size_t off)
{
	return off - crs_before(fx, off, 1);
}

/* Does the line of offset x (the last line: the one before it) end in "\r\n"? */
static int line_has_crlf(const struct tc_fix *fx, size_t x)
{
	const char *nl = memchr(fx->text + x, '\n', fx->len - x);

	if (!nl)
		nl = memrchr(fx->text, '\n', x);
	if (!nl)
		return 0;
	size_t at = (size_t)(nl - fx->text), k = crs_before(fx, at, 0);
	return k < fx->nr_cr && fx->cr_at[k] == at;
}

static char *apply(struct tc_fix *fx, const char *orig, size_t orig_len, size_t *len)
{
	struct strbuf out = STRBUF_INIT;
	size_t at = 0;

	QSORT(fx->done, fx->nr_done, cmp_edit);
	for (size_t i = 0; i < fx->nr_done; i++) {
		const struct tc_edit *e = &fx->done[i];
		size_t from = at + crs_before(fx, at, 0);
		size_t to = e->start + crs_before(fx, e->start, 0);
		strbuf_add(&out, orig + from, to - from);
		if (line_has_crlf(fx, e->start)) {
			for (const char *p = e->text; *p; p++) {
				if (*p == '\n' && (p == e->text || p[-1] != '\r'))
					strbuf_addch(&out, '\r');
				strbuf_addch(&out, *p);
			}
		} else {
			strbuf_addstr(&out, e->text);
		}
		at = e->end;
	}
	at += crs_before(fx, at, 0);
	strbuf_add(&out, orig + at, orig_len - at);
	*len = out.len;
	return strbuf_detach(&out);
}

static const struct tc_rule *rule_of(const char *name)
{
	int i = tc_rule_index(name);

	return i < 0 ? NULL : tc_rules[i];
}

int tc_fix_repairs(const struct tc_diag *g)
{
	const struct tc_rule *rule = rule_of(g->rule);

	if (!rule || !rule->fix)
		return 0;
	/* a note is context, unless the rule's findings are notes or it repairs its notes */
	return g->severity != TC_SEV_NOTE || rule->severity == TC_SEV_NOTE || rule->fix_notes;
}

static void log_skip(struct strbuf *log, const struct tc_diag *g, const char *why)
{
	if (!log)
		return;
	strbuf_addf(log, "%s:%u:%u: not fixed [%s]: %s\n", g->loc.file ? g->loc.file : "?",
		    g->loc.line, g->loc.col, g->rule, why);
}

static void index_lines(struct tc_fix *fx)
{
	size_t alloc = 0;

	ALLOC_GROW(fx->lines, 1, alloc);
	fx->lines[fx->nr_lines++] = 0;
	for (size_t i = 0; i < fx->len; i++) {
		if (fx->text[i] != '\n')
			continue;
		ALLOC_GROW(fx->lines, fx->nr_lines + 1, alloc);
		fx->lines[fx->nr_lines++] = i + 1;
	}
}

int tc_fix_compute(const struct tc_header *h, const char *text, size_t len,
		   const struct tc_diags *d, const struct tc_fix_options *o,
		   struct tc_fix_result *res, struct strbuf *log)
{
	static const struct tc_fix_options no_options;
	struct tc_fix fx = { .h = h, .text = text, .len = len, .o = o ? o : &no_options };
	char *lf = drop_crs(text, len, &fx.len, &fx);
	int ret = 0;

	if (lf)
		fx.text = lf;
	memset(res, 0, sizeof(*res));
	strbuf_init(&fx.why);
	index_lines(&fx);
	if (memchr(text, '\0', len))
		ret = -1;
	/* rule by rule in the registry's order, report order within a rule */
	for (size_t r = 0; r < tc_nr_rules; r++) {
		for (size_t i = 0; i < d->nr; i++) {
			const struct tc_diag *g = &d->v[i];
			const struct tc_rule *rule = rule_of(g->rule);
			size_t off;

			/* a rule without a repair has nothing to say here: its findings stay */
			if (!tc_fix_repairs(g))
				continue;
			if (rule != tc_rules[r])
				continue;
			strbuf_reset(&fx.why);
			/* a finding of another configuration's pass: its model (the same text) */
			fx.h = tc_header_of_config(h, g->config);
			if (ret < 0)
				tc_fix_skip(&fx, "the text holds a NUL byte");
			else if (tc_fix_offset(&fx, &g->loc, &off))
				tc_fix_skip(&fx, "the finding is not in %s", h->path);
			else if (!rule->fix(&fx, g)) {
				/* a reason noted on the way to a repair is none */
				strbuf_reset(&fx.why);
				commit_cur(&fx);
			} else if (!fx.why.len) {
				tc_fix_skip(&fx, "the repair failed");
			}
			if (fx.why.len) {
				drop_cur(&fx);
				log_skip(log, g, fx.why.buf);
				res->skipped++;
			} else {
				res->applied++;
			}
		}
	}
	if (res->applied)
		res->text = apply(&fx, text, len, &res->len);
	free(lf);
	free(fx.cr_at);
	for (size_t i = 0; i < fx.nr_done; i++)
		free(fx.done[i].text);
	free(fx.done);
	free(fx.cur);
	for (size_t i = 0; i < fx.nr_names; i++)
		free(fx.names[i].name);
	free(fx.names);
	free(fx.lines);
	tc_toks_release(&fx.toks);
	strbuf_release(&fx.why);
	return ret;
}

int tc_fix_entry_elements(const struct tc_header *h, const char *text, size_t len,
			  const struct tc_class *c, char **elems, struct strbuf *why)
{
	static const struct tc_fix_options no_options;
	struct tc_fix fx = { .h = h, .text = text, .len = len, .o = &no_options };
	struct tc_fix_class fc;
	size_t i, n = c->nr_fields;
	int ret = 0;

	strbuf_init(&fx.why);
	index_lines(&fx);
	if (memchr(text, '\0', len))
		ret = tc_fix_skip(&fx, "the text holds a NUL byte");
	else
		ret = tc_fix_find_class(&fx, c, &fc);
	for (i = 0; i < n && !ret; i++) {
		size_t s, e;
		struct strbuf el = STRBUF_INIT;
		if (tc_fix_field_element(&fx, &fc, &c->fields[i], &s, &e)) {
			ret = -1;
			break;
		}
		for (size_t k = s; k < e; k++) {
			if (isspace((unsigned char)text[k])) {
				while (k + 1 < e && isspace((unsigned char)text[k + 1]))
					k++;
				strbuf_addch(&el, ' ');
			} else {
				strbuf_addch(&el, text[k]);
			}
		}
		elems[i] = strbuf_detach(&el);
	}
	if (ret) {
		while (i > 0)
			free(elems[--i]);
		strbuf_addstr(why, fx.why.buf);
	}
	free(fx.lines);
	tc_toks_release(&fx.toks);
	strbuf_release(&fx.why);
	return ret;
}

int tc_fix_entry_block(const struct tc_header *h, const char *text, size_t len,
		       const struct tc_class *c, struct strbuf *out, struct strbuf *why)
{
	static const struct tc_fix_options no_options;
	struct tc_fix fx = { .h = h, .text = text, .len = len, .o = &no_options };
	struct tc_fix_class fc;
	int ret;

	strbuf_init(&fx.why);
	index_lines(&fx);
	ret = memchr(text, '\0', len) ? tc_fix_skip(&fx, "the text holds a NUL byte")
				       : tc_fix_find_class(&fx, c, &fc);
	if (!ret) {
		size_t bol = fc.entry.open, end = fc.entry.close + 1;
		while (bol > 0 && text[bol - 1] != '\n')
			bol--;
		if (end < len && text[end] == ',')
			end++;
		strbuf_add(out, text + bol, end - bol);
	} else {
		strbuf_addstr(why, fx.why.buf);
	}
	free(fx.lines);
	tc_toks_release(&fx.toks);
	strbuf_release(&fx.why);
	return ret;
}

void tc_fix_result_release(struct tc_fix_result *r)
{
	free(r->text);
	memset(r, 0, sizeof(*r));
}
