/* SPDX-License-Identifier: MIT */
/*
 * GitHub code scanning's primaryLocationLineHash: for each line of a
 * file, a rolling hash (base 37, 64-bit wrap-around) of the next 100
 * UTF-16 code units from the start of the line, spaces and tabs left
 * out, CR and CRLF read as LF, an end-of-file mark (65535) and then
 * NULs after the last character; printed in hexadecimal without
 * leading zeros, then ":" and how many lines before it (this one
 * included) have the same hash.  Computed as codeql-action's
 * src/fingerprints.ts computes it, so that uploads keep their alerts
 * across unrelated edits.
 */
#ifndef TC_LINEHASH_H
#define TC_LINEHASH_H

#include <stddef.h>

/*
 * The hashes of text's lines: (*hashes)[k] for line k + 1; *nr lines
 * (one more than the newlines when the text ends with one, as GitHub
 * counts).  Free with free_strings().
 */
void tc_line_hashes(const char *text, size_t len, char ***hashes, size_t *nr);

#endif
