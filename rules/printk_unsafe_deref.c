// SPDX-License-Identifier: MIT
/*
 * printk-unsafe-deref: TP_printk() arguments that read memory the record
 * does not hold when the event is printed -- a dangling pointer by then,
 * and nothing user space can follow at all.
 *
 * Two checks.  The kernel's own boot-time check, test_event_printk()
 * (kernel/trace/trace_events.c; ../shared/spec/kernel-runtime-checks.md
 * section 1), reproduced on the print fmt as stage 7 builds it: the
 * dereferencing conversions of the format (%s, %pB %pR %pM %pI %pU %pV
 * %pD ...) and each one's argument classified as the kernel does; what
 * it rejects makes it WARN at boot ("event X has unsafe dereference of
 * argument N"), and a %s it accepts only by testing the pointer at print
 * time (a bare REC->ptr of a pointer field) is a warning: the kernel
 * prints "HAS UNSAFE POINTER FIELD" unless it points into rodata, and
 * user space only has the pointer's value.  And what that check does not
 * look at: any dereference of a pointer field in an argument
 * (REC->p->member, *REC->p, REC->p[i]), whatever the conversion.
 *
 * In a kernel tree, a %s of a bare pointer field that TP_fast_assign()
 * sets from a TP_PROTO() parameter ("__entry->f = p;") is no finding
 * when every call of the events printing it passes a string whose address
 * the kernel lists in printk_formats (TPS(), tracepoint_string(), a
 * variable declared __tracepoint_string or what one is set to: the tree
 * index's tc_tpindex_string_args()); when the calls pass such strings and
 * string literals, a note says so.  Outside a tree nothing is known of
 * the callers.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "pext.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static const struct tc_rule_doc doc = {
	.catches =
		"A TP_printk() argument that reads memory the record does not hold. The\n"
		"kernel's boot-time check, test_event_printk(), reproduced on the print\n"
		"fmt: a dereferencing conversion (%s, %pB, %pR, %pM, %pI4, %pU, %pV, %pD,\n"
		"...) whose argument is not an array of the record, an address in it, a\n"
		"__get_str()/__get_dynamic_array()/__get_sockaddr(), a function-like\n"
		"helper or a string literal. Also any REC->p->member, REC->p[i] or\n"
		"*REC->p of a pointer field, whatever the conversion. One level lower: a\n"
		"%s of a bare pointer field, except where the tree's callers pass strings\n"
		"user space can read.\n"
		"\n"
		"In a kernel tree (--kernel-tree, or a header inside one), a %s of a bare\n"
		"pointer field is no finding when TP_fast_assign() sets the\n"
		"field from a TP_PROTO() argument and every trace_NAME() call in the tree\n"
		"passes a string the kernel lists for user space: TPS(\"...\"),\n"
		"tracepoint_string(\"...\"), a variable declared __tracepoint_string (or\n"
		"an element of such an array), or the string such a variable is set to.\n"
		"A call in a static function that passes its own parameter on (blk-wbt's\n"
		"rwb_trace_step()) counts as that function's calls in the file, each\n"
		"with what it passes, unless the file #includes another after the\n"
		"function, which may call it too (rcu's tree.c).\n"
		"A call in a macro's body, a member such as rcu_state.name, or any other\n"
		"expression keeps the finding; so do string literals, which the kernel\n"
		"prints and user space cannot (a note says when the callers pass only\n"
		"those and registered strings).",
	.why =
		"The record is printed long after the event fired: a pointer stored in\n"
		"it may point to freed or reused memory by then, and perf and trace-cmd,\n"
		"reading the record in user space, cannot follow it at all. The kernel\n"
		"warns at boot (\"event X has unsafe dereference of argument N\") and\n"
		"prints \"HAS UNSAFE POINTER FIELD\" for a %s of a pointer it cannot\n"
		"trust. A string registered with tracepoint_string() is the exception:\n"
		"its address is listed in printk_formats, and perf and trace-cmd print\n"
		"the string (rcu's events, whose callers pass TPS(\"...\")).",
	.kernel =
		"The check reproduced is test_event_printk() in 6.12's\n"
		"kernel/trace/trace_events.c. 6.12 code it fires on:\n"
		"drivers/infiniband/hw/hfi1/trace_tx.h, class hfi1_ipoib_txq_template,\n"
		"prints __entry->sde->this_idx, a member of what a pointer field points\n"
		"to.",
	.example =
		"TP_STRUCT__entry(\n"
		"\t__field(u8, sde_idx)\n"
		"\t__string(dev, dev_name(dev))\n"
		"),\n"
		"TP_fast_assign(\n"
		"\t__entry->sde_idx = txq->sde ? txq->sde->this_idx : 0;\n"
		"\t__assign_str(dev);\n"
		"),\n"
		"TP_printk(\"sde %u dev %s\", __entry->sde_idx, __get_str(dev))\n",
	.fix =
		"None.",
};

/* A field of the record by the name after "REC->" at p, or NULL. */
static const struct tc_field *rec_field(const struct tc_class *c, const char *p, size_t *namelen)
{
	size_t n = 0;

	if (strncmp(p, "REC->", 5))
		return NULL;
	p += 5;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	if (namelen)
		*namelen = n;
	for (size_t i = 0; c && i < c->nr_fields; i++)
		if (strlen(c->fields[i].name) == n && !strncmp(c->fields[i].name, p, n))
			return &c->fields[i];
	return NULL;
}

