// SPDX-License-Identifier: MIT
/*
 * printk-helper-misuse: TRACE_EVENT print helpers used against their
 * contract (include/trace/stages/stage3_trace_output.h and
 * kernel/trace/trace_output.c; ../shared/spec/user-space-parser.md §8).
 *
 *  - a getter on a field of the wrong kind: __get_str() reads the
 *    field's bytes up to a NUL, __get_bitmask()/__get_cpumask() hand
 *    them to the bitmap printer in unsigned longs (len * 8 bits),
 *    __get_sockaddr() to %pIS, which reads the family first.  All
 *    __data_loc fields share one descriptor layout, so the compiler
 *    accepts any of them (only __data_loc against __rel_loc, and any
 *    getter of a static field, fail to build);
 *  - __print_array() whose count * el_size bytes run past the __array
 *    (or scalar) field it starts at, whose count is the dynamic array's
 *    length in bytes (__get_dynamic_array_len()) when el_size > 1, or
 *    whose element size is not the field's; __print_dynamic_array() with
 *    another element size than the array's; an element size other than
 *    1, 2, 4, 8 (the kernel's BUILD_BUG_ON);
 *  - __print_hex()/__print_hex_str()/__print_hex_dump() of a static
 *    field with a constant length past it, or of a dynamic array with
 *    another field's length;
 *  - __print_symbolic() tables with one value under two names
 *    (trace_print_symbols_seq() stops at the first match) and
 *    __print_flags() tables with one mask twice (the first match clears
 *    the bits, so the second never prints) or a mask 0 (matches every
 *    non-zero value: the kernel prints its name beside every other flag,
 *    libtraceevent never prints it), and entries the printed value's
 *    integer type cannot reach (it is converted to unsigned long).
 *
 * The PRINT pass names every getter (__tc_h_get("__get_str", ...)) and
 * calls the printing helpers' sinks; the front end records each use
 * with the field it reads and the constants clang evaluates
 * (tc_printk_arg.helpers).
 */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

#include "kfacts.h"
#include "merge.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A print helper used against its contract. Errors: __get_str() of a\n"
		"bitmask, cpumask, sockaddr or wide-element dynamic array;\n"
		"__get_bitmask()/__get_cpumask() of a string or sockaddr;\n"
		"__get_sockaddr() of a string or bitmap; __print_array() or\n"
		"__print_hex()/__print_hex_str()/__print_hex_dump() reading past the end\n"
		"of the field their buffer starts at; a __print_array() count from\n"
		"__get_dynamic_array_len() (bytes) with an element size above 1; an\n"
		"element size other than 1, 2, 4 or 8. One level lower: an element size\n"
		"that differs from the field's, a buffer printed with another field's\n"
		"length, and __print_symbolic()/__print_flags() entries that never print\n"
		"as written (a value listed twice under different names, a\n"
		"__print_flags() mask of 0, a value the printed type cannot hold); a NULL\n"
		"table name (7.0: a fault) and a 7.0 bitmap getter beside other tmp_seq\n"
		"helpers. Notes: a __print_flags() mask listed twice, a mask 0 only in\n"
		"this configuration.",
	.why =
		"The compiler accepts all of these - every __data_loc field has the same\n"
		"descriptor, and tables are plain initialisers - and the kernel prints\n"
		"what the helper reads: a string read past its field, the bits of a\n"
		"string, values cut across elements, table entries that never print or\n"
		"that print beside every flag.\n"
		"\n"
		"Two kinds are notes, not warnings: blind samples of 7.3\n"
		"(docs/RESULTS.md) judged both they drew true but minor. A mask listed\n"
		"twice in __print_flags() names the same bits twice (mm's\n"
		"show_gfp_flags(): GFP_NOIO and __GFP_RECLAIM are both 0xc00, and the\n"
		"name printed is right); a value listed twice in __print_symbolic()\n"
		"prints one name for two meanings and stays a warning. A mask that is 0\n"
		"only in some configurations (iomap's IOMAP_F_BUFFER_HEAD without\n"
		"CONFIG_BUFFER_HEAD) is not 0 in the kernels that print it; a mask 0 in\n"
		"every configuration stays a warning. Only in this configuration: a\n"
		"macro of the table has another definition under an #if of a CONFIG_\n"
		"option that is off.",
	.kernel =
		"No fix to cite. 6.12 code it fires on: arch/x86/kvm/trace.h, kvm_exit:\n"
		"the SVM exit-reason table has { SVM_EXIT_ERR, \"invalid_guest_state\" }\n"
		"with SVM_EXIT_ERR -1, which the unsigned int exit_reason never equals\n"
		"(the kernel compares in unsigned long).",
	.example =
		"TP_printk(\"buf %s\", __print_hex(__get_dynamic_array(buf),\n"
		"\t\t\t\t __get_dynamic_array_len(buf)))\n",
	.fix =
		"None.",
};

