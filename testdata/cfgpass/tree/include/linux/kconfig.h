/* SPDX-License-Identifier: MIT */
/*
 * Stand-in for the tests: the configuration (the autoconf.h the tree's
 * flags find first, as the kernel's kconfig.h includes it), and the
 * option tests an #if of the test headers uses.
 */
#ifndef _TC_STANDIN_KCONFIG_H
#define _TC_STANDIN_KCONFIG_H

#include <generated/autoconf.h>

/* in #if only: an option not defined is 0 there, one that is y or m is 1 */
#define IS_BUILTIN(option) (option + 0)
#define IS_MODULE(option) (option##_MODULE + 0)
#define IS_ENABLED(option) ((option + 0) || (option##_MODULE + 0))

#endif