/* Does the field's format-file type have a '[' (an array, dynamic or not)? */
static int array_field(const struct tc_field *f)
{
	struct strbuf t = STRBUF_INIT;

	tc_format_field_type(f, &t);
	int yes = strchr(strbuf_str(&t), '[') != NULL;
	strbuf_release(&t);
	return yes;
}

static int pointer_field(const struct tc_field *f)
{
	return f && (f->kind == TC_F_FIELD || f->kind == TC_F_FIELD_EXT) && f->type &&
	       strchr(f->type, '*') && !strchr(f->type, '[');
}

static const char *find_before(const char *s, const char *what, const char *end)
{
	const char *r = strstr(s, what);

	return r && r < end ? r : NULL;
}

/* The kernel's process_pointer(): is the argument [a, e) safe to dereference? */
static int pointer_ok(const struct tc_class *c, const char *a, const char *e)
{
	static const char *const helpers[] = { "__get_dynamic_array(", "__get_rel_dynamic_array(",
					       "__get_dynamic_array_len(",
					       "__get_rel_dynamic_array_len(", "__get_sockaddr(",
					       "__get_rel_sockaddr(" };
	const char *r = find_before(a, "REC->", e);

	if (r) {
		const char *amp = strchr(a, '&');
		const struct tc_field *f = rec_field(c, r, NULL);
		return (amp && amp < r) || (f && array_field(f));
	}
	for (size_t i = 0; i < ARRAY_SIZE(helpers); i++)
		if (find_before(a, helpers[i], e))
			return 1;
	return 0;
}

/*
 * The kernel's process_string(): 1 safe, 2 safe only by testing the
 * pointer at print time (a bare REC->field), 0 unsafe.
 */
static int string_ok(const struct tc_class *c, const char *a, const char *e)
{
	const char *s = a, *r;

	do {
		r = find_before(s, "(", e);
		if (!r)
			break;
		for (const char *q = r - 1; q >= s; q--) {
			if (isspace((unsigned char)*q))
				continue;
			if (isalnum((unsigned char)*q) || *q == '_')
				return 1;
			break;
		}
		s = r + 1;
	} while (s < e);
	r = find_before(s, "[", e);
	if (r && find_before(r, "REC->", e))
		return 1;
	if (find_before(a, "\"", e))
		return 1;
	if (pointer_ok(c, a, e))
		return 1;
	return rec_field(c, a, NULL) ? 2 : 0;
}

struct flagged {
	size_t arg; /* from 0, after the format */
	int string; /* a %s (else a dereferencing %p) */
	int verdict; /* 0 unsafe, 2 tested at print time */
	char *text;
};

struct flags {
	struct flagged *v;
	size_t nr, alloc;
};

static void judge(const struct tc_class *c, struct flags *out, unsigned long long deref,
		  unsigned long long str, size_t arg, const char *a, const char *e)
{
	if (arg >= 64 || !(deref & (1ULL << arg)))
		return;
	int v = str & (1ULL << arg) ? string_ok(c, a, e) : pointer_ok(c, a, e);
	if (v == 1)
		return;
	ALLOC_GROW(out->v, out->nr + 1, out->alloc);
	out->v[out->nr++] = (struct flagged){ arg, !!(str & (1ULL << arg)), v,
					      xstrndup(a, (size_t)(e - a)) };
}

