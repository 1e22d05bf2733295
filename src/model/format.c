// SPDX-License-Identifier: MIT
#include "format.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char common_fields[] =
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n";

const char *tc_format_system(const struct tc_header *h, const struct tc_event *e)
{
	if (e->cls && e->cls->system && *e->cls->system)
		return e->cls->system;
	return h->system ? h->system : "TRACE_SYSTEM";
}

void tc_format_field_type(const struct tc_field *f, struct strbuf *t)
{
	switch (f->kind) {
	case TC_F_DYNAMIC_ARRAY:
	case TC_F_STRING:
	case TC_F_STRING_LEN:
	case TC_F_VSTRING:
	case TC_F_BITMASK:
	case TC_F_SOCKADDR:
		strbuf_addf(t, "__data_loc %s[]", f->type);
		break;
	case TC_F_CPUMASK:
		strbuf_addstr(t, "__data_loc cpumask_t");
		break;
	case TC_F_REL_DYNAMIC_ARRAY:
	case TC_F_REL_STRING:
	case TC_F_REL_STRING_LEN:
	case TC_F_REL_BITMASK:
	case TC_F_REL_SOCKADDR:
		strbuf_addf(t, "__rel_loc %s[]", f->type);
		break;
	case TC_F_REL_CPUMASK:
		strbuf_addstr(t, "__rel_loc cpumask_t");
		break;
	case TC_F_ARRAY:
		strbuf_addf(t, "%s[%s]", f->type, f->len_text);
		break;
	default:
		strbuf_addstr(t, f->type);
		break;
	}
}

/* f_show(): the field line. */
static void field_line(const struct tc_header *h, const struct tc_field *f, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;
	long long len = f->kind == TC_F_ARRAY ? f->array_len : 0;

	tc_format_field_type(f, &t);
	const char *br = strchr(t.buf, '[');
	if (!br || starts_with(t.buf, "__data_loc")) {
		strbuf_addf(out, "\tfield:%s %s;", t.buf, f->name);
	} else if (h->array_len_as_text) {
		/* before 6.3: the length as TP_STRUCT__entry() wrote it */
		strbuf_addf(out, "\tfield:%.*s %s[%s];", (int)(br - t.buf), t.buf, f->name,
			    f->len_text ? f->len_text : "");
	} else if (len > 0) {
		strbuf_addf(out, "\tfield:%.*s %s[%lld];", (int)(br - t.buf), t.buf, f->name, len);
	} else {
		strbuf_addf(out, "\tfield:%.*s %s[];", (int)(br - t.buf), t.buf, f->name);
	}
	strbuf_addf(out, "\toffset:%lld;\tsize:%lld;\tsigned:%d;\n", f->offset, f->size,
		    f->is_signed > 0);
	strbuf_release(&t);
}

static int ident_char(int c)
{
	return isalnum(c) || c == '_';
}

int tc_same_arg_text(const char *a, const char *b)
{
	const char *a0 = a;

	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (!strncmp(a, "__entry", 7) && !ident_char((unsigned char)a[7]) &&
		    (a == a0 || !ident_char((unsigned char)a[-1])) && !strncmp(b, "REC", 3)) {
			a += 7;
			b += 3;
			continue;
		}
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++;
		b++;
	}
}

/*
 * update_event_printk()'s scan of s for name (NULL: none, to the end).
 * Each "continue" of its loop steps over one more character: the
 * delimiter after a number or a name is never looked at, so a '"' right
 * after one (the '%s"' of a format string with an escaped quote in it)
 * does not toggle the string state: the first such '"' into *blind.
 */
static const char *eval_scan(const char *s, const char *name, const char **blind)
{
	size_t len = name ? strlen(name) : 0;
	int quote = 0;

	for (const char *ptr = s; *ptr; ptr++) {
		if (*ptr == '\\') {
			ptr++;
			if (!*ptr)
				break;
			continue;
		}
		if (*ptr == '"') {
			quote ^= 1;
			continue;
		}
		if (quote)
			continue;
		if (isdigit((unsigned char)*ptr)) {
			do
				ptr++;
			while (isalnum((unsigned char)*ptr));
			if (!*ptr)
				break;
			if (*ptr == '"' && blind && !*blind)
				*blind = ptr;
			continue;
		}
		if (isalpha((unsigned char)*ptr) || *ptr == '_') {
			if (len && !strncmp(name, ptr, len) && !ident_char((unsigned char)ptr[len]))
				return ptr;
			for (;;) {
				do
					ptr++;
				while (ident_char((unsigned char)*ptr));
				if (!*ptr)
					break;
				if (*ptr == '.')
					ptr++;
				else if (ptr[0] == '-' && ptr[1] == '>')
					ptr += 2;
				else
					break;
				if (!*ptr)
					break;
			}
			if (!*ptr)
				break;
			if (*ptr == '"' && blind && !*blind)
				*blind = ptr;
		}
	}
	return NULL;
}

