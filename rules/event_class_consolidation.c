// SPDX-License-Identifier: MIT
/*
 * event-class-consolidation: TRACE_EVENT()s of one header that differ
 * only in their names -- the same prototype, record, assign code and
 * print fmt -- and could be one DECLARE_EVENT_CLASS() with a
 * DEFINE_EVENT() each.  Each TRACE_EVENT() is a class of its own: its
 * own probe, output function, field table, print fmt and event class
 * structure; a DEFINE_EVENT() shares its class's.  Off by default: it is
 * about kernel size, not about what the events record or print.
 *
 * The repair writes the class where the first event of the group was
 * (its text, renamed) and turns every event of the group into a
 * DEFINE_EVENT() at its own place, with its own TP_PROTO() and
 * TP_ARGS() as written: the format files stay the same byte for byte,
 * as a DEFINE_EVENT()'s is its class's under its own name.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ctok.h"
#include "fix.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

/*
 * What a TRACE_EVENT() and a DEFINE_EVENT() add to the kernel, in bytes:
 * "each TRACE_EVENT() macro adds 1 - 5K per tracepoint" and the series
 * "consistently brings DEFINE_EVENT()s down from 700 bytes to 250 bytes"
 * (Steven Rostedt, "[PATCH 00/10 -v3][RFC] tracing: Lowering the
 * footprint of TRACE_EVENTs", LKML, 11 May 2010; merged for 2.6.35).
 */
#define TRACE_EVENT_MIN 1000
#define TRACE_EVENT_MAX 5000
#define DEFINE_EVENT_COST 250

static const struct tc_rule_doc doc = {
	.catches =
		"TRACE_EVENT()s of one header that differ only in their names: the same\n"
		"TRACE_SYSTEM, prototype, record, assign code and print fmt (white space\n"
		"inside its literal counts). A note, off by default (--enable\n"
		"event-class-consolidation): it is about the kernel's size, not about\n"
		"what the events show.",
	.why =
		"A TRACE_EVENT() is a DECLARE_EVENT_CLASS() and a DEFINE_EVENT() in one:\n"
		"each gets its own probe, output function, field table, print fmt and\n"
		"class structure, while the DEFINE_EVENT()s of one class share them. The\n"
		"note gives the saving as (N-1) x (1-5 KB - 250 bytes) for N events, from\n"
		"Steven Rostedt's \"tracing: Lowering the footprint of TRACE_EVENTs\"\n"
		"(LKML, May 2010).",
	.kernel =
		"Commit ff038f5c37c2 (\"tracing: Create new TRACE_EVENT_TEMPLATE\"; the\n"
		"template is today's DECLARE_EVENT_CLASS()) measured xfs.o's text at\n"
		"996954 bytes with TRACE_EVENT()s and 638482 with the shared template.\n"
		"6.12 code it fires on: arch/x86/kvm/trace.h, kvm_eoi and kvm_pv_eoi.",
	.example =
		"DECLARE_EVENT_CLASS(kvm_eoi_class,\n"
		"\tTP_PROTO(struct kvm_lapic *apic, int vector),\n"
		"\tTP_ARGS(apic, vector),\n"
		"\t...\n"
		");\n"
		"DEFINE_EVENT(kvm_eoi_class, kvm_eoi,\n"
		"\tTP_PROTO(struct kvm_lapic *apic, int vector),\n"
		"\tTP_ARGS(apic, vector));\n",
	.fix =
		"--enable event-class-consolidation --fix does that: the class where the\n"
		"first event was, named after the words the names share\n"
		"(intel_fbc_activate, intel_fbc_deactivate -> intel_fbc_class; else the\n"
		"first name and _class, never a name the header has), and a\n"
		"DEFINE_EVENT() with the event's own TP_PROTO() and TP_ARGS() at each\n"
		"event's place. Every format file stays byte-identical; only the\n"
		"record's C type is renamed, struct trace_event_raw_CLASS, as BTF shows\n"
		"it to BPF programs. Groups under different #if branches are left, with\n"
		"the reason.",
};

/*
 * s with comments dropped and white space only where it separates two
 * words, literals as written, then a separator: two texts that compile
 * alike compare equal, "a b" and "ab" in a literal do not.
 */