/* test_event_printk() on fmt: the arguments it would not accept (or accepts only by testing). */
static void kernel_check(const struct tc_class *c, const char *fmt, struct flags *out)
{
	unsigned long long deref = 0, str = 0;
	int first = 1, parens = 0;
	char in_quote = 0;
	size_t arg = 0, i, start = 0, e = 0;

	for (i = 0; fmt[i]; i++) {
		char ch = fmt[i];
		if (ch == '\\') {
			if (!fmt[++i])
				return;
			continue;
		}
		if (ch == '"' || ch == '\'') {
			if (first) {
				if (ch == '\'')
					continue;
				if (in_quote) {
					arg = 0;
					first = 0;
					if (!deref)
						return;
				}
			}
			if (in_quote)
				in_quote = in_quote == ch ? 0 : in_quote;
			else
				in_quote = ch;
			continue;
		}
		if (ch == '%') {
			if (!first || !in_quote)
				continue;
			if (!fmt[++i])
				return;
			if (fmt[i] == '%')
				continue;
			int pointer = fmt[i] == 'p';
			if (!pointer) {
				int star = 0;
				for (size_t j = 0; fmt[i + j]; j++) {
					char k = fmt[i + j];
					if (isdigit((unsigned char)k) || k == '.')
						continue;
					if (k == '*') {
						star = 1;
						if (!j && fmt[i + 1] == 'p') {
							arg++;
							i++;
							pointer = 1;
							break;
						}
						continue;
					}
					if (k == 's') {
						arg += star;
						if (arg < 64) {
							deref |= 1ULL << arg;
							str |= 1ULL << arg;
						}
					}
					break;
				}
			}
			if (pointer && tc_pext_test_event_derefs(fmt[i + 1]) && arg < 64)
				deref |= 1ULL << arg;
			arg++;
			continue;
		}
		if (in_quote)
			continue;
		if (ch == '(') {
			parens++;
		} else if (ch == ')') {
			if (--parens < 0)
				return;
		} else if (ch == ',' && !parens) {
			e = i;
			i++;
			while (isspace((unsigned char)fmt[i]))
				i++;
			if (start)
				judge(c, out, deref, str, arg++, fmt + start, fmt + e);
			start = i;
			i--;
		}
	}
	if (start)
		judge(c, out, deref, str, arg, fmt + start, fmt + i);
}

/* The first dereference of a pointer field in text: REC->p->, REC->p[, *REC->p. */
static const struct tc_field *deref_in(const struct tc_class *c, const char *text,
				       const char **how)
{
	for (const char *r = strstr(text, "REC->"); r; r = strstr(r + 5, "REC->")) {
		size_t n = 0;
		const struct tc_field *f = rec_field(c, r, &n);
		if (!pointer_field(f))
			continue;
		const char *after = r + 5 + n;
		while (*after == ' ')
			after++;
		const char *before = r;
		while (before > text && before[-1] == ' ')
			before--;
		int star = before > text && before[-1] == '*';
		if (star) {
			/* unary only: after an operator or an opening parenthesis */
			const char *q = before - 1;
			while (q > text && q[-1] == ' ')
				q--;
			star = q == text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_' ||
					      q[-1] == ')' || q[-1] == ']');
		}
		if (!strncmp(after, "->", 2))
			*how = "->";
		else if (*after == '[')
			*how = "[]";
		else if (star)
			*how = "*";
		else
			continue;
		return f;
	}
	return NULL;
}

/*
 * What the tree's callers of the events printed by pk pass for the
 * parameter field name is stored from (tc_tpindex_string_args()): 'r'
 * every call a string user space can resolve, 'l' such strings and
 * string literals, 0 other or not known (no tree, no call).
 */
static char callers_pass(struct tc_check *ck, const struct tc_header *h, const struct tc_class *c,
			 const struct tc_printk *pk, const char *name)
{
	const struct tc_context *ctx = ck->ctx;
	char res = 'r';
	int any = 0;

	if (!ctx->have_index || !ctx->str_args || !c || !c->proto)
		return 0;
	int p = tc_stored_param(c, name);
	if (p < 0)
		return 0;
	char **params;
	size_t np = tc_proto_params(c->proto, &params);
	free_strings(params, np);
	for (size_t i = 0; i < h->nr_events && res; i++) {
		const struct tc_event *e = h->events[i];
		if (!e->instantiated || e->cls != c || tc_event_print(e) != pk)
			continue;
		const char *sum = ctx->str_args[i];
		any = 1;
		if (!sum || strcspn(sum, "\t") != np || (sum[p] != 'r' && sum[p] != 'l'))
			res = 0;
		else if (sum[p] == 'l')
			res = 'l';
	}
	return any ? res : 0;
}

