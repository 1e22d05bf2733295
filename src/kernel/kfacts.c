// SPDX-License-Identifier: MIT
#include "kfacts.h"

#include <stdio.h>
#include <string.h>

#include "util.h"

/* The releases the sources below were read in (Debian's linux-source packages). */
#define T61 "linux-source 6.1.192"
#define T612 "linux-source 6.12.118"
#define T72 "linux-source 7.2.13"
#define IN_ALL "in the " T61 ", " T612 " and " T72 " trees"

#define V(a, b) TC_KV(a, b, 0)

const int tc_kv_oldest = V(6, 1), tc_kv_newest = V(7, 2);

/* The cpumask family: 6.2, and 6.1.136 with the backport of __print_dynamic_array() */
#define CPUMASK(form, kind, ...)                                                              \
	{ form, kind, V(6, 2), 0, { TC_KV(6, 1, 136) }, __VA_ARGS__,                          \
	  .source = "8230f27b1ccc (\"tracing: Add __cpumask to denote a trace event field "   \
		    "that is a cpumask_t\", trace-v6.2); stable 6.1.136" }

/*
 * One row per form and range.  A row with since 0 is in every supported
 * release (its origin, when known, is in the source); rows of one name
 * are in the order the kernel went through them.
 */
const struct tc_kfact tc_kfacts[] = {
	/* ---- event and tracepoint macros ---- */
	{ "TRACE_EVENT(name, proto, args, tstruct, assign, print)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "TRACE_EVENT_CONDITION(name, proto, args, cond, tstruct, assign, print)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "TRACE_EVENT_FN(name, proto, args, tstruct, assign, print, reg, unreg)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "TRACE_EVENT_FN_COND(name, proto, args, cond, tstruct, assign, print, reg, unreg)",
	  TC_KF_EVENT, .tracepoint = "NAME", .source = IN_ALL },
	{ "DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)", TC_KF_EVENT,
	  .source = IN_ALL },
	{ "DEFINE_EVENT(template, name, proto, args)", TC_KF_EVENT, .tracepoint = "NAME",
	  .source = IN_ALL },
	{ "DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "DEFINE_EVENT_PRINT(template, name, proto, args, print)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "DEFINE_EVENT_CONDITION(template, name, proto, args, cond)", TC_KF_EVENT,
	  .tracepoint = "NAME", .source = IN_ALL },
	{ "TRACE_EVENT_NOP(name, proto, args, struct, assign, print)", TC_KF_EVENT,
	  .source = IN_ALL },
	{ "DEFINE_EVENT_NOP(template, name, proto, args)", TC_KF_EVENT, .source = IN_ALL },
	{ "DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)", TC_KF_EVENT,
	  .source = IN_ALL },
	{ "TRACE_EVENT_FLAGS(event, flag)", TC_KF_EVENT, .source = IN_ALL },
	{ "TRACE_EVENT_PERF_PERM(event, expr...)", TC_KF_EVENT, .source = IN_ALL },
	{ "TRACE_DEFINE_ENUM(a)", TC_KF_EVENT, .source = IN_ALL },
	{ "TRACE_DEFINE_SIZEOF(a)", TC_KF_EVENT, .source = IN_ALL },
	{ "DECLARE_EVENT_SYSCALL_CLASS(name, proto, args, tstruct, assign, print)", TC_KF_EVENT,
	  V(6, 13), 0, { TC_KV(6, 1, 192), TC_KV(6, 12, 118) },
	  .source = "faultable syscall tracepoints, trace-v6.13; backported to the stable "
		    "series (in the " T61 " and " T612 " trees: the first stable release "
		    "with it is not established)" },
	{ "TRACE_EVENT_SYSCALL(name, proto, args, struct, assign, print, reg, unreg)",
	  TC_KF_EVENT, V(6, 13), .tracepoint = "NAME",
	  .source = "0e6caab8db8b (\"tracing: Declare system call tracepoints with "
		    "TRACE_EVENT_SYSCALL\", trace-v6.13)" },
	/* DECLARE_TRACE*() name a tracepoint that is not an event; _tp from 6.16 */
	{ "DECLARE_TRACE(name, proto, args)", TC_KF_EVENT, 0, V(6, 16), .tracepoint = "NAME",
	  .source = T61 " and " T612 " trees: trace_NAME(), __tracepoint_NAME" },
	{ "DECLARE_TRACE(name, proto, args)", TC_KF_EVENT, V(6, 16), .tracepoint = "NAME_tp",
	  .source = "ac01fa73f530 (\"tracepoint: Have tracepoints created with DECLARE_TRACE() "
		    "have _tp suffix\", trace-v6.16); " T72 " tree" },
	{ "DECLARE_TRACE_CONDITION(name, proto, args, cond)", TC_KF_EVENT, 0, V(6, 16),
	  .tracepoint = "NAME", .source = T61 " and " T612 " trees" },
	{ "DECLARE_TRACE_CONDITION(name, proto, args, cond)", TC_KF_EVENT, V(6, 16),
	  .tracepoint = "NAME_tp", .source = "ac01fa73f530 (trace-v6.16); " T72 " tree" },
	{ "DECLARE_TRACE_WRITABLE(call, proto, args, size)", TC_KF_EVENT, 0, V(6, 16),
	  .tracepoint = "NAME", .source = "include/trace/bpf_probe.h of the " T61 " tree" },
	{ "DECLARE_TRACE_WRITABLE(call, proto, args, size)", TC_KF_EVENT, V(6, 16),
	  .tracepoint = "NAME_tp",
	  .source = "ac01fa73f530 (bpf_probe.h, trace-v6.16); " T72 " tree" },
	{ "DECLARE_TRACE_SYSCALL(name, proto, args)", TC_KF_EVENT, V(6, 13), V(6, 16),
	  .tracepoint = "NAME", .source = "0e6caab8db8b (trace-v6.13)" },
	{ "DECLARE_TRACE_SYSCALL(name, proto, args)", TC_KF_EVENT, V(6, 16),
	  .tracepoint = "NAME_tp", .source = "ac01fa73f530 (trace-v6.16); " T72 " tree" },
	{ "DECLARE_TRACE_EVENT(name, proto, args)", TC_KF_EVENT, V(6, 16), .tracepoint = "NAME",
	  .source = "ac01fa73f530 (trace-v6.16): DECLARE_TRACE()'s old meaning; " T72 " tree" },
	{ "DECLARE_TRACE_EVENT_CONDITION(name, proto, args, cond)", TC_KF_EVENT, V(6, 16),
	  .tracepoint = "NAME", .source = "ac01fa73f530 (trace-v6.16); " T72 " tree" },
	{ "DECLARE_TRACE_EVENT_SYSCALL(name, proto, args)", TC_KF_EVENT, V(6, 16),
	  .tracepoint = "NAME", .source = "ac01fa73f530 (trace-v6.16); " T72 " tree" },

	/* ---- what a tracepoint gives the code that fires it ---- */
	{ "trace_NAME(args)", TC_KF_CALL, .source = IN_ALL },
	{ "trace_NAME_enabled()", TC_KF_CALL, .source = IN_ALL },
	{ "register_trace_NAME(probe, data)", TC_KF_CALL, .source = IN_ALL },
	{ "trace_NAME_rcuidle(args)", TC_KF_CALL, 0, V(6, 13),
	  .source = "removed by 48bcda684823 (\"tracing: Remove definition of "
		    "trace_*_rcuidle()\", trace-v6.13); in the " T612 " tree, not in " T72 },

	/* ---- TP_STRUCT__entry() elements ---- */
	{ "__field(type, item)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__field_ext(type, item, filter_type)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__field_struct(type, item)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__field_struct_ext(type, item, filter_type)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__array(type, item, len)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__dynamic_array(type, item, len)", TC_KF_ELEMENT, .source = IN_ALL },
	{ "__string(item, src)", TC_KF_ELEMENT, .fills = "__assign_str", .source = IN_ALL },
	{ "__string_len(item, src, len)", TC_KF_ELEMENT, 0, V(6, 9),
	  .fills = "__assign_str_len",
	  .source = "883b4aee4dec (5.15); " T61 " tree" },
	{ "__string_len(item, src, len)", TC_KF_ELEMENT, V(6, 9), .fills = "__assign_str",
	  .source = "c759e609030c (\"tracing: Remove __assign_str_len()\", trace-v6.9)" },
	{ "__vstring(item, fmt, ap)", TC_KF_ELEMENT, .fills = "__assign_vstr",
	  .source = "0563231f93c6 (5.19); " IN_ALL },
	{ "__bitmask(item, nr_bits)", TC_KF_ELEMENT, .fills = "__assign_bitmask",
	  .source = IN_ALL },
	CPUMASK("__cpumask(item)", TC_KF_ELEMENT, .fills = "__assign_cpumask"),
	{ "__sockaddr(field, len)", TC_KF_ELEMENT, .fills = "__assign_sockaddr",
	  .source = "9580b78ebd87; " IN_ALL },
	{ "__rel_dynamic_array(type, item, len)", TC_KF_ELEMENT,
	  .source = "05770dd0ad11 (5.17); " IN_ALL },
	{ "__rel_string(item, src)", TC_KF_ELEMENT, .fills = "__assign_rel_str",
	  .source = "05770dd0ad11 (5.17); " IN_ALL },
	{ "__rel_string_len(item, src, len)", TC_KF_ELEMENT, 0, V(6, 9),
	  .fills = "__assign_rel_str_len", .source = T61 " tree" },
	{ "__rel_string_len(item, src, len)", TC_KF_ELEMENT, V(6, 9), .fills = "__assign_rel_str",
	  .source = "c759e609030c (trace-v6.9)" },
	{ "__rel_bitmask(item, nr_bits)", TC_KF_ELEMENT, .fills = "__assign_rel_bitmask",
	  .source = IN_ALL },
	CPUMASK("__rel_cpumask(item)", TC_KF_ELEMENT, .fills = "__assign_rel_cpumask"),
	{ "__rel_sockaddr(field, len)", TC_KF_ELEMENT, .fills = "__assign_rel_sockaddr",
	  .source = IN_ALL },

	/* ---- TP_fast_assign() helpers ---- */
	{ "__assign_str(dst, src)", TC_KF_ASSIGN, 0, V(6, 9), .flags = TC_KF_COPIES_SRC,
	  .source = T61 " tree: strcpy(__get_str(dst), src)" },
	{ "__assign_str(dst, src)", TC_KF_ASSIGN, V(6, 9), V(6, 10), .flags = TC_KF_WARNS_SRC,
	  .source = "c1fa617caeb0 (copies what __string() recorded) and cf986e57d606 (WARNs "
		    "when src differs), trace-v6.9" },
	{ "__assign_str(dst)", TC_KF_ASSIGN, V(6, 10),
	  .source = "2c92ca849fcc (\"tracing/treewide: Remove second parameter of "
		    "__assign_str()\", 6.10 merge window); " T612 " tree" },
	{ "__assign_str_len(dst, src, len)", TC_KF_ASSIGN, 0, V(6, 9),
	  .source = "removed by c759e609030c (trace-v6.9)" },
	{ "__assign_rel_str(dst, src)", TC_KF_ASSIGN, 0, V(6, 9), .flags = TC_KF_COPIES_SRC,
	  .source = T61 " tree" },
	{ "__assign_rel_str(dst)", TC_KF_ASSIGN, V(6, 9),
	  .source = "0bdfb68c845e (\"tracing: Remove second parameter to __assign_rel_str()\", "
		    "trace-v6.9)" },
	{ "__assign_rel_str_len(dst, src, len)", TC_KF_ASSIGN, 0, V(6, 9),
	  .source = "removed by c759e609030c (trace-v6.9)" },
	{ "__assign_vstr(dst, fmt, va)", TC_KF_ASSIGN, .source = IN_ALL },
	{ "__assign_bitmask(dst, src, nr_bits)", TC_KF_ASSIGN, .source = IN_ALL },
	CPUMASK("__assign_cpumask(dst, src)", TC_KF_ASSIGN, .flags = 0),
	{ "__assign_sockaddr(dest, src, len)", TC_KF_ASSIGN, .source = IN_ALL },
	{ "__assign_rel_bitmask(dst, src, nr_bits)", TC_KF_ASSIGN, .source = IN_ALL },
	CPUMASK("__assign_rel_cpumask(dst, src)", TC_KF_ASSIGN, .flags = 0),
	{ "__assign_rel_sockaddr(dest, src, len)", TC_KF_ASSIGN, .source = IN_ALL },

	/* ---- TP_printk() helpers ---- */
	{ "__get_str(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_rel_str(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_dynamic_array(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_dynamic_array_len(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_rel_dynamic_array(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_rel_dynamic_array_len(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_bitmask(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_rel_bitmask(field)", TC_KF_PRINT, .source = IN_ALL },
	CPUMASK("__get_cpumask(field)", TC_KF_PRINT, .flags = 0),
	CPUMASK("__get_rel_cpumask(field)", TC_KF_PRINT, .flags = 0),
	{ "__get_sockaddr(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_rel_sockaddr(field)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_flags(flag, delim, flag_array...)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_symbolic(value, symbol_array...)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_flags_u64(flag, delim, flag_array...)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_symbolic_u64(value, symbol_array...)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_hex(buf, buf_len)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_hex_str(buf, buf_len)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_array(array, count, el_size)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_dynamic_array(array, el_size)", TC_KF_PRINT, V(6, 13), 0,
	  { TC_KV(6, 1, 136), TC_KV(6, 12, 26) },
	  .source = "e52750fb1458 (6.13); stable 6.1.136 and 6.12.26 (reviews of 29 Apr 2025)" },
	{ "__print_hex_dump(prefix_str, prefix_type, rowsize, groupsize, buf, len, ascii)",
	  TC_KF_PRINT, .source = IN_ALL },
	{ "__print_ns_to_secs(value)", TC_KF_PRINT, .source = IN_ALL },
	{ "__print_ns_without_secs(value)", TC_KF_PRINT, .source = IN_ALL },
	{ "__get_buf(len)", TC_KF_PRINT, V(6, 12), .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "not in the " T61 " tree, in the " T612 " tree (trace_seq_acquire(), "
		    "posted Dec 2022; its mainline release is not established)" },
	{ "__event_in_hardirq()", TC_KF_PRINT, V(7, 2), .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "\"tracing: add __event_in_*irq() helpers\" (via the mm tree); not in the " T612
		    " tree, in the " T72 " tree" },
	{ "__event_in_softirq()", TC_KF_PRINT, V(7, 2), .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "as __event_in_hardirq()" },
	{ "__event_in_irq()", TC_KF_PRINT, V(7, 2), .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "as __event_in_hardirq()" },

	/*
	 * ---- what the print helpers do (named, not forms: tc_kf_semantics());
	 * the stage headers (src/include/trace/tc_stages.h) test the same
	 * release with LINUX_VERSION_CODE ----
	 */
	{ "print tables read to ARRAY_SIZE()", TC_KF_PRINT, V(7, 0),
	  .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "__print_flags()/__print_symbolic() append no { -1, NULL } and "
		    "trace_print_*_seq() loop i < size: not in the " T612 " tree, in the " T72
		    " tree" },
	{ "__get_bitmask() restarts tmp_seq", TC_KF_PRINT, V(7, 0),
	  .source = "2cddfc2e8fc7 (\"tracing: Add bitmask-list option for human-readable "
		    "bitmask display\")" },

	/*
	 * ---- how the kernel is compiled (named: tc_kf_semantics()) ----
	 */
	{ "char is unsigned (-funsigned-char)", TC_KF_ELEMENT, V(6, 2),
	  .source = "3bc753c06dd0 (\"kbuild: treat char as always unsigned\", v6.2): "
		    "is_signed_type(char) is 0 on every architecture, so a __string()'s "
		    "__data_loc char[] is signed:0; before, char was signed on x86 (a booted "
		    "Debian 6.1.192 amd64 kernel writes signed:1 for every __string(): "
		    "mac80211, sunrpc, ocfs2 ...) and unsigned on arm64" },

	/*
	 * ---- what the element stages do with a string's source (named:
	 * tc_kf_semantics()) ----
	 */
	{ "string sources typed const char *", TC_KF_ELEMENT, V(6, 10),
	  .flags = TC_KF_SINCE_AT_LATEST,
	  .source = "stage5_get_offsets.h passes the __string() source to __string_src(const "
		    "char *str) and stores it, and the __string_len() one, in the const char * "
		    "item##_ptr_ that the 1-argument __assign_str() (6.10) copies from: in the " T612
		    " and " T72 " trees; the " T61 " tree casts it to (const char *)" },
};

