// SPDX-License-Identifier: MIT
/*
 * The merge phase (merge.h): one finding for one defect.
 *
 * Several rules can see the same defect from different sides: printk-call
 * sees a function call in a TP_printk() argument, printk-userspace sees
 * that libtraceevent cannot parse that argument.  Each rule reports what
 * it sees and never looks at another rule's findings; this file decides,
 * after all of them ran, which finding carries the defect and which
 * become its evidence.  The table below is the one place that says so.
 *
 * It runs in tc_run_rules(), after the subjects are derived and before
 * --ignore RULE:EVENT and the sort: a finding is ignored, baselined or
 * fixed as it is printed, with the evidence it absorbed, and every caller
 * of the rules (a plain run, the --fix re-check, --patch) sees the same
 * merged findings.
 */
#include "merge.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

enum effect {
	/*
	 * The absorbed finding becomes a note of the absorber, "MSG [rule]"
	 * (its brief instead of MSG when it has one), followed by its notes
	 * (none when it has a brief: the brief says it); the absorber's
	 * severity becomes the higher of the two; the absorbed is removed.
	 */
	ABSORB,
	/* Only the note "BRIEF [rule]": the severity stays; the absorbed is removed. */
	MENTION,
	/* The absorbed finding is removed: the absorber already says it. */
	DROP,
};

enum {
	ONCE = 1 << 0,	    /* a note the absorber already has is not added again */
	SAME_TAG = 1 << 1,  /* the two findings' tags are equal */
	EVIDENCE = 1 << 2,  /* carry only what the absorbed finding absorbed itself */
	INHERIT = 1 << 3,   /* the absorber then stands for the absorbed's rule too */
	HEIRS = 1 << 4,	    /* an absorber that stands for the rule counts */
	EACH_ARG = 1 << 5,  /* every argument the absorbed covers needs an absorber; each gets
			       the argument's own brief */
	FIRST_ONLY = 1 << 6, /* an absorber takes one finding of this entry */
	EARLIER = 1 << 7,    /* the absorber is before the absorbed in the text (a rule absorbing
				its own findings: the first carries the others) */
};

/* Where the absorber must be, relative to the absorbed finding's subject. */
enum where {
	ELEMENT, /* same scope and element; an argument the absorber covers counts */
	SCOPE,	 /* anywhere in the same class or event */
};

struct party {
	const char *rule;
	unsigned kind; /* one of these kind bits (0: any finding of the rule) */
	enum where where;
};

struct precedence {
	const char *id;
	struct party absorbers[4]; /* in rank order: the first present one takes it */
	struct {
		const char *rule;
		unsigned kind; /* one of these kind bits (0: any finding of the rule) */
	} absorbed;
	unsigned not_kind; /* an absorbed finding with one of these is left alone */
	unsigned flags;
	enum effect effect;
};

#define U "printk-userspace"

