/* SPDX-License-Identifier: MIT */
/*
 * Where tracecheck's support files (its own stage headers) are: no path
 * of the build directory is compiled in.
 */
#ifndef TC_DATADIR_H
#define TC_DATADIR_H

/*
 * The stage headers' directory: $TRACECHECK_DATADIR; else, for a
 * program in a build tree, the "stage-headers" link make puts beside it;
 * else ../share/tracecheck/include from the program (an installed tree,
 * wherever it was moved); else the configured datadir.
 */
const char *tc_datadir(void);

#endif
