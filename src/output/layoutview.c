// SPDX-License-Identifier: MIT
/*
 * --layout: the record of each event class as pahole prints a struct
 * (layoutview.h).  The target's column is the model's own layout (the
 * one libclang computed and the format file prints); the other ABIs'
 * come from reclayout.c, and --suggest's order is layout-hole's.
 */
#include "layoutview.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fix.h"
#include "format.h"
#include "reclayout.h"
#include "strbuf.h"
#include "util.h"

#define CACHELINE 64
#define MAX_COLS (TC_NR_ABIS + 1)

/* The common fields, as every format file lists them. */
static const struct {
	const char *type, *name;
	long long offset, size;
} common[] = {
	{ "unsigned short", "common_type", 0, 2 },
	{ "unsigned char", "common_flags", 2, 1 },
	{ "unsigned char", "common_preempt_count", 3, 1 },
	{ "int", "common_pid", 4, 4 },
};
#define NR_COMMON (sizeof(common) / sizeof(common[0]))

/* One ABI's layout of the class at hand. */
struct col {
	int abi;	  /* TC_REC_TARGET or enum tc_abi */
	const char *name; /* for the columns */
	long long *off;	  /* per field */
	long long size, data_off;
};

struct view {
	const struct tc_header *h;
	const struct tc_layout_opts *o;
	const char *text;
	size_t len;
	struct strbuf out;
	int abis[MAX_COLS]; /* the columns wanted: the target first */
	int nabis;
};

/* The field's type and name columns: arrays as C declares them. */
static void type_and_name(const struct tc_field *f, struct strbuf *type, struct strbuf *name)
{
	struct strbuf t = STRBUF_INIT;

	tc_format_field_type(f, &t);
	if (f->kind == TC_F_ARRAY && strchr(t.buf, '[')) {
		strbuf_add(type, t.buf, (size_t)(strchr(t.buf, '[') - t.buf));
		if (f->array_len >= 0)
			strbuf_addf(name, "%s[%lld];", f->name, f->array_len);
		else
			strbuf_addf(name, "%s[%s];", f->name, f->len_text ? f->len_text : "");
	} else {
		strbuf_addstr(type, t.buf);
		strbuf_addf(name, "%s;", f->name);
	}
	strbuf_release(&t);
}

/* What a __data_loc/__rel_loc descriptor points to: "char[strlen(s) + 1]". */
static void dyn_data(const struct tc_field *f, struct strbuf *sb)
{
	const char *len = f->len_text ? f->len_text : "?";

	switch (f->kind) {
	case TC_F_STRING:
	case TC_F_REL_STRING:
		strbuf_addf(sb, "char[strlen(%s) + 1]", f->extra ? f->extra : "?");
		break;
	case TC_F_STRING_LEN:
	case TC_F_REL_STRING_LEN:
		strbuf_addf(sb, "char[(%s) + 1]", len);
		break;
	case TC_F_VSTRING:
		strbuf_addf(sb, "char[vsnprintf(%s, ...) + 1]", f->extra ? f->extra : "?");
		break;
	case TC_F_BITMASK:
	case TC_F_REL_BITMASK:
		strbuf_addf(sb, "unsigned long[BITS_TO_LONGS(%s)]", len);
		break;
	case TC_F_CPUMASK:
	case TC_F_REL_CPUMASK:
		strbuf_addstr(sb, "unsigned long[BITS_TO_LONGS(nr_cpumask_bits)]");
		break;
	default:
		strbuf_addf(sb, "%s[%s]", f->type, len);
		break;
	}
}

/* "from __assign_str(name)": what TP_fast_assign() fills the data with. */
static void dyn_writes(const struct tc_field *f, struct strbuf *sb)
{
	size_t shown = 0;

	for (size_t i = 0; i < f->nr_writes; i++) {
		const struct tc_write *w = &f->writes[i];
		int dup = 0;
		if (w->kind == TC_W_TEXT || !w->how)
			continue;
		for (size_t j = 0; j < i; j++)
			dup |= f->writes[j].kind == w->kind && f->writes[j].how &&
			       !strcmp(f->writes[j].how, w->how);
		if (dup)
			continue;
		strbuf_addstr(sb, shown++ ? ", " : " from ");
		if (w->kind == TC_W_HELPER)
			strbuf_addf(sb, "%s(%s%s)", w->how, f->name, w->nargs > 1 ? ", ..." : "");
		else
			strbuf_addf(sb, "%s()", w->how);
	}
	if (!shown && f->written == TC_WRITTEN_NEVER)
		strbuf_addstr(sb, ", never written");
}