/*
 * The precedence table, applied entry by entry in this order, the whole
 * table again until nothing changes.  The order is the precedence: an
 * earlier entry's absorber holds what it absorbed when a later entry
 * looks for absorbers.
 *
 *  P15	    printk-userspace's verdict on a conditional nested without
 *	    parentheses is dropped where printk-nested-ternary reports the
 *	    argument: it says the same, and repairs it.
 *  P1, P2  printk-userspace's verdict on an argument goes to the static
 *	    rule that names its cause (the call, the custom macro); the
 *	    verdict is certain where the static rule may have guessed, so
 *	    the higher severity wins.
 *  P3	    its verdict on the whole format goes to printk-format-text's
 *	    finding of a character that ends libtraceevent's string token or
 *	    of a wrong count of arguments.
 *  P11	    its "prints X where the kernel prints Y" goes to printk-helper-
 *	    misuse's mask-0 __print_flags() entry, which says why.
 *  P4	    printk-construct's construct in an argument another rule
 *	    reports is a note there ("the argument also has ..."), and that
 *	    finding then stands for printk-construct (P6, P5).
 *  P6	    printk-custom-macro's finding whose reasons are all constructs
 *	    goes to printk-construct's (or its heir's) finding on the
 *	    argument, with only the evidence it absorbed itself: its own
 *	    notes say what printk-construct's say.
 *  P5	    printk-userspace's "cannot parse" on an argument printk-construct
 *	    (or its heir) reports, any argument of its group.
 *  P7	    printk-format's %s or dereferencing %p of a non-pointer goes to
 *	    printk-unsafe-deref on the argument.
 *  P8	    printk-format's letters glued to %p go to printk-userspace's
 *	    verdict on the argument.
 *  P9	    printk-format's missing %p extension is dropped when printk-
 *	    userspace's verdict on that conversion says it.
 *  P12	    printk-foreign-identifier's names the header's context does not
 *	    declare go to printk-userspace's verdict on the argument, which
 *	    they explain.
 *  P13	    printk-format's missing %p extension on an argument that
 *	    dereferences a pointer field (mtu3's %pad of
 *	    &__entry->gpd_ring->dma) goes to printk-unsafe-deref's finding
 *	    on it: one argument, one finding, the library's gap its note.
 *  P14	    printk-call's findings on one argument (xen's
 *	    pte_val(native_make_pte(x)): the macro's call and the call
 *	    inside it) are one: the first carries the others as notes.
 *  P10	    printk-format's missing %p extension goes to printk-userspace's
 *	    verdict on the argument (or its "cannot parse" on the whole
 *	    format), else to printk-construct's finding on the argument or
 *	    its scope: they say what the library makes of it.
 *  P10	    otherwise it becomes a note ("libtraceevent does not implement
 *	    ... either") of printk-userspace's verdict on the argument, else
 *	    of its "cannot parse" anywhere in the event, else of
 *	    printk-construct's finding on the argument, else anywhere in it.
 *
 * Rules that stay silent because another covers the case (printk-custom-
 * macro on calls, printk-format on a wrong count, assign-order on a
 * field never written, layout-abi on padding layout-hole reports,
 * unused-tracepoint without an instantiator) decide that from the
 * model, not from findings, and are not in the table.
 */
#define CALL "printk-call"
#define CMACRO "printk-custom-macro"
#define CONSTRUCT "printk-construct"
#define FORMAT "printk-format"

/* clang-format off */
static const struct precedence table[] = {
	/* id, absorbers in rank order {rule, kind, where}, absorbed {rule, kind}, not kind, flags, effect */
	{ "P15", { { "printk-nested-ternary", 0, ELEMENT } }, { U, TC_KIND_UV_NESTED_COND }, 0, 0,
	  DROP },
	{ "P1", { { CALL, 0, ELEMENT } }, { U, 0 }, 0, 0, ABSORB },
	{ "P2", { { CMACRO, 0, ELEMENT } }, { U, 0 }, 0, 0, ABSORB },
	{ "P3", { { "printk-format-text", TC_KIND_FT_TOKEN_END | TC_KIND_FT_COUNT, ELEMENT } },
	  { U, 0 }, 0, 0, ABSORB },
	{ "P11", { { "printk-helper-misuse", TC_KIND_HM_MASK0, ELEMENT } },
	  { U, TC_KIND_UV_DIFFERS }, 0, FIRST_ONLY, ABSORB },
	{ "P4", { { CALL, 0, ELEMENT },
		  { CMACRO, TC_KIND_CM_NOT_CONSTRUCT, ELEMENT },
		  { "printk-unsafe-deref", 0, ELEMENT },
		  { "printk-foreign-identifier", 0, ELEMENT } },
	  { CONSTRUCT, 0 }, 0, ONCE | INHERIT | EACH_ARG, MENTION },
	{ "P6", { { CONSTRUCT, 0, ELEMENT } },
	  { CMACRO, 0 }, TC_KIND_CM_NOT_CONSTRUCT, ONCE | EVIDENCE | HEIRS, ABSORB },
	{ "P5", { { CONSTRUCT, 0, ELEMENT } },
	  { U, TC_KIND_UV_CANNOT_PARSE }, 0, ONCE | HEIRS, ABSORB },
	{ "P7", { { "printk-unsafe-deref", 0, ELEMENT } },
	  { FORMAT, TC_KIND_PF_NOT_POINTER }, 0, 0, ABSORB },
	{ "P8", { { U, 0, ELEMENT } }, { FORMAT, TC_KIND_PF_GLUED }, 0, 0, ABSORB },
	{ "P9", { { U, TC_KIND_UV_CONV, ELEMENT } }, { FORMAT, TC_KIND_PF_PEXT }, 0, SAME_TAG, DROP },
	{ "P12", { { U, 0, ELEMENT } }, { "printk-foreign-identifier", TC_KIND_FI_UNDECLARED }, 0,
	  0, ABSORB },
	{ "P13", { { "printk-unsafe-deref", 0, ELEMENT } }, { FORMAT, TC_KIND_PF_PEXT }, 0, 0,
	  ABSORB },
	{ "P14", { { CALL, 0, ELEMENT } }, { CALL, 0 }, 0, ONCE | EARLIER, MENTION },
	{ "P10", { { U, 0, ELEMENT },
		   { U, TC_KIND_UV_CANNOT_PARSE, SCOPE },
		   { CONSTRUCT, 0, ELEMENT },
		   { CONSTRUCT, 0, SCOPE } },
	  { FORMAT, TC_KIND_PF_PEXT }, 0, 0, ABSORB },
};
/* clang-format on */