static void normalize(struct strbuf *sb, const char *s)
{
	size_t len = s ? strlen(s) : 0;
	int space = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t e = tc_cskip_comment(s, len, i);
		if (e != i) {
			i = e - 1;
			space = 1;
			continue;
		}
		if (isspace(c)) {
			space = 1;
			continue;
		}
		if (space && sb->len && (isalnum(c) || c == '_') &&
		    (isalnum((unsigned char)sb->buf[sb->len - 1]) || sb->buf[sb->len - 1] == '_'))
			strbuf_addch(sb, ' ');
		space = 0;
		e = tc_cskip_literal(s, len, i);
		if (e != i) {
			strbuf_add(sb, s + i, e - i);
			i = e - 1;
			continue;
		}
		strbuf_addch(sb, (char)c);
	}
	strbuf_addch(sb, '\x1f');
}

static void exact(struct strbuf *sb, const char *s)
{
	strbuf_addstr(sb, s ? s : "");
	strbuf_addch(sb, '\x1f');
}

/* Everything but the name, as one string; NULL when a part is unknown. */
static char *shape_of(const struct tc_class *c)
{
	struct strbuf sb = STRBUF_INIT;

	if (!c->fields_known || !c->print.present || !c->print.print_fmt || !c->assign_text ||
	    !c->proto)
		return NULL;
	/* a DEFINE_EVENT() is in its class's TRACE_SYSTEM */
	exact(&sb, c->system);
	normalize(&sb, c->proto);
	normalize(&sb, c->args);
	for (size_t i = 0; i < c->nr_fields; i++) {
		const struct tc_field *f = &c->fields[i];
		strbuf_addf(&sb, "%d", (int)f->kind);
		exact(&sb, f->type);
		exact(&sb, f->name);
		normalize(&sb, f->len_text);
		normalize(&sb, f->extra);
	}
	normalize(&sb, c->assign_text);
	/* the format file's text: as the kernel prints it */
	exact(&sb, c->print.print_fmt);
	return strbuf_detach(&sb);
}

/* The shape of each class that is a TRACE_EVENT() of its own, NULL for the others. */
static char **shapes_of(const struct tc_header *h)
{
	char **shapes = xcalloc(h->nr_classes + 1, sizeof(*shapes));

	for (size_t i = 0; i < h->nr_classes; i++) {
		const struct tc_class *c = h->classes[i];
		if (c->macro && !strcmp(c->macro, "TRACE_EVENT") && c->nr_events == 1)
			shapes[i] = shape_of(c);
	}
	return shapes;
}

static void shapes_free(char **shapes, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(shapes[i]);
	free(shapes);
}

/*
 * The group that starts at class i -- i, then each later class of the
 * same shape -- into members (room for every class); its size, 0 if an
 * earlier class has i's shape (then i is in that one's group).
 */
static size_t group_of(const struct tc_header *h, char **shapes, size_t i, size_t *members)
{
	size_t n = 0;

	if (!shapes[i])
		return 0;
	for (size_t j = 0; j < i; j++)
		if (shapes[j] && !strcmp(shapes[i], shapes[j]))
			return 0;
	members[n++] = i;
	for (size_t j = i + 1; j < h->nr_classes; j++)
		if (shapes[j] && !strcmp(shapes[i], shapes[j]))
			members[n++] = j;
	return n;
}

/* A name the header has, or one of the classes named before (given[], n of them). */
static int name_taken(const struct tc_header *h, char *const *given, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (given[i] && !strcmp(given[i], name))
			return 1;
	for (size_t i = 0; i < h->nr_classes; i++)
		if (h->classes[i]->name && !strcmp(h->classes[i]->name, name))
			return 1;
	for (size_t i = 0; i < h->nr_events; i++)
		if (h->events[i]->name && !strcmp(h->events[i]->name, name))
			return 1;
	return 0;
}

/* The words of an event name ("kvm_pv_eoi" -> kvm, pv, eoi), in v (malloced). */
static size_t words_of(const char *name, char ***v)
{
	char *s = xstrdup(name), *save = NULL;
	size_t n = 0, alloc = 0;

	*v = NULL;
	for (char *w = strtok_r(s, "_", &save); w; w = strtok_r(NULL, "_", &save)) {
		ALLOC_GROW(*v, n + 1, alloc);
		(*v)[n++] = xstrdup(w);
	}
	free(s);
	return n;
}

