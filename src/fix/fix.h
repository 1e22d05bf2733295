/* SPDX-License-Identifier: MIT */
/*
 * --fix: the canonical repairs of findings, as text edits of the header.
 *
 * The engine (fix.c) hands each finding to its rule's fix() (a member
 * of struct tc_rule, so a rule's repair lives in its rules/ file), which
 * proposes edits -- byte ranges of the header text and their new text --
 * through the helpers below (fixtext.c).  A finding is repaired whole or
 * not at all: when its edits overlap those of a finding already repaired
 * it is left for the next run.  Findings are taken rule by rule in the
 * registry's order (the printk rules before layout-hole), in report
 * order within a rule.  Notes are context, not findings, and are not
 * counted -- except those of a rule whose findings are notes (see
 * tc_fix_repairs()).  Nothing here writes a file but tc_fix_write().
 */
#ifndef TC_FIX_H
#define TC_FIX_H

#include <stddef.h>

#include "diag.h"
#include "model.h"
#include "strbuf.h"

struct tc_fix_options {
	/*
	 * the kernel the repairs are for (kfacts.h's TC_KV(), the header's
	 * kernel_version); 0: unknown, then the newest kernel's forms
	 */
	int kernel_version;
};

struct tc_fix_result {
	char *text; /* the fixed header (malloced), NULL if nothing was fixed */
	size_t len;
	size_t applied, skipped; /* findings of rules with a repair: repaired / left (with a reason in log) */
};

/*
 * Compute the fixes of header h (parsed by the front end; text/len = the
 * file content it was parsed from) for the findings d (after
 * tc_run_rules + tc_diags_sort).  Never writes files.  Each finding left
 * adds one line "FILE:LINE:COL: not fixed [RULE]: REASON" to log (which
 * may be NULL).  Findings are matched to the model by their position:
 * text must be the content h was read from, and h->path the name the
 * findings carry.  Returns 0, or -1 if text holds a NUL byte (then every
 * finding is counted as skipped).
 */
int tc_fix_compute(const struct tc_header *h, const char *text, size_t len,
		   const struct tc_diags *d, const struct tc_fix_options *o,
		   struct tc_fix_result *res, struct strbuf *log);
void tc_fix_result_release(struct tc_fix_result *r);

/*
 * Whether --fix repairs finding g: its rule has a repair, and g is a
 * warning or an error -- or a note of a rule whose findings are notes by
 * default (event-class-consolidation), which therefore must not report
 * context with tc_report_note().  The notes of other rules (context, or
 * findings lowered by tc_report_lower() or --severity) are left.
 */
int tc_fix_repairs(const struct tc_diag *g);

/*
 * A unified diff (git style, a/ b/ prefixes, 3 lines of context) from old
 * to new for path; nothing when they are equal.  A leading "/" or "./"
 * of path is dropped after the prefix.
 */
void tc_unified_diff(struct strbuf *out, const char *path, const char *old, size_t oldlen,
		     const char *new, size_t newlen);

/* What tc_fix_write() may do that it refuses by default. */
enum {
	TC_FIX_FORCE = 1,	 /* a read-only file, or one another process has open for writing */
	TC_FIX_BREAK_LINKS = 2, /* a file with other hard links: this name gets the new text */
};

/*
 * Put text in path's place (fixwrite.c): a new file beside it, with its
 * owner, group, extended attributes and mode, swapped in atomically;
 * refuse (return -1 after a one-line error naming the file, the file as
 * it was) if its content is not expect (it changed since it was read),
 * it is a symlink or not a regular file, reached through a symlink out
 * of its tree, has other hard links, is read-only, is open for writing
 * in another process, or its metadata cannot be kept; if it is written
 * to while the new file is put in place, put it back as that left it
 * and say so (-1).  0 on success.
 */
int tc_fix_write(const char *path, const char *expect, size_t expect_len, const char *text,
		 size_t len, unsigned flags);

/*
 * The elements of c's TP_STRUCT__entry() as h's text (text/len, the
 * content h was read from) writes them, white space runs folded into
 * one space: elems[i] for c->fields[i], malloced.  -1 with the reason
 * in why (nothing in elems) when the text does not show them.
 */