static void check_printk(struct tc_check *ck, const struct tc_header *h, const struct tc_class *c,
			 const struct tc_printk *pk)
{
	struct flags fl = { 0 };
	unsigned char *done = xcalloc(pk->nr_args + 1, 1);
	const struct tc_event *ev = tc_printk_event(h, pk);

	if (pk->print_fmt && c && c->fields_known)
		kernel_check(c, pk->print_fmt, &fl);
	for (size_t i = 0; i < fl.nr; i++) {
		const struct flagged *x = &fl.v[i];
		const struct tc_printk_arg *a = x->arg < pk->nr_args ? &pk->args[x->arg] : NULL;
		struct tc_loc loc = a ? a->loc : pk->loc;
		struct tc_diag *d;
		char passed = 0;
		if (x->verdict == 2) {
			int n = (int)strcspn(x->text + 5, " ,)+-*/?:[.;");
			const struct tc_field *f = c ? rec_field(c, x->text, NULL) : NULL;
			if (x->string && pointer_field(f))
				passed = callers_pass(ck, h, c, pk, f->name);
			if (passed == 'r') {
				/* every caller passes a string user space resolves */
				free(fl.v[i].text);
				continue;
			}
			if (f && f->type && !strchr(f->type, '*') && !strchr(f->type, '['))
				/* not a pointer: printk-format's evidence says what it is */
				d = tc_report_lower(ck, loc,
						    "%%s prints a string from the address field '%.*s' "
						    "(%s) holds: the kernel tests it when printing "
						    "(\"HAS UNSAFE POINTER FIELD\") and perf and "
						    "trace-cmd only have the value",
						    n, x->text + 5, f->type);
			else
				d = tc_report_lower(ck, loc,
						    "%%s prints the string the pointer field '%.*s' "
						    "points to: the kernel tests the pointer when "
						    "printing (\"HAS UNSAFE POINTER FIELD\" unless it "
						    "points into rodata) and perf and trace-cmd only "
						    "have its value",
						    n, x->text + 5);
		} else {
			d = tc_report(ck, loc,
				      "%s of argument %zu ('%s') reads memory the record does not "
				      "hold: the kernel warns at boot (\"event %s has unsafe "
				      "dereference of argument %zu\") and user space cannot follow it",
				      x->string ? "%s" : "the dereferencing %p conversion", x->arg + 1,
				      x->text, ev ? ev->name : "?", x->arg + 1);
		}
		if (passed == 'l')
			tc_diag_note(d, loc,
				     "every caller in the tree passes a string literal or a string "
				     "made with tracepoint_string(): the kernel prints a literal "
				     "(it is in rodata), perf and trace-cmd only have its address");
		if (x->verdict == 2)
			tc_diag_note(d, loc,
				     "fine only for a string made with tracepoint_string() (TPS()), "
				     "whose address the kernel lists in printk_formats for user space");
		tc_diag_advise(d, loc,
			       "copy the data into the record when the event fires (__string() "
			       "and __get_str(), __array(), __dynamic_array()) and print the copy");
		if (a)
			done[x->arg] = 1;
		free(fl.v[i].text);
	}
	free(fl.v);
	for (size_t i = 0; c && c->fields_known && i < pk->nr_args; i++) {
		const char *how;
		const struct tc_printk_arg *a = &pk->args[i];
		const struct tc_field *f = a->expanded && !done[i] ? deref_in(c, a->expanded, &how)
								  : NULL;
		if (!f)
			continue;
		struct tc_diag *d = tc_report(
			ck, a->loc,
			"the argument dereferences the pointer field '%s' (%s) when the event is "
			"printed: what it points to may be gone by then, and perf and trace-cmd "
			"cannot follow it",
			f->name,
			!strcmp(how, "->")   ? "REC->p->member"
			: !strcmp(how, "[]") ? "REC->p[i]"
					     : "*REC->p");
		tc_diag_advise(d, a->loc,
			       "store the value itself in a field at assign time and print that "
			       "field");
	}
	free(done);
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	const struct tc_printk **seen = xcalloc(h->nr_events + 1, sizeof(*seen));
	size_t nseen = 0;

	for (size_t j = 0; j < h->nr_events; j++) {
		const struct tc_event *e = h->events[j];
		const struct tc_printk *pk = e->instantiated ? tc_event_print(e) : NULL;
		int dup = 0;
		for (size_t k = 0; pk && k < nseen; k++)
			dup |= seen[k] == pk;
		if (!pk || dup || !pk->present)
			continue;
		seen[nseen++] = pk;
		check_printk(ck, h, e->cls, pk);
	}
	free(seen);
}

const struct tc_rule rule_printk_unsafe_deref = {
	.name = "printk-unsafe-deref",
	.severity = TC_SEV_ERROR,
	.enabled = 1,
	.summary = "a TP_printk() argument reads memory the record does not hold (the kernel's "
		   "test_event_printk() warns, or a pointer field is dereferenced)",
	.doc = &doc,
	.check = check,
	.about_printk = 1,
	.needs = TC_NEED_TREE_INDEX,
};
