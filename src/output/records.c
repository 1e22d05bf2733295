// SPDX-License-Identifier: MIT
/*
 * --format=html: the records that the layout findings are about, carried
 * from the worker (which has the event model) to the parent (which
 * writes the page) in the worker's result, as two more keys of its file
 * entry:
 *
 *   "records": [ { "class": "c", "events": "a, b",
 *                  "fields": [ ["name", "type"], ... ],
 *                  "layouts": [ { "abi": "x86_64", "size": 24,
 *                                 "offsets": [8, 16], "sizes": [8, 1] } ] } ],
 *   "recordOf": [ 0, 1, ... ]     (per finding: 1 + its record's index, 0 none)
 *
 * layouts[0] is the target's, as libclang laid the record out; for a
 * layout-abi finding the other ABIs whose layout differs follow, laid
 * out member by member from each field's size and alignment there.
 * The JSON report (write_file() in report.c) does not write them.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "strbuf.h"
#include "util.h"

static const char *const layout_rules[] = { "layout-hole", "layout-abi", "layout-oversize",
					    "event-class-consolidation" };

static int is_layout_rule(const char *rule)
{
	for (size_t i = 0; i < ARRAY_SIZE(layout_rules); i++)
		if (!strcmp(rule, layout_rules[i]))
			return 1;
	return 0;
}

static int same_place(const struct tc_loc *a, const struct tc_loc *b)
{
	return a->line && a->line == b->line && a->file && b->file && !strcmp(a->file, b->file);
}

/* Whether loc is c's, one of its fields' or of a write to one. */
static int in_class(const struct tc_class *c, const struct tc_loc *loc)
{
	if (same_place(&c->loc, loc))
		return 1;
	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		if (same_place(&f->loc, loc))
			return 1;
		for (size_t k = 0; k < f->nr_writes; k++)
			if (same_place(&f->writes[k].loc, loc))
				return 1;
	}
	return 0;
}

/* The class a layout finding is about: at its place, else at one of its notes'. */
static int class_of(const struct tc_header *h, const struct tc_diag *g)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (in_class(h->classes[i], &g->loc))
			return (int)i;
	for (size_t n = 0; n < g->nr_notes; n++)
		for (size_t i = 0; i < h->nr_classes; i++)
			if (in_class(h->classes[i], &g->notes[n].loc))
				return (int)i;
	return -1;
}

static int drawable(const struct tc_class *c)
{
	if (!c->layout_known || !c->nr_fields || c->size <= 0)
		return 0;
	for (size_t i = 0; i < c->nr_fields; i++)
		if (c->fields[i].offset < 8 || c->fields[i].size < 0)
			return 0;
	return 1;
}

static long long align_up(long long v, long long a)
{
	return a > 0 ? (v + a - 1) / a * a : v;
}

static long long *copy_numbers(const long long *v, size_t n)
{
	long long *c = xcalloc(n + 1, sizeof(*c));

	memcpy(c, v, n * sizeof(*c));
	return c;
}

static void add_layout(struct tc_rrecord *rec, const char *abi, long long size,
		       const long long *off, const long long *len)
{
	rec->layouts = xrealloc(rec->layouts, (rec->nr_layouts + 1) * sizeof(*rec->layouts));
	struct tc_rlayout *y = &rec->layouts[rec->nr_layouts++];
	y->abi = xstrdup(abi);
	y->size = size;
	y->offset = copy_numbers(off, rec->nr_fields);
	y->len = copy_numbers(len, rec->nr_fields);
}

/* The other ABIs' layouts of c that differ from the target's. */
static void other_abis(struct tc_rrecord *rec, const struct tc_header *h, const struct tc_class *c)
{
	size_t n = c->nr_fields;
	long long *off = xcalloc(n + 1, sizeof(*off)), *len = xcalloc(n + 1, sizeof(*len));

	for (size_t i = 0; i < n; i++)
		if (!c->fields[i].abi_known)
			goto out;
	for (int a = 0; a < TC_NR_ABIS; a++) {
		long long o = 8, ma = 4;
		int differs = 0;
		if (a == h->abi)
			continue;
		for (size_t i = 0; i < n; i++) {
			const struct tc_field *f = &c->fields[i];
			off[i] = align_up(o, f->abi_align[a]);
			len[i] = f->abi_size[a];
			o = off[i] + len[i];
			if (f->abi_align[a] > ma)
				ma = f->abi_align[a];
			differs |= off[i] != f->offset || len[i] != f->size;
		}
		o = align_up(o, ma);
		if (differs || o != c->size)
			add_layout(rec, tc_abi_name(a), o, off, len);
	}
out:
	free(off);
	free(len);
}