static const struct tc_field *class_field(const struct tc_class *c, const char *name, int rel)
{
	for (size_t i = 0; c && name && i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		if (strcmp(f->name, name))
			continue;
		if (rel >= 0 && !!tc_field_kind_is_dynamic(f->kind) != 1)
			continue;
		if (rel >= 0 && !!tc_field_kind_is_rel(f->kind) != rel)
			continue;
		return f;
	}
	return NULL;
}

/* A static (non-__data_loc) field by name. */
static const struct tc_field *static_field(const struct tc_class *c, const char *name)
{
	for (size_t i = 0; c && name && i < c->nr_fields; i++)
		if (!strcmp(c->fields[i].name, name) && !tc_field_kind_is_dynamic(c->fields[i].kind))
			return &c->fields[i];
	return NULL;
}

/* The field's declaration as written in TP_STRUCT__entry(). */
static void decl_text(struct strbuf *sb, const struct tc_field *f)
{
	const char *k = tc_field_kind_name(f->kind);

	switch (f->kind) {
	case TC_F_ARRAY:
	case TC_F_DYNAMIC_ARRAY:
	case TC_F_REL_DYNAMIC_ARRAY:
		strbuf_addf(sb, "%s(%s, %s, %s)", k, f->type, f->name, f->len_text);
		break;
	case TC_F_STRING:
	case TC_F_REL_STRING:
		strbuf_addf(sb, "%s(%s, %s)", k, f->name, f->extra);
		break;
	case TC_F_STRING_LEN:
	case TC_F_REL_STRING_LEN:
		strbuf_addf(sb, "%s(%s, %s, %s)", k, f->name, f->extra, f->len_text);
		break;
	case TC_F_VSTRING:
		strbuf_addf(sb, "%s(%s, %s, ...)", k, f->name, f->extra);
		break;
	case TC_F_BITMASK:
	case TC_F_REL_BITMASK:
	case TC_F_SOCKADDR:
	case TC_F_REL_SOCKADDR:
		strbuf_addf(sb, "%s(%s, %s)", k, f->name, f->len_text);
		break;
	case TC_F_CPUMASK:
	case TC_F_REL_CPUMASK:
		strbuf_addf(sb, "%s(%s)", k, f->name);
		break;
	default:
		strbuf_addf(sb, "%s(%s, %s)", k, f->type, f->name);
		break;
	}
}

static void decl_note(struct tc_diag *d, const struct tc_field *f, const char *what)
{
	struct strbuf sb = STRBUF_INIT;

	decl_text(&sb, f);
	tc_diag_note(d, f->loc, "'%s' is declared here as %s%s", f->name, strbuf_str(&sb),
		     what ? what : "");
	strbuf_release(&sb);
}

/* Where the helper is written: its own macro in the argument, else the argument. */
static struct tc_loc use_loc(const struct tc_printk_arg *a, const struct tc_helper_use *u)
{
	unsigned k = 0;

	for (size_t i = 0; i < a->nr_macros; i++) {
		if (strcmp(a->macros[i].name, u->helper))
			continue;
		if (k++ == u->ordinal && a->macros[i].loc.file)
			return a->macros[i].loc;
	}
	return a->loc;
}

static int is_dynarray(enum tc_field_kind k)
{
	return k == TC_F_DYNAMIC_ARRAY || k == TC_F_REL_DYNAMIC_ARRAY;
}

static int is_mask(enum tc_field_kind k)
{
	return k == TC_F_BITMASK || k == TC_F_REL_BITMASK || k == TC_F_CPUMASK ||
	       k == TC_F_REL_CPUMASK;
}

static int is_sockaddr(enum tc_field_kind k)
{
	return k == TC_F_SOCKADDR || k == TC_F_REL_SOCKADDR;
}