const size_t tc_nr_kfacts = ARRAY_SIZE(tc_kfacts);

int tc_kf_in(const struct tc_kfact *f, int v)
{
	if (!v)
		return 1;
	if (f->until && v >= f->until)
		return 0;
	if (!f->since || v >= f->since)
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(f->stable); i++)
		if (f->stable[i] && (v >> 8) == (f->stable[i] >> 8) && v >= f->stable[i])
			return 1;
	return 0;
}

static size_t name_len(const struct tc_kfact *f)
{
	return strcspn(f->form, "(");
}

const char *tc_kf_name(const struct tc_kfact *f, char *buf, size_t size)
{
	snprintf(buf, size, "%.*s", (int)name_len(f), f->form);
	return buf;
}

int tc_kf_nargs(const struct tc_kfact *f)
{
	const char *p = strchr(f->form, '(');
	int n = 1;

	if (!p)
		return -1;
	if (p[1] == ')')
		return 0;
	for (; *p; p++)
		n += *p == ',';
	return n;
}

static int is_named(const struct tc_kfact *f, const char *name)
{
	size_t n = name_len(f);

	return strlen(name) == n && !strncmp(f->form, name, n);
}

const struct tc_kfact *tc_kf_next(const char *name, int v, const struct tc_kfact *prev)
{
	size_t i = prev ? (size_t)(prev - tc_kfacts) + 1 : 0;

	for (; i < tc_nr_kfacts; i++)
		if (is_named(&tc_kfacts[i], name) && tc_kf_in(&tc_kfacts[i], v))
			return &tc_kfacts[i];
	return NULL;
}

