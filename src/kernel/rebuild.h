/* SPDX-License-Identifier: MIT */
/*
 * A .c file the kernel compiles twice: a Makefile of another directory
 * builds it again through a pattern rule
 *	$(obj)/SUB/%.o: $(srctree)/DIR/%.c
 * and lists SUB/NAME.o among its objects, with its own flags.  From 6.8
 * drivers/gpu/drm/xe/Makefile builds i915's display code so, and with it
 * i915's display trace header: without i915's -DI915 its TRACE_SYSTEM is
 * xe in 7.x (i915 in 6.12), so the booted kernel has those events twice,
 * once per build.
 */
#ifndef TC_REBUILD_H
#define TC_REBUILD_H

#include <stddef.h>

#include "instantiator.h"

/*
 * The other builds of in's .c in the tree at root (in the order of the
 * Makefiles' paths), as contexts: in's path and prelude with the flags
 * of the Makefile that builds it again (tc_makefile_flags(), any
 * configuration).  The number of them, each in (*out)[i] (free them
 * with tc_instantiator_free() and the array with free()).  The tree's
 * Makefiles are read once per process and root.
 */
size_t tc_rebuilds(const struct tc_instantiator *in, const char *root,
		   struct tc_instantiator ***out);

#endif
