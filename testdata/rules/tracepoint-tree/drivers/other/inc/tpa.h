/* SPDX-License-Identifier: MIT */
/* the driver's own tpa.h, not include/trace/events/tpa.h */
int other_tpa(int v);