static const char *kind_what(const struct tc_field *f)
{
	if (tc_field_kind_is_string(f->kind))
		return "a string";
	if (is_mask(f->kind))
		return "a bitmap";
	if (is_sockaddr(f->kind))
		return "a socket address";
	return "an array";
}

static void check_getter(struct tc_check *ck, const struct tc_class *c,
			 const struct tc_printk_arg *a, const struct tc_helper_use *u)
{
	const struct tc_field *f = class_field(c, u->field, u->field_rel);
	const char *h = u->helper;
	struct tc_loc loc = use_loc(a, u);
	struct tc_diag *d = NULL;

	if (!f)
		return;
	if (!strcmp(h, "__get_str") || !strcmp(h, "__get_rel_str")) {
		if (tc_field_kind_is_string(f->kind))
			return;
		/* __dynamic_array(char, ...) filled by strcpy() is the old way of a string */
		if (is_dynarray(f->kind) && f->el_size == 1)
			return;
		if (!u->whole_arg) {
			/* the pointer goes to a function or a cast, not to %s */
			d = tc_report_lower(ck, loc,
					    "%s(%s) reaches %s, which is %s, not a string: it is "
					    "read through a char pointer",
					    h, f->name, f->name, kind_what(f));
			decl_note(d, f, NULL);
			tc_diag_note(d, loc, "__get_dynamic_array(%s) is the getter for other data",
				     f->name);
			return;
		}
		d = tc_report(ck, loc,
			      "%s(%s) reads %s, which is %s%s, as a NUL-terminated string: %%s "
			      "prints its bytes up to the next zero byte, inside the field or past it",
			      h, f->name, f->name, kind_what(f),
			      is_dynarray(f->kind) && f->el_size > 1 ? " of elements wider than a byte"
								      : "");
		decl_note(d, f, NULL);
		tc_diag_advise(d, loc, "%s",
			       is_mask(f->kind)	      ? "print it with __get_bitmask()"
			       : is_sockaddr(f->kind) ? "print it with %pISpc and __get_sockaddr()"
						      : "print it with __print_array() or __print_hex()");
		return;
	}
	if (!strcmp(h, "__get_bitmask") || !strcmp(h, "__get_rel_bitmask") ||
	    !strcmp(h, "__get_cpumask") || !strcmp(h, "__get_rel_cpumask")) {
		if (is_mask(f->kind))
			return;
		if (is_dynarray(f->kind)) {
			if (f->el_size == (long long)sizeof(long) || f->el_size < 0)
				return;
			/* the element type, not the host's: the kernel's bitmaps are of unsigned long */
			if (!strcmp(f->type, "unsigned long") || !strcmp(f->type, "ulong"))
				return;
			d = tc_report_lower(ck, loc,
					    "%s(%s) prints %s, a __dynamic_array() of %s, as a bitmap of "
					    "unsigned longs: a length that is not a multiple of one is "
					    "read whole, past the array, and the bit order follows the "
					    "longs' byte order",
					    h, f->name, f->name, f->type);
			decl_note(d, f, NULL);
			tc_diag_advise(d, loc,
				       "declare it __bitmask(%s, nr_bits) and fill it with "
				       "__assign_bitmask(), or print it with __print_array()",
				       f->name);
			return;
		}
		d = tc_report(ck, loc,
			      "%s(%s) prints %s, which is %s, as a bitmap: the output is its bytes "
			      "as hexadecimal bit words, not its value",
			      h, f->name, f->name, kind_what(f));
		decl_note(d, f, NULL);
		return;
	}
	if (!strcmp(h, "__get_sockaddr") || !strcmp(h, "__get_rel_sockaddr")) {
		if (is_sockaddr(f->kind) || is_dynarray(f->kind))
			return;
		d = tc_report(ck, loc,
			      "%s(%s) hands %s, which is %s, to %%pIS as a struct sockaddr: its "
			      "first bytes are read as the address family",
			      h, f->name, f->name, kind_what(f));
		decl_note(d, f, NULL);
	}
}

/* The field a printing helper's buffer starts at (static or dynamic). */
static const struct tc_field *buf_field(const struct tc_class *c, const struct tc_helper_use *u)
{
	if (!u->field)
		return NULL;
	if (u->buf_dynamic)
		return class_field(c, u->field, u->field_rel);
	return static_field(c, u->field);
}

