/* SPDX-License-Identifier: MIT */
/*
 * What a header named on the command line must be before anything reads
 * it: a regular file (a FIFO would block the reader, a device never
 * end), no larger than TC_MAX_HEADER_BYTES.  Checked with stat(), so
 * nothing is opened; the --patch overlay's files are checked by size.
 */
#ifndef TC_INPUT_H
#define TC_INPUT_H

/*
 * The largest trace header tracecheck reads: 16 MiB, a hundred times
 * Linux 6.12's largest (fs/xfs/xfs_trace.h, 170 KB); larger is refused
 * at once rather than parsed for seconds.
 */
#define TC_MAX_HEADER_BYTES (16L * 1024 * 1024)

/* 0 if path may be read as a header; else -1 after a one-line error naming it. */
int tc_input_check(const char *path);

#endif
