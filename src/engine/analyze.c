// SPDX-License-Identifier: MIT
#include "analyze.h"

#include "cfgmerge.h"
#include "rules.h"
#include "suppress.h"

void tc_check_header_suppressed(const struct tc_header *h, const struct tc_settings *s,
				struct tc_diags *d, struct tc_suppressed *out)
{
	tc_run_rules(h, s->rules, d);
	/* and what holds only in the other configurations it was read in */
	tc_cfg_passes_check(h, s->rules, d);
	tc_diags_sort(d);
	/* first: a comment's finding is its, whatever --ignore drops */
	tc_diags_suppress_inline(d, h, s, out);
	tc_diags_ignore_events(d, s);
}

void tc_check_header(const struct tc_header *h, const struct tc_settings *s, struct tc_diags *d)
{
	tc_check_header_suppressed(h, s, d, NULL);
}
