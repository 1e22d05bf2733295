/* SPDX-License-Identifier: MIT */
/*
 * The dependency lines of many cached results checked in one process
 * (a sweep's look-ups, done by the parent): the results of a tree share
 * most of their lines (the same kernel headers read, the same places an
 * #include looked), and each line is checked once, not once per result.
 * A line's answer is what tc_deps_check() gives for it alone, asked the
 * first time the line comes; it is kept until tc_deps_memo_end().  A
 * process forked meanwhile (a worker) checks every line for itself, as
 * tc_deps_check() does: the answers are its parent's, of another time.
 */
#ifndef TC_DEPSMEMO_H
#define TC_DEPSMEMO_H

/* Keep the answers from now on (nested: the outermost end drops them). */
void tc_deps_memo_begin(void);
void tc_deps_memo_end(void);
/*
 * tc_deps_check() (deps.h) with the answers kept: 1 if every line at *p
 * up to the line "R" holds (*p then after it), 0 if one changed, -1 if
 * they are malformed.  Without tc_deps_memo_begin(): tc_deps_check().
 */
int tc_deps_check_memo(const char **p, const char *end);

#endif
