// SPDX-License-Identifier: MIT
#include "model.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "util.h"

static const char *const kind_names[] = {
	[TC_F_FIELD] = "__field",
	[TC_F_FIELD_EXT] = "__field_ext",
	[TC_F_FIELD_STRUCT] = "__field_struct",
	[TC_F_FIELD_STRUCT_EXT] = "__field_struct_ext",
	[TC_F_FIELD_PACKED] = "__field_packed",
	[TC_F_ARRAY] = "__array",
	[TC_F_DYNAMIC_ARRAY] = "__dynamic_array",
	[TC_F_STRING] = "__string",
	[TC_F_STRING_LEN] = "__string_len",
	[TC_F_VSTRING] = "__vstring",
	[TC_F_BITMASK] = "__bitmask",
	[TC_F_CPUMASK] = "__cpumask",
	[TC_F_SOCKADDR] = "__sockaddr",
	[TC_F_REL_DYNAMIC_ARRAY] = "__rel_dynamic_array",
	[TC_F_REL_STRING] = "__rel_string",
	[TC_F_REL_STRING_LEN] = "__rel_string_len",
	[TC_F_REL_BITMASK] = "__rel_bitmask",
	[TC_F_REL_CPUMASK] = "__rel_cpumask",
	[TC_F_REL_SOCKADDR] = "__rel_sockaddr",
	[TC_F_UNKNOWN] = "?",
};

const char *tc_field_kind_name(enum tc_field_kind k)
{
	return k <= TC_F_UNKNOWN ? kind_names[k] : "?";
}

enum tc_field_kind tc_field_kind_from_name(const char *name)
{
	for (size_t i = 0; i < TC_F_UNKNOWN; i++)
		if (!strcmp(kind_names[i], name))
			return (enum tc_field_kind)i;
	return TC_F_UNKNOWN;
}

int tc_field_kind_is_dynamic(enum tc_field_kind k)
{
	return k >= TC_F_DYNAMIC_ARRAY && k <= TC_F_REL_SOCKADDR;
}

int tc_field_kind_is_rel(enum tc_field_kind k)
{
	return k >= TC_F_REL_DYNAMIC_ARRAY && k <= TC_F_REL_SOCKADDR;
}

int tc_field_kind_is_string(enum tc_field_kind k)
{
	return k == TC_F_STRING || k == TC_F_STRING_LEN || k == TC_F_VSTRING ||
	       k == TC_F_REL_STRING || k == TC_F_REL_STRING_LEN;
}

struct tc_header *tc_header_new(const char *path)
{
	struct tc_header *h = xcalloc(1, sizeof(*h));

	h->path = xstrdup(path);
	h->abs_path = absolute_path(path);
	h->reread_is_self = -1;
	h->abi = -1;
	return h;
}

const char *tc_header_intern(struct tc_header *h, const char *file)
{
	if (!file)
		return NULL;
	for (size_t i = 0; i < h->nr_interned; i++)
		if (!strcmp(h->interned[i], file))
			return h->interned[i];
	ALLOC_GROW(h->interned, h->nr_interned + 1, h->alloc_interned);
	h->interned[h->nr_interned] = xstrdup(file);
	return h->interned[h->nr_interned++];
}

static void printk_arg_release(struct tc_printk_arg *a)
{
	free(a->raw);
	free(a->expanded);
	for (size_t i = 0; i < a->nr_macros; i++)
		free(a->macros[i].name);
	free(a->macros);
	for (size_t i = 0; i < a->nr_calls; i++)
		free(a->calls[i].callee);
	free(a->calls);
	for (size_t i = 0; i < a->nr_enum_refs; i++) {
		free(a->enum_refs[i].name);
		free(a->enum_refs[i].enum_name);
	}
	free(a->enum_refs);
	for (size_t i = 0; i < a->nr_foreign; i++) {
		free(a->foreign[i].name);
		free(a->foreign[i].type);
		free(a->foreign[i].macro);
	}
	free(a->foreign);
	for (size_t i = 0; i < a->nr_helpers; i++) {
		struct tc_helper_use *u = &a->helpers[i];
		free(u->helper);
		free(u->field);
		free(u->len_field);
		free(u->value_type);
		for (size_t j = 0; j < u->nr_syms; j++)
			free(u->syms[j].name);
		free(u->syms);
	}
	free(a->helpers);
	free(a->type);
	free(a->type_canon);
	free(a->pointee);
	free(a->table_cfg);
}