/*
 * The class's name, as maintainers name them: the words the events'
 * names begin and end with in common and "_class" (intel_fbc_activate,
 * intel_fbc_deactivate -> intel_fbc_class; kvm_eoi, kvm_pv_eoi ->
 * kvm_eoi_class), else the first event's name and "_class"; never a
 * name the header has, nor one given[] (the classes of the groups
 * before, nr_given of them) has.  Malloced.
 */
static char *class_name(const struct tc_header *h, const size_t *members, size_t n,
			char *const *given, size_t nr_given)
{
	char ***words = xcalloc(n, sizeof(*words));
	size_t *nw = xcalloc(n, sizeof(*nw)), min = SIZE_MAX, pre = 0, suf = 0;
	const char *first = h->classes[members[0]]->name;

	for (size_t k = 0; k < n; k++) {
		nw[k] = words_of(h->classes[members[k]]->name, &words[k]);
		if (nw[k] < min)
			min = nw[k];
	}
	for (int more = 1; more && pre < min; pre += more)
		for (size_t k = 1; k < n && more; k++)
			more = !strcmp(words[0][pre], words[k][pre]);
	for (int more = 1; more && pre + suf < min; suf += more)
		for (size_t k = 1; k < n && more; k++)
			more = !strcmp(words[0][nw[0] - 1 - suf], words[k][nw[k] - 1 - suf]);

	struct strbuf sb = STRBUF_INIT;
	if (pre + suf >= 2) {
		for (size_t w = 0; w < pre; w++)
			strbuf_addf(&sb, "%s%s", sb.len ? "_" : "", words[0][w]);
		for (size_t w = nw[0] - suf; w < nw[0]; w++)
			strbuf_addf(&sb, "%s%s", sb.len ? "_" : "", words[0][w]);
		strbuf_addstr(&sb, "_class");
	}
	if (!sb.len || name_taken(h, given, nr_given, sb.buf)) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s_class", first);
	}
	for (unsigned k = 2; name_taken(h, given, nr_given, sb.buf); k++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s_class%u", first, k);
	}
	for (size_t k = 0; k < n; k++) {
		for (size_t w = 0; w < nw[k]; w++)
			free(words[k][w]);
		free(words[k]);
	}
	free(words);
	free(nw);
	return strbuf_detach(&sb);
}

/*
 * The class name of each group, at the index of its first class (NULL
 * elsewhere), given in the order of the groups so that no two are alike.
 */
static char **class_names(const struct tc_header *h, char **shapes)
{
	size_t n = h->nr_classes;
	char **names = xcalloc(n + 1, sizeof(*names));
	size_t *members = xcalloc(n + 1, sizeof(*members));

	for (size_t i = 0; i < n; i++) {
		size_t same = group_of(h, shapes, i, members);
		if (same >= 2)
			names[i] = class_name(h, members, same, names, i);
	}
	free(members);
	return names;
}