static int el_size_checked(const struct tc_field *f)
{
	/* a struct's bytes dumped as words is deliberate */
	return f->el_size > 0 && !starts_with(f->type, "struct ") &&
	       !starts_with(f->type, "union ") && !strchr(f->type, '*');
}

static void check_array(struct tc_check *ck, const struct tc_class *c,
			const struct tc_printk_arg *a, const struct tc_helper_use *u)
{
	const struct tc_field *f = buf_field(c, u);
	struct tc_loc loc = use_loc(a, u);
	int dyn = !strcmp(u->helper, "__print_dynamic_array");
	struct tc_diag *d;

	if (u->el_size >= 0 && u->el_size != 1 && u->el_size != 2 && u->el_size != 4 &&
	    u->el_size != 8) {
		d = tc_report(ck, loc,
			      "%s() with element size %lld: the kernel's BUILD_BUG_ON() accepts "
			      "1, 2, 4 and 8 only, and the build fails",
			      u->helper, u->el_size);
		return;
	}
	if (!f)
		return;
	/* el_size is 1, 2, 4 or 8 here: the product cannot overflow under 2^40 */
	if (!u->buf_dynamic && f->layout_known && f->size > 0 && u->count > 0 &&
	    u->count < (1LL << 40) && u->el_size > 0 && u->count * u->el_size > f->size) {
		d = tc_report(ck, loc,
			      "__print_array() reads %lld elements of %lld bytes, %lld bytes, from "
			      "'%s', which has %lld: %lld bytes past its end are printed",
			      u->count, u->el_size, u->count * u->el_size, f->name, f->size,
			      u->count * u->el_size - f->size);
		decl_note(d, f, NULL);
		return;
	}
	if (u->buf_dynamic && !dyn && u->len_field && !strcmp(u->len_field, f->name) &&
	    u->el_size > 1) {
		d = tc_report(ck, loc,
			      "__print_array() count is __get_dynamic_array_len(%s), the array's "
			      "length in bytes, but it counts elements of %lld bytes: it reads %lld "
			      "times the array, past its end",
			      f->name, u->el_size, u->el_size);
		decl_note(d, f, NULL);
		/* only a helper the kernel has (6.13, and backports: kfacts.h) */
		if (tc_kf_has("__print_dynamic_array", ck->ctx->kernel_version))
			tc_diag_advise(d, loc, "divide the length by the element size, or use "
					       "__print_dynamic_array(%s, %lld)",
				       f->name, u->el_size);
		else
			tc_diag_advise(d, loc, "divide the length by the element size");
		return;
	}
	if (u->buf_dynamic && !dyn && u->len_field && strcmp(u->len_field, f->name)) {
		const struct tc_field *g = class_field(c, u->len_field, -1);
		d = tc_report_lower(ck, loc,
				    "__print_array() prints '%s' with the length of '%s' "
				    "(__get_dynamic_array_len(%s)): when that is longer, it reads "
				    "past the end of '%s'",
				    f->name, u->len_field, u->len_field, f->name);
		decl_note(d, f, NULL);
		if (g)
			decl_note(d, g, NULL);
		return;
	}
	if ((f->kind == TC_F_ARRAY || is_dynarray(f->kind)) && el_size_checked(f) &&
	    u->el_size > 0 && u->el_size != f->el_size) {
		d = tc_report_lower(ck, loc,
			      "%s() prints '%s' in elements of %lld byte%s, but its elements (%s) "
			      "have %lld: each value printed is %s",
			      u->helper, f->name, u->el_size, u->el_size == 1 ? "" : "s", f->type,
			      f->el_size,
			      u->el_size < f->el_size ? "a piece of an element"
						      : "several elements run together");
		decl_note(d, f, NULL);
		tc_diag_advise(d, loc, "pass sizeof(%s) as the element size", f->type);
	}
}

