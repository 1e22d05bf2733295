/* SPDX-License-Identifier: MIT */
/* stand-in of 6.12's <linux/wordpart.h> */
#ifndef _LINUX_WORDPART_H
#define _LINUX_WORDPART_H
#define upper_32_bits(n) ((unsigned int)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((unsigned int)((n) & 0xffffffff))
#endif
