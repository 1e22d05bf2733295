/* SPDX-License-Identifier: MIT */
/*
 * Finding trace headers below a directory: files that define events
 * with the kernel's event macros (a line starting with TRACE_EVENT(,
 * DECLARE_EVENT_CLASS(, DEFINE_EVENT(, their _FN/_CONDITION/_PRINT
 * forms, DECLARE_TRACE(, ..., and a trace remote's REMOTE_EVENT( or
 * HYP_EVENT(), but not the tracing infrastructure that
 * #defines those macros (include/trace/stages/, define_trace.h,
 * tracepoint.h ...): a header that #defines one is a trace header only
 * if it #defines TRACE_SYSTEM too (its own no-op TRACE_EVENT() for a
 * configuration without its tracing: ath10k, wil6210, batman-adv).  At
 * the top of a kernel tree, tools/ and Documentation/ are not searched.
 * The directory named may be a symbolic link (/lib/modules/VERSION/build);
 * below it, a link to a directory is not followed (out/source -> .. of
 * `make O=out`).
 */
#ifndef TC_DISCOVER_H
#define TC_DISCOVER_H

#include <stddef.h>

/* Does the text define events (and not the event macros themselves)? */
int tc_is_trace_header_text(const char *text);

enum tc_trace_header_kind {
	TC_NOT_TRACE_HEADER,
	TC_TRACE_HEADER,
	/* a trace remote's events: REMOTE_EVENT(), HYP_EVENT() (7.x) */
	TC_REMOTE_EVENT_HEADER,
};
enum tc_trace_header_kind tc_trace_header_kind(const char *text);
/* The event macro p starts with ("TRACE_EVENT" of "TRACE_EVENT(..."), or NULL. */
const char *tc_event_macro_at(const char *p);
/*
 * Whether the identifier name (len bytes) is an event macro that defines
 * an event -- not a class, a bare tracepoint (DECLARE_*()) or a _NOP form.
 */
int tc_is_event_defining_macro(const char *name, size_t len);
/*
 * The name of the event the call of event macro m at p defines
 * (malloced), or NULL: a class, a bare tracepoint (DECLARE_*()), a _NOP
 * form, or a name that is not an identifier.
 */
char *tc_event_name_at(const char *m, const char *p);

/*
 * Append the trace headers below dir, as dir/..., in path order, to
 * *v (malloced strings).  Returns how many were added.  The list is kept
 * in the persistent cache (cache.h) under the size, mtime and inode of
 * every .h below dir (and its directories' names).
 */
size_t tc_find_trace_headers(const char *dir, char ***v, size_t *nr, size_t *alloc);

#endif