static void check_hex(struct tc_check *ck, const struct tc_class *c,
		      const struct tc_printk_arg *a, const struct tc_helper_use *u)
{
	const struct tc_field *f = buf_field(c, u);
	struct tc_loc loc = use_loc(a, u);
	struct tc_diag *d;

	if (!f)
		return;
	if (!u->buf_dynamic && f->layout_known && f->size > 0 && u->count > f->size) {
		d = tc_report(ck, loc,
			      "%s() prints %lld bytes of '%s', which has %lld: %lld bytes past its "
			      "end are printed",
			      u->helper, u->count, f->name, f->size, u->count - f->size);
		decl_note(d, f, NULL);
		tc_diag_advise(d, loc, "pass sizeof(__entry->%s) as the length", f->name);
		return;
	}
	if (u->buf_dynamic && u->len_field && strcmp(u->len_field, f->name)) {
		const struct tc_field *g = class_field(c, u->len_field, -1);
		d = tc_report_lower(ck, loc,
				    "%s() prints '%s' with the length of '%s' "
				    "(__get_dynamic_array_len(%s)): when that is longer, it reads "
				    "past the end of '%s'",
				    u->helper, f->name, u->len_field, u->len_field, f->name);
		decl_note(d, f, NULL);
		if (g)
			decl_note(d, g, NULL);
	}
}

static void value_text(struct strbuf *sb, int flags, long long v)
{
	if (flags || v > 0xffff || v < -0xffff)
		strbuf_addf(sb, "0x%llx", (unsigned long long)v);
	else
		strbuf_addf(sb, "%lld", v);
}

/* The table's entries as one string: identical tables are reported once per header. */
static char *table_key(const struct tc_helper_use *u)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, u->helper);
	for (size_t i = 0; i < u->nr_syms; i++)
		strbuf_addf(&sb, "|%d:%lld:%s", u->syms[i].value_known, u->syms[i].value,
			    u->syms[i].name ? u->syms[i].name : "");
	return strbuf_detach(&sb);
}

/* A table written by a macro of the argument: say which, and where it is defined. */
static void origin_note(struct tc_diag *d, const struct tc_printk_arg *a,
			const struct tc_helper_use *u)
{
	for (size_t i = 0; i < a->nr_macros; i++)
		if (!strcmp(a->macros[i].name, u->helper))
			return;
	for (size_t i = 0; i < a->nr_macros; i++) {
		const struct tc_macro_use *m = &a->macros[i];
		if (!m->standard && m->def_loc.file) {
			tc_diag_note(d, m->def_loc, "the table is written by %s(), defined here",
				     m->name);
			return;
		}
	}
}

static void origin_note(struct tc_diag *d, const struct tc_printk_arg *a,
			const struct tc_helper_use *u);
static void value_text(struct strbuf *sb, int flags, long long v);

/* Can a value of the printed type, as an unsigned long, match entry value m? */
static int reachable(const struct tc_helper_use *u, int flags, long long m)
{
	unsigned bits = (unsigned)u->value_size * 8;

	if (u->value_size <= 0 || u->value_size >= 8)
		return 1;
	if (!u->value_signed)
		return (unsigned long long)m < (1ULL << bits);
	if (flags) /* a negative value has every high bit set */
		return 1;
	return m >= -(1LL << (bits - 1)) && m < (1LL << (bits - 1));
}

static void range_text(struct strbuf *sb, const struct tc_helper_use *u)
{
	unsigned bits = (unsigned)u->value_size * 8;

	if (u->value_signed)
		strbuf_addf(sb, "%lld to %lld", -(1LL << (bits - 1)), (1LL << (bits - 1)) - 1);
	else
		strbuf_addf(sb, "0 to 0x%llx", (1ULL << bits) - 1);
}

