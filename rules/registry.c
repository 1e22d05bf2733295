// SPDX-License-Identifier: MIT
/*
 * The rule table.  Adding a rule: write rules/<name>.c defining a
 * `const struct tc_rule rule_<name>`, declare it below, add it to the
 * table, list the file in Makefile.am and add testdata for it.
 */
#include "rules.h"

#include "util.h"

extern const struct tc_rule rule_printk_call;
extern const struct tc_rule rule_printk_custom_macro;
extern const struct tc_rule rule_field_unassigned;
extern const struct tc_rule rule_layout_hole;
extern const struct tc_rule rule_printk_format_text;
extern const struct tc_rule rule_printk_unsafe_deref;
extern const struct tc_rule rule_assign_str_mismatch;
extern const struct tc_rule rule_unused_event_class;
extern const struct tc_rule rule_event_class_consolidation;
extern const struct tc_rule rule_printk_userspace;
extern const struct tc_rule rule_enum_not_exported;
extern const struct tc_rule rule_header_protocol;
extern const struct tc_rule rule_array_overflow;
extern const struct tc_rule rule_assign_order;
extern const struct tc_rule rule_printk_foreign_identifier;
extern const struct tc_rule rule_printk_helper_misuse;
extern const struct tc_rule rule_layout_abi;
extern const struct tc_rule rule_layout_oversize;
extern const struct tc_rule rule_unused_tracepoint;
extern const struct tc_rule rule_create_trace_points;
extern const struct tc_rule rule_printk_construct;
extern const struct tc_rule rule_printk_format;

const struct tc_rule *const tc_rules[] = {
	&rule_printk_call,
	&rule_printk_custom_macro,
	&rule_field_unassigned,
	&rule_layout_hole,
	&rule_printk_format_text,
	&rule_printk_unsafe_deref,
	&rule_assign_str_mismatch,
	&rule_unused_event_class,
	&rule_event_class_consolidation,
	&rule_printk_userspace, /* after the printk rules: it merges into them */
	&rule_enum_not_exported,
	&rule_header_protocol,
	&rule_array_overflow,
	&rule_assign_order,
	&rule_printk_foreign_identifier,
	&rule_printk_helper_misuse,
	&rule_layout_abi,
	&rule_layout_oversize,
	&rule_unused_tracepoint,
	&rule_create_trace_points,
	&rule_printk_construct, /* after printk-userspace: merges its verdicts */
	&rule_printk_format,
};

const size_t tc_nr_rules = ARRAY_SIZE(tc_rules);