void tc_printk_release(struct tc_printk *p)
{
	free(p->fmt);
	free(p->fmt_raw);
	free(p->print_fmt);
	for (size_t i = 0; i < p->nr_args; i++)
		printk_arg_release(&p->args[i]);
	free(p->args);
	for (size_t i = 0; i < p->nr_raw_args; i++)
		free(p->raw_args[i]);
	free(p->raw_args);
	free(p->raw_range);
	free(p->raw_locs);
	memset(p, 0, sizeof(*p));
}

static void field_release(struct tc_field *f)
{
	free(f->name);
	free(f->type);
	free(f->len_text);
	free(f->extra);
	for (size_t i = 0; i < f->nr_writes; i++) {
		free(f->writes[i].how);
		free(f->writes[i].src_type);
		free(f->writes[i].str_src_type);
		free(f->writes[i].size_text);
		free(f->writes[i].cond_text);
		free(f->writes[i].str_src_text);
		free(f->writes[i].str_src_xtext);
	}
	free(f->writes);
	free(f->reads);
	free(f->written_why);
	free(f->bytes_gap);
	free(f->bitwise);
	free(f->str_src_type);
	free(f->str_src_xtext);
}

static void class_free(struct tc_class *c)
{
	free(c->name);
	free(c->macro);
	free(c->system);
	free(c->proto);
	free(c->args);
	for (size_t i = 0; i < c->nr_fields; i++)
		field_release(&c->fields[i]);
	free(c->fields);
	free(c->layout_why);
	free(c->assign_text);
	tc_printk_release(&c->print);
	free(c);
}

static void event_free(struct tc_event *e)
{
	free(e->name);
	free(e->macro);
	free(e->class_name);
	tc_printk_release(&e->own_print);
	free(e);
}

void tc_header_free(struct tc_header *h)
{
	if (!h)
		return;
	for (size_t i = 0; i < h->nr_classes; i++)
		class_free(h->classes[i]);
	free(h->classes);
	for (size_t i = 0; i < h->nr_events; i++)
		event_free(h->events[i]);
	free(h->events);
	for (size_t i = 0; i < h->nr_enums; i++)
		free(h->enums[i].text);
	free(h->enums);
	for (size_t i = 0; i < h->nr_cfg_off; i++) {
		free(h->cfg_off[i].option);
		free(h->cfg_off[i].expansion);
	}
	free(h->cfg_off);
	for (size_t i = 0; i < h->nr_cfg_passes; i++) {
		free(h->cfg_passes[i].config);
		tc_header_free(h->cfg_passes[i].h);
		free_strings(h->cfg_passes[i].events, h->cfg_passes[i].nr_events);
		free_strings(h->cfg_passes[i].event_configs, h->cfg_passes[i].nr_events);
		free(h->cfg_passes[i].implied);
	}
	free(h->cfg_passes);
	for (size_t i = 0; i < h->nr_cfg_left; i++)
		free(h->cfg_left[i].why);
	free(h->cfg_left);
	for (size_t i = 0; i < h->nr_clang_messages; i++)
		free(h->clang_messages[i]);
	free(h->clang_messages);
	for (size_t i = 0; i < h->nr_compile_errors; i++) {
		free(h->compile_errors[i].msg);
		free(h->compile_errors[i].name);
	}
	free(h->compile_errors);
	for (size_t i = 0; i < h->nr_undeclared; i++)
		free(h->undeclared[i]);
	free(h->undeclared);
	for (size_t i = 0; i < h->nr_interned; i++)
		free(h->interned[i]);
	free(h->interned);
	free(h->path);
	free(h->abs_path);
	free(h->text);
	free(h->tree_path);
	free(h->tree_root);
	free(h->system);
	free(h->reread_how);
	free(h->reread_file);
	free(h->reread_path);
	free(h->instantiator);
	free(h->built_by);
	free(h->context_why);
	free(h->too_deep);
	free_strings(h->include_dirs, h->nr_include_dirs);
	free(h);
}

