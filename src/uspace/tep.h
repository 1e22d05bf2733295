/* SPDX-License-Identifier: MIT */
/*
 * libtraceevent, the parser perf and trace-cmd use, asked about a format
 * file: does it parse, what does it print for a record, what does it
 * warn about.  Two handles: one bare, one with libtraceevent's standard
 * plugins loaded (their functions and event handlers).  Without
 * libtraceevent (configure --without-libtraceevent) every call fails and
 * tc_tep_version() is NULL.
 */
#ifndef TC_TEP_H
#define TC_TEP_H

#include <stddef.h>

#include "strbuf.h"

/* The version tracecheck was built with, e.g. "1.7.1"; NULL without. */
const char *tc_tep_version(void);
/*
 * What the libtraceevent loaded is (malloced): its version, its library
 * file, and the plugins tep_load_plugins() would load -- for the cache's
 * identity (another release, or another plugin, gives other verdicts).
 */
char *tc_tep_identity(void);

/*
 * Parse a format file for system, under a fresh event ID (the text's
 * own is replaced).  Returns the ID, -1 if libtraceevent is missing or
 * rejects the text outright; *failed is set when libtraceevent marked
 * the event FAILED (its print fmt did not parse: it then prints
 * "[FAILED TO PARSE]").  Its warnings go to warnings, one per line.
 */
int tc_tep_parse(const char *format, const char *system, int plugins, int *failed,
		 struct strbuf *warnings);

/*
 * Print a record of event id (as parsed with the same plugins setting)
 * the way trace-cmd/perf do (TEP_PRINT_INFO).  The record's common_type
 * is set to id.  0 on success.
 */
int tc_tep_render(int plugins, int id, unsigned char *data, size_t size, struct strbuf *out,
		  struct strbuf *warnings);

/* Unload the plugins and free both handles (the next call starts afresh). */
void tc_tep_release(void);

#endif
