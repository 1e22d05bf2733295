/* SPDX-License-Identifier: MIT */
/*
 * --layout: each event class's ring-buffer record printed the way
 * pahole prints a struct -- the common fields, every field with its
 * type, offset and size, holes, tail padding and a summary; what the
 * __data_loc/__rel_loc descriptors point to; side by side columns for
 * several ABIs; and with --suggest the TP_STRUCT__entry() order without
 * the holes, as layout-hole's fix writes it.
 */
#ifndef TC_LAYOUTVIEW_H
#define TC_LAYOUTVIEW_H

#include <stdio.h>

#include "model.h"

struct tc_layout_opts {
	const char *const *names; /* --event: events or classes to show; none: all */
	size_t nr_names;
	int suggest;	/* --suggest */
	unsigned abis;	/* the ABIs to show (1 << enum tc_abi) besides the target; 0: the target's */
};

/*
 * Print the layouts of h (text/len: the header's content, for
 * --suggest's elements) to out.  Returns 0, or 2 after a one-line error
 * on standard error (a name --event gave that h does not define: then
 * nothing is printed; a record whose layout is not known).
 */
int tc_layout_print(const struct tc_header *h, const char *text, size_t len,
		    const struct tc_layout_opts *o, FILE *out);

#endif
