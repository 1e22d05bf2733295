// SPDX-License-Identifier: MIT
#include "dump.h"

static const char *const write_kinds[] = {
	[TC_W_ASSIGN] = "assign", [TC_W_ELEMENT] = "element", [TC_W_MEMBER] = "member",
	[TC_W_COPY] = "copy",	  [TC_W_HELPER] = "helper",   [TC_W_CALL] = "call",
	[TC_W_TEXT] = "text",
};

static const char *const written_names[] = {
	[TC_WRITTEN_NEVER] = "never",
	[TC_WRITTEN_CONDITIONAL] = "conditional",
	[TC_WRITTEN_PARTIAL] = "partial",
	[TC_WRITTEN_ALWAYS] = "always",
};

static void loc(FILE *out, struct tc_loc l)
{
	if (l.file)
		fprintf(out, " at %u:%u", l.line, l.col);
}

/* Quote a string, escaping what would break a line. */
static void q(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", out);
		else if (*s == '\t')
			fputs("\\t", out);
		else if ((unsigned char)*s < 0x20)
			fprintf(out, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

static void dump_printk(const struct tc_printk *p, FILE *out, const char *ind)
{
	if (!p->present)
		return;
	fprintf(out, "%sprint fmt ", ind);
	q(out, p->print_fmt);
	fputc('\n', out);
	for (size_t i = 0; i < p->nr_args; i++) {
		const struct tc_printk_arg *a = &p->args[i];
		fprintf(out, "%s  arg %zu raw ", ind, i + 1);
		q(out, a->raw);
		fputs(" expanded ", out);
		q(out, a->expanded);
		if (a->loc_exact)
			loc(out, a->loc);
		fputc('\n', out);
		for (size_t j = 0; j < a->nr_macros; j++) {
			const struct tc_macro_use *m = &a->macros[j];
			fprintf(out, "%s    macro %s%s", ind, m->name, m->standard ? " standard" : "");
			loc(out, m->loc);
			fputc('\n', out);
		}
		for (size_t j = 0; j < a->nr_calls; j++) {
			const struct tc_call *c = &a->calls[j];
			fprintf(out, "%s    call %s%s%s", ind, c->callee,
				c->declared ? "" : " undeclared", c->from_macro ? " from-macro" : "");
			loc(out, c->loc);
			fputc('\n', out);
		}
		for (size_t j = 0; j < a->nr_enum_refs; j++) {
			const struct tc_enum_ref *r = &a->enum_refs[j];
			fprintf(out, "%s    enumerator %s = %lld enum %s%s%s", ind, r->name, r->value,
				r->enum_name[0] ? r->enum_name : "(anonymous)",
				r->in_table ? " in-table" : "", r->outside_table ? " outside-table" : "");
			if (r->decl_loc.file)
				fprintf(out, " declared %s:%u:%u", r->decl_loc.file, r->decl_loc.line,
					r->decl_loc.col);
			fputc('\n', out);
		}
	}
}

void tc_dump_model(const struct tc_header *h, FILE *out)
{
	fprintf(out, "header %s system %s reread %s %s%s\n", h->path, h->system ? h->system : "-",
		h->reread_how ? h->reread_how : "-", h->reread_path ? h->reread_path : "-",
		h->bare ? " bare" : " kernel-tree");
	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		fprintf(out, "class %s macro %s events %zu", c->name, c->macro ? c->macro : "?",
			c->nr_events);
		loc(out, c->loc);
		if (c->layout_known)
			fprintf(out, " size %lld align %lld data %lld\n", c->size, c->align,
				c->data_offset);
		else
			fprintf(out, " layout unknown: %s\n", c->layout_why ? c->layout_why : "?");
		for (size_t j = 0; j < c->nr_fields; j++) {
			const struct tc_field *f = &c->fields[j];
			fprintf(out, "  field %s %s type ", f->name, tc_field_kind_name(f->kind));
			q(out, f->type);
			if (f->len_text && *f->len_text) {
				fputs(" len ", out);
				q(out, f->len_text);
			}
			if (f->layout_known)
				fprintf(out, " offset %lld size %lld align %lld", f->offset, f->size,
					f->align);
			else
				fputs(" layout unknown", out);
			if (f->array_len >= 0)
				fprintf(out, " elements %lld", f->array_len);
			fprintf(out, " signed %d written %s", f->is_signed, written_names[f->written]);
			loc(out, f->loc);
			fputc('\n', out);
			for (size_t k = 0; k < f->nr_writes; k++) {
				const struct tc_write *w = &f->writes[k];
				fprintf(out, "    write %s", write_kinds[w->kind]);
				if (w->how)
					fprintf(out, " %s", w->how);
				if (w->kind == TC_W_HELPER)
					fprintf(out, " args %d", w->nargs);
				if (w->index >= 0)
					fprintf(out, " index %ld", w->index);
				if (w->conditional)
					fputs(" conditional", out);
				if (w->in_loop)
					fputs(" loop", out);
				if (w->kind != TC_W_TEXT)
					loc(out, w->loc);
				fputc('\n', out);
			}
		}
		dump_printk(&c->print, out, "  ");
	}
	for (size_t i = 0; i < h->nr_events; i++) {
		const struct tc_event *e = h->events[i];
		fprintf(out, "event %s macro %s class %s%s", e->name, e->macro,
			e->class_name && *e->class_name ? e->class_name : "-",
			e->instantiated ? "" : " not-instantiated");
		loc(out, e->loc);
		fputc('\n', out);
		dump_printk(&e->own_print, out, "  ");
	}
	for (size_t i = 0; i < h->nr_enums; i++) {
		const struct tc_enum_def *d = &h->enums[i];
		fprintf(out, "%s %s", d->is_sizeof ? "sizeof" : "enum", d->text);
		if (d->value_known)
			fprintf(out, " = %lld", d->value);
		loc(out, d->loc);
		fputc('\n', out);
	}
}
