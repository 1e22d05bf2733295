/* SPDX-License-Identifier: MIT */
/*
 * The one table of the kernel's %p extensions (lib/vsprintf.c pointer(),
 * Documentation/core-api/printk-formats.rst) and of what libtraceevent
 * makes of them.  e is the letters after %p (struct tc_pconv's ext),
 * n their number.
 */
#ifndef TC_PEXT_H
#define TC_PEXT_H

#include <stddef.h>

/* pointer() formats the value itself (no extension, %pS, %pK, %px, ...). */
int tc_pext_by_value(const char *e, size_t n);

/* The bytes a dereferencing extension reads on a kernel of this word size; 0 if not fixed. */
long long tc_pext_reads(const char *e, size_t n, long long word);

/* libtraceevent 1.7.1 to 1.8.4 renders the extension (else: %p, then the letters). */
int tc_pext_in_userspace(const char *e, size_t n);

/* What the kernel prints for it, as a phrase; n > 0. */
const char *tc_pext_meaning(const char *e, size_t n);

/* How many of the letters pointer() uses; -1 when not known here. */
long tc_pext_used(const char *e, size_t n);

/*
 * The extension letter c makes the kernel's test_event_printk()
 * (kernel/trace/trace_events.c) take %p as a dereference.  Its list, not
 * pointer()'s: it has 'B', which pointer() takes by value.
 */
int tc_pext_test_event_derefs(char c);

#endif