const char *tc_format_eval_match(const char *s, const char *name)
{
	return eval_scan(s, name, NULL);
}

const char *tc_format_eval_blind_quote(const char *s)
{
	const char *blind = NULL;

	eval_scan(s, NULL, &blind);
	return blind;
}

/*
 * update_event_printk() for one map: replace each match of map->text
 * by its decimal value when that is not longer than the name.  Returns
 * 0, or -1 when a value is too long (the kernel warns and leaves this
 * map; the other maps still apply).  The scan goes on after the value
 * and the character after it, outside a string literal.
 */
static int apply_map(char *fmt, const struct tc_enum_def *map)
{
	size_t len = strlen(map->text);
	char val[32];
	size_t elen = (size_t)snprintf(val, sizeof(val), "%ld", (long)map->value);
	char *ptr = fmt;

	while ((ptr = (char *)tc_format_eval_match(ptr, map->text))) {
		if (elen > len)
			return -1;
		memcpy(ptr, val, elen);
		memmove(ptr + elen, ptr + len, strlen(ptr + len) + 1);
		ptr += elen;
		if (!*ptr)
			break;
		ptr++;
	}
	return 0;
}

void tc_format_apply_eval_maps(const struct tc_header *h, const char *fmt, struct strbuf *out)
{
	char *s = xstrdup(fmt);

	for (size_t i = 0; i < h->nr_enums; i++)
		if (h->enums[i].value_known)
			apply_map(s, &h->enums[i]);
	strbuf_addstr(out, s);
	free(s);
}

/*
 * A trace remote's format file, as kernel/trace/trace_remote.c's
 * remote_event_format_show() writes it: common_type only, each field at
 * the sum of the sizes before it (from sizeof(struct remote_event_hdr)),
 * whatever padding the record has, and the print fmt as it is (no eval
 * map rewrites it).
 */
static void remote_format(const struct tc_header *h, const struct tc_event *e, struct strbuf *out)
{
	const struct tc_class *c = e->cls;
	long long off = 2;

	strbuf_addf(out, "name: %s\nID: %d\nformat:\n%s\n", e->name, TC_FORMAT_ID_PLACEHOLDER,
		    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n");
	for (size_t i = 0; i < c->nr_fields; i++) {
		struct tc_field f = c->fields[i];
		f.offset = off;
		field_line(h, &f, out);
		off += f.size;
	}
	if (c->nr_fields)
		strbuf_addch(out, '\n');
	strbuf_addf(out, "print fmt: %s\n", tc_event_print(e)->print_fmt);
}

int tc_format_event(const struct tc_header *h, const struct tc_event *e, struct strbuf *out,
		    const char **why)
{
	const struct tc_class *c = e->cls;
	const struct tc_printk *p = tc_event_print(e);

	if (!c) {
		*why = "its event class is not defined in this header";
		return -1;
	}
	if (!c->layout_known) {
		*why = c->layout_why ? c->layout_why : "its record layout is not known";
		return -1;
	}
	if (!p->present) {
		*why = "its TP_printk() could not be read";
		return -1;
	}
	if (c->remote) {
		remote_format(h, e, out);
		return 0;
	}
	strbuf_addf(out, "name: %s\nID: %d\nformat:\n%s\n", e->name, TC_FORMAT_ID_PLACEHOLDER,
		    common_fields);
	for (size_t i = 0; i < c->nr_fields; i++)
		field_line(h, &c->fields[i], out);
	strbuf_addstr(out, "\nprint fmt: ");
	tc_format_apply_eval_maps(h, p->print_fmt, out);
	strbuf_addch(out, '\n');
	return 0;
}