/* "4 bytes on i386, arm; 8 on x86_64": vals per column, 0 left out. */
static void grouped(struct strbuf *sb, const struct col *cols, int ncols, const long long *vals,
		    const char *unit)
{
	int done[MAX_COLS] = { 0 }, first = 1;

	for (int i = 0; i < ncols; i++) {
		if (done[i] || !vals[i])
			continue;
		strbuf_addf(sb, "%s%lld", first ? "" : "; ", vals[i]);
		if (first && unit)
			strbuf_addf(sb, " %s%s", unit, vals[i] == 1 ? "" : "s");
		strbuf_addstr(sb, " on ");
		for (int j = i, n = 0; j < ncols; j++) {
			if (vals[j] != vals[i])
				continue;
			done[j] = 1;
			strbuf_addf(sb, "%s%s", n++ ? ", " : "", cols[j].name);
		}
		first = 0;
	}
}

static int all_equal(const long long *v, int n)
{
	for (int i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

/* A hole (what "hole, try to pack") or the tail padding (what "padding"). */
static void gap_line(struct view *v, const struct col *cols, int ncols, const long long *gaps,
		     const char *what)
{
	int any = 0;

	for (int i = 0; i < ncols; i++)
		any |= gaps[i] != 0;
	if (!any)
		return;
	if (all_equal(gaps, ncols)) {
		strbuf_addf(&v->out, "\n\t/* XXX %lld byte%s %s */\n", gaps[0], gaps[0] == 1 ? "" : "s",
			    what);
	} else {
		strbuf_addf(&v->out, "\n\t/* XXX %s: ", what);
		grouped(&v->out, cols, ncols, gaps, "byte");
		strbuf_addstr(&v->out, " */\n");
	}
	if (strcmp(what, "padding"))
		strbuf_addch(&v->out, '\n');
}

/* A field's line: pahole's columns, or offset and size per ABI with ! where they differ. */
static void member_line(struct view *v, const char *type, const char *name, int tw, int nw,
			int ncols, const long long *off, const long long *size)
{
	if (ncols == 1) {
		strbuf_addf(&v->out, "\t%-*s %-*s /* %5lld %5lld */\n", tw, type, nw, name, off[0],
			    size[0]);
		return;
	}
	int differs = !all_equal(off, ncols) || !all_equal(size, ncols);
	strbuf_addf(&v->out, "\t%-*s %-*s /*", tw, type, nw, name);
	for (int i = 0; i < ncols; i++)
		strbuf_addf(&v->out, " %4lld %3lld", off[i], size[i]);
	strbuf_addf(&v->out, " %s*/\n", differs ? "! " : "  ");
}

/* The events whose record c is, for "used by". */
static void used_by(const struct view *v, const struct tc_class *c, struct strbuf *sb)
{
	size_t n = 0;

	for (size_t i = 0; i < v->h->nr_events; i++) {
		const struct tc_event *e = v->h->events[i];
		if (e->cls != c || !e->instantiated)
			continue;
		strbuf_addf(sb, "%s%s", n++ ? ", " : "", e->name);
		if (e->own_print.present)
			strbuf_addstr(sb, " (DEFINE_EVENT_PRINT: its own print fmt)");
	}
	if (!n)
		strbuf_addstr(sb, "none");
}

/* A TRACE_EVENT() whose record no other event shares: no "used by" line. */
static int own_record(const struct view *v, const struct tc_class *c)
{
	size_t n = 0, own = 0;

	if (!c->macro || !starts_with(c->macro, "TRACE_EVENT"))
		return 0;
	for (size_t i = 0; i < v->h->nr_events; i++) {
		const struct tc_event *e = v->h->events[i];
		if (e->cls == c && e->instantiated) {
			n++;
			own += !strcmp(e->name, c->name);
		}
	}
	return n == own;
}

/*
 * The TP_STRUCT__entry() block layout-hole's fix writes for c: the fix
 * itself, run on a finding of c.  -1 with the reason in why when it
 * leaves the class.
 */
static int fix_block(struct view *v, const struct tc_class *c, struct strbuf *out,
		     struct strbuf *why)
{
	struct tc_diag g = { .severity = TC_SEV_WARNING, .rule = "layout-hole",
			     .loc = c->fields[0].loc, .msg = (char *)"" };
	struct tc_diags d = { .v = &g, .nr = 1, .alloc = 1 };
	struct tc_fix_result res;
	struct strbuf log = STRBUF_INIT;
	int ret = -1;

	if (tc_fix_compute(v->h, v->text, v->len, &d, NULL, &res, &log) == 0 && res.text) {
		ret = tc_fix_entry_block(v->h, res.text, res.len, c, out, why);
	} else {
		const char *r = strstr(log.buf, "]: ");
		strbuf_add(why, r ? r + 3 : "the fix failed",
			   r ? strcspn(r + 3, "\n") : strlen("the fix failed"));
	}
	tc_fix_result_release(&res);
	strbuf_release(&log);
	return ret;
}

/* --suggest: the order without the holes, as layout-hole's fix writes TP_STRUCT__entry(). */
static void suggest(struct view *v, const struct tc_class *c, struct col *cols, int ncols)
{
	size_t n = c->nr_fields, *order = xcalloc(n + 1, sizeof(*order));
	long long now[MAX_COLS], after[MAX_COLS], saved[MAX_COLS], holes = 0;
	int abis[MAX_COLS], better = 0, worse = 0;
	struct strbuf why = STRBUF_INIT;

	for (int i = 0; i < ncols; i++)
		abis[i] = cols[i].abi;
	tc_rec_pack_order(c, abis, ncols, order);
	for (int i = 0; i < ncols; i++) {
		struct tc_rec_layout l;
		long long end = TC_REC_COMMON_SIZE;
		tc_rec_lay_out(c, cols[i].abi, order, NULL, &l);
		now[i] = cols[i].size;
		after[i] = l.size;
		saved[i] = now[i] - after[i];
		better |= saved[i] > 0;
		worse |= saved[i] < 0;
		for (size_t k = 0; k < n; k++) {
			holes += cols[i].off[k] - end;
			end = cols[i].off[k] + tc_rec_field_size(&c->fields[k], cols[i].abi);
		}
		holes += cols[i].size - end;
	}
	if (!holes) {
		strbuf_addf(&v->out, "/* --suggest: %s has no holes and no padding: nothing to "
				     "reorder */\n",
			    c->name);
		goto out;
	}
	if ((!better || worse) && ncols == 1) {
		long long members = TC_REC_COMMON_SIZE;
		for (size_t k = 0; k < n; k++)
			members += c->fields[k].size;
		strbuf_addf(&v->out, "/* --suggest: no field order makes the record of %s smaller: "
				     "its %lld bytes of fields take %lld in any order */\n",
			    c->name, members, now[0]);
		goto out;
	}
	if (!better || worse) {
		strbuf_addf(&v->out, "/* --suggest: %s */\n",
			    !better ? "no field order makes the record smaller on these ABIs"
				    : "the order without the holes makes the record larger on one "
				      "of these ABIs");
		goto out;
	}
	if (ncols == 1) {
		strbuf_addf(&v->out, "/* --suggest: in this order the record of %s is %lld bytes "
				     "instead of %lld: %lld saved per event */\n",
			    c->name, after[0], now[0], saved[0]);
	} else {
		strbuf_addf(&v->out, "/* --suggest: in this order the record of %s is ", c->name);
		for (int i = 0; i < ncols; i++)
			strbuf_addf(&v->out, "%s%lld bytes on %s (%lld saved)", i ? ", " : "",
				    after[i], cols[i].name, saved[i]);
		strbuf_addstr(&v->out, " per event */\n");
	}
	struct strbuf block = STRBUF_INIT;
	char **el = xcalloc(n + 1, sizeof(*el));
	if (ncols == 1 && v->text && !fix_block(v, c, &block, &why)) {
		strbuf_addf(&v->out, "%s\n", block.buf);
	} else if (v->text && (strbuf_reset(&block), 1) &&
		   !tc_fix_entry_elements(v->h, v->text, v->len, c, el, &block)) {
		if (ncols == 1)
			strbuf_addf(&v->out, "/* layout-hole's fix leaves it (%s); the elements in "
					     "its order: */\n",
				    why.buf);
		strbuf_addstr(&v->out, "\tTP_STRUCT__entry(\n");
		for (size_t k = 0; k < n; k++) {
			strbuf_addf(&v->out, "\t\t%s\n", el[order[k]]);
			free(el[order[k]]);
		}
		strbuf_addstr(&v->out, "\t),\n");
	} else {
		strbuf_addstr(&v->out, "/* field order:");
		for (size_t k = 0; k < n; k++)
			strbuf_addf(&v->out, "%s %s", k ? "," : "", c->fields[order[k]].name);
		strbuf_addf(&v->out, " (%s) */\n",
			    block.len ? block.buf : "the header's text could not be read");
	}
	strbuf_release(&block);
	free(el);
out:
	strbuf_release(&why);
	free(order);
}

static void print_class(struct view *v, const struct tc_class *c)
{
	size_t n = c->nr_fields;
	struct col cols[MAX_COLS];
	int ncols = 0, tw = 26, nw = 21, has_loc = 0, has_rel = 0;
	struct strbuf sb = STRBUF_INIT, type = STRBUF_INIT, name = STRBUF_INIT;
	const char *unknown_on = NULL;

	for (int i = 0; i < v->nabis; i++) {
		struct col *k = &cols[ncols];
		k->abi = i ? v->abis[i] : TC_REC_TARGET;
		k->name = v->abis[i] >= 0 ? tc_abi_name(v->abis[i]) : "target";
		if (i && !tc_rec_abi_known(c, k->abi)) {
			unknown_on = k->name;
			continue;
		}
		k->off = xcalloc(n + 1, sizeof(*k->off));
		if (!i) {
			for (size_t f = 0; f < n; f++)
				k->off[f] = c->fields[f].offset;
			k->size = c->size;
			k->data_off = c->data_offset;
		} else {
			struct tc_rec_layout l;
			tc_rec_lay_out(c, k->abi, NULL, k->off, &l);
			k->size = l.size;
			k->data_off = l.data_off;
		}
		ncols++;
	}
	if (ncols > 1) {
		/* the columns take room: the type and name ones as wide as they need */
		tw = 14;
		nw = 12;
		for (size_t f = 0; f < n; f++) {
			strbuf_reset(&type);
			strbuf_reset(&name);
			type_and_name(&c->fields[f], &type, &name);
			if ((int)type.len > tw)
				tw = (int)type.len;
			if ((int)name.len > nw)
				nw = (int)name.len;
		}
		if (nw < (int)strlen("common_preempt_count;"))
			nw = (int)strlen("common_preempt_count;");
	}

	/* the head: where, which macro, and for a class the events that share it */
	strbuf_addf(&v->out, "/* %s:%u: %s(%s)%s */\n", v->h->path, c->loc.line,
		    c->macro ? c->macro : "?", c->name,
		    ncols > 1 ? "; offset and size per ABI, ! where they differ" : "");
	if (!own_record(v, c)) {
		used_by(v, c, &sb);
		strbuf_addf(&v->out, "/* used by: %s */\n", sb.buf);
	}
	strbuf_addf(&v->out, "struct trace_event_raw_%s {\n", c->name);
	if (ncols > 1) {
		strbuf_addf(&v->out, "\t%*s /*", tw + 1 + nw, "");
		for (int i = 0; i < ncols; i++)
			strbuf_addf(&v->out, " %8s", cols[i].name);
		strbuf_addstr(&v->out, "   */\n");
	}

	long long offs[MAX_COLS], sizes[MAX_COLS], ends[MAX_COLS], gaps[MAX_COLS];
	long long sum[MAX_COLS], nholes[MAX_COLS], sumholes[MAX_COLS];
	long long cacheline = 0;
	for (size_t i = 0; i < NR_COMMON; i++) {
		for (int k = 0; k < ncols; k++) {
			offs[k] = common[i].offset;
			sizes[k] = common[i].size;
		}
		strbuf_reset(&name);
		strbuf_addf(&name, "%s;", common[i].name);
		member_line(v, common[i].type, name.buf, tw, nw, ncols, offs, sizes);
	}
	for (int k = 0; k < ncols; k++) {
		ends[k] = sum[k] = TC_REC_COMMON_SIZE;
		nholes[k] = sumholes[k] = 0;
	}
	for (size_t f = 0; f < n; f++) {
		const struct tc_field *fl = &c->fields[f];
		for (int k = 0; k < ncols; k++) {
			offs[k] = cols[k].off[f];
			sizes[k] = k ? tc_rec_field_size(fl, cols[k].abi) : fl->size;
			gaps[k] = offs[k] - ends[k];
			if (gaps[k] > 0) {
				nholes[k]++;
				sumholes[k] += gaps[k];
			}
			sum[k] += sizes[k];
			ends[k] = offs[k] + sizes[k];
		}
		gap_line(v, cols, ncols, gaps, "hole, try to pack");
		if (ncols == 1 && offs[0] / CACHELINE > cacheline) {
			cacheline = offs[0] / CACHELINE;
			if (offs[0] % CACHELINE)
				strbuf_addf(&v->out, "\t/* --- cacheline %lld boundary (%lld bytes) was "
						     "%lld bytes ago --- */\n",
					    cacheline, cacheline * CACHELINE, offs[0] % CACHELINE);
			else
				strbuf_addf(&v->out, "\t/* --- cacheline %lld boundary (%lld bytes) --- */\n",
					    cacheline, cacheline * CACHELINE);
		}
		strbuf_reset(&type);
		strbuf_reset(&name);
		type_and_name(fl, &type, &name);
		member_line(v, type.buf, name.buf, tw, nw, ncols, offs, sizes);
		if (tc_field_kind_is_dynamic(fl->kind)) {
			has_rel |= tc_field_kind_is_rel(fl->kind);
			has_loc |= !tc_field_kind_is_rel(fl->kind);
			strbuf_reset(&sb);
			dyn_data(fl, &sb);
			dyn_writes(fl, &sb);
			strbuf_addf(&v->out, "\t/* -> %s */\n", sb.buf);
		}
	}
	for (int k = 0; k < ncols; k++)
		gaps[k] = cols[k].size - ends[k];
	gap_line(v, cols, ncols, gaps, "padding");

	/* the summary */
	strbuf_addch(&v->out, '\n');
	for (int k = 0; k < ncols; k++) {
		long long size = cols[k].size;
		strbuf_addstr(&v->out, "\t/* ");
		if (ncols > 1) {
			int lw = 0;
			for (int i = 0; i < ncols; i++)
				if ((int)strlen(cols[i].name) > lw)
					lw = (int)strlen(cols[i].name);
			strbuf_addf(&v->out, "%s:%*s", cols[k].name, lw + 1 - (int)strlen(cols[k].name),
				    "");
		}
		strbuf_addf(&v->out, "size: %lld, cachelines: %lld, members: %zu", size,
			    (size + CACHELINE - 1) / CACHELINE, NR_COMMON + n);
		if (ncols > 1) {
			if (nholes[k])
				strbuf_addf(&v->out, ", sum members: %lld, holes: %lld, sum holes: %lld",
					    sum[k], nholes[k], sumholes[k]);
			if (gaps[k])
				strbuf_addf(&v->out, ", padding: %lld", gaps[k]);
			strbuf_addstr(&v->out, " */\n");
			continue;
		}
		strbuf_addstr(&v->out, " */\n");
		if (nholes[k])
			strbuf_addf(&v->out, "\t/* sum members: %lld, holes: %lld, sum holes: %lld */\n",
				    sum[k], nholes[k], sumholes[k]);
		if (gaps[k])
			strbuf_addf(&v->out, "\t/* padding: %lld */\n", gaps[k]);
		if (size % CACHELINE)
			strbuf_addf(&v->out, "\t/* last cacheline: %lld bytes */\n", size % CACHELINE);
	}
	if (has_loc || has_rel) {
		long long data[MAX_COLS];
		for (int k = 0; k < ncols; k++)
			data[k] = cols[k].data_off;
		strbuf_addstr(&v->out, "\t/* dynamic data: at __data[], offset ");
		if (all_equal(data, ncols))
			strbuf_addf(&v->out, "%lld", data[0]);
		else
			grouped(&v->out, cols, ncols, data, NULL);
		strbuf_addstr(&v->out, ", not aligned */\n");
	}
	if (has_loc)
		strbuf_addstr(&v->out, "\t/* __data_loc: u32, offset from the record's start in the "
				       "low 16 bits, length in the high 16 */\n");
	if (has_rel)
		strbuf_addstr(&v->out, "\t/* __rel_loc: u32, offset from the end of the field in the "
				       "low 16 bits, length in the high 16 */\n");
	if (unknown_on)
		strbuf_addf(&v->out, "\t/* not laid out on the other ABIs: a field's type is one "
				     "tracecheck does not model there */\n");
	strbuf_addstr(&v->out, "};\n");
	if (v->o->suggest)
		suggest(v, c, cols, ncols);
	for (int k = 0; k < ncols; k++)
		free(cols[k].off);
	strbuf_release(&sb);
	strbuf_release(&type);
	strbuf_release(&name);
}

/* The class --event NAME names (an event's or the class itself); NULL after an error. */
static const struct tc_class *named_class(const struct tc_header *h, const char *name)
{
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		if (strcmp(e->name, name))
			continue;
		if (!e->instantiated) {
			error("%s: event '%s' (%s) has no record: it is not instantiated", h->path,
			      name, e->macro);
			return NULL;
		}
		if (!e->cls) {
			error("%s: event '%s' uses event class '%s', which this header does not define",
			      h->path, name, e->class_name ? e->class_name : "?");
			return NULL;
		}
		return e->cls;
	}
	for (size_t i = 0; i < h->nr_classes; i++)
		if (!strcmp(h->classes[i]->name, name))
			return h->classes[i];
	error("%s: no event or event class '%s'", h->path, name);
	return NULL;
}

int tc_layout_print(const struct tc_header *h, const char *text, size_t len,
		    const struct tc_layout_opts *o, FILE *out)
{
	struct view v = { .h = h, .o = o, .text = text, .len = len };
	char *want = xcalloc(h->nr_classes + 1, 1);
	int status = 0;

	strbuf_init(&v.out);
	v.abis[v.nabis++] = h->abi;
	for (int a = 0; a < TC_NR_ABIS; a++)
		if (a != h->abi && (o->abis & (1u << a)))
			v.abis[v.nabis++] = a;
	for (size_t i = 0; i < o->nr_names; i++) {
		const struct tc_class *c = named_class(h, o->names[i]);
		if (!c) {
			free(want);
			strbuf_release(&v.out);
			return 2;
		}
		for (size_t k = 0; k < h->nr_classes; k++)
			if (h->classes[k] == c)
				want[k] = 1;
	}
	if (!h->nr_classes) {
		const struct tc_event *e = NULL;
		for (size_t i = 0; i < h->nr_events && !e; i++)
			if (h->events[i]->instantiated)
				e = h->events[i];
		if (e)
			error("%s: no event class is defined here: '%s' uses '%s' of another header",
			      h->path, e->name, e->class_name ? e->class_name : "?");
		else
			error("%s: no trace events defined", h->path);
		free(want);
		strbuf_release(&v.out);
		return 2;
	}
	for (size_t k = 0; k < h->nr_classes; k++) {
		const struct tc_class *c = h->classes[k];
		if (o->nr_names ? !want[k] : !c->nr_events)
			continue;
		if (!c->layout_known) {
			error_at(h->path, c->loc.line, c->loc.col,
				 "the record of '%s' is not known: %s", c->name,
				 c->layout_why ? c->layout_why : "no layout");
			status = 2;
			continue;
		}
		print_class(&v, c);
		strbuf_addch(&v.out, '\n');
	}
	fwrite(v.out.buf, 1, v.out.len, out);
	fflush(out);
	strbuf_release(&v.out);
	free(want);
	return status;
}
