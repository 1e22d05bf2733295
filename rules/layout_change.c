// SPDX-License-Identifier: MIT
/*
 * layout-change: a patch changes the record of an event that existed
 * before it in a way a consumer that reads fields by name and type
 * notices: a field renamed or removed, its type or size changed, an
 * __array turned into a __string or another dynamic field.
 *
 * Only in patch mode: the engine gives the rules the header as it was
 * before the patch (ctx->before).  Each class of the header after the
 * patch is compared with the class that the same events had before,
 * field by field as the format file declares them; new fields and
 * offsets that move are not reported (readers look fields up by name).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"In patch mode (--patch), a patch that changes the record of an event the\n"
		"header had before it: a field renamed or removed, a field whose type or\n"
		"size changes, an __array() that becomes a __string() or another dynamic\n"
		"field (the format file then says '__data_loc char[] comm' where it said\n"
		"'char comm[16]'). The finding names the field and its layout before and\n"
		"after. A warning for the kernel's own events (include/trace/events/),\n"
		"which profilers and BPF tools read; a note elsewhere. Fields added and\n"
		"offsets that move are not reported.",
	.why =
		"BPF programs declare the record as a C struct and read the field at its\n"
		"offset with its type; tools built on libtraceevent look a field up by\n"
		"name and read it as the format file said when they were written (a\n"
		"'char[16]' copied out, not a __data_loc word to follow). Renaming a\n"
		"field or changing its kind breaks them silently: they read nothing, or\n"
		"read the 4-byte location word as the first bytes of the name.",
	.kernel =
		"6.16 turned the 'comm' arrays of most sched events into __string()\n"
		"fields, which broke profilers that read them as char[16]:\n"
		"include/trace/events/sched.h from 6.12 to 7.2 has sched_kthread_stop,\n"
		"sched_migrate_task, sched_process_fork, sched_stat_*, ... change,\n"
		"while sched_switch and the sched_wakeup events keep their arrays.\n"
		"writeback.h from 6.12 to 7.2 renames balance_dirty_pages' bdi_setpoint\n"
		"and bdi_dirty to wb_setpoint and wb_dirty and removes wbc_writepage's\n"
		"for_reclaim.",
	.example =
		"/* include/trace/events/sched.h: sched_switch keeps its layout */\n"
		"TP_STRUCT__entry(\n"
		"\t__array(\tchar,\tprev_comm,\tTASK_COMM_LEN\t)\n"
		"\t__field(\tpid_t,\tprev_pid\t\t\t)\n"
		"\t...\n"
		"),\n",
	.fix =
		"None: a new field beside the old one (or a new event) keeps old\n"
		"consumers working; the choice is the author's.",
	.silence = NULL,
};

/* f as the format file declares it: "char comm[16]", "__data_loc char[] comm". */
static void decl(const struct tc_field *f, struct strbuf *sb)
{
	struct strbuf t = STRBUF_INIT;

	tc_format_field_type(f, &t);
	const char *br = strchr(strbuf_str(&t), '[');
	if (br && !tc_field_kind_is_dynamic(f->kind)) {
		strbuf_addf(sb, "%.*s %s", (int)(br - t.buf), t.buf, f->name);
		if (f->array_len > 0)
			strbuf_addf(sb, "[%lld]", f->array_len);
		else
			strbuf_addstr(sb, br);
	} else {
		strbuf_addf(sb, "%s %s", strbuf_str(&t), f->name);
	}
	if (f->size >= 0)
		strbuf_addf(sb, "' (%lld byte%s)", f->size, f->size == 1 ? "" : "s");
	else
		strbuf_addch(sb, '\'');
	strbuf_release(&t);
}

/* f is a __data_loc (1) or __rel_loc (2) field, or in the record (0). */
static int where_kept(const struct tc_field *f)
{
	return tc_field_kind_is_rel(f->kind) ? 2 : tc_field_kind_is_dynamic(f->kind) ? 1 : 0;
}

/*
 * f and g have the same layout for a reader that goes by the format
 * file: kept in the same place (in the record, behind a __data_loc or a
 * __rel_loc word), an array or not, and, where both are known, of the
 * same size, signedness, array length and element size.  Where a size
 * is not known, the types as the format file spells them.  A typedef
 * of the same size and sign (u32 for unsigned int) is the same layout.
 */
static int same_layout(const struct tc_field *f, const struct tc_field *g)
{
	if (where_kept(f) != where_kept(g) || (f->kind == TC_F_ARRAY) != (g->kind == TC_F_ARRAY))
		return 0;
	if (f->array_len > 0 && g->array_len > 0 && f->array_len != g->array_len)
		return 0;
	if (f->is_signed >= 0 && g->is_signed >= 0 && f->is_signed != g->is_signed)
		return 0;
	if (where_kept(f) && f->el_size > 0 && g->el_size > 0)
		return f->el_size == g->el_size;
	if (!where_kept(f) && f->size >= 0 && g->size >= 0)
		return f->size == g->size;

	struct strbuf s = STRBUF_INIT, t = STRBUF_INIT;
	tc_format_field_type(f, &s);
	tc_format_field_type(g, &t);
	int same = !strcmp(strbuf_str(&s), strbuf_str(&t));
	strbuf_release(&s);
	strbuf_release(&t);
	return same;
}

