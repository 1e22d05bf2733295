/* SPDX-License-Identifier: MIT */
/* kernel/qux's own header (see core.c): no events here. */
#ifndef KERNEL_QUX_H
#define KERNEL_QUX_H
int qux_core_init(void);
#endif