#undef CALL
#undef CMACRO
#undef CONSTRUCT
#undef FORMAT
#undef U

/* The merge's own bookkeeping, one per finding. */
struct state {
	unsigned char gone;	 /* absorbed or dropped */
	unsigned char took;	 /* took a finding under the FIRST_ONLY entry */
	size_t own_notes;	 /* its notes before the first absorbed one */
	const char *heir_of;	 /* the rule it stands for too (INHERIT) */
};

static int streq0(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static int is_party(const struct tc_diag *g, const struct state *st, const struct party *p,
		    int heirs)
{
	if (strcmp(g->rule, p->rule) && !(heirs && streq0(st->heir_of, p->rule)))
		return 0;
	return !p->kind || (g->kind & p->kind) || (heirs && streq0(st->heir_of, p->rule));
}

static int covers(const struct tc_diag *g, long raw)
{
	if (g->subj.index == raw)
		return 1;
	for (size_t i = 0; i < g->nr_covers; i++)
		if (g->covers[i].arg == raw)
			return 1;
	return 0;
}

/* Is by where p wants it for o (for o's argument arg when arg >= 0)? */
static int placed(const struct tc_diag *by, const struct tc_diag *o, enum where w, long arg)
{
	const struct tc_subject *a = &by->subj, *b = &o->subj;

	if (a->scope != b->scope || !streq0(a->scope_name, b->scope_name))
		return 0;
	if (w == SCOPE)
		return a->scope != TC_SCOPE_HEADER;
	if (a->elem != b->elem)
		return 0;
	if (a->elem == TC_ELEM_ARG) {
		/* an argument without a place of its own (arg:?) may be any of them */
		if (a->index < 0 || (arg < 0 && b->index < 0))
			return 1;
		return covers(by, arg >= 0 ? arg : b->index);
	}
	return streq0(a->elem_name, b->elem_name);
}

static void note(struct tc_diag *g, int once, enum tc_note_kind kind, struct tc_loc loc,
		 const char *msg)
{
	for (size_t i = 0; once && i < g->nr_notes; i++)
		if (!strcmp(g->notes[i].msg, msg))
			return;
	tc_diag_note_as(g, kind, loc, "%s", msg);
}

static void take(struct tc_diag *by, struct state *bs, struct tc_diag *o, const struct state *os,
		 const struct precedence *p, const char *brief, struct tc_loc at)
{
	int once = !!(p->flags & ONCE);

	if (p->effect != DROP && bs->own_notes == (size_t)-1)
		bs->own_notes = by->nr_notes;
	if (p->effect == ABSORB && o->severity > by->severity)
		by->severity = o->severity;
	if (p->effect != DROP && !(p->flags & EVIDENCE)) {
		/* what the other rule saw: evidence, or a library's gap */
		char *m = xasprintf("%s [%s]", brief ? brief : o->msg, o->rule);
		note(by, once, o->library ? TC_NOTE_LIBRARY : TC_NOTE_EVIDENCE, at, m);
		free(m);
	}
	if (p->effect == ABSORB && (!brief || (p->flags & EVIDENCE))) {
		size_t from = p->flags & EVIDENCE ? os->own_notes : 0;
		/* a library's way around its own gap is about the library here */
		for (size_t k = from; k < o->nr_notes; k++)
			note(by, once,
			     o->library && o->notes[k].kind == TC_NOTE_ADVICE ? TC_NOTE_LIBRARY
									      : o->notes[k].kind,
			     o->notes[k].loc, o->notes[k].msg);
	}
	if (p->flags & INHERIT)
		bs->heir_of = o->rule;
}

static int before(const struct tc_loc *a, const struct tc_loc *b)
{
	return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* The absorber of v[i] under p (at its argument arg when arg >= 0), or n. */
static size_t absorber(struct tc_diag *v, struct state *st, size_t n, size_t i,
		       const struct precedence *p, long arg)
{
	for (size_t r = 0; r < 4 && p->absorbers[r].rule; r++)
		for (size_t j = 0; j < n; j++)
			if (j != i && !st[j].gone &&
			    is_party(&v[j], &st[j], &p->absorbers[r], !!(p->flags & HEIRS)) &&
			    placed(&v[j], &v[i], p->absorbers[r].where, arg) &&
			    (!(p->flags & SAME_TAG) || streq0(v[j].tag, v[i].tag)) &&
			    (!(p->flags & FIRST_ONLY) || !st[j].took) &&
			    (!(p->flags & EARLIER) || before(&v[j].loc, &v[i].loc)))
				return j;
	return n;
}

/* One entry over the findings; 1 if it changed something. */
static int apply(struct tc_diag *v, struct state *st, size_t n, const struct precedence *p)
{
	int changed = 0;

	for (size_t i = 0; i < n; i++) {
		struct tc_diag *o = &v[i];
		if (st[i].gone || strcmp(o->rule, p->absorbed.rule) ||
		    (p->absorbed.kind && !(o->kind & p->absorbed.kind)) || (o->kind & p->not_kind))
			continue;
		size_t by = absorber(v, st, n, i, p, -1);
		if (by == n)
			continue;
		if (p->flags & EACH_ARG) {
			/* all or nothing: a finding on every argument it speaks for */
			size_t *at = xcalloc(o->nr_covers + 1, sizeof(*at));
			size_t k = 0;
			for (; k < o->nr_covers; k++) {
				at[k] = absorber(v, st, n, i, p, o->covers[k].arg);
				if (at[k] == n)
					break;
			}
			if (k < o->nr_covers) {
				free(at);
				continue;
			}
			take(&v[by], &st[by], o, &st[i], p, o->brief, o->loc);
			for (k = 0; k < o->nr_covers; k++)
				take(&v[at[k]], &st[at[k]], o, &st[i], p, o->covers[k].brief,
				     o->covers[k].loc);
			free(at);
		} else {
			take(&v[by], &st[by], o, &st[i], p, o->brief, o->loc);
		}
		if (p->flags & FIRST_ONLY)
			st[by].took = 1;
		st[i].gone = 1;
		changed = 1;
	}
	return changed;
}

void tc_merge(struct tc_diags *d, size_t first)
{
	size_t n = d->nr - first;
	struct state *st = xcalloc(n + 1, sizeof(*st));
	int changed;

	for (size_t i = 0; i < n; i++)
		st[i].own_notes = (size_t)-1;
	do {
		changed = 0;
		for (size_t k = 0; k < ARRAY_SIZE(table); k++)
			changed |= apply(d->v + first, st, n, &table[k]);
	} while (changed);
	unsigned char *drop = xcalloc(d->nr + 1, 1);
	for (size_t i = 0; i < n; i++)
		drop[first + i] = st[i].gone;
	tc_diags_remove(d, drop);
	free(drop);
	free(st);
}