static const struct tc_field *field_named(const struct tc_class *c, const char *name)
{
	for (size_t i = 0; i < c->nr_fields; i++)
		if (c->fields[i].name && !strcmp(c->fields[i].name, name))
			return &c->fields[i];
	return NULL;
}

/* The class event name had before the patch, with its fields, or NULL. */
static const struct tc_class *class_before(const struct tc_header *b, const char *name)
{
	for (size_t i = 0; b && i < b->nr_events; i++) {
		const struct tc_event *e = b->events[i];
		if (e->name && !strcmp(e->name, name) && e->instantiated && e->cls &&
		    e->cls->fields_known)
			return e->cls;
	}
	return NULL;
}

struct lc {
	struct tc_check *ck;
	const struct tc_header *h;
	int ours; /* the kernel's own events: include/trace/events/ */
	const char *events; /* "event 'x'" or "events 'x', 'y'" */
};

/* Report msg (malloced) about x's events. */
static void report(struct lc *x, struct tc_loc loc, char *msg)
{
	struct tc_diag *d;

	if (x->ours)
		d = tc_report(x->ck, loc, "%s: %s", x->events, msg);
	else
		d = tc_report_lower(x->ck, loc, "%s: %s", x->events, msg);
	tc_diag_advise(d, loc,
		       "BPF programs and tools that read the field by its name and type break; "
		       "keep the old field (or add a new one beside it) if they matter");
	free(msg);
}

/*
 * Field i of b (before), not in a (after): renamed when the field at its
 * place in a (as far after the last field both have) is new and of its
 * layout, else removed.
 */
static void gone(struct lc *x, const struct tc_class *a, const struct tc_class *b, size_t i,
		 struct tc_loc where)
{
	const struct tc_field *f = &b->fields[i];
	size_t at = i; /* where it would be in a: as far after the last field both have */
	for (size_t j = i; j-- > 0;) {
		const struct tc_field *kept = b->fields[j].name ? field_named(a, b->fields[j].name) : NULL;
		if (kept) {
			at = (size_t)(kept - a->fields) + (i - j);
			break;
		}
	}
	const struct tc_field *g = at < a->nr_fields ? &a->fields[at] : NULL;
	struct strbuf was = STRBUF_INIT;

	decl(f, &was);
	/* at its place a field of the same layout that is new */
	if (g && g->name && !field_named(b, g->name) && same_layout(f, g))
		report(x, g->loc,
		       xasprintf("field '%s' is renamed to '%s' (it was '%s)", f->name, g->name,
				 strbuf_str(&was)));
	else
		report(x, where,
		       xasprintf("field '%s' is removed (it was '%s)", f->name, strbuf_str(&was)));
	strbuf_release(&was);
}

static void compare(struct lc *x, const struct tc_class *a, const struct tc_class *b,
		    struct tc_loc where)
{
	for (size_t i = 0; i < b->nr_fields; i++) {
		const struct tc_field *f = &b->fields[i];
		const struct tc_field *g = f->name ? field_named(a, f->name) : NULL;
		if (!f->name)
			continue;
		if (!g) {
			gone(x, a, b, i, where);
			continue;
		}
		if (!same_layout(f, g)) {
			struct strbuf was = STRBUF_INIT, now = STRBUF_INIT;
			decl(f, &was);
			decl(g, &now);
			int dyn = tc_field_kind_is_dynamic(g->kind) && !tc_field_kind_is_dynamic(f->kind);
			report(x, g->loc,
			       xasprintf("field '%s' %s: it was '%s, it is '%s", f->name,
					 dyn ? "becomes a dynamic field" : "changes its layout",
					 strbuf_str(&was), strbuf_str(&now)));
			strbuf_release(&was);
			strbuf_release(&now);
		}
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_header *b = ck->ctx->before;
	const char *p = h->tree_path ? h->tree_path : h->path;
	struct lc x = { ck, h, starts_with(p, "include/trace/events/") ||
				       strstr(p, "/include/trace/events/") != NULL, NULL };

	if (!b)
		return;
	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *a = h->classes[i];
		if (!a->fields_known || a->remote)
			continue;
		/* each class the events of a had before, once, with those events */
		for (size_t j = 0; j < h->nr_events; j++) {
			const struct tc_event *e = h->events[j];
			const struct tc_class *old;
			if (e->cls != a || !e->instantiated || !(old = class_before(b, e->name)))
				continue;
			int seen = 0;
			for (size_t k = 0; k < j && !seen; k++)
				seen = h->events[k]->cls == a && h->events[k]->instantiated &&
				       class_before(b, h->events[k]->name) == old;
			if (seen)
				continue;
			struct strbuf names = STRBUF_INIT;
			size_t n = 0;
			for (size_t k = j; k < h->nr_events; k++) {
				const struct tc_event *o = h->events[k];
				if (o->cls == a && o->instantiated && class_before(b, o->name) == old)
					strbuf_addf(&names, "%s'%s'", n++ ? ", " : "", o->name);
			}
			char *events = xasprintf("event%s %s", n == 1 ? "" : "s", strbuf_str(&names));
			x.events = events;
			compare(&x, a, old, e->loc);
			free(events);
			strbuf_release(&names);
		}
	}
}

const struct tc_rule rule_layout_change = {
	.name = "layout-change",
	.severity = TC_SEV_WARNING,
	.enabled = 1,
	.summary = "a patch renames, removes or changes the layout of a field of an existing "
		   "event (patch mode)",
	.doc = &doc,
	.check = check,
};
