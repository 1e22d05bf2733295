// SPDX-License-Identifier: MIT
/* As block/blk-zoned.c: obj-$(CONFIG_BLK_DEV_ZONED). */
#include <trace/events/tput.h>

void tput_zone(int v)
{
	trace_tput_zone_mgmt(v);
}