struct tc_class *tc_header_class(struct tc_header *h, const char *name, int create)
{
	for (size_t i = 0; i < h->nr_classes; i++)
		if (!strcmp(h->classes[i]->name, name))
			return h->classes[i];
	if (!create)
		return NULL;
	struct tc_class *c = xcalloc(1, sizeof(*c));
	c->name = xstrdup(name);
	c->size = c->align = c->data_offset = -1;
	ALLOC_GROW(h->classes, h->nr_classes + 1, h->alloc_classes);
	h->classes[h->nr_classes++] = c;
	return c;
}

struct tc_event *tc_header_event(struct tc_header *h, const char *name, int create)
{
	for (size_t i = 0; i < h->nr_events; i++)
		if (!strcmp(h->events[i]->name, name))
			return h->events[i];
	if (!create)
		return NULL;
	struct tc_event *e = xcalloc(1, sizeof(*e));
	e->name = xstrdup(name);
	ALLOC_GROW(h->events, h->nr_events + 1, h->alloc_events);
	h->events[h->nr_events++] = e;
	return e;
}

struct tc_field *tc_class_field(struct tc_class *c, const char *name)
{
	for (size_t i = 0; i < c->nr_fields; i++)
		if (!strcmp(c->fields[i].name, name))
			return &c->fields[i];
	return NULL;
}

const struct tc_printk *tc_event_print(const struct tc_event *e)
{
	if (e->own_print.present || !e->cls)
		return &e->own_print;
	return &e->cls->print;
}

const struct tc_event *tc_printk_event(const struct tc_header *h, const struct tc_printk *pk)
{
	for (size_t j = 0; j < h->nr_events; j++) {
		const struct tc_event *e = h->events[j];
		if (e->instantiated && tc_event_print(e) == pk)
			return e;
	}
	return NULL;
}

struct tc_write *tc_field_add_write(struct tc_field *f, enum tc_write_kind kind)
{
	ALLOC_GROW(f->writes, f->nr_writes + 1, f->alloc_writes);
	struct tc_write *w = &f->writes[f->nr_writes++];
	memset(w, 0, sizeof(*w));
	w->kind = kind;
	w->index = -1;
	w->size = -1;
	return w;
}

struct tc_read *tc_field_add_read(struct tc_field *f)
{
	ALLOC_GROW(f->reads, f->nr_reads + 1, f->alloc_reads);
	struct tc_read *r = &f->reads[f->nr_reads++];
	memset(r, 0, sizeof(*r));
	return r;
}

struct tc_printk_arg *tc_printk_add_arg(struct tc_printk *p)
{
	ALLOC_GROW(p->args, p->nr_args + 1, p->alloc_args);
	struct tc_printk_arg *a = &p->args[p->nr_args++];
	memset(a, 0, sizeof(*a));
	return a;
}

static const char *const abi_names[TC_NR_ABIS] = { "x86_64", "i386", "aarch64", "arm" };

const char *tc_abi_name(enum tc_abi a)
{
	return (unsigned)a < TC_NR_ABIS ? abi_names[a] : "?";
}

int tc_abi_is_64bit(enum tc_abi a)
{
	return a == TC_ABI_X86_64 || a == TC_ABI_AARCH64;
}

int tc_abi_char_signed(int a)
{
	return a == TC_ABI_X86_64 || a == TC_ABI_I386;
}

int tc_abi_of(const char *s)
{
	static const struct {
		const char *prefix;
		enum tc_abi abi;
	} map[] = {
		{ "x86_64", TC_ABI_X86_64 }, { "amd64", TC_ABI_X86_64 },  { "i386", TC_ABI_I386 },
		{ "i486", TC_ABI_I386 },     { "i586", TC_ABI_I386 },	  { "i686", TC_ABI_I386 },
		{ "aarch64_be", -1 },	     { "aarch64", TC_ABI_AARCH64 }, { "arm64", TC_ABI_AARCH64 },
		{ "armeb", -1 },	     { "arm", TC_ABI_ARM },
	};
	size_t n;

	if (!s)
		return TC_ABI_X86_64;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		n = strlen(map[i].prefix);
		if (!strncmp(s, map[i].prefix, n) &&
		    (map[i].abi != TC_ABI_ARM || !s[n] || s[n] == '-' || s[n] == 'v'))
			return (int)map[i].abi;
	}
	return -1;
}

