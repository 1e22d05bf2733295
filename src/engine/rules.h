/* SPDX-License-Identifier: MIT */
/*
 * The rule interface.  A rule is one file in rules/ that defines a
 * struct tc_rule and is listed once, TC_RULE(name), in rules/list.h.
 * Its check() reads the event model and reports through tc_report().
 */
#ifndef TC_RULES_H
#define TC_RULES_H

#include "context.h"
#include "diag.h"
#include "model.h"

struct tc_check;
struct tc_fix;

/*
 * A rule's documentation, one source for --explain, the SARIF rule help
 * and the man page's RULES section (src/engine/ruledoc.c renders it).  Plain
 * text wrapped at 72 columns, paragraphs separated by a blank line.
 */
struct tc_rule_doc {
	const char *catches; /* what it reports; its first paragraph is the SARIF fullDescription */
	const char *why;     /* why it matters to user-space tools or the ring buffer */
	const char *kernel;  /* the real kernel fix it is modelled on, or the 6.12 code it fires on */
	const char *example; /* a correct event (C lines, shown verbatim) */
	const char *fix;     /* what --fix does with its findings */
	const char *silence; /* NULL: findings are in events, --ignore RULE:EVENT applies */
};

struct tc_rule {
	const char *name;	    /* "printk-call" */
	enum tc_severity severity;  /* default severity */
	int enabled;		    /* on by default */
	const char *summary;	    /* one line, for --list-rules */
	const struct tc_rule_doc *doc; /* the rule's documentation */
	void (*check)(struct tc_check *ck, const struct tc_header *h);
	/* TC_NEED_*: what the engine gets into ck->ctx for it (context.h) */
	unsigned needs;
	/*
	 * Its findings are about TP_printk() arguments: one at the event's
	 * name of an event whose TP_printk() a macro wrote is about one of
	 * them (subject 'arg:?', subject.c), not about the event.
	 */
	int about_printk;
	/*
	 * --fix: propose the edits that repair finding d (one this rule
	 * reported) through fix.h's helpers; 0, or -1 after tc_fix_skip()
	 * saying why it is left.  NULL: no automatic repair.
	 */
	int (*fix)(struct tc_fix *fx, const struct tc_diag *d);
	/* --fix repairs its findings reported as notes too (a kind its doc calls minor) */
	int fix_notes;
};

/* rules/registry.c, from rules/list.h */
extern const struct tc_rule *const tc_rules[];
extern const size_t tc_nr_rules;

/* Index of a rule by name, -1 if there is none. */
int tc_rule_index(const char *name);

struct tc_rule_setting {
	int enabled;
	enum tc_severity severity;
};

struct tc_check {
	const struct tc_rule *rule;
	enum tc_severity severity; /* the rule's effective severity */
	struct tc_diags *diags;
	const struct tc_header *h;
	struct tc_context *ctx; /* the header's text, tree and verdicts: no rule reads files */
};

/* tc_context_file() of the running check's context. */
const char *tc_ctx_file(struct tc_check *ck, const char *path, size_t *len);

/* Report a finding of the running rule at its effective severity. */
struct tc_diag *tc_report(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The same one level lower: for findings the rule is less sure of. */
struct tc_diag *tc_report_lower(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A note of the running rule: context, never a finding that fails a run. */
struct tc_diag *tc_report_note(struct tc_check *ck, struct tc_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* s, or its first max bytes and " [...]" when longer; malloced. */
char *tc_shorten(const char *s, size_t max);

/*
 * Does every libtraceevent release h's --userspace selects have the
 * plugin that provides function callee (helpers.h)?  printk-call's and
 * printk-userspace's findings on such calls are notes.
 */
int tc_plugin_everywhere(const struct tc_header *h, const char *callee);
/* ... and is every call of argument a one of those? (0: a calls nothing) */
int tc_plugin_calls_everywhere(const struct tc_header *h, const struct tc_printk_arg *a);

/*
 * The TP_PROTO() parameter (index) whose value TP_fast_assign() stores in
 * field name and nothing else: "__entry->name = param;" its only mention;
 * -1 when there is none such.  What the tree's callers pass for it is in
 * ctx->str_args (tc_tpindex_string_args()).
 */
int tc_stored_param(const struct tc_class *c, const char *name);

/* Run every enabled rule over a header. */
void tc_run_rules(const struct tc_header *h, const struct tc_rule_setting *settings,
		  struct tc_diags *diags);



/*
 * The printks that reach a format file: a class's, when some event of
 * it prints with it, and each DEFINE_EVENT_PRINT's own.  Malloced.
 */
const struct tc_printk **tc_used_printks(const struct tc_header *h, size_t *n);
/* The classes that some instantiated event uses.  Malloced. */
const struct tc_class **tc_used_classes(const struct tc_header *h, size_t *n);
#endif
