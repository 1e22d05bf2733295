/* SPDX-License-Identifier: MIT */
/* --emit-format: format files on standard output or under a directory. */
#ifndef TC_EMIT_H
#define TC_EMIT_H

#include <stdio.h>

#include "model.h"

/*
 * Emit the format file of every instantiated event of h, to out (dir
 * NULL) or as dir/SYSTEM/EVENT/format (written to a
 * temporary file and renamed).  Returns 0, or -1 if some event's format
 * could not be produced (each reported on standard error).
 */
int tc_emit_formats(const struct tc_header *h, const char *dir, FILE *out);

#endif