int tc_fix_entry_elements(const struct tc_header *h, const char *text, size_t len,
			  const struct tc_class *c, char **elems, struct strbuf *why);

/*
 * c's TP_STRUCT__entry() block in text (h's content, or a fix of it that
 * changed nothing before the class): from the start of its line to the
 * closing parenthesis and the comma after it, appended to out.  -1 with
 * the reason in why when it is not found.
 */
int tc_fix_entry_block(const struct tc_header *h, const char *text, size_t len,
		       const struct tc_class *c, struct strbuf *out, struct strbuf *why);

/* ---- for the rules' fix() functions (fixtext.c) ---- */

struct tc_fix;
struct tc_toks;

/* A TP_*(...) block of an event definition: offsets of its parentheses. */
struct tc_fix_span {
	size_t open, close; /* text[open] == '(', text[close] == ')' */
};

/* Where a class's definition is in the text. */
struct tc_fix_class {
	const struct tc_class *c;
	struct tc_fix_span macro, entry, assign, print;
};

/*
 * Why the finding is left ("...: REASON"), for the log; returns -1 so that
 * a fix() can `return tc_fix_skip(fx, ...)`.
 */
int tc_fix_skip(struct tc_fix *fx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

const char *tc_fix_text(const struct tc_fix *fx, size_t *len);
/* That text as one token stream (ctok.h), made the first time it is asked for. */
const struct tc_toks *tc_fix_toks(struct tc_fix *fx);
const struct tc_header *tc_fix_header(const struct tc_fix *fx);
const struct tc_fix_options *tc_fix_opts(const struct tc_fix *fx);

/* Same file, line and column. */
int tc_fix_loc_eq(const struct tc_loc *a, const struct tc_loc *b);
/* The offset of a location of the header's own text; -1 if it is elsewhere. */
int tc_fix_offset(const struct tc_fix *fx, const struct tc_loc *loc, size_t *off);

/*
 * Find c's definition (the macro at c->loc and its TP_STRUCT__entry,
 * TP_fast_assign and TP_printk blocks).  -1 after tc_fix_skip().
 */
int tc_fix_find_class(struct tc_fix *fx, const struct tc_class *c, struct tc_fix_class *out);
/* The class and printk whose argument a location of a finding is in. */
const struct tc_class *tc_fix_class_of_print(const struct tc_header *h,
					     const struct tc_printk *pk);

/* The end of a balanced call: ident at off, then (...); the offset after ')', 0 if none. */
size_t tc_fix_call_end(const struct tc_fix *fx, size_t off);

/* [start, end) of raw TP_printk argument r (after trimming white space). */
int tc_fix_raw_arg(const struct tc_fix *fx, const struct tc_printk *pk, size_t r, size_t *start,
		   size_t *end);

/*
 * The conversion that print argument k of pk is printed with: its length
 * modifier ("", "l", "ll", "h", "hh", "z", ...) and conversion character
 * ('s', 'd', 'c', 'p' ...).  -1 if the format does not say.
 */
int tc_fix_conversion(const struct tc_printk *pk, size_t k, char *length, size_t lsize,
		      char *conv);

/* The element (__field(...), ...) of TP_STRUCT__entry that declares f: [start, end). */
int tc_fix_field_element(struct tc_fix *fx, const struct tc_fix_class *fc,
			 const struct tc_field *f, size_t *start, size_t *end);

/*
 * The one plain assignment "__entry->F = EXPR;" that writes field f: the
 * statement's [start, end) (end after ';') and EXPR's [expr, expr_end).
 * -1 after tc_fix_skip() when f is not written that way, exactly once,
 * unconditionally and outside a block.
 */
int tc_fix_plain_assign(struct tc_fix *fx, const struct tc_fix_class *fc,
			const struct tc_field *f, size_t *start, size_t *end, size_t *expr,
			size_t *expr_end);

/* How often "__entry->NAME" occurs in text[start, end). */
size_t tc_fix_count_entry_refs(const struct tc_fix *fx, size_t start, size_t end,
			       const char *name);

/*
 * text[start, end) with every __entry->F replaced by what TP_fast_assign
 * assigns to F, into out.  With proto_only, what replaces it may use only
 * TP_PROTO's arguments (it will be evaluated before TP_fast_assign runs).
 * The fields read are counted in *nfields and the first is *first.
 * -1 after tc_fix_skip().
 */
int tc_fix_unentry(struct tc_fix *fx, const struct tc_fix_class *fc, size_t start, size_t end,
		   int proto_only, struct strbuf *out, size_t *nfields,
		   const struct tc_field **first);

/* A field name for class c from base that no field of c (nor a new one) has; malloced. */
char *tc_fix_new_name(struct tc_fix *fx, const struct tc_class *c, const char *base);

/* Replace text[start, end) with s. */
void tc_fix_replace(struct tc_fix *fx, size_t start, size_t end, const char *s);
/*
 * Replace text[start, end) with s, claiming the range with its ends: no
 * other edit may touch it (layout-hole's reordered TP_STRUCT__entry).
 */
void tc_fix_replace_block(struct tc_fix *fx, size_t start, size_t end, const char *s);
/*
 * Add line (an element or a statement) at the end of block b: on a line
 * of its own indented like the block's last line (after an empty line if
 * blank and this is the first line added there), or after a space when
 * the block is written on one line.
 */
void tc_fix_append(struct tc_fix *fx, const struct tc_fix_span *b, const char *line, int blank);

/*
 * Record the string value of expr (in terms of __entry) at assign time:
 * __string(name, EXPR) in TP_STRUCT__entry, __assign_str() in
 * TP_fast_assign (the form the kernel has: kfacts.h), and text[start, end)
 * of TP_printk replaced by __get_str(name).  base names the field
 * (base + "_str").  -1 after tc_fix_skip().
 */
int tc_fix_record_string(struct tc_fix *fx, const struct tc_fix_class *fc, size_t expr,
			 size_t expr_end, const char *base, size_t start, size_t end);

/*
 * The arguments of the macro call whose parentheses are m, split at the
 * commas outside brackets: bounds[2k] and bounds[2k + 1] are [start,
 * end) of argument k, without the white space and comments around it
 * (malloced); their number.
 */
size_t tc_fix_macro_args(const struct tc_fix *fx, const struct tc_fix_span *m, size_t **bounds);

/*
 * Repair finding d, at a helper macro used as a TP_printk() argument
 * (printk-custom-macro's, and printk-construct's about what a macro
 * brings in): the macro's value is stored at assign time in a field of
 * the type the conversion prints (%c: char, %d: int, %lu: unsigned long;
 * printk converts the argument to that type, so the kernel prints the
 * same) and TP_printk prints the field, as commit 60e82e56d36f did:
 *     __field(enum pipe, pipe)     -> __field(char, pipe_name)
 *     __entry->pipe = crtc->pipe;  -> __entry->pipe_name = pipe_name(crtc->pipe);
 *     pipe_name(__entry->pipe)     -> __entry->pipe_name
 * The field is replaced in place when the macro reads one plain __field
 * that nothing else reads; otherwise the new field and its assignment
 * are added after the last element and statement.  The new field is
 * named after the macro.  A macro printed with %s is recorded with
 * __string() like a call (printk-call).  Left: object-like macros, uses
 * that are part of a larger argument or expand to several arguments,
 * conversions without a field type (%p, %f ...), fields not set by one
 * plain assignment (arrays among them), DEFINE_EVENT_PRINT's own
 * TP_printk.  -1 after tc_fix_skip().
 */
int tc_fix_macro_arg(struct tc_fix *fx, const struct tc_diag *d);

/* A finding's repair (--fix's, for it alone): one region of the file replaced. */
struct tc_rfix {
	char *desc;
	unsigned start_line, start_col, end_line, end_col; /* from 1; the end is not replaced */
	char *text;					    /* what replaces the region */
};

struct tc_rfix *tc_rfix_dup(const struct tc_rfix *fix);
void tc_rfix_free(struct tc_rfix *fix);

#endif