static void check(struct tc_check *ck, const struct tc_header *h)
{
	size_t n = h->nr_classes;
	char **shapes = shapes_of(h);
	char **cls = class_names(h, shapes);
	size_t *members = xcalloc(n + 1, sizeof(*members));

	for (size_t i = 0; i < n; i++) {
		size_t same = group_of(h, shapes, i, members);
		if (same < 2)
			continue;
		const struct tc_class *c = h->classes[i];
		struct strbuf names = STRBUF_INIT;
		for (size_t k = 0; k < same; k++)
			strbuf_addf(&names, "%s'%s'", k ? ", " : "", h->classes[members[k]]->name);
		struct tc_diag *d = tc_report(
			ck, c->loc,
			"%zu TRACE_EVENT()s (%s) differ only in their names: as one "
			"DECLARE_EVENT_CLASS() with %zu DEFINE_EVENT()s they would share one probe, "
			"output function, field table and print fmt",
			same, names.buf, same);
		for (size_t k = 1; k < same; k++)
			tc_diag_note(d, h->classes[members[k]]->loc,
				     "'%s' has the prototype, record, assign code and print fmt of "
				     "'%s'",
				     h->classes[members[k]]->name, c->name);
		tc_diag_advise(d, c->loc,
			       "DECLARE_EVENT_CLASS(%s, ...) with this event's prototype, record, "
			       "assign and print, then DEFINE_EVENT(%s, NAME, TP_PROTO(...), "
			       "TP_ARGS(...)) for each (--fix)",
			       cls[i], cls[i]);
		tc_diag_note(d, c->loc,
			     "that is about %zu to %zu bytes less kernel text and data: %zu "
			     "TRACE_EVENT()%s fewer at 1-5 KB each, for DEFINE_EVENT()s of about "
			     "%d bytes (Rostedt, \"tracing: Lowering the footprint of "
			     "TRACE_EVENTs\", LKML, May 2010)",
			     (same - 1) * (TRACE_EVENT_MIN - DEFINE_EVENT_COST),
			     (same - 1) * (TRACE_EVENT_MAX - DEFINE_EVENT_COST), same - 1,
			     same == 2 ? "" : "s", DEFINE_EVENT_COST);
		strbuf_release(&names);
	}
	free(members);
	shapes_free(cls, n);
	shapes_free(shapes, n);
}

/* ---- --fix ---- */

/* One event of the group as written: where, and its arguments. */
struct written {
	const struct tc_class *c;
	size_t off; /* the macro's name */
	struct tc_fix_span macro;
	size_t name[2], proto[2], args[2];
};

static int starts_call(const char *text, const size_t *arg, const char *macro,
		       const struct tc_fix *fx)
{
	size_t l = strlen(macro);

	return arg[1] - arg[0] > l && !strncmp(text + arg[0], macro, l) &&
	       tc_fix_call_end(fx, arg[0]) == arg[1];
}

static int read_event(struct tc_fix *fx, const struct tc_class *c, struct written *w)
{
	const char *text = tc_fix_text(fx, NULL);
	struct tc_fix_class fc;
	size_t *b = NULL;

	if (tc_fix_find_class(fx, c, &fc))
		return -1;
	w->c = c;
	w->macro = fc.macro;
	if (tc_fix_offset(fx, &c->loc, &w->off))
		return tc_fix_skip(fx, "event '%s' is defined in another file", c->name);
	size_t n = tc_fix_macro_args(fx, &fc.macro, &b);
	int ok = n == 6;
	if (ok) {
		memcpy(w->name, b, sizeof(w->name));
		memcpy(w->proto, b + 2, sizeof(w->proto));
		memcpy(w->args, b + 4, sizeof(w->args));
		ok = w->name[1] - w->name[0] == strlen(c->name) &&
		     !strncmp(text + w->name[0], c->name, strlen(c->name)) &&
		     starts_call(text, w->proto, "TP_PROTO", fx) &&
		     starts_call(text, w->args, "TP_ARGS", fx);
	}
	free(b);
	if (!ok)
		return tc_fix_skip(fx, "'%s' is not written TRACE_EVENT(%s, TP_PROTO(...), "
				       "TP_ARGS(...), ...)",
				   c->name, c->name);
	return 0;
}

/* The word after '#' of a directive line at t[i] ("if", "endif", ...), "" if none. */
static size_t directive(const char *t, size_t i, size_t end, const char **word)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t'))
		i++;
	*word = "";
	if (i >= end || t[i] != '#')
		return 0;
	i++;
	while (i < end && (t[i] == ' ' || t[i] == '\t'))
		i++;
	*word = t + i;
	size_t n = 0;
	while (i + n < end && isalpha((unsigned char)t[i + n]))
		n++;
	return n;
}

/*
 * Are the events under the same #if branches as the first (so that the
 * class, where the first is, is there for each)?  Conditionals between
 * them must be closed before the next event.
 */