const char *tc_header_cfg_off(const struct tc_header *h, unsigned line)
{
	for (size_t i = 0; i < h->nr_cfg_off; i++)
		if (line >= h->cfg_off[i].first && line <= h->cfg_off[i].last)
			return h->cfg_off[i].option;
	return NULL;
}

/* Does h define event name (instantiated: as an event, not a _NOP form)? */
static int defines_event(const struct tc_header *h, const char *name, int instantiated)
{
	for (size_t i = 0; i < h->nr_events; i++)
		if (!strcmp(h->events[i]->name, name) &&
		    (!instantiated || h->events[i]->instantiated))
			return 1;
	return 0;
}

/* Does text name name as a word? */
static int names_word(const char *text, const char *name, size_t n)
{
	for (const char *p = text; p && (p = strstr(p, name)); p++)
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return 1;
	return 0;
}

const struct tc_header *tc_header_of_config(const struct tc_header *h, const char *config)
{
	for (size_t i = 0; config && i < h->nr_cfg_passes; i++)
		if (!strcmp(h->cfg_passes[i].config, config))
			return h->cfg_passes[i].h;
	for (size_t i = 0; config && i < h->nr_cfg_passes; i++)
		for (size_t k = 0; k < h->cfg_passes[i].nr_events; k++)
			if (!strcmp(h->cfg_passes[i].event_configs[k], config))
				return h->cfg_passes[i].h;
	return h;
}

const struct tc_cfg_pass *tc_header_event_pass(const struct tc_header *h, const char *name,
					       int *found)
{
	*found = 1;
	/* instantiated first: an event h has as a _NOP form that a pass instantiates */
	for (int inst = 1; inst >= 0; inst--) {
		if (defines_event(h, name, inst))
			return NULL;
		for (size_t i = 0; i < h->nr_cfg_passes; i++)
			if (defines_event(h->cfg_passes[i].h, name, inst))
				return &h->cfg_passes[i];
	}
	*found = 0;
	return NULL;
}

const char *tc_header_name_cfg_off(const struct tc_header *h, const char *name)
{
	const char *t = h->text;
	size_t n = strlen(name), end = t ? strlen(t) : 0;
	unsigned line = 1;

	if (!h->nr_cfg_off)
		return NULL;
	/* through a macro the region uses (XG_TYPE_STRINGS names XG_TYPE_AG) */
	for (size_t i = 0; i < h->nr_cfg_off; i++)
		if (h->cfg_off[i].expansion && names_word(h->cfg_off[i].expansion, name, n))
			return h->cfg_off[i].option;
	for (size_t i = 0; i < end;) {
		size_t j = tc_cskip(t, end, i);
		if (j != i) {
			for (size_t k = i; k < j; k++)
				line += t[k] == '\n';
			i = j;
			continue;
		}
		if (t[i] == '\n')
			line++;
		int at_word = !i || !(isalnum((unsigned char)t[i - 1]) || t[i - 1] == '_');
		if (at_word && !strncmp(t + i, name, n) &&
		    !(isalnum((unsigned char)t[i + n]) || t[i + n] == '_') &&
		    tc_header_cfg_off(h, line))
			return tc_header_cfg_off(h, line);
		i++;
	}
	return NULL;
}

char *tc_header_tree_root(const struct tc_header *h)
{
	if (!h->tree_path || !h->tree_root || h->bare)
		return NULL;
	return xstrdup(h->tree_root);
}

char *tc_class_assign_raw(const struct tc_class *c)
{
	if (!c->assign_text)
		return NULL;
	const char *sep = strchr(c->assign_text, '\x1d');
	return sep ? xstrndup(c->assign_text, (size_t)(sep - c->assign_text))
		   : xstrdup(c->assign_text);
}
