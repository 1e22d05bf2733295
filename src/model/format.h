/* SPDX-License-Identifier: MIT */
/*
 * The tracefs format file of an event, as the kernel's f_show() prints
 * it (kernel/trace/trace_events.c; ../shared/spec/event-generation.md
 * §8), from the model: common fields, the event's fields with offset,
 * size and signedness, and the print fmt after the boot-time
 * TRACE_DEFINE_ENUM/SIZEOF rewriting of §9.3.
 */
#ifndef TC_FORMAT_H
#define TC_FORMAT_H

#include "model.h"
#include "strbuf.h"

/* The ID line's value: the kernel assigns IDs at registration. */
#define TC_FORMAT_ID_PLACEHOLDER 0

/*
 * Render e's format file into out.  Returns 0, or -1 with *why (static
 * or owned by the model) when it cannot be known (layout unknown).
 */
int tc_format_event(const struct tc_header *h, const struct tc_event *e, struct strbuf *out,
		    const char **why);

/*
 * Where update_event_printk() finds the eval map name in s (which must
 * begin outside a string literal): an identifier outside string
 * literals (a backslash skips the next character), not inside a number,
 * not a member name after '.' or '->'.  The scan steps over the
 * character after a number or a name unseen, a '"' too.  NULL if
 * nowhere.
 */
const char *tc_format_eval_match(const char *s, const char *name);
/*
 * The first '"' of s that update_event_printk() steps over without
 * toggling its string state (right after a name or a number: from there
 * on, it takes string literals for code and code for string literals),
 * or NULL.
 */
const char *tc_format_eval_blind_quote(const char *s);

/* The kernel's update_event_printk() with every eval map of the header. */
void tc_format_apply_eval_maps(const struct tc_header *h, const char *fmt, struct strbuf *out);

/* The kernel's stage-4 .type string of a field ("__data_loc char[]", "u8[16]"). */
void tc_format_field_type(const struct tc_field *f, struct strbuf *t);
/*
 * A TP_printk() argument as written (a) and as the print fmt has it (b)
 * alike: equal but for white space, with REC in b where a has __entry.
 */
int tc_same_arg_text(const char *a, const char *b);
/* The system name an event's format file lives under. */
const char *tc_format_system(const struct tc_header *h, const struct tc_event *e);

#endif
