/* SPDX-License-Identifier: MIT */
/*
 * Every rule, one line each: TC_RULE(foo_bar) is
 * `const struct tc_rule rule_foo_bar`, defined in rules/foo_bar.c, whose
 * name is "foo-bar".  rules/registry.c includes this list twice (the
 * declarations, then the table), so it has no include guard.
 * tests/rule-lists checks it against the files in rules/ and Makefile.am.
 * The order does not matter: no rule sees another's findings, and where
 * two describe one defect the merge phase's table decides (src/engine/merge.c;
 * tests/rule-order runs them shuffled).  It is the order findings at
 * one position are printed in.
 */
TC_RULE(printk_call)
TC_RULE(printk_custom_macro)
TC_RULE(field_unassigned)
TC_RULE(layout_hole)
TC_RULE(printk_format_text)
TC_RULE(printk_unsafe_deref)
TC_RULE(assign_str_mismatch)
TC_RULE(unused_event_class)
TC_RULE(event_class_consolidation)
TC_RULE(printk_userspace)
TC_RULE(enum_not_exported)
TC_RULE(header_protocol)
TC_RULE(array_overflow)
TC_RULE(assign_order)
TC_RULE(printk_foreign_identifier)
TC_RULE(printk_helper_misuse)
TC_RULE(layout_abi)
TC_RULE(layout_oversize)
TC_RULE(unused_tracepoint)
TC_RULE(create_trace_points)
TC_RULE(printk_construct)
TC_RULE(printk_format)
TC_RULE(printk_nested_ternary)
TC_RULE(field_truncated)
TC_RULE(field_kind)
TC_RULE(string_source_type)
TC_RULE(include_path)
TC_RULE(layout_change)
TC_RULE(tracepoint_null_arg)
TC_RULE(dynamic_array_length)
TC_RULE(tracepoint_after_free)
TC_RULE(compile_error)
