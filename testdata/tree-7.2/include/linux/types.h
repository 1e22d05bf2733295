/* SPDX-License-Identifier: MIT */
/* stand-in: the kernel types a trace header relies on */
#ifndef _TC_STANDIN_TYPES_H
#define _TC_STANDIN_TYPES_H
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef _Bool bool;
#endif