int tc_kf_has(const char *name, int v)
{
	return tc_kf_next(name, v, NULL) != NULL;
}

const struct tc_kfact *tc_kf_row(const char *name, int v)
{
	const struct tc_kfact *f, *last = NULL;

	for (f = tc_kf_next(name, v, NULL); f; f = tc_kf_next(name, v, f))
		last = f;
	return last;
}

const char *tc_kf_param(const struct tc_kfact *f, int i, char *buf, size_t size)
{
	const char *p = strchr(f->form, '(');

	for (; p && i > 0; i--)
		p = strchr(p + 1, ',');
	if (!p || !p[1] || p[1] == ')') {
		snprintf(buf, size, "%s", "");
		return buf;
	}
	p += 1 + strspn(p + 1, " ");
	snprintf(buf, size, "%.*s", (int)strcspn(p, ",)"), p);
	return buf;
}

int tc_kf_arity(const char *helper, int v)
{
	const struct tc_kfact *f = tc_kf_row(helper, v);

	return f ? tc_kf_nargs(f) : -1;
}

const struct tc_kfact *tc_kf_form(const char *helper, int n)
{
	const struct tc_kfact *f, *found = NULL;

	for (f = tc_kf_next(helper, 0, NULL); f; f = tc_kf_next(helper, 0, f))
		if (tc_kf_nargs(f) == n)
			found = f;
	return found;
}

