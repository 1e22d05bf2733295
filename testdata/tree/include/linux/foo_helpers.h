/* SPDX-License-Identifier: MIT */
/* A helper header of the stand-in tree: visible only with the tree. */
#ifndef _LINUX_FOO_HELPERS_H
#define _LINUX_FOO_HELPERS_H
typedef unsigned int u32;
typedef unsigned char u8;
#define foo_port_letter(p) ((p) + 'a')
#endif
