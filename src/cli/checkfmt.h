/* SPDX-License-Identifier: MIT */
/*
 * --check-format FILE|DIR...: user space's verdict (uverdict.h) on
 * format files read from a running system, e.g. a whole tracefs
 * events/ directory, like trace-cmd check-events but with reasons.
 */
#ifndef TC_CHECKFMT_H
#define TC_CHECKFMT_H

#include <stddef.h>

#include "config.h"

/*
 * Check every path (a format file, or a directory searched for files
 * named "format"); diagnostics on stdout, a summary on stderr for
 * directories.  Returns the exit status: 0, 1 (findings), 2 (unreadable
 * input or no libtraceevent).
 */
int tc_check_formats(const char *const *paths, size_t n, const struct tc_settings *s);

#endif
