// SPDX-License-Identifier: MIT
#include "helpers.h"

#include <string.h>

#include "util.h"

static const char *const standard_macros[] = {
	"__entry", "TP_printk", "TP_fast_assign", "TP_STRUCT__entry", "TP_PROTO", "TP_ARGS",
	"__get_str", "__get_rel_str", "__get_dynamic_array", "__get_dynamic_array_len",
	"__get_rel_dynamic_array", "__get_rel_dynamic_array_len", "__get_bitmask",
	"__get_rel_bitmask", "__get_cpumask", "__get_rel_cpumask", "__get_sockaddr",
	"__get_rel_sockaddr", "__get_buf", "__print_flags", "__print_flags_u64",
	"__print_symbolic", "__print_symbolic_u64", "__print_hex", "__print_hex_str",
	"__print_array", "__print_dynamic_array", "__print_hex_dump", "__print_ns_to_secs",
	"__print_ns_without_secs", "__perf_count", "__perf_task",
	/* 7.0: the event's context, (REC->common_flags & 0x8 ...) in the format file */
	"__event_in_hardirq", "__event_in_softirq", "__event_in_irq",
	/* the stage machinery's own */
	"PARAMS", "__stringify", "__stringify_1",
};

int tc_is_standard_macro(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(standard_macros); i++)
		if (!strcmp(name, standard_macros[i]))
			return 1;
	return starts_with(name, "__tc_") || starts_with(name, "__TC_");
}

static const char *const builtin_functions[] = {
	"__print_flags",	"__print_symbolic",	   "__print_hex",
	"__print_hex_str",	"__print_array",	   "__get_str",
	"__get_rel_str",	"__get_bitmask",	   "__get_rel_bitmask",
	"__get_cpumask",	"__get_rel_cpumask",	   "__get_dynamic_array",
	"__get_rel_dynamic_array", "__get_dynamic_array_len", "__get_rel_dynamic_array_len",
	"__get_sockaddr",	"__builtin_expect",	   "sizeof",
};

int tc_uspace_builtin_function(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin_functions); i++)
		if (!strcmp(name, builtin_functions[i]))
			return 1;
	return 0;
}

/* plugin_net: libtraceevent commit 800c1a257df2, first in 1.8.5 (src/uspace/umodel.c) */
static const struct {
	const char *fn, *plugin, *since;
} plugin_functions[] = {
	{ "jbd2_dev_to_name", "plugin_jbd2", NULL },
	{ "jiffies_to_msecs", "plugin_jbd2", NULL },
	{ "is_writable_pte", "plugin_kvm", NULL },
	{ "scsi_trace_parse_cdb", "plugin_scsi", NULL },
	{ "__le16_to_cpup", "plugin_cfg80211", NULL },
	{ "xen_hypercall_name", "plugin_xen", NULL },
	{ "__builtin_constant_p", "plugin_net", "1.8.5" },
	{ "__fswab16", "plugin_net", "1.8.5" },
	{ "__fswab32", "plugin_net", "1.8.5" },
	{ "__fswab64", "plugin_net", "1.8.5" },
	{ "__builtin_bswap16", "plugin_net", "1.8.5" },
	{ "__builtin_bswap32", "plugin_net", "1.8.5" },
	{ "__builtin_bswap64", "plugin_net", "1.8.5" },
};

const char *tc_uspace_plugin_for(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(plugin_functions); i++)
		if (!strcmp(name, plugin_functions[i].fn))
			return plugin_functions[i].plugin;
	return NULL;
}

const char *tc_uspace_plugin_since(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(plugin_functions); i++)
		if (!strcmp(name, plugin_functions[i].fn))
			return plugin_functions[i].since;
	return NULL;
}
