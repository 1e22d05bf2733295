/* SPDX-License-Identifier: MIT */
/* Found by vf/vf_mbx.c only through drivers/hmbx/Makefile's -I. */
#ifndef _HMBX_CMD_H
#define _HMBX_CMD_H

struct hmbx_cmd {
	unsigned char code;
	unsigned char subcode;
	unsigned short len;
	unsigned int data[6];
};

#endif