static void check_range(struct tc_check *ck, const struct tc_printk_arg *a,
			const struct tc_helper_use *u, struct tc_loc loc)
{
	int flags = !strcmp(u->helper, "__print_flags");
	struct strbuf more = STRBUF_INIT;
	const struct tc_helper_sym *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < u->nr_syms; i++) {
		const struct tc_helper_sym *s = &u->syms[i];
		if (!s->value_known || !s->name || (flags && s->value == 0) ||
		    reachable(u, flags, s->value))
			continue;
		if (!n++) {
			first = s;
		} else if (n <= 4) {
			strbuf_addf(&more, "%s'%s' (", n > 2 ? ", " : "", s->name);
			value_text(&more, flags, s->value);
			strbuf_addstr(&more, ")");
		}
	}
	if (!n) {
		strbuf_release(&more);
		return;
	}
	struct strbuf v = STRBUF_INIT, r = STRBUF_INIT;
	value_text(&v, flags, first->value);
	range_text(&r, u);
	struct tc_diag *d = tc_report_lower(
		ck, loc,
		"%s() entry '%s' (%s %s) can never %s: the value printed is a %s (%s)",
		u->helper, first->name, flags ? "mask" : "value", strbuf_str(&v),
		flags ? "be set" : "match", u->value_type, strbuf_str(&r));
	origin_note(d, a, u);
	if (n > 1)
		tc_diag_note(d, loc, "%zu more entr%s of this table cannot print either: %s%s", n - 1,
			     n == 2 ? "y" : "ies", strbuf_str(&more), n > 4 ? ", ..." : "");
	tc_diag_advise(d, loc, "print a value of a type wide enough for the table, or drop the "
			       "entr%s",
		       n == 1 ? "y" : "ies");
	strbuf_release(&v);
	strbuf_release(&r);
	strbuf_release(&more);
}


/*
 * A NULL name in the table.  Up to 6.x the kernel's loop ends at the
 * first NULL name (the { -1, NULL } it appends is one): the entries
 * after it never print.  From 7.0 (u->table_sized) it reads the table
 * to its ARRAY_SIZE(), and a value that reaches the entry hands NULL to
 * trace_seq_puts(), whose strlen() faults.
 */
static void check_null(struct tc_check *ck, const struct tc_printk_arg *a,
		       const struct tc_helper_use *u, struct tc_loc loc)
{
	int flags = !strcmp(u->helper, "__print_flags");
	unsigned long long named = 0; /* the masks before the entry */
	int named_known = 1;

	for (size_t i = 0; i < u->nr_syms; i++) {
		const struct tc_helper_sym *s = &u->syms[i];
		if (!s->name_null) {
			named |= (unsigned long long)s->value;
			named_known &= s->value_known;
			continue;
		}
		struct strbuf v = STRBUF_INIT;
		struct tc_diag *d;
		value_text(&v, flags, s->value);
		if (!u->table_sized) {
			if (i + 1 < u->nr_syms) {
				d = tc_report_lower(
					ck, loc,
					"%s() table has an entry with a NULL name ({ %s, NULL }) before "
					"%zu more: the kernel stops at the first NULL name, so '%s' and "
					"what follows never print",
					u->helper, v.buf, u->nr_syms - i - 1,
					u->syms[i + 1].name ? u->syms[i + 1].name : "the next");
				origin_note(d, a, u);
				tc_diag_advise(d, loc,
					       "drop the NULL entry: the kernel ends the table itself");
			}
			strbuf_release(&v);
			return;
		}
		int reached = s->value_known && reachable(u, flags, s->value);
		unsigned bits = u->value_size > 0 && u->value_size < 8 ? (unsigned)u->value_size * 8 : 64;
		unsigned long long all = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
		for (size_t j = 0; j < i && reached; j++)
			reached = !u->syms[j].value_known || u->syms[j].value != s->value;
		if (flags && s->value == 0)
			/* reached while a bit no entry before it names is set */
			reached = !named_known || (named & all) != all;
		if (reached) {
			const char *how = !flags ? "equal to it"
				: s->value ? "with its bits set"
				: "with a bit set that no entry before it names";
			char rel[24];
			tc_kv_str(tc_kf_semantics("print tables read to ARRAY_SIZE()")->since, rel,
				  sizeof(rel));
			d = tc_report(ck, loc,
				      "%s() table has an entry with a NULL name ({ %s, NULL }), "
				      "which the kernel reads since %s: a value %s passes NULL to "
				      "trace_seq_puts(), which faults",
				      u->helper, v.buf, rel, how);
			origin_note(d, a, u);
			tc_diag_advise(d, loc, "%s reads ARRAY_SIZE() entries and appends no { -1, "
					       "NULL }: drop the entry (before %s it ended the table)",
				       rel, rel);
		}
		strbuf_release(&v);
		return;
	}
}