static void make_record(struct tc_rrecord *rec, const struct tc_header *h,
			const struct tc_class *c, int abis)
{
	size_t n = c->nr_fields;
	struct strbuf ev = STRBUF_INIT;
	long long *off = xcalloc(n + 1, sizeof(*off)), *len = xcalloc(n + 1, sizeof(*len));

	for (size_t i = 0; i < h->nr_events; i++)
		if (h->events[i]->cls == c)
			strbuf_addf(&ev, "%s%s", ev.len ? ", " : "", h->events[i]->name);
	memset(rec, 0, sizeof(*rec));
	rec->name = xstrdup(c->name);
	rec->events = strbuf_detach(&ev);
	rec->field_names = xcalloc(n + 1, sizeof(char *));
	rec->field_types = xcalloc(n + 1, sizeof(char *));
	for (size_t i = 0; i < n; i++) {
		const struct tc_field *f = &c->fields[i];
		rec->field_names[i] = xstrdup(f->name);
		rec->field_types[i] = xstrdup(f->type ? f->type : "");
		off[i] = f->offset;
		len[i] = f->size;
	}
	rec->nr_fields = n;
	add_layout(rec, h->abi >= 0 ? tc_abi_name(h->abi) : "target", c->size, off, len);
	if (abis && h->abi >= 0)
		other_abis(rec, h, c);
	free(off);
	free(len);
}

void tc_rfile_add_records(struct tc_rfile *f, const struct tc_header *h,
			  const struct tc_diags *d)
{
	int *slot = xcalloc(h->nr_classes + 1, sizeof(*slot)); /* 1 + record index, 0 none */
	int *abis = xcalloc(h->nr_classes + 1, sizeof(*abis));
	size_t nr = 0;

	for (size_t i = 0; i < d->nr && i < f->nr; i++) {
		const struct tc_diag *g = &d->v[i];
		if (!is_layout_rule(g->rule))
			continue;
		int c = class_of(h, g);
		if (c < 0 || !drawable(h->classes[c]))
			continue;
		if (!slot[c])
			slot[c] = (int)++nr;
		abis[c] |= !strcmp(g->rule, "layout-abi");
		f->v[i].record = (size_t)slot[c];
	}
	f->records = xcalloc(nr + 1, sizeof(*f->records));
	for (size_t k = 1; k <= nr; k++)
		for (size_t c = 0; c < h->nr_classes; c++)
			if (slot[c] == (int)k)
				make_record(&f->records[f->nr_records++], h, h->classes[c], abis[c]);
	free(slot);
	free(abis);
}

static void add_numbers(struct strbuf *sb, const char *key, const long long *v, size_t n)
{
	strbuf_addf(sb, ",\"%s\":[", key);
	for (size_t i = 0; i < n; i++)
		strbuf_addf(sb, "%s%lld", i ? "," : "", v[i]);
	strbuf_addch(sb, ']');
}

static void write_record(struct strbuf *sb, const struct tc_rrecord *rec)
{
	strbuf_addstr(sb, "{\"class\":");
	tc_json_quote(sb, rec->name);
	strbuf_addstr(sb, ",\"events\":");
	tc_json_quote(sb, rec->events);
	strbuf_addstr(sb, ",\"fields\":[");
	for (size_t i = 0; i < rec->nr_fields; i++) {
		strbuf_addstr(sb, i ? ",[" : "[");
		tc_json_quote(sb, rec->field_names[i]);
		strbuf_addch(sb, ',');
		tc_json_quote(sb, rec->field_types[i]);
		strbuf_addch(sb, ']');
	}
	strbuf_addstr(sb, "],\"layouts\":[");
	for (size_t k = 0; k < rec->nr_layouts; k++) {
		const struct tc_rlayout *y = &rec->layouts[k];
		strbuf_addstr(sb, k ? ",{\"abi\":" : "{\"abi\":");
		tc_json_quote(sb, y->abi);
		strbuf_addf(sb, ",\"size\":%lld", y->size);
		add_numbers(sb, "offsets", y->offset, rec->nr_fields);
		add_numbers(sb, "sizes", y->len, rec->nr_fields);
		strbuf_addch(sb, '}');
	}
	strbuf_addstr(sb, "]}");
}