static int same_branch(struct tc_fix *fx, const struct written *w, size_t n)
{
	size_t len;
	const char *t = tc_fix_text(fx, &len);
	int depth = 0;
	size_t at = w[0].off;

	for (size_t k = 1; k < n; k++) {
		for (size_t i = at; i < w[k].off; i++) {
			if (i && t[i - 1] != '\n')
				continue;
			const char *word;
			size_t l = directive(t, i, w[k].off, &word);
			if (l >= 2 && !strncmp(word, "if", 2))
				depth++;
			else if (l == 5 && !strncmp(word, "endif", 5))
				depth--;
			else if (!depth && ((l == 4 && !strncmp(word, "else", 4)) ||
					    (l >= 4 && !strncmp(word, "elif", 4))))
				depth = -1;
			if (depth < 0)
				break;
		}
		if (depth)
			return tc_fix_skip(fx, "'%s' and '%s' are under different #if branches",
					   w[0].c->name, w[k].c->name);
		at = w[k].off;
	}
	return 0;
}

/* The white space before t[i] on its line when nothing else is, else a tab. */
static char *indent_of(const char *t, size_t i)
{
	size_t s = i;

	while (s > 0 && (t[s - 1] == ' ' || t[s - 1] == '\t'))
		s--;
	if (s > 0 && t[s - 1] != '\n')
		return xstrdup("\t");
	return xstrndup(t + s, i - s);
}

static char *define_event(const char *t, const char *cls, const struct written *w)
{
	char *in = indent_of(t, w->proto[0]);
	char *s = xasprintf("DEFINE_EVENT(%s, %s,\n%s%.*s,\n%s%.*s)", cls, w->c->name, in,
			    (int)(w->proto[1] - w->proto[0]), t + w->proto[0], in,
			    (int)(w->args[1] - w->args[0]), t + w->args[0]);
	free(in);
	return s;
}

static int fix(struct tc_fix *fx, const struct tc_diag *d)
{
	const struct tc_header *h = tc_fix_header(fx);
	size_t len;
	const char *t = tc_fix_text(fx, &len);
	char **shapes = shapes_of(h);
	size_t *members = xcalloc(h->nr_classes + 1, sizeof(*members)), n = 0;
	struct written *w = NULL;
	char **names = class_names(h, shapes), *cls = NULL;
	int ret = -1;

	for (size_t i = 0; i < h->nr_classes && !n; i++)
		if (tc_fix_loc_eq(&h->classes[i]->loc, &d->loc)) {
			n = group_of(h, shapes, i, members);
			cls = names[i];
		}
	if (n < 2) {
		tc_fix_skip(fx, "no group of TRACE_EVENT()s alike begins here");
		goto out;
	}
	w = xcalloc(n, sizeof(*w));
	for (size_t k = 0; k < n; k++)
		if (read_event(fx, h->classes[members[k]], &w[k]))
			goto out;
	if (same_branch(fx, w, n))
		goto out;

	/* the first event becomes the class, and its DEFINE_EVENT() follows */
	tc_fix_replace(fx, w[0].off, w[0].macro.open + 1, "DECLARE_EVENT_CLASS(");
	tc_fix_replace(fx, w[0].name[0], w[0].name[1], cls);
	size_t after = w[0].macro.close + 1, p = after;
	while (p < len && isspace((unsigned char)t[p]))
		p++;
	int semi = p < len && t[p] == ';';
	char *def = define_event(t, cls, &w[0]);
	char *ins = xasprintf("\n\n%s%s", def, semi ? ";" : "");
	tc_fix_replace(fx, semi ? p + 1 : after, semi ? p + 1 : after, ins);
	free(ins);
	free(def);
	/* each other one a DEFINE_EVENT() where it is */
	for (size_t k = 1; k < n; k++) {
		def = define_event(t, cls, &w[k]);
		tc_fix_replace(fx, w[k].off, w[k].macro.close + 1, def);
		free(def);
	}
	ret = 0;
out:
	shapes_free(names, h->nr_classes);
	free(w);
	free(members);
	shapes_free(shapes, h->nr_classes);
	return ret;
}

const struct tc_rule rule_event_class_consolidation = {
	.name = "event-class-consolidation",
	.severity = TC_SEV_NOTE,
	.enabled = 0,
	.summary = "TRACE_EVENT()s that differ only in their names and could share one "
		   "DECLARE_EVENT_CLASS()",
	.doc = &doc,
	.check = check,
	.fix = fix,
};
