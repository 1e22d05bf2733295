/* SPDX-License-Identifier: MIT */
/* stand-in */
#ifndef _LINUX_KDEV_T_H
#define _LINUX_KDEV_T_H
#define MAJOR(dev) ((unsigned int)((dev) >> 20))
#define MINOR(dev) ((unsigned int)((dev) & 0xfffff))
#endif
