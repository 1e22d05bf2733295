/* SPDX-License-Identifier: MIT */
/* As fs/afs/internal.h: the subsystem's types, then its trace header. */
#ifndef TCAFS_INTERNAL_H
#define TCAFS_INTERNAL_H

typedef unsigned long long tcafs_volid_t;

enum tcafs_call_state {
	TCAFS_CALL_CL_REQUESTING,
	TCAFS_CALL_CL_AWAIT_REPLY,
	TCAFS_CALL_COMPLETE,
};

#include <trace/events/tcafs.h>

#endif
