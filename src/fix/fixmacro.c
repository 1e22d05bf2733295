// SPDX-License-Identifier: MIT
/*
 * Repairs that more than one rule makes: a helper macro in a TP_printk()
 * argument (printk-custom-macro, and printk-construct for the constructs
 * a macro brings in) whose value is stored at assign time.
 */
#include "fix.h"

#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "pconv.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_macro_use *find_macro(const struct tc_header *h, const struct tc_loc *loc,
					     const struct tc_printk **pkp, size_t *kp)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	const struct tc_macro_use *m = NULL;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < ps[i]->nr_args; k++)
			for (size_t j = 0; j < ps[i]->args[k].nr_macros; j++)
				if (!m && !ps[i]->args[k].macros[j].standard &&
				    tc_fix_loc_eq(&ps[i]->args[k].macros[j].loc, loc)) {
					*pkp = ps[i];
					*kp = k;
					m = &ps[i]->args[k].macros[j];
				}
	free(ps);
	return m;
}

/* Does a DEFINE_EVENT_PRINT of class c print __entry->name? */
static int own_prints_read(const struct tc_header *h, const struct tc_class *c, const char *name)
{
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_printk *p = &h->events[i]->own_print;
		if (h->events[i]->cls != c || !p->present)
			continue;
		for (size_t r = 0; r < p->nr_raw_args; r++) {
			struct tc_ctok *t;
			size_t n = tc_ctokenize(p->raw_args[r], &t);
			int hit = 0;
			for (size_t j = 0; j + 2 < n; j++)
				hit |= tc_ctok_is(&t[j], "__entry") && tc_ctok_is(&t[j + 1], "->") &&
				       tc_ctok_is(&t[j + 2], name);
			free(t);
			if (hit)
				return 1;
		}
	}
	return 0;
}

int tc_fix_macro_arg(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_header *h = tc_fix_header(fx);
	const struct tc_printk *pk = NULL;
	size_t k = 0, off, end, rs, re, nf;
	const struct tc_macro_use *m = find_macro(h, &d->loc, &pk, &k);
	const struct tc_field *f;
	struct tc_fix_class fc;
	char len[8], conv;

	if (!m)
		return tc_fix_skip(fx, "no helper macro is used at this position");
	const struct tc_printk_arg *a = &pk->args[k];
	const struct tc_class *c = tc_fix_class_of_print(h, pk);
	if (!c)
		return tc_fix_skip(fx, "the macro is used in a DEFINE_EVENT_PRINT()'s own TP_printk()");
	for (size_t j = 0; j < pk->nr_args; j++)
		if (j != k && pk->args[j].raw_index == a->raw_index)
			return tc_fix_skip(fx, "'%s' expands to several print arguments", m->name);
	if (tc_fix_conversion(pk, k, len, sizeof(len), &conv))
		return tc_fix_skip(fx, "the format has no conversion for the argument");
	if (tc_fix_find_class(fx, c, &fc))
		return -1;
	if (tc_fix_offset(fx, &m->loc, &off) || tc_fix_raw_arg(fx, pk, a->raw_index, &rs, &re))
		return tc_fix_skip(fx, "the argument's position in the text is not known");
	end = tc_fix_call_end(fx, off);
	if (!end)
		return tc_fix_skip(fx, "'%s' is not used like a function", m->name);
	if (off != rs || end != re)
		return tc_fix_skip(fx, "'%s' is part of the larger argument '%s'", m->name, a->raw);
	if (conv == 's' && !len[0])
		return tc_fix_record_string(fx, &fc, off, end, m->name, off, end);
	const char *type = tc_pconv_int_type(len, conv);
	if (!type)
		return tc_fix_skip(fx, "'%s' is printed with %%%s%c, for which no field type is "
				       "known",
				   m->name, len, conv);

	struct strbuf val = STRBUF_INIT, line = STRBUF_INIT;
	if (tc_fix_unentry(fx, &fc, off, end, 0, &val, &nf, &f)) {
		strbuf_release(&val);
		return -1;
	}
	char *name = tc_fix_new_name(fx, c, m->name);
	size_t es, ee, ss, se, xs, xe;
	/* in place: the macro's one field is read nowhere else */
	int in_place = nf == 1 && f->kind == TC_F_FIELD &&
		       tc_fix_count_entry_refs(fx, fc.print.open, off, f->name) +
				       tc_fix_count_entry_refs(fx, end, fc.print.close, f->name) ==
			       0 &&
		       !own_prints_read(h, c, f->name) &&
		       !tc_fix_field_element(fx, &fc, f, &es, &ee) &&
		       !tc_fix_plain_assign(fx, &fc, f, &ss, &se, &xs, &xe);
	strbuf_addf(&line, "__field(%s, %s)", type, name);
	if (in_place)
		tc_fix_replace(fx, es, ee, line.buf);
	else
		tc_fix_append(fx, &fc.entry, line.buf, 0);
	strbuf_reset(&line);
	strbuf_addf(&line, "__entry->%s = %s;", name, val.buf);
	if (in_place)
		tc_fix_replace(fx, ss, se, line.buf);
	else
		tc_fix_append(fx, &fc.assign, line.buf, 0);
	strbuf_reset(&line);
	strbuf_addf(&line, "__entry->%s", name);
	tc_fix_replace(fx, off, end, line.buf);
	strbuf_release(&line);
	strbuf_release(&val);
	free(name);
	return 0;
}
