// SPDX-License-Identifier: MIT
/*
 * scripts/boot-oracle --render's test module: writing 1 to
 * /sys/module/tc_render/parameters/fire fires each event of
 * tc_render_trace.h once, with known values.
 */
#include <linux/module.h>
#include <linux/cpumask.h>
#include <linux/bitmap.h>

#define CREATE_TRACE_POINTS
#include "tc_render_trace.h"

static void fire(void)
{
	static const u32 a[3] = { 1, 2, 3 };
	static const u8 ip6[16] = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
	static const u8 mac[16] = { 0x02, 0x00, 0x5e, 0x10, 0x20, 0x30 };
	static const int d[3] = { 7, 8, 9 };
	DECLARE_BITMAP(bits, 40);
	struct cpumask mask;

	trace_tc_render_conv_c('x');
	trace_tc_render_flag_plus(5);
	trace_tc_render_flag_space(5);
	trace_tc_render_char_literal(1);
	trace_tc_render_char_escape(1);
	trace_tc_render_sizeof_fixed(3);
	trace_tc_render_sizeof_int(3);
	trace_tc_render_tab(7);
	trace_tc_render_ternary_else(1);
	trace_tc_render_ternary_then(2);
	trace_tc_render_ternary_paren(1);
	trace_tc_render_symbolic_width(2);
	trace_tc_render_flags(5);
	trace_tc_render_str_yes_no(1);
	trace_tc_render_byte_swap(0x01020304);
	trace_tc_render_print_array(a, ip6, d, 3);
	trace_tc_render_dyn_array(a, ip6, d, 3);
	trace_tc_render_print_dyn_array(a, ip6, d, 3);
	trace_tc_render_ip6(a, ip6, d, 3);
	trace_tc_render_ip6c(a, ip6, d, 3);
	trace_tc_render_mac16(a, mac, d, 3);
	trace_tc_render_mac(mac);
	trace_tc_render_pext_glued(mac);
	trace_tc_render_dyn_index(a, ip6, d, 3);
	trace_tc_render_dyn_plus(a, ip6, d, 3);
	cpumask_clear(&mask);
	cpumask_set_cpu(0, &mask);
	cpumask_set_cpu(1, &mask);
	bitmap_zero(bits, 40);
	bitmap_set(bits, 0, 4);
	bitmap_set(bits, 35, 1);
	trace_tc_render_cpumask(&mask, bits, 40);
	trace_tc_render_bitmask(&mask, bits, 40);
	trace_tc_render_bitmap_hex(&mask, bits, 40);
	trace_tc_render_bitmap_list(&mask, bits, 40);
	trace_tc_render_string("hello");
}

static int set_fire(const char *val, const struct kernel_param *kp)
{
	fire();
	return 0;
}

static const struct kernel_param_ops fire_ops = {
	.set = set_fire,
};
module_param_cb(fire, &fire_ops, NULL, 0200);

static int __init tc_render_init(void)
{
	return 0;
}

static void __exit tc_render_exit(void)
{
}

module_init(tc_render_init);
module_exit(tc_render_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("tracecheck's rendering test events");
