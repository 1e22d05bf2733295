/* SPDX-License-Identifier: MIT */
/*
 * A header without a word of the trace machinery is not parsed: the
 * pre-commit framework hands tracecheck every staged header (trace
 * headers have no common name: *-trace.h, asm/trace/*, mmutrace.h), so
 * the others cost nothing and, with -q, say nothing.  This one would not
 * even compile.
 *
 * check-name: a header with no word of the trace machinery is skipped unread: a warning, none with -q, exit 0
 * check-command: { tracecheck $file; echo "exit status $?"; tracecheck -q $file; echo "exit status $?"; }
 * check-exit-value: 0
 *
 * check-output-start
exit status 0
exit status 0
check-output-end
 *
 * check-error-start
tracecheck: warning: testdata/cli/plain-header.h: no trace events defined
check-error-end
 */
#ifndef PLAIN_HEADER_H
#define PLAIN_HEADER_H

struct plain { int a; } this is not C;

#endif