static int listed(const char **out, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(out[i], s))
			return 1;
	return 0;
}

size_t tc_kf_fillers(const char *element, int v, const char **out, size_t max)
{
	size_t n = 0;

	if (!max)
		return 0;
	/* the newest form first: the one a repair writes */
	for (size_t i = tc_nr_kfacts; i-- > 0;) {
		const struct tc_kfact *f = &tc_kfacts[i];
		if (f->kind == TC_KF_ELEMENT && f->fills && is_named(f, element) &&
		    tc_kf_in(f, v) && n + 1 < max && !listed(out, n, f->fills))
			out[n++] = f->fills;
	}
	out[n] = NULL;
	return n;
}

const char *tc_kf_tp_suffix(const char *macro, int v)
{
	const char *suffix = NULL;

	for (const struct tc_kfact *f = tc_kf_next(macro, v, NULL); f;
	     f = tc_kf_next(macro, v, f)) {
		if (f->kind != TC_KF_EVENT || !f->tracepoint)
			continue;
		const char *s = f->tracepoint + strlen("NAME");
		if (suffix && strcmp(suffix, s))
			return NULL; /* v unknown, and the kernels differ */
		suffix = s;
	}
	return suffix ? suffix : "";
}

const struct tc_kfact *tc_kf_semantics(const char *what)
{
	for (size_t i = 0; i < tc_nr_kfacts; i++)
		if (!strcmp(tc_kfacts[i].form, what))
			return &tc_kfacts[i];
	return NULL;
}

const char *tc_kv_str(int v, char *buf, size_t size)
{
	if (!v)
		snprintf(buf, size, "?");
	else if (v & 0xff)
		snprintf(buf, size, "%d.%d.%d", v >> 16, (v >> 8) & 0xff, v & 0xff);
	else
		snprintf(buf, size, "%d.%d", v >> 16, (v >> 8) & 0xff);
	return buf;
}

int tc_kv_parse(const char *s, int *v)
{
	int major, minor, sub = 0, used = 0;

	if (sscanf(s, "%d.%d%n", &major, &minor, &used) != 2)
		return -1;
	if (s[used] == '.') {
		int more = 0;
		if (sscanf(s + used, ".%d%n", &sub, &more) != 1 || sub < 0)
			return -1;
		used += more;
	}
	if (s[used] || major < 2 || major > 99 || minor < 0 || minor > 255)
		return -1;
	*v = TC_KV(major, minor, sub);
	return 0;
}
