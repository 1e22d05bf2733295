/* SPDX-License-Identifier: MIT */
/*
 * What user space knows: the TRACE_EVENT helpers libtraceevent parses,
 * the functions its standard plugins provide.  Facts from
 * ../shared/spec/user-space-parser.md (libtraceevent 1.7.1 - 1.8.4) and, for
 * what changed after, src/uspace/umodel.c (1.8.5: plugin_net).
 */
#ifndef TC_HELPERS_H
#define TC_HELPERS_H

/* A TP_printk()/TP_fast_assign() helper macro of the TRACE_EVENT API. */
int tc_is_standard_macro(const char *name);
/* A function libtraceevent evaluates itself (no plugin needed). */
int tc_uspace_builtin_function(const char *name);
/* The libtraceevent plugin that provides a print function, or NULL. */
const char *tc_uspace_plugin_for(const char *name);
/* The first libtraceevent release with that plugin ("1.8.5"), NULL: every release. */
const char *tc_uspace_plugin_since(const char *name);

#endif
