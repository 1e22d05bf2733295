/* SPDX-License-Identifier: MIT */
/*
 * Running code whose depth of recursion the input decides, and which is
 * not ours to bound (libclang's parser: 3,000 nested casts or calls of a
 * macro overflow its 8 MB), on a stack of its own: fn(arg) runs on a
 * thread with a stack of TC_GUARD_STACK bytes (reserved, not committed:
 * only what it uses is memory) and an inaccessible region below it.
 * Running into that region is caught -- the thread jumps back out of
 * fn, and the call says TC_GUARD_OVERFLOW -- instead of killing the
 * process; so is any crash while tc_guard_foreign() is on (around a
 * libclang call: libclang's own crash recovery does the same, and cannot
 * catch a stack overflow).  Another crash is not caught: it is a bug of
 * tracecheck's, and kills the process as it would without the guard.
 *
 * What fn was doing when it was jumped out of is lost: its memory is not
 * freed, and what it was building must not be used.  The caller treats
 * the input as "nested too deeply" (notchecked.h).
 */
#ifndef TC_STACKGUARD_H
#define TC_STACKGUARD_H

#include <stddef.h>

#define TC_GUARD_STACK ((size_t)64 << 20)

enum tc_guard_end {
	TC_GUARD_DONE,	   /* fn returned */
	TC_GUARD_OVERFLOW, /* fn ran out of stack */
	TC_GUARD_CRASH,	   /* a crash while tc_guard_foreign() was on */
};

enum tc_guard_end tc_guard_run(void (*fn)(void *), void *arg);
/* Inside fn: crashes of what runs until tc_guard_foreign(0) are caught too. */
void tc_guard_foreign(int on);
/*
 * How many runs of this process were jumped out of (what they had
 * allocated is lost, by design): a leak checker's report at exit is
 * then of that memory (tests/fuzz_replay.c).
 */
unsigned tc_guard_cut_short(void);

#endif