static void check_table(struct tc_check *ck, const struct tc_printk_arg *a,
			const struct tc_helper_use *u)
{
	int flags = !strcmp(u->helper, "__print_flags");
	struct tc_loc loc = use_loc(a, u);
	struct strbuf sb = STRBUF_INIT;
	size_t ndup = 0, shown = 0, zero = (size_t)-1;
	long long first_v = 0;
	const char *first_a = NULL, *first_b = NULL;

	if (!u->syms_known)
		return;
	for (size_t i = 0; i < u->nr_syms; i++) {
		const struct tc_helper_sym *s = &u->syms[i];
		if (!s->value_known || !s->name)
			continue;
		if (flags && s->value == 0 && zero == (size_t)-1)
			zero = i;
		for (size_t j = 0; j < i; j++) {
			const struct tc_helper_sym *t = &u->syms[j];
			if (!t->value_known || !t->name || t->value != s->value)
				continue;
			if (!strcmp(t->name, s->name))
				break; /* the same entry again: prints the same */
			if (flags && s->value == 0)
				break; /* reported as a zero mask */
			if (!ndup++) {
				first_v = s->value;
				first_a = t->name;
				first_b = s->name;
			} else if (shown < 3) {
				strbuf_addf(&sb, "%s'%s' (", shown ? ", " : "", s->name);
				value_text(&sb, flags, s->value);
				strbuf_addf(&sb, ", after '%s')", t->name);
				shown++;
			}
			break;
		}
	}
	if (ndup) {
		struct strbuf v = STRBUF_INIT;
		value_text(&v, flags, first_v);
		struct tc_diag *d =
			/* aliases: the name printed names the same bits, a note (doc.why) */
			flags ? tc_report_note(ck, loc,
					 "__print_flags() table lists mask %s twice, as '%s' and "
					 "'%s': the first match clears the bits, so '%s' is never "
					 "printed",
					 strbuf_str(&v), first_a, first_b, first_b)
			      : tc_report_lower(ck, loc,
					  "__print_symbolic() table lists value %s twice, as '%s' and "
					  "'%s': the first match wins, so '%s' is never printed",
					  strbuf_str(&v), first_a, first_b, first_b);
		origin_note(d, a, u);
		if (ndup > 1)
			tc_diag_note(d, loc, "%zu more name%s of this table never print%s: %s%s",
				     ndup - 1, ndup == 2 ? "" : "s", ndup == 2 ? "s" : "",
				     strbuf_str(&sb), ndup - 1 > shown ? ", ..." : "");
		tc_diag_advise(d, loc,
			       "give each %s one name (an alias needs a value of its own), or "
			       "drop the entry that cannot print",
			       flags ? "mask" : "value");
		strbuf_release(&v);
	}
	strbuf_release(&sb);
	if (zero != (size_t)-1) {
		/* 0 only in this configuration (a->table_cfg): a note (doc.why) */
		struct tc_diag *d = (a->table_cfg ? tc_report_note : tc_report_lower)(
			ck, loc,
			"__print_flags() table has '%s' with mask 0, which every value matches: "
			"the kernel prints '%s' beside any set flag and never alone (a value of 0 "
			"prints nothing)",
			u->syms[zero].name, u->syms[zero].name);
		origin_note(d, a, u);
		tc_diag_note(d, loc,
			     "perf and trace-cmd (libtraceevent) never print it: the outputs differ");
		tc_diag_advise(d, loc,
			       "drop the entry, or print the value with __print_symbolic() if it is "
			       "not a set of bits");
		/*
		 * printk-userspace's rendering of the same argument (the outputs
		 * that differ because of this entry) becomes evidence of d: one
		 * finding for one defect (merge.c, P11)
		 */
		d->kind |= TC_KIND_HM_MASK0;
	}
	check_range(ck, a, u, loc);
	check_null(ck, a, u, loc);
}

/* The helpers that print into the output function's p (iter->tmp_seq). */
static int uses_tmp_seq(const struct tc_helper_use *u)
{
	static const char *const h[] = { "__print_flags", "__print_symbolic", "__print_hex",
					 "__print_hex_str", "__print_array", "__print_dynamic_array",
					 "__print_hex_dump" };

	for (size_t i = 0; i < ARRAY_SIZE(h); i++)
		if (!strcmp(u->helper, h[i]))
			return 1;
	return u->restarts_tmp_seq || strstr(u->helper, "mask") != NULL;
}

/*
 * 7.0's __get_bitmask()/__get_cpumask() (u->restarts_tmp_seq) print
 * into iter->tmp_seq after trace_seq_init(): every string another
 * helper of the same TP_printk() left there is written over, and two
 * of them both point at its start.  The arguments are all evaluated
 * before the format is printed, in the compiler's order.
 */
