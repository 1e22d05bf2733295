/* SPDX-License-Identifier: MIT */
/*
 * The findings of a header's passes in other configurations
 * (tc_header's cfg_passes, frontend/cfgpass.c), with its own: the rules
 * run on each pass, and a finding that no earlier one has -- the same
 * rule about the same subject (diag.h; for one about the header as a
 * whole, also the same message) -- joins the header's, marked with the
 * configuration it holds in (tc_diag's config).  A finding of both the
 * header as configured and a pass is the header's, as it would be
 * without the passes.
 */
#ifndef TC_CFGMERGE_H
#define TC_CFGMERGE_H

#include "diag.h"
#include "model.h"
#include "rules.h"

void tc_cfg_passes_check(const struct tc_header *h, const struct tc_rule_setting *settings,
			 struct tc_diags *d);

#endif
