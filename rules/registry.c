// SPDX-License-Identifier: MIT
/*
 * The rule table, from rules/list.h.  Adding a rule: write
 * rules/<name>.c defining a `const struct tc_rule rule_<name>`, add its
 * TC_RULE(<name>) line to rules/list.h and its file to Makefile.am, and
 * add testdata for it (docs/HACKING.md, "Adding a rule").
 */
#include "rules.h"

#include "util.h"

#define TC_RULE(name) extern const struct tc_rule rule_##name;
#include "list.h"
#undef TC_RULE

const struct tc_rule *const tc_rules[] = {
#define TC_RULE(name) &rule_##name,
#include "list.h"
#undef TC_RULE
};

const size_t tc_nr_rules = ARRAY_SIZE(tc_rules);
