/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer harnesses share.  An input reaches the parser the
 * way a file would, through read_file(), but from the overlay (an
 * in-memory file under a path that does not exist on disk), so that no
 * harness writes a file.
 */
#ifndef TC_FUZZ_H
#define TC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "overlay.h"
#include "util.h"

/* Where the overlay holds the input: no such directory exists. */
#define TC_FUZZ_DIR "/nonexistent-tracecheck-fuzz"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a string (it may hold NULs: the parsers see what precedes the first). */
static inline char *tc_fuzz_text(const uint8_t *data, size_t size)
{
	char *t = xmalloc(size + 1);

	memcpy(t, data, size);
	t[size] = '\0';
	return t;
}

/* Make the input the content of path (absolute, under TC_FUZZ_DIR). */
static inline void tc_fuzz_file(const char *path, const uint8_t *data, size_t size)
{
	char *t = tc_fuzz_text(data, size);

	tc_overlay_clear();
	tc_overlay_set(path, t, size);
	free(t);
}

#endif
