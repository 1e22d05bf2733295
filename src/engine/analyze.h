/* SPDX-License-Identifier: MIT */
/*
 * The analysis of one parsed header, the same for every mode (plain,
 * tree, both sides of --patch, the --fix re-check, kbuild): the enabled
 * rules, then each finding's subject, then the findings of its passes in
 * other configurations that it does not have (cfgmerge.h), then the
 * findings in position order, then the header's inline suppressions (suppress.h), then
 * --ignore RULE:EVENT.
 */
#ifndef TC_ANALYZE_H
#define TC_ANALYZE_H

#include "config.h"
#include "diag.h"
#include "model.h"

void tc_check_header(const struct tc_header *h, const struct tc_settings *s, struct tc_diags *d);
/* The same, the findings suppressed inline and the suppressions' problems into out. */
struct tc_suppressed;
void tc_check_header_suppressed(const struct tc_header *h, const struct tc_settings *s,
				struct tc_diags *d, struct tc_suppressed *out);

#endif
