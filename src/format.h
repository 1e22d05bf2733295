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

/* The kernel's update_event_printk() with every eval map of the header. */
void tc_format_apply_eval_maps(const struct tc_header *h, const char *fmt, struct strbuf *out);

/* The system name an event's format file lives under. */
const char *tc_format_system(const struct tc_header *h, const struct tc_event *e);

#endif