void tc_rfile_write_records(struct strbuf *sb, const struct tc_rfile *f)
{
	if (!f->nr_records)
		return;
	strbuf_addstr(sb, ",\"records\":[");
	for (size_t k = 0; k < f->nr_records; k++) {
		if (k)
			strbuf_addch(sb, ',');
		write_record(sb, &f->records[k]);
	}
	strbuf_addstr(sb, "],\"recordOf\":[");
	for (size_t i = 0; i < f->nr; i++)
		strbuf_addf(sb, "%s%zu", i ? "," : "", f->v[i].record);
	strbuf_addch(sb, ']');
}

void tc_rrecord_release(struct tc_rrecord *rec)
{
	for (size_t i = 0; i < rec->nr_fields; i++) {
		free(rec->field_names[i]);
		free(rec->field_types[i]);
	}
	free(rec->field_names);
	free(rec->field_types);
	for (size_t k = 0; k < rec->nr_layouts; k++) {
		free(rec->layouts[k].abi);
		free(rec->layouts[k].offset);
		free(rec->layouts[k].len);
	}
	free(rec->layouts);
	free(rec->name);
	free(rec->events);
	memset(rec, 0, sizeof(*rec));
}

static long long *numbers(const struct tc_json *a, size_t n)
{
	if (!a || a->type != TC_JSON_ARRAY || a->nr != n)
		return NULL;
	long long *v = xcalloc(n + 1, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = tc_json_int(a->items[i], -1);
	return v;
}

static int read_record(struct tc_rrecord *rec, const struct tc_json *o)
{
	const char *name = tc_json_str(tc_json_get(o, "class"));
	const char *events = tc_json_str(tc_json_get(o, "events"));
	const struct tc_json *fs = tc_json_get(o, "fields");
	const struct tc_json *ls = tc_json_get(o, "layouts");

	if (!name || !events || !fs || fs->type != TC_JSON_ARRAY || !ls ||
	    ls->type != TC_JSON_ARRAY || !ls->nr)
		return -1;
	rec->name = xstrdup(name);
	rec->events = xstrdup(events);
	rec->field_names = xcalloc(fs->nr + 1, sizeof(char *));
	rec->field_types = xcalloc(fs->nr + 1, sizeof(char *));
	for (size_t i = 0; i < fs->nr; i++) {
		const struct tc_json *f = fs->items[i];
		if (f->type != TC_JSON_ARRAY || f->nr != 2 || !tc_json_str(f->items[0]) ||
		    !tc_json_str(f->items[1]))
			return -1;
		rec->field_names[i] = xstrdup(tc_json_str(f->items[0]));
		rec->field_types[i] = xstrdup(tc_json_str(f->items[1]));
		rec->nr_fields++;
	}
	rec->layouts = xcalloc(ls->nr, sizeof(*rec->layouts));
	for (size_t k = 0; k < ls->nr; k++) {
		const struct tc_json *l = ls->items[k];
		struct tc_rlayout *y = &rec->layouts[rec->nr_layouts++];
		const char *abi = tc_json_str(tc_json_get(l, "abi"));
		y->abi = xstrdup(abi ? abi : "");
		y->size = tc_json_int(tc_json_get(l, "size"), -1);
		y->offset = numbers(tc_json_get(l, "offsets"), rec->nr_fields);
		y->len = numbers(tc_json_get(l, "sizes"), rec->nr_fields);
		if (!abi || y->size < 0 || !y->offset || !y->len)
			return -1;
	}
	return 0;
}

int tc_report_read_records(struct tc_rfile *f, const struct tc_json *o)
{
	const struct tc_json *rs = tc_json_get(o, "records");
	const struct tc_json *of = tc_json_get(o, "recordOf");

	if (!rs && !of)
		return 0;
	if (!rs || !of || rs->type != TC_JSON_ARRAY || of->type != TC_JSON_ARRAY || of->nr != f->nr)
		return -1;
	f->records = xcalloc(rs->nr + 1, sizeof(*f->records));
	for (size_t i = 0; i < rs->nr; i++)
		if (read_record(&f->records[f->nr_records++], rs->items[i]))
			return -1;
	for (size_t i = 0; i < of->nr; i++) {
		long long k = tc_json_int(of->items[i], -1);
		if (k < 0 || (size_t)k > f->nr_records)
			return -1;
		f->v[i].record = (size_t)k;
	}
	return 0;
}