static void check_tmp_seq(struct tc_check *ck, const struct tc_printk *p)
{
	const struct tc_helper_use *bm = NULL, *other = NULL;
	const struct tc_printk_arg *bma = NULL;
	size_t others = 0, restarts = 0;

	for (size_t i = 0; i < p->nr_args; i++) {
		const struct tc_printk_arg *a = &p->args[i];
		for (size_t j = 0; j < a->nr_helpers; j++) {
			const struct tc_helper_use *u = &a->helpers[j];
			if (!uses_tmp_seq(u))
				continue;
			if (u->restarts_tmp_seq && !bm) {
				bm = u;
				bma = a;
				restarts++;
				continue;
			}
			restarts += u->restarts_tmp_seq;
			if (!others++)
				other = u;
		}
	}
	if (!bm || !others)
		return;
	struct tc_loc loc = use_loc(bma, bm);
	char rel[24];
	tc_kv_str(tc_kf_semantics("__get_bitmask() restarts tmp_seq")->since, rel, sizeof(rel));
	struct tc_diag *d = tc_report(
		ck, loc,
		"%s(%s) restarts iter->tmp_seq before it prints (%s and later), where %s(%s)%s "
		"of this TP_printk() print%s too: what was printed there before the bitmap is "
		"overwritten",
		bm->helper, bm->field ? bm->field : "", rel, other->helper,
		other->field ? other->field : "", others > 1 ? " and more helpers" : "",
		others > 1 ? "" : "s");
	tc_diag_note(d, loc,
		     "the kernel evaluates every argument, in the order the compiler chooses, "
		     "before it prints the format; each helper returns a pointer into tmp_seq");
	if (restarts > 1)
		tc_diag_note(d, loc, "%zu bitmap getters all return the start of tmp_seq: each "
				     "prints the bitmap evaluated last",
			     restarts);
	tc_diag_advise(d, loc, "on %s and later, a TP_printk() with a bitmap getter can have no "
			       "other helper that prints into tmp_seq: move one to an event of its "
			       "own",
		       rel);
}

struct seen {
	char **v;
	size_t nr, alloc;
};

static void check_printk(struct tc_check *ck, const struct tc_class *c, const struct tc_printk *p,
			 struct seen *seen)
{
	check_tmp_seq(ck, p);
	for (size_t i = 0; i < p->nr_args; i++) {
		const struct tc_printk_arg *a = &p->args[i];
		for (size_t j = 0; j < a->nr_helpers; j++) {
			const struct tc_helper_use *u = &a->helpers[j];
			if (starts_with(u->helper, "__get_"))
				check_getter(ck, c, a, u);
			else if (!strcmp(u->helper, "__print_array") ||
				 !strcmp(u->helper, "__print_dynamic_array"))
				check_array(ck, c, a, u);
			else if (starts_with(u->helper, "__print_hex"))
				check_hex(ck, c, a, u);
			else if (u->syms_known) {
				char *key = table_key(u);
				int dup = 0;
				for (size_t k = 0; k < seen->nr && !dup; k++)
					dup = !strcmp(seen->v[k], key);
				if (dup) {
					free(key);
					continue;
				}
				ALLOC_GROW(seen->v, seen->nr + 1, seen->alloc);
				seen->v[seen->nr++] = key;
				check_table(ck, a, u);
			}
		}
	}
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n;
	const struct tc_printk **ps = tc_used_printks(h, &n);
	struct seen seen = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct tc_class *c = NULL;
		for (size_t j = 0; j < h->nr_classes && !c; j++)
			if (&h->classes[j]->print == ps[i])
				c = h->classes[j];
		for (size_t j = 0; j < h->nr_events && !c; j++)
			if (&h->events[j]->own_print == ps[i])
				c = h->events[j]->cls;
		if (c && c->fields_known)
			check_printk(ck, c, ps[i], &seen);
	}
	for (size_t i = 0; i < seen.nr; i++)
		free(seen.v[i]);
	free(seen.v);
	free(ps);
}

const struct tc_rule rule_printk_helper_misuse = {
	.name = "printk-helper-misuse",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a print helper on a field of the wrong kind or size, or a symbol/flag "
		   "table entry that can never print",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
};
