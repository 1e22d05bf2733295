// SPDX-License-Identifier: MIT
/*
 * Stand-in: tracecheck looks for trace_define_field_ext() here to know
 * that this tree's format files print array lengths as numbers (6.3+).
 */
static int trace_define_field_ext(void);
