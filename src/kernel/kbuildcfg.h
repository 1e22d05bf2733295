/* SPDX-License-Identifier: MIT */
/*
 * Which configuration option a file of a kernel tree is built under, as
 * far as the text says it: the kbuild line of its own directory's
 * Makefile (or Kbuild) that lists it, and the #if of a line.  For the
 * rules that compare where a tracepoint is defined with where it is
 * fired (unused-tracepoint).
 */
#ifndef TC_KBUILDCFG_H
#define TC_KBUILDCFG_H

#include <stddef.h>

/*
 * The CONFIG_ options under which rel (a tree-relative .c) is built,
 * space-separated, innermost first, malloced; NULL when its directory's
 * Makefile builds it unconditionally (obj-y) or under several options,
 * does not list it, or cannot be read: obj-$(CONFIG_X) += foo.o gives
 * CONFIG_X; foo.o in comp-$(CONFIG_Y) += foo.o (or comp-y, comp-objs)
 * with obj-$(CONFIG_X) += comp.o gives "CONFIG_Y CONFIG_X"; the options
 * of the ifdef, ifeq ($(CONFIG_Z),y) and ifneq ($(CONFIG_Z),) blocks
 * around those lines are added.  Only the
 * file's own directory: a directory entered under an option
 * (obj-$(CONFIG_X) += dir/) is not followed.  The options of the
 * tracing machinery (tc_kbuild_tracing_option()) are left out.
 */
char *tc_kbuild_config(const char *root, const char *rel);

/*
 * Is the option (n bytes at s) one tracepoints themselves need
 * (CONFIG_TRACEPOINTS, CONFIG_TRACING ...)?  Code built only with it is
 * built whenever there are tracepoints at all.
 */
int tc_kbuild_tracing_option(const char *s, size_t n);

/*
 * The option a preprocessor condition (the text of an #if or #ifdef
 * line after the directive's name, n bytes) requires: #ifdef CONFIG_X,
 * #if defined(CONFIG_X), IS_ENABLED(CONFIG_X), IS_BUILTIN(),
 * IS_REACHABLE(), IS_MODULE() or CONFIG_X alone or with && -- the first
 * CONFIG_ name; 0 when it names none or negates or ors them (!, ||).
 * *len is its length; returns where it starts.
 */
const char *tc_kbuild_cond(const char *s, size_t n, size_t *len);

#endif
