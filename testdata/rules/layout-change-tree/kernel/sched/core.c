// SPDX-License-Identifier: GPL-2.0
/* A fixture of layout-change.case: kernel/sched/core.c instantiates the sched events. */
#define CREATE_TRACE_POINTS
#include <trace/events/sched.h>
